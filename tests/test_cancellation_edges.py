"""Edges of cancellation money (R-FAULT-2) that the main cancellation tests leave open.

The expected cents come from the documented division (``docs/money.md``): exact shares, whole
cents to each, the cents left over to the largest fractional parts, ties to the bigger stack,
then to the earlier player. ``_largest_remainder`` below is that rule written out plainly.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim.cancellation import CancelStage, cancellation_shares, settle_cancellation
from pokersim.scenario import Faults


def _largest_remainder(total: int, exact: list[Fraction], stacks: list[int]) -> list[int]:
    """Whole cents of each exact share; leftovers by fractional part, bigger stack, index."""
    whole = [int(x // 1) for x in exact]
    ranked = sorted(range(len(exact)), key=lambda i: (whole[i] - exact[i], -stacks[i], i))
    for i in ranked[: total - sum(whole)]:
        whole[i] += 1
    return whole


def test_r_fault_2_equal_percent_is_the_decimal_written() -> None:
    """R-FAULT-2 before the money, 45.7 % equally: 2000 cents over stacks 1000 and 3000.

    Equal part 914 (457 each), chip part 1086 (271.5 and 814.5): exactly 728.5 and 1271.5,
    a tie that the bigger stack wins. Catches reading 45.7 as its binary float, which is a
    hair above 45.7 and hands the cent to the smaller stack.
    """
    assert cancellation_shares([1000, 3000], 2000, equal_percent=45.7) == (728, 1272)


@settings(max_examples=200, deadline=None)
@given(
    stacks=st.lists(st.integers(1, 12), min_size=1, max_size=6),
    money=st.integers(0, 5000),
    tenths=st.integers(0, 1000),
)
def test_r_fault_2_equal_plus_chips_to_the_cent(stacks: list[int], money: int, tenths: int) -> None:
    """R-FAULT-2: ``equal_percent`` with one decimal, shares exactly as the documented rule."""
    q = Fraction(tenths, 1000)  # the equal part as a fraction of the money
    n, chips = len(stacks), sum(stacks)
    exact = [money * (q / n + (1 - q) * Fraction(c, chips)) for c in stacks]
    got = cancellation_shares(stacks, money, equal_percent=tenths / 10)
    assert list(got) == _largest_remainder(money, exact, stacks)


def test_r_fault_2_in_the_money_tie_goes_to_the_bigger_stack() -> None:
    """R-FAULT-2 in the money: 3000 each (the next payout), then 2 cents by chips 1:3.

    The exact chip shares 0.5 and 1.5 tie on their fractional part: the bigger stack takes the
    cent. Catches the chip part ignoring the stacks when it breaks ties (list order instead).
    """
    got = settle_cancellation(
        CancelStage.IN_MONEY,
        [1000, 3000],
        [3002, 3000],
        prize_parts=[0, 0],
        fees=[0, 0],
        terms=Faults(),
    )
    assert got.shares == (3000, 3002)


@settings(max_examples=200, deadline=None)
@given(
    stacks=st.lists(st.integers(1, 12), min_size=1, max_size=6),
    next_payout=st.integers(0, 500),
    rest=st.integers(0, 500),
)
def test_r_fault_2_next_payout_plus_chips_to_the_cent(
    stacks: list[int], next_payout: int, rest: int
) -> None:
    """R-FAULT-2 in the money: the next payout to each, the rest by the documented rule."""
    n, chips = len(stacks), sum(stacks)
    money = n * next_payout + rest
    exact = [rest * Fraction(c, chips) for c in stacks]
    expected = [next_payout + x for x in _largest_remainder(rest, exact, stacks)]
    got = cancellation_shares(
        stacks, money, policy="next-payout-plus-chips", next_payout=next_payout
    )
    assert list(got) == expected
