"""Payout tables and prize money: exact cents (R-MONEY-1), pools (R-REG-3), ties (R-ELIM-2)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim import payouts
from pokersim.errors import ConfigError
from pokersim.payouts import (
    SHARE_UNITS,
    TableSize,
    default_places_paid,
    default_shares,
    places_paid,
    prize_amounts,
    prize_pool_cents,
    shares_for,
    split_tied,
    table_size,
    tied_share,
)
from pokersim.scenario import PayoutBand, Payouts

PCT = SHARE_UNITS // 100  # one percent in share units


def _table(*percents: int) -> tuple[int, ...]:
    return tuple(p * PCT for p in percents)


# --- R-MONEY-1: truncation to the cent, leftovers to first ------------------------------------


def test_r_money_1_truncates_each_share_and_gives_leftover_cents_to_first() -> None:
    # 999 cents at 50/30/20: 499.5 -> 499, 299.7 -> 299, 199.8 -> 199; 2 cents left to first.
    assert prize_amounts(999, _table(50, 30, 20)) == (501, 299, 199)


def test_r_money_1_thirds() -> None:
    third = SHARE_UNITS // 3
    shares = (third + SHARE_UNITS - 3 * third, third, third)
    assert prize_amounts(100, shares) == (34, 33, 33)


@settings(max_examples=300, deadline=None)
@given(
    pool=st.integers(0, 10**12),
    weights=st.lists(st.integers(1, 10**6), min_size=1, max_size=40),
)
def test_r_money_1_amounts_sum_to_the_pool_exactly(pool: int, weights: list[int]) -> None:
    """Nothing is rounded away: the prizes add up to the pool to the cent."""
    total = sum(weights)
    shares = [w * SHARE_UNITS // total for w in weights]
    shares[0] += SHARE_UNITS - sum(shares)
    amounts = prize_amounts(pool, shares)
    assert sum(amounts) == pool
    for k, (amount, share) in enumerate(zip(amounts, shares)):
        exact = pool * share // SHARE_UNITS
        if k == 0:
            assert exact <= amount < exact + len(shares)
        else:
            assert amount == exact


def test_prize_amounts_rejects_a_table_not_summing_to_100() -> None:
    with pytest.raises(ValueError, match="summing to"):
        prize_amounts(1000, _table(50, 30, 19))
    with pytest.raises(ValueError, match="pool >= 0"):
        prize_amounts(-1, _table(100))


# --- R-REG-3: the pool and the table chosen by entries ----------------------------------------


def test_r_reg_3_pool_is_prize_parts_with_overlay_up_to_the_guarantee() -> None:
    assert prize_pool_cents(150 * 1000, 100_000) == 150_000  # no overlay
    assert prize_pool_cents(80 * 1000, 100_000) == 100_000  # 20,000 cents of overlay
    assert prize_pool_cents(0) == 0
    with pytest.raises(ValueError, match="non-negative"):
        prize_pool_cents(-1)


def test_r_reg_3_table_is_chosen_by_number_of_entries() -> None:
    payouts = Payouts(
        bands=(
            PayoutBand(min_entries=2, max_entries=6, shares=_table(100)),
            PayoutBand(min_entries=7, max_entries=None, shares=_table(60, 40)),
        )
    )
    assert shares_for(payouts, 6) == _table(100)
    assert shares_for(payouts, 7) == _table(60, 40)
    assert places_paid(payouts, 5000) == 2
    with pytest.raises(ConfigError, match="no band covers 1 entries"):
        shares_for(payouts, 1)
    # Without bands the default curve follows the field size as registration changes it.
    assert places_paid(Payouts(), 180) == 27
    assert places_paid(Payouts(), 181) == 27
    assert places_paid(Payouts(), 1000) == 150


# --- the built-in default ---------------------------------------------------------------------


def test_default_small_fields() -> None:
    assert default_shares(2) == _table(100)
    assert default_shares(6) == _table(65, 35)
    assert default_shares(9) == _table(50, 30, 20)
    assert default_shares(18) == _table(50, 30, 20)
    assert default_shares(27) == _table(40, 30, 20, 10)


@pytest.mark.parametrize("entries", [11, 45, 100, 180, 1000, 10_000, 100_000])
def test_default_table_shape(entries: int) -> None:
    """R-MONEY-1 / R-REG-3: exact integer shares, ~15% paid, decreasing, min-cash ~1.75x."""
    shares = default_shares(entries)
    assert sum(shares) == SHARE_UNITS
    assert all(a >= b for a, b in zip(shares, shares[1:]))
    assert shares[-1] > 0
    assert len(shares) == default_places_paid(entries)
    if entries >= 100:
        assert 0.14 <= len(shares) / entries <= 0.16
        min_cash_buy_ins = shares[-1] * entries / SHARE_UNITS
        assert 1.5 <= min_cash_buy_ins <= 2.5
        assert shares[0] > shares[1] > shares[2]


def test_default_first_share_falls_as_the_field_grows() -> None:
    firsts = [default_shares(n)[0] / SHARE_UNITS for n in (45, 180, 1000, 10_000, 100_000)]
    assert firsts == sorted(firsts, reverse=True)
    assert 0.20 <= firsts[1] <= 0.30  # small field: about a fifth to a quarter
    assert 0.08 <= firsts[-1] <= 0.15  # very large field


def test_default_pays_equal_prizes_within_groups() -> None:
    shares = default_shares(1000)
    assert len(set(shares[:9])) == 9  # the final table: one prize per place
    assert shares[9] == shares[10] == shares[11] != shares[12]  # places 10-12
    assert len(set(shares[18:27])) == 1  # places 19-27


@settings(max_examples=60, deadline=None)
@given(entries=st.integers(1, 20_000))
def test_default_table_invariants(entries: int) -> None:
    shares = default_shares(entries)
    assert sum(shares) == SHARE_UNITS
    assert all(a >= b > 0 for a, b in zip(shares, shares[1:]))
    assert 1 <= len(shares) <= entries
    assert shares[-1] * entries >= SHARE_UNITS  # a min-cash is at least one buy-in's prize part


# --- R-PAY-1: the table size matters -----------------------------------------------------------


def test_r_pay_1_table_size_classes() -> None:
    assert table_size(2) is TableSize.HEADS_UP
    assert [table_size(s) for s in (3, 6)] == [TableSize.SHORT_HANDED] * 2
    assert [table_size(s) for s in (7, 9, 10)] == [TableSize.FULL_RING] * 3
    for bad in (1, 11, True, 6.0):
        with pytest.raises(ValueError, match="seats per table"):
            table_size(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("entries", "seats", "places"),
    [
        (4, 9, 1),
        (4, 6, 1),
        (6, 6, 2),
        (9, 9, 3),
        (12, 6, 3),
        (13, 9, 3),
        (13, 6, 4),  # three 6-max tables pay four places, two 9-max tables three
        (18, 6, 4),
        (23, 6, 4),
        (24, 6, 4),
        (27, 6, 4),
        (180, 6, 27),  # large fields: 15 % whatever the table size
        (2, 2, 1),
        (8, 2, 1),  # heads-up: 12.5 %, rounded half up
        (11, 2, 1),
        (12, 2, 2),
        (20, 2, 3),
        (1000, 2, 125),
    ],
)
def test_r_pay_1_places_paid_by_field_and_table_size(entries: int, seats: int, places: int) -> None:
    assert default_places_paid(entries, seats) == places


def test_r_pay_1_small_fields_pay_differently_by_table_size() -> None:
    assert default_shares(18, 9) == _table(50, 30, 20)
    assert default_shares(18, 6) == _table(40, 30, 20, 10)
    assert default_shares(8, 9) == _table(50, 30, 20)
    assert default_shares(8, 2) == _table(100)
    assert default_shares(16, 2) == _table(65, 35)
    # the scenario's own bands are by field size only
    band = Payouts(bands=(PayoutBand(min_entries=2, max_entries=None, shares=_table(70, 30)),))
    assert shares_for(band, 18, 2) == shares_for(band, 18, 9) == _table(70, 30)
    assert places_paid(Payouts(), 18, 6) == 4


@settings(max_examples=60, deadline=None)
@given(entries=st.integers(1, 20_000), seats=st.integers(2, 10))
def test_r_pay_1_default_table_invariants_at_every_table_size(entries: int, seats: int) -> None:
    """Exact shares summing to the whole, never increasing; more entries never pay fewer."""
    shares = default_shares(entries, seats)
    assert sum(shares) == SHARE_UNITS
    assert all(a >= b > 0 for a, b in zip(shares, shares[1:]))
    assert 1 <= len(shares) <= entries
    assert default_places_paid(entries + 1, seats) >= len(shares)


def test_default_rejects_bad_entries() -> None:
    for bad in (0, -3):
        with pytest.raises(ValueError, match="entries >= 1"):
            default_places_paid(bad)


# --- R-ELIM-2: tied places share their prizes -------------------------------------------------


def test_r_elim_2_two_players_tied_for_second_and_third_split_both_prizes() -> None:
    amounts = (5000, 3001, 2000)
    # 5001 cents for two: 2500 each and the odd cent to the first in the given order.
    assert split_tied(amounts, 2, 2) == (2501, 2500)


def test_r_elim_2_tie_across_the_bubble_shares_the_last_prize() -> None:
    amounts = (5000, 3000, 2000)
    assert split_tied(amounts, 3, 2) == (1000, 1000)  # places 3 and 4; 4 pays nothing
    assert split_tied(amounts, 4, 3) == (0, 0, 0)


@settings(max_examples=200, deadline=None)
@given(
    amounts=st.lists(st.integers(0, 10**9), min_size=1, max_size=30),
    first=st.integers(1, 35),
    count=st.integers(1, 9),
)
def test_r_elim_2_split_pays_exactly_the_places_prizes(
    amounts: list[int], first: int, count: int
) -> None:
    amounts.sort(reverse=True)
    split = split_tied(amounts, first, count)
    assert len(split) == count
    assert sum(split) == sum(amounts[first - 1 : first - 1 + count])
    assert max(split) - min(split) <= 1
    assert list(split) == sorted(split, reverse=True)


def test_split_tied_rejects_bad_places() -> None:
    with pytest.raises(ValueError, match="first_place >= 1"):
        split_tied((100,), 0, 1)


def plain_exponent(entries: int, places: int) -> float:
    """The bisection as first written: sixty steps, each building the whole curve."""
    min_share = payouts._MIN_CASH_BUY_INS / entries
    target = payouts._first_share_target(entries)
    lo, hi = 0.05, 6.0
    for _ in range(60):
        mid = (lo + hi) / 2
        if payouts._curve(places, mid, min_share)[0] < target:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def _plain_default_shares(entries: int, seats: int) -> tuple[int, ...]:
    """The default table as first written: every bisection step builds the whole curve."""
    places = default_places_paid(entries, seats)
    if places in payouts._SMALL_TABLES:
        return payouts._SMALL_TABLES[places]
    min_share = payouts._MIN_CASH_BUY_INS / entries
    curve = payouts._curve(places, plain_exponent(entries, places), min_share)
    shares: list[int] = []
    start = 0
    for size in payouts._group_sizes(places):
        shares.extend([int(sum(curve[start : start + size]) / size * SHARE_UNITS)] * size)
        start += size
    shares[0] += SHARE_UNITS - sum(shares)
    return tuple(shares)


@pytest.mark.parametrize("seats", [9, 6, 2])
def test_r_pay_1_default_table_is_the_plain_bisections_to_the_unit(seats: int) -> None:
    """The bisection sums each curve's powers as it makes them, stops once no float is left
    between its bounds, and keeps each field's exponent: a late registration of thousands asks
    for a new table at every entry. Every table is still the plain bisection's, unit for unit."""
    fields = [*range(1, 400), *range(400, 30_000, 997), 100_003, 250_000]
    for entries in fields:
        payouts._exponent.cache_clear()
        assert payouts.default_shares.__wrapped__(entries, seats) == _plain_default_shares(
            entries, seats
        ), entries


@given(
    st.lists(st.integers(0, 10**7), min_size=1, max_size=40),
    st.integers(1, 50),
    st.integers(1, 60),
)
def test_r_shoot_1_one_tied_share_is_that_of_the_whole_split(
    amounts: list[int], first_place: int, count: int
) -> None:
    """A shoot-out round's players out share its places (R-SHOOT-1, R-ELIM-2's split), one
    share at a time: each is the split's share for that player, to the cent."""
    whole = split_tied(amounts, first_place, count)
    assert [tied_share(amounts, first_place, count, k) for k in range(count)] == list(whole)
    with pytest.raises(ValueError, match="0 <= k < count"):
        tied_share(amounts, first_place, count, count)
