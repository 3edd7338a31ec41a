"""Edges of the push-or-fold solver and charts (``pokersim.nash``).

The module's definitions: fictitious play, where the callers' average ranges start empty and
the shover's starts at every hand; a class is in a range when it plays in at least half of the
iterations; a player shoves or calls only when it pays strictly more than folding. Each
expected answer follows from those definitions by hand.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from pokersim import nash
from pokersim.charts import N_CLASSES, class_of_name


def test_nothing_at_stake_nobody_shoves_or_calls() -> None:
    """Every payoff 0: shoving pays no more than folding and calling no more than folding, so
    no class shoves or calls (and a caller who wins what they lose divides by nothing)."""
    r = nash.solve(0.0, 0.0, [0.0], [0.0], [0.0], [0.0], [0.0], iterations=3)
    assert not r.push.any()
    assert not r.calls[0].any()


def test_a_class_played_in_half_the_iterations_is_in_the_range() -> None:
    """Two iterations at 10 big blinds heads-up. In the first, the caller's average range is
    still empty, so every class shoves (stealing 1 bb beats folding the small blind). Every
    class has then shoved in at least one of two iterations -- half -- so the shove range is
    every hand, whatever the second iteration did."""
    r = nash.solve_chips(10.0, 1, iterations=2)
    assert int(r.push.sum()) == N_CLASSES
    one = nash.solve_chips(10.0, 1, iterations=1)
    assert int(one.push.sum()) == N_CLASSES


def _captured(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """Replace the solver by a recorder of the payoffs it is given."""
    seen: list[tuple[Any, ...]] = []

    def record(*args: Any, **kwargs: Any) -> nash.Ranges:
        seen.append(args)
        return nash.Ranges(push=np.zeros(N_CLASSES, bool), calls=())

    monkeypatch.setattr(nash, "solve", record)
    return seen


def test_chip_payoffs_with_an_ante_at_a_full_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """The small blind shoves 10 bb into the big blind, every one of nine players posting a
    0.1 bb ante. In the middle before the shove: 1.5 bb of blinds and 0.9 of antes.

    Shover: folding loses the small blind and ante (-0.6); a steal wins the big blind and the
    other eight antes (+1.8); called, the pot is 9.9 + 9.9 + 0.9 = 20.7 for a stack of 10 (+10.7
    or -10). Big blind: folding loses blind and ante (-1.1); calling wins 10.7 or loses 10."""
    seen = _captured(monkeypatch)
    nash.solve_chips(10.0, 1, ante_bb=0.1)
    (args,) = seen
    expected = (-0.6, 1.8, [10.7], [-10.0], [-1.1], [10.7], [-10.0])
    assert len(args) == len(expected)
    for got, want in zip(args, expected):
        assert np.allclose(got, want, atol=1e-9), (got, want)


def test_chip_payoffs_under_the_gun_with_a_bubble_factor(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under the gun of four (three behind: the button, then the blinds), 8 bb, no ante, the
    shover's losses weighed by a bubble factor of 2 and the callers' by 1.5.

    Shover: folding costs nothing (0); a steal wins the blinds (+1.5); called by the button,
    +9.5 (8 + the blinds) or -8 weighed to -16; by the small blind +9.0 or -16; by the big blind
    +8.5 or -16. Callers fold for -0 (button), -0.5 * 1.5 and -1 * 1.5, and win what the shover
    loses (+9.5, +9.0, +8.5) or lose 8 (-12)."""
    seen = _captured(monkeypatch)
    nash.solve_chips(8.0, 3, bf_pusher=2.0, bf_callers=1.5)
    (args,) = seen
    expected = (
        0.0,
        1.5,
        [9.5, 9.0, 8.5],
        [-16.0, -16.0, -16.0],
        [0.0, -0.75, -1.5],
        [9.5, 9.0, 8.5],
        [-12.0, -12.0, -12.0],
    )
    for got, want in zip(args, expected):
        assert np.allclose(got, want, atol=1e-9), (got, want)


