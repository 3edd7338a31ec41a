"""200,000 random 5-, 6- and 7-card hands each: the same class as treys, hand by hand.

treys numbers its cards differently, so hands are converted through their string names.
A small quick version runs in every test run; the full one is marked slow.
"""

import numpy as np
import pytest
from treys import Card, Evaluator

from pokersim.cards import format_card
from pokersim.evaluator import evaluate, evaluate_unchecked

TO_TREYS = [Card.new(format_card(c)) for c in range(52)]


def random_hands(n, k, seed):
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.int8)


def treys_ranks(hands):
    ev = Evaluator()
    out = np.empty(len(hands), dtype=np.int64)
    for i, row in enumerate(hands.tolist()):
        cards = [TO_TREYS[c] for c in row]
        out[i] = ev.evaluate(cards[:2], cards[2:])
    return out


def check_against_treys(n, k, seed):
    hands = random_hands(n, k, seed)
    ours = evaluate(hands)
    theirs = treys_ranks(hands)
    bad = np.flatnonzero(ours != theirs)
    assert bad.size == 0, f"{bad.size} of {n} {k}-card hands differ, e.g. rows {bad[:5]}"
    assert (evaluate_unchecked(hands) == theirs).all()


@pytest.mark.parametrize("k", [5, 6, 7])
def test_random_hands_equal_treys_quick(k):
    check_against_treys(5_000, k, seed=100 + k)


@pytest.mark.slow
@pytest.mark.parametrize("k", [5, 6, 7])
def test_200k_random_hands_equal_treys(k):
    check_against_treys(200_000, k, seed=200 + k)


def test_flush_heavy_hands_equal_treys():
    """Seven cards from two suits only: flushes, straight flushes and near misses abound."""
    rng = np.random.default_rng(7)
    two_suits = np.array([c for c in range(52) if c & 3 in (0, 3)])
    hands = np.array([rng.choice(two_suits, 7, replace=False) for _ in range(5_000)], np.int8)
    check = evaluate(hands)
    assert (check == treys_ranks(hands)).all()
    assert (check <= 1599).mean() > 0.3  # the sample really is flush-heavy (random: 3%)
