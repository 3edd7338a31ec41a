"""The betting round's records and edge answers (R-BET-1, R-HAND-1)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from test_hand_rules import PL, Script, make_deal, make_setup, play

from pokersim.actions import CHECK_CALL, FOLD, DecisionView, LegalActions, RaiseTo
from pokersim.betting import make_legal, make_view
from pokersim.config import BettingStructure, Level
from pokersim.errors import IllegalActionError
from pokersim.hand import play_hand


def test_fast_view_equals_the_ordinary_constructor_and_stays_frozen():
    level = Level(small_blind=5, big_blind=10)
    legal = make_legal(5, 20, 990)
    assert legal == LegalActions(5, 20, 990)
    fields = dict(
        table_id=3,
        hand_no=9,
        seat=1,
        player_id=77,
        hole=(0, 1),
        board=(4, 5, 6),
        street=1,
        button=0,
        player_ids=(76, 77),
        stacks=(990, 995),
        bets=(10, 5),
        in_hand=(True, True),
        pot=15,
        legal=legal,
        level=level,
        structure=BettingStructure.NO_LIMIT,
        context=None,
    )
    fast = make_view(*fields.values())
    assert type(fast) is DecisionView
    assert fast == DecisionView(**fields)  # type: ignore[arg-type]
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.pot = 0  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        legal.to_call = 0  # type: ignore[misc]


def test_R_BET_1_pot_limit_bet_after_the_flop_is_at_most_the_pot():
    setup = make_setup([10000] * 3, button=0, structure=PL)
    steps = [(0, CHECK_CALL), (1, CHECK_CALL), (2, CHECK_CALL), (1, RaiseTo(300)), (2, FOLD)]
    steps += [(0, FOLD)]
    _, script = play(setup, [1, 2, 3], steps)
    flop = script.view_of(1, 1).legal
    assert (flop.to_call, flop.min_raise_to, flop.max_raise_to) == (0, 100, 300)


def test_R_BET_1_pot_limit_short_stack_raise_is_capped_at_all_in():
    setup = make_setup([10000, 10000, 10000, 250], button=0, structure=PL)  # UTG seat 3
    _, script = play(setup, [1, 2, 3, 4], [(3, RaiseTo(250)), (0, FOLD), (1, FOLD), (2, FOLD)])
    first = script.view_of(3, 0).legal
    assert (first.min_raise_to, first.max_raise_to) == (200, 250)


def test_numpy_integer_raise_amounts_are_accepted():
    setup = make_setup([1000, 1000], button=0)
    result = play_hand(setup, make_deal([1, 2]), Script([(0, RaiseTo(np.int64(300))), (1, FOLD)]))
    assert result.final_stacks == (1100, 900)


@pytest.mark.parametrize("answer", ["call", RaiseTo(250.5), 42])  # type: ignore[arg-type]
def test_answers_that_are_not_actions_are_illegal_and_name_the_legal_ones(answer):
    setup = make_setup([1000, 1000], button=0)
    with pytest.raises(IllegalActionError, match=r"legal: fold, call 50, raise to 200\.\.1000"):
        play_hand(setup, make_deal([1, 2]), Script([(0, answer)]))


def test_R_HAND_1_raise_below_the_minimum_is_rejected():
    setup = make_setup([1000, 1000, 1000], button=0)
    with pytest.raises(IllegalActionError, match=r"raise to 150 is not legal.*raise to 200"):
        play_hand(setup, make_deal([1, 2, 3]), Script([(0, RaiseTo(150))]))


def test_raising_when_no_opponent_has_chips_left_is_rejected():
    setup = make_setup([2000, 1000], button=0)  # the big blind shoves over a raise
    steps = [(0, RaiseTo(500)), (1, RaiseTo(1000)), (0, RaiseTo(1500))]
    with pytest.raises(IllegalActionError, match=r"legal: fold, call 500$"):
        play_hand(setup, make_deal([1, 2]), Script(steps))


def test_no_raise_when_no_opponent_could_call_more_than_the_current_bet():
    # UTG (seat 3) limps with 200 and keeps 100; the button shoves 1000; the small blind calls
    # all-in: the big blind's raise could only come back uncalled, so it may call or fold.
    setup = make_setup([1000, 400, 3000, 200], button=0)
    steps = [(3, CHECK_CALL), (0, RaiseTo(1000)), (1, CHECK_CALL), (2, CHECK_CALL)]
    _, script = play(setup, [1, 2, 3, 4], steps)
    bb = script.view_of(2, 0).legal
    assert (bb.to_call, bb.max_raise_to) == (900, 0)
