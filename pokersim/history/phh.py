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

from pokersim.cards import format_cards
from pokersim.config import AnteKind, BettingStructure
from pokersim.events import (
    ActionKind,
    ActionTaken,
    BoardDealt,
    ForcedBetPosted,
    PostKind,
)
from pokersim.hand import HandResult
from pokersim.history._record import HandRecord, name_function, read_hand
from pokersim.history.tournament import TournamentClock

__all__ = ["hand_to_phh", "hands_to_phhs", "phh_player_order", "write_phhs_by_table"]

_VALUE = str | int | bool | list[int] | list[str]


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
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if all(type(v) is int for v in value):  # the usual list: chips, seats, ids
        return "[" + ", ".join(map(int.__repr__, value)) + "]"
    return "[" + ", ".join(_toml(v) for v in value) + "]"


def _phh_actions(rec: HandRecord, pos_of: dict[int, int], hero: int | None = None) -> list[str]:
    """The ``actions`` list: hole cards, then board and player actions as they happened.

    Every live hand is shown as soon as betting is over for good: that is when PokerKit,
    like a live table, turns the cards over. With ``hero`` (a player id) the other players'
    hole cards are dealt unknown (``????``) and seen only when shown.
    """
    order = phh_player_order(rec)
    lines: list[str] = [
        f"d dh p{pos_of[s] + 1} "
        + (format_cards(rec.hole[s]) if hero is None or rec.player_ids[s] == hero else "????")
        for s in order
    ]
    showdown = rec.went_to_showdown()
    last_action = rec.actions[-1] if rec.actions else None
    shows = [
        f"p{pos_of[s] + 1} sm {format_cards(rec.hole[s])}"
        for s in (rec.show_order() if showdown else [])
    ]
    if showdown and last_action is None:
        lines.extend(shows)
    idle = _idle_checks(rec)
    # Chips behind and this round's bets, to spot a raise that nobody can call.
    stacks = list(rec.starting_stacks)
    bets = [0] * rec.n
    folded = [False] * rec.n
    for k, e in enumerate(rec.events):
        if isinstance(e, ForcedBetPosted):
            stacks[e.seat] -= e.amount
            if e.kind is not PostKind.ANTE:
                bets[e.seat] += e.amount
        elif isinstance(e, BoardDealt):
            bets = [0] * rec.n
            lines.append(f"d db {format_cards(e.cards)}")
        elif isinstance(e, ActionTaken):
            p = f"p{pos_of[e.seat] + 1}"
            if e.kind is ActionKind.FOLD:
                line = f"{p} f"
                folded[e.seat] = True
            elif e.kind in (ActionKind.CHECK, ActionKind.CALL):
                line = f"{p} cc"
            elif _callable_by_nobody(e.seat, stacks, bets, folded):
                # Every other player is all-in or can put in no more than the current
                # price: chip for chip this raise is a call plus an uncalled bet returned
                # (R-HAND-3). PHH readers (PokerKit) do not allow such a raise, so it is
                # written as the call it amounts to, with the raise kept as a comment.
                line = f"{p} cc # raise to {e.to}: nobody can call more"
            else:
                line = f"{p} cbr {e.to}"
            stacks[e.seat] -= e.amount
            bets[e.seat] += e.amount
            if e.timed_out:
                line += " # timed out"
            lines.append(line)
            if k in idle:
                lines.append(f"p{pos_of[idle[k]] + 1} cc # {IDLE_CHECK_COMMENT}")
            if showdown and e is last_action:
                lines.extend(shows)
    return lines


IDLE_CHECK_COMMENT = "no decision left: the others are all-in or out"


def _idle_checks(rec: HandRecord) -> dict[int, int]:
    """The idle checks PokerKit asks for and our engine does not (R-BLIND-2).

    When everyone else still in is all-in for no more than a player has put in this round,
    our engine asks that last player with chips nothing: nothing is left to decide. PokerKit
    still asks them once if they have not acted in the round and were in its queue when the
    round began (chips behind, and another player still in who could put in more than their
    bet): the big blind when the others fold or call all-in for less, or a player left alone
    with chips on a later street after the others fold or are all-in. The history writes that
    check after the round's last action, so that PHH readers replay it as written.

    Returns ``{index in rec.events of the round's last action: seat that checks}``.
    """
    n = rec.n
    stacks = list(rec.starting_stacks)
    bets = [0] * n
    folded = [False] * n
    queue: list[bool] | None = None  # PokerKit's players to act as the round began
    acted: set[int] = set()
    checks: dict[int, int] = {}
    pending: tuple[int, int] | None = None  # (last action, seat) if the round ended now
    for k, e in enumerate(rec.events):
        if isinstance(e, ForcedBetPosted):
            stacks[e.seat] -= e.amount
            if e.kind is not PostKind.ANTE:
                bets[e.seat] += e.amount
        elif isinstance(e, BoardDealt):
            if pending is not None:
                checks[pending[0]] = pending[1]
            bets = [0] * n
            queue = None
            acted = set()
            pending = None
        elif isinstance(e, ActionTaken):
            if queue is None:
                reach = sorted(stacks[i] + bets[i] for i in range(n) if not folded[i])
                queue = [not folded[i] and stacks[i] > 0 and reach[-2] > bets[i] for i in range(n)]
            stacks[e.seat] -= e.amount
            bets[e.seat] += e.amount
            folded[e.seat] = folded[e.seat] or e.kind is ActionKind.FOLD
            acted.add(e.seat)
            live = [i for i in range(n) if not folded[i]]
            holders = [i for i in live if stacks[i] > 0]
            seat = holders[0] if len(live) > 1 and len(holders) == 1 else -1
            idle = seat >= 0 and queue[seat] and seat not in acted and bets[seat] >= max(bets)
            pending = (k, seat) if idle else None
    if pending is not None:
        checks[pending[0]] = pending[1]
    return checks


