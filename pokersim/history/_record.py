"""The facts both hand-history writers need, read once a hand from a ``HandResult``'s events.

Writers never re-derive rules: every amount they print comes from an event. What this module
adds is bookkeeping that both formats share (positions, names, times, hand descriptions), and
the hand's events as plain tuples (``HandRecord.steps``): the writers read each hand once for
both formats, and a hand's log rows can be read straight into them (``pokersim.outputs``)
without the records (``read_hand`` reads the records, which any engine gives).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any, NamedTuple

from pokersim.cards import DECK_SIZE, RANKS, format_card, format_cards
from pokersim.config import Level
from pokersim.events import (
    ActionKind,
    ActionTaken,
    BoardDealt,
    ForcedBetPosted,
    HandEnded,
    HandShown,
    HandStarted,
    HoleCardsDealt,
    PostKind,
    PotAwarded,
    UncalledBetReturned,
)
from pokersim.hand import HandResult

#: Simulated time 0 when the caller gives no tournament start (a fixed date keeps output
#: byte-identical across runs).
DEFAULT_START = datetime(2026, 1, 1, 12, 0, 0)

NameOf = Callable[[int], str]

# A step is one event a writer reads, as a tuple led by its kind, in the hand's order:
#   (POST, seat, PostKind, amount, all_in)        a ForcedBetPosted
#   (BOARD, street, new cards, board so far)      a BoardDealt
#   (ACT, seat, street, ActionKind, amount, to, all_in, timed_out)  an ActionTaken
#   (UNCALLED, seat, amount)                      an UncalledBetReturned
#   (POT, pot index)                              a PotAwarded (its facts: ``HandRecord.pots``)
POST, BOARD, ACT, UNCALLED, POT = range(5)
_FOLD, _BET, _RAISE = ActionKind.FOLD, ActionKind.BET, ActionKind.RAISE
_SMALL_BLIND, _BIG_BLIND = PostKind.SMALL_BLIND, PostKind.BIG_BLIND


def default_name(player_id: int) -> str:
    """Screen name used when the caller gives none."""
    return f"Player{player_id}"


class Pot(NamedTuple):
    """What the writers print of a ``PotAwarded``."""

    pot_index: int
    amount: int
    winners: tuple[int, ...]
    shares: tuple[int, ...]


class HandRecord(NamedTuple):
    """One hand's facts, per seat index (clockwise from table seat 1).

    A named tuple: made once a hand for both writers, at a fraction of a frozen record's cost.
    """

    result: HandResult  # or what a run's recorder keeps of it (the same fields are read)
    table_id: int
    hand_no: int
    button: int
    n: int  # players dealt in
    player_ids: tuple[int, ...]
    seat_nos: tuple[int, ...]
    starting_stacks: tuple[int, ...]
    final_stacks: tuple[int, ...]
    level: Level
    hole: tuple[tuple[int, int], ...]
    board: tuple[int, ...]  # the last board dealt
    order: tuple[int, ...]  # seat indices from the button's left round to the button
    steps: tuple[tuple[Any, ...], ...]
    posts: tuple[tuple[Any, ...], ...]  # the POST steps
    pots: tuple[Pot, ...]
    folded_seats: frozenset[int]  # the seats that folded
    last_action: int  # index in ``steps`` of the last ACT step, -1 if none

    @property
    def actions(self) -> tuple[ActionTaken, ...]:
        """The hand's ``ActionTaken`` records (for callers; the writers read ``steps``)."""
        return tuple([e for e in self.result.events if isinstance(e, ActionTaken)])

    def seat_order_from_button(self) -> list[int]:
        """Seat indices from the button's left round to the button (PHH's player order).

        Heads-up the button is the small blind, so this puts the big blind first, as PHH wants.
        """
        return list(self.order)

    def small_blind_seat(self) -> int | None:
        """Seat index that posted the small blind, if any."""
        return next((p[1] for p in self.posts if p[2] is _SMALL_BLIND), None)

    def big_blind_seat(self) -> int | None:
        """Seat index that posted the big blind, if any."""
        return next((p[1] for p in self.posts if p[2] is _BIG_BLIND), None)

    def folded(self) -> frozenset[int]:
        """Seat indices that folded."""
        return self.folded_seats

    def went_to_showdown(self) -> bool:
        """True when more than one player was still in at the end."""
        return self.n - len(self.folded_seats) > 1

    def show_order(self) -> list[int]:
        """Live hands in showing order.

        The last aggressor of the last betting round shows first, else the first live seat
        left of the button; then clockwise.
        """
        folded = self.folded_seats
        live = [s for s in self.order if s not in folded]
        acts = [step for step in self.steps if step[0] == ACT]
        last_street = max([a[2] for a in acts], default=0)
        aggressor = None
        for a in acts:
            if a[2] == last_street and (a[3] is _BET or a[3] is _RAISE):
                aggressor = a[1]
        if aggressor is None or aggressor in folded:
            return live
        k = live.index(aggressor)
        return live[k:] + live[:k]

    def hand_time(self, start: datetime | None) -> datetime:
        """Wall-clock time of the hand: the tournament start plus the simulated seconds."""
        base = DEFAULT_START if start is None else start
        return base + timedelta(seconds=int(self.result.setup.start_time))


