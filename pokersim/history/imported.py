"""One hand read back from a hand history: the facts a regression case needs, format-free.

The readers (``read_pokerstars``, ``read_phh``) fill an ``ImportedHand`` from what the file
says, nothing more; ``case_text`` turns it into a case. What every reader shares lives here:
the chips each action puts in (``Bets``), the checks that make a hand one the engine can
replay (``check_replayable``), and the one error shape (``HandError``: file, hand, what was
expected) that ``pokersim import`` prints as one line.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import field, replace
from datetime import datetime

from pokersim.cards import format_card
from pokersim.errors import ConfigError
from pokersim.frozen import frozen

__all__ = [
    "STREETS",
    "Bets",
    "HandError",
    "ImportedAction",
    "ImportedHand",
    "ImportedPot",
    "ImportedSeat",
    "as_the_engine_plays",
    "check_replayable",
    "one_line",
]

STREETS = ("preflop", "flop", "turn", "river")
_EMPTY: Mapping[str, int] = {}


def one_line(text: str) -> str:
    """``text`` as written, or its ``repr`` when it holds a control character (a newline, ...).

    A file name or a PHH table's key goes into an error line and a case's first comment line:
    a newline in either would start another line (in the case, a live TOML line).
    """
    if any(unicodedata.category(c) == "Cc" for c in text):
        return repr(text)
    return text


class HandError(ConfigError):
    """A hand that cannot become a case: names the file, the hand and what was expected."""

    def __init__(self, source: str, hand: str, message: str) -> None:
        super().__init__(f"{one_line(source)}: {hand}: {message}")
        self.source = source
        self.hand = hand


@frozen(slots=True, kw_only=True)
class ImportedSeat:
    """A player dealt into the hand: table seat number, screen name, chips at the start."""

    seat_no: int
    name: str
    stack: int


@frozen(slots=True, kw_only=True)
class ImportedAction:
    """One voluntary action of one street.

    ``to`` is the player's round total after it (a bet or raise: to N chips); ``chips`` what it
    added (0 for a fold or a check).
    """

    street: int  # 0 pre-flop .. 3 river
    name: str
    verb: str  # fold, check, call, bet, raise
    to: int
    chips: int

    def script_word(self) -> str:
        """The decision as ``[[script.actions]]`` writes it (bet and raise: to N chips)."""
        return f"{self.verb} {self.to}" if self.verb in ("bet", "raise") else self.verb

    def expected(self) -> str:
        """The action as ``[[expect.streets]]`` writes it: ``"Ann call 20"``, ``"Ann raise 60"``."""
        if self.verb in ("bet", "raise"):
            return f"{self.name} {self.verb} {self.to}"
        if self.verb == "call":
            return f"{self.name} call {self.chips}"
        return f"{self.name} {self.verb}"


@frozen(slots=True, kw_only=True)
class ImportedPot:
    """One pot as the history states it: 0 is the main pot; ``shares`` by winner name."""

    index: int
    amount: int | None
    shares: Mapping[str, int]


@frozen(slots=True, kw_only=True)
class ImportedHand:
    """Everything a case needs from one hand; ``pots`` and ``final_stacks`` only when stated.

    ``tournament``, ``table`` and ``started`` place the hand among others, for the pace of
    consecutive hands at one table (read from PokerStars and Winning Poker Network text).
    """

    source: str  # the file, for messages
    label: str  # "hand #123 (2 of 5)", for messages
    origin: str  # "PokerStars", "PHH", "Winning Poker Network" or "Betclic.fr"
    hand_id: str
    structure: str  # no-limit, pot-limit, fixed-limit
    small_blind: int
    big_blind: int
    ante: int
    ante_kind: str  # none, classic, bb
    seat_count: int
    seats: tuple[ImportedSeat, ...]  # clockwise from table seat 1
    button: int  # seat number
    small_blind_name: str | None
    big_blind_name: str | None
    hole: Mapping[str, tuple[int, int]]  # the cards the history shows
    board: tuple[int, ...]
    actions: tuple[ImportedAction, ...]
    boards: tuple[tuple[int, ...], ...] = ()  # the board after each street dealt (flop first)
    pots: tuple[ImportedPot, ...] = ()
    final_stacks: Mapping[str, int] = field(default_factory=lambda: _EMPTY)
    tournament: str = ""  # the tournament's number, where the history states it
    table: str = ""  # the table's name within the tournament
    started: datetime | None = None  # the hand's start (UTC), where the history states it
    # each action's second after the start (same order as ``actions``), where the history
    # stamps every action: the time each decision took
    action_clock: tuple[int, ...] = ()

    def error(self, message: str) -> HandError:
        return HandError(self.source, self.label, message)

    def order_from_button(self) -> list[str]:
        """Names from the button's left round to the button (how the engine orders winners)."""
        k = next(i for i, s in enumerate(self.seats) if s.seat_no == self.button)
        n = len(self.seats)
        return [self.seats[(k + 1 + j) % n].name for j in range(n)]

    def live(self) -> list[str]:
        """Players who did not fold, from the button's left."""
        folded = {a.name for a in self.actions if a.verb == "fold"}
        return [p for p in self.order_from_button() if p not in folded]


