"""What the two hand-history text dialects (PokerStars, Winning Poker Network) read alike.

Both write a file as hands one after another, each a header line, a ``Table`` line, ``Seat``
lines, then posts, actions, ``***`` street markers and a ``*** SUMMARY ***`` section; they
differ in the header, the seat and pot lines, how chips are written and what a summary says.
``read_hands`` splits a file and reads each hand on its own, a ``HandError`` in place of a
hand that cannot be read; ``TextReader`` holds one hand's state and the lines read alike, and
each dialect's reader adds the rest.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pokersim.cards import parse_cards
from pokersim.errors import ConfigError
from pokersim.history.imported import (
    Bets,
    HandError,
    ImportedAction,
    ImportedHand,
    ImportedPot,
    ImportedSeat,
)

__all__ = ["CARDS", "TextReader", "read_hands", "split_lines"]

CARDS = r"\[([2-9TJQKA][cdhs](?: [2-9TJQKA][cdhs])*)\]"
_STREET = re.compile(r"^\*\*\* (FLOP|TURN|RIVER) \*\*\* (?:\[[^\]]*\] )?" + CARDS + "$")
_DEALT = re.compile(r"^Dealt to (.+?) " + CARDS + "$")
_STREET_NO = {"FLOP": 1, "TURN": 2, "RIVER": 3}


def split_lines(text: str, starts: Callable[[str], bool], first: str) -> list[list[str]]:
    """The file's hands as lists of lines (blank lines dropped), each from a line ``starts``.

    Text before the first hand is an error naming ``first``, how a hand's first line begins.
    """
    hands: list[list[str]] = []
    for raw in text.lstrip("\ufeff").splitlines():
        line = raw.strip()
        if not line:
            continue
        if starts(line):
            hands.append([line])
        elif not hands:
            raise ConfigError(f"expected a first line '{first}...', got {line[:60]!r}")
        else:
            hands[-1].append(line)
    return hands


def read_hands(
    text: str,
    source: str,
    *,
    split: Callable[[str], list[list[str]]],
    number: re.Pattern[str],
    empty: str,
    reader: type[TextReader],
) -> list[ImportedHand | HandError]:
    """Every hand of ``text``, each an ``ImportedHand`` or the error that stops it.

    ``number`` matches a hand's first line with the hand's number as group 1; ``empty`` says
    what was expected of a file without hands.
    """
    try:
        hands = split(text)
    except ConfigError as exc:
        raise ConfigError(f"{source}: {exc}") from None
    if not hands:
        raise ConfigError(f"{source}: empty: {empty}")
    out: list[ImportedHand | HandError] = []
    for k, lines in enumerate(hands, start=1):
        found = number.match(lines[0])
        label = f"hand #{found.group(1) if found else '?'} ({k} of {len(hands)})"
        try:
            out.append(reader(source, label, lines).hand())
        except HandError as exc:
            out.append(exc)
    return out


class TextReader:
    """One hand's lines, read top to bottom; a dialect fills in the patterns and the rest.

    The dialect's ``POST`` pattern gives the post's kind (group 1, named in ``POST_KINDS``)
    and amount (group 2); its ``ACTION`` pattern the verb (group 1), a call's or bet's chips
    (group 2 or 3) and a raise's two amounts (groups 4 and 5).
    """

    NAME_END: str  # what follows a player's name at the start of the player's lines
    UNCALLED: re.Pattern[str]  # chips returned (group 1) to a player (group 2)
    POST: re.Pattern[str]
    POST_KINDS: dict[str, str]  # the dialect's words -> "small blind", "big blind", "ante"
    ACTION: re.Pattern[str]
    SHOWS: re.Pattern[str]  # a player's line showing cards (group 1)
    QUIET: re.Pattern[str]  # a player's lines that change nothing
    MARKERS: tuple[str, ...]  # the '*** ... ***' lines other than streets and the summary

    def __init__(self, source: str, label: str, lines: list[str]) -> None:
        self.source = source
        self.label = label
        self.lines = lines
        self.street = 0
        self.board: list[int] = []
        self.boards: list[tuple[int, ...]] = []
        self.hole: dict[str, tuple[int, int]] = {}
        self.actions: list[ImportedAction] = []
        self.posts: dict[str, list[tuple[str, int]]] = {}
        self.returned: dict[str, int] = {}
        self.pot_amounts: dict[int, int] = {}
        self.summary = False
        self.bets: Bets
        self.chips_at_start = 0

    def error(self, message: str) -> HandError:
        return HandError(self.source, self.label, message)

    def hand(self) -> ImportedHand:
        raise NotImplementedError

    def chips(self, text: str) -> int:
        """An amount of chips as the dialect writes it."""
        return int(text)

    def seated(self, seats: list[ImportedSeat], seat: ImportedSeat, line: str) -> None:
        """Add ``seat`` to the hand's seats; a seat number or a name already there is an error."""
        if any(s.seat_no == seat.seat_no or s.name == seat.name for s in seats):
            raise self.error(f"expected each seat and name once, got {line!r} again")
        seats.append(seat)

    def _play(self, seats: list[ImportedSeat], rest: list[str]) -> None:
        """The lines after the seats, to the end of the summary."""
        names = sorted((s.name for s in seats), key=len, reverse=True)
        self.bets = Bets({s.name: s.stack for s in seats})
        self.chips_at_start = sum(s.stack for s in seats)
        for line in rest:
            self._line(line, names)
        if not self.summary:
            raise self.error("truncated: expected a '*** SUMMARY ***' section at its end")

    def _line(self, line: str, names: list[str]) -> None:
        if line.startswith("*** "):
            self._marker(line)
            return
        if self.summary:
            self._summary_line(line)
            return
        for name in names:
            if line.startswith(name + self.NAME_END):
                self._player_line(name, line[len(name) + len(self.NAME_END) :])
                return
        if m := _DEALT.match(line):
            if m.group(1) in names:
                self.hole[m.group(1)] = self._pair(m.group(2))
        elif m := self.UNCALLED.match(line):
            who = m.group(2)
            self.returned[who] = self.returned.get(who, 0) + self.chips(m.group(1))
        else:
            self._other_line(line)

    def _other_line(self, line: str) -> None:
        """A line before the summary that names no player first, nor deals nor returns chips."""
        raise NotImplementedError

    def _summary_line(self, line: str) -> None:
        raise NotImplementedError

    def _marker(self, line: str) -> None:
        if line.startswith("*** SUMMARY"):
            self.summary = True
        elif m := _STREET.match(line):
            street = _STREET_NO[m.group(1)]
            if street != self.street + 1:
                raise self.error(f"expected streets in order, got {line!r}")
            self.street = street
            self.board.extend(parse_cards(m.group(2).split()))
            self.boards.append(tuple(self.board))
            self.bets.new_street()
        elif not line.startswith(self.MARKERS):
            raise self.error(f"expected a known '*** ... ***' line, got {line!r}")

    def _pair(self, text: str) -> tuple[int, int]:
        cards = parse_cards(text.split())
        if len(cards) != 2:
            raise self.error(f"expected two hole cards (hold'em), got [{text}]")
        return cards[0], cards[1]

    def _player_line(self, name: str, what: str) -> None:
        if m := self.POST.match(what):
            kind = self.POST_KINDS[m.group(1)]
            amount = self.chips(m.group(2))
            self.posts.setdefault(kind, []).append((name, amount))
            self.bets.post(name, amount, live=kind != "ante")
        elif m := self.ACTION.match(what):
            self.actions.append(self._action(name, m))
        elif self._collected_line(name, what):
            pass
        elif m := self.SHOWS.match(what):
            self.hole[name] = self._pair(m.group(1))
        elif not self.QUIET.match(what):
            raise self.error(f"unsupported line for {name}: {what!r}")

    def _collected_line(self, name: str, what: str) -> bool:
        """Whether ``what`` is a player's line taking chips from a pot (read if so)."""
        return False

    def _action(self, name: str, m: re.Match[str]) -> ImportedAction:
        verb = m.group(1).split()[0]
        before = self.bets.round[name]
        if verb in ("calls", "bets"):
            chips = self.chips(m.group(2) or m.group(3))
            self.bets.put(name, chips)
            plain = "call" if verb == "calls" else "bet"
            return ImportedAction(
                street=self.street, name=name, verb=plain, to=before + chips, chips=chips
            )
        if verb == "raises":
            to = self._raise_to(name, m, before)
            self.bets.put(name, to - before)
            return ImportedAction(
                street=self.street, name=name, verb="raise", to=to, chips=to - before
            )
        plain = "fold" if verb == "folds" else "check"
        return ImportedAction(street=self.street, name=name, verb=plain, to=before, chips=0)

    def _raise_to(self, name: str, m: re.Match[str], before: int) -> int:
        """What a raise brings the player's bet to, ``before`` already in."""
        return self.chips(m.group(5))

    def _blind_posts(
        self,
    ) -> tuple[list[tuple[str, int]], list[tuple[str, int]], list[tuple[str, int]]]:
        """The small blind, big blind and ante posts; more than one of either blind: error."""
        sb_posts = self.posts.get("small blind", [])
        bb_posts = self.posts.get("big blind", [])
        if len(sb_posts) > 1 or len(bb_posts) > 1:
            raise self.error("more than one small or big blind posted: expected one of each")
        return sb_posts, bb_posts, self.posts.get("ante", [])

    def _final_stacks(self, paid: list[tuple[str, int]]) -> dict[str, int]:
        """The chips behind after the hand: what was left plus what was returned and won."""
        final = dict(self.bets.behind)
        for name, chips in paid:
            if name not in final:
                raise self.error(f"chips paid to {name!r}, who is not dealt in")
            final[name] += chips
        return final

    def check_conserved(self, final: dict[str, int]) -> None:
        """A tournament hand has no rake: the chips at the end are the chips at the start."""
        if sum(final.values()) != self.chips_at_start:
            put = self.chips_at_start - sum(self.bets.behind.values())
            paid = sum(final.values()) - sum(self.bets.behind.values())
            raise self.error(f"{put} chips put in but {paid} paid out: the amounts do not add up")

    def _stated_pots(self, shares: dict[int, dict[str, int]]) -> tuple[ImportedPot, ...]:
        """Each pot as the history states it, with what each player took from it."""
        return tuple(
            ImportedPot(index=k, amount=self.pot_amounts.get(k), shares=shares.get(k, {}))
            for k in sorted(set(self.pot_amounts) | set(shares))
        )
