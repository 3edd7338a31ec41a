"""The facts both hand-history writers need, read once from a ``HandResult``'s events.

Writers never re-derive rules: every amount they print comes from an event. What this module
adds is bookkeeping that both formats share (positions, names, times, hand descriptions).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

from pokersim.cards import RANKS
from pokersim.config import Level
from pokersim.events import (
    ActionKind,
    ActionTaken,
    BoardDealt,
    ForcedBetPosted,
    HandEvent,
    HandShown,
    HandStarted,
    HoleCardsDealt,
    PostKind,
    PotAwarded,
    UncalledBetReturned,
)
from pokersim.frozen import frozen
from pokersim.hand import HandResult

#: Simulated time 0 when the caller gives no tournament start (a fixed date keeps output
#: byte-identical across runs).
DEFAULT_START = datetime(2026, 1, 1, 12, 0, 0)

NameOf = Callable[[int], str]


def default_name(player_id: int) -> str:
    """Screen name used when the caller gives none."""
    return f"Player{player_id}"


@frozen(slots=True, kw_only=True)
class HandRecord:
    """One hand's facts, per seat index (clockwise from table seat 1)."""

    result: HandResult
    events: tuple[HandEvent, ...]
    table_id: int
    hand_no: int
    button: int
    player_ids: tuple[int, ...]
    seat_nos: tuple[int, ...]
    starting_stacks: tuple[int, ...]
    final_stacks: tuple[int, ...]
    level: Level
    hole: tuple[tuple[int, int], ...]
    board: tuple[int, ...]
    posts: tuple[ForcedBetPosted, ...]
    actions: tuple[ActionTaken, ...]
    pots: tuple[PotAwarded, ...]
    shown: tuple[HandShown, ...]
    uncalled: tuple[UncalledBetReturned, ...]
    folded_seats: frozenset[int]  # the seats that folded, read once

    @property
    def n(self) -> int:
        """Number of players dealt in."""
        return len(self.player_ids)

    def seat_order_from_button(self) -> list[int]:
        """Seat indices from the button's left round to the button (PHH's player order).

        Heads-up the button is the small blind, so this puts the big blind first, as PHH wants.
        """
        return [(self.button + 1 + k) % self.n for k in range(self.n)]

    def small_blind_seat(self) -> int | None:
        """Seat index that posted the small blind, if any."""
        for p in self.posts:
            if p.kind is PostKind.SMALL_BLIND:
                return p.seat
        return None

    def big_blind_seat(self) -> int | None:
        """Seat index that posted the big blind, if any."""
        for p in self.posts:
            if p.kind is PostKind.BIG_BLIND:
                return p.seat
        return None

    def folded(self) -> frozenset[int]:
        """Seat indices that folded (read once, by ``read_hand``)."""
        return self.folded_seats

    def went_to_showdown(self) -> bool:
        """True when more than one player was still in at the end."""
        return self.n - len(self.folded()) > 1

    def show_order(self) -> list[int]:
        """Live hands in showing order.

        The last aggressor of the last betting round shows first, else the first live seat
        left of the button; then clockwise.
        """
        folded = self.folded()
        live = [s for s in self.seat_order_from_button() if s not in folded]
        last_street = max((a.street for a in self.actions), default=0)
        aggressor = None
        for a in self.actions:
            if a.street == last_street and a.kind in (ActionKind.BET, ActionKind.RAISE):
                aggressor = a.seat
        if aggressor is None or aggressor in folded:
            return live
        k = live.index(aggressor)
        return live[k:] + live[:k]

    def hand_time(self, start: datetime | None) -> datetime:
        """Wall-clock time of the hand: the tournament start plus the simulated seconds."""
        base = DEFAULT_START if start is None else start
        return base + timedelta(seconds=int(self.result.setup.start_time))


def read_hand(result: HandResult) -> HandRecord:
    """Collect the events of one hand; a hand played without action events cannot be written.

    Raises ``ValueError`` naming the fix when the events needed are missing.
    """
    events = tuple(result.events)
    if not events:
        raise ValueError(
            f"hand {result.setup.hand_no} at table {result.setup.table_id} has no events: "
            "play it with record_actions=True to write a hand history"
        )
    kinds: dict[type, list[Any]] = {cls: [] for cls in _KINDS}
    for e in events:  # one pass, by the event's class (a subclass: by isinstance)
        kind = kinds.get(type(e))
        if kind is None:
            kind = next((kinds[c] for c in _KINDS if isinstance(e, c)), [])
        kind.append(e)
    started = kinds[HandStarted]
    if len(started) != 1:
        raise ValueError(f"expected exactly one HandStarted event, found {len(started)}")
    hs = started[0]
    n = len(hs.player_ids)
    hole: list[tuple[int, int] | None] = [None] * n
    for e in kinds[HoleCardsDealt]:
        hole[e.seat] = (int(e.cards[0]), int(e.cards[1]))
    board: tuple[int, ...] = ()
    if kinds[BoardDealt]:
        last = kinds[BoardDealt][-1]
        board = tuple([int(c) for c in last.board])
    missing = [i for i, h in enumerate(hole) if h is None]
    if missing:
        raise ValueError(
            f"hand {hs.hand_no} at table {hs.table_id} has no hole cards for seat indices "
            f"{missing}: play it with record_actions=True to write a hand history"
        )
    actions = tuple(kinds[ActionTaken])
    return HandRecord(
        result=result,
        events=events,
        table_id=hs.table_id,
        hand_no=hs.hand_no,
        button=hs.button,
        player_ids=tuple(hs.player_ids),
        seat_nos=tuple(hs.seat_nos),
        starting_stacks=tuple(hs.stacks),
        final_stacks=tuple(result.final_stacks),
        level=result.setup.level,
        hole=tuple([h for h in hole if h is not None]),
        board=board,
        posts=tuple(kinds[ForcedBetPosted]),
        actions=actions,
        pots=tuple(kinds[PotAwarded]),
        shown=tuple(kinds[HandShown]),
        uncalled=tuple(kinds[UncalledBetReturned]),
        folded_seats=frozenset([a.seat for a in actions if a.kind is ActionKind.FOLD]),
    )


