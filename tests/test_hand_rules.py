"""Rule tests of one hand, named after the RULES.md IDs, on scripted decks and decisions.

Strengths are passed in the ``Deal`` (lower rank is better), so each test states who wins
without depending on the evaluator.
"""

from __future__ import annotations

import dataclasses

import pytest

from pokersim import hand as hand_module
from pokersim.actions import CHECK_CALL, FOLD, Action, DecisionView, RaiseTo
from pokersim.config import AnteKind, BettingStructure, Level
from pokersim.errors import IllegalActionError, InvariantError
from pokersim.events import (
    ActionKind,
    ActionTaken,
    ForcedBetPosted,
    HandShown,
    PostKind,
    PotAwarded,
    UncalledBetReturned,
)
from pokersim.hand import Deal, HandResult, HandSetup, Seat, play_hand

NL = BettingStructure.NO_LIMIT
PL = BettingStructure.POT_LIMIT
FL = BettingStructure.FIXED_LIMIT


def make_setup(
    stacks: list[int],
    button: int = 0,
    *,
    sb: int = 50,
    bb: int = 100,
    ante: int = 0,
    kind: AnteKind = AnteKind.NONE,
    structure: BettingStructure = NL,
) -> HandSetup:
    seats = tuple(Seat(player_id=101 + i, stack=s, seat_no=i + 1) for i, s in enumerate(stacks))
    level = Level(small_blind=sb, big_blind=bb, ante=ante, ante_kind=kind)
    return HandSetup(seats=seats, button=button, level=level, structure=structure, hand_no=7)


def make_deal(ranks: list[int]) -> Deal:
    """Distinct cards per seat; ``ranks[i]`` is seat i's strength (1 best)."""
    n = len(ranks)
    hole = tuple((2 * i, 2 * i + 1) for i in range(n))
    return Deal(hole=hole, board=(47, 48, 49, 50, 51), strengths=tuple(ranks))


class Script:
    """Scripted decisions ``(seat, action)``; checks that the expected seat is the one asked.

    After the script runs out, every decision is answered with ``then`` (check/call).
    """

    def __init__(self, steps: list[tuple[int, Action | None]], then: Action = CHECK_CALL):
        self.steps = list(steps)
        self.then = then
        self.views: list[DecisionView] = []

    def __call__(self, view: DecisionView) -> Action | None:
        self.views.append(view)
        if not self.steps:
            return self.then
        seat, action = self.steps.pop(0)
        assert view.seat == seat, f"seat {view.seat} asked, script expected seat {seat}"
        return action

    def view_of(self, seat: int, street: int, nth: int = 0) -> DecisionView:
        found = [v for v in self.views if v.seat == seat and v.street == street]
        return found[nth]


def play(setup: HandSetup, ranks: list[int], steps, then: Action = CHECK_CALL):
    script = Script(steps, then)
    result = play_hand(setup, make_deal(ranks), script)
    assert not script.steps, f"script not used up: {script.steps}"
    return result, script


def of_type(result: HandResult, cls: type) -> list:
    return [e for e in result.events if isinstance(e, cls)]


# --- R-BTN-2 -----------------------------------------------------------------------------------


@pytest.mark.parametrize("button", [0, 1])
def test_R_BTN_2_heads_up_button_posts_small_blind_acts_first_preflop_last_after(button):
    other = 1 - button
    setup = make_setup([1000, 1000], button)
    steps = [(button, CHECK_CALL), (other, CHECK_CALL)]  # pre-flop: button first
    for _ in range(3):  # flop, turn, river: the big blind first, the button last
        steps += [(other, CHECK_CALL), (button, CHECK_CALL)]
    result, _ = play(setup, [5, 5], steps)
    posts = of_type(result, ForcedBetPosted)
    assert [(p.seat, p.kind, p.amount) for p in posts] == [
        (button, PostKind.SMALL_BLIND, 50),
        (other, PostKind.BIG_BLIND, 100),
    ]
    assert result.final_stacks == (1000, 1000)


# --- R-BLIND-1 ---------------------------------------------------------------------------------


