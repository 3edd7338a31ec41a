"""Edges of the floor desk (``pokersim.engine.floor``): breaking, balancing, the final table.

The floor is driven directly with hand-built tables. Every expected answer is worked out by hand
from the rules (R-BAL-1: a broken table's players draw free seats of the smallest other tables
from the table's break stream; R-BAL-2: counts differ by at most the tolerance, and a table that
cannot deal is refilled whatever the tolerance; R-BAL-3: the final table; R-REG-1: a late player
draws a free seat, or opens a table when every seat is taken; R-SHOOT-1: a shoot-out round's
winners are drawn to new tables) and from the floor's docstrings.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from pokersim.engine.floor import Floor
from pokersim.engine.format import Format
from pokersim.engine.state import Field, Table
from pokersim.events import (
    FinalTableFormed,
    PlayerMoved,
    ShootoutRoundStarted,
    TableBroken,
    TableOpened,
)
from pokersim.rng import Streams
from pokersim.scenario import Balancing, load_scenario
from pokersim.seating import draw_seats

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def _floor(
    n: int, *, seats: int = 9, tolerance: int = 1, seed: int = 1, name: str = "default"
) -> Floor:
    """A floor of ``n`` players (none seated yet) for the named scenario."""
    sc = load_scenario(SCENARIOS / f"{name}.toml")
    sc = dataclasses.replace(
        sc,
        seats_per_table=seats,
        final_table_size=min(sc.final_table_size, seats),
        balancing=Balancing(tolerance=tolerance),
    )
    return Floor(sc, Format.of(sc), Field(n, 1000), Streams(seed))


def _table(floor: Floor, players: range | list[int], seats: list[int] | None = None) -> Table:
    """A table of these players, seated from seat 1 up (or in the given seats)."""
    players = list(players)
    seat_nos = seats if seats is not None else list(range(1, len(players) + 1))
    return floor.open_table(dict(zip(seat_nos, players, strict=True)))


def _moves(events: list[Any]) -> list[PlayerMoved]:
    return [e for e in events if isinstance(e, PlayerMoved)]


def _sizes(floor: Floor) -> dict[int, int]:
    return {tid: len(t.seats) for tid, t in sorted(floor.tables.items())}


# --- balancing (R-BAL-2) -------------------------------------------------------------------------


def test_r_bal_2_a_table_opened_after_the_others_filled_up_is_balanced() -> None:
    """Two full 9-seat tables are in balance; a late player then opens a third table alone
    (R-REG-1). The 9 against 1 is out of balance: table 1 gives until it is within one of the
    smallest, 9/9/1 -> 8/9/2 -> 7/9/3 -> 6/9/4 -> 5/9/5, four players, every one to table 3."""
    floor = _floor(19)
    one = _table(floor, range(9))
    _table(floor, range(9, 18))
    assert floor.balance_from(one, 0) == []  # 9 against 9: nothing to move
    _table(floor, [18], [5])
    moves = _moves(floor.balance_from(one, 0))
    assert [(m.from_table, m.to_table, m.reason) for m in moves] == [(1, 3, "balance")] * 4
    assert _sizes(floor) == {1: 5, 2: 9, 3: 5}


def test_r_bal_2_a_player_arriving_at_a_table_two_above_the_smallest_is_moved() -> None:
    """10-seat tables of 9 and 9; table 1 loses a player (8), then a late player sits at table 2
    (10). 10 against 8 is two apart, out of the tolerance of one: one player moves to table 1."""
    floor = _floor(19, seats=10)
    one = _table(floor, range(9))
    two = _table(floor, range(9, 18))
    assert floor.balance_from(two, 0) == []
    floor.unseat(one, 9)
    two.seats[10] = 18
    floor.set_size(two, 9)
    moves = _moves(floor.balance_from(two, 0))
    assert [(m.from_table, m.to_table) for m in moves] == [(2, 1)]
    assert _sizes(floor) == {1: 9, 2: 9}


def test_r_bal_2_two_apart_is_out_of_the_default_tolerance() -> None:
    """9 against 7 with the tolerance of one: one move makes it 8 and 8."""
    floor = _floor(16)
    _table(floor, range(7))
    big = _table(floor, range(7, 16))
    events = floor.balance_from(big, 0)
    assert [(m.from_table, m.to_table, m.reason) for m in _moves(events)] == [(2, 1, "balance")]
    assert _sizes(floor) == {1: 8, 2: 8}


@pytest.mark.parametrize(("big", "small", "after"), [(4, 1, (3, 2)), (3, 1, (2, 2))])
def test_r_bal_2_a_table_that_cannot_deal_is_refilled_whatever_the_tolerance(
    big: int, small: int, after: tuple[int, int]
) -> None:
    """Tolerance 3: 4 against 1 and 3 against 1 are within it, but a table of one player cannot
    deal a hand, so it is refilled as with a tolerance of one (4/1 -> 3/2, 3/1 -> 2/2)."""
    floor = _floor(big + small, tolerance=3)
    _table(floor, range(small))
    giver = _table(floor, range(small, small + big))
    moves = _moves(floor.balance_from(giver, 0))
    assert len(moves) == big - after[0] and all(m.to_table == 1 for m in moves)
    assert tuple(_sizes(floor).values()) == (after[1], after[0])


def test_r_bal_2_within_a_wider_tolerance_nothing_moves() -> None:
    """Tolerance 2: 6 against 4 is within it; 7 against 4 is not (one move, 6 and 5)."""
    floor = _floor(10, tolerance=2)
    _table(floor, range(4))
    six = _table(floor, range(4, 10))
    assert floor.balance_from(six, 0) == []
    floor = _floor(11, tolerance=2)
    _table(floor, range(4))
    seven = _table(floor, range(4, 11))
    assert len(_moves(floor.balance_from(seven, 0))) == 1
    assert _sizes(floor) == {1: 5, 2: 6}


def test_r_shoot_1_shoot_out_tables_are_never_balanced() -> None:
    """A shoot-out plays each table to one winner: 6 against 2 moves nobody."""
    floor = _floor(8, seats=6, name="shootout")
    _table(floor, range(2))
    big = _table(floor, range(2, 8))
    assert floor.balance_from(big, 0) == []
    assert _sizes(floor) == {1: 2, 2: 6}


def test_the_tables_that_give_are_those_more_than_the_tolerance_above_the_smallest() -> None:
    """``givers(5)`` with the tolerance of one: the tables of 7 or more, not the one of 6."""
    floor = _floor(27)
    _table(floor, range(5))
    _table(floor, range(5, 11))
    _table(floor, range(11, 18))
    _table(floor, range(18, 27))
    assert sorted(floor.givers(5)) == [3, 4]


# --- the button (R-BTN-1, R-FAULT-1) ------------------------------------------------------------


def test_r_fault_1_a_voided_hands_button_deals_again() -> None:
    """Seats 2, 5 and 7: the first button is seat 2 (R-SEAT-2: the first occupied seat from 1),
    the next seat 5 (R-BTN-1). The hand at seat 5 is voided: seat 5 deals again. Voided again
    after its player left: the next occupied seat after it, 7, deals."""
    floor = _floor(3)
    tab = _table(floor, [0, 1, 2], [2, 5, 7])
    assert floor.move_button(tab) == ([2, 5, 7], 0)
    assert floor.move_button(tab) == ([2, 5, 7], 1)
    floor.button_back(tab)
    assert floor.move_button(tab) == ([2, 5, 7], 1)
    floor.button_back(tab)
    floor.unseat(tab, 5)
    assert floor.move_button(tab) == ([2, 7], 1)


def test_r_fault_1_a_voided_first_hand_leaves_the_button_where_it_starts() -> None:
    floor = _floor(2)
    tab = _table(floor, [0, 1], [3, 4])
    floor.button_back(tab)  # no hand dealt yet: nothing to move back
    assert tab.last_button is None
    assert floor.move_button(tab) == ([3, 4], 0)


# --- breaking (R-BAL-1) --------------------------------------------------------------------------


def test_r_bal_1_a_table_breaks_as_soon_as_the_field_fits_one_table_fewer() -> None:
    """Two 9-seat tables: 9 players fit one table (break), 10 do not; one table never breaks."""
    floor = _floor(10)
    _table(floor, range(5))
    two = _table(floor, range(5, 10))
    floor.field.remaining = 10
    assert not floor.must_break()
    floor.field.remaining = 9
    assert floor.must_break()
    floor.unseat_all(two, [1, 2, 3, 4, 5])
    floor.close_table(two, 0)
    floor.field.remaining = 2
    assert not floor.must_break()


def test_r_bal_1_a_broken_table_logs_its_moves_then_closes() -> None:
    """Table 3's two players go to tables 1 and 2 (reason "break"), then table 3 closes: its
    ``TableBroken`` is the last event."""
    floor = _floor(16)
    _table(floor, range(7))
    _table(floor, range(7, 14))
    small = _table(floor, range(14, 16))
    events = floor.break_table(small, 5)
    assert [type(e) for e in events] == [PlayerMoved, PlayerMoved, TableBroken]
    assert all(m.reason == "break" and m.t == 5 for m in _moves(events))
    assert events[-1] == TableBroken(t=5, table_id=3)
    assert sorted(m.to_table for m in _moves(events)) == [1, 2]
    assert 3 not in floor.tables and not small.open


@pytest.mark.parametrize("seed", range(8))
def test_r_bal_1_a_broken_table_draws_from_its_own_break_stream_among_every_smallest_table(
    seed: int,
) -> None:
    """One player at table 4 breaks to tables 1..3 (7 players each, seats 8 and 9 free): the
    pairs (table, seat) of the smallest tables, by table id then seat, are six, and the player
    takes pair k = integers(6) of table 4's break stream (R-BAL-1; every smallest table is a
    candidate, not only the first)."""
    floor = _floor(22, seed=seed)
    for t in range(3):
        _table(floor, range(7 * t, 7 * t + 7))
    lone = _table(floor, [21], [4])
    pairs = [(t, s) for t in (1, 2, 3) for s in (8, 9)]
    k = int(Streams(seed).table_break(4).integers(6))
    (move,) = _moves(floor.break_table(lone, 0))
    assert (move.player_id, move.to_table, move.to_seat) == (21, *pairs[k])


def test_r_bal_1_the_smallest_table_breaks_first_ties_the_highest_id() -> None:
    """Three 9-seat tables of 2 players (6 left: they fit one table). The smallest table breaks,
    ties the most recently opened: table 3 (its players to tables 1 and 2, 3 and 3), then of
    the two tables of 3 the higher id, table 2; table 1 is left with all six."""
    floor = _floor(6)
    for t in range(3):
        _table(floor, range(2 * t, 2 * t + 2))
    events = floor.rebalance_all(0)
    assert [e.table_id for e in events if isinstance(e, TableBroken)] == [3, 2]
    assert _sizes(floor) == {1: 6}


def test_r_bal_2_every_table_gives_until_the_field_is_balanced_the_lowest_id_first() -> None:
    """9, 9 and 3 players (21: no table breaks). The largest table gives first, ties the lowest
    id: table 1, to the smallest other table until it is within one of it (9/9/3 -> 8/9/4 ->
    7/9/5 -> 6/9/6); then table 2 gives (9/6/6 -> 8 -> 7): 7, 7, 7, every table within one."""
    floor = _floor(21)
    _table(floor, range(9))
    _table(floor, range(9, 18))
    _table(floor, range(18, 21))
    events = floor.rebalance_all(0)
    assert [m.from_table for m in _moves(events)] == [1, 1, 1, 2, 2]
    assert _sizes(floor) == {1: 7, 2: 7, 3: 7}


# --- the final table (R-BAL-3) -------------------------------------------------------------------


def test_r_bal_3_the_final_table_is_opened_then_formed() -> None:
    """Its events: the table opened (marked final), then the final table formed, with the
    players left; the old tables are handed back in id order, emptied, still to be closed."""
    floor = _floor(5)
    _table(floor, range(3))
    _table(floor, range(3, 5))
    floor.field.remaining = 5
    tab, old, events = floor.form_final_table(7)
    assert [type(e) for e in events] == [TableOpened, FinalTableFormed]
    assert events[0].final and events[0].table_id == tab.table_id == 3
    assert events[1] == FinalTableFormed(t=7, table_id=3, players_left=5)
    assert [t.table_id for t in old] == [1, 2] and all(not t.seats for t in old)
    assert sorted(tab.seats.values()) == [0, 1, 2, 3, 4]
    assert [e.table_id for e in floor.close_all(old, 7)] == [1, 2]


def test_r_bal_3_the_final_draw_depends_on_who_sits_where_not_on_who_sat_first() -> None:
    """The same seating reached in two orders (players sat down in another order) gives the
    same final table from the same seed: the draw reads the tables by id and seat."""
    tables = []
    for order in ((1, 2, 3), (3, 1, 2)):
        floor = _floor(6, seed=4)
        a = _table(floor, [0, 1, 2], [1, 2, 3])
        b = floor.open_table({})
        for s in order:
            before = len(b.seats)
            b.seats[s] = 2 + s
            floor.set_size(b, before)
        floor.field.remaining = 6
        tab, _old, _events = floor.form_final_table(0)
        assert a.seats == {} and b.seats == {}
        tables.append(dict(sorted(tab.seats.items())))
    assert tables[0] == tables[1]


# --- shoot-out rounds (R-SHOOT-1) ----------------------------------------------------------------


def test_r_shoot_1_a_round_is_over_when_every_table_is_down_to_one() -> None:
    floor = _floor(12, seats=6, name="shootout")
    a = _table(floor, [0, 1])
    _table(floor, [7])
    assert floor.round_over() is None  # table 1 still plays heads-up
    floor.unseat(a, 2)
    assert floor.round_over() == [0, 7]


def test_r_shoot_1_one_table_left_with_one_player_is_not_a_round_to_draw() -> None:
    """The tournament's winner alone: no next round."""
    floor = _floor(6, seats=6, name="shootout")
    _table(floor, [3])
    assert floor.round_over() is None