def _callable_by_nobody(seat: int, stacks: list[int], bets: list[int], folded: list[bool]) -> bool:
    """True when no other player still in can put in more than the highest bet so far."""
    top = max(bets)
    return not any(
        not folded[j] and stacks[j] + bets[j] > top for j in range(len(stacks)) if j != seat
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
    return _phh_body(
        rec,
        names=names,
        seat_count=seat_count,
        tournament_id=tournament_id,
        tournament_start=tournament_start,
        time_zone=time_zone,
        event=event,
        hero=hero,
        hand_number=hand_number,
    )


def _phh_body(
    rec: HandRecord,
    *,
    names: Mapping[int, str] | None,
    seat_count: int,
    tournament_id: int | None,
    tournament_start: datetime | None,
    time_zone: str,
    event: str | None,
    hero: int | None = None,
    hand_number: int | None = None,
) -> str:
    if seat_count < max(rec.seat_nos):
        raise ValueError(
            f"seat_count={seat_count} is below the highest seat number {max(rec.seat_nos)} "
            f"of table {rec.table_id}: pass the table size"
        )
    order = phh_player_order(rec)
    pos_of = {seat: k for k, seat in enumerate(order)}
    n = rec.n
    level = rec.level
    structure = rec.result.setup.structure

    # What each player actually posted as ante (short stacks post less, R-BLIND-1): writing
    # the posted amounts makes any reader post exactly what was posted, whatever order the
    # blind and the ante were taken in (R-ANTE-1).
    posted_ante = [0] * n
    for p in rec.posts:
        if p.kind is PostKind.ANTE:
            posted_ante[pos_of[p.seat]] += p.amount
    antes = list(posted_ante)
    blinds = [0] * n
    blinds[0] = level.small_blind
    blinds[1] = level.big_blind
    if n == 2:
        # PHH's heads-up convention: p1 is the big blind, yet these two lists keep the small
        # blind's slot first.
        antes.reverse()

    name_of = name_function(names)
    fields: list[tuple[str, _VALUE]] = []
    if structure is BettingStructure.FIXED_LIMIT:
        fields.append(("variant", "FT"))
    else:
        fields.append(("variant", "NT"))
    # Classic antes are part of each player's contribution (R-HAND-4: a player all-in for a
    # short ante wins at most that much from each opponent): PHH says so with ante trimming.
    # The big-blind ante is dead money of the main pot, PHH's default.
    fields.append(("ante_trimming_status", level.ante_kind is AnteKind.CLASSIC))
    fields.append(("antes", antes))
    fields.append(("blinds_or_straddles", blinds))
    if structure is BettingStructure.FIXED_LIMIT:
        fields.append(("small_bet", level.big_blind))
        fields.append(("big_bet", 2 * level.big_blind))
    else:
        fields.append(("min_bet", level.big_blind))
    fields.append(("starting_stacks", [rec.starting_stacks[s] for s in order]))
    fields.append(("actions", _phh_actions(rec, pos_of, hero)))
    if event is not None:
        fields.append(("event", event))
    if tournament_start is not None and tournament_start.tzinfo is not None:
        clock = TournamentClock(tournament_start)
        when = clock.local(rec.result.setup.start_time)
        time_zone = clock.label
    else:
        when = rec.hand_time(tournament_start)
    fields.append(("time", when.strftime("%H:%M:%S")))
    fields.append(("time_zone", time_zone))
    fields.append(("day", when.day))
    fields.append(("month", when.month))
    fields.append(("year", when.year))
    fields.append(("hand", rec.hand_no))
    fields.append(("level", rec.result.setup.level_index + 1))
    fields.append(("seats", [rec.seat_nos[s] for s in order]))
    fields.append(("seat_count", seat_count))
    fields.append(("table", rec.table_id))
    fields.append(("players", [name_of(rec.player_ids[s]) for s in order]))
    fields.append(("finishing_stacks", [rec.final_stacks[s] for s in order]))
    # User-defined fields (PHH reserves the leading underscore for them).
    if tournament_id is not None:
        fields.append(("_tournament_id", tournament_id))
    if hand_number is not None:
        fields.append(("_hand_id", hand_number))
    fields.append(("_betting_structure", structure.value))
    fields.append(("_ante_kind", level.ante_kind.value))
    fields.append(("_ante", level.ante))
    fields.append(("_player_ids", [rec.player_ids[s] for s in order]))

    lines = []
    for key, value in fields:
        if key == "time":
            lines.append(f"time = {value}")  # a TOML local time, not a string
        elif key == "actions":
            assert isinstance(value, list)
            inner = "".join(f"  {_toml(v)},\n" for v in value)
            lines.append(f"actions = [\n{inner}]")
        else:
            lines.append(f"{key} = {_toml(value)}")
    return "\n".join(lines) + "\n"


def hands_to_phhs(
    results: Iterable[HandResult],
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

    ``hand_number`` gives each hand's PokerStars hand number (``_hand_id``); ``header`` is
    written first as TOML comment lines.
    """
    parts = []
    for k, result in enumerate(results, start=1):
        body = hand_to_phh(
            result,
            names=names,
            seat_count=seat_count,
            tournament_id=tournament_id,
            tournament_start=tournament_start,
            time_zone=time_zone,
            event=event,
            hero=hero,
            hand_number=hand_number(result) if hand_number is not None else None,
        )
        parts.append(f"[{k}]\n{body}")
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
