"""PokerStars tournament hand-history text read back into ``ImportedHand``s.

A file holds hands one after another, each starting with a ``PokerStars Hand #`` (older files:
``Game #``) line. Each hand is read on its own: a hand this reader cannot take (a cash game,
another game than hold'em, a truncated hand, run it twice, a dead blind) gives a ``HandError``
in its place, naming the file, the hand and what was expected, and the others still import.
Chat and table-presence lines are skipped; any other line that names a player and does not
read as a post, an action, a show or a muck is refused rather than guessed at.
"""

from __future__ import annotations

import re

from pokersim.cards import parse_cards
from pokersim.errors import ConfigError
from pokersim.history.imported import (
    Bets,
    HandError,
    ImportedAction,
    ImportedHand,
    ImportedPot,
    ImportedSeat,
    check_replayable,
)

__all__ = ["read_pokerstars", "split_hands"]

_HEADER = re.compile(r"^PokerStars (?:Zoom |Home Game |Tournament )?(?:Hand|Game) #(\d+):\s*(.*)$")
_GAME = re.compile(r"Hold'em (No Limit|Pot Limit|Limit)")
_LEVEL = re.compile(r"Level \w+ \((\d+)/(\d+)\)")
_TABLE = re.compile(r"^Table '[^']*'(?: (\d+)-max)?.*?Seat #(\d+) is the button")
_SEAT = re.compile(r"^Seat (\d+): (.+?) \((\d+) in chips(?:, [^)]*)?\)(.*)$")
_CARDS = r"\[([2-9TJQKA][cdhs](?: [2-9TJQKA][cdhs])*)\]"
_STREET = re.compile(r"^\*\*\* (FLOP|TURN|RIVER) \*\*\* (?:\[[^\]]*\] )?" + _CARDS + "$")
_DEALT = re.compile(r"^Dealt to (.+?) " + _CARDS + "$")
_UNCALLED = re.compile(r"^Uncalled bet \((\d+)\) returned to (.+)$")
_COLLECTED = re.compile(r"^(.+?) collected (\d+) from (pot|main pot|side pot(?:-(\d+))?)$")
_TOTAL = re.compile(r"^Total pot (\d+)(.*?)\| Rake (\d+)")
_SIDE = re.compile(r"(Main pot|Side pot(?:-(\d+))?) (\d+)\.")
_SUMMARY_CARDS = re.compile(r"^Seat \d+: (.+?)(?: \([^)]*\))* (?:showed|mucked) " + _CARDS)
_POST = re.compile(r"^posts (small blind|big blind|the ante) (\d+)( and is all-in)?$")
_ACTION = re.compile(
    r"^(folds|checks|calls (\d+)|bets (\d+)|raises (\d+) to (\d+))( and is all-in)?(?: \[.*\])?$"
)
_QUIET = re.compile(r"^(shows \[.*|mucks hand|doesn't show hand|sits out|is sitting out)")
_STRUCTURES = {"No Limit": "no-limit", "Pot Limit": "pot-limit", "Limit": "fixed-limit"}
_STREET_NO = {"FLOP": 1, "TURN": 2, "RIVER": 3}


def split_hands(text: str) -> list[list[str]]:
    """The file's hands as lists of lines (blank lines dropped).

    Text before the first hand is an error.
    """
    hands: list[list[str]] = []
    for raw in text.lstrip("\ufeff").splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("PokerStars ") and _HEADER.match(line):
            hands.append([line])
        elif not hands:
            raise ConfigError(f"expected a first line 'PokerStars Hand #...', got {line[:60]!r}")
        else:
            hands[-1].append(line)
    return hands


def read_pokerstars(text: str, source: str) -> list[ImportedHand | HandError]:
    """Every hand of a PokerStars text, each an ``ImportedHand`` or the error that stops it."""
    try:
        hands = split_hands(text)
    except ConfigError as exc:
        raise ConfigError(f"{source}: {exc}") from None
    if not hands:
        raise ConfigError(f"{source}: empty: expected PokerStars hands ('PokerStars Hand #...')")
    out: list[ImportedHand | HandError] = []
    for k, lines in enumerate(hands, start=1):
        number = _HEADER.match(lines[0])
        label = f"hand #{number.group(1) if number else '?'} ({k} of {len(hands)})"
        try:
            out.append(_Reader(source, label, lines).hand())
        except HandError as exc:
            out.append(exc)
    return out