def test_R_BLIND_1_short_big_blind_is_all_in_and_does_not_lower_the_price():
    setup = make_setup([1000, 1000, 30, 1000], button=0)  # SB seat 1, BB seat 2 (short)
    steps = [(3, CHECK_CALL), (0, FOLD), (1, CHECK_CALL)]
    result, script = play(setup, [9, 8, 1, 7], steps)
    bb_post = of_type(result, ForcedBetPosted)[1]
    assert (bb_post.seat, bb_post.amount, bb_post.all_in) == (2, 30, True)
    utg = script.view_of(3, 0).legal
    assert (utg.to_call, utg.min_raise_to) == (100, 200)  # still the level's big blind
    assert script.view_of(1, 0).legal.to_call == 50
    # main pot 3 x 30 for the short blind; the rest is a side pot between seats 1 and 3
    assert [(p.amount, p.eligible) for p in result.pots] == [(90, (1, 2, 3)), (140, (1, 3))]
    assert result.final_stacks == (1000, 900, 90, 1040)


def test_R_BLIND_2_heads_up_short_big_blind_gets_no_decision_and_the_excess_returns():
    setup = make_setup([1000, 30], button=0)  # button posts SB 50, BB posts 30 all-in
    result, script = play(setup, [5, 1], [])
    assert not of_type(result, ActionTaken)  # nobody can change the hand: no decision
    returned = of_type(result, UncalledBetReturned)
    assert [(r.seat, r.amount) for r in returned] == [(0, 20)]
    assert result.final_stacks == (970, 60)


def test_R_BLIND_2_short_big_blind_above_the_small_blind_still_gets_a_call():
    setup = make_setup([1000, 80], button=0)  # SB 50 faces an all-in of 80: call or fold
    result, script = play(setup, [5, 1], [(0, CHECK_CALL)])
    assert script.view_of(0, 0).legal.to_call == 50
    returned = of_type(result, UncalledBetReturned)
    assert [(r.seat, r.amount) for r in returned] == [(0, 20)]
    assert result.final_stacks == (920, 160)


def test_R_BLIND_1_short_small_blind_posts_what_it_has():
    setup = make_setup([1000, 20, 1000], button=0)
    result, script = play(setup, [3, 1, 2], [(0, CHECK_CALL), (2, CHECK_CALL)])
    sb_post = of_type(result, ForcedBetPosted)[0]
    assert (sb_post.kind, sb_post.amount, sb_post.all_in) == (PostKind.SMALL_BLIND, 20, True)
    assert script.view_of(0, 0).legal.to_call == 100
    assert [(p.amount, p.eligible) for p in result.pots] == [(60, (0, 1, 2)), (160, (0, 2))]
    assert result.final_stacks == (900, 60, 1060)


# --- R-ANTE-1 ----------------------------------------------------------------------------------


def test_R_ANTE_1_classic_antes_short_ante_all_in_and_antes_are_dead():
    setup = make_setup([1000, 1000, 1000, 5], button=0, ante=10, kind=AnteKind.CLASSIC)
    result, script = play(setup, [9, 8, 7, 1], [(0, FOLD), (1, FOLD)])
    antes = [p for p in of_type(result, ForcedBetPosted) if p.kind is PostKind.ANTE]
    assert sorted((p.seat, p.amount, p.all_in) for p in antes) == [
        (0, 10, False),
        (1, 10, False),
        (2, 10, False),
        (3, 5, True),
    ]
    assert script.view_of(0, 0).legal.to_call == 100  # antes do not count toward calling
    # the all-in ante wins 5 from each player; the big blind's uncalled 50 came back first
    assert [(r.seat, r.amount) for r in of_type(result, UncalledBetReturned)] == [(2, 50)]
    assert [(p.amount, p.eligible, p.winners) for p in result.pots] == [
        (20, (2, 3), (3,)),
        (115, (2,), (2,)),
    ]
    assert result.final_stacks == (990, 940, 1055, 20)


def test_R_ANTE_1_big_blind_ante_blind_first_then_ante_from_what_is_left():
    setup = make_setup([1000, 1000, 150], button=0, ante=100, kind=AnteKind.BIG_BLIND)
    result, script = play(setup, [5, 5, 1], [(0, CHECK_CALL), (1, CHECK_CALL)])
    posts = of_type(result, ForcedBetPosted)
    assert [(p.seat, p.kind, p.amount, p.all_in) for p in posts] == [
        (1, PostKind.SMALL_BLIND, 50, False),
        (2, PostKind.BIG_BLIND, 100, False),
        (2, PostKind.ANTE, 50, True),
    ]
    assert script.view_of(0, 0).legal.to_call == 100  # the ante is not part of the bet
    assert [(p.amount, p.eligible) for p in result.pots] == [(350, (0, 1, 2))]
    assert result.final_stacks == (900, 900, 350)


