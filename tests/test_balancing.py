"""Table breaking and balancing plans (R-BAL-1, R-BAL-2)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from pokersim.balancing import (
    BalancePolicy,
    TableSeats,
    must_break,
    plan_balance,
    plan_break,
)
from pokersim.errors import ConfigError
from pokersim.seating import hands_until_big_blind, position_of_free_seat


def _t(tid: int, seats: dict[int, int], button: int | None) -> TableSeats:
    return TableSeats(table_id=tid, seats=seats, last_button=button)


def test_r_bal_1_break_when_field_fits_one_table_fewer() -> None:
    """R-BAL-1: 3 tables of 9 break one as soon as 18 players remain, not at 19."""
    assert must_break(18, 3, 9)
    assert not must_break(19, 3, 9)
    assert not must_break(2, 1, 9)


def test_r_bal_1_broken_table_seats_are_drawn_not_matched_by_position() -> None:
    """R-BAL-1: a broken table's players take free seats drawn at random, whatever the policy."""
    source = _t(1, {2: 100, 5: 101, 7: 102}, 2)
    dest = _t(2, {1: 0, 2: 1, 3: 2, 6: 3, 8: 4, 9: 5}, 1)  # free: 4, 5, 7
    firsts = set()
    for seed in range(30):
        moves = plan_break(source, [dest], seats_per_table=9, rng=np.random.default_rng(seed))
        assert moves[0].player_id == 100  # the big-blind-next player draws first
        assert {m.player_id for m in moves} == {100, 101, 102}
        assert {m.to_seat for m in moves} == {4, 5, 7}
        firsts.add(moves[0].to_seat)
    assert firsts == {4, 5, 7}  # position matching would always give seat 4


def test_r_bal_1_break_keeps_the_field_balanced() -> None:
    """R-BAL-1: players of a broken table go to the shortest tables first."""
    source = _t(3, {1: 20, 2: 21, 3: 22, 4: 23}, 1)
    a = _t(1, {s: s for s in range(1, 8)}, 1)  # 7 players
    b = _t(2, {s: 10 + s for s in range(1, 6)}, 1)  # 5 players
    moves = plan_break(source, [a, b], seats_per_table=9, rng=np.random.default_rng(0))
    to = [m.to_table for m in moves]
    assert to.count(2) == 3 and to.count(1) == 1  # ends 8 and 8


def test_r_bal_1_break_is_a_random_draw() -> None:
    """R-BAL-1: seats drawn at random, reproducible by seed."""
    source = _t(3, {1: 20, 2: 21, 3: 22}, 1)
    a = _t(1, {1: 1, 2: 2}, 1)
    b = _t(2, {1: 3, 2: 4}, 1)
    plans = {
        tuple(
            (m.to_table, m.to_seat)
            for m in plan_break(
                source,
                [a, b],
                seats_per_table=9,
                rng=np.random.default_rng(seed),
            )
        )
        for seed in range(20)
    }
    assert len(plans) > 1
    one = plan_break(source, [a, b], seats_per_table=9, rng=np.random.default_rng(5))
    two = plan_break(source, [a, b], seats_per_table=9, rng=np.random.default_rng(5))
    assert one == two


def test_break_without_room_is_an_error() -> None:
    source = _t(2, {1: 20, 2: 21}, 1)
    full = _t(1, {s: s for s in range(1, 10)}, 1)
    with pytest.raises(ConfigError, match="free seats"):
        plan_break(source, [full], seats_per_table=9, rng=np.random.default_rng(0))


def test_r_bal_2_pokerstars_moves_matching_position() -> None:
    """R-BAL-2 (PokerStars): the player in the position of the free seat is the one moved."""
    # Source 9 players, last button 1: next button 2, SB 3, BB 4; positions: 4->0, 5->1, 6->2 ...
    source = _t(1, {s: 100 + s for s in range(1, 10)}, 1)
    # Destination 7 players, seats 1..9 minus 5 and 9, last button 1: next button 2, SB 3,
    # BB 4 -> free seat 5 would be BB in 1 hand, free seat 9 in 4 hands.
    dest = _t(2, {1: 1, 2: 2, 3: 3, 4: 4, 6: 6, 7: 7, 8: 8}, 1)
    moves = plan_balance(source, [dest], seats_per_table=9, tolerance=1)
    assert len(moves) == 1
    m = moves[0]
    # Seat 5 at the source is 1 hand from the BB; seat 5 at the destination too.
    assert (m.from_seat, m.to_seat) == (5, 5)


