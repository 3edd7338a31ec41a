"""A hand's own events as rows of integers: cheap to log while the hand plays, records on demand.

A recorded hand logs each of its events as a few integers appended to one array (``HandLog``)
instead of building a record per event: about 35 events a hand, most of them the betting
machine's, which logs them in this very form (``pokersim.betting_kernel``). ``HandEvents``
turns the rows into the ``pokersim.events`` records only when someone reads them (hand
histories, ``on_hand``, an ``emit`` that takes records one by one); ``pokersim.hand_lines``
writes the event log's lines straight from the rows, with the same bytes as ``event_line``.

Every row starts with its code. The first five are ``ROW_WIDTH`` integers wide, as the
compiled betting machine logs them; seats are seat indices, and player ids, the board and
the table come from the hand's ``STARTED`` row, which is always first:

- ``FOLD``, ``CHECK_CALL``, ``RAISE`` (``ActionTaken``): seat, street, amount, to, flags
  (``ALL_IN``, ``TIMED_OUT``, ``OPENING``: a bet, not a raise); a check is a call of nothing
- ``BOARD`` (``BoardDealt``): -1, street, 0, 0, 0
- ``UNCALLED`` (``UncalledBetReturned``): seat, street, amount, 0, 0
- ``STARTED`` (``HandStarted``): table, hand, button, n, the n player ids, the n table seat
  numbers, the n stacks, then the five board cards
- ``FORCED`` (``ForcedBetPosted``): seat, kind (index in ``PostKind``), amount, all-in
- ``HOLE`` (a ``HoleCardsDealt`` per seat, from the button's left): the n seats' two cards
- ``SHOWN`` (``HandShown``): seat, card, card, rank
- ``POT`` (``PotAwarded``): index, amount, showdown, k, the k eligible seats, w, the w
  winners, their w shares
- ``ENDED`` (``HandEnded``): the n final stacks

Two more rows stand for the tournament's own events of every hand, so that ``run --out``
writes them compiled with the hands' rows (``pokersim.hand_lines``) instead of building a
record and its line for each: they stand alone (no ``STARTED`` row before them), and are
made as int64 bytes (``table_started_row``), which the writer's array takes as they are.

- ``TABLE_STARTED`` (``TableHandStarted``): t, table, hand, level index, button seat number,
  n, the n seat numbers, the n player ids, the n stacks, synchronized
- ``TABLE_ENDED`` (``TableHandEnded``): t, table, hand, n, the n stacks
"""

from __future__ import annotations

import struct
from array import array
from collections.abc import Callable, Iterator, Sequence
from typing import Any, overload

from pokersim.events import (
    ActionKind,
    ActionTaken,
    BoardDealt,
    ForcedBetPosted,
    HandEnded,
    HandEvent,
    HandShown,
    HandStarted,
    HoleCardsDealt,
    PostKind,
    PotAwarded,
    TableHandEnded,
    TableHandStarted,
    UncalledBetReturned,
    record_builder,
)

__all__ = [
    "HandEvents",
    "HandLog",
    "decode",
    "table_ended_row",
    "table_event",
    "table_rows_index",
    "table_started_row",
]

# the betting machine's rows (its log: ``betting_kernel._log``); the action codes are
# ``betting.FOLD_CODE``, ``CHECK_CALL_CODE`` and ``RAISE_CODE`` (a test holds them equal)
FOLD, CHECK_CALL, RAISE, BOARD, UNCALLED = 0, 1, 2, 3, 4
ROW_WIDTH = 6
ALL_IN, TIMED_OUT, OPENING = 1, 2, 4  # flags of an action row
# the rows the hand logs in Python
STARTED, FORCED, HOLE, SHOWN, POT, ENDED = 5, 6, 7, 8, 9, 10
# the tournament's events of every hand, as rows
TABLE_STARTED, TABLE_ENDED = 11, 12

