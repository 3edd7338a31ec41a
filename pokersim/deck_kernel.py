"""Each hand's deck and decision draws, keyed by (seed, table, hand), in compiled code.

The kernels of ``rng.deck_block`` and ``rng.decision_block``, and the block fill the tables'
loop calls when a table has used its blocks up (``fill_blocks``). Every row comes from a
counter-based hash (splitmix64's finalizer) of its key, so blocks of any size, made in Python
or in the loop, agree hand by hand. Kept apart from ``rng`` so that the modules needing only
its keyed generators (a study's parent, the light commands) do not import numba.
"""

from __future__ import annotations

import numpy as np

from pokersim.evaluator._kernel import evaluate_rows
from pokersim.kernel_cache import njit

_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_DRAWS = np.uint64(0xD1B54A32D192ED03)  # the draws' domain: their keys are not the decks'
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S58 = np.uint64(58)  # a key's top six bits: its bucket in ``_deck_into``
DECK_SCRATCH = 52 + 65 + 64 + 52  # ``_deck_into``'s scratch: sorted keys, buckets, raw keys


@njit(cache=True)
def _mix(x):  # pragma: no cover (compiled)
    """splitmix64 finalizer on a uint64 (wrap-around is intended)."""
    x = x ^ (x >> _S30)
    x = x * _M1
    x = x ^ (x >> _S27)
    x = x * _M2
    return x ^ (x >> _S31)


@njit(cache=True)
def _table_key(seed, table, domain):  # pragma: no cover (compiled)
    """A table's key in a domain (the decks' ``_GOLDEN``, the draws' ``_DRAWS``)."""
    return _mix(_mix(seed ^ domain) ^ (table * _M2 + domain))


@njit(cache=True)
def _deck_into(row, keys, per_hand):  # pragma: no cover (compiled)
    """The cards 0..51 into ``row``, sorted stably by ``mix(per_hand ^ card * M1)``.

    A counting sort on the keys' top six bits, then an insertion sort inside each of the 64
    buckets (about one card each): the stable sort's order, since a bucket is a range of keys
    and cards enter their buckets in order. ``keys`` is scratch of ``DECK_SCRATCH`` words.
    """
    begin = keys[52:117]  # where bucket b starts (b = 0..64)
    fill = keys[117:181]  # where bucket b's next card goes
    raw = keys[181:233]  # card c's key
    for b in range(65):
        begin[b] = 0
    for c in range(52):
        key = _mix(per_hand ^ (np.uint64(c) * _M1))
        raw[c] = key
        begin[np.int64(key >> _S58) + 1] += np.uint64(1)
    for b in range(64):
        begin[b + 1] += begin[b]
        fill[b] = begin[b]
    for c in range(52):  # cards in order: equal keys keep the earlier card first
        key = raw[c]
        bucket = np.int64(key >> _S58)
        j = np.int64(fill[bucket])
        fill[bucket] += np.uint64(1)
        lo = np.int64(begin[bucket])
        while j > lo and keys[j - 1] > key:  # strictly greater: stable
            keys[j] = keys[j - 1]
            row[j] = row[j - 1]
            j -= 1
        keys[j] = key
        row[j] = c


@njit(cache=True)
def decks(
    seed: np.uint64, table: np.uint64, first_hand: int, count: int
) -> np.ndarray:  # pragma: no cover (compiled)
    """``deck_block``'s rows, compiled: one call a block, no NumPy call per step."""
    out = np.empty(count * 52, dtype=np.int8)
    _decks_into(out, seed, table, first_hand, count)
    return out.reshape((count, 52))


@njit(cache=True)
def _decks_into(flat, seed, table, first_hand, count):  # pragma: no cover (compiled)
    """``count`` decks from ``first_hand`` into ``flat``, 52 cards a hand (``decks``' rows)."""
    base = _table_key(seed, table, _GOLDEN)
    keys = np.empty(DECK_SCRATCH, dtype=np.uint64)
    for i in range(count):
        _deck_into(
            flat[52 * i : 52 * (i + 1)], keys, _mix(base + np.uint64(first_hand + i) * _GOLDEN)
        )


