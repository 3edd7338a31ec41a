"""Edge cases of seat draws and the moving button (R-SEAT-1, R-SEAT-2, R-BTN-1, R-BAL-3).

Expected values are worked out by hand from the rules and the docstrings of
``pokersim.seating``: the next button is the first occupied seat after the last one (wrapping),
seat 1 or the first occupied seat before the first hand; the big blind is the second occupied
seat after the button, the one without the button heads-up.
"""

from __future__ import annotations

import numpy as np
import pytest

from pokersim.errors import ConfigError
from pokersim.seating import (
    big_blind_order,
    draw_seats,
    hands_until_big_blind,
    next_button,
    position_of_free_seat,
    redraw_seats,
    tables_needed,
)


def test_tables_need_at_least_two_seats() -> None:
    """A one-seat table cannot deal a hand: the table size must be at least 2."""
    with pytest.raises(ConfigError, match="seats per table must be >= 2"):
        tables_needed(5, 1)
    with pytest.raises(ConfigError, match="player count"):
        tables_needed(-1, 9)
    assert tables_needed(2, 2) == 1 and tables_needed(3, 2) == 2


def test_next_button_of_an_empty_table_is_an_error() -> None:
    with pytest.raises(ValueError, match="no occupied seat"):
        next_button([], None)
    with pytest.raises(ValueError, match="no occupied seat"):
        next_button([], 4)


def test_big_blind_order_of_an_empty_or_one_seat_table() -> None:
    """No seat: nobody posts; one seat: that seat is the only one in the order."""
    assert big_blind_order([], None) == []
    assert big_blind_order([], 3) == []
    assert hands_until_big_blind([], 5) == {}
    assert big_blind_order([5], 2) == [5]
    assert hands_until_big_blind([7], None) == {7: 0}


def test_r_btn_1_seats_in_any_order_are_handled_sorted() -> None:
    """R-BTN-1 over unsorted seat lists (the module accepts any order).

    [8, 1, 5, 3], last button 1: button 3, small blind 5, big blind 8, then 1, 3, 5.
    [5, 1, 3], no hand yet: button 1, small blind 3, big blind 5.
    [7, 1, 4], last button 4: the button moves to 7, not back to 1.
    Seat 3 free in [8, 1, 5], last button 1: table 1, 3, 5, 8 with button 3: 2 hands.
    """
    assert big_blind_order([8, 1, 5, 3], 1) == [8, 1, 3, 5]
    assert hands_until_big_blind([5, 1, 3], None) == {5: 0, 1: 1, 3: 2}
    assert next_button([7, 1, 4], 4) == 7
    assert position_of_free_seat([8, 1, 5], 1, 3) == 2


def test_r_seat_1_which_seats_stay_empty_is_random() -> None:
    """R-SEAT-1: 10 players on 9-seat tables sit 5 and 5; the empty seats vary with the seed,
    and the last seat (9) is among the seats drawn."""
    seat_sets = set()
    for seed in range(12):
        tables = draw_seats(10, 9, np.random.default_rng(seed))
        assert sorted(len(t) for t in tables) == [5, 5]
        for t in tables:
            assert all(1 <= s <= 9 for s in t)
            seat_sets.add(frozenset(t))
    assert len(seat_sets) > 1
    assert any(9 in s for s in seat_sets)


def test_r_bal_3_final_table_of_exactly_the_table_size() -> None:
    """R-BAL-3: nine players fit a nine-seat final table: every seat 1..9 taken, each once."""
    ids = [3, 8, 15, 16, 23, 42, 50, 51, 77]
    seats = redraw_seats(ids, 9, np.random.default_rng(4))
    assert sorted(seats) == list(range(1, 10))
    assert sorted(seats.values()) == ids


def test_r_bal_3_final_table_seats_are_drawn_in_range() -> None:
    """R-BAL-3: seats are drawn at random among 1..seats; which stay empty varies by seed."""
    seat_sets = set()
    for seed in range(12):
        seats = redraw_seats([5, 9, 11, 40], 6, np.random.default_rng(seed))
        assert sorted(seats.values()) == [5, 9, 11, 40]
        assert all(1 <= s <= 6 for s in seats)
        seat_sets.add(frozenset(seats))
    assert len(seat_sets) > 1
    assert any(6 in s for s in seat_sets)
