"""Hands in the Poker Hand History (PHH) format of PokerKit's authors: ``.phh`` and ``.phhs``.

A ``.phh`` file is TOML: the game (``variant``, ``antes``, ``blinds_or_straddles``, ``min_bet``
or ``small_bet``/``big_bet``), ``starting_stacks``, the ``actions`` in order (``d dh p1 AsKd``,
``d db 2c7d9h``, ``p1 cbr 300`` raise-to, ``p2 cc``, ``p3 f``, ``p1 sm AsKd``), then optional
facts (``finishing_stacks``, ``seats``, ``players``, ``table``, ``hand``, ``level``, time). A
``.phhs`` file holds many hands as TOML tables ``[1]``, ``[2]``, ...

PHH numbers players by position, not by seat: ``p1`` is the first seat left of the button
(the small blind; heads-up, the big blind) and the button is last. Per-player lists use that
order, except where PHH itself says otherwise (heads-up ``antes``/``blinds_or_straddles``
keep the small-blind slot first, as PokerKit reads them). See docs/hand-histories.md.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any, cast

from pokersim.cards import format_cards
from pokersim.config import AnteKind, BettingStructure, Level
from pokersim.events import ActionKind, PostKind
from pokersim.hand import HandResult
from pokersim.history._record import (
    ACT,
    BOARD,
    POST,
    HandRecord,
    NameOf,
    hole_text,
    name_function,
    read_hand,
)
from pokersim.history.tournament import TournamentClock

__all__ = [
    "hand_to_phh",
    "hands_to_phhs",
    "phh_player_order",
    "write_phhs_by_table",
]

_VALUE = str | int | bool | list[int] | list[str]
_FOLD, _CHECK, _CALL = ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL
_ANTE = PostKind.ANTE
_FIXED_LIMIT = BettingStructure.FIXED_LIMIT
_CLASSIC = AnteKind.CLASSIC


def phh_player_order(record: HandRecord) -> list[int]:
    """Seat indices in PHH player order (``p1`` first): from the button's left to the button."""
    return record.seat_order_from_button()


_encode_str = json.encoder.encode_basestring  # json.dumps(s, ensure_ascii=False)'s bytes


def _toml(value: _VALUE) -> str:
    """One TOML value; strings are JSON-escaped, which TOML basic strings accept."""
    if type(value) is int:  # the usual types first, by their exact type
        return int.__repr__(value)
    if type(value) is str:
        return str(_encode_str(value))
    if type(value) is list:
        kinds = set(map(type, value))
        if kinds <= _INT:  # the usual lists: chips, seats, ids (a list's repr joins theirs)
            return repr(value)
        if kinds == _STR:  # names
            return "[" + ", ".join(map(_encode_str, cast(list[str], value))) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if all(type(v) is int for v in value):
        return "[" + ", ".join(map(int.__repr__, value)) + "]"
    return "[" + ", ".join(_toml(v) for v in value) + "]"


_INT, _STR = frozenset([int]), frozenset([str])


def _phh_actions(
    rec: HandRecord, hero: int | None = None, pos_of: list[int] | None = None
) -> list[str]:
    """The ``actions`` list: hole cards, then board and player actions as they happened.

    Every live hand is shown as soon as betting is over for good: that is when PokerKit,
    like a live table, turns the cards over. With ``hero`` (a player id) the other players'
    hole cards are dealt unknown (``????``) and seen only when shown. ``pos_of``: each
    seat's player number (``_positions``).
    """
    hole, ids = rec.hole, rec.player_ids
    player = [f"p{k}" for k in pos_of or _positions(rec)]  # by seat
    lines: list[str] = [
        f"d dh {player[s]} " + (hole_text(hole[s]) if hero is None or ids[s] == hero else "????")
        for s in rec.order
    ]
    shows: list[str] = []
    if rec.n - len(rec.folded_seats) > 1:  # a showdown
        shows = [f"{player[s]} sm {hole_text(hole[s])}" for s in rec.show_order()]
        if rec.last_action < 0:
            lines.extend(shows)
    _Betting(rec, lines, shows, player).write()
    return lines


