"""The entry book (R-REG-2, R-REG-3, R-MONEY-1) as pure state: prices, limits, periods, pool."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokersim.entries import BuyKind, EntryBook, default_wants, model_accepts_deal, model_wants
from pokersim.payouts import prize_amounts, shares_for
from pokersim.scenario import Entries, Payouts

TERMS = Entries(
    prize_cents=1000,
    bounty_cents=200,
    fee_cents=100,
    guarantee_cents=0,
    late_registration_seconds=600,
    reentries_per_player=1,
    rebuys_per_player=2,
    rebuy_price_cents=500,
    rebuy_chips=1500,
    rebuy_period_seconds=3600,
    rebuy_max_stack=1500,
    addon_price_cents=700,
    addon_chips=3000,
)


def _book(players: int = 3, **kw: object) -> EntryBook:
    return EntryBook(TERMS, Payouts(), players=players, starting_stack=1500, **kw)  # type: ignore[arg-type]


def test_r_reg_3_buy_in_split_into_prize_bounty_and_fee() -> None:
    """R-REG-3, R-MONEY-1: each entry adds its prize part to the pool, its bounty part to the
    bounties and its fee to the operator, in whole cents."""
    book = _book(3)
    assert (book.prize_collected, book.bounty_collected, book.fees_collected) == (3000, 600, 300)
    p = book.buy(0, BuyKind.REENTRY)
    assert (p.prize_cents, p.bounty_cents, p.fee_cents, p.chips) == (1000, 200, 100, 1500)
    assert p.total_cents == 1300
    r = book.buy(1, BuyKind.REBUY)
    assert (r.prize_cents, r.bounty_cents, r.fee_cents, r.chips) == (500, 0, 0, 1500)
    assert book.prize_pool == 4500 and book.total_entries == 4


def test_r_reg_2_rebuy_only_in_period_at_or_below_threshold_up_to_limit() -> None:
    """R-REG-2: a rebuy needs the rebuy period, a stack at or below the threshold and a rebuy
    left."""
    book = _book()
    assert book.can_rebuy(0, 1500, 3599)
    assert not book.can_rebuy(0, 1501, 10)
    assert not book.can_rebuy(0, 0, 3600)
    book.buy(0, BuyKind.REBUY)
    book.buy(0, BuyKind.REBUY)
    assert not book.can_rebuy(0, 0, 10)


def test_r_reg_2_reentry_while_registration_open_up_to_limit() -> None:
    """R-REG-2: a re-entry while late registration is open, up to the limit per player."""
    book = _book()
    assert book.can_reenter(0, 599) and not book.can_reenter(0, 600)
    book.buy(0, BuyKind.REENTRY)
    assert not book.can_reenter(0, 10)
    book.close()
    assert not book.can_reenter(1, 10) and not book.can_rebuy(1, 0, 10)
    with pytest.raises(ValueError, match="after entries closed"):
        book.buy(1, BuyKind.REBUY)


def test_r_reg_2_addon_once_and_no_funds_no_buy() -> None:
    """R-REG-2: the add-on is offered once; a player without funds cannot buy."""
    book = _book(2, budgets=[700, 699])
    book.buy(0, BuyKind.ADDON)
    with pytest.raises(ValueError, match="add-on"):
        book.buy(0, BuyKind.ADDON)
    assert not book.affordable(1, BuyKind.ADDON)
    with pytest.raises(ValueError, match="cannot pay"):
        book.buy(1, BuyKind.ADDON)
    assert book.budget == [0, 699]


def test_models_decide_with_a_default() -> None:
    class Never:
        def wants_rebuy(self, stack: int, price: int, budget: int | None) -> bool:
            return False

    class Picky:
        def accepts_deal(self, stacks: tuple[int, ...], amounts: tuple[int, ...], i: int) -> bool:
            return amounts[i] >= 100

    assert default_wants(0, 500, None) and not default_wants(0, 500, 499)
    assert model_wants(object(), "wants_rebuy", 0, 500, None)
    assert not model_wants(Never(), "wants_rebuy", 0, 500, None)
    assert not model_wants(object(), "wants_rebuy", 0, 500, 10)  # no funds, no rebuy
    assert model_accepts_deal(object(), [1, 2], [5, 6], 0)
    assert model_accepts_deal(Picky(), [1, 2], [50, 150], 1)
    assert not model_accepts_deal(Picky(), [1, 2], [50, 150], 0)


def test_r_reg_3_overlay_tops_up_to_the_guarantee() -> None:
    """R-REG-3: the pool is the prize parts collected or the guarantee, whichever is more."""
    from dataclasses import replace

    book = EntryBook(
        replace(TERMS, guarantee_cents=5000), Payouts(), players=3, starting_stack=1500
    )
    assert book.prize_pool == 5000 and book.overlay == 2000
    book.buy(0, BuyKind.REENTRY)
    book.buy(1, BuyKind.REENTRY)
    book.buy(2, BuyKind.REENTRY)
    assert book.prize_pool == 6000 and book.overlay == 0


@given(
    players=st.integers(1, 40),
    buys=st.lists(
        st.tuples(st.integers(0, 39), st.sampled_from([BuyKind.REENTRY, BuyKind.REBUY])),
        max_size=60,
    ),
)
def test_r_money_1_prizes_always_sum_to_the_pool(
    players: int, buys: list[tuple[int, BuyKind]]
) -> None:
    """R-MONEY-1, R-REG-3: whatever was bought, the prize table pays exactly the pool, never
    more places than players, and the pool is every prize part collected."""
    book = _book(players)
    for p, kind in buys:
        book.buy(p % players, kind)
    prizes = book.prizes()
    assert sum(prizes) == book.prize_pool
    assert len(prizes) <= players
    assert book.prize_pool == book.prize_collected == sum(x.prize_cents for x in book.purchases)
    if book.total_entries <= players:
        assert prizes == prize_amounts(book.prize_pool, shares_for(Payouts(), book.total_entries))


@given(
    st.lists(
        st.tuples(
            st.integers(0, 4),
            st.sampled_from([BuyKind.REENTRY, BuyKind.REBUY, BuyKind.ADDON, BuyKind.ENTRY]),
        ),
        max_size=30,
    ),
    st.integers(0, 2),
)
def test_r_reg_3_entries_counted_as_bought_whatever_the_purchases(
    buys: list[tuple[int, BuyKind]], late: int
) -> None:
    """The payout table is chosen by the entries and re-entries (R-REG-3): their count is kept
    as they are bought (a field of thousands asked for the sum of every player's entries at
    each purchase), and it is always that sum, late registrations and day 2's carry included."""
    book = _book(5, registered=range(5 - late))
    for player, kind in buys:
        if kind is BuyKind.ENTRY:
            if book.can_register(player, 0):
                book.register(player)
        elif kind is BuyKind.ADDON:
            if not book.addons[player]:
                book.buy(player, kind)
        else:
            book.buy(player, kind)
        assert book.total_entries == sum(book.entries)
    book.carry(40, 1234)
    assert book.total_entries == 40 == sum(book.entries) + 40