def test_range_width_is_the_share_of_the_1326_starting_hands() -> None:
    """Every class: all 1,326 hands (1.0); one pair: its 6 combinations; one suited hand: 4;
    one offsuit hand: 12; none: 0."""
    every = np.ones(N_CLASSES, dtype=bool)
    assert nash.range_width(every) == 1.0
    assert nash.range_width(~every) == 0.0
    for name, combos in (("AA", 6), ("AKs", 4), ("72o", 12)):
        mask = np.zeros(N_CLASSES, dtype=bool)
        mask[class_of_name(name)] = True
        assert nash.range_width(mask) == combos / 1326


def test_bubble_factors_have_a_diagonal_of_one_and_each_pair_computed() -> None:
    """``B[i, i]`` is 1; every other entry is ``bubble_factor(stacks, prizes, i, j)``."""
    stacks, prizes = [5000, 3000, 2000], [60, 40]
    b = nash.bubble_factors(stacks, prizes)
    assert b.shape == (3, 3)
    assert np.diag(b).tolist() == [1.0, 1.0, 1.0]
    for i in range(3):
        for j in range(3):
            if i != j:
                assert b[i, j] == nash.bubble_factor(stacks, prizes, i, j)


@pytest.mark.parametrize("stacks", [[6.0, 10.0], [10.0, 6.0]])
def test_icm_ranges_in_chips_heads_up_the_small_blind_shoves(
    monkeypatch: pytest.MonkeyPatch, stacks: list[float]
) -> None:
    """Chips (no prizes), 6 bb against 10 bb heads-up, the small blind shoving, posts by
    default (0.5 and 1). Shover: folding loses 0.5; a steal wins the big blind (+1); called,
    only the smaller stack is at stake (6 + 6, the bigger stack's extra 4 stays with them):
    +6 or -6, whichever of the two shoves. Big blind: folding loses 1; calling wins 6 or loses
    6."""
    seen = _captured(monkeypatch)
    nash.icm_ranges(stacks, None, 0, [1], big_blind=1.0)
    (args,) = seen
    expected = (-0.5, 1.0, [6.0], [-6.0], [-1.0], [6.0], [-6.0])
    for got, want in zip(args, expected):
        assert np.allclose(got, want, atol=1e-9), (got, want)


