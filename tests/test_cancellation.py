"""R-FAULT-1/2 cancellation money and R-COND-1 forfeited-prize redistribution, to the cent."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim.cancellation import (
    CancellationPolicy,
    CancelStage,
    cancellation_shares,
    cancellation_stage,
    redistribute_forfeited_prize,
    remaining_prize_money,
    settle_cancellation,
)
from pokersim.errors import ConfigError
from pokersim.scenario import Faults

stacks_st = st.lists(st.integers(1, 10**7), min_size=1, max_size=40)


def test_r_fault_1_default_is_half_equal_half_by_chips():
    """R-FAULT-1 default: an equal share plus a chip-proportional share (50/50)."""
    # 1000 cents, 4 players: 500 equally (125 each), 500 by chips 4:3:2:1.
    got = cancellation_shares([4000, 3000, 2000, 1000], 1000)
    assert got == (125 + 200, 125 + 150, 125 + 100, 125 + 50)


def test_r_fault_1_equal_percent_is_configurable():
    """R-FAULT-1: the equal part is the scenario's ``cancellation_equal_percent``."""
    got = cancellation_shares([3000, 1000], 10_000, equal_percent=20.0)
    # 2000 equally (1000 each), 8000 by chips 3:1.
    assert got == (1000 + 6000, 1000 + 2000)


def test_r_fault_1_chips_and_equal_policies():
    """R-FAULT-1: the other configured policies, all by chips or all equal."""
    assert cancellation_shares([5, 3, 2], 1000, policy=CancellationPolicy.CHIPS) == (500, 300, 200)
    assert cancellation_shares([5, 3, 2], 1000, policy="equal") == (334, 333, 333)


def test_r_fault_1_leftover_cents_by_largest_remainder_then_bigger_stack():
    """R-FAULT-1 cents: 10 cents equal among 3 -> the leftover cent to the biggest stack."""
    assert cancellation_shares([1, 9, 5], 10, policy="equal") == (3, 4, 3)


@settings(max_examples=200, deadline=None)
@given(
    stacks=stacks_st,
    money=st.integers(0, 10**9),
    percent=st.sampled_from([0.0, 12.5, 33.3, 50.0, 75.0, 100.0]),
    policy=st.sampled_from(list(CancellationPolicy)),
)
def test_r_fault_1_shares_sum_to_the_cent_and_are_within_a_cent_of_exact(
    stacks, money, percent, policy
):
    """R-FAULT-1: every remaining cent is paid; each share is its exact value to within a cent."""
    got = cancellation_shares(stacks, money, policy=policy, equal_percent=percent)
    assert sum(got) == money
    n, chips = len(stacks), sum(stacks)
    q = {
        CancellationPolicy.EQUAL_PLUS_CHIPS: Fraction(str(percent)) / 100,
        CancellationPolicy.CHIPS: Fraction(0),
        CancellationPolicy.EQUAL: Fraction(1),
        CancellationPolicy.NEXT_PAYOUT_PLUS_CHIPS: Fraction(0),  # no next payout: by chips
    }[policy]
    for share, c in zip(got, stacks):
        exact = money * (q / n + (1 - q) * Fraction(c, chips))
        assert abs(share - exact) < 1
    # More chips never means less money.
    by_stack = sorted(zip(stacks, got))
    assert all(a[1] <= b[1] for a, b in zip(by_stack, by_stack[1:]))


# --- R-FAULT-2: cancellation by stage ------------------------------------------------------------


def test_r_fault_2_stage_follows_the_start_and_the_money() -> None:
    assert cancellation_stage(players_left=4, places_paid=3).value == "before-money"
    assert cancellation_stage(players_left=3, places_paid=3).value == "in-money"
    assert cancellation_stage(players_left=2, places_paid=3).value == "in-money"


def test_r_fault_2_next_payout_first_then_chips() -> None:
    """In the money: the lowest prize not yet awarded to each, the rest by chips, to the cent."""
    got = cancellation_shares(
        [5, 3, 2], 10_001, policy=CancellationPolicy.NEXT_PAYOUT_PLUS_CHIPS, next_payout=2000
    )
    # 6000 as next payouts; 4001 by chips 5:3:2 = 2000.5, 1200.3, 800.2 -> the cent to 2000.5
    assert got == (4001, 3200, 2800)
    with pytest.raises(ConfigError, match="next payout"):
        cancellation_shares([1, 1], 100, policy="next-payout-plus-chips", next_payout=60)


def test_r_fault_2_settlement_by_stage() -> None:
    prizes = [5000, 3000, 2000]
    kw = {"prize_parts": [1000, 2000], "fees": [100, 200], "terms": Faults()}
    with pytest.raises(ConfigError, match="every buy-in goes back whole"):
        settle_cancellation(CancelStage.BEFORE_START, [1500, 1500], prizes, **kw)  # the lobby's
    # before the money (2 left of 4, 1 place paid): 50 % equally, 50 % by chips, fees back
    one = settle_cancellation(CancelStage.BEFORE_MONEY, [3000, 1000], [8000], **kw)
    assert one.shares == (2000 + 3000, 2000 + 1000)
    assert (one.prize_refunds, one.fee_refunds) == ((0, 0), (100, 200))
    no_fees = Faults(cancellation_refunds_fees=False)
    kept = settle_cancellation(
        CancelStage.BEFORE_MONEY, [3000, 1000], [8000], **{**kw, "terms": no_fees}
    )
    assert kept.fee_refunds == (0, 0)
    # in the money (2 left): 3000 each (2nd prize), the other 2000 by chips 3:1
    two = settle_cancellation(CancelStage.IN_MONEY, [3000, 1000], prizes, **kw)
    assert two.shares == (3000 + 1500, 3000 + 500)
    assert two.fee_refunds == (0, 0) and two.prize_refunds == (0, 0)