def test_r_bal_2_tda_moves_big_blind_next_to_worst_position() -> None:
    """R-BAL-2 (TDA option): the big-blind-next player goes to the seat nearest the big blind."""
    source = _t(1, {s: 100 + s for s in range(1, 10)}, 1)
    dest = _t(2, {1: 1, 2: 2, 3: 3, 4: 4, 6: 6, 7: 7, 8: 8}, 1)
    moves = plan_balance(source, [dest], seats_per_table=9, policy=BalancePolicy.TDA)
    assert [(m.player_id, m.from_seat, m.to_seat) for m in moves] == [(104, 4, 5)]


def test_r_bal_2_within_tolerance_no_move() -> None:
    """R-BAL-2: counts 9 and 8 differ by one: nothing moves; tolerance 2 allows 9 and 7."""
    source = _t(1, {s: 100 + s for s in range(1, 10)}, 1)
    eight = _t(2, {s: s for s in range(1, 9)}, 1)
    seven = _t(2, {s: s for s in range(1, 8)}, 1)
    assert plan_balance(source, [eight], seats_per_table=9) == []
    assert plan_balance(source, [seven], seats_per_table=9, tolerance=2) == []
    assert len(plan_balance(source, [seven], seats_per_table=9, tolerance=1)) == 1
    with pytest.raises(ConfigError, match="tolerance"):
        plan_balance(source, [seven], seats_per_table=9, tolerance=0)


@st.composite
def _field(draw: st.DrawFn) -> tuple[int, TableSeats, list[TableSeats]]:
    seats = draw(st.integers(2, 10))
    n_tables = draw(st.integers(2, 5))
    tables = []
    pid = 0
    for tid in range(n_tables):
        occ = draw(st.lists(st.integers(1, seats), unique=True, max_size=seats))
        if tid == 0:
            occ = occ or [1]
        button = draw(st.one_of(st.none(), st.integers(1, seats)))
        mapping = {}
        for s in occ:
            mapping[s] = pid
            pid += 1
        tables.append(_t(tid, mapping, button))
    return seats, tables[0], tables[1:]


@given(_field(), st.sampled_from(list(BalancePolicy)), st.integers(1, 3))
def test_r_bal_2_balance_property(
    field: tuple[int, TableSeats, list[TableSeats]], policy: BalancePolicy, tol: int
) -> None:
    """R-BAL-2 property: after the plan the source is within tolerance of the smallest table."""
    seats, source, others = field
    moves = plan_balance(source, others, seats_per_table=seats, tolerance=tol, policy=policy)
    counts = {t.table_id: len(t.seats) for t in others}
    occupied = {(t.table_id, s) for t in others for s in t.seats}
    left = len(source.seats)
    for m in moves:
        assert m.from_table == source.table_id and source.seats[m.from_seat] == m.player_id
        assert (m.to_table, m.to_seat) not in occupied
        occupied.add((m.to_table, m.to_seat))
        counts[m.to_table] += 1
        left -= 1
    assert left - min(counts.values()) <= tol
    assert len({m.player_id for m in moves}) == len(moves)
    assert all(c <= seats for c in counts.values())


@given(_field(), st.integers(0, 100))
def test_r_bal_1_break_property(field: tuple[int, TableSeats, list[TableSeats]], seed: int) -> None:
    """R-BAL-1 property: a break seats everyone once in distinct free seats, balanced."""
    seats, source, others = field
    free = sum(seats - len(t.seats) for t in others)
    if free < len(source.seats):
        return
    moves = plan_break(source, others, seats_per_table=seats, rng=np.random.default_rng(seed))
    assert sorted(m.player_id for m in moves) == sorted(source.seats.values())
    targets = [(m.to_table, m.to_seat) for m in moves]
    assert len(set(targets)) == len(targets)
    occupied = {(t.table_id, s) for t in others for s in t.seats}
    assert not occupied & set(targets)
    before = {t.table_id: len(t.seats) for t in others}
    after = dict(before)
    for m in moves:
        after[m.to_table] += 1
    # balanced filling: no table received a player while a smaller open table was available
    low = min(before.values())
    if max(before.values()) - low <= 1 and all(c < seats for c in before.values()):
        assert max(after.values()) - min(after.values()) <= 1