def test_icm_ranges_in_chips_the_button_shoves_into_both_blinds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Chips, the button (6 bb) shoves; the small blind (10 bb) and the big blind (14 bb) are
    behind. Shover: folding costs nothing; a steal wins 1.5; called by the small blind, +6 and
    the big blind's 1 (+7) or -6; by the big blind, +6 and the small blind's 0.5 (+6.5) or -6.
    Small blind: folds for -0.5, calls for +7 or -6; big blind: -1, +6.5 or -6."""
    seen = _captured(monkeypatch)
    nash.icm_ranges([6.0, 10.0, 14.0], None, 0, [1, 2], big_blind=1.0)
    (args,) = seen
    expected = (0.0, 1.5, [7.0, 6.5], [-6.0, -6.0], [-0.5, -1.0], [7.0, 6.5], [-6.0, -6.0])
    for got, want in zip(args, expected):
        assert np.allclose(got, want, atol=1e-9), (got, want)


# The charts' lookups: ``masks[kind, bf_pusher, bf_callers, behind - 1, stack - 1, class]`` at
# the nearest grid point (stacks 1..20 big blinds, bubble factors 1, 1.5, 2, 3), clamped to the
# grid. Each case: (asked stack, grid stack, asked bubble factor, grid index).
_NEAREST = [
    (0.3, 1, 1.2, 0),
    (1.4, 1, 1.3, 1),
    (4.6, 5, 1.7, 1),
    (9.4, 9, 1.8, 2),
    (9.6, 10, 2.4, 2),
    (13.2, 13, 2.6, 3),
    (19.7, 20, 7.0, 3),
    (35.0, 20, 0.5, 0),
]


def _classes(mask: np.ndarray) -> list[int]:
    return [int(c) for c in np.flatnonzero(mask)]


def test_shove_lookups_read_the_nearest_grid_point_for_every_class() -> None:
    charts = nash.charts()
    m = charts.masks
    for stack, s, bf, b in _NEAREST:
        for behind in range(1, nash.MAX_BEHIND + 1):
            for bfc, c in ((1.0, 0), (bf, b)):
                want = _classes(m[0, b, c, behind - 1, s - 1])
                got = [k for k in range(N_CLASSES) if charts.shoves(k, stack, behind, bf, bfc)]
                assert got == want, (stack, behind, bf, bfc)
            assert _classes(charts.push_range(stack, behind, bf)) == _classes(
                m[0, b, 0, behind - 1, s - 1]
            )


def test_call_lookups_read_the_nearest_grid_point_for_every_class() -> None:
    charts = nash.charts()
    m = charts.masks
    kinds = {"other": 1, "sb": 2, "bb": 3}
    for stack, s, bf, b in _NEAREST:
        for behind in (1, 2, 5, 8):
            for caller, kind in kinds.items():
                want = _classes(m[kind, 0, b, behind - 1, s - 1])
                got = [
                    k
                    for k in range(N_CLASSES)
                    if charts.calls(k, stack, behind, caller, bf=bf, bf_pusher=1.0)
                ]
                assert got == want, (stack, behind, caller, bf)
                assert _classes(charts.call_range(stack, behind, caller, bf)) == want
    assert charts.calls(0, 10.0, 0, "bb") == bool(m[3, 0, 0, 0, 9, 0])  # behind 0: as 1


@pytest.mark.parametrize(
    ("stacks", "prizes"),
    [
        ([3000, 2000, 1000], [100, 100, 100]),
        ([1000, 1000, 1000], [100, 100, 100, 100]),
        ([1, 2, 3, 4, 5], [33.3] * 5),
        ([8, 12], [50, 50]),
    ],
)
def test_bubble_factor_is_one_when_every_player_left_is_paid_the_same(
    stacks: list[float], prizes: list[float]
) -> None:
    """Every player left is paid the same prize whatever happens: winning the chips at stake
    gains no prize money and losing them (even busting, which still pays that prize) costs
    none. A loss then weighs no more than a win: the documented factor is 1 for every pair,
    not the float noise of ``0 / 0`` (infinity, 0 or -1)."""
    b = nash.bubble_factors(stacks, prizes)
    assert b.tolist() == np.ones((len(stacks), len(stacks))).tolist()


@pytest.mark.parametrize(
    ("stacks", "prizes", "pusher", "callers"),
    [
        ([10.0, 10.0, 10.0], [100.0, 100.0, 100.0], 0, [1, 2]),
        ([7.0, 13.0, 21.0], [100.0, 100.0, 100.0], 1, [0, 2]),
        ([8.0, 12.0], [50.0, 50.0], 0, [1]),
    ],
)
def test_icm_payoffs_with_every_player_paid_the_same_are_exactly_equal(
    monkeypatch: pytest.MonkeyPatch,
    stacks: list[float],
    prizes: list[float],
    pusher: int,
    callers: list[int],
) -> None:
    """Every player left is paid the same prize, so every outcome -- a fold, a steal, a call
    won or lost -- is worth exactly that prize to everyone: the payoffs handed to the solver
    are all equal, not a hair apart by float noise."""
    seen = _captured(monkeypatch)
    nash.icm_ranges(stacks, prizes, pusher, callers, big_blind=1.0)
    (args,) = seen
    flat = [args[0], args[1], *(x for group in args[2:] for x in group)]
    assert len(flat) == 2 + 5 * len(callers)
    assert flat == [prizes[0]] * len(flat)


@pytest.mark.parametrize(
    ("stacks", "prizes", "pusher", "callers"),
    [
        ([10.0, 10.0, 10.0], [100.0, 100.0, 100.0], 0, [1, 2]),
        ([7.0, 13.0, 21.0], [100.0, 100.0, 100.0], 1, [0, 2]),
        ([8.0, 12.0], [50.0, 50.0], 0, [1]),
    ],
)
def test_icm_ranges_with_every_player_paid_the_same_shove_and_call_nothing(
    stacks: list[float], prizes: list[float], pusher: int, callers: list[int]
) -> None:
    """The payoffs are all equal (above), so shoving never pays strictly more than folding,
    nor calling: the ranges are empty, whichever way the equities' rounding falls."""
    r = nash.icm_ranges(stacks, prizes, pusher, callers, big_blind=1.0, iterations=3)
    assert not r.push.any()
    assert len(r.calls) == len(callers)
    assert not any(c.any() for c in r.calls)