_KINDS = (
    HandStarted,
    HoleCardsDealt,
    BoardDealt,
    ForcedBetPosted,
    ActionTaken,
    PotAwarded,
    HandShown,
    UncalledBetReturned,
)


def name_function(names: Mapping[int, str] | None) -> NameOf:
    """Screen names by player id: the caller's mapping, else ``Player<id>``.

    The mapping is read, not copied: a writer asks for this once a hand, and a copy of a
    large field's names (every player of the tournament) cost more than the hand's text.
    """
    if names is None:
        return default_name
    get = names.get

    def name_of(player_id: int) -> str:
        name = get(player_id)
        return default_name(player_id) if name is None else name

    return name_of


# ---------------------------------------------------------------------------------------------
# Hand descriptions for text histories ("a pair of Kings"). Export-time only, so a plain
# best-of-21 search is fast enough and obviously right.
# ---------------------------------------------------------------------------------------------

_SINGULAR = (
    "Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
    "Jack", "Queen", "King", "Ace",
)  # fmt: skip
_PLURAL = (
    "Deuces", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens",
    "Jacks", "Queens", "Kings", "Aces",
)  # fmt: skip

assert len(_SINGULAR) == len(RANKS) == len(_PLURAL)


def _straight_top(distinct: list[int]) -> int:
    """The top rank of the best straight in ranks sorted high to low, each once; -1: none."""
    for k in range(len(distinct) - 4):
        if distinct[k] - distinct[k + 4] == 4:
            return distinct[k]
    if distinct[0] == 12 and distinct[-4:] == [3, 2, 1, 0]:
        return 3  # the wheel: five high
    return -1


def best_five_key(cards: tuple[int, ...]) -> tuple[int, ...]:
    """The best five-card key among the given cards (5 to 7).

    Category (0 high card .. 8 straight flush) then tie-break ranks, as the best of every
    five-card combination would give (``tests/test_history_pokerstars.py`` holds them equal).
    """
    ranks = sorted([c >> 2 for c in cards], reverse=True)
    suits = [c & 3 for c in cards]
    flush: list[int] = []
    for suit in range(4):
        if suits.count(suit) >= 5:
            flush = sorted([c >> 2 for c in cards if c & 3 == suit], reverse=True)
            top = _straight_top(flush)
            if top >= 0:
                return (8, top)
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    first, most = groups[0]
    if most == 4:
        return (7, first, max([r for r in counts if r != first]))
    if most == 3 and groups[1][1] >= 2:
        return (6, first, groups[1][0])
    if flush:
        return (5, *flush[:5])
    top = _straight_top(list(counts))  # dicts keep the ranks' order: high to low
    if top >= 0:
        return (4, top)
    if most == 3:
        return (3, first, *[r for r in ranks if r != first][:2])
    if most == 2 and groups[1][1] == 2:
        second = groups[1][0]
        return (2, first, second, max([r for r in ranks if r != first and r != second]))
    if most == 2:
        return (1, first, *[r for r in ranks if r != first][:3])
    return (0, *ranks[:5])


@lru_cache(maxsize=64)  # a hand shown is described twice (its showdown, its summary)
def describe(cards: tuple[int, ...]) -> str:
    """PokerStars' wording of the best hand in ``cards``, e.g. ``"two pair, Kings and Fives"``.

    >>> from pokersim.cards import parse_cards
    >>> describe(tuple(parse_cards("AsKd 2c2d 9h Kc 3s")))
    'two pair, Kings and Deuces'
    >>> describe(tuple(parse_cards("Ah2s3d4c5h Kd Kc")))
    'a straight, Ace to Five'
    """
    key = best_five_key(cards)
    cat = key[0]
    if cat == 8:
        if key[1] == 12:
            return "a Royal Flush"
        return f"a straight flush, {_straight_low(key[1])} to {_SINGULAR[key[1]]}"
    if cat == 7:
        return f"four of a kind, {_PLURAL[key[1]]}"
    if cat == 6:
        return f"a full house, {_PLURAL[key[1]]} full of {_PLURAL[key[2]]}"
    if cat == 5:
        return f"a flush, {_SINGULAR[key[1]]} high"
    if cat == 4:
        return f"a straight, {_straight_low(key[1])} to {_SINGULAR[key[1]]}"
    if cat == 3:
        return f"three of a kind, {_PLURAL[key[1]]}"
    if cat == 2:
        return f"two pair, {_PLURAL[key[1]]} and {_PLURAL[key[2]]}"
    if cat == 1:
        return f"a pair of {_PLURAL[key[1]]}"
    return f"high card {_SINGULAR[key[1]]}"


def _straight_low(top: int) -> str:
    return "Ace" if top == 3 else _SINGULAR[top - 4]
