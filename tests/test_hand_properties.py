"""Hypothesis properties of whole hands under random legal play (and random illegal answers)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim.actions import CHECK_CALL, FOLD, DecisionView, RaiseTo
from pokersim.config import AnteKind, BettingStructure, Level
from pokersim.errors import IllegalActionError
from pokersim.events import (
    ActionKind,
    ActionTaken,
    ForcedBetPosted,
    PotAwarded,
    UncalledBetReturned,
)
from pokersim.hand import Deal, HandSetup, Seat, play_hand


@st.composite
def hands(draw):
    n = draw(st.integers(2, 9))
    stacks = draw(
        st.lists(st.one_of(st.integers(1, 120), st.integers(1, 5000)), min_size=n, max_size=n)
    )
    bb = draw(st.integers(1, 100))
    sb = draw(st.integers(0, bb))
    kind = draw(st.sampled_from(list(AnteKind)))
    ante = 0 if kind is AnteKind.NONE else draw(st.integers(1, 150))
    structure = draw(st.sampled_from(list(BettingStructure)))
    seats = tuple(Seat(player_id=10 + i, stack=s, seat_no=2 * i + 1) for i, s in enumerate(stacks))
    setup = HandSetup(
        seats=seats,
        button=draw(st.integers(0, n - 1)),
        level=Level(small_blind=sb, big_blind=bb, ante=ante, ante_kind=kind),
        structure=structure,
    )
    cards = draw(st.permutations(range(52)))
    ranks = draw(st.lists(st.integers(1, 4), min_size=n, max_size=n))  # small range: ties
    deal = Deal(
        hole=tuple((cards[2 * i], cards[2 * i + 1]) for i in range(n)),
        board=tuple(cards[18:23]),
        strengths=tuple(ranks),
    )
    return setup, deal, draw(st.integers(0, 2**32))


class RandomLegal:
    """Uniform over fold / check-call / raise, then over the legal raise totals."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.views: list[DecisionView] = []

    def __call__(self, view: DecisionView):
        self.views.append(view)
        legal = view.legal
        s = view.stacks[view.seat]
        b = view.bets[view.seat]
        assert 0 <= legal.to_call <= s
        if legal.can_raise:
            assert legal.to_call < s
            assert legal.to_call + b < legal.min_raise_to <= legal.max_raise_to <= b + s
        r = self.rng.random()
        if r < 0.15:
            return FOLD
        if r < 0.6 or not legal.can_raise:
            return CHECK_CALL
        if self.rng.random() < 0.3:
            return RaiseTo(legal.max_raise_to)
        return RaiseTo(self.rng.randint(legal.min_raise_to, legal.max_raise_to))


@settings(max_examples=400, deadline=None)
@given(hands())
def test_chips_conserved_no_negative_stacks_and_pots_go_to_eligible_best_hands(case):
    setup, deal, seed = case
    result = play_hand(setup, deal, RandomLegal(seed))
    start = setup.stacks
    final = result.final_stacks
    assert sum(final) == sum(start)
    assert min(final) >= 0
    folded = {
        e.seat for e in result.events if isinstance(e, ActionTaken) and e.kind is ActionKind.FOLD
    }
    ranks = deal.strengths
    assert ranks is not None
    for pot in result.pots:
        assert pot.eligible and not folded & set(pot.eligible)
        assert set(pot.winners) <= set(pot.eligible)
        assert sum(pot.shares) == pot.amount and max(pot.shares) - min(pot.shares) <= 1
        assert list(pot.shares) == sorted(pot.shares, reverse=True)  # odd chips to the earliest
        if len(pot.eligible) > 1:
            best = min(ranks[i] for i in pot.eligible)
            assert set(pot.winners) == {i for i in pot.eligible if ranks[i] == best}
    broke = {i for i, s in enumerate(final) if s == 0}
    assert {k.seat for k in result.knockouts} == broke
    for k in result.knockouts:
        pot = result.pots[k.pot_index]
        assert k.seat in pot.eligible and k.winners == pot.winners
        assert all(k.seat not in p.eligible for p in result.pots[k.pot_index + 1 :])


@settings(max_examples=300, deadline=None)
@given(hands())
def test_replaying_the_events_reproduces_the_final_stacks(case):
    """Every chip movement is an event (R-COND-2): starting stacks + events = final stacks."""
    setup, deal, seed = case
    result = play_hand(setup, deal, RandomLegal(seed))
    stacks = list(setup.stacks)
    for e in result.events:
        if isinstance(e, ForcedBetPosted):
            stacks[e.seat] -= e.amount
        elif isinstance(e, ActionTaken):
            stacks[e.seat] -= e.amount
            assert e.all_in == (stacks[e.seat] == 0) or e.kind is ActionKind.FOLD
        elif isinstance(e, UncalledBetReturned):
            stacks[e.seat] += e.amount
        elif isinstance(e, PotAwarded):
            for w, share in zip(e.winners, e.shares):
                stacks[w] += share
    assert tuple(stacks) == result.final_stacks


@settings(max_examples=200, deadline=None)
@given(hands())
def test_same_inputs_same_result_with_or_without_action_events(case):
    setup, deal, seed = case
    on = play_hand(setup, deal, RandomLegal(seed))
    again = play_hand(setup, deal, RandomLegal(seed))
    off = play_hand(setup, deal, RandomLegal(seed), record_actions=False)
    assert again == on
    assert (off.final_stacks, off.pots, off.knockouts) == (on.final_stacks, on.pots, on.knockouts)


class IllegalAt(RandomLegal):
    """Random legal play, then one illegal answer at decision ``k`` (or the last one)."""

    def __init__(self, seed: int, k: int, how: int) -> None:
        super().__init__(seed)
        self.k = k
        self.how = how
        self.sent: object = None

    def __call__(self, view: DecisionView):
        if len(self.views) < self.k:
            return super().__call__(view)
        self.views.append(view)
        legal = view.legal
        options: list[object] = ["call", RaiseTo(2.5)]  # type: ignore[arg-type]
        if legal.can_raise:
            options.append(RaiseTo(legal.max_raise_to + 1))
            if legal.min_raise_to > view.bets[view.seat] + legal.to_call + 1:
                options.append(RaiseTo(legal.min_raise_to - 1))
        else:
            options.append(RaiseTo(view.bets[view.seat] + legal.to_call + 1))
        self.sent = options[self.how % len(options)]
        return self.sent


@settings(max_examples=300, deadline=None)
@given(hands(), st.integers(0, 12), st.integers(0, 3))
def test_illegal_actions_are_rejected_naming_what_was_legal(case, k, how):
    setup, deal, seed = case
    model = IllegalAt(seed, k, how)
    try:
        play_hand(setup, deal, model)
    except IllegalActionError as exc:
        assert model.sent is not None
        legal = model.views[-1].legal
        text = str(exc)
        assert "legal: fold, " in text
        assert (f"call {legal.to_call}" if legal.to_call else "check") in text
        if legal.can_raise:
            assert f"raise to {legal.min_raise_to}" in text
        else:
            assert "raise to" not in text.split("legal:")[1]
    else:
        assert model.sent is None  # the hand ended before decision k: nothing illegal sent


def test_a_deal_with_duplicate_cards_is_rejected():
    with pytest.raises(ValueError, match="distinct"):
        Deal(hole=((0, 1), (1, 2)), board=(10, 11, 12, 13, 14))