def _positions(rec: HandRecord) -> list[int]:
    """Each seat's PHH player number (``p1`` is 1), by seat index."""
    pos_of = [0] * rec.n
    for k, s in enumerate(rec.order, start=1):
        pos_of[s] = k
    return pos_of


IDLE_CHECK_COMMENT = "no decision left: the others are all-in or out"


class _Betting:
    """The hand's board and action lines, and the idle checks PokerKit asks for (R-BLIND-2).

    When everyone else still in is all-in for no more than a player has put in this round,
    our engine asks that last player with chips nothing: nothing is left to decide. PokerKit
    still asks them once if they have not acted in the round and were in its queue when the
    round began (chips behind, and another player still in who could put in more than their
    bet): the big blind when the others fold or call all-in for less, or a player left alone
    with chips on a later street after the others fold or are all-in. The history writes that
    check after the round's last action, so that PHH readers replay it as written.

    One pass over the steps keeps the chips behind, the round's bets and who folded (what the
    raises nobody can call and the idle checks read), and counts the players still in and
    those of them with chips, instead of counting them again after every action. A check is
    due after an action when it leaves one player with chips among several still in, and no
    later action of the round replaces it: it is written once the round's next board comes,
    the hand ends, or at once after the hand's last action (nothing can replace it then).
    """

    __slots__ = (
        "acted",
        "bets",
        "folded",
        "holders",
        "lines",
        "live",
        "player",
        "queue",
        "rec",
        "shows",
        "stacks",
        "top",
    )

    def __init__(self, rec: HandRecord, lines: list[str], shows: list[str], player: list[str]):
        n = rec.n
        self.rec = rec
        self.lines = lines
        self.shows = shows
        self.player = player  # "p1" ... by seat
        self.stacks = list(rec.starting_stacks)
        self.bets = [0] * n
        self.folded = [False] * n
        self.top = 0  # the round's highest bet
        self.live = n  # players who have not folded
        self.holders = sum([1 for s in self.stacks if s > 0])  # ... with chips behind
        self.queue: list[bool] | None = None  # PokerKit's players to act as the round began
        self.acted: set[int] = set()

    def write(self) -> None:
        """Append the lines of the hand's steps."""
        lines = self.lines
        last = self.rec.last_action
        pending = -1  # the seat of an idle check due after the latest action, if it stands
        for k, step in enumerate(self.rec.steps):
            code = step[0]
            if code == ACT:
                pending = self.action(step)
                if k == last:  # the hand's last action: nothing can replace its check
                    if pending >= 0:
                        lines.append(f"{self.player[pending]} cc # {IDLE_CHECK_COMMENT}")
                        pending = -1
                    lines.extend(self.shows)
            elif code == POST:
                self.post(step[1], step[3], step[2] is not _ANTE)
            elif code == BOARD:
                if pending >= 0:
                    lines.append(f"{self.player[pending]} cc # {IDLE_CHECK_COMMENT}")
                    pending = -1
                self.bets = [0] * self.rec.n
                self.top = 0
                self.queue = None
                self.acted = set()
                lines.append(f"d db {format_cards(step[2])}")
        if pending >= 0:
            lines.append(f"{self.player[pending]} cc # {IDLE_CHECK_COMMENT}")

    def post(self, seat: int, amount: int, bet: bool) -> None:
        """A forced bet of ``amount`` (a bet of the round unless an ante)."""
        stacks = self.stacks
        had = stacks[seat] > 0 and not self.folded[seat]
        stacks[seat] -= amount
        if bet:
            self.bets[seat] += amount
            self.top = max(self.top, self.bets[seat])
        self.holders += (stacks[seat] > 0 and not self.folded[seat]) - had

    def action(self, step: tuple[Any, ...]) -> int:
        """Write an action's line; return the seat whose idle check it makes due, or -1."""
        _, seat, _, kind, amount, to, _, timed_out = step
        stacks, bets, folded = self.stacks, self.bets, self.folded
        if self.queue is None:
            n = self.rec.n
            reach = sorted([stacks[i] + bets[i] for i in range(n) if not folded[i]])
            self.queue = [not folded[i] and stacks[i] > 0 and reach[-2] > bets[i] for i in range(n)]
        p = self.player[seat]
        if kind is _FOLD:
            line = p + " f"
        elif kind is _CHECK or kind is _CALL:
            line = p + " cc"
        elif self.callable_by_nobody(seat):
            # Every other player is all-in or can put in no more than the current
            # price: chip for chip this raise is a call plus an uncalled bet returned
            # (R-HAND-3). PHH readers (PokerKit) do not allow such a raise, so it is
            # written as the call it amounts to, with the raise kept as a comment.
            line = f"{p} cc # raise to {to}: nobody can call more"
        else:
            line = f"{p} cbr {to}"
        self.lines.append(line + " # timed out" if timed_out else line)
        had = stacks[seat] > 0 and not folded[seat]
        stacks[seat] -= amount
        bet = bets[seat] = bets[seat] + amount
        if bet > self.top:
            self.top = bet
        if kind is _FOLD and not folded[seat]:
            folded[seat] = True
            self.live -= 1
        self.holders += (stacks[seat] > 0 and not folded[seat]) - had
        self.acted.add(seat)
        if self.live < 2 or self.holders != 1:
            return -1
        return self.idle_seat()

    def idle_seat(self) -> int:
        """The one player with chips among several still in, if PokerKit would ask them."""
        stacks, folded = self.stacks, self.folded
        seat = next(i for i in range(self.rec.n) if not folded[i] and stacks[i] > 0)
        assert self.queue is not None
        due = self.queue[seat] and seat not in self.acted and self.bets[seat] >= self.top
        return seat if due else -1

    def callable_by_nobody(self, seat: int) -> bool:
        """True when no other player still in can put in more than the highest bet so far."""
        top = self.top
        stacks, bets, folded = self.stacks, self.bets, self.folded
        return not any(
            [not folded[j] and stacks[j] + bets[j] > top for j in range(len(stacks)) if j != seat]
        )


