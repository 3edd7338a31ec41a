"""Edges of the mystery bounty ledger (F-MYST-2, F-MYST-4, R-FAULT-2).

Expected cents are worked by hand from the envelopes written below.
"""

from __future__ import annotations

import numpy as np

from pokersim.mystery import MysteryLedger
from pokersim.scenario import Envelope, MysteryBounty


def _ledger(published: list[int], players: int, bounty: int) -> MysteryLedger:
    terms = MysteryBounty(envelopes=tuple(Envelope(cents=c, count=1) for c in published))
    ledger = MysteryLedger(terms=terms, bounty_cents=bounty, rng=np.random.default_rng(3))
    for p in range(players):
        ledger.register(p)
    return ledger


def test_f_myst_4_the_winner_opens_the_envelopes_left_in_the_order_written() -> None:
    """F-MYST-4: a tournament that ends before the phase: the winner opens every envelope, one
    ``EnvelopeDrawn`` each, in the order written (500, 300, 200 for a 1,000-cent pool).

    Catches opening them from the last written.
    """
    ledger = _ledger([500, 300, 200], players=4, bounty=250)
    for out in (3, 2, 1):
        assert ledger.knockout(out, (0,)) == ()  # before the phase: nothing drawn
    payment = ledger.award_winner(0)
    assert payment is not None and payment.cash_cents == 1000
    filled, draws = ledger.take_draws()
    assert filled == (500, 300, 200)
    assert [(d.cents, d.reason, d.left) for d in draws] == [
        (500, "winner", 2),
        (300, "winner", 1),
        (200, "winner", 0),
    ]


def test_r_fault_2_with_nobody_in_the_envelope_money_stays_undrawn() -> None:
    """R-FAULT-2: a cancellation that returns bounties to nobody pays nothing, and the money of
    the envelopes left stays undrawn: paid + not drawn is still the pool, to the cent.

    Four players of 250 cents: one knockout in the phase draws one envelope; 1,000 minus it
    stays undrawn. Catches dropping that money (the ledger then loses it).
    """
    ledger = _ledger([400, 350, 250], players=4, bounty=250)
    ledger.open_phase()
    drawn = sum(p.cash_cents for p in ledger.knockout(3, (0,)))
    assert drawn in (400, 350, 250)
    assert ledger.return_heads(()) == ()
    assert ledger.bounties_paid == drawn
    assert ledger.bounties_on_heads == 1000 - drawn
    # the envelopes left still hold that money: the ledger balances (it once emptied them)
    money = ledger.reconcile(prize_pool=0, prizes_paid=0)
    assert money.bounties_paid + money.bounties_on_heads == 1000
