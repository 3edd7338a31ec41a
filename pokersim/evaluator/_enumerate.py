"""Exhaustive enumeration through the batch kernel: the class histogram of every k-card hand.

Used by the exhaustive tests (all C(52,5) and C(52,7) hands). Hands are generated in blocks
(first two cards fixed) and pushed through the same kernels the public API uses, so the
counts check the shipped code path, not a separate one.
"""

from __future__ import annotations

import numpy as np

from pokersim.evaluator._kernel import evaluate_rows, evaluate_rows7
from pokersim.evaluator._tables import get_tables
from pokersim.kernel_cache import njit

NUM_CLASSES = 7462


@njit(cache=True)
def _histogram(k, card_key, low_base, high_index, rank_table, flush_table):
    m = k - 2
    rows_max = 1
    for i in range(m):  # C(50, m)
        rows_max = rows_max * (50 - i) // (i + 1)
    buf = np.empty((rows_max, k), dtype=np.int8)
    out = np.empty(rows_max, dtype=np.int16)
    hist = np.zeros(NUM_CLASSES + 1, dtype=np.int64)
    idx = np.empty(m, dtype=np.int64)
    for a in range(52):
        for b in range(a + 1, 52):
            first = b + 1
            if 52 - first < m:
                continue
            for t in range(m):
                idx[t] = first + t
            rows = 0
            while True:
                buf[rows, 0] = a
                buf[rows, 1] = b
                for t in range(m):
                    buf[rows, 2 + t] = idx[t]
                rows += 1
                t = m - 1
                while t >= 0 and idx[t] == 52 - m + t:
                    t -= 1
                if t < 0:
                    break
                idx[t] += 1
                for u in range(t + 1, m):
                    idx[u] = idx[u - 1] + 1
            if k == 7:
                evaluate_rows7(
                    buf[:rows], card_key, low_base, high_index, rank_table, flush_table, out, False
                )
            else:
                evaluate_rows(
                    buf[:rows], card_key, low_base, high_index, rank_table, flush_table, out, False
                )
            for r in range(rows):
                hist[out[r]] += 1
    return hist


def class_histogram(k: int) -> np.ndarray:
    """``hist[c]`` = number of k-card hands (k in 5..7) of class c; ``hist[0]`` is 0."""
    if not 5 <= k <= 7:
        raise ValueError(f"k must be 5, 6 or 7, got {k}")
    t = get_tables()
    hist: np.ndarray = _histogram(
        k, t.card_key, t.low_base, t.high_index, t.rank_table, t.flush_table
    )
    return hist
