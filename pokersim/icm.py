"""Malmuth-Harville ICM: each player's expected prize from the chip stacks alone.

The model: the next place to be decided (starting with first) goes to each player still
unplaced with probability proportional to their chips. Two ways to compute it:

* ``icm_exact`` walks the sets of players already placed (bitmasks), one layer per place,
  so it costs about ``2**n * n`` float operations for ``n`` players: a ten-player final table
  takes a fraction of a millisecond of arithmetic. Only layers for paid places are visited.
* ``icm_monte_carlo`` samples whole finishing orders at once by an exponential race: with
  ``E_i`` standard exponentials, sorting ``E_i / stack_i`` ascending gives exactly the
  Malmuth-Harville order (the race is memoryless). It serves fields of hundreds or thousands
  of players and reports the standard error of every estimate.

Prizes are amounts for places 1, 2, ...; place ``k`` beyond the number of players has already
been decided (those prizes belong to players who are out), so only the first ``len(stacks)``
prizes are in play. Fewer prizes than players means the lower places pay nothing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from pokersim.errors import ConfigError
from pokersim.frozen import frozen

EXACT_MAX_PLAYERS = 18
"""Largest field ``icm_exact`` accepts (its tables have ``2**n`` entries)."""

MC_CHUNK_CELLS = 2_000_000
"""Samples are drawn in blocks of about this many (sample, player) cells to bound memory."""


@frozen(slots=True, kw_only=True)
class IcmEstimate:
    """A Monte-Carlo ICM result: equities and the standard error of each, from the samples.

    The true equity lies within two standard errors about 95% of the time, provided each
    player finishes in the money in dozens of samples at least (a normal approximation: for
    a player who is paid in only a handful of samples the stated error is too small).
    """

    equity: tuple[float, ...]
    stderr: tuple[float, ...]
    samples: int

    @property
    def max_stderr(self) -> float:
        """The largest standard error over players: the stated error of the estimate."""
        return max(self.stderr) if self.stderr else 0.0


def _validate(stacks: Sequence[float], prizes: Sequence[float]) -> tuple[np.ndarray, np.ndarray]:
    """Check the inputs; return float stacks and the prizes in play (one per player)."""
    s = np.asarray(stacks, dtype=np.float64)
    p = np.asarray(prizes, dtype=np.float64)
    if s.ndim != 1 or s.size == 0:
        raise ConfigError(f"stacks must be a non-empty list of chip counts, got {list(stacks)!r}")
    if p.ndim != 1:
        raise ConfigError(f"prizes must be a list of amounts, got {prizes!r}")
    bad = [i for i, x in enumerate(s) if not (math.isfinite(x) and x > 0)]
    if bad:
        i = bad[0]
        raise ConfigError(
            f"stacks must be positive chip counts (busted players are not in the ICM), "
            f"got stack {i + 1} = {stacks[i]!r}"
        )
    badp = [i for i, x in enumerate(p) if not (math.isfinite(x) and x >= 0)]
    if badp:
        i = badp[0]
        raise ConfigError(f"prizes must be amounts >= 0, got prize {i + 1} = {prizes[i]!r}")
    n = s.size
    in_play = np.zeros(n, dtype=np.float64)
    m = min(n, p.size)
    in_play[:m] = p[:m]
    return s, in_play


def place_probabilities(stacks: Sequence[float], places: int | None = None) -> np.ndarray:
    """``P[i, k]``: the probability that player ``i`` finishes in place ``k + 1`` (exact).

    Only the first ``places`` columns are computed (default: all), which prunes the walk to
    sets of at most ``places - 1`` players already placed.
    """
    s, _ = _validate(stacks, [])
    n = s.size
    if n > EXACT_MAX_PLAYERS:
        raise ConfigError(
            f"exact ICM handles at most {EXACT_MAX_PLAYERS} players, got {n}; "
            f"use icm_monte_carlo for large fields"
        )
    k_max = n if places is None else max(0, min(int(places), n))
    return _place_probabilities(s, k_max)


def _place_probabilities(s: np.ndarray, k_max: int) -> np.ndarray:
    """Kernel of ``place_probabilities``; trusts its input."""
    n = s.size
    size = 1 << n
    masks = np.arange(size, dtype=np.int64)
    bits = ((masks[:, None] >> np.arange(n, dtype=np.int64)[None, :]) & 1).astype(bool)
    placed_chips = np.zeros(size, dtype=np.float64)  # chips of the players already placed
    for j in range(n):
        placed_chips[bits[:, j]] += s[j]
    popcount = bits.sum(axis=1)
    total = float(s.sum())
    out = np.zeros((n, n), dtype=np.float64)
    prob: np.ndarray = np.zeros(size, dtype=np.float64)
    prob[0] = 1.0
    player_bit = np.int64(1) << np.arange(n, dtype=np.int64)
    for k in range(k_max):
        layer = masks[popcount == k]
        p_layer = prob[layer]
        keep = p_layer > 0.0
        layer, p_layer = layer[keep], p_layer[keep]
        if layer.size == 0:
            break
        free = ~bits[layer]  # (states, players): who can take place k+1
        left = total - placed_chips[layer]
        step = np.where(free, p_layer[:, None] * s[None, :] / left[:, None], 0.0)
        out[:, k] = step.sum(axis=0)
        if k + 1 < k_max:
            nxt = (layer[:, None] | player_bit[None, :])[free]
            prob = np.bincount(nxt, weights=step[free], minlength=size)
    return out


def icm_exact(stacks: Sequence[float], prizes: Sequence[float]) -> np.ndarray:
    """Exact Malmuth-Harville equity of each player, in the unit of ``prizes``.

    >>> icm_exact([50, 50], [70, 30]).round(2).tolist()
    [50.0, 50.0]
    >>> icm_exact([3, 1], [1, 0]).round(4).tolist()
    [0.75, 0.25]
    """
    s, p = _validate(stacks, prizes)
    if s.size > EXACT_MAX_PLAYERS:
        raise ConfigError(
            f"exact ICM handles at most {EXACT_MAX_PLAYERS} players, got {s.size}; "
            f"use icm_monte_carlo for large fields"
        )
    nz = np.flatnonzero(p)
    paid = int(nz[-1]) + 1 if nz.size else 0  # places below the last paid one pay nothing
    if paid == 0:
        return np.zeros(s.size, dtype=np.float64)
    probs = _place_probabilities(s, paid)
    return probs[:, :paid] @ p[:paid]


def icm_monte_carlo(
    stacks: Sequence[float],
    prizes: Sequence[float],
    *,
    samples: int,
    seed: int | np.random.Generator,
) -> IcmEstimate:
    """Monte-Carlo Malmuth-Harville equity with the standard error of each estimate.

    Deterministic for a given ``seed`` and ``samples``. Every sampled order pays out exactly
    the prizes in play, so the estimated equities always sum to the prize total.
    """
    s, p = _validate(stacks, prizes)
    if isinstance(samples, bool) or not isinstance(samples, int | np.integer) or samples < 2:
        raise ConfigError(f"samples must be an integer >= 2, got {samples!r}")
    rng = (
        seed
        if isinstance(seed, np.random.Generator)
        else np.random.default_rng(np.random.SeedSequence(int(seed)))
    )
    n = s.size
    nz = np.flatnonzero(p)
    paid = int(nz[-1]) + 1 if nz.size else 0
    if paid == 0:
        zeros = tuple(0.0 for _ in range(n))
        return IcmEstimate(equity=zeros, stderr=zeros, samples=int(samples))
    inv = 1.0 / s
    pay = p[:paid]
    total = np.zeros(n, dtype=np.float64)
    total_sq = np.zeros(n, dtype=np.float64)
    chunk = max(1, MC_CHUNK_CELLS // n)
    done = 0
    while done < samples:
        m = min(chunk, samples - done)
        keys = rng.standard_exponential((m, n)) * inv[None, :]
        if paid < n:
            top = np.argpartition(keys, paid - 1, axis=1)[:, :paid]
            top_keys = np.take_along_axis(keys, top, axis=1)
            order = np.take_along_axis(top, np.argsort(top_keys, axis=1, kind="stable"), axis=1)
        else:
            order = np.argsort(keys, axis=1, kind="stable")
        flat = order.ravel()
        total += np.bincount(flat, weights=np.tile(pay, m), minlength=n)
        total_sq += np.bincount(flat, weights=np.tile(pay * pay, m), minlength=n)
        done += m
    mean = total / samples
    var = np.maximum(total_sq / samples - mean * mean, 0.0) * samples / (samples - 1)
    err = np.sqrt(var / samples)
    return IcmEstimate(
        equity=tuple(float(x) for x in mean),
        stderr=tuple(float(x) for x in err),
        samples=int(samples),
    )
