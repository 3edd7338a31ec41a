"""A slow, obviously correct evaluator: the test oracle for the fast kernel.

Every 5-card hand is described by a strength key ``(category, ranks in order of importance)``;
sorting the 7,462 distinct keys from best to worst gives the Cactus Kev equivalence classes
(1 = royal flush .. 7462 = 7-5-4-3-2 unsuited). A 6- or 7-card hand is worth its best 5-card
subset. Nothing here is clever on purpose, so the fast tables can be checked against it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations, combinations_with_replacement

# Category numbers in the strength key: larger is better.
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)

StrengthKey = tuple[int, tuple[int, ...]]


def strength_key(ranks: Sequence[int], flush: bool) -> StrengthKey:
    """The comparable strength of five cards given their ranks (0..12 = 2..A) and flushness.

    Larger keys are better hands; equal keys are the same equivalence class.
    """
    if len(ranks) != 5:
        raise ValueError(f"expected 5 ranks, got {len(ranks)}")
    counts = Counter(ranks)
    # Ranks ordered by importance: bigger groups first, then higher rank.
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(c for _, c in groups)
    order = tuple(r for r, _ in groups)
    straight_high = -1
    if len(counts) == 5:
        top = sorted(ranks, reverse=True)
        if top[0] - top[4] == 4:
            straight_high = top[0]
        elif top == [12, 3, 2, 1, 0]:  # the wheel A-2-3-4-5 is five-high
            straight_high = 3
    if straight_high >= 0:
        return (STRAIGHT_FLUSH if flush else STRAIGHT, (straight_high,))
    if flush:
        return (FLUSH, order)
    category = {
        (4, 1): QUADS,
        (3, 2): FULL_HOUSE,
        (3, 1, 1): TRIPS,
        (2, 2, 1): TWO_PAIR,
        (2, 1, 1, 1): PAIR,
        (1, 1, 1, 1, 1): HIGH_CARD,
    }[shape]
    return (category, order)


@lru_cache(maxsize=1)
def class_keys() -> tuple[StrengthKey, ...]:
    """All distinct 5-card strength keys, best first: index + 1 is the equivalence class."""
    keys: set[StrengthKey] = set()
    for ranks in combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        keys.add(strength_key(ranks, False))
        if len(set(ranks)) == 5:
            keys.add(strength_key(ranks, True))
    return tuple(sorted(keys, reverse=True))


@lru_cache(maxsize=1)
def class_of_key() -> dict[StrengthKey, int]:
    """Map a strength key to its equivalence class 1..7462."""
    return {key: i + 1 for i, key in enumerate(class_keys())}


def evaluate_five(cards: Sequence[int]) -> int:
    """Equivalence class of exactly five card codes."""
    ranks = [int(c) >> 2 for c in cards]
    flush = len({int(c) & 3 for c in cards}) == 1
    return class_of_key()[strength_key(ranks, flush)]


def evaluate_reference(cards: Iterable[int]) -> int:
    """Equivalence class of 5, 6 or 7 card codes: the best of every 5-card subset."""
    hand = [int(c) for c in cards]
    if not 5 <= len(hand) <= 7:
        raise ValueError(f"expected 5, 6 or 7 cards, got {len(hand)}")
    return min(evaluate_five(sub) for sub in combinations(hand, 5))