@settings(max_examples=200, deadline=None)
@given(
    stacks=stacks_st,
    table=st.lists(st.integers(0, 10**7), min_size=1, max_size=50),
)
def test_r_fault_2_every_cent_of_the_remaining_money_is_paid(stacks, table) -> None:
    """Random stacks and prize tables: the shares sum exactly to the remaining prize money, each
    player in the money gets at least the next payout, refunds are exactly what was paid."""
    prizes = sorted(table, reverse=True)
    n = len(stacks)
    stage = cancellation_stage(players_left=n, places_paid=len(prizes))
    parts, fees = list(range(n)), [2 * i for i in range(n)]
    got = settle_cancellation(stage, stacks, prizes, prize_parts=parts, fees=fees, terms=Faults())
    assert sum(got.shares) == sum(prizes[:n])
    assert got.prize_refunds == (0,) * n
    if stage is CancelStage.IN_MONEY:
        assert min(got.shares) >= prizes[n - 1]
        assert got.fee_refunds == (0,) * n
    else:
        assert got.fee_refunds == tuple(fees)


def test_r_fault_1_remaining_money_is_the_undecided_places():
    """R-FAULT-1: the remaining prize money is the prizes of places 1..players left."""
    assert remaining_prize_money([5000, 3000, 2000, 1000], 3) == 10_000
    assert remaining_prize_money([5000, 3000], 30) == 8000


@pytest.mark.parametrize(
    "stacks, money, kwargs, fragment",
    [
        ([], 100, {}, "at least one"),
        ([10, 0], 100, {}, "stack 2"),
        ([10, -3], 100, {}, "stack 2"),
        ([10, 5], -1, {}, "whole cents"),
        ([10, 5], 10.5, {}, "whole cents"),
        ([10, 5], 100, {"equal_percent": 101.0}, "between 0 and 100"),
        ([10, 5], 100, {"policy": "icm"}, "policy"),
    ],
)
def test_r_fault_1_bad_input_names_the_value(stacks, money, kwargs, fragment):
    with pytest.raises(ConfigError, match=fragment):
        cancellation_shares(stacks, money, **kwargs)


def test_r_cond_1_forfeit_shared_in_proportion_leftovers_to_first():
    """R-COND-1: a forfeited prize goes to the other paid places by their prizes."""
    assert redistribute_forfeited_prize([5000, 3000, 2000], 3) == (6250, 3750, 0)
    # 100 over 500:300 -> 62.5 and 37.5: whole cents 62 and 37, the leftover cent to first.
    assert redistribute_forfeited_prize([500, 300, 100], 3) == (563, 337, 0)
    # A middle place forfeits; lower paid places share too; unpaid places get nothing.
    # 302 over 600:100 -> 258.86 and 43.14: whole cents 258 and 43, one cent left to first.
    assert redistribute_forfeited_prize([600, 302, 100, 0], 2) == (600 + 259, 0, 100 + 43, 0)


def test_r_cond_1_unpaid_place_forfeits_nothing():
    """R-COND-1: a player disqualified out of the money has no prize to share."""
    assert redistribute_forfeited_prize([500, 300, 0, 0], 4) == (500, 300, 0, 0)


@settings(max_examples=200, deadline=None)
@given(
    raw=st.lists(st.integers(0, 10**8), min_size=2, max_size=30),
    data=st.data(),
)
def test_r_cond_1_forfeit_conserves_every_cent(raw, data):
    """R-COND-1: the table's total is unchanged; each share is its exact part to a cent."""
    prizes = sorted(raw, reverse=True)
    place = data.draw(st.integers(1, len(prizes)))
    others = [i for i, x in enumerate(prizes) if i != place - 1 and x > 0]
    if prizes[place - 1] > 0 and not others:
        with pytest.raises(ConfigError, match="no other place"):
            redistribute_forfeited_prize(prizes, place)
        return
    got = redistribute_forfeited_prize(prizes, place)
    assert sum(got) == sum(prizes)
    assert got[place - 1] == 0 or prizes[place - 1] == 0
    forfeited = prizes[place - 1]
    weight = sum(prizes[i] for i in others)
    for i in others:
        exact = prizes[i] + Fraction(forfeited * prizes[i], weight)
        if i == others[0]:
            assert exact <= got[i] < exact + len(others)  # the leftovers land here
        else:
            assert exact - 1 < got[i] <= exact


def test_r_cond_1_bad_place_is_refused():
    with pytest.raises(ConfigError, match="between 1 and 3"):
        redistribute_forfeited_prize([5, 3, 2], 4)
    with pytest.raises(ConfigError, match="prize 2"):
        redistribute_forfeited_prize([5, -3, 2], 1)
