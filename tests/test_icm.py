"""Malmuth-Harville ICM: exact against brute force over orders; Monte-Carlo against exact."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim.errors import ConfigError
from pokersim.icm import (
    EXACT_MAX_PLAYERS,
    icm_exact,
    icm_monte_carlo,
    place_probabilities,
)


def brute_force_icm(stacks: list[int], prizes: list[int]) -> list[Fraction]:
    """Independent reference: sum over every finishing order, in exact fractions."""
    n = len(stacks)
    equity = [Fraction(0)] * n
    for order in itertools.permutations(range(n)):
        prob = Fraction(1)
        left = sum(stacks)
        for player in order:
            prob *= Fraction(stacks[player], left)
            left -= stacks[player]
        for place, player in enumerate(order):
            if place < len(prizes):
                equity[player] += prob * prizes[place]
    return equity


stacks_st = st.lists(st.integers(min_value=1, max_value=10_000), min_size=1, max_size=6)
prizes_st = st.lists(st.integers(min_value=0, max_value=100_000), min_size=0, max_size=7)


@settings(max_examples=150, deadline=None)
@given(stacks=stacks_st, prizes=prizes_st)
def test_exact_matches_brute_force_over_all_finishing_orders(stacks, prizes):
    got = icm_exact(stacks, prizes)
    want = brute_force_icm(stacks, prizes)
    np.testing.assert_allclose(got, [float(x) for x in want], rtol=1e-9, atol=1e-7)


def test_exact_known_four_player_example():
    # Worked by hand-independent brute force above; pinned so a regression is visible in numbers.
    got = icm_exact([5000, 3000, 1500, 500], [500, 300, 200])
    want = brute_force_icm([5000, 3000, 1500, 500], [500, 300, 200])
    np.testing.assert_allclose(got, [float(x) for x in want], rtol=1e-12)
    assert got[0] == pytest.approx(377.7806558766, abs=1e-8)


def test_exact_seven_players_against_brute_force():
    stacks = [120, 4400, 980, 2500, 2500, 60, 1700]
    prizes = [4000, 2500, 1500, 1000, 600]
    want = brute_force_icm(stacks, prizes)
    np.testing.assert_allclose(icm_exact(stacks, prizes), [float(x) for x in want], rtol=1e-10)


@settings(max_examples=100, deadline=None)
@given(stacks=st.lists(st.integers(1, 50_000), min_size=2, max_size=10), data=st.data())
def test_equities_sum_to_the_prizes_in_play(stacks, data):
    prizes = data.draw(st.lists(st.integers(0, 10**6), min_size=0, max_size=12))
    in_play = sum(prizes[: len(stacks)])
    assert icm_exact(stacks, prizes).sum() == pytest.approx(in_play, rel=1e-10, abs=1e-6)


@settings(max_examples=100, deadline=None)
@given(
    stacks=st.lists(st.integers(1, 50_000), min_size=2, max_size=9),
    raw=st.lists(st.integers(0, 10**6), min_size=1, max_size=9),
    data=st.data(),
)
def test_equity_is_monotone_in_stack(stacks, raw, data):
    prizes = sorted(raw, reverse=True)  # a payout table never pays a better place less
    eq = icm_exact(stacks, prizes)
    for i, j in itertools.combinations(range(len(stacks)), 2):
        if stacks[i] > stacks[j]:
            assert eq[i] >= eq[j] - 1e-9
        elif stacks[i] == stacks[j]:
            assert eq[i] == pytest.approx(eq[j], rel=1e-12, abs=1e-9)
    # More chips for one player (others unchanged) never lowers that player's equity.
    k = data.draw(st.integers(0, len(stacks) - 1))
    bigger = list(stacks)
    bigger[k] += data.draw(st.integers(1, 10_000))
    assert icm_exact(bigger, prizes)[k] >= eq[k] - 1e-9


def test_place_probabilities_are_a_doubly_stochastic_matrix():
    p = place_probabilities([7, 1, 3, 3, 10])
    np.testing.assert_allclose(p.sum(axis=0), 1.0, rtol=1e-12)
    np.testing.assert_allclose(p.sum(axis=1), 1.0, rtol=1e-12)
    # First place goes in proportion to chips.
    np.testing.assert_allclose(p[:, 0], np.array([7, 1, 3, 3, 10]) / 24, rtol=1e-12)


def test_more_prizes_than_players_only_the_top_ones_are_in_play():
    # Places 4 and 5 were decided before: their prizes belong to players already out.
    np.testing.assert_allclose(
        icm_exact([300, 200, 100], [50, 30, 20, 10, 5]), icm_exact([300, 200, 100], [50, 30, 20])
    )


def test_fewer_prizes_than_players_pays_nothing_below():
    np.testing.assert_allclose(
        icm_exact([300, 200, 100], [50]), [50 * 300 / 600, 50 * 200 / 600, 50 * 100 / 600]
    )


def test_eight_player_final_table_against_float_brute_force():
    rng = np.random.default_rng(5)
    stacks = rng.integers(1_000, 100_000, 8).tolist()
    prizes = [2500, 1800, 1300, 1000, 800, 600, 450, 350]
    total = sum(stacks)
    want = np.zeros(8)
    for order in itertools.permutations(range(8)):
        prob, left = 1.0, total
        for player in order:
            prob *= stacks[player] / left
            left -= stacks[player]
        want[list(order)] += prob * np.array(prizes)
    np.testing.assert_allclose(icm_exact(stacks, prizes), want, rtol=1e-10)


@pytest.mark.parametrize(
    "stacks, prizes, fragment",
    [
        ([100, -5], [10], "stack 2"),
        ([100, 0], [10], "stack 2"),
        ([], [10], "non-empty"),
        ([100, 50], [10, -1], "prize 2"),
        ([100, float("nan")], [10], "stack 2"),
    ],
)
def test_bad_input_is_a_config_error_naming_the_value(stacks, prizes, fragment):
    with pytest.raises(ConfigError, match=fragment):
        icm_exact(stacks, prizes)


def test_exact_refuses_fields_too_large_and_points_to_monte_carlo():
    with pytest.raises(ConfigError, match="icm_monte_carlo"):
        icm_exact([100] * (EXACT_MAX_PLAYERS + 1), [10])


@pytest.mark.parametrize(
    "stacks, prizes",
    [
        ([5000, 3000, 1500, 500], [500, 300, 200]),
        ([120, 4400, 980, 2500, 2500, 60, 1700, 900, 3000, 40, 800, 1200], [40, 25, 15, 10, 6]),
    ],
)
def test_monte_carlo_agrees_with_exact_within_its_stated_error(stacks, prizes):
    exact = icm_exact(stacks, prizes)
    est = icm_monte_carlo(stacks, prizes, samples=40_000, seed=11)
    z = np.abs(np.array(est.equity) - exact) / np.array(est.stderr)
    # Each estimate is within 4.5 of its own standard errors (a ~1e-5 false-alarm rate each).
    assert z.max() < 4.5, (z, est)
    assert est.max_stderr > 0


def test_monte_carlo_stated_error_shrinks_like_one_over_root_samples():
    stacks, prizes = [5000, 3000, 1500, 500], [500, 300, 200]
    small = icm_monte_carlo(stacks, prizes, samples=4_000, seed=1)
    large = icm_monte_carlo(stacks, prizes, samples=64_000, seed=1)
    ratio = np.array(small.stderr) / np.array(large.stderr)
    np.testing.assert_allclose(ratio, 4.0, rtol=0.15)


def test_monte_carlo_is_deterministic_for_a_seed_and_sums_to_the_prizes():
    rng = np.random.default_rng(3)
    stacks = rng.integers(1_000, 50_000, 600).tolist()
    prizes = np.linspace(5_000, 100, 90).round().tolist()
    a = icm_monte_carlo(stacks, prizes, samples=3_000, seed=42)
    b = icm_monte_carlo(stacks, prizes, samples=3_000, seed=42)
    c = icm_monte_carlo(stacks, prizes, samples=3_000, seed=43)
    assert a == b
    assert a.equity != c.equity
    assert sum(a.equity) == pytest.approx(sum(prizes), rel=1e-12)


def test_monte_carlo_large_field_stated_error_is_calibrated():
    # With one prize, equity is exactly prize * stack share, whatever the field size, so the
    # stated errors of a 300-player estimate can be checked: about 95% within two of them.
    rng = np.random.default_rng(8)
    stacks = rng.integers(10_000, 50_000, 300).tolist()
    est = icm_monte_carlo(stacks, [1_000_000], samples=60_000, seed=2)
    exact = 1_000_000 * np.array(stacks) / sum(stacks)
    z = np.abs(np.array(est.equity) - exact) / np.array(est.stderr)
    assert z.max() < 5.0
    assert 0.90 <= float(np.mean(z < 2.0)) <= 0.99


def test_monte_carlo_rejects_bad_sample_counts():
    with pytest.raises(ConfigError, match="samples"):
        icm_monte_carlo([10, 20], [5], samples=1, seed=0)
