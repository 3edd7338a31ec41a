"""Edges of the engine's own records: the lobby before the start, the run's state, the hands.

The lobby (R-REG-4): play starts at the scheduled clock plus any delay (wrapping past
midnight); at least two players must be registered at the start unless the start is
cancelled, late arrivals and granted unregistrations not counting; the events before the start
come in time order, the delay first when a request falls at the same second; a cancellation
before the start gives every registered player the whole buy-in back and must match every
cent collected. The field (``Field``): the players holding chips are those with a stack above
zero, and chips taken out of play leave the tournament's total. The tables' arrays
(``TableArrays``) hold each seat's player plus one (0: empty), grow without losing rows and
keep no more of a block than a row holds. A hand kept compiled (``PlayedHand``) or by the
tables' loop (``SettledHand``) reads back its seats, cards and busted players as dealt. The
records: each seat's deck positions, one decision record per distinct model, the scenario's
timing as the pace, the hand overhead and the action clock. Expected values are worked out by
hand from these rules.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest

from pokersim.actions import CHECK_CALL, FOLD, Action, DecisionView, LegalActions
from pokersim.balancing import TableSeats
from pokersim.config import BettingStructure, Level
from pokersim.engine.lobby import before_start, cancelled_before_start, make_plan, start_clock
from pokersim.engine.played import PlayedHand, SettledHand
from pokersim.engine.records import (
    action_clock_of,
    decision_pace_of,
    hand_pace_of,
    model_records,
    seat_rows,
)
from pokersim.engine.state import (
    T_BLOCK_FIRST,
    T_BLOCK_LEN,
    T_BUTTON,
    T_DRAWS_FIRST,
    T_DRAWS_LEN,
    T_HAND_NO,
    T_HEAD_OK,
    Field,
    Table,
    TableArrays,
)
from pokersim.entries import EntryBook
from pokersim.errors import ConfigError, InvariantError
from pokersim.events import MoneyReconciled, PlayerUnregistered, StartCancelled, StartDelayed
from pokersim.hand import Deal, HandSetup, Seat
from pokersim.lobby import LobbyPlan, Request
from pokersim.players import make_model
from pokersim.scenario import CancelStage, PaceKind, Scenario, Timing, parse_scenario
from pokersim.timing import ActionClock, DecisionPace, HandPace


def _scenario(registration: dict[str, Any] | None = None, **entries: Any) -> Scenario:
    data: dict[str, Any] = {
        "name": "lobby edges",
        "start": "20:00",
        "seats_per_table": 6,
        "starting_stack": 200,
        "players": {"count": 6, "mix": [{"model": "calling-station", "percent": 100}]},
        "levels": [{"small_blind": 10, "big_blind": 20, "minutes": 10}],
        "breaks": {"kind": "none"},
        "bounty": {"kind": "ko"},
        "entries": {"prize_cents": 1000, "bounty_cents": 200, "fee_cents": 100, **entries},
    }
    if registration is not None:
        data["registration"] = registration
    return parse_scenario(data, source="<edges>")


NAMES = ["P1", "P2", "P3", "P4"]


# ---- the lobby before the start -------------------------------------------------------------


def test_a_delay_moves_the_start_clock_and_wraps_past_midnight() -> None:
    """20:00 delayed ten minutes starts at 20:10 (72600 s after midnight); 23:50 delayed twenty
    minutes starts at 00:10 the next day (600 s)."""
    sc = _scenario()
    assert start_clock(sc, LobbyPlan(delay_seconds=600)) == 72_600
    assert start_clock(sc, LobbyPlan()) == 72_000
    late_night = dataclasses.replace(sc, start_seconds=23 * 3600 + 50 * 60)
    assert start_clock(late_night, LobbyPlan(delay_seconds=1200)) == 600


def test_one_player_left_at_the_start_is_refused() -> None:
    """Four players, three of them unregistered in time: one would be left, fewer than two."""
    unregister = [{"player": n, "at_minutes": -5} for n in NAMES[:3]]
    sc = _scenario({"unregister": unregister})
    with pytest.raises(ConfigError, match=r"1 player\(s\) would be registered"):
        make_plan(sc, NAMES, [], seed=1)


def test_two_players_left_at_the_start_are_enough() -> None:
    """Four players, two unregistered in time: exactly two stay, which is allowed."""
    unregister = [{"player": n, "at_minutes": -5} for n in NAMES[:2]]
    plan = make_plan(_scenario({"unregister": unregister}), NAMES, [], seed=1)
    assert plan.gone == {0, 1} and not plan.cancelled


def test_late_arrivals_are_not_registered_at_the_start() -> None:
    """Four players, two arriving during late registration and one unregistering: only one is
    registered at the start, so the plan is refused (late players have not registered yet)."""
    sc = _scenario({"unregister": [{"player": "P1", "at_minutes": -5}]})
    with pytest.raises(ConfigError, match=r"1 player\(s\) would be registered"):
        make_plan(sc, NAMES, [2, 3], seed=1)
    with pytest.raises(ConfigError, match=r"1 player\(s\) would be registered"):
        make_plan(_scenario(), ["P1", "P2", "P3"], [1, 2], seed=1)


def test_a_cancelled_start_needs_no_two_players() -> None:
    """A start cancelled by the operator seats nobody: however many unregistered, no error."""
    unregister = [{"player": n, "at_minutes": -5} for n in NAMES[:3]]
    sc = _scenario({"unregister": unregister, "cancel_before_start": True})
    plan = make_plan(sc, NAMES, [], seed=1)
    assert plan.cancelled and plan.gone == {0, 1, 2}


def test_a_fault_cancelling_before_the_start_cancels_the_lobby_plan() -> None:
    """R-FAULT-2's cancellation "before-start" is R-REG-4's: the plan says cancelled even
    though the registration section does not."""
    sc = _scenario()
    faulty = dataclasses.replace(
        sc, faults=dataclasses.replace(sc.faults, cancel_at_stage=CancelStage.BEFORE_START)
    )
    assert make_plan(faulty, NAMES, [], seed=1).cancelled
    assert not make_plan(sc, NAMES, [], seed=1).cancelled


def _request(p: int, t: int) -> Request:
    return Request(player_id=p, t=t, granted=True, refund_cents=1300, reason="")


def test_events_before_the_start_come_in_time_order_delay_first_on_a_tie() -> None:
    """A five-minute delay is announced at the scheduled start, 300 s before the start played.
    Requests at -900, -300, -300 and -240: the first comes before the delay; the two at the
    same second as the delay right after it, in the plan's order; the last one last."""
    sc = _scenario()
    requests = (_request(1, -900), _request(2, -300), _request(3, -300), _request(4, -240))
    events = before_start(sc, LobbyPlan(requests=requests, delay_seconds=300), 72_300)
    assert [type(e) for e in events] == [
        PlayerUnregistered,
        StartDelayed,
        PlayerUnregistered,
        PlayerUnregistered,
        PlayerUnregistered,
    ]
    assert [e.t for e in events] == [-900, -300, -300, -300, -240]
    assert [getattr(e, "player_id", None) for e in events] == [1, None, 2, 3, 4]
    assert events[1] == StartDelayed(
        t=-300, delay_seconds=300, scheduled_clock=72_000, start_clock=72_300
    )


