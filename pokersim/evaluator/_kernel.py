"""The jitted evaluation kernel: no validation, no Python objects, one pass over the rows.

Per hand: sum the cards' keys (rank counts in base 5 plus suit counters) and masks, test the
suit counters for a flush, then one lookup in the flush table or two small index lookups and
one lookup in the rank table. Callers guarantee codes 0..51 and no duplicate within a row.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pokersim.evaluator._tables import FLUSH_BITS, LOW_BITS, SUIT_BIAS, SUIT_SHIFT

_LOW_MASK = (1 << LOW_BITS) - 1
_HIGH_MASK = (1 << (SUIT_SHIFT - LOW_BITS)) - 1


@njit(cache=True, inline="always")
def _finish(key, mask, low_base, high_index, rank_table, flush_table):
    """Class of one hand from its summed key and mask."""
    flush = key & np.uint64(FLUSH_BITS)
    if flush:
        # The set bit is the top bit of suit s's counter, at SUIT_SHIFT + 4*s + 3.
        if flush & np.uint64(0x8 << SUIT_SHIFT):
            shift = np.uint64(0)
        elif flush & np.uint64(0x80 << SUIT_SHIFT):
            shift = np.uint64(16)
        elif flush & np.uint64(0x800 << SUIT_SHIFT):
            shift = np.uint64(32)
        else:
            shift = np.uint64(48)
        return flush_table[(mask >> shift) & np.uint64(0x1FFF)]
    low = key & np.uint64(_LOW_MASK)
    high = (key >> np.uint64(LOW_BITS)) & np.uint64(_HIGH_MASK)
    return rank_table[low_base[low] + high_index[high]]


@njit(cache=True, nogil=True)
def evaluate_rows(cards, card_key, card_mask, low_base, high_index, rank_table, flush_table, out):
    """Write the class of each row of ``cards`` (shape (N, 5..7)) into ``out``."""
    n, k = cards.shape
    for i in range(n):
        key = np.uint64(SUIT_BIAS)
        mask = np.uint64(0)
        for j in range(k):
            c = cards[i, j]
            key += card_key[c]
            mask += card_mask[c]
        out[i] = _finish(key, mask, low_base, high_index, rank_table, flush_table)


@njit(cache=True, nogil=True)
def first_bad_row(cards):
    """Index of the first row with a code outside 0..51 or a repeated card, else -1."""
    n, k = cards.shape
    for i in range(n):
        seen = np.uint64(0)
        for j in range(k):
            c = cards[i, j]
            if c < 0 or c > 51:
                return i
            bit = np.uint64(1) << np.uint64(c)
            if seen & bit:
                return i
            seen |= bit
    return -1