def hand_to_phh(
    result: HandResult,
    *,
    names: Mapping[int, str] | None = None,
    seat_count: int = 9,
    tournament_id: int | None = None,
    tournament_start: datetime | None = None,
    time_zone: str = "UTC",
    event: str | None = None,
    hero: int | None = None,
    hand_number: int | None = None,
) -> str:
    """One hand as the text of a ``.phh`` file (TOML, ends with a newline).

    ``names`` maps player ids to screen names (default ``Player<id>``); ``seat_count`` is
    the table size; ``tournament_start`` plus the hand's simulated start time gives its
    date and time. A ``tournament_start`` with a UTC offset is written in the zone of
    ``pokersim.history.tournament.TournamentClock`` (``time_zone`` ``"ET"`` or ``"UTC"``, the
    same clock and label as the PokerStars text); a naive one as is, with ``time_zone``.
    ``hero`` (a player id) writes that player's view (others' cards ``????`` until shown);
    ``hand_number`` is written as ``_hand_id`` (the PokerStars hand number).
    Raises ``ValueError`` for a hand played without action events.
    """
    rec = read_hand(result)
    form = _PhhForm(names, seat_count, tournament_id, tournament_start, time_zone, event, hero)
    return form.body(rec, hand_number)


class _PhhForm:
    """What every hand of one ``.phhs`` shares: names, clock, table size, tournament, event."""

    __slots__ = (
        "clock",
        "event",
        "games",
        "hero",
        "name_of",
        "seat_count",
        "seats",
        "start",
        "tail",
        "time_zone",
    )

    def __init__(
        self,
        names: Mapping[int, str] | None,
        seat_count: int,
        tournament_id: int | None,
        tournament_start: datetime | None,
        time_zone: str,
        event: str | None,
        hero: int | None,
    ) -> None:
        self.name_of: NameOf = name_function(names)
        self.seat_count = seat_count
        self.seats = f"seat_count = {_toml(seat_count)}"
        self.games: dict[tuple[int, int, int], tuple[Any, ...]] = {}
        self.hero = hero
        self.start = tournament_start
        self.clock: TournamentClock | None = None
        if tournament_start is not None and tournament_start.tzinfo is not None:
            self.clock = TournamentClock(tournament_start)
            time_zone = self.clock.label
        self.time_zone = f"time_zone = {_toml(time_zone)}"
        self.event = None if event is None else f"event = {_toml(event)}"
        self.tail = None if tournament_id is None else f"_tournament_id = {_toml(tournament_id)}"

    def when(self, rec: HandRecord) -> tuple[str, int, int, int]:
        """The hand's ``time``, day, month and year."""
        if self.clock is not None:
            _, hhmmss, year, month, day = self.clock.stamp(rec.result.setup.start_time)
            return hhmmss, day, month, year
        when = rec.hand_time(self.start)
        return when.strftime("%H:%M:%S"), when.day, when.month, when.year

    def game(self, rec: HandRecord) -> tuple[Any, ...]:
        """The game's lines before the antes, after them, and its own last fields.

        The same for every hand of a level at a table size: made once (the cache holds the
        level and the structure, so their ids stay theirs).
        """
        level = rec.level
        structure = rec.result.setup.structure
        key = (id(level), id(structure), rec.n)
        game = self.games.get(key)
        if game is None:
            game = self.games[key] = (level, structure, *_game(level, structure, rec.n))
        return game

    def body(self, rec: HandRecord, hand_number: int | None) -> str:
        """One hand's ``.phh`` text: its fields in PHH's order, one a line."""
        if self.seat_count < max(rec.seat_nos):
            raise ValueError(
                f"seat_count={self.seat_count} is below the highest seat number "
                f"{max(rec.seat_nos)} of table {rec.table_id}: pass the table size"
            )
        order = rec.order
        hhmmss, day, month, year = self.when(rec)
        pos_of = _positions(rec)
        acts = list(map(_encode_str, _phh_actions(rec, self.hero, pos_of)))
        ids = [rec.player_ids[s] for s in order]
        _, _, before, after, tail = self.game(rec)
        lines = [
            before,
            f"antes = {_toml(_antes(rec, pos_of))}",
            after,
            f"starting_stacks = {_toml([rec.starting_stacks[s] for s in order])}",
            "actions = [\n" + "".join([f"  {a},\n" for a in acts]) + "]",
        ]
        if self.event is not None:
            lines.append(self.event)
        lines += [
            f"time = {hhmmss}",  # a TOML local time, not a string
            self.time_zone,
            f"day = {day}",  # the clock's ints
            f"month = {month}",
            f"year = {year}",
            f"hand = {_toml(rec.hand_no)}",
            f"level = {_toml(rec.result.setup.level_index + 1)}",
            f"seats = {_toml([rec.seat_nos[s] for s in order])}",
            self.seats,
            f"table = {_toml(rec.table_id)}",
            f"players = {_toml(list(map(self.name_of, ids)))}",
            f"finishing_stacks = {_toml([rec.final_stacks[s] for s in order])}",
        ]
        # User-defined fields (PHH reserves the leading underscore for them).
        if self.tail is not None:
            lines.append(self.tail)
        if hand_number is not None:
            lines.append(f"_hand_id = {_toml(hand_number)}")
        lines += [tail, f"_player_ids = {_toml(ids)}", ""]
        return "\n".join(lines)


