"""Edges of one hand: input checks at their boundaries, forced bets of nothing, what each
street shows, the showdown's order, the event rows and who counts as eliminated.

Strengths are passed in the ``Deal`` (lower rank is better); every expected value below is
worked out by hand from RULES.md and the docstrings of ``pokersim.hand`` and
``pokersim.hand_log``.
"""

from __future__ import annotations

import pytest

from pokersim import hand as hand_module
from pokersim.actions import CHECK_CALL, FOLD, Action, DecisionView, RaiseTo
from pokersim.config import AnteKind, BettingStructure, Level
from pokersim.errors import ConfigError, InvariantError
from pokersim.events import ForcedBetPosted, HandShown, PostKind
from pokersim.hand import Deal, HandResult, HandSetup, Seat, play_hand
from pokersim.hand_log import UNCALLED

BOARD = (40, 41, 42, 43, 44)


def make_setup(
    stacks: list[int],
    button: int = 0,
    *,
    sb: int = 50,
    bb: int = 100,
    ante: int = 0,
    kind: AnteKind = AnteKind.NONE,
) -> HandSetup:
    seats = tuple(Seat(player_id=11 + i, stack=s, seat_no=i + 1) for i, s in enumerate(stacks))
    level = Level(small_blind=sb, big_blind=bb, ante=ante, ante_kind=kind)
    return HandSetup(seats=seats, button=button, level=level)


def make_deal(ranks: list[int]) -> Deal:
    """Distinct cards per seat; ``ranks[i]`` is seat i's strength (1 best)."""
    hole = tuple((2 * i, 2 * i + 1) for i in range(len(ranks)))
    return Deal(hole=hole, board=BOARD, strengths=tuple(ranks))


class Script:
    """Scripted answers ``(seat, action)``, checking the seat asked; then check/call."""

    def __init__(self, steps: list[tuple[int, Action]]):
        self.steps = list(steps)
        self.views: list[DecisionView] = []

    def __call__(self, view: DecisionView) -> Action:
        self.views.append(view)
        if not self.steps:
            return CHECK_CALL
        seat, action = self.steps.pop(0)
        assert view.seat == seat, f"seat {view.seat} asked, expected seat {seat}"
        return action


def play(
    setup: HandSetup, ranks: list[int], steps: list[tuple[int, Action]], *, record: bool = True
) -> tuple[HandResult, Script]:
    script = Script(steps)
    result = play_hand(setup, make_deal(ranks), script, record_actions=record)
    assert not script.steps, f"script not used up: {script.steps}"
    return result, script


def posts(result: HandResult) -> list[tuple[int, PostKind, int, bool]]:
    return [
        (e.seat, e.kind, e.amount, e.all_in)
        for e in result.events
        if isinstance(e, ForcedBetPosted)
    ]


# --- inputs at their boundaries ----------------------------------------------------------------


def test_two_seats_with_the_same_table_seat_number_are_rejected():
    """Seat numbers must strictly increase in table order: equal numbers are one chair."""
    seats = (Seat(player_id=1, stack=5, seat_no=4), Seat(player_id=2, stack=5, seat_no=4))
    with pytest.raises(ConfigError, match="seat numbers must increase"):
        HandSetup(seats=seats, button=0, level=Level(small_blind=1, big_blind=2))


@pytest.mark.parametrize("bad", [-1, 52])
def test_card_codes_just_outside_0_to_51_are_rejected(bad):
    """Card codes are 0..51 (``pokersim.cards``): -1 and 52 are the nearest bad ones."""
    with pytest.raises(ConfigError, match="0..51"):
        Deal(hole=((0, 1), (2, 3)), board=(bad, 11, 12, 13, 14))
    with pytest.raises(ConfigError, match="0..51"):
        Deal(hole=((0, bad), (2, 3)), board=(10, 11, 12, 13, 14))


def test_a_deal_with_more_hole_pairs_than_seats_is_rejected():
    """A deal must give hole cards to exactly the seats dealt in, not fewer and not more."""
    setup = make_setup([100, 100])
    deal = Deal(hole=((0, 1), (2, 3), (4, 5)), board=BOARD)
    with pytest.raises(ConfigError, match="hole cards for 3 seats, the hand has 2"):
        play_hand(setup, deal, lambda view: CHECK_CALL)


# --- forced bets of nothing --------------------------------------------------------------------


