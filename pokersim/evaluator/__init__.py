"""Batch 7-card hold'em evaluator: Cactus Kev equivalence classes, 1 = royal flush .. 7462.

``evaluate`` validates its input at the boundary and then calls a jitted kernel that trusts it.
``evaluate_unchecked`` is the same kernel without the checks, for callers (the hand engine)
that build their card arrays themselves and call it on many small batches. The numbering is
the one treys, deuces and PokerHandEvaluator share, so results compare directly.
"""

from __future__ import annotations

from enum import IntEnum
from functools import lru_cache

import numpy as np

from pokersim.cards import parse_cards
from pokersim.evaluator import reference
from pokersim.evaluator._kernel import evaluate_rows, evaluate_rows7
from pokersim.evaluator._tables import get_tables

__all__ = [
    "Category",
    "categories",
    "category",
    "evaluate",
    "evaluate_unchecked",
    "rank_name",
]

NUM_CLASSES = 7462
_KERNEL_DTYPES = (np.int8, np.int16, np.int32, np.int64)


class Category(IntEnum):
    """The nine hand categories, numbered like the ranks: 1 is best."""

    STRAIGHT_FLUSH = 1
    FOUR_OF_A_KIND = 2
    FULL_HOUSE = 3
    FLUSH = 4
    STRAIGHT = 5
    THREE_OF_A_KIND = 6
    TWO_PAIR = 7
    PAIR = 8
    HIGH_CARD = 9

    @property
    def label(self) -> str:
        """Human name, e.g. ``"Full house"``."""
        return self.name.replace("_", " ").capitalize()


# Reference category numbers (0 = high card .. 8 = straight flush) to Category.
_FROM_REFERENCE = {
    reference.STRAIGHT_FLUSH: Category.STRAIGHT_FLUSH,
    reference.QUADS: Category.FOUR_OF_A_KIND,
    reference.FULL_HOUSE: Category.FULL_HOUSE,
    reference.FLUSH: Category.FLUSH,
    reference.STRAIGHT: Category.STRAIGHT,
    reference.TRIPS: Category.THREE_OF_A_KIND,
    reference.TWO_PAIR: Category.TWO_PAIR,
    reference.PAIR: Category.PAIR,
    reference.HIGH_CARD: Category.HIGH_CARD,
}


@lru_cache(maxsize=1)
def _category_of_rank() -> np.ndarray:
    """``int8`` array: index = rank (0 unused), value = Category."""
    out = np.zeros(NUM_CLASSES + 1, dtype=np.int8)
    for i, (cat, _) in enumerate(reference.class_keys()):
        out[i + 1] = _FROM_REFERENCE[cat]
    return out


def evaluate_unchecked(cards: np.ndarray) -> np.ndarray:
    """Classes of an ``(N, 5..7)`` C-contiguous integer array, with no validation at all.

    For hot loops that build valid arrays themselves (codes 0..51, no repeats in a row):
    invalid input gives garbage or a crash, never an error. ``int8`` input is fastest.
    Returns an ``int16`` array of shape ``(N,)``.
    """
    t = get_tables()
    out = np.empty(cards.shape[0], dtype=np.int16)
    kernel = evaluate_rows7 if cards.shape[1] == 7 else evaluate_rows
    kernel(cards, t.card_key, t.low_base, t.high_index, t.rank_table, t.flush_table, out, False)
    return out


def _bad_rows(cards: np.ndarray) -> str:
    """Describe (up to five of) the offending rows for the error message."""
    out_of_range = np.flatnonzero(((cards < 0) | (cards > 51)).any(axis=1))
    srt = np.sort(cards, axis=1)
    dup = np.flatnonzero((srt[:, 1:] == srt[:, :-1]).any(axis=1))
    parts = []
    if out_of_range.size:
        rows = ", ".join(str(int(r)) for r in out_of_range[:5])
        more = f" (+{out_of_range.size - 5} more)" if out_of_range.size > 5 else ""
        parts.append(f"card codes outside 0..51 in row(s) {rows}{more}")
    if dup.size:
        rows = ", ".join(str(int(r)) for r in dup[:5])
        more = f" (+{dup.size - 5} more)" if dup.size > 5 else ""
        parts.append(f"a card repeated within row(s) {rows}{more}")
    return "; ".join(parts)