def _antes(rec: HandRecord, pos_of: list[int]) -> list[int]:
    """What each player actually posted as ante, in PHH's order.

    Short stacks post less (R-BLIND-1): writing the posted amounts makes any reader post
    exactly what was posted, whatever order the blind and the ante were taken in (R-ANTE-1).
    """
    antes = [0] * rec.n
    for p in rec.posts:
        if p[2] is _ANTE:
            antes[pos_of[p[1]] - 1] += p[3]
    if rec.n == 2:
        # PHH's heads-up convention: p1 is the big blind, yet these two lists keep the small
        # blind's slot first.
        antes.reverse()
    return antes


def _game(level: Level, structure: BettingStructure, n: int) -> tuple[str, str, str]:
    """The game's fields around the antes, and its user-defined ones.

    Before the antes: variant, ante trimming; after them: blinds, bet sizes; last: the
    structure and the ante.
    """
    fixed_limit = structure is _FIXED_LIMIT
    blinds = [0] * n
    blinds[0] = level.small_blind
    blinds[1] = level.big_blind
    # Classic antes are part of each player's contribution (R-HAND-4: a player all-in for a
    # short ante wins at most that much from each opponent): PHH says so with ante trimming.
    # The big-blind ante is dead money of the main pot, PHH's default.
    before = [
        f"variant = {_toml('FT' if fixed_limit else 'NT')}",
        f"ante_trimming_status = {_toml(level.ante_kind is _CLASSIC)}",
    ]
    after = [f"blinds_or_straddles = {_toml(blinds)}"]
    if fixed_limit:
        after.append(f"small_bet = {_toml(level.big_blind)}")
        after.append(f"big_bet = {_toml(2 * level.big_blind)}")
    else:
        after.append(f"min_bet = {_toml(level.big_blind)}")
    tail = [
        f"_betting_structure = {_toml(structure.value)}",
        f"_ante_kind = {_toml(level.ante_kind.value)}",
        f"_ante = {_toml(level.ante)}",
    ]
    return "\n".join(before), "\n".join(after), "\n".join(tail)