def test_R_ANTE_1_big_blind_ante_is_dead_money_of_the_main_pot():
    setup = make_setup([50, 1000, 1000], button=0, ante=100, kind=AnteKind.BIG_BLIND)
    result, _ = play(setup, [1, 5, 6], [(0, CHECK_CALL), (1, CHECK_CALL), (2, CHECK_CALL)])
    assert [(p.amount, p.eligible) for p in result.pots] == [(250, (0, 1, 2)), (100, (1, 2))]
    assert result.final_stacks == (250, 1000, 800)


# --- R-BET-1 -----------------------------------------------------------------------------------


def test_R_BET_1_pot_limit_raise_is_at_most_the_pot_after_calling():
    setup = make_setup([10000] * 4, button=0, structure=PL)
    result, script = play(setup, [1, 2, 3, 4], [(3, RaiseTo(350)), (0, FOLD), (1, FOLD), (2, FOLD)])
    first = script.view_of(3, 0).legal
    assert (first.min_raise_to, first.max_raise_to) == (200, 350)  # 100 + (150 + 100)
    nxt = script.view_of(0, 0)
    assert nxt.pot == 500
    assert (nxt.legal.to_call, nxt.legal.max_raise_to) == (350, 350 + 500 + 350)
    assert result.final_stacks == (10000, 9950, 9900, 10150)


def test_R_BET_1_pot_limit_rejects_more_than_the_pot():
    setup = make_setup([10000] * 4, button=0, structure=PL)
    with pytest.raises(IllegalActionError, match=r"raise to 200\.\.350"):
        play_hand(setup, make_deal([1, 2, 3, 4]), Script([(3, RaiseTo(351))]))


def test_R_BET_1_fixed_limit_bet_sizes_and_cap_of_one_bet_three_raises():
    setup = make_setup([10000] * 3, button=0, structure=FL)  # SB 1, BB 2, first to act 0
    steps = [
        (0, RaiseTo(200)),  # 2nd bet (the big blind is the 1st)
        (1, RaiseTo(300)),
        (2, RaiseTo(400)),  # 4th bet: the cap
        (0, CHECK_CALL),
        (1, CHECK_CALL),
        (1, RaiseTo(100)),  # flop: small bet
        (2, CHECK_CALL),
        (0, CHECK_CALL),
        (1, RaiseTo(200)),  # turn: big bet
        (2, FOLD),
        (0, FOLD),
    ]
    result, script = play(setup, [3, 1, 2], steps)
    assert (script.view_of(0, 0).legal.min_raise_to, script.view_of(0, 0).legal.max_raise_to) == (
        200,
        200,
    )
    capped = script.view_of(0, 0, nth=1).legal
    assert (capped.to_call, capped.max_raise_to) == (200, 0)
    assert script.view_of(1, 1).legal.max_raise_to == 100
    turn = script.view_of(1, 2).legal
    assert (turn.min_raise_to, turn.max_raise_to) == (200, 200)
    assert result.final_stacks == (9500, 10000 - 500 + 1500 - 0, 9500)


def test_R_BET_1_fixed_limit_rejects_a_raise_of_other_size():
    setup = make_setup([10000] * 3, button=0, structure=FL)
    with pytest.raises(IllegalActionError, match="raise to 200"):
        play_hand(setup, make_deal([1, 2, 3]), Script([(0, RaiseTo(300))]))


# --- R-HAND-1 ----------------------------------------------------------------------------------


def test_R_HAND_1_min_bet_is_big_blind_and_min_raise_is_largest_increment():
    setup = make_setup([10000, 10000, 10000], button=0)
    steps = [(0, RaiseTo(350)), (1, FOLD), (2, CHECK_CALL), (2, RaiseTo(100)), (0, FOLD)]
    result, script = play(setup, [1, 2, 3], steps)
    assert script.view_of(0, 0).legal.min_raise_to == 200  # the big blind is the opening bet
    assert script.view_of(1, 0).legal.min_raise_to == 600  # 350 + the 250 increment
    assert script.view_of(2, 1).legal.min_raise_to == 100  # min bet on the flop: big blind
    assert result.final_stacks == (9650, 9950, 10400)


