"""The decks of a block of hands, shuffled in one compiled call (``rng.deck_block``'s kernel).

Kept apart from ``rng`` so that the modules needing only its keyed generators (a study's
parent, the light commands) do not import numba.
"""

from __future__ import annotations

import numpy as np

from pokersim.kernel_cache import njit

_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)


@njit(cache=True)
def _mix(x):  # pragma: no cover (compiled)
    """splitmix64 finalizer on a uint64 (wrap-around is intended)."""
    x = x ^ (x >> _S30)
    x = x * _M1
    x = x ^ (x >> _S27)
    x = x * _M2
    return x ^ (x >> _S31)


@njit(cache=True)
def decks(
    seed: np.uint64, table: np.uint64, first_hand: int, count: int
) -> np.ndarray:  # pragma: no cover (compiled)
    """``deck_block``'s rows, compiled: one call a block, no NumPy call per step."""
    base = _mix(_mix(seed ^ _GOLDEN) ^ (table * _M2 + _GOLDEN))
    out = np.empty((count, 52), dtype=np.int8)
    keys = np.empty(52, dtype=np.uint64)
    for i in range(count):
        per_hand = _mix(base + np.uint64(first_hand + i) * _GOLDEN)
        row = out[i]
        for c in range(52):  # insertion sort, stable: an equal key stays after the earlier card
            key = _mix(per_hand ^ (np.uint64(c) * _M1))
            j = c
            while j > 0 and keys[j - 1] > key:
                keys[j] = keys[j - 1]
                row[j] = row[j - 1]
                j -= 1
            keys[j] = key
            row[j] = c
    return out