class Bets:
    """Chips in front of each player in the current round and behind them, as actions come.

    ``price`` is what a call must reach at least: pre-flop the level's big blind even when
    the big blind is all-in for less (R-BLIND-1, as PokerStars plays it too); 0 after.
    """

    def __init__(self, stacks: Mapping[str, int], price: int = 0) -> None:
        self.behind = dict(stacks)
        self.round: dict[str, int] = dict.fromkeys(stacks, 0)
        self.price = price

    def new_street(self) -> None:
        self.round = dict.fromkeys(self.round, 0)
        self.price = 0

    def post(self, name: str, amount: int, *, live: bool) -> None:
        """A forced bet; a blind counts toward calling (``live``), an ante does not."""
        self.behind[name] -= amount
        if live:
            self.round[name] += amount

    def put(self, name: str, chips: int) -> None:
        self.behind[name] -= chips
        self.round[name] += chips

    def top(self) -> int:
        return max(self.price, *self.round.values())


def as_the_engine_plays(hand: ImportedHand) -> ImportedHand:
    """The hand with each raise nobody left could call more of written as the call it is.

    Some sites let a player raise all-in when every other player still in has less behind than
    the price already is (the excess comes back uncalled); the engine, like PokerKit, allows
    no bet or raise nobody can call (``betting``; ``docs/hand-histories.md``), so a case
    scripts the call it amounts to. Chips, pots and stacks are the same either way.
    """
    behind = {s.name: s.stack for s in hand.seats}
    antes = {"classic": behind, "bb": [hand.big_blind_name]}.get(hand.ante_kind, [])
    posted = {name: min(hand.ante, behind[name]) if name in antes else 0 for name in behind}
    round_bets = dict.fromkeys(behind, 0)
    for poster, amount in ((hand.small_blind_name, hand.small_blind),
                           (hand.big_blind_name, hand.big_blind)):  # fmt: skip
        if poster is not None:
            round_bets[poster] = min(amount, behind[poster] - posted[poster])
    for name in behind:
        behind[name] -= posted[name] + round_bets[name]
    folded: set[str] = set()
    street = 0
    actions = list(hand.actions)
    for k, a in enumerate(actions):
        if a.street != street:
            street, round_bets = a.street, dict.fromkeys(behind, 0)
        price = max(round_bets.values(), default=0)
        if street == 0:
            price = max(price, hand.big_blind)
        others = [n for n in behind if n != a.name and n not in folded]
        if a.verb in ("bet", "raise") and not any(
            round_bets[n] + behind[n] > price for n in others
        ):
            chips = min(price - round_bets[a.name], behind[a.name])
            a = actions[k] = ImportedAction(
                street=a.street, name=a.name, verb="call", to=round_bets[a.name] + chips,
                chips=chips,
            )  # fmt: skip
        if a.verb == "fold":
            folded.add(a.name)
        behind[a.name] -= a.chips
        round_bets[a.name] += a.chips
    return replace(hand, actions=tuple(actions)) if actions != list(hand.actions) else hand


def check_replayable(hand: ImportedHand) -> None:
    """Refuse, naming the feature, a hand the engine's first hand of a case cannot replay."""
    _check_seats(hand)
    _check_blinds(hand)
    _check_cards(hand)
    for name, stack in hand.final_stacks.items():
        if stack < 0:
            raise hand.error(f"{name} ends with {stack} chips: the amounts do not add up")


def _check_seats(hand: ImportedHand) -> None:
    if len(hand.seats) < 2:
        raise hand.error(f"expected at least 2 players dealt in, got {len(hand.seats)}")
    names = [s.name for s in hand.seats]
    if len(set(names)) != len(names) or not all(n.strip() for n in names):
        raise hand.error(f"expected distinct, non-empty player names, got {names}")
    odd = next((n for n in names if one_line(n) != n), None)
    if odd is not None:  # a newline or tab in a name would break the case's lines
        raise hand.error(
            f"player name {odd!r}: expected a screen name without control characters "
            "(newline, tab, ...)"
        )
    seat_nos = [s.seat_no for s in hand.seats]
    if len(set(seat_nos)) != len(seat_nos) or min(seat_nos) < 1:
        raise hand.error(f"expected distinct seat numbers from 1, got {seat_nos}")
    if any(s.stack < 1 for s in hand.seats):
        raise hand.error("a player dealt in without chips: expected at least 1 chip each")
    if max(s.seat_no for s in hand.seats) > hand.seat_count:
        raise hand.error(f"a seat number above the table size {hand.seat_count}")
    if all(s.seat_no != hand.button for s in hand.seats):
        raise hand.error(
            f"the button on seat {hand.button}, where nobody is dealt in (a dead button): "
            "expected the button on an occupied seat"
        )


def _check_blinds(hand: ImportedHand) -> None:
    order = hand.order_from_button()
    if len(order) == 2:  # heads-up the button posts the small blind
        want_sb, want_bb = order[1], order[0]
    else:
        want_sb, want_bb = order[0], order[1]
    stacks = {s.name: s.stack for s in hand.seats}

    def posted_by(poster: str | None, wanted: str) -> bool:
        # a player all-in on a classic ante has nothing left to post the blind with
        return poster == wanted or (
            poster is None and hand.ante_kind == "classic" and stacks[wanted] <= hand.ante
        )

    if not (posted_by(hand.small_blind_name, want_sb) and posted_by(hand.big_blind_name, want_bb)):
        raise hand.error(
            f"blinds posted by {hand.small_blind_name} and {hand.big_blind_name}: expected the "
            f"small blind from {want_sb} and the big blind from {want_bb}, the players after "
            "the button (dead or missing blinds are not supported)"
        )


def _check_cards(hand: ImportedHand) -> None:
    seen: dict[int, str] = {}
    dealt = [(c, p) for p, pair in hand.hole.items() for c in pair]
    for code, owner in [*dealt, *((c, "the board") for c in hand.board)]:
        if code in seen:
            raise hand.error(
                f"{format_card(code)} is dealt to {seen[code]} and to {owner}: expected each "
                "card once"
            )
        seen[code] = owner