POST_KINDS = tuple(PostKind)  # a FORCED row's kind is an index in these
ACTION_KINDS = tuple(ActionKind)  # the kinds as ``hand_lines`` numbers them
_POST_INDEX = {kind: k for k, kind in enumerate(POST_KINDS)}
POST_ANTE, POST_SMALL_BLIND, POST_BIG_BLIND = [
    _POST_INDEX[kind] for kind in (PostKind.ANTE, PostKind.SMALL_BLIND, PostKind.BIG_BLIND)
]
_ACTION_ROW = {
    ActionKind.FOLD: (FOLD, 0),
    ActionKind.CHECK: (CHECK_CALL, 0),
    ActionKind.CALL: (CHECK_CALL, 0),
    ActionKind.BET: (RAISE, OPENING),
    ActionKind.RAISE: (RAISE, 0),
}


class HandLog:
    """The rows of the hand being played (``rows``), one method per event kind."""

    __slots__ = ("rows",)

    def __init__(self) -> None:
        # ``fromlist`` is the array's fast way in (``extend`` takes a tuple item by item)
        self.rows = array("q")

    def started(
        self,
        table_id: int,
        hand_no: int,
        button: int,
        player_ids: Sequence[int],
        seat_nos: Sequence[int],
        stacks: Sequence[int],
        board: Sequence[int],
    ) -> None:
        """``HandStarted``; the board is kept for the ``BoardDealt`` rows."""
        self.rows.fromlist(
            [STARTED, table_id, hand_no, button, len(player_ids), *player_ids, *seat_nos, *stacks]
            + [*board]
        )

    def forced_bet(self, seat: int, kind: PostKind, amount: int, all_in: bool) -> None:
        """``ForcedBetPosted``."""
        self.rows.fromlist([FORCED, seat, _POST_INDEX[kind], amount, all_in])

    def hole_cards(self, button: int, hole: Sequence[tuple[int, int]]) -> None:
        """A ``HoleCardsDealt`` for every seat, in order from the button's left."""
        self.rows.fromlist([HOLE, *[card for cards in hole for card in cards]])

    def board(self, street: int) -> None:
        """``BoardDealt``: the cards come from the hand's board."""
        self.rows.fromlist([BOARD, -1, street, 0, 0, 0])

    def action(
        self,
        seat: int,
        street: int,
        kind: ActionKind,
        amount: int,
        to: int,
        all_in: bool,
        timed_out: bool = False,
    ) -> None:
        """``ActionTaken`` (a check is a call of nothing: ``amount`` tells them apart)."""
        what, flags = _ACTION_ROW[kind]
        flags |= (ALL_IN if all_in else 0) | (TIMED_OUT if timed_out else 0)
        self.rows.fromlist([what, seat, street, amount, to, flags])

    def uncalled(self, seat: int, street: int, amount: int) -> None:
        """``UncalledBetReturned`` (``street``: the round it closed, 0 after the last)."""
        self.rows.fromlist([UNCALLED, seat, street, amount, 0, 0])

    def shown(self, seat: int, cards: tuple[int, int], rank: int) -> None:
        """``HandShown``."""
        self.rows.fromlist([SHOWN, seat, *cards, rank])

    def pot(
        self,
        index: int,
        amount: int,
        eligible: Sequence[int],
        winners: Sequence[int],
        shares: Sequence[int],
        showdown: bool,
    ) -> None:
        """``PotAwarded`` (the winners' ids come from the ``STARTED`` row)."""
        self.rows.fromlist(
            [POT, index, amount, showdown, len(eligible), *eligible, len(winners), *winners]
            + [*shares]
        )

    def ended(self, final_stacks: Sequence[int]) -> None:
        """``HandEnded``."""
        self.rows.fromlist([ENDED, *final_stacks])

    def events(self) -> HandEvents:
        """The logged events, as records when read."""
        return HandEvents(self.rows)