def test_R_HAND_1_all_in_bet_below_big_blind_still_needs_a_full_big_blind_raise():
    setup = make_setup([10000, 10000, 390, 10000], button=0)  # BB seat 2 has 40 on the flop
    steps = [(3, RaiseTo(350)), (0, CHECK_CALL), (1, FOLD), (2, CHECK_CALL), (2, RaiseTo(40))]
    result, script = play(setup, [2, 3, 1, 4], steps)
    short = script.view_of(2, 1).legal
    assert (short.min_raise_to, short.max_raise_to) == (40, 40)  # only all-in is left
    facing = script.view_of(3, 1).legal
    assert (facing.to_call, facing.min_raise_to) == (40, 140)
    assert result.final_stacks[2] == 390 * 3 + 50


# --- R-HAND-2 ----------------------------------------------------------------------------------


def test_R_HAND_2_short_all_in_does_not_reopen_betting_for_a_player_who_acted():
    setup = make_setup([10000, 10000, 250], button=0)  # BB seat 2 has 150 behind on the flop
    steps = [(0, CHECK_CALL), (1, CHECK_CALL), (2, CHECK_CALL)]
    steps += [(1, RaiseTo(100)), (2, RaiseTo(150)), (0, CHECK_CALL), (1, CHECK_CALL)]
    result, script = play(setup, [2, 3, 1], steps)
    unacted = script.view_of(0, 1).legal
    assert unacted.can_raise and unacted.min_raise_to == 250  # not yet acted: may raise
    acted = script.view_of(1, 1, nth=1).legal
    assert (acted.to_call, acted.max_raise_to) == (50, 0)  # facing only +50: call or fold


def test_R_HAND_2_raise_by_a_player_the_short_all_in_did_not_reopen_is_rejected():
    setup = make_setup([10000, 10000, 250], button=0)
    steps = [(0, CHECK_CALL), (1, CHECK_CALL), (2, CHECK_CALL)]
    steps += [(1, RaiseTo(100)), (2, RaiseTo(150)), (0, CHECK_CALL), (1, RaiseTo(400))]
    with pytest.raises(IllegalActionError, match="legal: fold, call 50$"):
        play_hand(setup, make_deal([2, 3, 1]), Script(steps))


def test_R_HAND_2_several_short_all_ins_adding_up_to_a_full_raise_reopen():
    setup = make_setup([10000, 10000, 250, 300], button=0)  # flop: seat 2 has 150, seat 3 200
    steps = [(3, CHECK_CALL), (0, CHECK_CALL), (1, CHECK_CALL), (2, CHECK_CALL)]
    steps += [(1, RaiseTo(100)), (2, RaiseTo(150)), (3, RaiseTo(200)), (0, CHECK_CALL)]
    steps += [(1, RaiseTo(300)), (0, CHECK_CALL)]
    result, script = play(setup, [4, 3, 2, 1], steps)
    c = script.view_of(3, 1).legal
    assert (c.min_raise_to, c.max_raise_to) == (200, 200)
    again = script.view_of(1, 1, nth=1).legal
    assert again.can_raise and (again.to_call, again.min_raise_to) == (100, 300)
    raised = [e for e in of_type(result, ActionTaken) if e.street == 1 and e.seat == 1]
    assert [(e.kind, e.to) for e in raised] == [(ActionKind.BET, 100), (ActionKind.RAISE, 300)]


# --- R-HAND-3 ----------------------------------------------------------------------------------


def test_R_HAND_3_uncalled_bet_returns_before_the_pot_is_awarded():
    setup = make_setup([1000, 1000], button=0)
    steps = [(0, CHECK_CALL), (1, CHECK_CALL), (1, RaiseTo(500)), (0, FOLD)]
    result, _ = play(setup, [1, 2], steps)
    kinds = [type(e).__name__ for e in result.events]
    assert kinds.index("UncalledBetReturned") < kinds.index("PotAwarded")
    ret = of_type(result, UncalledBetReturned)
    assert [(r.seat, r.amount) for r in ret] == [(1, 500)]
    award = of_type(result, PotAwarded)
    assert [(a.amount, a.winners, a.showdown) for a in award] == [(200, (1,), False)]
    assert result.final_stacks == (900, 1100)
    assert of_type(result, HandShown) == []


def test_R_HAND_3_uncalled_part_of_an_all_in_returns_to_its_owner():
    setup = make_setup([3000, 1000], button=0)
    result, _ = play(setup, [2, 1], [(0, RaiseTo(3000)), (1, CHECK_CALL)])
    assert [(r.seat, r.amount) for r in of_type(result, UncalledBetReturned)] == [(0, 2000)]
    assert [(p.amount, p.winners) for p in result.pots] == [(2000, (1,))]
    assert result.final_stacks == (2000, 2000)


