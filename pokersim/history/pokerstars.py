"""Hands in PokerStars' tournament hand-history text, the format trackers and parsers read.

One hand looks like::

    PokerStars Hand #3000012: Tournament #7, Freeroll Hold'em No Limit - Level II (50/100) - 2026/01/01 12:20:00 ET
    Table '7 3' 9-max Seat #4 is the button
    Seat 1: Player11 (1500 in chips, $2 bounty)
    ...
    Player11: posts the ante 10
    Player12: posts small blind 50
    Player13: posts big blind 100
    *** HOLE CARDS ***
    Dealt to Player11 [As Kd]
    Player14: raises 200 to 300
    ...
    *** SUMMARY ***

Hands are separated by two blank lines, as PokerStars writes its files. Every amount printed
comes from the hand's events; nothing is recomputed. See docs/hand-histories.md.
"""  # noqa: E501

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from pathlib import Path

from pokersim.cards import format_cards
from pokersim.config import BettingStructure
from pokersim.events import (
    ActionKind,
    ActionTaken,
    BoardDealt,
    ForcedBetPosted,
    PostKind,
    PotAwarded,
    UncalledBetReturned,
)
from pokersim.frozen import frozen
from pokersim.hand import HandResult
from pokersim.history._record import HandRecord, describe, name_function, read_hand
from pokersim.history.tournament import Finish, TournamentClock, finish_lines

__all__ = [
    "HandExtras",
    "hand_to_pokerstars",
    "hands_to_pokerstars",
    "pokerstars_hand_id",
    "roman",
    "write_pokerstars_by_table",
]

HAND_SEPARATOR = "\n\n\n"
_STRUCTURE_NAMES = {
    BettingStructure.NO_LIMIT: "Hold'em No Limit",
    BettingStructure.POT_LIMIT: "Hold'em Pot Limit",
    BettingStructure.FIXED_LIMIT: "Hold'em Limit",
}
_STREETS = ("Flop", "Turn", "River")
_MAX_HANDS_PER_TABLE = 1_000_000