class _Reader:
    """One hand's lines, read top to bottom."""

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
        self.collected: dict[int, dict[str, int]] = {}
        self.pot_amounts: dict[int, int] = {}
        self.summary = False
        self.bets: Bets

    def error(self, message: str) -> HandError:
        return HandError(self.source, self.label, message)

    def hand(self) -> ImportedHand:
        hand_id, structure, sb, bb = self._header(self.lines[0])
        if len(self.lines) < 2:
            raise self.error("truncated: expected a 'Table ...' line after the header")
        seat_count, button = self._table(self.lines[1])
        seats, rest = self._seats(self.lines[2:])
        if not seats:
            raise self.error("truncated: expected 'Seat N: name (chips in chips)' lines")
        if seat_count is None:
            seat_count = max(9, max(s.seat_no for s in seats))
        names = sorted((s.name for s in seats), key=len, reverse=True)
        self.bets = Bets({s.name: s.stack for s in seats})
        for line in rest:
            self._line(line, names)
        if not self.summary:
            raise self.error("truncated: expected a '*** SUMMARY ***' section at its end")
        return self._build(hand_id, structure, sb, bb, seat_count, button, seats)

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

    def _table(self, line: str) -> tuple[int | None, int]:
        m = _TABLE.match(line)
        if m is None:
            raise self.error(f"expected \"Table '...' Seat #N is the button\", got {line!r}")
        return (int(m.group(1)) if m.group(1) else None), int(m.group(2))

    def _seats(self, lines: list[str]) -> tuple[list[ImportedSeat], list[str]]:
        seats: list[ImportedSeat] = []
        k = 0
        while k < len(lines) and (m := _SEAT.match(lines[k])):
            if "out of hand" not in m.group(4):
                seats.append(
                    ImportedSeat(seat_no=int(m.group(1)), name=m.group(2), stack=int(m.group(3)))
                )
            k += 1
        return seats, lines[k:]

    def _line(self, line: str, names: list[str]) -> None:
        if line.startswith("*** "):
            self._marker(line)
            return
        if self.summary:
            self._summary_line(line)
            return
        for name in names:
            if line.startswith(name + ": "):
                self._player_line(name, line[len(name) + 2 :])
                return
        if m := _DEALT.match(line):
            if m.group(1) in names:
                self.hole[m.group(1)] = self._pair(m.group(2))
        elif m := _UNCALLED.match(line):
            self.returned[m.group(2)] = self.returned.get(m.group(2), 0) + int(m.group(1))
        elif m := _COLLECTED.match(line):
            index = 0 if m.group(3) in ("pot", "main pot") else int(m.group(4) or 1)
            shares = self.collected.setdefault(index, {})
            shares[m.group(1)] = shares.get(m.group(1), 0) + int(m.group(2))

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
        elif line.startswith(("*** FIRST", "*** SECOND")):
            raise self.error(f"the board run more than once ({line!r}): not supported")
        elif not line.startswith(("*** HOLE CARDS", "*** SHOW DOWN", "*** PRE-FLOP")):
            raise self.error(f"expected a known '*** ... ***' line, got {line!r}")

    def _pair(self, text: str) -> tuple[int, int]:
        cards = parse_cards(text.split())
        if len(cards) != 2:
            raise self.error(f"expected two hole cards (hold'em), got [{text}]")
        return cards[0], cards[1]

    def _player_line(self, name: str, what: str) -> None:
        if m := _POST.match(what):
            kind = m.group(1)
            amount = int(m.group(2))
            self.posts.setdefault(kind, []).append((name, amount))
            self.bets.post(name, amount, live=kind != "the ante")
        elif m := _ACTION.match(what):
            self.actions.append(self._action(name, m))
        elif m := re.match(r"^shows " + _CARDS, what):
            self.hole[name] = self._pair(m.group(1))
        elif not _QUIET.match(what):
            raise self.error(f"unsupported line for {name}: {what!r}")

    def _action(self, name: str, m: re.Match[str]) -> ImportedAction:
        verb = m.group(1).split()[0]
        before = self.bets.round[name]
        if verb == "calls":
            chips = int(m.group(2))
            self.bets.put(name, chips)
            return ImportedAction(
                street=self.street, name=name, verb="call", to=before + chips, chips=chips
            )
        if verb == "bets":
            chips = int(m.group(3))
            self.bets.put(name, chips)
            return ImportedAction(
                street=self.street, name=name, verb="bet", to=before + chips, chips=chips
            )
        if verb == "raises":
            to = int(m.group(5))
            self.bets.put(name, to - before)
            return ImportedAction(
                street=self.street, name=name, verb="raise", to=to, chips=to - before
            )
        plain = "fold" if verb == "folds" else "check"
        return ImportedAction(street=self.street, name=name, verb=plain, to=before, chips=0)

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
    ) -> ImportedHand:
        sb_posts = self.posts.get("small blind", [])
        bb_posts = self.posts.get("big blind", [])
        antes = self.posts.get("the ante", [])
        if len(sb_posts) > 1 or len(bb_posts) > 1:
            raise self.error("more than one small or big blind posted: expected one of each")
        if structure == "fixed-limit":  # the header gives the small and big bets
            bb = sb
            sb = sb_posts[0][1] if sb_posts and sb_posts[0][1] < bb else bb // 2
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
        final = dict(self.bets.behind)
        paid = [*self.returned.items(), *(i for s in self.collected.values() for i in s.items())]
        for name, chips in paid:
            if name not in final:
                raise self.error(f"chips paid to {name!r}, who is not dealt in")
            final[name] += chips
        pots = tuple(
            ImportedPot(index=k, amount=self.pot_amounts.get(k), shares=self.collected.get(k, {}))
            for k in sorted(set(self.pot_amounts) | set(self.collected))
        )
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
            pots=pots,
            final_stacks=final,
        )
        check_replayable(hand)
        return hand
