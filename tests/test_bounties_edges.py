"""Edges of bounty money (R-KO-3) that the main bounty tests leave open."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim.bounties import BountyKind, BountyLedger


def _ledger(kind: BountyKind, players: range, bounty_cents: int) -> BountyLedger:
    book = BountyLedger(kind=kind, bounty_cents=bounty_cents)
    for p in players:
        book.register(p)
    return book


def test_r_ko_3_pko_split_first_then_each_share_halved() -> None:
    """R-KO-3 PKO: 1001 cents between three tied winners.

    Split first: 335, 333, 333 (both indivisible cents to the first winner). Then each share is
    halved, the cash half taking the odd cent: cash 168, 167, 167 and onto the heads 167, 166,
    166. Catches halving the whole bounty first and splitting the halves (cash 167 each).
    """
    book = _ledger(BountyKind.PKO, range(4), 1001)
    pays = book.knockout(0, [3, 1, 2])  # 3 is the first winner left of the button
    assert [(p.winner, p.cash_cents, p.onto_head_cents) for p in pays] == [
        (3, 168, 167),
        (1, 167, 166),
        (2, 167, 166),
    ]


@settings(max_examples=200, deadline=None)
@given(bounty=st.integers(0, 10**6), k=st.integers(1, 8))
def test_r_ko_3_pko_shares_worked_out_from_the_rule(bounty: int, k: int) -> None:
    """R-KO-3 PKO with k tied winners: share ``b // k`` each, the remainder ``b % k`` to the
    first; each share ``s`` pays ``s - s // 2`` in cash and puts ``s // 2`` on the winner."""
    book = _ledger(BountyKind.PKO, range(k + 1), bounty)
    winners = list(range(1, k + 1))
    pays = book.knockout(0, winners)
    shares = [bounty // k + (bounty % k if j == 0 else 0) for j in range(k)]
    got = {p.winner: (p.cash_cents, p.onto_head_cents) for p in pays}
    for winner, s in zip(winners, shares):
        assert got.get(winner, (0, 0)) == (s - s // 2, s // 2)
        assert book.head(winner) == bounty + s // 2
