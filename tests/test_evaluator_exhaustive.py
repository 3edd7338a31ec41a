"""Every 5-card and every 7-card hand: category counts exact, and every 5-card hand = treys.

The class histograms come from pushing every hand through the real batch kernel in blocks
(``pokersim.evaluator._enumerate``), so these count the shipped code path, not a copy.
"""

from itertools import combinations

import numpy as np
import pytest
from treys import Card, Evaluator

from pokersim.cards import format_card
from pokersim.evaluator import Category, categories, evaluate
from pokersim.evaluator._enumerate import class_histogram

pytestmark = pytest.mark.slow

FIVE_CARD_COUNTS = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}
SEVEN_CARD_COUNTS = {
    Category.STRAIGHT_FLUSH: 41_584,
    Category.FOUR_OF_A_KIND: 224_848,
    Category.FULL_HOUSE: 3_473_184,
    Category.FLUSH: 4_047_644,
    Category.STRAIGHT: 6_180_020,
    Category.THREE_OF_A_KIND: 6_461_620,
    Category.TWO_PAIR: 31_433_400,
    Category.PAIR: 58_627_800,
    Category.HIGH_CARD: 23_294_460,
}


def category_counts(hist):
    cats = categories(np.arange(1, 7463))
    return {c: int(hist[1:][cats == c].sum()) for c in Category}


def test_all_five_card_hands_category_counts():
    hist = class_histogram(5)
    assert hist.sum() == 2_598_960
    assert category_counts(hist) == FIVE_CARD_COUNTS
    assert hist[1:5].tolist() == [4, 4, 4, 4]  # 4 royal flushes, 4 of each straight flush
    # Every one of the 7,462 classes occurs among the 5-card hands.
    assert (hist[1:] > 0).all()


def test_all_seven_card_hands_category_counts():
    hist = class_histogram(7)
    assert hist.sum() == 133_784_560
    assert category_counts(hist) == SEVEN_CARD_COUNTS
    assert hist[1] == 4_324  # royal flushes among 7 cards: 4 * C(47, 2)


def test_every_five_card_hand_equals_treys():
    hands = np.array(list(combinations(range(52), 5)), dtype=np.int8)
    ours = evaluate(hands)
    to_treys = [Card.new(format_card(c)) for c in range(52)]
    ev = Evaluator()
    theirs = np.fromiter(
        (ev.evaluate([to_treys[a], to_treys[b]], [to_treys[c], to_treys[d], to_treys[e]])
         for a, b, c, d, e in hands.tolist()),
        dtype=np.int64,
        count=len(hands),
    )  # fmt: skip
    mismatches = np.flatnonzero(ours != theirs)
    assert mismatches.size == 0, f"{mismatches.size} hands differ, first rows {mismatches[:5]}"