# --- R-HAND-4 ----------------------------------------------------------------------------------


def test_R_HAND_4_all_in_player_wins_at_most_what_they_put_in_from_each_player():
    setup = make_setup([300, 10000, 10000], button=0, sb=5, bb=10)
    steps = [(0, RaiseTo(300)), (1, CHECK_CALL), (2, CHECK_CALL)]
    steps += [(1, RaiseTo(1000)), (2, CHECK_CALL)]
    result, _ = play(setup, [1, 3, 2], steps)  # the short stack has the best hand
    assert [(p.amount, p.eligible, p.winners) for p in result.pots] == [
        (900, (0, 1, 2), (0,)),
        (2000, (1, 2), (2,)),
    ]
    assert result.final_stacks == (900, 8700, 10700)


# --- R-HAND-5 ----------------------------------------------------------------------------------


def test_R_HAND_5_odd_chips_go_one_at_a_time_from_the_button_left():
    setup = make_setup([1000] * 5, button=1, ante=1, kind=AnteKind.CLASSIC)  # SB 2, BB 3
    steps = [(4, CHECK_CALL), (0, CHECK_CALL), (1, CHECK_CALL), (2, FOLD), (3, CHECK_CALL)]
    result, _ = play(setup, [1, 9, 9, 1, 1], steps)
    (pot,) = result.pots
    assert pot.amount == 455
    assert (pot.winners, pot.shares) == ((3, 4, 0), (152, 152, 151))
    assert result.final_stacks == (1050, 899, 949, 1051, 1051)


def test_R_HAND_5_each_pot_is_awarded_on_its_own():
    setup = make_setup([200, 1000, 1000], button=0, sb=5, bb=10)
    steps = [(0, RaiseTo(200)), (1, CHECK_CALL), (2, CHECK_CALL)]
    steps += [(1, RaiseTo(301)), (2, CHECK_CALL)]
    # seats 0 and 2 tie for the main pot; the side pot is decided between seats 1 and 2 alone
    result, _ = play(setup, [1, 2, 1], steps)
    assert [(p.amount, p.winners, p.shares) for p in result.pots] == [
        (600, (2, 0), (300, 300)),
        (602, (2,), (602,)),
    ]


# --- R-HAND-6 ----------------------------------------------------------------------------------


def test_R_HAND_6_timed_out_player_folds_when_facing_a_bet():
    setup = make_setup([1000, 1000], button=0)
    result, _ = play(setup, [1, 2], [(0, None)])
    (act,) = of_type(result, ActionTaken)
    assert (act.seat, act.kind, act.timed_out) == (0, ActionKind.FOLD, True)
    assert result.final_stacks == (950, 1050)


def test_R_HAND_6_timed_out_player_checks_when_checking_is_free():
    setup = make_setup([1000, 1000], button=0)
    result, _ = play(setup, [1, 2], [(0, CHECK_CALL), (1, None)])
    acts = of_type(result, ActionTaken)
    assert (acts[1].seat, acts[1].kind, acts[1].timed_out) == (1, ActionKind.CHECK, True)
    assert result.final_stacks == (1100, 900)


# --- R-KO-2, R-KO-3 ----------------------------------------------------------------------------


def test_R_KO_2_bounty_goes_to_winner_of_the_pot_the_player_was_all_in_for():
    # Daniel 100, Barry 200, Vicky 400, Julian 1000 (the source rules' example).
    daniel, barry, vicky, julian = range(4)
    setup = make_setup([100, 200, 400, 1000], button=julian, sb=5, bb=10)
    steps = [(vicky, RaiseTo(400)), (julian, CHECK_CALL)]  # nobody left could call a raise
    steps += [(daniel, CHECK_CALL), (barry, CHECK_CALL)]
    result, _ = play(setup, [30, 10, 40, 20], steps)  # Barry best, Julian second
    assert [(p.amount, p.eligible, p.winners) for p in result.pots] == [
        (400, (0, 1, 2, 3), (barry,)),
        (300, (1, 2, 3), (barry,)),
        (400, (2, 3), (julian,)),
    ]
    ko = {k.player_id: (k.pot_index, k.winner_ids) for k in result.knockouts}
    assert ko == {101 + daniel: (0, (101 + barry,)), 101 + vicky: (2, (101 + julian,))}
    assert result.final_stacks == (0, 700, 0, 1000)
    assert result.eliminated == (101 + daniel, 101 + vicky)