_TO_UNIT = 1.0 / 9007199254740992.0  # 2**-53


@njit(cache=True)
def _draws_into(us, zs, base, hand):  # pragma: no cover (compiled)
    """Hand ``hand``'s uniforms into ``us``, its standard normals into ``zs``.

    ``base`` is the table's draws key. Output k of the hand's counter is ``mix(h + (k + 1) *
    G)`` with ``h = mix(base + hand * G)``: the uniforms first (its top 53 bits over 2**53, in
    [0, 1)), then a pair of outputs per pair of normals (Box-Muller: ``sqrt(-2 ln u1)`` times
    the cosine and sine of ``2 pi u2``, ``u1`` in (0, 1]).
    """
    h = _mix(base + np.uint64(hand) * _GOLDEN)
    k = np.uint64(1)
    for i in range(len(us)):
        us[i] = np.float64(_mix(h + k * _GOLDEN) >> np.uint64(11)) * _TO_UNIT
        k += np.uint64(1)
    for i in range(0, len(zs), 2):
        u1 = (np.float64(_mix(h + k * _GOLDEN) >> np.uint64(11)) + 1.0) * _TO_UNIT
        u2 = np.float64(_mix(h + (k + np.uint64(1)) * _GOLDEN) >> np.uint64(11)) * _TO_UNIT
        k += np.uint64(2)
        r = np.sqrt(-2.0 * np.log(u1))
        zs[i] = r * np.cos(2.0 * np.pi * u2)
        if i + 1 < len(zs):
            zs[i + 1] = r * np.sin(2.0 * np.pi * u2)


@njit(cache=True)
def draws(
    seed: np.uint64, table: np.uint64, first_hand: int, count: int, uniforms: int, normals: int
) -> tuple[np.ndarray, np.ndarray]:  # pragma: no cover (compiled)
    """``decision_block``'s draws: ``uniforms`` and ``normals`` a hand, hand after hand."""
    us = np.empty(count * uniforms, dtype=np.float64)
    zs = np.empty(count * normals, dtype=np.float64)
    fill_draws(us, zs, seed, table, first_hand, count, uniforms, normals)
    return us, zs


@njit(cache=True)
def fill_decks(decks_row, ranks_row, seed, table, first_hand, count, spt, card_key, low_base, high_index, rank_table, flush_table):  # fmt: skip # noqa: E501 # pragma: no cover
    """A table's block of decks and their hand ranks, made by the tables' loop.

    ``count`` hands from ``first_hand`` into ``decks_row`` (52 cards a hand) and each seat's hand
    rank into ``ranks_row`` (``spt`` a hand): the rows ``decks`` and the batch evaluator give
    (the evaluator's tables as ``betting_kernel.rank_tables`` gives them).
    """
    _decks_into(decks_row, seed, table, first_hand, count)
    cards = np.empty((spt, 7), dtype=np.int8)
    out = np.empty(spt, dtype=np.int16)
    for i in range(count):
        row = decks_row[52 * i : 52 * (i + 1)]
        for s in range(spt):  # the seat's two cards, then the board (``records.seat_rows``)
            cards[s, 0] = row[2 * s]
            cards[s, 1] = row[2 * s + 1]
            for b in range(5):
                cards[s, 2 + b] = row[2 * spt + b]
        evaluate_rows(cards, card_key, low_base, high_index, rank_table, flush_table, out, False)
        ranks_row[i * spt : (i + 1) * spt] = out


@njit(cache=True)
def fill_draws(us_row, zs_row, seed, table, first_hand, count, uniforms, normals):  # fmt: skip # noqa: E501 # pragma: no cover
    """A table's block of decision draws (``draws``' rows) into ``us_row`` and ``zs_row``."""
    base = _table_key(seed, table, _DRAWS)
    for i in range(count):
        _draws_into(
            us_row[i * uniforms : (i + 1) * uniforms], zs_row[i * normals : (i + 1) * normals],
            base, first_hand + i,
        )  # fmt: skip
