"""Edges of pot building and splitting (R-HAND-3, R-HAND-4, R-HAND-5) as pure functions."""

from __future__ import annotations

from pokersim.pots import best_of, build_pots, order_from_button, split, uncalled


def test_R_HAND_3_uncalled_part_is_measured_against_the_second_highest_bet():
    """The top bet comes back down to the second-highest bet, wherever that bet sits."""
    # 100, then 300 (100 is now second), then 0: 300 - 100 = 200 back to seat 1
    assert uncalled([100, 300, 0]) == (1, 200)
    # rising bets: each earlier top becomes the second highest
    assert uncalled([50, 120, 400]) == (2, 280)
    assert uncalled([200, 200, 50]) == (-1, 0)  # two equal top bets: fully called


def test_R_HAND_4_no_live_player_every_chip_goes_back_to_its_owner():
    """A layer no live player reached returns to whoever put it in: with nobody live, all of
    it does and there is no pot."""
    pots, refunds = build_pots([30, 50, 0], [False, False, False])
    assert pots == []
    assert refunds == [30, 50, 0]


def test_R_HAND_4_a_live_seat_that_put_in_nothing_wins_nothing():
    """Each player can win from every other at most what they put in: 0 here, so seat 0 is
    eligible for no pot (and no empty pot is made for it)."""
    pots, refunds = build_pots([0, 50, 50], [True, True, True])
    assert pots == [(100, (1, 2))]
    assert refunds == [0, 0, 0]


def test_R_ANTE_1_dead_money_with_no_live_contribution_stays_in_a_pot():
    """Dead money belongs to the main pot; when no live seat put anything in, the chips of the
    others go back and the dead money still forms a pot for the live seats (no chip lost)."""
    pots, refunds = build_pots([0, 50], [True, False], dead=10)
    assert pots == [(10, (0,))]
    assert refunds == [0, 50]


def test_R_HAND_4_same_players_but_a_folded_seat_between_layers_is_one_pot():
    """Layers are split by the live players who reached them, not by every contribution
    level: a folded seat's level inside the range keeps one pot."""
    # levels 40 (folded seat 0), 100, 250: live seats 1, 2 reach 100, only seat 2 reaches 250;
    # up to 100: 40 + 100 + 100 for seats 1 and 2, above it 150 for seat 2 alone
    pots, _ = build_pots([40, 100, 250], [False, True, True])
    assert pots == [(240, (1, 2)), (150, (2,))]


def test_R_HAND_4_pots_with_different_players_are_never_merged():
    """A side pot whose players are a subset of the previous pot's stays separate."""
    pots, _ = build_pots([100, 100, 300, 300], [True, True, True, True])
    assert pots == [(400, (0, 1, 2, 3)), (400, (2, 3))]


def test_R_HAND_5_order_from_the_button_skips_the_button_to_the_end():
    assert order_from_button([1, 2, 5], button=2, n=6) == (5, 1, 2)
    assert order_from_button([2], button=2, n=6) == (2,)
    assert order_from_button([4, 0], button=5, n=6) == (0, 4)  # the button seat left the hand


def test_R_HAND_5_odd_chips_go_to_the_first_winners_only():
    # 7 over 3: base 2, one odd chip to the first winner only
    assert split(7, [2, 0, 1]) == (3, 2, 2)
    # 8 over 3: two odd chips, the first two winners
    assert split(8, [0, 1, 2]) == (3, 3, 2)
    assert split(9, [0, 1, 2]) == (3, 3, 3)


def test_best_of_lowest_rank_wins_and_keeps_eligible_order():
    assert best_of([3, 1], [9, 4, 0, 4]) == [3, 1]
    assert best_of([2], [9, 4, 7]) == [2]
