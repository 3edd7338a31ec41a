"""R-KO-1..4: bounty money, every cent accounted for."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim.bounties import (
    BountyKind,
    BountyLedger,
    BountyPayment,
    MoneyReconciliation,
    pko_halves,
    split_bounty,
)
from pokersim.errors import InvariantError
from pokersim.scenario import Bounty

DANIEL, BARRY, VICKY, JULIAN = 1, 2, 3, 4


def ledger(kind: BountyKind, players=(DANIEL, BARRY, VICKY, JULIAN), **kw) -> BountyLedger:
    book = BountyLedger(kind=kind, **kw)
    for p in players:
        book.register(p)
    return book


# -- R-KO-1: the formats -------------------------------------------------------------------


def test_r_ko_1_knockout_pays_the_whole_bounty_in_cash():
    """R-KO-1 knockout: the eliminator receives the eliminated player's bounty."""
    book = ledger(BountyKind.KO, bounty_cents=500)
    (pay,) = book.knockout(DANIEL, [BARRY])
    assert pay == BountyPayment(eliminated=DANIEL, winner=BARRY, cash_cents=500, onto_head_cents=0)
    assert book.cash(BARRY) == 500
    assert book.head(BARRY) == 500  # their own bounty is unchanged in plain knockout
    assert book.head(DANIEL) == 0


def test_r_ko_1_progressive_knockout_half_cash_half_onto_own_head():
    """R-KO-1 PKO: half the bounty in cash, the other half added to the eliminator's bounty."""
    book = ledger(BountyKind.PKO, bounty_cents=1000)
    book.knockout(DANIEL, [BARRY])
    assert (book.cash(BARRY), book.head(BARRY)) == (500, 1500)
    # Barry's grown bounty is what Julian then collects.
    book.knockout(BARRY, [JULIAN])
    assert (book.cash(JULIAN), book.head(JULIAN)) == (750, 1750)


def test_r_ko_1_fixed_bounty_only_on_named_players():
    """R-KO-1 fixed bounty: knocking out an unnamed player pays nothing."""
    book = ledger(BountyKind.FIXED, bounty_cents=10_000, targets={VICKY})
    assert book.bounty_pool == 10_000
    assert book.knockout(DANIEL, [BARRY]) == ()
    assert book.knockout(VICKY, [JULIAN])[0].cash_cents == 10_000
    assert book.cash(BARRY) == 0


def test_r_ko_1_team_bounty_on_each_member_of_the_group():
    """R-KO-1 team bounty: every member of the named group carries the bounty."""
    book = ledger(BountyKind.TEAM, bounty_cents=2_500, targets={DANIEL, VICKY})
    assert book.bounty_pool == 5_000
    book.knockout(DANIEL, [JULIAN])
    book.knockout(VICKY, [JULIAN])
    book.knockout(BARRY, [JULIAN])
    assert book.cash(JULIAN) == 5_000


def test_r_ko_1_from_scenario_terms_skips_unregistered_targets():
    """R-KO-1/R-KO-4: a scenario's team bounty on a name nobody registered under is not placed."""
    terms = Bounty(kind=BountyKind.TEAM, amount_cents=300, targets=("Ann", "Bob", "Cyd"))
    book = BountyLedger.from_terms(terms, entry_bounty_cents=0, ids_by_name={"Ann": 7, "Cyd": 9})
    assert book.targets == frozenset({7, 9})
    pko = BountyLedger.from_terms(
        Bounty(kind=BountyKind.PKO), entry_bounty_cents=250, ids_by_name={}
    )
    assert (pko.kind, pko.bounty_cents) == (BountyKind.PKO, 250)


def test_r_ko_1_reentry_places_a_new_bounty():
    """R-KO-1: in a knockout every entry, a re-entry too, puts a bounty on the player."""
    book = ledger(BountyKind.KO, bounty_cents=500)
    book.knockout(DANIEL, [BARRY])
    book.register(DANIEL)
    assert book.head(DANIEL) == 500
    assert book.bounty_pool == 2_500


# -- R-KO-2: the money of the source rules' example -------------------------------------------


@pytest.mark.parametrize("kind", [BountyKind.KO, BountyKind.PKO])
def test_r_ko_2_source_example_barry_takes_daniel_julian_takes_vicky(kind):
    """R-KO-2: Barry wins main pot and side pot 1 (Daniel all-in there), Julian side pot 2.

    The hand engine attributes: Daniel's last chips were in the main pot, won by Barry; Vicky's
    in side pot 2, won by Julian. Barry had the best hand but could not knock Vicky out.
    """
    book = ledger(kind, bounty_cents=1_000)
    book.knockout(DANIEL, [BARRY])
    book.knockout(VICKY, [JULIAN])
    if kind is BountyKind.KO:
        assert (book.cash(BARRY), book.cash(JULIAN)) == (1_000, 1_000)
        assert (book.head(BARRY), book.head(JULIAN)) == (1_000, 1_000)
    else:
        assert (book.cash(BARRY), book.cash(JULIAN)) == (500, 500)
        assert (book.head(BARRY), book.head(JULIAN)) == (1_500, 1_500)
    assert book.cash(VICKY) == 0 and book.head(VICKY) == 0
    assert book.bounties_paid + book.bounties_on_heads == book.bounty_pool == 4_000


