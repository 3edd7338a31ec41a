"""Edges of one betting round (R-BET-1, R-HAND-1, R-HAND-2, R-BLIND-2, R-HAND-6).

Hands are scripted with the functions of ``test_hand_rules``: SB 50, BB 100, button seat 0 (so
three-handed the small blind is seat 1, the big blind seat 2, seat 0 acts first pre-flop and
seat 1 first after the flop).
"""

from __future__ import annotations

import pytest
from test_hand_rules import FL, make_setup, of_type, play

from pokersim.actions import CHECK_CALL, FOLD, RaiseTo
from pokersim.betting import (
    CHECK_CALL_CODE,
    FOLD_CODE,
    answer_code,
    min_raise_to,
    raise_to,
    reopened,
)
from pokersim.errors import IllegalActionError
from pokersim.events import ActionKind, ActionTaken

_LIMP_AROUND = [(0, CHECK_CALL), (1, CHECK_CALL), (2, CHECK_CALL)]


def test_R_HAND_2_a_check_is_an_action_a_short_all_in_bet_does_not_reopen_it():
    """Seat 1 checks the flop, the big blind bets all-in 40 (short of the 100 minimum bet):
    seat 1 has acted and faces less than a full bet, so it may only call or fold; seat 0,
    not yet asked, may raise to 40 + 100 (R-HAND-1)."""
    setup = make_setup([10000, 10000, 140])  # the big blind keeps 40 after posting
    steps = [*_LIMP_AROUND, (1, CHECK_CALL), (2, RaiseTo(40)), (0, CHECK_CALL), (1, CHECK_CALL)]
    _, script = play(setup, [2, 3, 1], steps)
    unacted = script.view_of(0, 1).legal
    assert (unacted.to_call, unacted.min_raise_to) == (40, 140)
    checked = script.view_of(1, 1, nth=1).legal
    assert (checked.to_call, checked.max_raise_to) == (40, 0)


def test_R_HAND_2_full_raise_is_the_largest_increment_not_the_big_blind():
    """Seat 1 bets 300 on the flop, the big blind goes all-in to 450 (+150: more than a big
    blind, less than the 300 increment). Back at seat 1 the price rose by 150 < 300 since it
    acted: not reopened."""
    setup = make_setup([10000, 10000, 550])  # the big blind has 450 on the flop
    steps = [*_LIMP_AROUND, (1, RaiseTo(300)), (2, RaiseTo(450)), (0, CHECK_CALL)]
    steps += [(1, CHECK_CALL)]
    _, script = play(setup, [2, 3, 1], steps)
    shove = script.view_of(2, 1).legal
    assert (shove.min_raise_to, shove.max_raise_to) == (450, 450)  # 300 + 300 capped at all-in
    back = script.view_of(1, 1, nth=1).legal
    assert (back.to_call, back.max_raise_to) == (150, 0)


def test_stack_exactly_the_price_can_only_call_and_its_fold_leaves_the_others_free():
    """Seat 0 has exactly the big blind: calling puts it all-in, so no raise is offered (a
    raise to the price is a call). It folds; the two deep blinds may still raise."""
    setup = make_setup([100, 10000, 10000])
    _, script = play(setup, [1, 2, 3], [(0, FOLD), (1, CHECK_CALL), (2, CHECK_CALL)])
    short = script.view_of(0, 0).legal
    assert (short.to_call, short.max_raise_to) == (100, 0)
    sb = script.view_of(1, 0).legal
    assert (sb.to_call, sb.min_raise_to, sb.max_raise_to) == (50, 200, 10000)


def test_no_raise_against_a_big_blind_all_in_for_exactly_the_big_blind():
    """Heads-up, the big blind's 100 is all its chips: nobody could call a raise, so the small
    blind may only call or fold (a raise would only come back uncalled)."""
    setup = make_setup([1000, 100])  # heads-up: the button (seat 0) posts the small blind
    _, script = play(setup, [1, 2], [(0, CHECK_CALL)])
    sb = script.view_of(0, 0).legal
    assert (sb.to_call, sb.max_raise_to) == (50, 0)


