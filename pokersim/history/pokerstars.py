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
from functools import lru_cache
from pathlib import Path
from typing import Any

from pokersim.cards import format_cards
from pokersim.config import BettingStructure
from pokersim.events import ActionKind, PostKind
from pokersim.frozen import frozen
from pokersim.hand import HandResult
from pokersim.history._record import (
    ACT,
    BOARD,
    POST,
    UNCALLED,
    HandRecord,
    NameOf,
    Pot,
    describe,
    hole_text,
    name_function,
    read_hand,
)
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


@lru_cache(maxsize=64)  # a level's, every hand
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


def _pot_names(pots: tuple[Pot, ...]) -> list[str]:
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
    form = _StarsForm(names, seat_count, tournament_id, buy_in, tournament_start, hero)
    more = HandExtras(hand_number, bounties, tuple(finishes), progressive)
    return form.text(rec, more)


class _StarsForm:
    """What every hand of one PokerStars file shares: names, clock, table size, tournament."""

    __slots__ = (
        "buy_in",
        "clock",
        "games",
        "hero",
        "name_of",
        "seat_count",
        "start",
        "tournament",
    )

    def __init__(
        self,
        names: Mapping[int, str] | None,
        seat_count: int,
        tournament_id: int,
        buy_in: str,
        tournament_start: datetime | None,
        hero: int | None,
    ) -> None:
        self.name_of: NameOf = name_function(names)
        self.seat_count = seat_count
        self.tournament = tournament_id
        self.buy_in = buy_in
        self.hero = hero
        self.start = tournament_start
        self.games: dict[tuple[int, int, int], tuple[Any, ...]] = {}
        self.clock = None
        if tournament_start is not None and tournament_start.tzinfo is not None:
            self.clock = TournamentClock(tournament_start)

    def game(self, rec: HandRecord) -> str:
        """The first line's tournament, game and level: the same for a level's hands.

        Made once a level (the cache holds the level and the structure, so their ids stay
        theirs).
        """
        setup = rec.result.setup
        level, structure, index = rec.level, setup.structure, setup.level_index
        key = (id(level), id(structure), index)
        game = self.games.get(key)
        if game is None:
            if structure is _FIXED_LIMIT:
                stakes = f"{level.big_blind}/{2 * level.big_blind}"
            else:
                stakes = f"{level.small_blind}/{level.big_blind}"
            text = (
                f"Tournament #{self.tournament}, {self.buy_in} {_STRUCTURE_NAMES[structure]} - "
                f"Level {roman(index + 1)} ({stakes}) - "
            )
            game = self.games[key] = (level, structure, text)
        return str(game[2])

    def when(self, rec: HandRecord) -> str:
        """The hand's time: the player's local time then, in brackets, Eastern time.

        Parsers such as the ``poker`` package require the bracketed part.
        """
        if self.clock is not None:
            return self.clock.pokerstars(rec.result.setup.start_time)
        stamp = rec.hand_time(self.start).strftime("%Y/%m/%d %H:%M:%S")
        return f"{stamp} ET [{stamp} ET]"

    def text(self, rec: HandRecord, more: HandExtras) -> str:
        """One hand's text, lines joined without a final newline."""
        if self.seat_count < max(rec.seat_nos):
            raise ValueError(
                f"seat_count={self.seat_count} is below the highest seat number "
                f"{max(rec.seat_nos)} of table {rec.table_id}: pass the table size"
            )
        nm = list(map(self.name_of, rec.player_ids))
        lines = self.head(rec, nm, more)
        hand = _StarsHand(rec, nm, self.hero, lines)
        hand.body()
        won = hand.collected()
        if more.finishes:
            lines.extend(finish_lines(more.finishes, self.name_of, progressive=more.progressive))
        lines.append("*** SUMMARY ***")
        lines.append(_total_pot(rec.pots))
        if rec.board:
            lines.append(f"Board [{format_cards(rec.board, ' ')}]")
        hand.summary_seats(won)
        return "\n".join(lines)

    def head(self, rec: HandRecord, nm: list[str], more: HandExtras) -> list[str]:
        """The hand's first line, its table and its seats."""
        number = more.hand_number
        if number is None:
            number = pokerstars_hand_id(rec.table_id, rec.hand_no)
        tid = self.tournament
        lines = [
            f"PokerStars Hand #{number}: {self.game(rec)}{self.when(rec)}",
            f"Table '{tid} {rec.table_id}' {self.seat_count}-max "
            f"Seat #{rec.seat_nos[rec.button]} is the button",
        ]
        bounties = more.bounties
        ids, seat_nos, stacks = rec.player_ids, rec.seat_nos, rec.starting_stacks
        for s in range(rec.n):
            extra = ""
            if bounties is not None and ids[s] in bounties:
                extra = f", {_money(bounties[ids[s]])} bounty"
            lines.append(f"Seat {seat_nos[s]}: {nm[s]} ({stacks[s]} in chips{extra})")
        return lines