def table_started_row(
    t: int,
    table_id: int,
    hand_no: int,
    level_index: int,
    button_seat: int,
    seat_nos: Sequence[int],
    player_ids: Sequence[int],
    stacks: Sequence[int],
    synchronized: bool,
) -> bytes:
    """``TableHandStarted`` as a row (the record's fields, in its order), as int64 bytes."""
    n = len(seat_nos)
    count = 8 + 3 * n
    pack = _PACKS.get(count) or _packer(count)
    return pack(
        TABLE_STARTED, t, table_id, hand_no, level_index, button_seat, n,
        *seat_nos, *player_ids, *stacks, synchronized,
    )  # fmt: skip


def table_ended_row(t: int, table_id: int, hand_no: int, stacks: Sequence[int]) -> bytes:
    """``TableHandEnded`` as a row (the record's fields, in its order), as int64 bytes."""
    n = len(stacks)
    pack = _PACKS.get(5 + n) or _packer(5 + n)
    return pack(TABLE_ENDED, t, table_id, hand_no, n, *stacks)


# A table's row is made every hand of a written run: ``struct`` turns its Python integers into
# int64 bytes (``array.frombytes`` takes them as they are) at about half what ``array.fromlist``
# costs (it parses each item as an argument); one packer per row length.
_PACKS: dict[int, Callable[..., bytes]] = {}


def _packer(count: int) -> Callable[..., bytes]:
    pack = _PACKS[count] = struct.Struct(f"{count}q").pack
    return pack


class HandEvents(Sequence[HandEvent]):
    """A recorded hand's events: its rows (``rows``), decoded into records when first read.

    Equal to another sequence of the same records (a tuple of them, say), and printed as that
    tuple.
    """

    __slots__ = ("_records", "rows")

    def __init__(self, rows: array[int]) -> None:
        self.rows = rows
        self._records: tuple[HandEvent, ...] | None = None

    def records(self) -> tuple[HandEvent, ...]:
        """The events as records (decoded once)."""
        if self._records is None:
            self._records = decode(self.rows)
        return self._records

    def __len__(self) -> int:
        return len(self.records())

    @overload
    def __getitem__(self, index: int) -> HandEvent: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[HandEvent]: ...

    def __getitem__(self, index: int | slice) -> HandEvent | Sequence[HandEvent]:
        return self.records()[index]

    def __iter__(self) -> Iterator[HandEvent]:
        return iter(self.records())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HandEvents):
            return self.records() == other.records()
        if isinstance(other, tuple | list):
            return self.records() == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.records())

    def __repr__(self) -> str:
        return repr(self.records())  # as the tuple of records it stands for


_hand_started: Callable[..., HandStarted] = record_builder(HandStarted)
_forced_bet_posted: Callable[..., ForcedBetPosted] = record_builder(ForcedBetPosted)
_hole_cards_dealt: Callable[..., HoleCardsDealt] = record_builder(HoleCardsDealt)
_board_dealt: Callable[..., BoardDealt] = record_builder(BoardDealt)
_action_taken: Callable[..., ActionTaken] = record_builder(ActionTaken)
_uncalled_bet_returned: Callable[..., UncalledBetReturned] = record_builder(UncalledBetReturned)
_hand_shown: Callable[..., HandShown] = record_builder(HandShown)
_pot_awarded: Callable[..., PotAwarded] = record_builder(PotAwarded)
_hand_ended: Callable[..., HandEnded] = record_builder(HandEnded)
_table_hand_started: Callable[..., TableHandStarted] = record_builder(TableHandStarted)
_table_hand_ended: Callable[..., TableHandEnded] = record_builder(TableHandEnded)


def _action_kind(what: int, amount: int, flags: int) -> ActionKind:
    if what == FOLD:
        return ActionKind.FOLD
    if what == CHECK_CALL:
        return ActionKind.CALL if amount else ActionKind.CHECK
    return ActionKind.BET if flags & OPENING else ActionKind.RAISE