def test_r_shoot_1_the_next_round_draws_from_its_round_stream_and_logs_in_order() -> None:
    """Round 1's winners 2, 5, 8, 11, 14, 17, 20 (7 players, 6 seats: two tables) are drawn for
    round 2 from the round-2 seat stream as at the start (``draw_seats`` of 7 players); events:
    the round started (its chips in play the winners' starting stacks), the new tables opened
    (not final: two tables), then the old tables closed."""
    floor = _floor(21, seats=6, name="shootout", seed=3)
    for p in (2, 5, 8, 11, 14, 17, 20):
        _table(floor, [p])
    winners = [2, 5, 8, 11, 14, 17, 20]
    won = [3000, 3000, 2500, 4000, 3000, 3500, 2000]
    stacks = [1500] * 7
    events = floor.next_round(winners, won, stacks, 9)
    assert floor.round == 2
    started = events[0]
    assert isinstance(started, ShootoutRoundStarted)
    assert (started.round, started.players, started.tables) == (2, 7, 2)
    assert started.chips_in_play == 7 * 1500 and started.chips_won == tuple(won)
    assert [type(e) for e in events[1:]] == [TableOpened] * 2 + [TableBroken] * 7
    draw = draw_seats(7, 6, Streams(3).shootout_round(2))
    expected = [{s: winners[i] for s, i in seats.items()} for seats in draw]
    assert [t.seats for _tid, t in sorted(floor.tables.items())] == expected
    assert not any(e.final for e in events if isinstance(e, TableOpened))