def roman(number: int) -> str:
    """Roman numeral of a level number (PokerStars writes ``Level XI``).

    >>> roman(1), roman(4), roman(14), roman(49)
    ('I', 'IV', 'XIV', 'XLIX')
    """
    if number < 1:
        raise ValueError(f"level number must be >= 1 for a Roman numeral, got {number}")
    out = []
    for value, letters in (
        (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
        (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
    ):  # fmt: skip
        while number >= value:
            out.append(letters)
            number -= value
    return "".join(out)


def pokerstars_hand_id(table_id: int, hand_no: int) -> int:
    """A hand number unique across the tournament: ``table_id * 1_000_000 + hand_no``."""
    if not 0 <= hand_no < _MAX_HANDS_PER_TABLE:
        raise ValueError(
            f"hand number {hand_no} does not fit the PokerStars hand id scheme "
            f"(0..{_MAX_HANDS_PER_TABLE - 1} per table)"
        )
    return table_id * _MAX_HANDS_PER_TABLE + hand_no


def _money(cents: int) -> str:
    """``$2`` or ``$2.50``, as PokerStars prints bounties."""
    if cents % 100 == 0:
        return f"${cents // 100}"
    return f"${cents // 100}.{cents % 100:02d}"


def _pot_names(pots: tuple[PotAwarded, ...]) -> list[str]:
    if len(pots) == 1:
        return ["pot"]
    if len(pots) == 2:
        return ["main pot", "side pot"]
    return ["main pot"] + [f"side pot-{k}" for k in range(1, len(pots))]


@frozen(slots=True)
class HandExtras:
    """What a hand's text needs from the rest of the tournament."""

    hand_number: int | None = None
    bounties: Mapping[int, int] | None = None
    finishes: tuple[Finish, ...] = ()
    progressive: bool = False


def hand_to_pokerstars(
    result: HandResult,
    *,
    names: Mapping[int, str] | None = None,
    seat_count: int = 9,
    tournament_id: int = 1,
    buy_in: str = "Freeroll",
    tournament_start: datetime | None = None,
    bounties: Mapping[int, int] | None = None,
    hero: int | None = None,
    hand_number: int | None = None,
    finishes: Sequence[Finish] = (),
    progressive: bool = False,
) -> str:
    """One hand as PokerStars tournament hand-history text (no trailing blank lines).

    ``names`` maps player ids to screen names; ``bounties`` maps player ids to the bounty on
    their head in cents (printed on the seat lines); ``buy_in`` is PokerStars' buy-in text
    (e.g. ``"$10+$1 USD"``); ``hero`` (a player id) limits the ``Dealt to`` lines to that
    player, as in a player's own file (default: every player's cards). ``hand_number``
    replaces the default hand number (``table_id * 1,000,000 + hand_no``; see
    ``pokersim.history.tournament.hand_id``). ``finishes`` are the players out in this hand,
    written after the pots with their bounties (``progressive``: PKO wording).

    ``tournament_start`` with a UTC offset gives the wall clock and zone label of
    ``pokersim.history.tournament.TournamentClock`` (``ET`` or ``UTC``, then Eastern Time in
    brackets); a naive one (or none: 2026-01-01 12:00) is written as is, labelled ``ET``.
    Raises ``ValueError`` for a hand played without action events.
    """
    rec = read_hand(result)
    if seat_count < max(rec.seat_nos):
        raise ValueError(
            f"seat_count={seat_count} is below the highest seat number {max(rec.seat_nos)} "
            f"of table {rec.table_id}: pass the table size"
        )
    name_of = name_function(names)
    nm = [name_of(pid) for pid in rec.player_ids]
    setup = result.setup
    level = rec.level
    structure = setup.structure
    # PokerStars writes the player's local time then, in brackets, Eastern time; parsers such
    # as the ``poker`` package require the bracketed part.
    if tournament_start is not None and tournament_start.tzinfo is not None:
        when_text = TournamentClock(tournament_start).pokerstars(setup.start_time)
    else:
        stamp = rec.hand_time(tournament_start).strftime("%Y/%m/%d %H:%M:%S")
        when_text = f"{stamp} ET [{stamp} ET]"
    number = (
        hand_number if hand_number is not None else pokerstars_hand_id(rec.table_id, rec.hand_no)
    )
    if structure is BettingStructure.FIXED_LIMIT:
        stakes = f"{level.big_blind}/{2 * level.big_blind}"
    else:
        stakes = f"{level.small_blind}/{level.big_blind}"
    lines = [
        f"PokerStars Hand #{number}: "
        f"Tournament #{tournament_id}, {buy_in} {_STRUCTURE_NAMES[structure]} - "
        f"Level {roman(setup.level_index + 1)} ({stakes}) - {when_text}",
        f"Table '{tournament_id} {rec.table_id}' {seat_count}-max "
        f"Seat #{rec.seat_nos[rec.button]} is the button",
    ]
    for s in range(rec.n):
        extra = ""
        if bounties is not None and rec.player_ids[s] in bounties:
            extra = f", {_money(bounties[rec.player_ids[s]])} bounty"
        lines.append(f"Seat {rec.seat_nos[s]}: {nm[s]} ({rec.starting_stacks[s]} in chips{extra})")

    showdown = rec.went_to_showdown()
    current = level.big_blind  # the price pre-flop is the level's big blind (R-BLIND-1)
    hole_written = False
    showdown_written = False

    def write_hole() -> None:
        lines.append("*** HOLE CARDS ***")
        for s in rec.seat_order_from_button():
            if hero is None or rec.player_ids[s] == hero:
                lines.append(f"Dealt to {nm[s]} [{format_cards(rec.hole[s], ' ')}]")

    def write_showdown() -> None:
        lines.append("*** SHOW DOWN ***")
        for s in rec.show_order():
            cards = rec.hole[s] + rec.board
            lines.append(f"{nm[s]}: shows [{format_cards(rec.hole[s], ' ')}] ({describe(cards)})")

    # PokerStars writes every ante before the blinds, the big-blind ante included (which the
    # engine posts after the blind, R-ANTE-1); "and is all-in" goes on a player's last post.
    posts = sorted(
        (e for e in rec.events if isinstance(e, ForcedBetPosted)),
        key=lambda e: e.kind is not PostKind.ANTE,
    )
    last_post = {e.seat: k for k, e in enumerate(posts)}
    all_in_seats = {e.seat for e in posts if e.all_in}
    for e in rec.events:
        if isinstance(e, ForcedBetPosted):
            if posts:
                for k, post in enumerate(posts):
                    what = {
                        PostKind.ANTE: "posts the ante",
                        PostKind.SMALL_BLIND: "posts small blind",
                        PostKind.BIG_BLIND: "posts big blind",
                    }[post.kind]
                    last = last_post[post.seat] == k and post.seat in all_in_seats
                    tail = " and is all-in" if last else ""
                    lines.append(f"{nm[post.seat]}: {what} {post.amount}{tail}")
                posts = []
        elif isinstance(e, BoardDealt):
            if not hole_written:
                write_hole()
                hole_written = True
            current = 0
            new = format_cards(e.cards, " ")
            if e.street == 1:
                lines.append(f"*** FLOP *** [{new}]")
            else:
                before = format_cards(e.board[: len(e.board) - len(e.cards)], " ")
                lines.append(f"*** {_STREETS[e.street - 1].upper()} *** [{before}] [{new}]")
        elif isinstance(e, ActionTaken):
            if not hole_written:
                write_hole()
                hole_written = True
            tail = " and is all-in" if e.all_in else ""
            if e.timed_out:
                lines.append(f"{nm[e.seat]} has timed out")
            if e.kind is ActionKind.FOLD:
                lines.append(f"{nm[e.seat]}: folds")
            elif e.kind is ActionKind.CHECK:
                lines.append(f"{nm[e.seat]}: checks")
            elif e.kind is ActionKind.CALL:
                lines.append(f"{nm[e.seat]}: calls {e.amount}{tail}")
            elif e.kind is ActionKind.BET:
                lines.append(f"{nm[e.seat]}: bets {e.amount}{tail}")
                current = e.to
            else:
                lines.append(f"{nm[e.seat]}: raises {e.to - current} to {e.to}{tail}")
                current = max(current, e.to)
        elif isinstance(e, UncalledBetReturned):
            if not hole_written:
                write_hole()
                hole_written = True
            lines.append(f"Uncalled bet ({e.amount}) returned to {nm[e.seat]}")
        elif isinstance(e, PotAwarded):
            if not hole_written:
                write_hole()
                hole_written = True
            if showdown and not showdown_written:
                write_showdown()
                showdown_written = True
    if not hole_written:
        write_hole()
    if showdown and not showdown_written:
        write_showdown()

    pot_names = _pot_names(rec.pots)
    won = [0] * rec.n
    for pot in reversed(rec.pots):  # PokerStars pays the last side pot first
        for seat, share in zip(pot.winners, pot.shares):
            won[seat] += share
            if share:
                lines.append(f"{nm[seat]} collected {share} from {pot_names[pot.pot_index]}")
    if not showdown:
        for seat in sorted({w for pot in rec.pots for w in pot.winners}):
            lines.append(f"{nm[seat]}: doesn't show hand")
    if finishes:
        lines.extend(finish_lines(finishes, name_of, progressive=progressive))

    lines.append("*** SUMMARY ***")
    total = sum(p.amount for p in rec.pots)
    if len(rec.pots) <= 1:
        lines.append(f"Total pot {total} | Rake 0")
    else:
        parts = [f"Main pot {rec.pots[0].amount}."]
        for p in rec.pots[1:]:
            label = "Side pot" if len(rec.pots) == 2 else f"Side pot-{p.pot_index}"
            parts.append(f"{label} {p.amount}.")
        lines.append(f"Total pot {total} " + " ".join(parts) + " | Rake 0")
    if rec.board and _board_seen(rec):
        lines.append(f"Board [{format_cards(_board_seen(rec), ' ')}]")
    lines.extend(_summary_seats(rec, nm, won, showdown))
    return "\n".join(lines)


def _board_seen(rec: HandRecord) -> tuple[int, ...]:
    board: tuple[int, ...] = ()
    for e in rec.events:
        if isinstance(e, BoardDealt):
            board = tuple(e.board)
    return board


def _summary_seats(rec: HandRecord, nm: list[str], won: list[int], showdown: bool) -> list[str]:
    sb, bb = rec.small_blind_seat(), rec.big_blind_seat()
    fold_street = {a.seat: a.street for a in rec.actions if a.kind is ActionKind.FOLD}
    voluntary = {a.seat for a in rec.actions if a.amount > 0}
    out = []
    for s in range(rec.n):
        tag = ""
        if s == rec.button:
            tag += " (button)"
        if s == sb:
            tag += " (small blind)"
        if s == bb:
            tag += " (big blind)"
        head = f"Seat {rec.seat_nos[s]}: {nm[s]}{tag}"
        if s in fold_street:
            st = fold_street[s]
            if st == 0:
                didnt = "" if (s in voluntary or s in (sb, bb)) else " (didn't bet)"
                out.append(f"{head} folded before Flop{didnt}")
            else:
                out.append(f"{head} folded on the {_STREETS[st - 1]}")
        elif showdown:
            cards = format_cards(rec.hole[s], " ")
            desc = describe(rec.hole[s] + rec.board)
            if won[s]:
                out.append(f"{head} showed [{cards}] and won ({won[s]}) with {desc}")
            else:
                out.append(f"{head} showed [{cards}] and lost with {desc}")
        else:
            out.append(f"{head} collected ({won[s]})")
    return out


def hands_to_pokerstars(
    results: Iterable[HandResult],
    *,
    names: Mapping[int, str] | None = None,
    seat_count: int = 9,
    tournament_id: int = 1,
    buy_in: str = "Freeroll",
    tournament_start: datetime | None = None,
    bounties: Mapping[int, int] | None = None,
    hero: int | None = None,
    extras: Callable[[HandResult], HandExtras] | None = None,
) -> str:
    """Many hands as one PokerStars text, separated by two blank lines, newline-terminated.

    ``extras`` gives each hand's own ``HandExtras`` (hand number, bounties at its start, the
    players out in it); without it every hand uses ``bounties`` and the default numbering.
    """
    texts = []
    for r in results:
        more = extras(r) if extras is not None else HandExtras(bounties=bounties)
        texts.append(
            hand_to_pokerstars(
                r,
                names=names,
                seat_count=seat_count,
                tournament_id=tournament_id,
                buy_in=buy_in,
                tournament_start=tournament_start,
                bounties=more.bounties,
                hero=hero,
                hand_number=more.hand_number,
                finishes=more.finishes,
                progressive=more.progressive,
            )
        )
    return HAND_SEPARATOR.join(texts) + "\n" if texts else ""


def write_pokerstars_by_table(
    results: Iterable[HandResult],
    directory: str | Path,
    *,
    names: Mapping[int, str] | None = None,
    seat_count: int = 9,
    tournament_id: int = 1,
    buy_in: str = "Freeroll",
    tournament_start: datetime | None = None,
    bounties: Mapping[int, int] | None = None,
    hero: int | None = None,
    extras: Callable[[HandResult], HandExtras] | None = None,
) -> list[Path]:
    """Write one ``table-<id>.txt`` per table (hands in hand order); return the paths."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    by_table: dict[int, list[HandResult]] = {}
    for r in results:
        by_table.setdefault(r.setup.table_id, []).append(r)
    paths = []
    for table_id in sorted(by_table):
        hands = sorted(by_table[table_id], key=lambda r: r.setup.hand_no)
        path = out / f"table-{table_id}.txt"
        path.write_text(
            hands_to_pokerstars(
                hands,
                names=names,
                seat_count=seat_count,
                tournament_id=tournament_id,
                buy_in=buy_in,
                tournament_start=tournament_start,
                bounties=bounties,
                hero=hero,
                extras=extras,
            ),
            encoding="utf-8",
        )
        paths.append(path)
    return paths