def test_no_delay_logs_no_delay_event() -> None:
    """Without a delay only the requests are logged, each as planned."""
    plan = LobbyPlan(requests=(_request(0, -60),))
    events = before_start(_scenario(), plan, 72_000)
    assert events == [
        PlayerUnregistered(t=-60, player_id=0, granted=True, refund_cents=1300, reason="")
    ]


def _book(sc: Scenario, registered: list[int]) -> EntryBook:
    return EntryBook(
        sc.entries,
        sc.payouts,
        players=6,
        starting_stack=sc.starting_stack,
        registered=registered,
        seats_per_table=sc.seats_per_table,
    )


def test_a_cancellation_before_the_start_refunds_every_registered_buy_in() -> None:
    """Five registered players of six (one arrives late, never registers): each gets the
    whole buy-in back, 1000 + 200 + 100 = 1300 cents, 6500 in all, announced at the start
    played; the money left is nothing: no pool, nothing paid, no fee kept."""
    sc = _scenario()
    registered = [0, 1, 2, 4, 5]
    events = cancelled_before_start(sc, 7, _book(sc, registered), registered, 72_600)
    assert events == [
        StartCancelled(
            t=0,
            name="lobby edges",
            seed=7,
            player_ids=(0, 1, 2, 4, 5),
            refunds_cents=(1300,) * 5,
            refunded_cents=6500,
            start_clock=72_600,
        ),
        MoneyReconciled(
            t=0,
            prize_pool_cents=0,
            bounty_pool_cents=0,
            prizes_paid_cents=0,
            bounties_paid_cents=0,
            bounties_on_heads_cents=0,
            fees_cents=0,
        ),
    ]


