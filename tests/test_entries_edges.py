"""Edges of the entry book (R-REG-1, R-REG-2, R-REG-3, R-FAULT-2) and of late arrivals.

Expected values are worked from the terms below by hand, or from the rule text with a small
independent computation in the test; each test names the wrong implementation it catches.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_entries import TERMS  # 1,000 prize + 200 bounty + 100 fee; rebuy 500, add-on 700

from pokersim.entries import BuyKind, EntryBook, default_wants, late_arrivals, model_wants
from pokersim.payouts import prize_amounts, shares_for
from pokersim.scenario import Entries, Payouts


def _book(
    players: int = 3,
    terms: Entries = TERMS,
    *,
    budgets: list[int | None] | None = None,
    registered: list[int] | None = None,
) -> EntryBook:
    return EntryBook(
        terms,
        Payouts(),
        players=players,
        starting_stack=1500,
        budgets=budgets,
        registered=registered,
    )


def test_r_reg_1_late_registration_closes_at_its_last_second_as_re_entry_does() -> None:
    """R-REG-1: open for 600 s after the start means a first entry at 599 s, none at 600 s,
    the same boundary as a re-entry's. Catches ``now <= late_registration_seconds``."""
    book = _book(3, registered=[0, 1])
    assert book.can_register(2, 599)
    assert not book.can_register(2, 600)
    assert book.can_reenter(0, 599) and not book.can_reenter(0, 600)


def test_r_reg_2_a_budget_of_exactly_the_price_pays() -> None:
    """R-REG-2 "no funds, no buy": exactly the price is enough funds. Catches ``>`` for ``>=``
    in ``default_wants`` and in ``model_wants``."""
    assert default_wants(0, 500, 500)
    assert model_wants(object(), "wants_rebuy", 0, 500, 500)
    assert not model_wants(object(), "wants_rebuy", 0, 500, 499)


def test_r_reg_2_no_funds_no_buy_whatever_the_model_wants() -> None:
    """R-REG-2: a model that always wants to rebuy still cannot without the funds. Catches a
    ``model_wants`` that asks the model before checking the budget."""

    class Eager:
        def wants_rebuy(self, stack: int, price: int, budget: int | None) -> bool:
            return True

    assert model_wants(Eager(), "wants_rebuy", 0, 500, 500)
    assert not model_wants(Eager(), "wants_rebuy", 0, 500, 499)


def test_r_reg_2_every_purchase_after_the_first_buy_in_spends_the_budget() -> None:
    """A model's budget is its money for everything after the first buy-in (docs/formats.md).

    From 10,000 cents: a re-entry costs the whole buy-in, 1,300 (8,700 left), a rebuy 500
    (8,200), the add-on 700 (7,500). Catches a re-entry that is not charged to the budget.
    """
    book = _book(2, budgets=[10_000, None])
    assert book.budget == [10_000, None]  # the first entry was paid before
    book.buy(0, BuyKind.REENTRY)
    assert book.budget[0] == 8_700
    book.buy(0, BuyKind.REBUY)
    assert book.budget[0] == 8_200
    book.buy(0, BuyKind.ADDON)
    assert book.budget == [7_500, None]


def test_r_fault_2_paid_in_counts_every_purchase_of_the_player() -> None:
    """R-FAULT-2: the fees refunded on a cancellation are every fee the player paid, and their
    prize parts every prize part (docs/rules.md: re-entries, rebuys and add-ons too).

    Player 0: entry 1,000 + 100, re-entry 1,000 + 100, rebuy 500, add-on 700: 3,200 prize and
    200 fee. Player 1: the entry only. Catches a ``paid_in`` that counts first entries only.
    """
    book = _book(3)
    for kind in (BuyKind.REENTRY, BuyKind.REBUY, BuyKind.ADDON):
        book.buy(0, kind)
    assert book.paid_in([0, 1]) == ([3200, 1000], [200, 100])


def _many_reentries(players: int, reentries: int) -> EntryBook:
    book = _book(players, replace(TERMS, reentries_per_player=reentries))
    for _ in range(reentries):
        for p in range(players):
            book.buy(p, BuyKind.REENTRY)
    return book


def test_r_reg_3_places_beyond_the_players_fold_into_first_place() -> None:
    """R-REG-3 with re-entries: 3 players making 60 entries get a table for 60 entries, which
    pays more than 3 places. The places paid are the 3 players, and the places beyond the last
    player are added to first place (docs/formats.md), not to the last player's.

    Catches ``places_paid`` not capped at the players, and the folded places going elsewhere.
    """
    book = _many_reentries(3, 19)
    assert book.total_entries == 60
    table = prize_amounts(book.prize_pool, shares_for(Payouts(), 60))
    assert len(table) > 3  # the precondition that makes the fold happen
    assert book.places_paid() == 3
    assert book.prizes() == (table[0] + sum(table[3:]), table[1], table[2])


@pytest.mark.parametrize("players", [2, 3, 4, 5, 9, 10, 27, 100, 375])
def test_r_reg_1_late_share_rounded_down_leaving_two_on_time(players: int) -> None:
    """R-REG-1 late arrivals: ``percent`` of the field, rounded down, leaving at least two
    players on time (docs/formats.md). Whole percents, counted with integers here.

    Catches leaving only one player on time, and rounding the share up.
    """
    for percent in range(0, 101):
        arrivals = late_arrivals(players, percent, 1200, 7)
        expected = min(players * percent // 100, players - 2)
        assert len(arrivals) == max(expected, 0), (players, percent)
        assert all(1 <= t <= 1199 for t in arrivals.values())


@pytest.mark.parametrize(("players", "percent", "late"), [(375, 18.4, 69), (375, 32.8, 123)])
def test_r_reg_1_late_share_is_the_decimal_written_rounded_down(players, percent, late) -> None:
    """R-REG-1: the late share is the percent as written, rounded down: 18.4 % of 375 is exactly
    69 players and 32.8 % of it exactly 123 (in binary floats 68.99999999999999 and
    122.99999999999999, which a plain truncation turns into 68 and 122)."""
    assert len(late_arrivals(players, percent, 1200, 7)) == late