# -- R-KO-3: split bounties ------------------------------------------------------------------


def test_r_ko_3_split_equal_shares_remainder_to_first_from_button():
    """R-KO-3: equal shares; the indivisible remainder goes to the first winner left of button."""
    assert split_bounty(1000, 2) == (500, 500)
    assert split_bounty(1001, 2) == (501, 500)
    assert split_bounty(1001, 3) == (335, 333, 333)  # both leftover cents to the first
    assert split_bounty(2, 3) == (2, 0, 0)


def test_r_ko_3_pko_share_halved_cash_takes_the_odd_cent():
    """R-KO-3 PKO: each share is halved, the cash half takes the odd cent."""
    assert pko_halves(1000) == (500, 500)
    assert pko_halves(335) == (168, 167)
    assert pko_halves(1) == (1, 0)


def test_r_ko_3_tied_pot_winners_split_in_button_order_knockout():
    """R-KO-3: a knockout bounty of 1001 cents between three tied winners, in the given order."""
    book = ledger(BountyKind.KO, bounty_cents=1001)
    pays = book.knockout(DANIEL, [VICKY, BARRY, JULIAN])  # Vicky first left of the button
    assert [(p.winner, p.cash_cents) for p in pays] == [(VICKY, 335), (BARRY, 333), (JULIAN, 333)]


def test_r_ko_3_tied_pot_winners_split_in_pko():
    """R-KO-3 PKO: 1001 between two winners -> 501 and 500, halved -> cash 251+250, heads 250."""
    book = ledger(BountyKind.PKO, bounty_cents=1001)
    pays = book.knockout(DANIEL, [JULIAN, BARRY])
    assert [(p.winner, p.cash_cents, p.onto_head_cents) for p in pays] == [
        (JULIAN, 251, 250),
        (BARRY, 250, 250),
    ]
    assert book.head(JULIAN) == 1001 + 250
    assert book.bounties_paid + book.bounties_on_heads == book.bounty_pool


@given(amount=st.integers(0, 10**9), winners=st.integers(1, 9))
def test_r_ko_3_split_conserves_every_cent(amount, winners):
    """R-KO-3: shares sum to the bounty, differ by the remainder only, first is largest."""
    shares = split_bounty(amount, winners)
    assert sum(shares) == amount
    assert len(set(shares[1:])) <= 1
    assert shares[0] - shares[-1] == amount % winners
    cash, onto = zip(*(pko_halves(s) for s in shares))
    assert sum(cash) + sum(onto) == amount
    assert all(0 <= c - o <= 1 for c, o in zip(cash, onto))


# -- R-KO-4: the winner ----------------------------------------------------------------------


@pytest.mark.parametrize("kind", [BountyKind.KO, BountyKind.PKO])
def test_r_ko_4_knockout_winner_collects_own_bounty(kind):
    """R-KO-4: the winner of a knockout tournament also receives their own bounty."""
    book = ledger(kind, players=(DANIEL, BARRY), bounty_cents=800)
    book.knockout(DANIEL, [BARRY])
    head = book.head(BARRY)
    assert head == (800 if kind is BountyKind.KO else 1200)
    pay = book.award_winner(BARRY)
    assert pay is not None and pay.cash_cents == head
    assert book.cash(BARRY) == 1600
    assert book.bounties_on_heads == 0 and book.bounties_paid == book.bounty_pool == 1600


@pytest.mark.parametrize("kind", [BountyKind.FIXED, BountyKind.TEAM])
def test_r_ko_4_fixed_or_team_bounty_on_the_winner_is_not_paid(kind):
    """R-KO-4: a fixed/team bounty on the player who wins stays on their head."""
    book = ledger(kind, players=(DANIEL, BARRY), bounty_cents=5_000, targets={BARRY})
    book.knockout(DANIEL, [BARRY])
    assert book.award_winner(BARRY) is None
    assert book.cash(BARRY) == 0
    assert book.bounties_on_heads == 5_000
    book.reconcile(prize_pool=10_000, prizes_paid=10_000).check()


def test_r_ko_4_fixed_bounty_on_an_unregistered_player_is_not_paid():
    """R-KO-4: a target who never registered carries no bounty and none is in the pool."""
    book = ledger(BountyKind.FIXED, players=(DANIEL, BARRY), bounty_cents=5_000, targets={VICKY})
    assert book.bounty_pool == 0
    assert book.knockout(DANIEL, [BARRY]) == ()


# -- R-FAULT-2: a cancelled tournament's heads ------------------------------------------------


