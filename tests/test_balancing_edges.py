"""Edge cases of table breaking and balancing (R-BAL-1, R-BAL-2): boundaries, tie-breaks, errors.

Every expected move below is worked out by hand from the rules and the docstrings of
``pokersim.balancing`` and ``pokersim.seating`` ("hands until big blind": the big blind is the
second occupied seat after the button, the first heads-up; the next button is the first
occupied seat after the last one, wrapping).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from pokersim.balancing import (
    BalancePolicy,
    Move,
    TableSeats,
    must_break,
    plan_balance,
    plan_break,
)
from pokersim.errors import ConfigError


def _t(tid: int, seats: dict[int, int], button: int | None) -> TableSeats:
    return TableSeats(table_id=tid, seats=seats, last_button=button)


def _plan(kind: str, source: TableSeats, others: Sequence[TableSeats], seats: int) -> list[Move]:
    if kind == "break":
        return plan_break(source, others, seats_per_table=seats, rng=np.random.default_rng(0))
    return plan_balance(source, others, seats_per_table=seats)


def _full(tid: int, first_player: int, seats: int = 9) -> TableSeats:
    return _t(tid, {s: first_player + s for s in range(1, seats + 1)}, 1)


# --- must_break (R-BAL-1) ----------------------------------------------------------------------


def test_r_bal_1_two_tables_break_as_soon_as_the_field_fits_one() -> None:
    """R-BAL-1 at two tables: 9 players fit one 9-seat table (break), 10 do not."""
    assert must_break(9, 2, 9)
    assert must_break(2, 2, 9)
    assert not must_break(10, 2, 9)
    assert must_break(6, 2, 6) and not must_break(7, 2, 6)


def test_r_bal_1_the_last_table_is_never_broken() -> None:
    """R-BAL-1: with one table left there is no table to move anyone to, whatever the count."""
    for players in (0, 1, 2, 9):
        assert not must_break(players, 1, 9)


# --- input checks --------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["break", "balance"])
def test_source_table_id_among_the_others_is_rejected(kind: str) -> None:
    source = _t(1, {1: 100, 2: 101}, None)
    other = _t(1, {1: 0}, None)  # the same id as the source
    with pytest.raises(ValueError, match="distinct"):
        _plan(kind, source, [other], 9)


@pytest.mark.parametrize("kind", ["break", "balance"])
def test_duplicate_destination_table_ids_are_rejected(kind: str) -> None:
    source = _t(1, {1: 100, 2: 101, 3: 102}, None)
    a = _t(2, {1: 0}, None)
    b = _t(2, {1: 1}, None)
    with pytest.raises(ValueError, match="distinct"):
        _plan(kind, source, [a, b], 9)


@pytest.mark.parametrize("kind", ["break", "balance"])
def test_seat_zero_is_rejected(kind: str) -> None:
    """Seats are numbered 1..seats_per_table: seat 0 does not exist."""
    source = _t(1, {1: 100, 2: 101}, None)
    other = _t(2, {0: 0, 1: 1}, None)
    with pytest.raises(ValueError, match=r"expected 1\.\.9"):
        _plan(kind, source, [other], 9)


@pytest.mark.parametrize("kind", ["break", "balance"])
def test_source_seat_beyond_the_table_size_is_rejected(kind: str) -> None:
    """The source table's seats are checked too, not only the destinations'."""
    source = _t(1, {1: 100, 10: 101}, None)
    other = _t(2, {1: 0}, None)
    with pytest.raises(ValueError, match=r"table 1 has seat 10"):
        _plan(kind, source, [other], 9)


# --- plan_break (R-BAL-1) ------------------------------------------------------------------------


def test_r_bal_1_breaking_an_empty_table_moves_nobody() -> None:
    """R-BAL-1: a table with no player left breaks with no move (nobody has a position)."""
    rng = np.random.default_rng(0)
    assert plan_break(_t(1, {}, None), [_t(2, {1: 0}, None)], seats_per_table=9, rng=rng) == []
    assert plan_break(_t(1, {}, 3), [], seats_per_table=9, rng=rng) == []


def test_r_bal_1_break_draw_lists_the_pairs_by_table_id_whatever_the_input_order() -> None:
    """R-BAL-1: one player draws k = rng.integers(n) among the n (table, free seat) pairs of the
    smallest tables, listed by table id then seat; the tables are given in reverse id order."""
    source = _t(1, {4: 100}, None)
    t2 = _t(2, {s: s for s in range(1, 8)}, None)  # free 8, 9
    t3 = _t(3, {s: 10 + s for s in range(1, 8)}, None)  # free 8, 9
    pairs = [(2, 8), (2, 9), (3, 8), (3, 9)]
    for seed in range(8):
        k = int(np.random.default_rng(seed).integers(4))
        moves = plan_break(source, [t3, t2], seats_per_table=9, rng=np.random.default_rng(seed))
        assert [(m.player_id, m.to_table, m.to_seat) for m in moves] == [(100, *pairs[k])]


def test_r_bal_1_a_table_that_fills_up_rejoins_the_draw_in_table_id_order() -> None:
    """R-BAL-1: table 2 (6 players) takes the first player alone; at 7 players it joins table 3
    (7 players) and the second draw lists table 2's seats before table 3's."""
    source = _t(1, {1: 100, 5: 101}, None)  # last button none: button 1, big blind 5 next
    t2 = _t(2, {s: s for s in range(1, 7)}, None)  # free 7, 8, 9
    t3 = _t(3, {s: 10 + s for s in range(1, 8)}, None)  # free 8, 9
    for seed in range(8):
        rng = np.random.default_rng(seed)
        first = [(2, 7), (2, 8), (2, 9)][int(rng.integers(3))]
        left = [p for p in [(2, 7), (2, 8), (2, 9)] if p != first]
        second = [*left, (3, 8), (3, 9)][int(rng.integers(4))]
        moves = plan_break(source, [t3, t2], seats_per_table=9, rng=np.random.default_rng(seed))
        got = [(m.player_id, m.to_table, m.to_seat) for m in moves]
        assert got == [(101, *first), (100, *second)]


def test_r_bal_1_break_with_no_other_table_is_an_error() -> None:
    with pytest.raises(ConfigError, match="free seats"):
        plan_break(_t(1, {1: 100}, None), [], seats_per_table=9, rng=np.random.default_rng(0))


# --- plan_balance (R-BAL-2) ----------------------------------------------------------------------


def test_r_bal_2_no_other_table_no_move() -> None:
    """R-BAL-2: a table alone has nothing to be balanced against."""
    source = _full(1, 100)
    for policy in BalancePolicy:
        assert plan_balance(source, [], seats_per_table=9, policy=policy) == []


def test_r_bal_2_source_smaller_than_full_tables_no_move() -> None:
    """R-BAL-2: 3 players against full tables of 9 is not a table with too many players."""
    source = _t(1, {1: 100, 2: 101, 3: 102}, 1)
    assert plan_balance(source, [_full(2, 0), _full(3, 20)], seats_per_table=9) == []


def test_r_bal_2_the_last_seat_of_a_table_takes_a_moved_player() -> None:
    """R-BAL-2 on 4-seat tables. Destination: seats 1 and 3, last button 3. A player put in seat
    4: button 4, small blind 1, big blind 3, so seat 4 is big blind in 1 hand; in seat 2: button
    1, small blind 2, big blind 3: 2 hands. Seat 4 is the nearer. Source: seats 1-4, last button
    4: button 1, small blind 2, big blind order 3, 4, 1, 2: seat 4 is 1 hand away (PokerStars),
    seat 3 is big blind next (TDA). Counts 4 and 2, then 3 and 3: one move."""
    source = _t(1, {1: 100, 2: 101, 3: 102, 4: 103}, 4)
    dest = _t(2, {1: 0, 3: 1}, 3)
    stars = plan_balance(source, [dest], seats_per_table=4)
    assert [(m.player_id, m.from_seat, m.to_table, m.to_seat) for m in stars] == [(103, 4, 2, 4)]
    tda = plan_balance(source, [dest], seats_per_table=4, policy=BalancePolicy.TDA)
    assert [(m.player_id, m.from_seat, m.to_table, m.to_seat) for m in tda] == [(102, 3, 2, 4)]


def test_r_bal_2_equal_positions_the_lower_table_id_wins() -> None:
    """R-BAL-2 tie-break: table 2's nearest free seat (seat 4, as above) and table 5's (seat 2:
    last button 1, button 2, small blind 3, big blind 1, so 1 hand) are both 1 hand from the big
    blind: the lower table id wins, though its seat number is higher."""
    source = _t(1, {1: 100, 2: 101, 3: 102, 4: 103}, 4)
    t2 = _t(2, {1: 0, 3: 1}, 3)
    t5 = _t(5, {1: 10, 3: 11}, 1)
    for policy in BalancePolicy:
        moves = plan_balance(source, [t5, t2], seats_per_table=4, policy=policy)
        assert [(m.to_table, m.to_seat) for m in moves] == [(2, 4)]


def test_r_bal_2_moves_go_to_the_smallest_table_not_the_best_seat() -> None:
    """R-BAL-2: 9 players against tables of 6 and 7: the one move goes to the 6-player table,
    though the 7-player table has a free seat that is big blind next. Table 2 (seats 1-6, no hand
    yet: button 1, big blind 3) puts seats 7-9 4 hands away; seat 7 is the lowest. Table 3
    (seats 1-7, last button 5: button 6, small blind 7) would put seat 8 at the big blind. The
    source (last button 1: big blind order 4, 5, 6, 7, 8, ...) sends seat 8, 4 hands away."""
    source = _t(1, {s: 100 + s for s in range(1, 10)}, 1)
    t2 = _t(2, {s: s for s in range(1, 7)}, None)
    t3 = _t(3, {s: 10 + s for s in range(1, 8)}, 5)
    moves = plan_balance(source, [t3, t2], seats_per_table=9)
    assert [(m.player_id, m.from_seat, m.to_table, m.to_seat) for m in moves] == [(108, 8, 2, 7)]


def test_r_bal_2_two_moves_into_one_table_see_the_first() -> None:
    """R-BAL-2: 9 against 5 needs two moves (then 7 and 7). Destination seats 1-5, no hand yet:
    button 1, big blind 3; a player in any of seats 6-9 is 3 hands away, seat 6 first. The source
    (last button 1) is in big blind order 4, 5, 6, 7, 8, 9, 1, 2, 3: seat 7 (3 hands) goes to 6.
    Then the destination has seats 1-6: seats 7-9 are 4 hands away, seat 7 first; the source,
    now without seat 7, is in order 4, 5, 6, 8, 9, ...: seat 9 (4 hands) goes to 7."""
    source = _t(1, {s: 100 + s for s in range(1, 10)}, 1)
    dest = _t(2, {s: s for s in range(1, 6)}, None)
    moves = plan_balance(source, [dest], seats_per_table=9)
    got = [(m.player_id, m.from_seat, m.to_table, m.to_seat) for m in moves]
    assert got == [(107, 7, 2, 6), (109, 9, 2, 7)]


def test_r_bal_2_each_move_counts_toward_the_balance() -> None:
    """R-BAL-2: 9, 5 and 5 become 8, 6, 5 and then 7, 6, 6: two moves, one to each table."""
    source = _t(1, {s: 100 + s for s in range(1, 10)}, 1)
    a = _t(2, {s: s for s in range(1, 6)}, None)
    b = _t(3, {s: 10 + s for s in range(1, 6)}, None)
    for policy in BalancePolicy:
        moves = plan_balance(source, [a, b], seats_per_table=9, policy=policy)
        assert sorted(m.to_table for m in moves) == [2, 3]
