"""Edges of the built-in payout tables (R-PAY-1) that the main payout tests leave open.

Each test names the wrong implementation it catches; the expected values are worked out from
the documented rule (``docs/money.md``, "Payout tables"), not read off the code.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim.payouts import SHARE_UNITS, default_places_paid, default_shares


def _half_up(x: Fraction) -> int:
    """``x`` rounded to a whole number, halves upwards."""
    return int((x + Fraction(1, 2)) // 1)


@pytest.mark.parametrize(
    ("entries", "places"),
    [
        (30, 5),  # 4.5 -> 5
        (50, 8),  # 7.5 -> 8
        (70, 11),  # 10.5 -> 11
        (1010, 152),  # 151.5 -> 152
    ],
)
@pytest.mark.parametrize("seats", [9, 6])
def test_r_pay_1_fifteen_percent_of_the_field_rounds_a_half_up(
    entries: int, seats: int, places: int
) -> None:
    """R-PAY-1: 15 % of the field, rounded half up (full ring and 6-max alike).

    Catches rounding a half down (or truncating) when 15 % of the field ends in .5.
    """
    assert default_places_paid(entries, seats) == places


@settings(max_examples=200, deadline=None)
@given(entries=st.integers(24, 50_000), seats=st.sampled_from([3, 6, 7, 9, 10]))
def test_r_pay_1_large_fields_pay_fifteen_percent_half_up(entries: int, seats: int) -> None:
    """R-PAY-1: from 24 entries full ring and 6-max pay 15 % of the field, rounded half up."""
    assert default_places_paid(entries, seats) == _half_up(Fraction(15 * entries, 100))


@settings(max_examples=200, deadline=None)
@given(entries=st.integers(12, 50_000))
def test_r_pay_1_heads_up_pays_an_eighth_half_up(entries: int) -> None:
    """R-PAY-1: heads-up fields pay 12.5 % of the field, rounded half up."""
    assert default_places_paid(entries, 2) == _half_up(Fraction(entries, 8))


@pytest.mark.parametrize("entries", [500, 1000, 5000, 10_000, 100_000])
def test_default_min_cash_is_about_one_and_three_quarter_buy_ins(entries: int) -> None:
    """The default curve's floor: in large fields the last place pays about 1.75 buy-ins'
    prize parts (``pokersim.payouts`` docstring), not merely something between 1.5 and 2.5.

    Catches a changed min-cash target, which moves money between the bottom and the top.
    """
    shares = default_shares(entries)
    min_cash_buy_ins = Fraction(shares[-1] * entries, SHARE_UNITS)
    assert abs(min_cash_buy_ins - Fraction(7, 4)) <= Fraction(2, 100)