def test_refunds_short_of_what_was_collected_are_an_error() -> None:
    """Six buy-ins collected but only five refunded: a cent missing is an invariant error, as
    is a refund of more than was collected."""
    sc = _scenario()
    with pytest.raises(InvariantError, match="6500 cents != 7800 cents"):
        cancelled_before_start(sc, 7, _book(sc, list(range(6))), [0, 1, 2, 3, 4], 72_000)
    with pytest.raises(InvariantError, match="7800 cents != 6500 cents"):
        cancelled_before_start(sc, 7, _book(sc, [0, 1, 2, 3, 4]), list(range(6)), 72_000)


# ---- the field and a table's record --------------------------------------------------------


def test_a_new_field_holds_every_starting_stack() -> None:
    """Three players of 100 chips: 300 chips in play, all three in, unplaced and registered."""
    field = Field(3, 100)
    assert list(field.stack) == [100, 100, 100] and field.total_chips == 300
    assert (field.remaining, field.unplaced, field.registered) == (3, 3, 3)


def test_holding_lists_only_the_players_with_chips_in_id_order() -> None:
    """Players 1 and 3 are out of chips: the players holding chips are 0 and 2."""
    field = Field(4, 100)
    field.stack[1] = 0
    field.stack[3] = 0
    assert field.holding() == [0, 2]


def test_chips_taken_out_of_play_leave_the_tournament() -> None:
    """30 of player 1's 100 chips taken out of play: the stack is 70 and the tournament's
    total 270, not 300 (they go to no pot)."""
    field = Field(3, 100)
    field.take_out_of_play(1, 30)
    assert list(field.stack) == [100, 70, 100] and field.total_chips == 270


def test_a_tables_view_is_its_seats_and_last_button() -> None:
    """The balancing rules read the table's id, its seats and where the button last was."""
    table = Table(2, {1: 5, 3: 7})
    table.last_button = 3
    assert table.view() == TableSeats(table_id=2, seats={1: 5, 3: 7}, last_button=3)


# ---- the tables' arrays ----------------------------------------------------------------------


def _arrays() -> TableArrays:
    """Three seats a table, a row holding two hands of decks and of draws, three uniform and two
    normal draws a hand."""
    return TableArrays(3, 4, 2, 2, 3, 2)


def test_seats_are_stored_as_player_plus_one_and_the_head_made_again() -> None:
    """Players 0 and 4 in seats 1 and 3: the row reads 1, 0 (empty), 5. Player 6 sitting in
    seat 2 makes it 1, 7, 5; player 0 leaving seat 1 (-1) makes it 0, 7, 5. Each change
    marks the table's compiled head as to be made again."""
    arrays = _arrays()
    arrays.tabs[1, T_HEAD_OK] = 1
    arrays.seats_changed(1, {1: 0, 3: 4})
    assert arrays.seat_ids[1].tolist() == [1, 0, 5] and arrays.tabs[1, T_HEAD_OK] == 0
    arrays.tabs[1, T_HEAD_OK] = 1
    arrays.seat_changed(1, 2, 6)
    assert arrays.seat_ids[1].tolist() == [1, 7, 5] and arrays.tabs[1, T_HEAD_OK] == 0
    arrays.tabs[1, T_HEAD_OK] = 1
    arrays.seat_changed(1, 1, -1)
    assert arrays.seat_ids[1].tolist() == [0, 7, 5] and arrays.tabs[1, T_HEAD_OK] == 0
    assert not arrays.seat_ids[0].any() and not arrays.seat_ids[2].any()


def test_a_button_set_goes_to_the_button_column_only() -> None:
    """Table 2's last button set to seat 3: its button column says 3, its hand count stays 0."""
    arrays = _arrays()
    arrays.button_set(2, 3)
    assert arrays.tabs[2, T_BUTTON] == 3 and arrays.tabs[2, T_HAND_NO] == 0