class _Hand:
    """What the rows after a ``STARTED`` row read from it."""

    __slots__ = ("board", "button", "hand_no", "ids", "n", "table_id")

    def __init__(self, rows: Sequence[int], k: int) -> None:
        self.table_id, self.hand_no, self.button, self.n = rows[k + 1 : k + 5]
        at = k + 5
        n = self.n
        self.ids = tuple(rows[at : at + n])
        self.board = tuple(rows[at + 3 * n : at + 3 * n + 5])


def _machine_row(rows: Sequence[int], k: int, hand: _Hand) -> HandEvent:
    """The record of a row as the betting machine logs it."""
    code, seat, street, amount, to, flags = rows[k : k + ROW_WIDTH]
    if code == BOARD:
        board = hand.board
        new = board[:3] if street == 1 else board[street + 1 : street + 2]
        return _board_dealt(street=street, cards=new, board=board[: street + 2])
    if code == UNCALLED:
        return _uncalled_bet_returned(seat=seat, player_id=hand.ids[seat], amount=amount)
    return _action_taken(
        seat=seat,
        player_id=hand.ids[seat],
        street=street,
        kind=_action_kind(code, amount, flags),
        amount=amount,
        to=to,
        all_in=bool(flags & ALL_IN),
        timed_out=bool(flags & TIMED_OUT),
    )


def _started(rows: Sequence[int], k: int, hand: _Hand) -> tuple[HandEvent, int]:
    n = hand.n
    at = k + 5
    started = _hand_started(
        table_id=hand.table_id,
        hand_no=hand.hand_no,
        button=rows[k + 3],
        player_ids=hand.ids,
        seat_nos=tuple(rows[at + n : at + 2 * n]),
        stacks=tuple(rows[at + 2 * n : at + 3 * n]),
    )
    return started, at + 3 * n + 5


def _forced(rows: Sequence[int], k: int, hand: _Hand) -> tuple[HandEvent, int]:
    _, seat, kind, amount, all_in = rows[k : k + 5]
    posted = _forced_bet_posted(
        seat=seat,
        player_id=hand.ids[seat],
        kind=POST_KINDS[kind],
        amount=amount,
        all_in=bool(all_in),
    )
    return posted, k + 5


def _hole(rows: Sequence[int], k: int, hand: _Hand) -> list[HandEvent]:
    n = hand.n
    return [
        _hole_cards_dealt(
            seat=seat,
            player_id=hand.ids[seat],
            cards=(rows[k + 1 + 2 * seat], rows[k + 2 + 2 * seat]),
        )
        for seat in (*range(hand.button + 1, n), *range(hand.button + 1))
    ]


def _shown(rows: Sequence[int], k: int, hand: _Hand) -> tuple[HandEvent, int]:
    _, seat, first, second, rank = rows[k : k + 5]
    shown = _hand_shown(seat=seat, player_id=hand.ids[seat], cards=(first, second), rank=rank)
    return shown, k + 5


def _pot(rows: Sequence[int], k: int, hand: _Hand) -> tuple[HandEvent, int]:
    _, index, amount, showdown, m = rows[k : k + 5]
    eligible = tuple(rows[k + 5 : k + 5 + m])
    k += 5 + m
    w = rows[k]
    winners = tuple(rows[k + 1 : k + 1 + w])
    awarded = _pot_awarded(
        pot_index=index,
        amount=amount,
        eligible=eligible,
        winners=winners,
        winner_ids=tuple([hand.ids[s] for s in winners]),
        shares=tuple(rows[k + 1 + w : k + 1 + 2 * w]),
        showdown=bool(showdown),
    )
    return awarded, k + 1 + 2 * w


def _ended(rows: Sequence[int], k: int, hand: _Hand) -> tuple[HandEvent, int]:
    final = tuple(rows[k + 1 : k + 1 + hand.n])
    ended = _hand_ended(table_id=hand.table_id, hand_no=hand.hand_no, final_stacks=final)
    return ended, k + 1 + hand.n


