"""Edges of the Spin & Go profit questions (``pokersim.lottery``), against exact probabilities.

``games_to_be_ahead`` resamples, so each case is chosen with every exact share of paths ahead
at least 0.012 from the asked probability (over 5 standard errors at 40,000 paths): the answer
is then the exact one for any seed.
"""

from __future__ import annotations

import math

import numpy as np

from pokersim.lottery import games_to_be_ahead, games_to_be_ahead_normal, profit_distribution
from pokersim.multipliers import multiplier_table


def _first_staying_at_or_above(exact: list[float], probability: float) -> int:
    """The first game count from which the exact share ahead stays at or above ``probability``
    (games counted from 1)."""
    below = [n for n, share in enumerate(exact, start=1) if share < probability]
    return (below[-1] if below else 0) + 1


def test_breaking_even_is_not_being_ahead() -> None:
    """Ahead means a total profit above 0 (the docstring). A game wins 100 or breaks even, each
    half the time: ahead after n games unless every game broke even, 1 - 0.5**n, first at or
    above 0.9 after 4 games (0.875 after 3).

    Catches counting a total of 0 as ahead (the answer would be 1), and an answer one short.
    """
    most = 30
    exact = [1 - 0.5**n for n in range(1, most + 1)]
    expected = _first_staying_at_or_above(exact, 0.9)
    assert expected == 4
    got = games_to_be_ahead(
        (0, 100), (0.5, 0.5), rng=np.random.default_rng(5), paths=40_000, most=most
    )
    assert got == expected


def test_the_answer_is_where_the_share_stays_above_not_where_it_first_gets_there() -> None:
    """A game loses 1 or wins 3, each half the time: after n games with k wins the total is
    4k - n, so the share ahead jitters (0.875 after 3 games, 0.6875 after 4). At 0.8 it is
    first reached after 3 games but stays at or above only from game 5 on.

    Catches stopping at the first game count that reaches the probability.
    """
    most = 60
    exact = [sum(math.comb(n, k) for k in range(n + 1) if 4 * k > n) / 2**n for n in range(1, 61)]
    assert min(abs(share - 0.8) for share in exact) >= 0.012
    expected = _first_staying_at_or_above(exact, 0.8)
    assert expected == 5 and exact[2] >= 0.8  # reached at 3, then lost at 4
    got = games_to_be_ahead(
        (-1, 3),
        (0.5, 0.5),
        probability=0.8,
        rng=np.random.default_rng(2),
        paths=40_000,
        most=most,
    )
    assert got == expected


def test_a_game_with_no_edge_is_never_ahead_in_the_long_run() -> None:
    """A mean profit of exactly 0 is not positive: the normal approximation has no answer
    (the docstring). Catches ``mean < 0`` (which then divides by zero)."""
    assert games_to_be_ahead_normal((-100, 100), (0.5, 0.5)) is None


def test_profit_distribution_lists_only_outcomes_that_can_happen() -> None:
    """A player who always wins first place: every profit listed has a positive probability,
    each is listed once, and they add up to 1. Catches keeping the places of probability 0."""
    values, probs = profit_distribution(multiplier_table("pokerstars-2014-1usd"), (1, 0, 0), 100)
    assert all(p > 0 for p in probs)
    assert len(set(values)) == len(values)
    assert math.isclose(sum(probs), 1.0)
    assert min(values) > 0  # first place always wins more than the buy-in here