def test_R_KO_3_tied_knockout_lists_winners_from_the_button_left():
    setup = make_setup([1000, 1000, 300], button=0)  # SB 1, BB 2; left of button: 1, 2, 0
    steps = [(0, RaiseTo(300)), (1, CHECK_CALL), (2, CHECK_CALL)]
    result, _ = play(setup, [5, 5, 9], steps)
    (ko,) = result.knockouts
    assert (ko.seat, ko.pot_index, ko.winners, ko.winner_ids) == (2, 0, (1, 0), (102, 101))
    assert result.pots[0].shares == (450, 450)


# --- R-FAULT-1 ---------------------------------------------------------------------------------


def test_R_FAULT_1_the_starting_state_restores_exactly():
    setup = make_setup([100, 200, 400, 1000], button=3, sb=5, bb=10)
    steps = [(2, RaiseTo(400)), (3, CHECK_CALL), (0, CHECK_CALL), (1, CHECK_CALL)]
    before = dataclasses.replace(setup)
    first, _ = play(setup, [30, 10, 40, 20], steps)
    assert first.setup == before and first.starting_stacks == (100, 200, 400, 1000)
    assert first.final_stacks != first.starting_stacks
    again, _ = play(first.setup, [30, 10, 40, 20], steps)
    assert again == first  # same inputs, same events, stacks, pots and knockouts


def test_R_FAULT_1_a_hand_aborted_midway_leaves_the_setup_untouched():
    setup = make_setup([1000, 1000, 1000], button=0)
    with pytest.raises(IllegalActionError):
        play_hand(setup, make_deal([1, 2, 3]), Script([(0, RaiseTo(500)), (1, RaiseTo(550))]))
    assert setup.stacks == (1000, 1000, 1000)
    result, _ = play(setup, [1, 2, 3], [(0, FOLD), (1, FOLD)])
    assert result.final_stacks == (1000, 950, 1050)


# --- chip conservation -------------------------------------------------------------------------


def test_chip_conservation_is_checked_every_hand(monkeypatch):
    def leaky_split(amount, winners):
        return tuple(amount // len(winners) - 1 for _ in winners)

    monkeypatch.setattr(hand_module, "split", leaky_split)
    with pytest.raises(InvariantError, match="chips before"):
        play_hand(make_setup([1000, 1000]), make_deal([1, 1]), Script([]))  # split pot


def test_record_actions_off_gives_the_same_stacks_pots_and_knockouts():
    setup = make_setup([100, 200, 400, 1000], button=3, sb=5, bb=10)
    steps = [(2, RaiseTo(400)), (3, CHECK_CALL), (0, CHECK_CALL), (1, CHECK_CALL)]
    on = play_hand(setup, make_deal([30, 10, 40, 20]), Script(steps), record_actions=True)
    off = play_hand(setup, make_deal([30, 10, 40, 20]), Script(steps), record_actions=False)
    assert off.events == () and len(on.events) > 10
    assert (off.final_stacks, off.pots, off.knockouts) == (on.final_stacks, on.pots, on.knockouts)


def test_without_strengths_the_hand_evaluates_the_showdown_itself():
    from pokersim.cards import parse_cards
    from pokersim.evaluator.reference import evaluate_reference

    hole = (tuple(parse_cards("AhAd")), tuple(parse_cards("KcKs")), tuple(parse_cards("7c2d")))
    board = tuple(parse_cards("Kh 9h 4c 3d 2s"))
    setup = make_setup([1000, 1000, 1000], button=0)
    steps = [(0, CHECK_CALL), (1, CHECK_CALL), (2, CHECK_CALL)]
    result = play_hand(setup, Deal(hole=hole, board=board), Script(steps))
    shown = {e.seat: e.rank for e in of_type(result, HandShown)}
    assert shown == {i: evaluate_reference([*hole[i], *board]) for i in range(3)}
    assert result.pots[0].winners == (1,)  # trip kings beat aces
    assert result.final_stacks == (900, 1200, 900)


def test_the_hand_engine_knows_nothing_of_simpy():
    import subprocess
    import sys

    code = "import sys, pokersim.hand; print('simpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
