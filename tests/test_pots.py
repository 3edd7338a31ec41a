"""Pot building and splitting (R-HAND-3, R-HAND-4, R-HAND-5) as pure functions."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pokersim.pots import best_of, build_pots, order_from_button, split, uncalled


def test_R_HAND_3_only_the_single_highest_bet_can_be_uncalled():
    assert uncalled([0, 500, 0]) == (1, 500)
    assert uncalled([100, 700, 300]) == (1, 400)
    assert uncalled([300, 300, 100]) == (-1, 0)  # called in full: nothing returns
    assert uncalled([0, 0]) == (-1, 0)


def test_R_HAND_4_side_pots_from_contributions_seed_example():
    # Daniel 100, Barry 200, Vicky 400, Julian 1000 of which 600 was returned uncalled.
    pots, refunds = build_pots([100, 200, 400, 400], [True] * 4)
    assert pots == [(400, (0, 1, 2, 3)), (300, (1, 2, 3)), (400, (2, 3))]
    assert refunds == [0, 0, 0, 0]


def test_R_HAND_4_folded_chips_stay_in_the_pots_they_reached():
    pots, _ = build_pots([150, 50, 300, 300], [False, True, True, True])
    # 50 from each into the main pot; the folded 150 feeds the first side pot
    assert pots == [(200, (1, 2, 3)), (600, (2, 3))]


def test_R_HAND_4_adjacent_layers_with_the_same_players_are_one_pot():
    pots, _ = build_pots([60, 100, 100], [False, True, True])
    assert pots == [(260, (1, 2))]


def test_R_HAND_4_chips_no_live_player_reached_go_back_to_their_owner():
    pots, refunds = build_pots([50, 30, 0], [False, True, False])
    assert pots == [(60, (1,))]
    assert refunds == [20, 0, 0]


def test_R_ANTE_1_dead_money_belongs_to_the_main_pot():
    pots, _ = build_pots([50, 100, 100], [True, True, True], dead=100)
    assert pots == [(250, (0, 1, 2)), (100, (1, 2))]


def test_R_HAND_5_odd_chips_one_at_a_time_in_order():
    assert split(10, [4]) == (10,)
    assert split(11, [2, 0]) == (6, 5)
    assert split(302, [5, 6, 0]) == (101, 101, 100)


def test_R_HAND_5_order_starts_left_of_the_button_and_wraps():
    assert order_from_button([0, 1, 2, 3], button=1, n=4) == (2, 3, 0, 1)
    assert order_from_button([3, 0], button=3, n=4) == (0, 3)
    assert order_from_button([2], button=0, n=3) == (2,)


def test_best_of_keeps_every_tied_best_rank():
    assert best_of([0, 1, 2], [10, 3, 3]) == [1, 2]


@given(
    st.lists(st.integers(0, 1000), min_size=2, max_size=9).flatmap(
        lambda c: st.tuples(st.just(c), st.lists(st.booleans(), min_size=len(c), max_size=len(c)))
    ),
    st.integers(0, 300),
)
def test_pots_and_refunds_add_up_to_every_chip_put_in(case, dead):
    contributions, live = case
    if not any(live) or max(c for c, alive in zip(contributions, live) if alive) == 0:
        live = [True] + live[1:]
        contributions = [max(1, contributions[0])] + contributions[1:]
    pots, refunds = build_pots(contributions, live, dead)
    assert sum(a for a, _ in pots) + sum(refunds) == sum(contributions) + dead
    top_live = max(c for c, alive in zip(contributions, live) if alive)
    for i, back in enumerate(refunds):
        assert back == max(0, contributions[i] - top_live)
    for amount, eligible in pots:
        assert amount > 0 and eligible and all(live[i] for i in eligible)
    # a live seat can win from each other seat at most what it put in itself
    for i in range(len(contributions)):
        if live[i]:
            reach = sum(a for a, e in pots if i in e)
            cap = sum(min(c, contributions[i]) for c in contributions) + dead
            assert reach <= cap


@given(st.integers(0, 10_000), st.integers(1, 9))
def test_split_shares_sum_to_the_pot_and_differ_by_at_most_one(amount, k):
    shares = split(amount, list(range(k)))
    assert sum(shares) == amount
    assert max(shares) - min(shares) <= 1
    assert list(shares) == sorted(shares, reverse=True)
