"""Seat draws and the moving button (R-SEAT-1, R-SEAT-2, R-BTN-1)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

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


def test_r_seat_1_draw_seats_everyone_once_balanced_and_seeded() -> None:
    """R-SEAT-1: every player gets exactly one seat; tables balanced; the draw follows the seed."""
    a = draw_seats(100, 9, np.random.default_rng(1))
    b = draw_seats(100, 9, np.random.default_rng(1))
    c = draw_seats(100, 9, np.random.default_rng(2))
    assert a == b
    assert a != c
    assert len(a) == 12
    players = sorted(p for t in a for p in t.values())
    assert players == list(range(100))
    sizes = [len(t) for t in a]
    assert max(sizes) - min(sizes) <= 1
    assert all(1 <= s <= 9 for t in a for s in t)


def test_r_seat_1_seats_are_random_not_in_id_order() -> None:
    """R-SEAT-1: neighbours by id are not seated together by construction."""
    tables = draw_seats(18, 9, np.random.default_rng(7))
    first = sorted(tables[0].values())
    assert first != list(range(9)) and first != list(range(0, 18, 2))


@given(st.integers(2, 300), st.integers(2, 10), st.integers(0, 2**32))
def test_draw_seats_property(players: int, seats: int, seed: int) -> None:
    tables = draw_seats(players, seats, np.random.default_rng(seed))
    assert len(tables) == tables_needed(players, seats)
    flat = [p for t in tables for p in t.values()]
    assert sorted(flat) == list(range(players))
    sizes = [len(t) for t in tables]
    assert max(sizes) - min(sizes) <= 1
    assert all(1 <= s <= seats for t in tables for s in t)


def test_draw_seats_rejects_one_player() -> None:
    with pytest.raises(ConfigError, match="at least 2 players"):
        draw_seats(1, 9, np.random.default_rng(0))


def test_r_seat_2_button_starts_at_seat_1() -> None:
    """R-SEAT-2: the first button is seat 1 (the first occupied seat when 1 is empty)."""
    assert next_button([1, 3, 9], None) == 1
    assert next_button([3, 9, 2], None) == 2


def test_r_btn_1_button_moves_to_next_occupied_seat() -> None:
    """R-BTN-1: clockwise to the next occupied seat, wrapping, even if the old seat emptied."""
    assert next_button([1, 4, 7], 1) == 4
    assert next_button([1, 4, 7], 7) == 1
    assert next_button([1, 7], 4) == 7  # button player at seat 4 busted


def test_r_btn_1_blinds_skip_without_dead_blinds() -> None:
    """R-BTN-1: the big blind moves one occupied seat per hand; busted seats are skipped."""
    # button next at 3, small blind 5, big blind 8
    assert big_blind_order([1, 3, 5, 8], 1) == [8, 1, 3, 5]
    # the big blind at 8 busts: the button still moves one seat (to 5), so seat 1 posts only
    # the small blind and skips its big blind; nobody posts a dead blind for seat 8
    assert next_button([1, 3, 5], 3) == 5
    assert big_blind_order([1, 3, 5], 3) == [3, 5, 1]


def test_r_btn_2_heads_up_big_blind_is_not_the_button() -> None:
    """R-BTN-2: two players: the button posts the small blind, the other the big blind."""
    assert big_blind_order([2, 6], None) == [6, 2]
    assert big_blind_order([2, 6], 2) == [2, 6]


def test_position_of_free_seat() -> None:
    # occupied 1,3,5,8; last button 1: next button 3, SB 5, BB 8. A player placed in seat 9
    # sits between BB 8 and 1: big blind after 8, i.e. in 1 hand.
    assert position_of_free_seat([1, 3, 5, 8], 1, 9) == 1
    # seat 6 lies between SB 5 and BB 8: BB next hand (it becomes the second seat after 3)
    assert position_of_free_seat([1, 3, 5, 8], 1, 6) == 0
    with pytest.raises(ValueError, match="not free"):
        position_of_free_seat([1, 3], 1, 3)


@given(
    st.lists(st.integers(1, 10), min_size=2, max_size=10, unique=True),
    st.one_of(st.none(), st.integers(1, 10)),
)
def test_r_btn_1_button_never_moves_backwards(seats: list[int], start: int | None) -> None:
    """R-BTN-1 property: over a full orbit the button visits every occupied seat once, in order."""
    b = start
    visited = []
    for _ in range(len(seats)):
        b = next_button(seats, b)
        visited.append(b)
    assert sorted(visited) == sorted(seats)
    k = visited.index(min(visited))
    rotated = visited[k:] + visited[:k]
    assert rotated == sorted(seats)
    order = hands_until_big_blind(seats, start)
    assert sorted(order.values()) == list(range(len(seats)))


def test_redraw_seats_final_table() -> None:
    """R-BAL-3: the final table redraws seats at random."""
    seats = redraw_seats([5, 9, 11, 40], 9, np.random.default_rng(3))
    assert sorted(seats.values()) == [5, 9, 11, 40]
    with pytest.raises(ConfigError, match="do not fit"):
        redraw_seats(list(range(10)), 9, np.random.default_rng(3))


def test_doctests_of_rule_modules() -> None:
    """The examples in the docstrings of the pure rule modules hold."""
    import doctest

    import pokersim.balancing
    import pokersim.clock
    import pokersim.seating

    for mod in (pokersim.seating, pokersim.balancing, pokersim.clock):
        failed, attempted = doctest.testmod(mod)
        assert attempted > 0 and failed == 0, mod.__name__