_FIXED_LIMIT = BettingStructure.FIXED_LIMIT
_FOLD, _CHECK, _CALL, _BET = ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET
_ANTE = PostKind.ANTE
_POSTS = {
    PostKind.ANTE: "posts the ante",
    PostKind.SMALL_BLIND: "posts small blind",
    PostKind.BIG_BLIND: "posts big blind",
}


def _total_pot(pots: tuple[Pot, ...]) -> str:
    total = sum([p.amount for p in pots])
    if len(pots) <= 1:
        return f"Total pot {total} | Rake 0"
    parts = [f"Main pot {pots[0].amount}."]
    for p in pots[1:]:
        label = "Side pot" if len(pots) == 2 else f"Side pot-{p.pot_index}"
        parts.append(f"{label} {p.amount}.")
    return f"Total pot {total} " + " ".join(parts) + " | Rake 0"


class _StarsHand:
    """The lines of one hand's play, from its steps, in PokerStars' order."""

    __slots__ = (
        "described",
        "fold_street",
        "hero",
        "hole_written",
        "lines",
        "nm",
        "rec",
        "showdown",
        "showdown_written",
        "voluntary",
    )

    def __init__(self, rec: HandRecord, nm: list[str], hero: int | None, lines: list[str]):
        self.rec = rec
        self.nm = nm
        self.hero = hero
        self.lines = lines
        self.showdown = rec.n - len(rec.folded_seats) > 1
        self.hole_written = False
        self.showdown_written = False
        self.described: dict[int, str] = {}  # each hand shown, in words (showdown, summary)
        self.fold_street: dict[int, int] = {}
        self.voluntary: set[int] = set()  # seats that put chips in of their own

    def body(self) -> None:
        """From the forced bets to the showdown."""
        rec, nm, lines = self.rec, self.nm, self.lines
        current = rec.level.big_blind  # the price pre-flop is the level's big blind (R-BLIND-1)
        posts_written = False
        for step in rec.steps:
            code = step[0]
            if code == POST:
                if not posts_written:
                    self.posts()
                    posts_written = True
                continue
            if not self.hole_written:
                self.hole()
            if code == ACT:
                current = self.action(step, current)
            elif code == BOARD:
                current = 0
                new = format_cards(step[2], " ")
                if step[1] == 1:
                    lines.append(f"*** FLOP *** [{new}]")
                else:
                    board = step[3]
                    before = format_cards(board[: len(board) - len(step[2])], " ")
                    lines.append(f"*** {_STREETS[step[1] - 1].upper()} *** [{before}] [{new}]")
            elif code == UNCALLED:
                lines.append(f"Uncalled bet ({step[2]}) returned to {nm[step[1]]}")
            elif self.showdown and not self.showdown_written:  # the first pot
                self.show()
        if not self.hole_written:
            self.hole()
        if self.showdown and not self.showdown_written:
            self.show()

    def posts(self) -> None:
        """Every forced bet, antes first, by seat number.

        PokerStars writes every ante before the blinds, the big-blind ante included (which the
        engine posts after the blind, R-ANTE-1), and the antes by seat number from seat 1 (the
        engine posts them from the small blind on); "and is all-in" goes on a player's last
        post.
        """
        seat_nos = self.rec.seat_nos
        posts = sorted(
            self.rec.posts,
            key=lambda p: (p[2] is not _ANTE, seat_nos[p[1]] if p[2] is _ANTE else 0),
        )
        last_post = {p[1]: k for k, p in enumerate(posts)}
        all_in_seats = {p[1] for p in posts if p[4]}
        nm = self.nm
        for k, (_, seat, kind, amount, _) in enumerate(posts):
            last = last_post[seat] == k and seat in all_in_seats
            tail = " and is all-in" if last else ""
            self.lines.append(f"{nm[seat]}: {_POSTS[kind]} {amount}{tail}")

    def hole(self) -> None:
        """``*** HOLE CARDS ***`` and who was dealt what (with ``hero``: only them)."""
        self.hole_written = True
        rec, nm, hero = self.rec, self.nm, self.hero
        self.lines.append("*** HOLE CARDS ***")
        for s in rec.order:
            if hero is None or rec.player_ids[s] == hero:
                self.lines.append(f"Dealt to {nm[s]} [{hole_text(rec.hole[s], ' ')}]")

    def action(self, step: tuple[Any, ...], current: int) -> int:
        """An action's lines; returns the round's price after it."""
        _, seat, street, kind, amount, to, all_in, timed_out = step
        name = self.nm[seat]
        lines = self.lines
        tail = " and is all-in" if all_in else ""
        if amount > 0:
            self.voluntary.add(seat)
        if timed_out:
            lines.append(f"{name} has timed out")
        if kind is _FOLD:
            lines.append(f"{name}: folds")
            self.fold_street[seat] = street
        elif kind is _CHECK:
            lines.append(f"{name}: checks")
        elif kind is _CALL:
            lines.append(f"{name}: calls {amount}{tail}")
        elif kind is _BET:
            lines.append(f"{name}: bets {amount}{tail}")
            return to
        else:
            lines.append(f"{name}: raises {to - current} to {to}{tail}")
            return max(current, to)
        return current

    def show(self) -> None:
        """``*** SHOW DOWN ***`` and the hands shown, in showing order."""
        self.showdown_written = True
        rec, nm = self.rec, self.nm
        self.lines.append("*** SHOW DOWN ***")
        for s in rec.show_order():
            words = self.words(s)
            self.lines.append(f"{nm[s]}: shows [{hole_text(rec.hole[s], ' ')}] ({words})")

    def words(self, seat: int) -> str:
        """The seat's best hand with the board, in words (described once a hand)."""
        words = self.described.get(seat)
        if words is None:
            rec = self.rec
            words = self.described[seat] = describe(rec.hole[seat] + rec.board)
        return words

    def collected(self) -> list[int]:
        """The pots' lines (the last side pot first, as PokerStars pays); what each seat won."""
        rec, nm, lines = self.rec, self.nm, self.lines
        pot_names = _pot_names(rec.pots)
        won = [0] * rec.n
        for pot in reversed(rec.pots):
            for seat, share in zip(pot.winners, pot.shares):
                won[seat] += share
                if share:
                    lines.append(f"{nm[seat]} collected {share} from {pot_names[pot.pot_index]}")
        if not self.showdown:
            for seat in sorted({w for pot in rec.pots for w in pot.winners}):
                lines.append(f"{nm[seat]}: doesn't show hand")
        return won

    def summary_seats(self, won: list[int]) -> None:
        """The summary's line of every seat."""
        rec, nm = self.rec, self.nm
        sb, bb = rec.small_blind_seat(), rec.big_blind_seat()
        fold_street, voluntary = self.fold_street, self.voluntary
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
                    self.lines.append(f"{head} folded before Flop{didnt}")
                else:
                    self.lines.append(f"{head} folded on the {_STREETS[st - 1]}")
            elif self.showdown:
                cards = hole_text(rec.hole[s], " ")
                if won[s]:
                    self.lines.append(
                        f"{head} showed [{cards}] and won ({won[s]}) with {self.words(s)}"
                    )
                else:
                    self.lines.append(f"{head} showed [{cards}] and lost with {self.words(s)}")
            else:
                self.lines.append(f"{head} collected ({won[s]})")


def hands_to_pokerstars(
    hands: Iterable[HandResult | HandRecord],
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

    A hand is a ``HandResult`` or, already read, its ``HandRecord`` (``read_hand``: a run's
    recorder reads each hand once for both formats). ``extras`` gives each hand's own
    ``HandExtras`` (hand number, bounties at its start, the players out in it); without it
    every hand uses ``bounties`` and the default numbering.
    """
    form = _StarsForm(names, seat_count, tournament_id, buy_in, tournament_start, hero)
    plain = HandExtras(bounties=bounties)
    texts = []
    for hand in hands:
        rec = hand if isinstance(hand, HandRecord) else read_hand(hand)
        texts.append(form.text(rec, plain if extras is None else extras(rec.result)))
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