def test_room_grows_twice_as_large_and_keeps_every_row() -> None:
    """Room for 16 tables at first. Asking for 16 or 10 changes nothing; asking for 17 doubles
    the room to 32 and keeps what was written; asking for 100 gives exactly 100."""
    arrays = _arrays()
    assert arrays.capacity == 16
    arrays.seats_changed(5, {2: 8})
    arrays.tabs[5, T_BUTTON] = 2
    tabs = arrays.tabs
    arrays.reserve(16)
    arrays.reserve(10)
    assert arrays.capacity == 16 and arrays.tabs is tabs
    arrays.reserve(17)
    assert arrays.capacity == 32 and arrays.tabs.shape == (32, tabs.shape[1])
    assert arrays.seat_ids[5].tolist() == [0, 9, 0] and arrays.tabs[5, T_BUTTON] == 2
    assert not arrays.seat_ids[16:].any()
    arrays.reserve(100)
    assert arrays.capacity == 100 and arrays.seat_ids[5].tolist() == [0, 9, 0]


def test_a_deck_block_keeps_only_the_hands_a_row_holds() -> None:
    """Three hands of decks dealt from hand 9 on, but a row holds two: the row keeps the first
    two decks and their six ranks (three seats a hand) and says two hands from hand 9."""
    arrays = _arrays()
    decks = np.arange(3 * 52, dtype=np.uint8).reshape(3, 52) % 52
    ranks = np.arange(1, 10, dtype=np.int16)
    arrays.deck_block(4, 9, decks, ranks)
    assert arrays.decks[4].tolist() == decks[:2].ravel().tolist()
    assert arrays.ranks[4].tolist() == [1, 2, 3, 4, 5, 6]
    assert arrays.tabs[4, T_BLOCK_FIRST] == 9 and arrays.tabs[4, T_BLOCK_LEN] == 2


def test_a_draws_block_keeps_only_the_hands_a_row_holds() -> None:
    """Three hands of draws from hand 9 on (three uniforms and two normals a hand) into a row of
    two hands: the first six uniforms and four normals, two hands from hand 9. One hand's
    draws fill only the first three and two, the rest left as they were (zero)."""
    arrays = _arrays()
    uniforms = [0.1 * (k + 1) for k in range(9)]
    normals = [-1.0 * (k + 1) for k in range(6)]
    arrays.draws_block(4, 9, uniforms, normals, 3)
    assert arrays.uniforms[4].tolist() == uniforms[:6]
    assert arrays.normals[4].tolist() == normals[:4]
    assert arrays.tabs[4, T_DRAWS_FIRST] == 9 and arrays.tabs[4, T_DRAWS_LEN] == 2
    arrays.draws_block(6, 20, uniforms, normals, 1)
    assert arrays.uniforms[6].tolist() == [*uniforms[:3], 0.0, 0.0, 0.0]
    assert arrays.normals[6].tolist() == [-1.0, -2.0, 0, 0]
    assert arrays.tabs[6, T_DRAWS_FIRST] == 20 and arrays.tabs[6, T_DRAWS_LEN] == 1


# ---- hands kept by the engine ----------------------------------------------------------------

LEVEL = Level(small_blind=10, big_blind=20)
# A block of two decks: 0..51, then 51 down to 0 (the second hand's).
ROWS = bytes(list(range(52)) + list(range(51, -1, -1)))


def _played() -> PlayedHand:
    """Hand 17 of table 3 at level index 1, started at 5000 s: players 10, 11, 12 in seats 1, 4
    and 6 of a six-seat table with 100, 200 and 300 chips, the button on the second of them;
    dealt from the block's second deck (its start 52 - 2, the board 12 cards on)."""
    return PlayedHand(
        (3, 17, 1, 5000),
        LEVEL,
        BettingStructure.NO_LIMIT,
        ((1, 4, 6), (10, 11, 12), [100, 200, 300], 1),
        (ROWS, 50, 64, [7, 8, 9]),
        (0, 250, 350),
        (),
        True,
    )


def test_a_played_hand_reads_its_starting_seats() -> None:
    """The setup is the hand as it was dealt: each seat's player and stack, the button index,
    the level, table, hand number, level index and start time; the starting stacks are the
    stacks before the hand, not after."""
    hand = _played()
    assert hand.setup == HandSetup(
        seats=(
            Seat(player_id=10, stack=100, seat_no=1),
            Seat(player_id=11, stack=200, seat_no=4),
            Seat(player_id=12, stack=300, seat_no=6),
        ),
        button=1,
        level=LEVEL,
        structure=BettingStructure.NO_LIMIT,
        table_id=3,
        hand_no=17,
        level_index=1,
        start_time=5000,
    )
    assert hand.starting_stacks == (100, 200, 300)


