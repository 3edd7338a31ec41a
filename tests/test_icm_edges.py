"""Edges of the exact ICM that the main ICM tests leave open (used by R-DEAL-1 deals)."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import numpy as np
import pytest

from pokersim.icm import EXACT_MAX_PLAYERS, icm_exact, place_probabilities


def _place_probabilities_by_orders(stacks: list[int]) -> list[list[Fraction]]:
    """Malmuth-Harville place probabilities summed over every finishing order."""
    n = len(stacks)
    out = [[Fraction(0)] * n for _ in range(n)]
    for order in permutations(range(n)):
        p = Fraction(1)
        left = sum(stacks)
        for i in order:
            p *= Fraction(stacks[i], left)
            left -= stacks[i]
        for place, i in enumerate(order):
            out[i][place] += p
    return out


@pytest.mark.parametrize("stacks", [[5, 3, 2], [7, 1, 4, 4], [2, 9, 1, 3, 5]])
def test_asking_for_every_place_gives_every_column(stacks: list[int]) -> None:
    """``place_probabilities(stacks, places=n)`` fills all n columns, the last place too.

    Catches capping the places asked for at one fewer than the players.
    """
    n = len(stacks)
    expected = _place_probabilities_by_orders(stacks)
    got = place_probabilities(stacks, places=n)
    assert got.shape == (n, n)
    for i in range(n):
        for k in range(n):
            assert got[i, k] == pytest.approx(float(expected[i][k]), abs=1e-12)
    assert np.allclose(got, place_probabilities(stacks))


def test_exact_icm_takes_the_largest_field_it_announces() -> None:
    """``EXACT_MAX_PLAYERS`` is the largest field accepted: a field of exactly that size works.

    Catches refusing the boundary itself. Equal stacks share one prize equally.
    """
    n = EXACT_MAX_PLAYERS
    equity = icm_exact([1000] * n, [100.0 * n])
    assert equity == pytest.approx([100.0] * n)