def test_r_shoot_1_the_last_rounds_one_table_is_the_final_table() -> None:
    """Three winners fit one table: it opens as the final table and the final table is formed."""
    floor = _floor(18, seats=6, name="shootout")
    for p in (1, 7, 13):
        _table(floor, [p])
    events = floor.next_round([1, 7, 13], [6000] * 3, [6000] * 3, 4)
    opened = [e for e in events if isinstance(e, TableOpened)]
    assert len(opened) == 1 and opened[0].final
    formed = [e for e in events if isinstance(e, FinalTableFormed)]
    assert formed == [FinalTableFormed(t=4, table_id=opened[0].table_id, players_left=3)]


# --- late arrivals (R-REG-1) ---------------------------------------------------------------------


def test_r_reg_1_every_seat_taken_only_at_the_table_cap_with_no_seat_free() -> None:
    floor = _floor(20, seats=2)
    _table(floor, [0, 1])
    _table(floor, [2, 3])
    assert floor.full_tables(None) == 0  # no cap: never full
    assert floor.full_tables(3) == 0  # a third table may still open
    assert floor.full_tables(2) == 2  # two tables, both full
    floor = _floor(20, seats=3)
    _table(floor, [0, 1])  # one seat free
    _table(floor, [2, 3, 4])
    assert floor.full_tables(2) == 0


