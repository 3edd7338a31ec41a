"""Edges of the sanctions ladder's pure rules (R-COND-3).

The existing property draws stacks up to 10**9 and so seldom tries the small stacks where the
"one chip kept" limit and the rounding meet; here they are all tried.
"""

from __future__ import annotations

from fractions import Fraction
from math import floor

from pokersim.conduct import chips_to_remove, pick_offender


def test_r_cond_3_chips_removed_on_every_small_stack() -> None:
    """R-COND-3 (chips removed): the percent of the stack, rounded down, and the offender keeps
    at least one chip. Every stack of 1..300 chips and every percent allowed (1..99).

    Catches a limit that keeps two chips (a stack of 100 at 99 % loses 99, not 98).
    """
    for stack in range(1, 301):
        for percent in range(1, 100):
            share = floor(Fraction(stack * percent, 100))
            expected = min(share, stack - 1)
            assert chips_to_remove(stack, percent) == expected, (stack, percent)
    assert chips_to_remove(100, 99) == 99 and chips_to_remove(2, 50) == 1


def test_r_cond_3_each_random_infraction_draws_its_own_offender() -> None:
    """Random infractions: the ``index``-th draws its own player, so over 60 infractions among
    9 players more than one player offends (all 60 by one player has chance 9 / 9**60).

    Catches a draw keyed without the infraction's index (every infraction by one player).
    """
    candidates = list(range(9))
    offenders = {pick_offender(11, index, candidates) for index in range(60)}
    assert len(offenders) > 1
    assert offenders <= set(candidates)


def test_the_offender_does_not_depend_on_the_order_candidates_are_listed() -> None:
    """The draw is among the players, not among list positions: the same player whatever the
    order the candidates come in."""
    players = [3, 8, 1, 12, 5]
    for index in range(20):
        picked = pick_offender(4, index, players)
        assert picked == pick_offender(4, index, sorted(players))
        assert picked == pick_offender(4, index, sorted(players, reverse=True))