def evaluate(cards: object) -> np.ndarray | int:
    """Equivalence class (1 best .. 7462 worst) of each hand.

    ``cards`` is an integer array of shape ``(N, 5)``, ``(N, 6)`` or ``(N, 7)`` of card codes
    (returns an ``int16`` array of shape ``(N,)``), or a single hand of shape ``(k,)``, a
    card string such as ``"AsKsQsJsTs"`` or a list of card names (returns an ``int``).
    Raises ``ValueError`` for a wrong shape, codes outside 0..51 or a repeated card in a row.
    """
    if isinstance(cards, str):
        cards = parse_cards(cards)
    arr = np.asarray(cards)
    if arr.ndim == 1 and arr.dtype.kind in "US":  # one hand as card names: ["As", "Ks", ...]
        arr = np.asarray(parse_cards([str(x) for x in arr]))
    if arr.dtype.kind not in "iu":
        if arr.size == 0 and arr.ndim == 2:
            arr = arr.astype(np.int8)
        else:
            raise ValueError(f"expected integer card codes 0..51, got an array of {arr.dtype}")
    single = arr.ndim == 1
    if single:
        arr = arr[None, :]
    if arr.ndim != 2 or not 5 <= arr.shape[1] <= 7:
        raise ValueError(
            f"expected shape (N, 5), (N, 6), (N, 7) or a single hand (k,) with k in 5..7, "
            f"got shape {np.asarray(cards).shape}"
        )
    if arr.dtype.type not in _KERNEL_DTYPES:
        # uint64 codes could wrap in a signed cast; compare before converting.
        if arr.size and (arr.max() > 51):
            raise ValueError(f"evaluate: {_bad_rows(np.minimum(arr, 255).astype(np.int64))}")
        arr = arr.astype(np.int16)
    arr = np.ascontiguousarray(arr)
    t = get_tables()
    out = np.empty(arr.shape[0], dtype=np.int16)
    kernel = evaluate_rows7 if arr.shape[1] == 7 else evaluate_rows
    bad = kernel(arr, t.card_key, t.low_base, t.high_index, t.rank_table, t.flush_table, out, True)
    if bad >= 0:
        raise ValueError(f"evaluate: {_bad_rows(arr.astype(np.int64))}")
    return int(out[0]) if single else out


def category(rank: int | np.integer) -> Category:
    """The hand category of a class, e.g. ``category(1) is Category.STRAIGHT_FLUSH``."""
    r = _check_rank(rank)
    return Category(int(_category_of_rank()[r]))


def categories(ranks: np.ndarray) -> np.ndarray:
    """Vectorized ``category``: an ``int8`` array of Category values."""
    arr = np.asarray(ranks)
    if arr.size and (arr.dtype.kind not in "iu" or arr.min() < 1 or arr.max() > NUM_CLASSES):
        raise ValueError(f"expected hand classes 1..{NUM_CLASSES}")
    return _category_of_rank()[arr]


def _check_rank(rank: int | np.integer) -> int:
    if isinstance(rank, bool) or not isinstance(rank, int | np.integer):
        raise ValueError(f"expected a hand class 1..{NUM_CLASSES}, got {rank!r}")
    r = int(rank)
    if not 1 <= r <= NUM_CLASSES:
        raise ValueError(f"expected a hand class 1..{NUM_CLASSES}, got {r}")
    return r


_RANK_CHARS = "23456789TJQKA"


def rank_name(rank: int | np.integer) -> str:
    """Readable name of a class, e.g. ``"Full house: K K K 5 5"`` or ``"Royal flush"``."""
    r = _check_rank(rank)
    cat, order = reference.class_keys()[r - 1]
    c = _FROM_REFERENCE[cat]
    if c is Category.STRAIGHT_FLUSH and order[0] == 12:
        return "Royal flush: A K Q J T"
    if c in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        high = order[0]
        ranks = [high - i for i in range(5)] if high > 3 else [3, 2, 1, 0, 12]
    else:
        shape = {
            Category.FOUR_OF_A_KIND: (4, 1),
            Category.FULL_HOUSE: (3, 2),
            Category.THREE_OF_A_KIND: (3, 1, 1),
            Category.TWO_PAIR: (2, 2, 1),
            Category.PAIR: (2, 1, 1, 1),
        }.get(c, (1, 1, 1, 1, 1))
        ranks = [rk for rk, n in zip(order, shape) for _ in range(n)]
    return f"{c.label}: " + " ".join(_RANK_CHARS[x] for x in ranks)