def make_record(
    result: HandResult,
    started: tuple[int, int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]],
    hole: tuple[tuple[int, int], ...],
    board: tuple[int, ...],
    steps: list[tuple[Any, ...]],
    pots: list[Pot],
) -> HandRecord:
    """The record of a hand read (from its records or its rows): what both readers share.

    ``started``: the ``HandStarted`` facts (table, hand, button, player ids, seat numbers,
    stacks).
    """
    table_id, hand_no, button, player_ids, seat_nos, stacks = started
    n = len(player_ids)
    folded = []
    last = -1
    for k, step in enumerate(steps):
        if step[0] == ACT:
            last = k
            if step[3] is _FOLD:
                folded.append(step[1])
    return HandRecord(
        result,
        table_id,
        hand_no,
        button,
        n,
        player_ids,
        seat_nos,
        stacks,
        tuple(result.final_stacks),
        result.setup.level,
        hole,
        board,
        (*range(button + 1, n), *range(button + 1)),
        tuple(steps),
        tuple([step for step in steps if step[0] == POST]),
        tuple(pots),
        frozenset(folded),
        last,
    )


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
    steps: list[tuple[Any, ...]] = []
    pots: list[Pot] = []
    aside = _steps(events, steps, pots)
    started = aside[_STARTED]
    if len(started) != 1:
        raise ValueError(f"expected exactly one HandStarted event, found {len(started)}")
    hs = started[0]
    hole: list[tuple[int, int] | None] = [None] * len(hs.player_ids)
    for h in aside[_HOLE]:
        hole[h.seat] = (int(h.cards[0]), int(h.cards[1]))
    missing = [i for i, h in enumerate(hole) if h is None]
    if missing:
        raise ValueError(
            f"hand {hs.hand_no} at table {hs.table_id} has no hole cards for seat indices "
            f"{missing}: play it with record_actions=True to write a hand history"
        )
    boards = aside[BOARD]
    board = tuple([int(c) for c in boards[-1].board]) if boards else ()
    facts = (
        hs.table_id,
        hs.hand_no,
        hs.button,
        tuple(hs.player_ids),
        tuple(hs.seat_nos),
        tuple(hs.stacks),
    )
    return make_record(result, facts, tuple([h for h in hole if h is not None]), board, steps, pots)


def _steps(events: tuple[Any, ...], steps: list[tuple[Any, ...]], pots: list[Pot]) -> Any:
    """Append the events' steps and pots; return the other events kept, by kind."""
    aside: dict[int, list[Any]] = {_STARTED: [], _HOLE: [], BOARD: [], _SKIP: [], _OTHER: []}
    for e in events:  # by the event's class (a subclass: by isinstance)
        kind = _KIND.get(type(e), _OTHER)
        if kind == _OTHER:
            kind = next((k for c, k in _KIND.items() if isinstance(e, c)), _OTHER)
        if kind == ACT:
            steps.append((ACT, e.seat, e.street, e.kind, e.amount, e.to, e.all_in, e.timed_out))
        elif kind == POST:
            steps.append((POST, e.seat, e.kind, e.amount, e.all_in))
        elif kind == BOARD:
            steps.append((BOARD, e.street, e.cards, e.board))
            aside[BOARD].append(e)
        elif kind == UNCALLED:
            steps.append((UNCALLED, e.seat, e.amount))
        elif kind == POT:
            steps.append((POT, e.pot_index))
            pots.append(Pot(e.pot_index, e.amount, e.winners, e.shares))
        else:
            aside[kind].append(e)
    return aside


_STARTED, _HOLE, _SKIP, _OTHER = -1, -2, -3, -4  # kept aside, skipped, not known
_KIND: dict[type, int] = {
    ActionTaken: ACT,
    ForcedBetPosted: POST,
    BoardDealt: BOARD,
    UncalledBetReturned: UNCALLED,
    PotAwarded: POT,
    HandStarted: _STARTED,
    HoleCardsDealt: _HOLE,
    HandShown: _SKIP,
    HandEnded: _SKIP,
}


_CARD_NAMES = {c: format_card(c) for c in range(DECK_SIZE)}


def hole_text(hole: tuple[int, int], sep: str = "") -> str:
    """``format_cards`` of a hand's two hole cards, without its loop.

    Both writers print them two to five times a hand.
    """
    first, second = _CARD_NAMES.get(hole[0]), _CARD_NAMES.get(hole[1])
    if first is None or second is None:
        return format_cards(hole, sep)  # as it reads them, or its error
    return first + sep + second


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
    groups = sorted([(count, r) for r, count in counts.items()], reverse=True)  # most, highest
    most, first = groups[0]
    if most == 4:
        return (7, first, max([r for r in counts if r != first]))
    if most == 3 and groups[1][0] >= 2:
        return (6, first, groups[1][1])
    if flush:
        return (5, *flush[:5])
    top = _straight_top(list(counts))  # dicts keep the ranks' order: high to low
    if top >= 0:
        return (4, top)
    if most == 3:
        return (3, first, *[r for r in ranks if r != first][:2])
    if most == 2 and groups[1][0] == 2:
        second = groups[1][1]
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
