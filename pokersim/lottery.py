"""A lottery sit-and-go from one player's side: the profit of a game, games needed to be ahead.

A Spin & Go's result for a player is their place times the multiplier drawn. The places come
from simulation (a study of the scenario); the multipliers from the published table, exactly,
because even thousands of simulated games rarely see the top tiers (5 in 100,000). The two are
taken as independent: the blinds do not change with the multiplier, so play does not either,
except that the player models know how many places are paid (``docs/formats.md`` checks it).

>>> from pokersim.multipliers import multiplier_table
>>> values, probs = profit_distribution(multiplier_table("pokerstars-2014-1usd"), (1, 0, 0), 100)
>>> values[:3], probs[:3]
((100, 300, 500), (0.7738, 0.1351, 0.08))
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist

import numpy as np

from pokersim.formats import spin_prizes
from pokersim.multipliers import MultiplierTable

__all__ = ["games_to_be_ahead", "games_to_be_ahead_normal", "profit_distribution"]


def profit_distribution(
    table: MultiplierTable, place_probs: Sequence[float], buy_in_cents: int
) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """Each possible profit of one game (cents, prize minus buy-in) and its probability.

    ``place_probs`` are the player's chances of places 1, 2 and 3 (adding up to 1); the tiers
    are drawn with the table's probabilities and paid as the engine pays them (to the cent).
    """
    if len(place_probs) != 3 or not math.isclose(sum(place_probs), 1.0, abs_tol=1e-9):
        raise ValueError(
            f"expected the chances of places 1, 2, 3 adding up to 1, got {place_probs}"
        )
    odds: dict[int, float] = {}
    for tier in table.tiers:
        prizes = spin_prizes(buy_in_cents, tier.multiplier, tier.split_percent).prizes
        for place, chance in enumerate(place_probs):
            won = prizes[place] if place < len(prizes) else 0
            profit = won - buy_in_cents
            odds[profit] = odds.get(profit, 0.0) + chance * tier.weight / table.out_of
    values = tuple(v for v in odds if odds[v] > 0)
    return values, tuple(odds[v] for v in values)


def games_to_be_ahead(
    values: Sequence[int],
    probs: Sequence[float],
    *,
    probability: float = 0.9,
    rng: np.random.Generator,
    paths: int = 20_000,
    most: int = 20_000,
) -> int | None:
    """Fewest games after which the player is ahead (total profit > 0) with ``probability``.

    By resampling: ``paths`` sequences of games are drawn from the distribution and the share
    ahead is counted after each game. The answer is the first game count from which that share
    stays at or above ``probability`` up to ``most`` games (a lattice of outcomes makes it
    jitter near the answer); ``None`` if it is not reached by then.
    """
    cum = np.cumsum(np.asarray(probs, dtype=float))
    cum /= cum[-1]
    vals = np.asarray(values, dtype=np.int64)
    totals = np.zeros(paths, dtype=np.int64)
    last_below = 0
    for n in range(1, most + 1):
        totals += vals[np.searchsorted(cum, rng.random(paths), side="right")]
        if np.count_nonzero(totals > 0) < probability * paths:
            last_below = n
    return last_below + 1 if last_below < most else None


def games_to_be_ahead_normal(
    values: Sequence[int], probs: Sequence[float], *, probability: float = 0.9
) -> int | None:
    """The same by the normal approximation of the total: n = (z sd / mean)^2, rounded up.

    ``None`` when the mean profit is not positive (never ahead in the long run).
    """
    mean = sum(v * p for v, p in zip(values, probs))
    if mean <= 0:
        return None
    sd = math.sqrt(sum(p * (v - mean) ** 2 for v, p in zip(values, probs)))
    z = NormalDist().inv_cdf(probability)
    return max(1, math.ceil((z * sd / mean) ** 2))