def _reference_balance(
    source: TableSeats, others: list[TableSeats], seats: int, tol: int, policy: BalancePolicy
) -> list[tuple[int, int, int]]:
    """R-BAL-2 as first written: every (player, free seat) pair compared, each move.

    Returns (player, table, seat) per move; the plan must give the same moves.
    """
    free = {t.table_id: [s for s in range(1, seats + 1) if s not in t.seats] for t in others}
    occupied = {t.table_id: sorted(t.seats) for t in others}
    buttons = {t.table_id: t.last_button for t in others}
    remaining = dict(source.seats)
    out = []
    while others:
        low = min(len(o) for o in occupied.values())
        if len(remaining) - low <= tol:
            break
        open_low = [tid for tid in sorted(free) if free[tid] and len(occupied[tid]) == low]
        spots = [
            (position_of_free_seat(occupied[tid], buttons[tid], s), tid, s)
            for tid in open_low
            for s in free[tid]
        ]
        src_pos = hands_until_big_blind(list(remaining), source.last_button)
        if policy is BalancePolicy.TDA:
            from_seat = min(remaining, key=lambda s: (src_pos[s], s))
            _, tid, seat = min(spots)
        else:
            _, from_seat, tid, seat = min(
                ((abs(p - d), p, d, tid, s), f, tid, s)
                for f, d in src_pos.items()
                for p, tid, s in spots
            )
        free[tid].remove(seat)
        occupied[tid] = sorted([*occupied[tid], seat])
        out.append((remaining.pop(from_seat), tid, seat))
    return out


@given(_field(), st.sampled_from(list(BalancePolicy)), st.integers(1, 3), st.randoms())
@example(  # the nearest free seat is two hands from the big blind: the player two hands away
    (
        6,
        _t(0, {s: s for s in range(1, 7)}, 4),
        [_t(1, {3: 103, 4: 104, 5: 105, 6: 106}, 3)],
    ),
    BalancePolicy.POKERSTARS,
    1,
    random.Random(0),
)
def test_balance_plan_matches_every_pair_compared(
    field: tuple[int, TableSeats, list[TableSeats]],
    policy: BalancePolicy,
    tol: int,
    rnd: random.Random,
) -> None:
    """The plan picks the nearest free seat and its best-matched player without comparing
    every pair: the same moves as comparing every pair, whatever the order of the tables."""
    seats, source, others = field
    others = [_t(10 * t.table_id + 7, dict(t.seats), t.last_button) for t in others]
    rnd.shuffle(others)
    moves = plan_balance(source, others, seats_per_table=seats, tolerance=tol, policy=policy)
    got = [(m.player_id, m.to_table, m.to_seat) for m in moves]
    assert got == _reference_balance(source, others, seats, tol, policy)


@given(_field(), st.integers(0, 100), st.randoms())
def test_break_plan_draws_from_the_smallest_tables_in_id_order(
    field: tuple[int, TableSeats, list[TableSeats]], seed: int, rnd: random.Random
) -> None:
    """Each player draws one of the (table, seat) pairs of the smallest open tables, listed
    by table id then seat, whatever the order the tables are given in."""
    seats, source, others = field
    others = [_t(10 * t.table_id + 7, dict(t.seats), t.last_button) for t in others]
    rnd.shuffle(others)
    if sum(seats - len(t.seats) for t in others) < len(source.seats):
        return
    moves = plan_break(source, others, seats_per_table=seats, rng=np.random.default_rng(seed))
    rng = np.random.default_rng(seed)
    taken = {t.table_id: set(t.seats) for t in others}
    for m in moves:
        open_ = {tid: occ for tid, occ in taken.items() if len(occ) < seats}
        low = min(len(occ) for occ in open_.values())
        pairs = [
            (tid, s)
            for tid in sorted(open_)
            if len(open_[tid]) == low
            for s in range(1, seats + 1)
            if s not in open_[tid]
        ]
        assert (m.to_table, m.to_seat) == pairs[int(rng.integers(len(pairs)))]
        taken[m.to_table].add(m.to_seat)
