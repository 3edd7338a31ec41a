"""PokerStars tournament hand-history text read back into ``ImportedHand``s.

A file holds hands one after another, each starting with a ``PokerStars Hand #`` (older files:
``Game #``) line. Each hand is read on its own: a hand this reader cannot take (a cash game,
another game than hold'em, a truncated hand, run it twice, a dead blind) gives a ``HandError``
in its place, naming the file, the hand and what was expected, and the others still import.
Chat and table-presence lines are skipped; any other line that names a player and does not
read as a post, an action, a show or a muck is refused rather than guessed at. The lines read
as in Winning Poker Network text: ``text_reader``.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

from pokersim.history.imported import (
    HandError,
    ImportedHand,
    ImportedSeat,
    check_replayable,
)
from pokersim.history.text_reader import CARDS, TextReader, read_hands, split_lines

__all__ = ["read_pokerstars", "split_hands"]

_HEADER = re.compile(r"^PokerStars (?:Zoom |Home Game |Tournament )?(?:Hand|Game) #(\d+):\s*(.*)$")
_GAME = re.compile(r"Hold'em (No Limit|Pot Limit|Limit)")
_LEVEL = re.compile(r"Level \w+ \((\d+)/(\d+)\)")
_TABLE = re.compile(r"^Table '([^']*)'(?: (\d+)-max)?.*?Seat #(\d+) is the button")
_TOURNAMENT = re.compile(r"Tournament #(\d+)")
# The start in the site's own clock, US Eastern time: the header's last time, ``... ET`` or
# ``[... ET]`` after the player's local time.
_EASTERN_START = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2}) ET\]?\s*$")
_EASTERN = ZoneInfo("America/New_York")
_SEAT = re.compile(r"^Seat (\d+): (.+?) \((\d+) in chips(?:, [^)]*)?\)(.*)$")
_COLLECTED = re.compile(r"^(.+?) collected (\d+) from (pot|main pot|side pot(?:-(\d+))?)$")
_TOTAL = re.compile(r"^Total pot (\d+)(.*?)\| Rake (\d+)")
_SIDE = re.compile(r"(Main pot|Side pot(?:-(\d+))?) (\d+)\.")
_SUMMARY_CARDS = re.compile(r"^Seat \d+: (.+?)(?: \([^)]*\))* (?:showed|mucked) " + CARDS)
_STRUCTURES = {"No Limit": "no-limit", "Pot Limit": "pot-limit", "Limit": "fixed-limit"}


def split_hands(text: str) -> list[list[str]]:
    """The file's hands as lists of lines (blank lines dropped).

    Text before the first hand is an error.
    """
    return split_lines(
        text,
        lambda line: line.startswith("PokerStars ") and _HEADER.match(line) is not None,
        "PokerStars Hand #",
    )


def read_pokerstars(text: str, source: str) -> list[ImportedHand | HandError]:
    """Every hand of a PokerStars text, each an ``ImportedHand`` or the error that stops it."""
    return read_hands(
        text,
        source,
        split=split_hands,
        number=_HEADER,
        empty="expected PokerStars hands ('PokerStars Hand #...')",
        reader=_Reader,
    )


class _Reader(TextReader):
    """One PokerStars hand: whole chips, pots and rake in the summary, one line per win."""

    NAME_END = ": "
    UNCALLED = re.compile(r"^Uncalled bet \((\d+)\) returned to (.+)$")
    POST = re.compile(r"^posts (small blind|big blind|the ante) (\d+)( and is all-in)?$")
    POST_KINDS = {"small blind": "small blind", "big blind": "big blind", "the ante": "ante"}
    ACTION = re.compile(
        r"^(folds|checks|calls (\d+)|bets (\d+)|raises (\d+) to (\d+))"
        r"( and is all-in)?(?: \[.*\])?$"
    )
    SHOWS = re.compile(r"^shows " + CARDS)
    QUIET = re.compile(r"^(shows \[.*|mucks hand|doesn't show hand|sits out|is sitting out)")
    MARKERS = ("*** HOLE CARDS", "*** SHOW DOWN", "*** PRE-FLOP")

    def __init__(self, source: str, label: str, lines: list[str]) -> None:
        super().__init__(source, label, lines)
        self.collected: dict[int, dict[str, int]] = {}

    def hand(self) -> ImportedHand:
        hand_id, structure, sb, bb = self._header(self.lines[0])
        if len(self.lines) < 2:
            raise self.error("truncated: expected a 'Table ...' line after the header")
        table, seat_count, button = self._table(self.lines[1])
        seats, rest = self._seats(self.lines[2:])
        if not seats:
            raise self.error("truncated: expected 'Seat N: name (chips in chips)' lines")
        if seat_count is None:
            seat_count = max(9, max(s.seat_no for s in seats))
        self._play(seats, rest)
        place = {"table": table, **_place(self.lines[0])}
        return self._build(hand_id, structure, sb, bb, seat_count, button, seats, place)

    def _header(self, line: str) -> tuple[str, str, int, int]:
        m = _HEADER.match(line)
        assert m is not None  # split_hands starts hands only at header lines
        rest = m.group(2)
        game = _GAME.search(rest)
        if game is None:
            what = rest.split(" - ")[0].split(", ")[-1]
            raise self.error(
                f"expected a Hold'em game (No Limit, Pot Limit or Limit), got {what!r}"
            )
        if "Tournament #" not in rest:
            raise self.error(
                "a cash game (no 'Tournament #' in the header): expected a tournament hand"
            )
        level = _LEVEL.search(rest)
        if level is None:
            raise self.error(f"expected 'Level N (small/big)' in the header, got {rest!r}")
        return m.group(1), _STRUCTURES[game.group(1)], int(level.group(1)), int(level.group(2))

    def _table(self, line: str) -> tuple[str, int | None, int]:
        m = _TABLE.match(line)
        if m is None:
            raise self.error(f"expected \"Table '...' Seat #N is the button\", got {line!r}")
        return m.group(1), (int(m.group(2)) if m.group(2) else None), int(m.group(3))

    def _seats(self, lines: list[str]) -> tuple[list[ImportedSeat], list[str]]:
        seats: list[ImportedSeat] = []
        k = 0
        while k < len(lines) and (m := _SEAT.match(lines[k])):
            if "out of hand" not in m.group(4):
                seat = ImportedSeat(seat_no=int(m.group(1)), name=m.group(2), stack=int(m.group(3)))
                self.seated(seats, seat, lines[k])
            k += 1
        return seats, lines[k:]

    def _other_line(self, line: str) -> None:
        if m := _COLLECTED.match(line):
            index = 0 if m.group(3) in ("pot", "main pot") else int(m.group(4) or 1)
            shares = self.collected.setdefault(index, {})
            shares[m.group(1)] = shares.get(m.group(1), 0) + int(m.group(2))

    def _marker(self, line: str) -> None:
        if line.startswith(("*** FIRST", "*** SECOND")):
            raise self.error(f"the board run more than once ({line!r}): not supported")
        super()._marker(line)

    def _summary_line(self, line: str) -> None:
        if m := _TOTAL.match(line):
            if int(m.group(3)):
                raise self.error(f"rake {m.group(3)}: expected a tournament hand (Rake 0)")
            parts = _SIDE.findall(m.group(2))
            if not parts:
                self.pot_amounts[0] = int(m.group(1))
            for label, index, amount in parts:
                k = 0 if label == "Main pot" else int(index or 1)
                self.pot_amounts[k] = int(amount)
        elif m := _SUMMARY_CARDS.match(line):
            self.hole.setdefault(m.group(1), self._pair(m.group(2)))

    def _build(
        self,
        hand_id: str,
        structure: str,
        sb: int,
        bb: int,
        seat_count: int,
        button: int,
        seats: list[ImportedSeat],
        place: dict[str, Any],
    ) -> ImportedHand:
        """The hand's record; ``place``: its tournament, table and start (``_place``)."""
        sb_posts, bb_posts, antes = self._blind_posts()
        if structure == "fixed-limit":  # the header gives the small and big bets
            bb = sb
            sb = _limit_small_blind(sb_posts, antes, seats, bb)
        bb_name = bb_posts[0][0] if bb_posts else None
        ante = max((a for _n, a in antes), default=0)
        ante_kind = "none"
        if antes:
            only_bb = len(antes) == 1 and antes[0][0] == bb_name
            ante_kind = "bb" if only_bb else "classic"
            if ante_kind == "classic" and len(antes) != len(seats):
                raise self.error(
                    f"antes posted by {len(antes)} of {len(seats)} players: expected every "
                    "player (classic antes) or the big blind only (big-blind ante)"
                )
        if sum(self.pot_amounts.values()) != sum(
            v for s in self.collected.values() for v in s.values()
        ):
            raise self.error(
                f"pots of {sum(self.pot_amounts.values())} chips in the summary but "
                f"{sum(v for s in self.collected.values() for v in s.values())} collected"
            )
        paid = [*self.returned.items(), *(i for s in self.collected.values() for i in s.items())]
        final = self._final_stacks(paid)
        hand = ImportedHand(
            source=self.source,
            label=self.label,
            origin="PokerStars",
            hand_id=hand_id,
            structure=structure,
            small_blind=sb,
            big_blind=bb,
            ante=ante,
            ante_kind=ante_kind,
            seat_count=seat_count,
            seats=tuple(seats),
            button=button,
            small_blind_name=sb_posts[0][0] if sb_posts else None,
            big_blind_name=bb_name,
            hole=self.hole,
            board=tuple(self.board),
            boards=tuple(self.boards),
            actions=tuple(self.actions),
            pots=self._stated_pots(self.collected),
            final_stacks=final,
            **place,
        )
        check_replayable(hand)
        self.check_conserved(final)
        return hand