def _table_started(rows: Sequence[int], k: int) -> tuple[TableHandStarted, int]:
    t, table_id, hand_no, level_index, button_seat, n = rows[k + 1 : k + 7]
    at = k + 7
    started = _table_hand_started(
        t=t,
        table_id=table_id,
        hand_no=hand_no,
        level_index=level_index,
        button_seat=button_seat,
        seat_nos=tuple(rows[at : at + n]),
        player_ids=tuple(rows[at + n : at + 2 * n]),
        stacks=tuple(rows[at + 2 * n : at + 3 * n]),
        synchronized=bool(rows[at + 3 * n]),
    )
    return started, at + 3 * n + 1


def _table_ended(rows: Sequence[int], k: int) -> tuple[TableHandEnded, int]:
    t, table_id, hand_no, n = rows[k + 1 : k + 5]
    stacks = tuple(rows[k + 5 : k + 5 + n])
    return _table_hand_ended(t=t, table_id=table_id, hand_no=hand_no, stacks=stacks), k + 5 + n


def table_event(row: bytes | Sequence[int], at: int = 0) -> TableHandStarted | TableHandEnded:
    """The record of one ``TABLE_STARTED`` or ``TABLE_ENDED`` row (its integers or their bytes).

    ``at``: where the row starts in a sequence of rows.
    """
    if isinstance(row, bytes):
        row = array("q", row)
    if row[at] == TABLE_STARTED:
        return _table_started(row, at)[0]
    if row[at] == TABLE_ENDED:
        return _table_ended(row, at)[0]
    raise ValueError(f"hand log: not a table's row: code {row[at]}")


def table_rows_index(
    rows: Sequence[int],
) -> tuple[dict[tuple[int, int], int], dict[int, list[int]]]:
    """Where the table rows of ``rows`` (tables' rows only, in order) are, without records.

    Returns each hand's end time by ``(table, hand)`` and, by table, the offsets of its
    ``TABLE_STARTED`` rows in order (``table_event`` of ``rows[k:]`` reads one): what a study
    reads of a run's tens of thousands of hands, a few of them decoded.
    """
    ends: dict[tuple[int, int], int] = {}
    starts: dict[int, list[int]] = {}
    k = 0
    size = len(rows)
    while k < size:
        code = rows[k]
        if code == TABLE_ENDED:
            ends[rows[k + 2], rows[k + 3]] = rows[k + 1]
            k += 5 + rows[k + 4]
        elif code == TABLE_STARTED:
            starts.setdefault(rows[k + 2], []).append(k)
            k += 8 + 3 * rows[k + 6]
        else:
            raise ValueError(f"hand log: not a table's row at {k}: code {code}")
    return ends, starts


_DECODERS = {
    STARTED: _started,
    FORCED: _forced,
    SHOWN: _shown,
    POT: _pot,
    ENDED: _ended,
}


def decode(rows: Sequence[int]) -> tuple[HandEvent, ...]:
    """The records of rows, in order: a hand's (its ``STARTED`` row first), tables' rows too."""
    if not rows:
        return ()
    out: list[Any] = []
    hand = _Hand(rows, 0)
    k = 0
    end = len(rows)
    while k < end:
        code = rows[k]
        if code == TABLE_STARTED or code == TABLE_ENDED:
            table, k = (_table_started if code == TABLE_STARTED else _table_ended)(rows, k)
            out.append(table)
            continue
        if code <= UNCALLED:
            out.append(_machine_row(rows, k, hand))
            k += ROW_WIDTH
            continue
        if code == HOLE:
            out += _hole(rows, k, hand)
            k += 1 + 2 * hand.n
            continue
        step = _DECODERS.get(code)
        if step is None:
            raise ValueError(f"hand log: unknown row code {code} at {k}")
        if code == STARTED:
            hand = _Hand(rows, k)
        event, k = step(rows, k, hand)
        out.append(event)
    return tuple(out)
