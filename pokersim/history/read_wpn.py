"""Winning Poker Network (Americas Cardroom) tournament text read back into ``ImportedHand``s.

A file holds hands one after another, each starting with a ``Game Hand #`` line that names the
tournament, the level and the hand's start in UTC; ``Table '...'`` names the table. Both are
kept on the hand (``tournament``, ``table``, ``started``) so that the pace of consecutive hands
at one table can be measured (``calibration.follows``). Chips are written with two decimals
(``36850.00``); tournament chips are whole, so any other amount is refused.

Hands the engine cannot replay (a dead small blind, a dead button) are read all the same, for
measurement; ``pokersim import`` refuses them (``importer``, ``check_replayable``). The site
leaves an uncalled raise in the pot without an ``Uncalled bet`` line in some hands won without a
showdown: the pot is stated without it, as the engine returns it. Each hand is read on its own:
one the reader cannot take gives a ``HandError`` in its place, naming the file, the hand and
what was expected; any line naming a player that does not read as a post, an action, a show or
a win is refused rather than guessed at. The lines read as in PokerStars text: ``text_reader``.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation

from pokersim.history.imported import HandError, ImportedHand, ImportedPot, ImportedSeat
from pokersim.history.text_reader import CARDS, TextReader, read_hands, split_lines

__all__ = ["HEADER_START", "read_wpn"]

HEADER_START = "Game Hand #"
_HEADER = re.compile(
    r"^Game Hand #(\d+) - (?:Tournament #(\d+) - )?Holdem\(([^)]*)\) - Level \d+ "
    r"\(([\d.]+)/([\d.]+)\)\s*- (\d{4}/\d\d/\d\d \d\d:\d\d:\d\d) UTC$"
)
_NUMBER = re.compile(r"Game Hand #(\d+)")
_TABLE = re.compile(r"^Table '([^']*)' (\d+)-max Seat #(\d+) is the button$")
_SEAT = re.compile(r"^Seat (\d+): (.+?) \(([\d.]+)\)( is sitting out)?$")
_WAITING = re.compile(r"^Seat \d+: .+ will be allowed to play after the button$")
_POT_LINE = re.compile(r"^(?:Main pot|Side pot\((\d+)\)) ([\d.]+)$")
_TOTAL = re.compile(r"^Total pot ([\d.]+)$")
_SUMMARY_WON = re.compile(
    r"^Seat \d+: (.+?) (?:\([^)]*\) )?(?:did not show|showed \[[^\]]*\]) and won ([\d.]+)"
)
_COLLECTED = re.compile(r"^collected ([\d.]+) from (?:main pot|side pot-(\d+))$")
_STRUCTURES = {"No Limit": "no-limit"}  # the only one seen in this format's histories


def split_hands(text: str) -> list[list[str]]:
    """The file's hands as lists of lines (blank lines dropped); text before the first: error."""
    return split_lines(text, lambda line: line.startswith(HEADER_START), HEADER_START)


def read_wpn(text: str, source: str) -> list[ImportedHand | HandError]:
    """Every hand of a Winning Poker Network text, each an ``ImportedHand`` or its error."""
    return read_hands(
        text,
        source,
        split=split_hands,
        number=_NUMBER,
        empty=f"expected hands ('{HEADER_START}...')",
        reader=_Reader,
    )