def _limit_small_blind(
    sb_posts: list[tuple[str, int]],
    antes: list[tuple[str, int]],
    seats: list[ImportedSeat],
    bb: int,
) -> int:
    """A fixed-limit level's small blind: the one posted, unless the poster was all-in by it.

    A limit header states the bets, not the blinds (15/30 has blinds of 10 and 15), so the
    small blind is read from its post. A post that took the poster's last chips says only what
    the poster had: the level's blind is then unknown and taken as half the big blind, which
    the replay does not feel (the poster puts in all it has either way).
    """
    if not sb_posts or sb_posts[0][1] >= bb:
        return bb // 2
    name, posted = sb_posts[0]
    stack = next((s.stack for s in seats if s.name == name), posted + 1)
    if posted + sum(a for n, a in antes if n == name) >= stack:
        return bb // 2
    return posted


def _place(header: str) -> dict[str, Any]:
    """The hand's tournament number and start (UTC) as its header states them, for the pace.

    The start is the site's Eastern time (the header's last time); a header without one leaves
    it unknown, as does a time that does not exist (a typed date out of range).
    """
    tournament = _TOURNAMENT.search(header)
    when = _EASTERN_START.search(header)
    started = None
    if when is not None:
        try:
            year, month, day, hour, minute, second = map(int, when.groups())
            eastern = datetime(year, month, day, hour, minute, second, tzinfo=_EASTERN)
        except ValueError:
            eastern = None
        started = None if eastern is None else eastern.astimezone(UTC)
    return {"tournament": tournament.group(1) if tournament else "", "started": started}
