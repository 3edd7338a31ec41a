"""Push-or-fold equilibria: published facts, ICM pressure, and the shipped charts recomputed."""

from __future__ import annotations

import numpy as np
import pytest

from pokersim import nash
from pokersim.charts import N_CLASSES, class_of_name

HU = 1  # one player behind: the small blind's shove against the big blind


def test_heads_up_ten_big_blinds_shoves_about_57_percent() -> None:
    r = nash.solve_chips(10.0, HU)
    assert 0.55 <= nash.range_width(r.push) <= 0.60
    assert nash.range_width(r.calls[0]) < nash.range_width(r.push)


@pytest.mark.parametrize(
    ("hand", "kind", "plays_at", "folds_at"),
    [
        ("T3s", "push", 7.0, 8.0),  # HoldemResources' example: T3s shoves up to 7.7 bb
        ("Q2o", "call", 5.0, 6.0),  # and Q2o calls up to 5.6 bb
        ("72o", "call", 1.0, 3.0),
    ],
)
def test_heads_up_thresholds_as_published(
    hand: str, kind: str, plays_at: float, folds_at: float
) -> None:
    c = class_of_name(hand)

    def plays(stack: float) -> bool:
        r = nash.solve_chips(stack, HU)
        return bool(r.push[c] if kind == "push" else r.calls[0][c])

    assert plays(plays_at) and not plays(folds_at)


def test_more_players_behind_shove_tighter() -> None:
    widths = [nash.range_width(nash.solve_chips(10.0, k).push) for k in (1, 2, 5, 8)]
    assert widths == sorted(widths, reverse=True)
    assert widths[-1] < 0.15  # under the gun at nine-handed: a tight range


def test_aces_always_shove_and_call() -> None:
    aa = class_of_name("AA")
    for k in (1, 4, 8):
        r = nash.solve_chips(20.0, k)
        assert r.push[aa] and all(c[aa] for c in r.calls)


def test_bubble_factor_above_one_for_every_player_on_a_bubble() -> None:
    stacks = [4000, 3000, 2000, 1000]  # four left, three paid
    bf = nash.bubble_factors(stacks, [50, 30, 20])
    off = bf[~np.eye(4, dtype=bool)]
    assert (off > 1.0).all()
    assert bf[3, 0] > bf[0, 3]  # the short stack risks more against the big one than vice versa
    # a winner-take-all prize: chips are money, every bubble factor is 1
    flat = nash.bubble_factors(stacks, [100])
    assert np.allclose(flat[~np.eye(4, dtype=bool)], 1.0)


def test_icm_calls_tighter_than_chip_ev_on_the_bubble() -> None:
    stacks = [10.0, 10.0, 10.0, 10.0]  # big blinds; pusher on the button, the blinds behind
    callers = [2, 3]
    chips = nash.icm_ranges(stacks, None, 1, callers, big_blind=1.0)
    icm = nash.icm_ranges(stacks, [50, 30, 20], 1, callers, big_blind=1.0)
    for chip_call, icm_call in zip(chips.calls, icm.calls):
        assert nash.range_width(icm_call) < nash.range_width(chip_call)
        assert not (icm_call & ~chip_call).any()  # every ICM call is a chip-EV call
    # and the shover, facing blinds who must call tighter, shoves wider
    assert nash.range_width(icm.push) > nash.range_width(chips.push)


def test_icm_solver_in_chips_is_the_chip_game() -> None:
    r = nash.icm_ranges([8.0, 8.0, 8.0], None, 0, [1, 2], big_blind=1.0)
    s = nash.solve_chips(8.0, 2)
    assert (r.push == s.push).all()
    assert all((a == b).all() for a, b in zip(r.calls, s.calls))


def test_bubble_factor_grid_tightens_calls() -> None:
    charts = nash.charts()
    for stack in (5, 10, 15):
        widths = [nash.range_width(charts.call_range(stack, 3, "bb", bf)) for bf in nash.BF_GRID]
        assert widths == sorted(widths, reverse=True) and widths[0] > widths[-1]


def test_shipped_charts_recompute() -> None:
    """A slice of the data file, computed again from the shipped equity matrix."""
    charts = nash.charts()
    assert charts.masks.shape == (
        4,
        len(nash.BF_GRID),
        len(nash.BF_GRID),
        nash.MAX_BEHIND,
        len(nash.STACKS_BB),
        N_CLASSES,
    )
    assert charts.header["iterations"] == nash.ITERATIONS
    for stack, behind, bp, bc in ((10, 1, 0, 0), (6, 4, 1, 2), (15, 8, 3, 0)):
        r = nash.solve_chips(
            float(stack), behind, bf_pusher=nash.BF_GRID[bp], bf_callers=nash.BF_GRID[bc]
        )
        assert (charts.masks[0, bp, bc, behind - 1, stack - 1] == r.push).all()
        assert (charts.masks[3, bp, bc, behind - 1, stack - 1] == r.calls[-1]).all()


def test_lookups_read_the_arrays() -> None:
    charts = nash.charts()
    kk, off72 = class_of_name("KK"), class_of_name("72o")
    assert charts.shoves(kk, 10.0, 8) and not charts.shoves(off72, 10.0, 8)
    assert charts.shoves(off72, 1.2, 1)  # one big blind: any two cards
    m = charts.masks
    for c in (kk, off72, class_of_name("A5s"), class_of_name("T9o")):
        assert charts.shoves(c, 9.6, 3, bf=1.6, bf_callers=2.2) == m[0, 1, 2, 2, 9, c]
        assert charts.calls(c, 4.4, 2, "sb", bf=2.9, bf_pusher=1.1) == m[2, 0, 3, 1, 3, c]
        assert charts.calls(c, 40.0, 12, "bb") == m[3, 0, 0, 7, 19, c]  # clamped to the grid
    assert not charts.masks[2, :, :, 0].any()  # no small blind calls the small blind's shove


def test_equity_matrix_is_consistent() -> None:
    eq = nash.class_equity()
    assert np.allclose(eq + eq.T, 1.0)
    aa, kk, off72 = class_of_name("AA"), class_of_name("KK"), class_of_name("72o")
    assert eq[aa, kk] == pytest.approx(0.82, abs=0.01)  # AA against KK: about 82 %
    assert eq[aa, off72] == pytest.approx(0.88, abs=0.01)
    assert eq.flags.writeable is False


def test_unknown_caller_is_named() -> None:
    from pokersim.errors import ConfigError

    with pytest.raises(ConfigError, match="caller must be one of other, sb, bb, got 'utg'"):
        nash.charts().calls(0, 10.0, 3, "utg")