def test_a_played_hand_deals_each_seat_its_table_seats_cards() -> None:
    """The second deck is 51, 50, ... 0. Table seat s takes that deck's cards 2(s-1) and
    2(s-1)+1 in order: seat 1 51 and 50, seat 4 45 and 44, seat 6 41 and 40; the board is the
    five cards after all six seats' (cards 12 to 16): 39, 38, 37, 36, 35."""
    deal = _played().deal
    assert deal == Deal(
        hole=((51, 50), (45, 44), (41, 40)), board=(39, 38, 37, 36, 35), strengths=(7, 8, 9)
    )


def _settled(start: bool = True) -> SettledHand:
    """Players 10 to 13 in seats 1, 2, 4, 5 with 100, 150, 200, 100 chips; 10 and 13 (the first
    and the last seat) end with none. Button index 2, hand 17 of table 3, level index 1, 5000 s."""
    begin = ([1, 2, 4, 5], [100, 150, 200, 100], 2, LEVEL, BettingStructure.NO_LIMIT,
             3, 17, 1, 5000)  # fmt: skip
    return SettledHand((0, 250, 300, 0), (10, 11, 12, 13), (), (), begin if start else None)


def test_a_settled_hand_names_every_busted_seat_as_it_started() -> None:
    """The players left with no chips are 10 (seat 1, 100 chips at the start) and 13 (seat 5,
    100 chips): the first and the last seat both count, with their starting stacks."""
    assert _settled().out == [
        Seat(player_id=10, stack=100, seat_no=1),
        Seat(player_id=13, stack=100, seat_no=5),
    ]


def test_a_settled_hand_builds_its_starting_seats_when_read() -> None:
    """Its setup: the four seats as they started, button index 2, hand 17 (not the level index 1)
    of table 3, started at 5000 s. Kept only when someone busted: without a start it has no
    busted seats and reading its setup is an error."""
    setup = _settled().setup
    assert setup.seats[1] == Seat(player_id=11, stack=150, seat_no=2)
    assert [s.player_id for s in setup.seats] == [10, 11, 12, 13]
    assert (setup.button, setup.table_id, setup.hand_no, setup.level_index) == (2, 3, 17, 1)
    assert setup.start_time == 5000 and setup.level == LEVEL
    quiet = _settled(start=False)
    assert quiet.out == []
    with pytest.raises(AttributeError, match="keeps no setup"):
        _ = quiet.setup


# ---- the engine's records --------------------------------------------------------------------


def test_seat_rows_are_each_seats_hole_cards_then_the_board() -> None:
    """Two seats: seat 0's hole cards are deck positions 0 and 1, seat 1's 2 and 3; the board
    follows every seat's cards, positions 4 to 8, for both."""
    assert seat_rows(2).tolist() == [[0, 1, 4, 5, 6, 7, 8], [2, 3, 4, 5, 6, 7, 8]]


class PlugIn:
    """A model that is not built in: always checks or calls, thinking 1 second."""

    name = "plug-in"

    def decide(self, view: DecisionView, rng: np.random.Generator) -> Action:
        return CHECK_CALL

    def think_seconds(self, view: DecisionView, rng: np.random.Generator) -> float:
        return 1.0


def test_one_record_per_distinct_model_in_order_of_first_seat() -> None:
    """Players of models a, b, a and a plug-in: three records. Built-in a is row 0 of the
    compiled parameters and b row 1 (a's second player adds no row); the plug-in has no row
    (-1) and does not read the hand's draws."""
    a, b = make_model("tight-aggressive"), make_model("calling-station")
    plug = PlugIn()
    records, packed = model_records([a, b, a, plug])
    assert set(records) == {id(a), id(b), id(plug)}
    assert [records[id(m)][2:] for m in (a, b, plug)] == [(True, 0), (True, 1), (False, -1)]
    assert len(packed) == 2