def test_R_BTN_1_blinds_and_first_to_act_skip_empty_table_seats():
    """Players at table seats 2, 5 and 9 (the others empty), the button on seat 9 (index 2):
    the next occupied seats post, 2 the small blind and 5 the big blind; the button acts
    first before the flop and last after it."""
    seats = tuple(Seat(player_id=11 + i, stack=1000, seat_no=no) for i, no in enumerate((2, 5, 9)))
    setup = HandSetup(seats=seats, button=2, level=Level(small_blind=50, big_blind=100))
    steps = [(2, CHECK_CALL), (0, CHECK_CALL), (1, CHECK_CALL)]
    steps += [(0, CHECK_CALL), (1, CHECK_CALL), (2, RaiseTo(100)), (0, FOLD), (1, FOLD)]
    result, _ = play(setup, [1, 2, 3], steps)
    assert posts(result) == [
        (0, PostKind.SMALL_BLIND, 50, False),
        (1, PostKind.BIG_BLIND, 100, False),
    ]
    assert result.final_stacks == (900, 900, 1200)


def test_R_BLIND_1_a_seat_its_ante_left_without_chips_posts_no_blind():
    """R-BLIND-1/R-ANTE-1: the small blind's 10 chips all go on its ante; it posts no blind.

    Button 0, so the small blind is seat 1 and the big blind seat 2. Seat 1 wins the antes
    (3 x 10); seats 0 and 2 put 100 more each into a side pot that seat 0 wins:
    1000 - 110 + 200, 30, 1000 - 110.
    """
    setup = make_setup([1000, 10, 1000], button=0, ante=10, kind=AnteKind.CLASSIC)
    result, script = play(setup, [5, 1, 9], [(0, CHECK_CALL), (2, CHECK_CALL)])
    antes = sorted(p for p in posts(result) if p[1] is PostKind.ANTE)
    assert antes == [
        (0, PostKind.ANTE, 10, False),
        (1, PostKind.ANTE, 10, True),
        (2, PostKind.ANTE, 10, False),
    ]
    assert [p for p in posts(result) if p[1] is not PostKind.ANTE] == [
        (2, PostKind.BIG_BLIND, 100, False)
    ]
    assert script.views[0].pot == 130  # three antes and the big blind
    assert [(p.amount, p.eligible, p.winners) for p in result.pots] == [
        (30, (0, 1, 2), (1,)),
        (200, (0, 2), (0,)),
    ]
    assert result.final_stacks == (1090, 30, 890)


def test_R_BLIND_1_a_big_blind_its_ante_left_without_chips_does_not_lower_the_price():
    """R-BLIND-1: the big blind (seat 2) is all-in on its ante and posts no blind, yet the
    price is still the level's 100 and a raise is to at least 200.

    Antes 4 x 10, the small blind 50: the first decision sees a pot of 90. Seat 2 wins the
    antes (40); seats 0, 1 and 3 put in 100 each, a side pot of 300 that seat 0 wins.
    """
    setup = make_setup([1000, 1000, 10, 1000], button=0, ante=10, kind=AnteKind.CLASSIC)
    steps = [(3, CHECK_CALL), (0, CHECK_CALL), (1, CHECK_CALL)]
    result, script = play(setup, [5, 6, 1, 7], steps)
    assert [p for p in posts(result) if p[1] is not PostKind.ANTE] == [
        (1, PostKind.SMALL_BLIND, 50, False)
    ]
    first = script.views[0]
    assert (first.seat, first.pot, first.legal.to_call, first.legal.min_raise_to) == (
        3,
        90,
        100,
        200,
    )
    assert script.views[2].legal.to_call == 50  # the small blind completes to 100
    assert [(p.amount, p.eligible, p.winners) for p in result.pots] == [
        (40, (0, 1, 2, 3), (2,)),
        (300, (0, 1, 3), (0,)),
    ]
    assert result.final_stacks == (1190, 890, 40, 890)


def test_R_ANTE_1_a_level_without_small_blind_posts_only_the_big_blind():
    """A level may have no small blind (``Level`` allows 0): nothing is posted for it."""
    setup = make_setup([1000, 1000, 1000], button=0, sb=0, bb=100)
    result, _ = play(setup, [1, 2, 3], [(0, FOLD), (1, FOLD)])
    assert posts(result) == [(2, PostKind.BIG_BLIND, 100, False)]
    assert result.final_stacks == (1000, 1000, 1000)


def test_R_ANTE_1_a_classic_ante_of_zero_posts_no_antes():
    """Classic antes of 0 chips: only the blinds are posted (no ante events of nothing)."""
    setup = make_setup([1000, 1000, 1000], button=0, ante=0, kind=AnteKind.CLASSIC)
    result, _ = play(setup, [1, 2, 3], [(0, FOLD), (1, FOLD)])
    assert posts(result) == [
        (1, PostKind.SMALL_BLIND, 50, False),
        (2, PostKind.BIG_BLIND, 100, False),
    ]


@pytest.mark.parametrize("record", [True, False])
def test_R_ANTE_1_the_first_decision_sees_every_ante_in_the_pot(record):
    """Whether events are recorded or not, the pot holds 3 antes of 10 and the blinds 50 + 100."""
    setup = make_setup([1000, 1000, 1000], button=0, ante=10, kind=AnteKind.CLASSIC)
    result, script = play(setup, [1, 2, 3], [(0, FOLD), (1, FOLD)], record=record)
    assert script.views[0].pot == 180
    # the big blind wins the antes and the small blind: 1000 - 10 + 30 + 50
    assert result.final_stacks == (990, 940, 1070)