def test_R_BET_1_fixed_limit_short_all_in_raise_does_not_count_toward_the_cap():
    """One bet and three raises: the big blind (1), 200 (2), a short all-in to 220 (+20, not a
    raise), 320 (3), 420 (4: the cap). Seat 0 faces +120 >= one bet since it acted, so it may
    make the fourth bet; after it the big blind may only call."""
    setup = make_setup([10000, 220, 10000], structure=FL)
    steps = [
        (0, RaiseTo(200)),
        (1, RaiseTo(220)),
        (2, RaiseTo(320)),
        (0, RaiseTo(420)),
        (2, CHECK_CALL),
    ]
    _, script = play(setup, [2, 1, 3], steps)
    short = script.view_of(1, 0).legal
    assert (short.min_raise_to, short.max_raise_to) == (220, 220)
    fourth = script.view_of(0, 0, nth=1).legal
    assert (fourth.to_call, fourth.min_raise_to, fourth.max_raise_to) == (120, 420, 420)
    capped = script.view_of(2, 0, nth=1).legal
    assert (capped.to_call, capped.max_raise_to) == (100, 0)


def test_R_HAND_1_pre_flop_first_raise_is_a_raise_of_the_big_blind():
    """Before the flop the big blind counts as the opening bet: the first voluntary chips in
    are a raise; after the flop the first chips in are a bet."""
    setup = make_setup([10000, 10000, 10000])
    steps = [(0, RaiseTo(300)), (1, FOLD), (2, CHECK_CALL), (2, CHECK_CALL), (0, RaiseTo(200))]
    steps += [(2, FOLD)]
    result, _ = play(setup, [1, 2, 3], steps)
    kinds = [(e.street, e.seat, e.kind) for e in of_type(result, ActionTaken) if e.seat == 0]
    assert kinds == [(0, 0, ActionKind.RAISE), (1, 0, ActionKind.BET)]


def test_R_HAND_6_a_time_out_that_checks_is_marked_timed_out():
    """R-HAND-6: a time-out checks when checking is free, folds otherwise; either way the
    answer is recorded as a time-out."""
    assert answer_code(None, 0, 0, 0) == (CHECK_CALL_CODE, 0, True)
    assert answer_code(None, 30, 0, 0) == (FOLD_CODE, 0, True)
    assert answer_code(CHECK_CALL, 0, 0, 0) == (CHECK_CALL_CODE, 0, False)


def test_a_raise_when_raising_is_closed_is_illegal_even_to_zero():
    """``max_raise_to == 0`` means no raise at all: no total, however small, is accepted."""
    with pytest.raises(IllegalActionError, match="legal: fold, check$"):
        raise_to(RaiseTo(0), 0, 0, 0)
    with pytest.raises(IllegalActionError, match="legal: fold, call 50$"):
        raise_to(RaiseTo(50), 50, 0, 0)
    assert raise_to(RaiseTo(200), 100, 200, 500) == 200  # both ends are legal
    assert raise_to(RaiseTo(500), 100, 200, 500) == 500


def test_R_HAND_1_min_raise_never_adds_less_than_the_big_blind():
    assert min_raise_to(0, 5, 10) == 10  # an increment below the big blind counts as one
    assert min_raise_to(40, 100, 100) == 140
    assert min_raise_to(300, 250, 100) == 550


def test_R_HAND_2_reopened_boundaries():
    """Not yet acted: open. Acted: open only when the price rose by at least a full raise
    since; a check (price 0) is an action."""
    assert reopened(-1, 40, 100)
    assert not reopened(0, 40, 100)
    assert reopened(0, 100, 100)
    assert not reopened(100, 199, 100)
    assert reopened(100, 200, 100)
