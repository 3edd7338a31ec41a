"""R-DEAL-1: ICM and chip-chop deals in integer cents."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim.deals import (
    DealMethod,
    apportion_cents,
    chip_chop,
    icm_deal,
    keep_for_first_cents,
    make_deal,
)
from pokersim.errors import ConfigError
from pokersim.icm import icm_exact


@st.composite
def deal_inputs(draw):
    n = draw(st.integers(2, 9))
    stacks = draw(st.lists(st.integers(1, 200_000), min_size=n, max_size=n))
    table = draw(st.lists(st.integers(0, 5_000_000), min_size=1, max_size=n + 3))
    prizes = sorted(table, reverse=True)
    in_play = (prizes[:n] + [0] * n)[:n]
    pool = sum(prizes)
    limit = min(pool * 5 // 100, in_play[0] - in_play[-1])
    keep = draw(st.integers(0, max(0, limit)))
    return stacks, prizes, in_play, keep


@settings(max_examples=200, deadline=None)
@given(inputs=deal_inputs(), method=st.sampled_from(list(DealMethod)))
def test_r_deal_1_deal_sums_exactly_and_guarantees_next_payout(inputs, method):
    """R-DEAL-1: every remaining cent is dealt, everyone gets at least the next payout."""
    stacks, prizes, in_play, keep = inputs
    deal = make_deal(stacks, prizes, method=method, keep_for_first=keep)
    assert len(deal.amounts) == len(stacks)
    assert all(isinstance(x, int) for x in deal.amounts)
    assert sum(deal.amounts) == sum(in_play) - keep == deal.divided
    assert deal.next_payout == in_play[-1]
    assert min(deal.amounts) >= in_play[-1]
    assert deal.kept_for_first == keep


@settings(max_examples=150, deadline=None)
@given(inputs=deal_inputs())
def test_r_deal_1_chip_chop_is_within_a_cent_of_the_formula(inputs):
    """R-DEAL-1 chip-chop: lowest remaining prize plus a chip-proportional share of the rest."""
    stacks, prizes, in_play, keep = inputs
    deal = chip_chop(stacks, prizes, keep_for_first=keep)
    n, floor = len(stacks), in_play[-1]
    rest = sum(in_play) - keep - n * floor
    for got, chips in zip(deal.amounts, stacks):
        exact = floor + Fraction(rest * chips, sum(stacks))
        assert abs(got - exact) < 1


@settings(max_examples=100, deadline=None)
@given(inputs=deal_inputs())
def test_r_deal_1_icm_deal_is_within_a_cent_of_icm_equity(inputs):
    """R-DEAL-1 ICM: each amount is the ICM equity (kept amount out of first), to the cent."""
    stacks, prizes, in_play, keep = inputs
    deal = icm_deal(stacks, prizes, keep_for_first=keep)
    dealt = list(in_play)
    dealt[0] -= keep
    equity = icm_exact(stacks, dealt)
    assert np.all(np.abs(np.array(deal.amounts) - equity) < 1.0 + 1e-6)


def test_r_deal_1_chip_chop_worked_example():
    """R-DEAL-1: 100/50/25 remaining, chips 6000/3000/1000: 25 each plus the 100 left by chips."""
    deal = chip_chop([6000, 3000, 1000], [10000, 5000, 2500])
    assert deal.amounts == (2500 + 6000, 2500 + 3000, 2500 + 1000)


def test_r_deal_1_leftover_cents_go_to_largest_remainders_then_bigger_stack():
    """R-DEAL-1 cents: 100 cents over three equal shares -> one leftover cent, to the first."""
    assert chip_chop([10, 10, 10], [100, 0, 0]).amounts == (34, 33, 33)
    # Equal fractional parts: the bigger stack wins the tie before list order does.
    assert apportion_cents(2, [1, 1, 1, 1], stacks=[1, 5, 5, 2]) == (0, 1, 1, 0)
    # A larger fractional part beats a bigger stack.
    assert apportion_cents(10, [1, 2], stacks=[1, 2]) == (3, 7)


def test_r_deal_1_keep_for_first_is_taken_out_of_first_prize():
    """R-DEAL-1: the kept amount is not dealt; the winner plays for it."""
    full = icm_deal([5000, 3000, 2000], [60000, 30000, 10000], keep_for_first=0)
    kept = icm_deal([5000, 3000, 2000], [60000, 30000, 10000], keep_for_first=5000)
    assert sum(full.amounts) - sum(kept.amounts) == 5000
    # Everyone gives up part of their equity of first place, the chip leader the most.
    diffs = [a - b for a, b in zip(full.amounts, kept.amounts)]
    assert diffs[0] > diffs[1] > diffs[2] > 0


def test_r_deal_1_keep_for_first_above_5_percent_is_refused():
    """R-DEAL-1: at most 5% of the total prize pool may be kept for first."""
    prizes = [60000, 30000, 10000]  # pool 100000 cents
    deal = make_deal([5, 3, 2], prizes, method="chip-chop", keep_for_first=5000)
    assert deal.kept_for_first == 5000
    with pytest.raises(ConfigError, match="5%"):
        make_deal([5, 3, 2], prizes, method="chip-chop", keep_for_first=5001)


def test_r_deal_1_five_percent_counts_the_whole_prize_pool():
    """R-DEAL-1: places already paid count toward the total pool the 5% is taken of."""
    # Three players left of a table that paid 4th 8000 and 5th 2000: pool 110000.
    prizes = [60000, 30000, 10000, 8000, 2000]
    deal = chip_chop([5, 3, 2], prizes, keep_for_first=5500)
    assert sum(deal.amounts) == 100000 - 5500
    with pytest.raises(ConfigError, match="5%"):
        chip_chop([5, 3, 2], prizes, keep_for_first=5501)
    # An explicit prize pool (e.g. with money outside this table) raises the limit.
    assert chip_chop([5, 3, 2], prizes, keep_for_first=6000, prize_pool=120000).divided == 94000


def test_r_deal_1_keep_cannot_eat_into_the_guarantee():
    """R-DEAL-1: the kept amount comes from first prize above the next payout."""
    with pytest.raises(ConfigError, match="next payout"):
        chip_chop([5, 3], [10500, 10000], keep_for_first=501, prize_pool=10**9)


def test_r_deal_1_fewer_prizes_than_players_guarantees_nothing():
    """R-DEAL-1: a deal on the bubble: the next payout is zero."""
    deal = chip_chop([100, 300, 600], [700, 300])
    assert deal.next_payout == 0
    assert deal.amounts == (100, 300, 600)


@pytest.mark.parametrize(
    "stacks, prizes, kwargs, fragment",
    [
        ([100], [10], {}, "at least two"),
        ([100, -1], [10], {}, "stack 2"),
        ([100, 0], [10], {}, "stack 2"),
        ([100, 2.5], [10], {}, "stack 2"),
        ([100, 50], [10, 20], {}, "increase"),
        ([100, 50], [10, -1], {}, "prize 2"),
        ([100, 50], [], {}, "at least one prize"),
        ([100, 50], [10, 5], {"keep_for_first": -1}, "keep_for_first"),
        ([100, 50], [10, 5], {"method": "split"}, "method"),
        ([100, 50], [10, 5], {"prize_pool": 14}, "prize_pool"),
    ],
)
def test_r_deal_1_bad_input_names_the_value(stacks, prizes, kwargs, fragment):
    kwargs = {"method": "icm", **kwargs}
    with pytest.raises(ConfigError, match=fragment):
        make_deal(stacks, prizes, **kwargs)


def test_r_deal_1_equal_stacks_icm_deal_is_even_and_deterministic():
    """R-DEAL-1: float noise never decides a cent: equal stacks get their cents by list order."""
    deal = icm_deal([1000] * 7, [5000, 3000, 2000, 1001, 1000, 1000, 1000])
    assert deal.amounts == (2001, 2000, 2000, 2000, 2000, 2000, 2000)
    assert icm_deal([1000] * 7, [5000, 3000, 2000, 1001, 1000, 1000, 1000]) == deal


def test_apportion_rejects_bad_input():
    with pytest.raises(ValueError, match="all zero"):
        apportion_cents(5, [0, 0])
    with pytest.raises(ValueError, match=">= 0"):
        apportion_cents(5, [1, -1])
    with pytest.raises(ValueError, match="whole number"):
        apportion_cents(-1, [1])


def test_r_deal_1_keep_percent_to_cents_truncates_and_caps_at_5():
    """R-DEAL-1: a scenario's percent kept for first becomes whole cents, at most 5%."""
    assert keep_for_first_cents(2.5, 123_457) == 3086  # 3086.425 truncated
    assert keep_for_first_cents(5, 100_000) == 5000
    assert keep_for_first_cents(0.1, 1_000) == 1  # read as 1/10, not the binary float
    pool = 98_765
    kept = keep_for_first_cents(5.0, pool)
    assert chip_chop([3, 2], [60_000, 38_765], keep_for_first=kept).kept_for_first == kept
    with pytest.raises(ConfigError, match="between 0 and 5"):
        keep_for_first_cents(5.01, 100_000)