def test_r_fault_2_cancelled_pko_heads_go_back_to_their_carriers():
    """R-FAULT-2: unclaimed bounties go back in cash to the players who carry them."""
    book = ledger(BountyKind.PKO, bounty_cents=1000)
    book.knockout(DANIEL, [BARRY])  # Barry: 500 cash, head 1500
    back = book.return_heads([BARRY, VICKY, JULIAN])
    assert [(p.eliminated, p.winner, p.cash_cents) for p in back] == [
        (BARRY, BARRY, 1500),
        (VICKY, VICKY, 1000),
        (JULIAN, JULIAN, 1000),
    ]
    assert book.cash(BARRY) == 2000 and book.bounties_on_heads == 0
    book.reconcile(prize_pool=0, prizes_paid=0).check()
    with pytest.raises(ValueError, match="closed"):
        book.knockout(VICKY, [JULIAN])


@pytest.mark.parametrize("kind", [BountyKind.FIXED, BountyKind.TEAM])
def test_r_fault_2_operator_bounties_stay_when_cancelled(kind):
    """R-FAULT-2 (decision): a fixed or team bounty is the operator's; nothing is returned."""
    book = ledger(kind, players=(DANIEL, BARRY), bounty_cents=5_000, targets={BARRY})
    assert book.return_heads([DANIEL, BARRY]) == ()
    assert book.bounties_on_heads == 5_000


# -- the ledger ------------------------------------------------------------------------------


def test_reconciliation_names_the_missing_cents():
    rec = MoneyReconciliation(
        prize_pool=10_000,
        bounty_pool=2_000,
        prizes_paid=9_999,
        bounties_paid=1_500,
        bounties_on_heads=500,
    )
    assert not rec.balanced
    with pytest.raises(InvariantError, match="11999"):
        rec.check()


def test_ledger_refuses_impossible_knockouts():
    book = ledger(BountyKind.KO, bounty_cents=100)
    with pytest.raises(ValueError, match="no winner"):
        book.knockout(DANIEL, [])
    with pytest.raises(ValueError, match="another player"):
        book.knockout(DANIEL, [DANIEL])
    with pytest.raises(ValueError, match="distinct"):
        book.knockout(DANIEL, [BARRY, BARRY])
    with pytest.raises(ValueError, match="already has an entry"):
        book.register(DANIEL)
    book.knockout(DANIEL, [BARRY])
    with pytest.raises(ValueError, match="not in play"):
        book.knockout(DANIEL, [BARRY])
    with pytest.raises(ValueError, match="another player"):
        book.knockout(VICKY, [DANIEL])
    book.award_winner(BARRY)
    with pytest.raises(ValueError, match="closed"):
        book.knockout(VICKY, [JULIAN])
    with pytest.raises(ValueError, match="targets"):
        BountyLedger(kind=BountyKind.KO, bounty_cents=1, targets={1})


@settings(max_examples=150, deadline=None)
@given(
    kind=st.sampled_from([BountyKind.KO, BountyKind.PKO, BountyKind.FIXED, BountyKind.TEAM]),
    n=st.integers(2, 12),
    bounty=st.integers(0, 100_001),
    prize_pool=st.integers(0, 10**7),
    data=st.data(),
)
def test_r_ko_every_cent_accounted_for_over_random_tournaments(kind, n, bounty, prize_pool, data):
    """R-KO-1..4: prizes + bounties paid + bounties on heads == prize pool + bounty pool."""
    players = list(range(n))
    targets = (
        data.draw(st.sets(st.integers(0, n + 3)))
        if kind in (BountyKind.FIXED, BountyKind.TEAM)
        else set()
    )
    book = BountyLedger(kind=kind, bounty_cents=bounty, targets=targets)
    for p in players:
        book.register(p)
    alive = list(players)
    reentries = data.draw(st.integers(0, 3))
    while len(alive) > 1:
        out = data.draw(st.sampled_from(alive))
        others = [p for p in alive if p != out]
        winners = data.draw(st.lists(st.sampled_from(others), min_size=1, max_size=3, unique=True))
        before = book.head(out)
        pays = book.knockout(out, winners)
        assert sum(p.cash_cents + p.onto_head_cents for p in pays) == before
        alive.remove(out)
        if reentries and data.draw(st.booleans()):
            reentries -= 1
            book.register(out)
            alive.append(out)
        assert book.bounties_paid + book.bounties_on_heads == book.bounty_pool
    book.award_winner(alive[0])
    rec = book.reconcile(prize_pool=prize_pool, prizes_paid=prize_pool)
    rec.check()
    if kind in (BountyKind.KO, BountyKind.PKO):
        assert rec.bounties_on_heads == 0  # every bounty ends in someone's pocket
    else:
        assert rec.bounties_on_heads == (bounty if alive[0] in targets else 0)
    assert sum(book.cash(p) for p in players) == rec.bounties_paid


def test_r_ko_1_no_bounty_format_moves_no_money():
    """R-KO-1: without a bounty format nothing is placed or paid."""
    book = ledger(BountyKind.NONE)
    assert book.knockout(DANIEL, [BARRY]) == ()
    assert book.award_winner(BARRY) is None
    assert (book.bounty_pool, book.bounties_paid, book.bounties_on_heads) == (0, 0, 0)