def test_R_ANTE_1_the_big_blinds_ante_is_in_the_pot_the_first_decision_sees():
    """The big-blind ante (100) is dead money but in the pot: 50 + 100 + 100 = 250.

    Pot-limit would let the first player raise to at most the pot after calling:
    250 + 100 = 350 plus the call of 100, a raise to 450 (R-BET-1).
    """
    level = Level(small_blind=50, big_blind=100, ante=100, ante_kind=AnteKind.BIG_BLIND)
    seats = tuple(Seat(player_id=11 + i, stack=1000, seat_no=i + 1) for i in range(3))
    setup = HandSetup(seats=seats, button=0, level=level, structure=BettingStructure.POT_LIMIT)
    script = Script([(0, FOLD), (1, FOLD)])
    result = play_hand(setup, make_deal([1, 2, 3]), script)
    first = script.views[0]
    assert (first.seat, first.pot, first.legal.max_raise_to) == (0, 250, 450)
    assert result.final_stacks == (1000, 950, 1050)


# --- streets and showdown ----------------------------------------------------------------------


def test_each_street_shows_exactly_its_board_cards():
    """Decisions see no board pre-flop, 3 cards on the flop, 4 on the turn, 5 on the river."""
    setup = make_setup([1000, 1000], button=0)
    _, script = play(setup, [1, 2], [])
    seen = {v.street: v.board for v in script.views}
    assert seen == {0: (), 1: BOARD[:3], 2: BOARD[:4], 3: BOARD}


def test_hands_are_shown_in_order_from_the_button_left():
    """Button 1 of 3: the first seat to its left is 2, then 0, then the button itself."""
    setup = make_setup([1000, 1000, 1000], button=1)
    result, _ = play(setup, [3, 2, 1], [(1, CHECK_CALL), (2, CHECK_CALL), (0, CHECK_CALL)])
    assert [e.seat for e in result.events if isinstance(e, HandShown)] == [2, 0, 1]
    assert result.showdown


def test_a_hand_everyone_folds_to_has_no_showdown_and_no_cards_shown():
    """Only one player left: no showdown, nothing shown, the blinds go to the big blind."""
    setup = make_setup([1000, 1000, 1000], button=0)
    result, _ = play(setup, [1, 2, 3], [(0, FOLD), (1, FOLD)])
    assert not result.showdown
    assert not [e for e in result.events if isinstance(e, HandShown)]
    assert result.final_stacks == (1000, 950, 1050)


def _has_row(rows, row: list[int]) -> bool:
    flat = list(rows)
    return any(flat[k : k + len(row)] == row for k in range(len(flat) - len(row) + 1))


def test_R_HAND_3_an_uncalled_flop_bet_is_logged_with_the_flop_street():
    """The ``UNCALLED`` row holds the round the bet was returned in (``hand_log``): 1, the flop.

    Heads-up, button 0 is the small blind; after the flop the big blind (seat 1) acts first,
    bets 200 and the button folds: the 200 comes back, seat 1 wins the 200 of blinds.
    """
    setup = make_setup([1000, 1000], button=0)
    result, _ = play(
        setup, [2, 1], [(0, CHECK_CALL), (1, CHECK_CALL), (1, RaiseTo(200)), (0, FOLD)]
    )
    assert _has_row(result.events.rows, [UNCALLED, 1, 1, 200, 0, 0])
    assert result.final_stacks == (900, 1100)


# --- chips and eliminations --------------------------------------------------------------------


def test_a_negative_stack_is_an_invariant_error_even_when_the_total_is_right(monkeypatch):
    """R-COND-2: chips are conserved *and* never negative; a split that keeps the total but
    gives one winner -1 chip must be caught."""

    def lopsided_split(amount, winners):
        return (amount + 1, -1) + (0,) * (len(winners) - 2)

    monkeypatch.setattr(hand_module, "split", lopsided_split)
    setup = make_setup([300, 300], button=0)  # both all-in, a tie: both stacks 0 before the award
    with pytest.raises(InvariantError, match="chips before"):
        play(setup, [1, 1], [(0, RaiseTo(300)), (1, CHECK_CALL)])


def test_a_player_left_with_one_chip_is_not_eliminated():
    """Only a stack of 0 is broke: 101 chips, calls 100 and loses, keeps 1 and plays on."""
    setup = make_setup([101, 1000], button=0)
    result, _ = play(setup, [2, 1], [(0, CHECK_CALL), (1, CHECK_CALL)])
    assert result.final_stacks == (1, 1100)
    assert result.eliminated == ()
    assert result.knockouts == ()