@pytest.mark.parametrize("seed", range(10))
def test_r_reg_1_a_late_player_takes_the_kth_free_seat_in_table_order(seed: int) -> None:
    """Free seats: table 1 seat 3, table 2 seats 1 and 4 (4-seat tables), in that order; the
    late player takes free seat k = integers(3) of their arrival stream."""
    floor = _floor(8, seats=4, seed=seed)
    _table(floor, [0, 1, 2], [1, 2, 4])
    _table(floor, [3, 4], [2, 3])
    free = [(1, 3), (2, 1), (2, 4)]
    k = int(Streams(seed).arrival_seat(7).integers(3))
    tab, seat_no, events = floor.seat_arrival(7, 0)
    assert (tab.table_id, seat_no, events) == (*free[k], [])
    assert floor.field.location[7] == free[k]
    assert tab.seats[seat_no] == 7


@pytest.mark.parametrize("seed", range(10))
def test_r_reg_1_with_every_seat_taken_a_late_player_opens_a_table(seed: int) -> None:
    """Seat drawn among all of the new table's seats: integers(seats) + 1 of the arrival stream."""
    floor = _floor(8, seats=3, seed=seed)
    _table(floor, [0, 1, 2])
    seat = int(Streams(seed).arrival_seat(5).integers(3)) + 1
    tab, seat_no, events = floor.seat_arrival(5, 11)
    assert (tab.table_id, seat_no, tab.seats) == (2, seat, {seat: 5})
    assert events == [TableOpened(t=11, table_id=2, seat_nos=(seat,), player_ids=(5,))]
