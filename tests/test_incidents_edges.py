"""Edge cases of the incidents desk, asked directly (R-DIS-1..4, R-FAULT-1, R-COND-1, R-COND-3).

Each test builds an ``Incidents`` for a small field and calls one of its methods the way the
engine does, so one boundary is checked at a time: a time-out counted, a rolled-back hand's
clocks restored, the last disconnections logged, consecutive all-away hands, the stop of
disqualifications and infractions.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any, cast

import numpy as np
from test_engine_dis import FixedConnections
from test_engine_helpers import make_scenario

from pokersim.actions import CHECK_CALL, DecisionView, LegalActions
from pokersim.engine.incidents import Incidents
from pokersim.engine.state import Field, Table
from pokersim.events import PlayerDisconnected, PlayerReconnected
from pokersim.scenario import Connection, Faults, Timing

CLOCK, BANK = 15.0, 30.0


def _connections(n: int, plan: dict[int, list[tuple[float, float]]]) -> FixedConnections:
    """Connections whose disconnections are ``plan`` (the class reads its ``plan`` attribute)."""
    kind = type("Planned", (FixedConnections,), {"plan": plan})
    return cast(FixedConnections, kind(n, None, 0))


def _desk(
    n: int = 2,
    *,
    connection: Connection | None = None,
    faults: Faults | None = None,
    connections: FixedConnections | None = None,
    disqualified: Sequence[int] | None = None,
    disqualified_at_hands: Sequence[tuple[int, int]] = (),
    infractions_at_hands: Sequence[tuple[int, int]] = (),
) -> Incidents:
    sc = make_scenario(n)
    timing = Timing(deal_seconds=0, action_clock_seconds=CLOCK, time_bank_seconds=BANK)
    sc = dataclasses.replace(
        sc, timing=timing, connection=connection or Connection(), faults=faults or Faults()
    )
    return Incidents(
        sc,
        Field(n, 100),
        7,
        connections=connections,
        player_rng=lambda p: np.random.default_rng(p),
        disqualified=disqualified,
        disqualified_at_hands=disqualified_at_hands,
        infractions_at_hands=infractions_at_hands,
    )


def _connected_desk(plan: dict[int, list[tuple[float, float]]]) -> Incidents:
    return _desk(connections=_connections(2, plan))


def _view(p: int) -> DecisionView:
    """What ``clocked`` reads of a decision: the player, and a free check."""
    legal = LegalActions(to_call=0, min_raise_to=0, max_raise_to=0)
    return cast(DecisionView, SimpleNamespace(player_id=p, legal=legal))


def _time_out(desk: Incidents, p: int, now: float = 0.0) -> None:
    """``p``, connected and present, answers after 100 s: past the 15 s clock and 30 s bank."""
    action, seconds = desk.clocked(
        _view(p), CHECK_CALL, 100.0, now, absent=False, back_in=0.0, places_paid=1
    )
    assert action is None and seconds == CLOCK + BANK


def _outcome(stacks: tuple[int, ...]) -> Any:
    return SimpleNamespace(setup=SimpleNamespace(stacks=stacks))


# -- R-DIS-1: a time-out is counted, and a rolled-back hand restores the clocks (R-FAULT-1) --------


def test_r_dis_1_a_time_out_is_counted_for_its_player() -> None:
    """R-DIS-1: 100 s against a 15 s clock and a 30 s bank times out after 45 s; the player's
    count of time-outs goes from 0 to 1, the other player's stays 0, the bank is spent."""
    desk = _desk()
    _time_out(desk, 1)
    assert desk.conn.timeouts == [0, 1]
    assert desk.bank[1] == 0.0 and desk.bank[0] == BANK
    assert desk.absent == [False, True]  # a connected player who times out sits out


def test_r_fault_1_a_rolled_back_hand_restores_the_time_out_count() -> None:
    """R-FAULT-1: the hand never happened, so its time-out is not counted either: the count,
    bank, absence and return time are those the player had when the hand began (0, 30 s,
    present, 0), and the hand's time-outs are dropped rather than logged later."""
    desk = _desk(faults=Faults(server_failure_at_seconds=(10_000,)))
    tab = Table(0, {1: 0, 2: 1})
    desk.hand_starting(tab)
    _time_out(desk, 1)
    desk.hand_over(0)
    assert desk.conn.timeouts[1] == 1 and 0 in desk.hand_timeouts
    desk.rolled_back(tab, _outcome((100, 100)), 50)
    assert desk.conn.timeouts[1] == 0
    assert desk.bank[1] == BANK
    assert desk.absent[1] is False and desk.away_until[1] == 0.0
    assert 0 not in desk.hand_timeouts


# -- R-DIS-1: the last disconnections are logged at the end -------------------------------------


def test_r_dis_1_disconnections_not_logged_by_a_hand_are_logged_at_the_end() -> None:
    """The log holds every disconnection: player 1, away from 50 s to 80 s and again from 90 s,
    with no hand ended since, is logged at the end (t = 100): down at 50, back at 80, down at 90,
    at the table the player sits at."""
    desk = _connected_desk({1: [(50.0, 80.0), (90.0, 500.0)]})
    desk.field.location[1] = (3, 2)
    events = desk.last_connection_events(100)
    assert events == [
        PlayerDisconnected(t=100, player_id=1, table_id=3, at=50),
        PlayerReconnected(t=100, player_id=1, table_id=3, at=80),
        PlayerDisconnected(t=100, player_id=1, table_id=3, at=90),
    ]
    assert desk.last_connection_events(200) == []  # each is logged once


# -- R-DIS-4: consecutive all-away hands ----------------------------------------------------------


def test_r_dis_4_a_hand_with_someone_back_restarts_the_count() -> None:
    """R-DIS-4 counts consecutive hands: with 2 to end the match, away, present, away is only
    one hand in a row (no end); a second away hand in a row ends it after 2 hands."""
    desk = _desk(connection=Connection(absent_hands_to_end_match=2))
    tab = Table(0, {1: 0, 2: 1})
    desk.absent[:] = [True, True]
    assert desk.match_abandoned(tab, 0.0) == 0
    desk.absent[0] = False
    assert desk.match_abandoned(tab, 1.0) == 0
    desk.absent[0] = True
    assert desk.match_abandoned(tab, 2.0) == 0
    assert desk.match_abandoned(tab, 3.0) == 2


def test_r_dis_4_after_a_match_ends_the_count_starts_again() -> None:
    """Once a match ended after 2 away hands, the table's next all-away hand is the first of a
    new run (1 of 2), not a third in a row."""
    desk = _desk(connection=Connection(absent_hands_to_end_match=2))
    tab = Table(0, {1: 0, 2: 1})
    desk.absent[:] = [True, True]
    assert [desk.match_abandoned(tab, float(t)) for t in range(2)] == [0, 2]
    assert desk.match_abandoned(tab, 2.0) == 0
    assert desk.match_abandoned(tab, 3.0) == 2


# -- R-COND-1: who can still be disqualified ------------------------------------------------------


def test_r_cond_1_heads_up_a_random_disqualification_is_drawn_then_none_more() -> None:
    """R-COND-1 with play stopping at 1 player: of 2 players one may be disqualified (the
    other is left to win); the next draw finds 1 player not already to be disqualified, and
    0 below the winner to place, so it is refused."""
    desk = _desk()
    assert desk.draw_disqualification(0, 1) is True
    assert len(desk.dq_pending) == 1 and desk.dq_pending[0] in (0, 1)
    assert desk.draw_disqualification(1, 1) is False
    assert len(desk.dq_pending) == 1


def test_r_cond_1_a_scripted_player_is_not_disqualified_twice() -> None:
    """Scripted disqualifications of players 1, then 1 again, among 3 players: the second finds
    player 1 already to be disqualified (out already) and adds nobody."""
    desk = _desk(3, disqualified=[1, 1])
    assert desk.draw_disqualification(0, 1) is True
    assert desk.draw_disqualification(1, 1) is False
    assert desk.dq_pending == [1]


# -- R-COND-3: who can still commit an infraction -------------------------------------------------


def test_r_cond_3_with_one_player_left_nobody_commits_an_infraction() -> None:
    """A random infraction needs 2 players still in: with player 0 out of chips only player 1
    is left (play is over), so there is no offender; with both in, the offender is one of them."""
    desk = _desk()
    assert desk.draw_offender(0) in (0, 1)
    desk.field.stack[0] = 0
    assert desk.draw_offender(0) is None


def test_r_cond_3_a_player_to_be_disqualified_commits_nothing_more() -> None:
    """Default ladder: warning, missed hands, disqualification. Player 1's third infraction
    disqualifies them; a fourth is not committed (``None``), the count stays 3 and player 1 is
    to be disqualified once."""
    desk = _desk(3)
    steps = [desk.commit(1, t) for t in (10, 20, 30)]
    assert [s[0].sanction for s in steps if s] == ["warning", "missed_hands", "disqualification"]
    assert desk.commit(1, 40) is None
    assert desk.infractions[1] == 3
    assert desk.dq_pending == [1] and desk.conduct_dq == {1: 3}


def test_r_cond_3_a_player_disqualified_at_random_commits_nothing() -> None:
    """A player already drawn for a disqualification (R-COND-1) commits no infraction."""
    desk = _desk(3, disqualified=[2])
    assert desk.draw_disqualification(0, 1) is True
    assert desk.commit(2, 10) is None
    assert desk.infractions == [0, 0, 0]


def test_r_cond_1_scripted_disqualifications_come_in_hand_order_whatever_the_given_order() -> None:
    """Scripted: player 0 after 5 hands, player 1 after 2 hands (given in that order). After 2
    hands only player 1 is due; after 5, player 0 too (3 players, play stops at 1)."""
    desk = _desk(3, disqualified_at_hands=[(5, 0), (2, 1)])
    desk.due_by_hands(1, 1)
    assert desk.dq_pending == []
    desk.due_by_hands(2, 1)
    assert desk.dq_pending == [1]
    desk.due_by_hands(5, 1)
    assert desk.dq_pending == [1, 0]


def test_r_cond_1_a_scripted_player_out_of_chips_is_not_disqualified() -> None:
    """The scripted player 2 has no chips left: the disqualification is refused, nobody added."""
    desk = _desk(3, disqualified=[2])
    desk.field.stack[2] = 0
    assert desk.draw_disqualification(0, 1) is False
    assert desk.dq_pending == []


def test_r_cond_1_scripted_by_hands_skips_players_already_out_or_pending() -> None:
    """By hand count: player 1 after 1 hand and again after 2, player 2 (out of chips) after 2.
    Of 4 players only the first is added: player 1 is pending already and player 2 is out."""
    desk = _desk(4, disqualified_at_hands=[(1, 1), (2, 1), (2, 2)])
    desk.field.stack[2] = 0
    desk.due_by_hands(2, 1)
    assert desk.dq_pending == [1]


# -- R-FAULT-1: the failure itself ----------------------------------------------------------------


def test_r_fault_1_a_failure_names_its_tables_in_order_and_play_resumes_after_the_outage() -> None:
    """A failure at 100 s with hands in progress at tables 3 and 1: both roll back, listed in
    table order (1, 3); with the default 600 s outage play resumes at 700 s."""
    desk = _desk()
    failed = desk.server_failure([3, 1], 100, cancel=False)
    assert failed.tables_rolled_back == (1, 3)
    assert failed.resume_at == 700 and desk.down_until == 700
    assert failed.cancelled is False
    assert desk.rollback == {1, 3}


def test_r_fault_1_a_failure_by_hand_count_is_due_once_and_carries_its_cancellation() -> None:
    """A failure after 3 hands with cancel probability 1 (always cancels): not due after 2
    hands, due after 3 and cancelling, then never again; with probability 0 it does not cancel."""
    desk = _desk(faults=Faults(server_failure_at_hands=(3,), cancel_probability=1.0))
    assert [desk.failure_due(h) for h in (2, 3, 4)] == [None, True, None]
    desk = _desk(faults=Faults(server_failure_at_hands=(3,), cancel_probability=0.0))
    assert [desk.failure_due(h) for h in (2, 4, 5)] == [None, False, None]