class _Reader(TextReader):
    """One Winning Poker Network hand: chips with decimals, wins on the player's lines."""

    NAME_END = " "
    UNCALLED = re.compile(r"^Uncalled bet \(([\d.]+)\) returned to (.+)$")
    POST = re.compile(r"^posts (ante|the small blind|the big blind) ([\d.]+)( and is all-in)?$")
    POST_KINDS = {"ante": "ante", "the small blind": "small blind", "the big blind": "big blind"}
    ACTION = re.compile(
        r"^(folds|checks|calls ([\d.]+)|bets ([\d.]+)|raises ([\d.]+) to ([\d.]+))"
        r"( and is all-in)?$"
    )
    SHOWS = re.compile(r"^shows " + CARDS + r"(?: \(.*\))?$")
    QUIET = re.compile(r"^(does not show|mucks(?: hand)?|is sitting out|has returned)$")
    MARKERS = ("*** HOLE CARDS", "*** SHOW DOWN")

    def __init__(self, source: str, label: str, lines: list[str]) -> None:
        super().__init__(source, label, lines)
        self.collected: dict[str, int] = {}
        self.pot_shares: dict[int, dict[str, int]] = {}
        self.won: dict[str, int] = {}
        self.total: int | None = None

    def chips(self, text: str) -> int:
        """A whole number of chips from ``36850.00``."""
        try:
            value = Decimal(text)
        except InvalidOperation:
            raise self.error(f"expected an amount of chips, got {text!r}") from None
        if value != value.to_integral_value() or value < 0:
            raise self.error(f"expected a whole number of tournament chips, got {text!r}")
        return int(value)

    def hand(self) -> ImportedHand:
        m = _HEADER.match(self.lines[0])
        if m is None:
            raise self.error(
                "expected 'Game Hand #N - Tournament #T - Holdem(No Limit) - Level L (small/big)"
                f"- YYYY/MM/DD hh:mm:ss UTC', got {self.lines[0]!r}"
            )
        hand_id, tournament, game, sb_text, bb_text, when = m.groups()
        if tournament is None:
            raise self.error("a cash game (no 'Tournament #' in the header): expected a tournament")
        if game not in _STRUCTURES:
            raise self.error(f"expected Holdem(No Limit), the one game read, got Holdem({game})")
        if len(self.lines) < 2 or (table := _TABLE.match(self.lines[1])) is None:
            raise self.error(
                "expected \"Table '...' N-max Seat #N is the button\" after the header"
            )
        seats, rest = self._seats(self.lines[2:])
        if not seats:
            raise self.error("truncated: expected 'Seat N: name (chips)' lines")
        self._play(seats, rest)
        return self._build(
            hand_id=hand_id,
            tournament=tournament,
            structure=_STRUCTURES[game],
            blinds=(self.chips(sb_text), self.chips(bb_text)),
            table=table,
            seats=seats,
            started=datetime.strptime(when, "%Y/%m/%d %H:%M:%S").replace(tzinfo=UTC),
        )

    def _seats(self, lines: list[str]) -> tuple[list[ImportedSeat], list[str]]:
        seats: list[ImportedSeat] = []
        k = 0
        while k < len(lines) and (lines[k].startswith("Seat ")):
            if m := _SEAT.match(lines[k]):
                stack = self.chips(m.group(3))
                seat = ImportedSeat(seat_no=int(m.group(1)), name=m.group(2), stack=stack)
                self.seated(seats, seat, lines[k])
            elif not _WAITING.match(lines[k]):
                raise self.error(f"expected 'Seat N: name (chips)', got {lines[k]!r}")
            k += 1
        return seats, lines[k:]

    def _other_line(self, line: str) -> None:
        if m := _POT_LINE.match(line):
            if m.group(1) is None:  # a new list of pots starts with the main pot
                self.pot_amounts = {}
            self.pot_amounts[int(m.group(1) or 0)] = self.chips(m.group(2))
        else:
            raise self.error(f"unsupported line {line!r}")

    def _collected_line(self, name: str, what: str) -> bool:
        if m := _COLLECTED.match(what):
            chips = self.chips(m.group(1))
            self.collected[name] = self.collected.get(name, 0) + chips
            shares = self.pot_shares.setdefault(int(m.group(2) or 0), {})
            shares[name] = shares.get(name, 0) + chips
            return True
        return False

    def _raise_to(self, name: str, m: re.Match[str], before: int) -> int:
        added, to = self.chips(m.group(4)), self.chips(m.group(5))
        if to - before != added:  # the site writes what the raise adds, then the total
            raise self.error(
                f"{name} raises {added} to {to} with {before} already in: expected the "
                f"chips added ({to - before}) first"
            )
        return to

    def _summary_line(self, line: str) -> None:
        if m := _TOTAL.match(line):
            self.total = self.chips(m.group(1))
        elif m := _SUMMARY_WON.match(line):
            self.won[m.group(1)] = self.won.get(m.group(1), 0) + self.chips(m.group(2))

    def _paid(self) -> dict[str, int]:
        """Who won what: the ``collected`` lines, or the summary's ``won`` when none."""
        paid = self.collected or self.won
        if self.collected and self.won and self.won != self.collected:
            raise self.error(f"collected {self.collected} but the summary says won {self.won}")
        if self.total is None or sum(paid.values()) != self.total:
            raise self.error(
                f"a total pot of {self.total} but {sum(paid.values())} won: the amounts do not "
                "add up"
            )
        return paid

    def _pots(self, seats: list[ImportedSeat]) -> tuple[ImportedPot, ...]:
        """The pots as the engine would have them.

        After a showdown: each pot as the last ``Main pot`` / ``Side pot`` lines state it, with
        what each player collected from it. Without one: one pot to the one who won it, less
        any uncalled chips the site left in it without an ``Uncalled bet`` line (a walk, some
        raises folded to), which the engine returns.
        """
        if self.pot_shares:
            return self._stated_pots(self.pot_shares)
        if len(self.won) != 1:
            raise self.error(f"no showdown but {len(self.won)} winners: expected one")
        ((winner, amount),) = self.won.items()
        put = {s.name: s.stack - self.bets.behind[s.name] for s in seats}
        top, second = sorted(put.values(), reverse=True)[:2] if len(put) > 1 else (0, 0)
        left_in = top - second - sum(self.returned.values())
        if left_in > 0 and put[winner] == top:
            amount -= left_in
        return (ImportedPot(index=0, amount=amount, shares={winner: amount}),)

    def _build(
        self,
        *,
        hand_id: str,
        tournament: str,
        structure: str,
        blinds: tuple[int, int],
        table: re.Match[str],
        seats: list[ImportedSeat],
        started: datetime,
    ) -> ImportedHand:
        sb_posts, bb_posts, antes = self._blind_posts()
        final = self._final_stacks([*self.returned.items(), *self._paid().items()])
        self.check_conserved(final)
        for name, stack in final.items():
            if stack < 0:
                raise self.error(f"{name} ends with {stack} chips: the amounts do not add up")
        return ImportedHand(
            source=self.source,
            label=self.label,
            origin="Winning Poker Network",
            hand_id=hand_id,
            structure=structure,
            small_blind=blinds[0],
            big_blind=blinds[1],
            ante=max((a for _n, a in antes), default=0),
            ante_kind="classic" if antes else "none",
            seat_count=int(table.group(2)),
            seats=tuple(seats),
            button=int(table.group(3)),
            small_blind_name=sb_posts[0][0] if sb_posts else None,
            big_blind_name=bb_posts[0][0] if bb_posts else None,
            hole=self.hole,
            board=tuple(self.board),
            boards=tuple(self.boards),
            actions=tuple(self.actions),
            pots=self._pots(seats),
            final_stacks=final,
            tournament=tournament,
            table=table.group(1),
            started=started,
        )
