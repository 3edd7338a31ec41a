"""Edges of final-table deals (R-DEAL-1) that the main deal tests leave open.

Expected cents are worked out by hand from the documented division (``docs/money.md``,
"Deals"): exact shares, whole cents each, leftover cents to the largest fractional parts, ties
to the bigger stack, then to the player listed first.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_icm import brute_force_icm

from pokersim.deals import chip_chop, icm_deal, keep_for_first_cents
from pokersim.errors import ConfigError


def test_r_deal_1_keep_percent_is_the_decimal_written_and_truncated() -> None:
    """R-DEAL-1 / R-MONEY-1: the kept percent is read as written and truncated to the cent.

    0.3 % of 1000 cents is exactly 3 cents (the binary float 0.3 is a hair below it and would
    truncate to 2); 5 % of 99 cents is 4.95, truncated to 4 (not rounded to 5); 2.5 % of
    100039 cents is 2500.975, truncated to 2500.
    """
    assert keep_for_first_cents(0.3, 1000) == 3
    assert keep_for_first_cents(5, 99) == 4
    assert keep_for_first_cents(2.5, 100_039) == 2500


@settings(max_examples=300, deadline=None)
@given(tenths=st.integers(0, 50), pool=st.integers(0, 10**9))
def test_r_deal_1_keep_percent_with_one_decimal_truncates_exactly(tenths: int, pool: int) -> None:
    """R-DEAL-1: ``tenths / 10`` percent of the pool is ``tenths * pool / 1000``, truncated."""
    assert keep_for_first_cents(tenths / 10, pool) == tenths * pool // 1000


def test_r_deal_1_chip_chop_tie_goes_to_the_bigger_stack() -> None:
    """Chip-chop of 100.02 and 100.00: 100.00 each, then 2 cents by chips 1:3 = 0.5 and 1.5.

    Equal fractional parts: the bigger stack takes the cent. Catches breaking the tie by list
    order alone.
    """
    assert chip_chop([1000, 3000], [10_002, 10_000]).amounts == (10_000, 10_002)


def test_r_deal_1_icm_tie_goes_to_the_bigger_stack() -> None:
    """ICM deal heads-up: 100.00 each, then first prize's 2 extra cents by the chance of first
    place, 1/4 and 3/4: exactly 0.5 and 1.5 cents, a tie the bigger stack wins.

    Catches the ICM deal breaking the tie by list order alone.
    """
    assert icm_deal([1000, 3000], [10_002, 10_000]).amounts == (10_000, 10_002)


def test_r_deal_1_icm_equal_stacks_tie_goes_to_the_earlier_player() -> None:
    """ICM deal, stacks 1, 2, 2, 1 of 6, prizes 5.31 and 2.14 (nothing guaranteed).

    Each short stack wins with chance 1/6 and is second with chance 1/5, so its equity is
    531/6 + 214/5 = 131.3 cents; each 2-chip stack has 531/3 + 214 * 3/10 = 241.2. Whole cents
    744, one left: the largest fractional parts (0.3) belong to the two equal short stacks, and
    the tie goes to the one listed first. Catches float noise deciding the cent (truncating
    the ICM weights instead of rounding them).
    """
    assert icm_deal([1, 2, 2, 1], [531, 214]).amounts == (132, 241, 241, 131)


@settings(max_examples=150, deadline=None)
@given(
    data=st.data(),
    values=st.lists(st.integers(1, 5000), min_size=1, max_size=3, unique=True),
    table=st.lists(st.integers(0, 10**6), min_size=1, max_size=8),
)
def test_r_deal_1_equal_stacks_get_equal_deals_earlier_first(data, values, table) -> None:
    """R-DEAL-1: players with equal stacks have equal shares (ICM and chip-chop alike), so their
    amounts differ by at most the one leftover cent, which the earlier of them gets."""
    n = data.draw(st.integers(2, 7))
    stacks = data.draw(st.lists(st.sampled_from(values), min_size=n, max_size=n))
    prizes = sorted(table, reverse=True)
    for deal in (icm_deal(stacks, prizes), chip_chop(stacks, prizes)):
        amounts = deal.amounts
        for i in range(n):
            for j in range(i + 1, n):
                if stacks[i] == stacks[j]:
                    assert 0 <= amounts[i] - amounts[j] <= 1, (stacks, prizes, amounts)


def test_r_deal_1_icm_exact_tie_goes_to_the_bigger_stack_then_the_earlier() -> None:
    """ICM deal, one prize of 26.98 for stacks 1, 1, 4: each player's equity is its chip share,
    449 2/3, 449 2/3 and 1798 2/3 cents. Whole cents 2,696, two left, every fractional part 2/3:
    the bigger stack takes one, then the first listed of the two equal ones.

    Catches the rounded equities being scaled again by their sum (the small stacks' thirds
    then came out larger and took both cents).
    """
    assert icm_deal([1, 1, 4], [2698]).amounts == (450, 449, 1799)


def _largest_remainders(quotas: list[Fraction], stacks: list[int]) -> tuple[int, ...]:
    whole = [q.numerator // q.denominator for q in quotas]
    left = int(sum(quotas)) - sum(whole)
    order = sorted(range(len(quotas)), key=lambda i: (-(quotas[i] - whole[i]), -stacks[i], i))
    for i in order[:left]:
        whole[i] += 1
    return tuple(whole)


@settings(max_examples=300, deadline=None)
@given(
    stacks=st.lists(st.integers(1, 6), min_size=2, max_size=4),
    table=st.lists(st.integers(0, 5000), min_size=1, max_size=4),
)
def test_r_deal_1_icm_deal_is_exact_equity_by_largest_remainders(stacks, table) -> None:
    """R-DEAL-1 (docs/money.md): with nothing guaranteed and nothing kept, each player gets
    their exact ICM equity in whole cents, the cents left to the largest fractional parts, ties
    to the bigger stack, then the earlier player. Small chip counts make exact ties common."""
    prizes = sorted(table, reverse=True)[: len(stacks)]
    if len(prizes) == len(stacks):
        prizes[-1] = 0  # nothing guaranteed: the next payout is 0
    expected = _largest_remainders(brute_force_icm(stacks, prizes), stacks)
    assert icm_deal(stacks, prizes).amounts == expected


# A satellite with two seats of 55.00 (R-ELIM-1): a pool of 120.00 buys two seats and leaves a
# remainder prize of 10.00 for third place (``formats.satellite_prizes``).
_SEATS = (5500, 5500, 1000)


@pytest.mark.parametrize("stacks", [[7000, 1], [3, 5], [2500, 2500]])
def test_r_deal_1_two_seats_two_left_each_gets_a_seat_whatever_the_chips(
    stacks: list[int],
) -> None:
    """Two left for two seats: third place (10.00) was decided before, so the prizes in play
    are 55.00 and 55.00 and the next payout is 55.00. Each is guaranteed it and 110.00 - 2 x
    55.00 = 0 is left to share (no division by the shares of nothing): a seat each, the deal
    changes nothing, by chips or by ICM."""
    for deal in (chip_chop(stacks, _SEATS), icm_deal(stacks, _SEATS)):
        assert deal.amounts == (5500, 5500)
        assert deal.next_payout == 5500 and deal.divided == 11_000


def test_r_deal_1_two_seats_two_left_nothing_can_be_kept_for_first() -> None:
    """First prize minus the next payout is 55.00 - 55.00 = 0: not a cent can stay in play
    for first place (within 5 % of the pool, 6.00, but over what first prize can spare)."""
    with pytest.raises(ConfigError, match="first prize minus the next payout"):
        chip_chop([3000, 1000], _SEATS, keep_for_first=1, prize_pool=12_000)


def test_r_deal_1_two_seats_three_left_by_hand() -> None:
    """Three left for two seats, stacks 2 : 1 : 1 of 4, prizes in play 55.00, 55.00, 10.00 (the
    next payout 10.00, the whole 120.00 divided).

    Chip-chop: 10.00 each, then 120.00 - 3 x 10.00 = 90.00 by chips: 45.00, 22.50, 22.50, so
    55.00, 32.50, 32.50.

    ICM: a player's equity is 55.00 less 45.00 times the chance of finishing third. The big
    stack is third when both short stacks finish ahead: 1/4 x 1/3 + 1/4 x 1/3 = 1/6, equity
    55.00 - 7.50 = 47.50. A short stack is third after the big stack then the other (1/2 x
    1/2) or the other then the big stack (1/4 x 2/3): 1/4 + 1/6 = 5/12, equity 55.00 - 18.75
    = 36.25. Whole cents, nothing left over: 47.50 + 36.25 + 36.25 = 120.00."""
    stacks = [2000, 1000, 1000]
    chop = chip_chop(stacks, _SEATS)
    assert chop.amounts == (5500, 3250, 3250) and chop.next_payout == 1000
    icm = icm_deal(stacks, _SEATS)
    assert icm.amounts == (4750, 3625, 3625) and icm.divided == 12_000


def test_r_deal_1_two_seats_three_left_no_remainder_shares_the_odd_cents() -> None:
    """A pool of exactly two seats of 1.00: three left, prizes in play 1.00, 1.00 and nothing,
    so nothing is guaranteed. Equal stacks: each share is 200 / 3 = 66 2/3 cents (by chips and
    by ICM alike), whole cents 198, and the two cents left go to the two listed first (equal
    fractions, equal stacks)."""
    for deal in (chip_chop([900, 900, 900], [100, 100]), icm_deal([900, 900, 900], [100, 100])):
        assert deal.amounts == (67, 67, 66)
        assert deal.next_payout == 0 and deal.divided == 200


@settings(max_examples=200, deadline=None)
@given(
    stacks=st.lists(st.integers(1, 10**7), min_size=2, max_size=3),
    seat=st.integers(1, 10**6),
    remainder=st.integers(0, 10**6),
)
def test_r_deal_1_two_seat_satellite_deals_conserve_every_cent(
    stacks: list[int], seat: int, remainder: int
) -> None:
    """Two seats and a remainder below a seat (``formats.satellite_prizes``), two or three left:
    every deal divides exactly the prizes in play, each player gets at least the next payout,
    and an ICM deal (an average of the prizes) never pays more than a seat."""
    prizes = [seat, seat] + ([remainder % seat] if remainder % seat else [])
    in_play = (prizes + [0])[: len(stacks)]
    for deal in (chip_chop(stacks, prizes), icm_deal(stacks, prizes)):
        assert sum(deal.amounts) == deal.divided == sum(in_play)
        assert min(deal.amounts) >= deal.next_payout == in_play[-1]
    assert max(icm_deal(stacks, prizes).amounts) <= seat