def _view() -> DecisionView:
    """Before the flop, three players: the acting seat 2 (player 7) has put nothing in and owes
    20 of a 30-chip pot with 1000 behind; seat 0 has put in 10 and holds only 15 more."""
    return DecisionView(
        table_id=0, hand_no=1, seat=2, player_id=7, hole=(51, 47), board=(), street=0,
        button=2, player_ids=(5, 6, 7), stacks=(15, 1000, 1000), bets=(10, 20, 0),
        in_hand=(True, True, True), pot=30,
        legal=LegalActions(to_call=20, min_raise_to=40, max_raise_to=1000),
        level=Level(small_blind=10, big_blind=20), structure=BettingStructure.NO_LIMIT,
    )  # fmt: skip


def test_a_paced_decision_reads_the_acting_seats_bet_and_stack() -> None:
    """The acting seat has put nothing in before the flop: an unopened decision, its think time
    halved (unopened factor 0.5). It owes 20 with 1000 behind and the call is not above the big
    blind: not a bet to face, so the facing factor 3 does not apply (though seat 0 could not
    cover 20, and has chips in)."""
    pace = DecisionPace(unopened_factor=0.5, facing_bet_factor=3.0)
    model = make_model("tight-aggressive")
    records, _ = model_records([model], pace)
    own = model.think_seconds(_view(), np.random.default_rng(5))
    paced = records[id(model)][1](_view(), np.random.default_rng(5), CHECK_CALL)
    assert paced == pytest.approx(0.5 * own)


def test_a_plug_in_keeps_its_own_think_time_under_a_pace() -> None:
    """A pace that adds a 1-second reaction to every decision paces the built-in models only:
    the plug-in thinks its own 1 second whatever the answer."""
    pace = DecisionPace(reaction_seconds=1.0)
    builtin, plug = make_model("tight-aggressive"), PlugIn()
    records, _ = model_records([builtin, plug], pace)
    view = _view()
    assert records[id(plug)][1](view, np.random.default_rng(5), FOLD) == 1.0
    own = builtin.think_seconds(view, np.random.default_rng(5))
    paced = records[id(builtin)][1](view, np.random.default_rng(5), CHECK_CALL)
    assert paced == pytest.approx(own + 1.0)


def test_the_timing_keys_make_the_pace_each_in_its_place() -> None:
    """Each pace key set to a different value lands in its own field of the pace."""
    timing = Timing(
        pace=PaceKind.DEFAULT,
        think_street_factors=(1.1, 1.2, 1.3, 1.4),
        think_unopened_factor=0.5,
        think_facing_bet_factor=1.5,
        think_short_handed_factors=(0.9,) * 7,
        think_reaction_seconds=0.25,
        think_pre_action_factor=0.3,
        think_pre_action_below_seconds=2.0,
        think_check_factor=0.7,
    )
    pace = decision_pace_of(timing)
    assert pace.street_factors == (1.1, 1.2, 1.3, 1.4)
    assert (pace.unopened_factor, pace.facing_bet_factor) == (0.5, 1.5)
    assert pace.short_handed_factors == (0.9,) * 7
    assert (pace.reaction_seconds, pace.check_factor) == (0.25, 0.7)
    assert (pace.pre_action_factor, pace.pre_action_below_seconds) == (0.3, 2.0)


def test_the_hand_overhead_is_the_scenarios() -> None:
    """Dealing 5 s, each street 2 s, a showdown 4 s: exactly those, each in its place."""
    timing = Timing(deal_seconds=5.0, street_seconds=2.0, showdown_seconds=4.0)
    assert hand_pace_of(timing) == HandPace(
        deal_seconds=5.0, street_seconds=2.0, showdown_seconds=4.0
    )


def test_the_action_clock_is_a_float_and_an_uncapped_bank_has_no_cap() -> None:
    """A clock written as the whole number 15 is 15.0, a float; no bank cap means none at all
    (infinite), not the bank's starting seconds; a cap given is kept."""
    timing = Timing(action_clock_seconds=15, time_bank_seconds=30.0, bank_top_up_seconds=10.0,
                    bank_top_up_every_levels=2)  # fmt: skip
    clock = action_clock_of(timing)
    assert type(clock.action_seconds) is float and clock.action_seconds == 15.0
    assert clock == ActionClock(
        action_seconds=15.0,
        time_bank_seconds=30.0,
        bank_top_up_seconds=10.0,
        bank_max_seconds=float("inf"),
        top_up_every_levels=2,
    )
    capped = action_clock_of(dataclasses.replace(timing, bank_max_seconds=60.0))
    assert capped.bank_max_seconds == 60.0
