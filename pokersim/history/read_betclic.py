"""Betclic.fr tournament hand histories (the site's own export) read back into ``ImportedHand``s.

An export lists a player's hands newest first, tournaments and tables interleaved. Each hand is
a ``*** HEADER ***`` block of ``Key: value`` lines (the tournament's ``Game ID``, the ``Table
ID``, the start to the second in UTC, blinds, ante, total pot), ``*** PLAYERS ***`` with the
button and the blinds marked on the seats (``[BTN]``, ``[SB]``, ``[BB Hero]``), the hole cards
known (the player's own, and those shown down), then each street's lines, every one stamped
with the site's clock (``14:09:40 - SIMBAROI: Calls 8000``), a ``*** SHOWDOWN ***`` and a
``*** SUMMARY ***`` naming who won which pot.

The reader returns the hands table by table, each table's in the order they were played, so
that consecutive hands follow one another (``calibration.follows``) as in the other formats.
Each action keeps the second it was stamped with, counted from the hand's start
(``ImportedHand.action_clock``): the time a player took to act. The export has no table size;
a table's ``seat_count`` is the highest seat number its hands show. A pot won without a
showdown is stated with any uncalled chips in it (a raise nobody called is "won" back): the pot
is stated without them, as the engine returns them. Each hand is read on its own: one the
reader cannot take gives a ``HandError`` naming the file, the hand and what was expected; a
line naming a player that reads as nothing known is refused rather than guessed at.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, datetime

from pokersim.cards import parse_cards
from pokersim.history.imported import (
    HandError,
    ImportedAction,
    ImportedHand,
    ImportedPot,
    ImportedSeat,
)
from pokersim.history.text_reader import CARDS, TextReader, read_hands, split_lines

__all__ = ["HEADER_START", "is_betclic", "read_betclic"]

HEADER_START = "*** HEADER ***"
SITE_LINE = "Site: Betclic.fr"
_SEPARATOR = re.compile(r"^-{3,}$")
_KEY = re.compile(r"^([A-Za-z &]+): (.*)$")
_STARTED = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) \(UTC\)$")
_BLINDS = re.compile(r"^(\d+)/(\d+)$")
_SEAT = re.compile(
    r"^Seat (\d+): (.+) \((\d+)\)(?: \[((?:BTN|SB|BB|Hero)(?: (?:SB|BB|Hero))*)\])?$"
)
_HOLE = re.compile(r"^" + CARDS + "$")
_STAMP = re.compile(r"^(\d\d):(\d\d):(\d\d) - (.*)$")
_STREET = re.compile(r"^\*\*\* (FLOP|TURN|RIVER) \*\*\* " + CARDS + "$")
_SHOWS = re.compile(r"^(.+?) shows " + CARDS + r"(?: \(.*\))?(?: \[[^\]]*\])?$")
_WINS = re.compile(r"^(.+?) wins (main pot|(\d+)(?:st|nd|rd|th) side pot) of (\d+)$")
_FINISHED = re.compile(r"^.+ finished \d+(?:st|nd|rd|th)$")
_STREET_NO = {"FLOP": 1, "TURN": 2, "RIVER": 3}
_NEEDED = ("Game Mode", "Game Type", "Game ID", "Hand ID", "Date & Time", "Table ID", "Blinds")


def is_betclic(text: str) -> bool:
    """Whether ``text`` reads as a Betclic.fr export: a header block naming the site."""
    lines = text.lstrip("\ufeff").lstrip().splitlines()[:3]
    return bool(lines) and lines[0].strip() == HEADER_START and SITE_LINE in map(str.strip, lines)


def split_hands(text: str) -> list[list[str]]:
    """The file's hands as lists of lines, blank lines and separators dropped.

    Each hand's ``Hand ID`` line comes first (its number in messages); text before the first
    hand is an error.
    """
    hands = []
    for lines in split_lines(text, lambda line: line == HEADER_START, HEADER_START):
        body = [line for line in lines[1:] if not _SEPARATOR.match(line)]
        first = [k for k, line in enumerate(body) if _HAND_ID.match(line)][:1]
        hand = [body[k] for k in first] + [x for k, x in enumerate(body) if k not in first]
        hands.append(hand or lines[:1])  # a header and nothing else: read as an error
    return hands


_HAND_ID = re.compile(r"^Hand ID: (\S+)")


def read_betclic(text: str, source: str) -> list[ImportedHand | HandError]:
    """Every hand of a Betclic.fr export, table by table in the order played, or its error."""
    read = read_hands(
        text,
        source,
        split=split_hands,
        number=_HAND_ID,
        empty=f"expected hands ('{HEADER_START}' blocks)",
        reader=_Reader,
    )
    return _table_by_table(read)


def _table_by_table(read: list[ImportedHand | HandError]) -> list[ImportedHand | HandError]:
    """Hands grouped by table (tables in the order of their first hand), each in time order."""
    hands = [h for h in read if isinstance(h, ImportedHand)]
    first: dict[tuple[str, str], datetime] = {}
    seats: dict[tuple[str, str], int] = {}
    for h in hands:
        key = (h.tournament, h.table)
        assert h.started is not None
        first[key] = min(first.get(key, h.started), h.started)
        seats[key] = max(seats.get(key, 0), *(s.seat_no for s in h.seats))
    hands.sort(key=lambda h: (first[(h.tournament, h.table)], h.tournament, h.table, h.started))
    ordered: list[ImportedHand | HandError] = [
        replace(h, seat_count=seats[(h.tournament, h.table)]) for h in hands
    ]
    return ordered + [h for h in read if isinstance(h, HandError)]


class _Reader(TextReader):
    """One Betclic.fr hand: a header of keys, marked seats, stamped lines, stated winners."""

    NAME_END = ": "
    UNCALLED = re.compile(r"(?!)")  # no line returns chips: uncalled ones are "won" (_pots)
    # the shared reader's verbs are lower-case: a line's first word is lowered before these
    POST = re.compile(r"^posts (Ante|SB|BB) (\d+)( and is all-in)?$")
    POST_KINDS = {"Ante": "ante", "SB": "small blind", "BB": "big blind"}
    ACTION = re.compile(r"^(folds|checks|calls (\d+)|bets (\d+)|raises to (\d+))( and is all-in)?$")
    SHOWS = re.compile(r"(?!)")  # shown cards come as 'name shows [..]' (``_other_line``)
    QUIET = re.compile(r"^(sits out|sits in|disconnected|reconnected)$")
    MARKERS = ("*** HOLE CARDS", "*** PRE-FLOP", "*** SHOWDOWN")

    def __init__(self, source: str, label: str, lines: list[str]) -> None:
        super().__init__(source, label, lines)
        self.won: dict[int, dict[str, int]] = {}
        self.clock: list[int] = []  # each action's second, from the hand's start
        self.start_second = 0
        self.last_second = 0

    def hand(self) -> ImportedHand:
        head, k = self._header()
        missing = [key for key in _NEEDED if key not in head]
        if missing:
            raise self.error(f"expected the header's {', '.join(missing)}")
        if head["Game Mode"] != "Tournament":
            raise self.error(f"Game Mode {head['Game Mode']!r}: expected a Tournament")
        if head["Game Type"] != "NL Texas Hold'em":
            raise self.error(f"Game Type {head['Game Type']!r}: expected NL Texas Hold'em")
        started = _STARTED.match(head["Date & Time"])
        blinds = _BLINDS.match(head["Blinds"])
        if started is None or blinds is None:
            raise self.error(
                "expected 'Date & Time: YYYY-MM-DD hh:mm:ss (UTC)' and 'Blinds: small/big'"
            )
        when = datetime.strptime(started.group(1), "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC)
        self.start_second = self.last_second = when.hour * 3600 + when.minute * 60 + when.second
        seats, marks, rest = self._seats(self.lines[k:])
        self._play(seats, rest)
        return self._build(head, seats, marks, when, (int(blinds[1]), int(blinds[2])))

    def _header(self) -> tuple[dict[str, str], int]:
        head: dict[str, str] = {}
        for k, line in enumerate(self.lines):
            if line == "*** PLAYERS ***":
                return head, k + 1
            m = _KEY.match(line)
            if m is None:
                raise self.error(f"expected 'Key: value' header lines, got {line!r}")
            head[m.group(1)] = m.group(2)
        raise self.error("truncated: expected a '*** PLAYERS ***' line after the header")

    def _seats(self, lines: list[str]) -> tuple[list[ImportedSeat], dict[str, str], list[str]]:
        seats: list[ImportedSeat] = []
        marks: dict[str, str] = {}
        k = 0
        while k < len(lines) and lines[k].startswith("Seat "):
            m = _SEAT.match(lines[k])
            if m is None:
                raise self.error(f"expected 'Seat N: name (chips) [marks]', got {lines[k]!r}")
            self.seated(
                seats, ImportedSeat(seat_no=int(m[1]), name=m[2], stack=int(m[3])), lines[k]
            )
            for mark in (m[4] or "").split():  # heads-up: [BTN SB]
                marks[mark] = m[2]
            k += 1
        if len(seats) < 2:
            raise self.error("expected 'Seat N: name (chips)' lines for two players or more")
        return seats, marks, lines[k:]

    def _line(self, line: str, names: list[str]) -> None:
        stamp = _STAMP.match(line)
        if stamp is not None:
            second = int(stamp[1]) * 3600 + int(stamp[2]) * 60 + int(stamp[3])
            while second < self.last_second:  # past midnight
                second += 86_400
            self.last_second = second
            line = stamp[4]
        super()._line(line, names)

    def _marker(self, line: str) -> None:
        if line.startswith("*** SUMMARY"):
            self.summary = True
        elif m := _STREET.match(line):  # the whole board so far, each street
            street = _STREET_NO[m.group(1)]
            board = parse_cards(m.group(2).split())
            grown = street == 1 or tuple(board[:-1]) == tuple(self.board)
            if street != self.street + 1 or len(board) != street + 2 or not grown:
                raise self.error(
                    f"expected streets in order, each board the one before and a card: {line!r}"
                )
            self.street = street
            self.board = list(board)
            self.boards.append(tuple(board))
            self.bets.new_street()
        elif not line.startswith(self.MARKERS):
            raise self.error(f"expected a known '*** ... ***' line, got {line!r}")

    def _player_line(self, name: str, what: str) -> None:
        if what.startswith("["):  # the hole cards known, under '*** HOLE CARDS ***'
            m = _HOLE.match(what)
            if m is None:
                raise self.error(f"expected {name}'s two cards as '[Ah Kd]', got {what!r}")
            self.hole[name] = self._pair(m.group(1))
            return
        what = what[:1].lower() + what[1:]
        if self.ACTION.match(what):
            self.clock.append(self.last_second - self.start_second)
        super()._player_line(name, what)

    def _raise_to(self, name: str, m: re.Match[str], before: int) -> int:
        return int(m.group(4))

    def _action(self, name: str, m: re.Match[str]) -> ImportedAction:
        """The shared reading, checked: a call matches the bet or is all-in, as the line says."""
        top = max(self.bets.round.values())
        action = super()._action(name, m)
        left = self.bets.behind[name]
        short = action.verb == "call" and self.bets.round[name] != top and left != 0
        if short or left < 0 or (m.group(5) is not None) != (left == 0 and action.chips > 0):
            raise self.error(
                f"{name} {m.group(0)!r} with {left + action.chips} behind and {top} to match: "
                "the amounts do not add up"
            )
        return action

    def _other_line(self, line: str) -> None:
        if m := _SHOWS.match(line):
            if m.group(1) not in self.bets.behind:
                raise self.error(f"{m.group(1)!r} shows cards but is not dealt in")
            self.hole[m.group(1)] = self._pair(m.group(2))
        else:
            raise self.error(f"unsupported line {line!r}")

    def _summary_line(self, line: str) -> None:
        if m := _WINS.match(line):
            if m.group(1) not in self.bets.behind:
                raise self.error(f"chips paid to {m.group(1)!r}, who is not dealt in")
            index = 0 if m.group(2) == "main pot" else int(m.group(3))
            shares = self.won.setdefault(index, {})
            shares[m.group(1)] = shares.get(m.group(1), 0) + int(m.group(4))
        elif not _FINISHED.match(line):
            raise self.error(f"unsupported summary line {line!r}")

    def _build(
        self,
        head: dict[str, str],
        seats: list[ImportedSeat],
        marks: dict[str, str],
        started: datetime,
        blinds: tuple[int, int],
    ) -> ImportedHand:
        if "BTN" not in marks:
            raise self.error("expected a seat marked [BTN]")
        sb_posts, bb_posts, antes = self._blind_posts()
        pots = self._pots(seats, head)
        paid = [(name, chips) for pot in pots for name, chips in pot.shares.items()]
        final = self._final_stacks([*self.returned.items(), *paid])
        self.check_conserved(final)
        for name, stack in final.items():
            if stack < 0:
                raise self.error(f"{name} ends with {stack} chips: the amounts do not add up")
        button = next(s.seat_no for s in seats if s.name == marks["BTN"])
        return ImportedHand(
            source=self.source,
            label=self.label,
            origin="Betclic.fr",
            hand_id=head["Hand ID"],
            structure="no-limit",
            small_blind=blinds[0],
            big_blind=blinds[1],
            ante=max((a for _n, a in antes), default=0),
            ante_kind="classic" if antes else "none",
            seat_count=max(s.seat_no for s in seats),
            seats=tuple(seats),
            button=button,
            small_blind_name=sb_posts[0][0] if sb_posts else None,
            big_blind_name=bb_posts[0][0] if bb_posts else None,
            hole=self.hole,
            board=tuple(self.board),
            boards=tuple(self.boards),
            actions=tuple(self.actions),
            pots=pots,
            final_stacks=final,
            tournament=head["Game ID"],
            table=head["Table ID"],
            started=started,
            action_clock=tuple(self.clock),
        )

    def _pots(self, seats: list[ImportedSeat], head: dict[str, str]) -> tuple[ImportedPot, ...]:
        """The pots as the engine has them: chips nobody called returned to who put them in.

        After a showdown the site leaves such chips out of the pots; a pot won without one
        counts them in (a raise folded to is "won" back whole). Either way the pots won must
        be the header's total, and the chips put in that total or that and the uncalled ones.
        """
        put = {s.name: s.stack - self.bets.behind[s.name] for s in seats}
        total = sum(put.values())
        top, second = sorted(put.values(), reverse=True)[:2]
        uncalled = top - second
        stated = sum(sum(shares.values()) for shares in self.won.values())
        if head.get("Total Pot") != str(stated) or stated not in (total, total - uncalled):
            raise self.error(
                f"{total} chips put in ({uncalled} of them uncalled), a total pot of "
                f"{head.get('Total Pot')} and {stated} won: the amounts do not add up"
            )
        maker = next(n for n, v in put.items() if v == top)
        if uncalled:
            self.returned[maker] = self.returned.get(maker, 0) + uncalled
        left = uncalled if stated == total else 0  # still counted in the maker's winnings
        pots: list[ImportedPot] = []
        for index in sorted(self.won, reverse=True):  # the chips are in the last pot won
            shares = dict(self.won[index])
            if left:
                if shares.get(maker, 0) < left:
                    raise self.error(f"{maker} put in {left} chips nobody called, not won back")
                shares[maker] -= left
                left = 0
            shares = {n: c for n, c in shares.items() if c}
            if shares:
                pots.append(ImportedPot(index=0, amount=sum(shares.values()), shares=shares))
        return tuple(replace(p, index=k) for k, p in enumerate(reversed(pots)))