# -- R-DIS-3: protection counts the players still in ----------------------------------------------


def test_r_dis_3_protection_starts_when_few_enough_players_are_left_not_entered() -> None:
    """Protection of 60 s once at most 2 players are left, in a field of 4: with 3 left a
    disconnected player gets no extra time, with 2 left 60 s."""
    desk = _desk(4, connection=Connection(protection_players_left=2, protection_seconds=60.0))
    desk.field.remaining = 3
    assert desk.protection_seconds(1) == 0.0
    desk.field.remaining = 2
    assert desk.protection_seconds(1) == 60.0


# -- R-COND-3: scripted infractions and players out of chips --------------------------------------


def test_r_cond_3_scripted_infractions_come_in_hand_order_every_one_due_at_once() -> None:
    """Scripted infractions: player 0 after 4 hands, players 1 and 2 after 2 (given in that
    order). After 1 hand none; after 2 both of hand 2, in their given order; after 5 player 0."""
    desk = _desk(3, infractions_at_hands=[(4, 0), (2, 1), (2, 2)])
    assert desk.infractions_due(1) == []
    assert desk.infractions_due(2) == [1, 2]
    assert desk.infractions_due(5) == [0]
    assert desk.infractions_due(9) == []


def test_r_cond_3_a_player_out_of_chips_commits_nothing() -> None:
    """Player 1 has no chips left: no infraction is committed or counted."""
    desk = _desk(3)
    desk.field.stack[1] = 0
    assert desk.commit(1, 10) is None
    assert desk.infractions == [0, 0, 0] and desk.dq_pending == []


# -- further edges: acting again, a finished rollback, offenders and the last log -----------------


def test_r_dis_1_a_player_who_acts_again_is_no_longer_absent() -> None:
    """R-DIS-1: absent after a time-out "until they act again": back and answering in 1 s
    (inside the 15 s clock), player 1 acts and is present again."""
    desk = _desk()
    _time_out(desk, 1)
    assert desk.absent[1] is True
    action, seconds = desk.clocked(
        _view(1), CHECK_CALL, 1.0, 500.0, absent=True, back_in=0.0, places_paid=1
    )
    assert action is CHECK_CALL and seconds == 1.0
    assert desk.absent[1] is False


def test_r_fault_1_once_rolled_back_the_table_plays_its_next_hand() -> None:
    """After the failure's hand at table 0 is rolled back, the table's next hand is not."""
    desk = _desk(faults=Faults(server_failure_at_seconds=(10_000,)))
    tab = Table(0, {1: 0, 2: 1})
    desk.server_failure([0], 100, cancel=False)
    desk.rolled_back(tab, _outcome((100, 100)), 100)
    assert desk.rollback == set()


def test_r_cond_3_a_player_to_be_disqualified_is_never_drawn_as_offender() -> None:
    """Player 1 of 3 is to be disqualified: every random infraction falls on player 0 or 2."""
    desk = _desk(3, disqualified=[1])
    assert desk.draw_disqualification(0, 1) is True
    assert {desk.draw_offender(i) for i in range(40)} <= {0, 2}


def test_r_dis_1_the_last_log_includes_players_already_out() -> None:
    """Every disconnection is logged, also that of a player out of chips by the end."""
    desk = _connected_desk({1: [(50.0, 500.0)]})
    desk.field.stack[1] = 0
    desk.field.location[1] = (2, 4)
    assert desk.last_connection_events(100) == [
        PlayerDisconnected(t=100, player_id=1, table_id=2, at=50)
    ]


def test_r_dis_4_a_table_of_one_is_no_match_to_end() -> None:
    """R-DIS-4 needs a match: a table with one player left, away, never ends one (1 hand to end)."""
    desk = _desk(connection=Connection(absent_hands_to_end_match=1))
    desk.absent[0] = True
    assert desk.match_abandoned(Table(0, {1: 0}), 0.0) == 0