def hands_to_phhs(
    hands: Iterable[HandResult | HandRecord],
    *,
    names: Mapping[int, str] | None = None,
    seat_count: int = 9,
    tournament_id: int | None = None,
    tournament_start: datetime | None = None,
    time_zone: str = "UTC",
    event: str | None = None,
    hero: int | None = None,
    hand_number: Callable[[HandResult], int | None] | None = None,
    header: str | None = None,
) -> str:
    """Many hands as one ``.phhs`` text: TOML tables ``[1]``, ``[2]``, ... in the given order.

    A hand is a ``HandResult`` or, already read, its ``HandRecord`` (``read_hand``: a run's
    recorder reads each hand once for both formats). ``hand_number`` gives each hand's
    PokerStars hand number (``_hand_id``); ``header`` is written first as TOML comment lines.
    """
    form = _PhhForm(names, seat_count, tournament_id, tournament_start, time_zone, event, hero)
    parts = []
    for k, hand in enumerate(hands, start=1):
        rec = hand if isinstance(hand, HandRecord) else read_hand(hand)
        number = hand_number(rec.result) if hand_number is not None else None
        parts.append(f"[{k}]\n{form.body(rec, number)}")
    text = "\n".join(parts)
    if header and parts:
        text = "".join(f"# {line}".rstrip() + "\n" for line in header.splitlines()) + "\n" + text
    return text


def write_phhs_by_table(
    results: Iterable[HandResult],
    directory: str | Path,
    *,
    names: Mapping[int, str] | None = None,
    seat_count: int = 9,
    tournament_id: int | None = None,
    tournament_start: datetime | None = None,
    time_zone: str = "UTC",
    event: str | None = None,
    hero: int | None = None,
    hand_number: Callable[[HandResult], int | None] | None = None,
    header: str | None = None,
) -> list[Path]:
    """Write one ``table-<id>.phhs`` per table (hands in table then hand order); return paths.

    Hands are grouped by table id and sorted by hand number, so the files do not depend on
    the order in which tables finished their hands.
    """
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    by_table: dict[int, list[HandResult]] = {}
    for r in results:
        by_table.setdefault(r.setup.table_id, []).append(r)
    paths = []
    for table_id in sorted(by_table):
        hands = sorted(by_table[table_id], key=lambda r: r.setup.hand_no)
        path = out / f"table-{table_id}.phhs"
        text = hands_to_phhs(
            hands,
            names=names,
            seat_count=seat_count,
            tournament_id=tournament_id,
            tournament_start=tournament_start,
            time_zone=time_zone,
            event=event,
            hero=hero,
            hand_number=hand_number,
            header=header,
        )
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths
