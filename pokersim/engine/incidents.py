"""Incidents: connections and time-outs, server failures and rollback, disqualifications.

Also the infractions of R-COND-3 and the sanctions they earn (``pokersim.conduct``).

Two parts. The player's clock (R-DIS-1..3, R-HAND-6): who is away, the time banks, what a
time-out does, and the connection events logged after each hand. The faults (R-FAULT-1,
R-COND-1): when the server fails, which hands roll back, which disqualifications are pending.
It keeps that state and returns events; the director decides what follows (a pause, a
cancellation, a place). The rules are in ``pokersim.timing``, ``pokersim.connection`` and
``pokersim.faults``.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from pokersim.actions import FOLD, Action, DecisionView
from pokersim.conduct import pick_offender, plan_infractions, step_of
from pokersim.connection import Connections
from pokersim.engine.played import Outcome
from pokersim.engine.records import action_clock_of
from pokersim.engine.state import Field, Table
from pokersim.events import (
    HandRolledBack,
    InfractionCommitted,
    PlayerDisconnected,
    PlayerReconnected,
    PlayerTimedOut,
    ServerFailed,
)
from pokersim.faults import pick_player, plan_faults
from pokersim.scenario import SanctionKind, Scenario
from pokersim.timing import DisconnectModel, DisconnectProtection, resolve_decision

__all__ = ["Incidents"]

Events = list[Any]
TimedOut = tuple[int, float, Action, bool]  # (player, at, action taken, was connected)
PlayerClock = tuple[int, float, int, float, bool]  # (player, bank, time-outs, away until, absent)


class Incidents:
    """Away players, time banks and time-outs; the run's faults and what they left pending."""

    def __init__(
        self,
        scenario: Scenario,
        field: Field,
        seed: int,
        *,
        connections: Connections | None,
        player_rng: Callable[[int], np.random.Generator],
        disqualified: Sequence[int] | None,
        disqualified_at_hands: Sequence[tuple[int, int]],
        infractions_at_hands: Sequence[tuple[int, int]] = (),
    ) -> None:
        self.sc = scenario
        self.field = field
        self.seed = seed
        self.player_rng = player_rng
        n = field.n
        timing = scenario.timing
        self.action_clock = action_clock_of(timing)
        self.action_seconds = self.action_clock.action_seconds
        self.away = DisconnectModel()
        cs = scenario.connection
        if connections is None:
            model = DisconnectModel(
                rate_per_hour=cs.disconnects_per_player_hour,
                median_seconds=cs.reconnect_median_seconds,
            )
            connections = Connections(n, model, seed)
        self.conn = connections  # scripted disconnections replace the drawn ones
        self.conn_on = self.conn.enabled  # off: nobody ever disconnects
        self.protection = DisconnectProtection.from_players_left(
            cs.protection_seconds, cs.protection_players_left
        )
        self.bank = array("d", [timing.time_bank_seconds]) * n  # doubles: the kernel reads it
        self.away_until = [0.0] * n
        self.absent = [False] * n
        self.timed_out: list[TimedOut] = []  # this hand's, then kept by table id
        self.hand_timeouts: dict[int, list[TimedOut]] = {}
        self.away_hands: dict[int, int] = {}  # R-DIS-4: consecutive all-away hands by table
        # faults
        self.scripted_dq = disqualified  # scripted: who each disqualification takes
        # scripted: (hand count, player), in hand order (ties keep their given order)
        self.scripted_dq_hands = sorted(disqualified_at_hands, key=lambda d: d[0])
        self.faults = plan_faults(
            scenario.faults, seed, disqualify_at_hands=[h for h, _p in self.scripted_dq_hands]
        )
        self._init_conduct(infractions_at_hands)
        self.faults_on = not self.faults.empty or bool(
            self.infraction_times or self.scripted_infractions
        )
        self.down_until = 0  # no hand starts before this (server outage)
        self.rollback: set[int] = set()  # tables whose hand in progress rolls back
        self.voided: set[int] = set()  # tables whose hand rolled back before its end came
        # R-FAULT-1: each hand's players' clocks as it starts, by table, while a failure may come
        self.keeps_starts = bool(self.faults.failures or self.faults.failure_hands)
        self.starts: dict[int, list[PlayerClock]] = {}
        self.dq_pending: list[int] = []
        self._fail_hand_i = 0
        self._dq_hand_i = 0
        self.hands_rolled_back = 0

    # -- the player's clock ------------------------------------------------------------------

    def level_started(self, level_index: int) -> None:
        """Top up every time bank when a level the scenario names starts (R-DIS-1)."""
        clock = self.action_clock
        if clock.tops_up_at(level_index):  # ``bank_after_level_change`` on every bank at once
            bank = np.frombuffer(self.bank, dtype=np.float64)  # the same doubles, in place
            top_up = np.maximum(bank, 0.0)
            top_up += clock.bank_top_up_seconds
            np.minimum(clock.bank_max_seconds, top_up, out=bank)

    def protection_seconds(self, places_paid: int) -> float:
        """R-DIS-3 extra seconds for a disconnected player now (0 outside the protected stage)."""
        if self.protection.active(
            players_left=self.field.remaining,
            places_paid=places_paid,
            final_table_size=self.sc.final_table_size,
        ):
            return self.protection.extra_seconds
        return 0.0

    def clocked(
        self,
        view: DecisionView,
        action: Action,
        think: float,
        now: float,
        *,
        absent: bool,
        back_in: float,
        places_paid: int,
    ) -> tuple[Action | None, float]:
        """Apply the clock, protection and bank to an answer: (action or time-out, seconds)."""
        p = view.player_id
        connected = back_in == 0.0  # an absent player gets here only once back
        extra = 0.0 if connected else self.protection_seconds(places_paid)
        out = resolve_decision(
            action,
            think,
            view.legal,
            self.action_clock,
            bank_seconds=self.bank[p],
            absent=absent,
            connected=connected,
            back_in_seconds=back_in,
            protection_seconds=extra,
        )
        if out.bank_used:
            self.bank[p] -= out.bank_used
        if out.timed_out:
            self.conn.timeouts[p] += 1
            self.timed_out.append((p, now + out.seconds, out.action, connected))
            away = now + out.seconds
            if connected:
                away += self.away.away_after_timeout(self.player_rng(p))
            self.away_until[p] = away  # a disconnected player: back when reconnected
        self.absent[p] = out.absent_after
        return (None if out.timed_out else out.action), out.seconds

    def hand_over(self, table_id: int) -> None:
        """Keep this hand's time-outs with its table until the hand's result takes effect."""
        self.hand_timeouts[table_id] = self.timed_out
        self.timed_out = []

    def all_away(self, tab: Table, now: float) -> bool:
        """True when every player at the table is disconnected or absent now (R-DIS-4)."""
        return self.conn.all_away(list(tab.seats.values()), now, self.absent)

    def connection_events(self, tab: Table, result: Outcome, now: int) -> Events:
        """Count and log this hand's time-outs and the players' disconnections up to now."""
        timed_out = self.hand_timeouts.pop(tab.table_id, ())
        ids = [seat.player_id for seat in result.setup.seats]
        changes = self.conn.observe(ids, now)
        tid = tab.table_id
        events: Events = [
            PlayerTimedOut(
                t=now,
                player_id=p,
                table_id=tid,
                hand_no=tab.hand_no,
                at=int(at),
                action="fold" if action is FOLD else "check",
                connected=connected,
            )
            for p, at, action, connected in timed_out
        ]
        for p, at, down in changes:
            kind = PlayerDisconnected if down else PlayerReconnected
            events.append(kind(t=now, player_id=p, table_id=tid, at=int(at)))
        return events

    def last_connection_events(self, now: int) -> Events:
        """At the end: disconnections counted but not logged yet (the log holds every one)."""
        if not self.conn_on:
            return []
        location = self.field.location
        events: Events = []
        for p, at, down in self.conn.observe(list(range(self.field.n)), now):
            kind = PlayerDisconnected if down else PlayerReconnected
            events.append(kind(t=now, player_id=p, table_id=location[p][0], at=int(at)))
        return events

    def match_abandoned(self, tab: Table, now: float) -> int:
        """R-DIS-4: how many hands in a row everyone at the table was away (0: not ended)."""
        if len(tab.seats) < 2:
            return 0
        tid = tab.table_id
        if not self.all_away(tab, now):
            self.away_hands.pop(tid, None)
            return 0
        count = self.away_hands.get(tid, 0) + 1
        self.away_hands[tid] = count
        if count < self.sc.connection.absent_hands_to_end_match:
            return 0
        del self.away_hands[tid]
        return count

    # -- faults ------------------------------------------------------------------------------

    def timeline(self) -> list[tuple[int, int, int]]:
        """The timed faults in order: (time, kind, index).

        Kind 0 a server failure, 1 a disqualification, 2 a cancellation (R-FAULT-2), 3 an
        infraction (R-COND-3).
        """
        plan = self.faults
        cancel = [] if plan.cancel_at is None else [(plan.cancel_at, 2, 0)]
        return sorted(
            [(t, 0, i) for i, t in enumerate(plan.failures)]
            + [(t, 1, i) for i, t in enumerate(plan.disqualifications)]
            + cancel
            + [(t, 3, i) for i, t in enumerate(self.infraction_times)]
        )

    def cancelled_mid_hand(self, playing: Sequence[int]) -> None:
        """R-FAULT-2: cancelled now; the hands in progress (tables ``playing``) roll back."""
        self.rollback.update(playing)

    def server_failure(self, playing: Sequence[int], now: int, *, cancel: bool) -> ServerFailed:
        """R-FAULT-1: every hand in progress (tables ``playing``) rolls back to its start."""
        rolled = tuple(sorted(playing))
        self.rollback.update(rolled)
        self.down_until = max(self.down_until, now + self.faults.outage_seconds)
        return ServerFailed(
            t=now, tables_rolled_back=rolled, resume_at=self.down_until, cancelled=cancel
        )

    def hand_starting(self, tab: Table) -> None:
        """R-FAULT-1: keep the clocks of the players dealt in, which a voided hand restores."""
        if not self.keeps_starts:
            return
        conn, bank, away, absent = self.conn, self.bank, self.away_until, self.absent
        self.starts[tab.table_id] = [
            (p, bank[p], conn.timeouts[p], away[p], absent[p]) for p in tab.seats.values()
        ]

    def rolled_back(self, tab: Table, result: Outcome, now: int) -> HandRolledBack:
        """The hand never happened (R-FAULT-1): stacks as when it began, and its players' clocks.

        Their time banks, time-outs and sitting out are restored; their disconnections stand.
        """
        self.rollback.discard(tab.table_id)
        self.hand_timeouts.pop(tab.table_id, None)
        conn, bank, away, absent = self.conn, self.bank, self.away_until, self.absent
        for p, seconds, timeouts, until, sat_out in self.starts.pop(tab.table_id, ()):
            bank[p], conn.timeouts[p], away[p], absent[p] = seconds, timeouts, until, sat_out
        self.hands_rolled_back += 1
        return HandRolledBack(
            t=now, table_id=tab.table_id, hand_no=tab.hand_no, stacks=result.setup.stacks
        )

    def voided_now(self, table_id: int) -> None:
        """The table's hand was rolled back before its end, which is still to come."""
        self.rollback.add(table_id)
        self.voided.add(table_id)

    def voided_end(self, table_id: int) -> bool:
        """True at the end of a hand rolled back before it (nothing left to do)."""
        if table_id not in self.voided:
            return False
        self.voided.discard(table_id)
        self.rollback.discard(table_id)
        return True

    def failure_due(self, hands_played: int) -> bool | None:
        """A failure scheduled by hand count is due: whether it cancels (``None``: none due)."""
        hands = self.faults.failure_hands
        i = self._fail_hand_i
        if i < len(hands) and hands_played >= hands[i]:
            self._fail_hand_i += 1
            return self.faults.failure_hand_cancels[i]
        return None

    def _candidates(self) -> list[int]:
        stack = self.field.stack
        return [p for p in range(self.field.n) if stack[p] > 0 and p not in self.dq_pending]

    def draw_disqualification(self, index: int, stop_at: int) -> bool:
        """R-COND-1: a player still in, drawn at random, is to be disqualified (True: added)."""
        candidates = self._candidates()
        if len(candidates) - 1 < stop_at:
            return False  # play is over: nobody is left to place below the winner(s)
        scripted = self.scripted_dq
        if scripted is None:
            self.dq_pending.append(pick_player(self.seed, index, candidates))
        elif scripted[index] in candidates:
            self.dq_pending.append(scripted[index])
        else:
            return False  # the scripted player is out already
        return True

    def due_by_hands(self, hands_played: int, stop_at: int) -> None:
        """Scripted disqualifications due once ``hands_played`` hands have ended."""
        dq_hands = self.scripted_dq_hands
        while self._dq_hand_i < len(dq_hands) and hands_played >= dq_hands[self._dq_hand_i][0]:
            p = dq_hands[self._dq_hand_i][1]
            candidates = self._candidates()
            if p in candidates and len(candidates) - 1 >= stop_at:
                self.dq_pending.append(p)
            self._dq_hand_i += 1

    # -- conduct (R-COND-3) ------------------------------------------------------------------

    def _init_conduct(self, infractions_at_hands: Sequence[tuple[int, int]]) -> None:
        """Random infractions' times, scripted ones by hand count, each player's count."""
        self.infraction_times = plan_infractions(self.sc.conduct, self.seed)
        self.scripted_infractions = sorted(infractions_at_hands, key=lambda d: d[0])
        self._inf_hand_i = 0
        self.infractions = [0] * self.field.n
        self.chips_pending: list[tuple[int, int]] = []  # (player, infraction): chips to remove
        self.conduct_dq: dict[int, int] = {}  # pending disqualifications for conduct

    def draw_offender(self, index: int) -> int | None:
        """The player still in who commits the ``index``-th random infraction (``None``: nobody)."""
        candidates = self._candidates()
        if len(candidates) < 2:
            return None
        return pick_offender(self.seed, index, candidates)

    def infractions_due(self, hands_played: int) -> list[int]:
        """Players whose scripted infraction is due once ``hands_played`` hands have ended."""
        due = self.scripted_infractions
        out = []
        while self._inf_hand_i < len(due) and hands_played >= due[self._inf_hand_i][0]:
            out.append(due[self._inf_hand_i][1])
            self._inf_hand_i += 1
        return out

    def commit(self, p: int, now: int) -> tuple[InfractionCommitted, SanctionKind] | None:
        """``p`` commits an infraction: one step up the ladder (``None``: ``p`` is out already).

        A player out of chips, or already to be disqualified, commits nothing more.
        """
        if self.field.stack[p] == 0 or p in self.dq_pending:
            return None
        self.infractions[p] += 1
        n = self.infractions[p]
        step = step_of(self.sc.conduct.ladder, n)
        if step is SanctionKind.DISQUALIFICATION:
            self.dq_pending.append(p)
            self.conduct_dq[p] = n
        elif step is SanctionKind.CHIPS_REMOVED:
            self.chips_pending.append((p, n))
        return InfractionCommitted(t=now, player_id=p, infraction=n, sanction=step.value), step
