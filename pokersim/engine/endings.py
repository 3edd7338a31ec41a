"""Places and endings: placing players out, one winner, a satellite's seats, a cancellation.

Players out are placed at once or held while late registration is open; ``result`` reads the
desks at the end.

Each sequence calls desks in a fixed order and logs the events they return; no desk calls
another.
"""

from __future__ import annotations

from typing import Any

from pokersim.engine.days import Days
from pokersim.engine.lobby import cancelled_before_start
from pokersim.engine.played import Outcome
from pokersim.engine.records import TournamentResult
from pokersim.engine.state import Bust, Table
from pokersim.errors import InvariantError
from pokersim.events import (
    DealNegotiationEnded,
    DealNegotiationStarted,
    EliminationsDeferred,
    TournamentCancelled,
    TournamentEnded,
)

__all__ = ["Endings"]


class Endings(Days):
    """Sequences that place players and end the tournament (no clock)."""

    def _place(self, busts: list[Bust], *, synchronized: bool) -> None:
        """Give places to players out together, or keep them while late players may arrive."""
        if self.arrival_at:  # R-REG-1: places are given once late registration closes
            self.places.defer(busts, self.now, synchronized=synchronized)
            ids = tuple(b[0] for b in busts)
            self._log([EliminationsDeferred(t=self.now, player_ids=ids)])
            return
        cashier = self.cashier
        self._log(
            self.places.place_busts(
                busts,
                self.now,
                cashier.prizes,
                cashier.deal_amounts,
                cashier.places_paid,
                synchronized=synchronized,
            )
        )

    def _flush_places(self) -> None:
        """Registration is over: rank the players out during it, earliest out lowest."""
        self.arrival_at.clear()
        cashier = self.cashier
        self._log(self.places.flush(cashier.prizes, cashier.deal_amounts, cashier.places_paid))

    def _hold(self, now: int) -> bool:
        """True when every table must stop after its hand (break, pause, final table, ...)."""
        sync = self.sync
        if sync.round:
            return True
        if now >= self.cashier.addon_at or now < self.incidents.down_until:
            return True
        if now < self.schedule.paused_until:  # R-DEAL-2: a deal is being negotiated
            return True
        if now >= self.schedule.next_break or self._day_due(now):  # F-FLIGHT-1: bag and tag
            return True
        remaining = self.field.remaining
        if (
            not self.final_formed
            and remaining <= self.sc.final_table_size
            and not self.arrival_at  # R-REG-1: not while late players may still arrive
        ):
            return True  # R-BAL-3: the final table is due
        return remaining <= sync.top and sync.wanted(remaining, len(self.floor.tables))

    def _final_due(self) -> bool:
        """R-BAL-3: the field fits at the final table (not while late players may arrive)."""
        return (
            not self.final_formed
            and self.field.remaining <= self.sc.final_table_size
            and not self.arrival_at
        )

    def _maybe_deal(self) -> None:
        """R-DEAL-1: a deal put to the players; R-DEAL-2: play waits while it is negotiated."""
        now = self.now
        at_final = self.final_formed and len(self.floor.tables) == 1
        outcome = self.cashier.maybe_deal(now, at_final_table=at_final)
        seconds = self.sc.deal.negotiation_seconds
        if outcome and seconds:  # made or declined, it was negotiated
            end = self.schedule.pause(now, seconds)
            players = tuple(self.field.holding())
            self._log([DealNegotiationStarted(t=now, player_ids=players, scheduled_end=end)])
        self._log(outcome)

    def _still_ready(self, tab: Table) -> bool:
        """A table woken by another's hand deals only if it still may when it resumes."""
        tab.recheck = False
        if not self._hold(self.now):
            self._log(self.floor.balance_from(tab, self.now))
            if len(tab.seats) >= 2:
                self._wake_idle()
                return True
        tab.playing = False
        self.playing -= 1
        self._stop(tab)
        return False

    def _stopped_for(self, now: int) -> int:
        """Every table idle: seconds play still waits for a deal's negotiation, then an outage.

        R-DEAL-2: the negotiation's end is logged when its time is over; R-FAULT-1: no hand
        starts before the outage is over.
        """
        left = self.schedule.pause_left(now)
        if left:
            return left
        if left == 0:
            self._log([DealNegotiationEnded(t=now)])
        return max(0, self.incidents.down_until - now)

    def _play_over(self) -> bool:
        """R-ELIM-1: one player holds every chip, or everyone left wins the same seat."""
        return self.field.remaining <= self.cashier.stop_at

    def _finish(self) -> None:
        """Play stops: one winner, or a satellite's seats (R-ELIM-1); a flight bags its last."""
        if self.day_end is not None:
            self._end_day()
            return
        now = self.now
        if self.arrival_at or self.places.deferred:
            self._flush_places()  # late registration ends with the tournament
        if self.sync.busts:
            self._place(self.sync.busts, synchronized=True)
            self.sync.busts = []
        if self.cashier.stop_at > 1:
            self._finish_satellite(now)
            return
        field = self.field
        winner = next(p for p in range(field.n) if field.stack[p] > 0)
        won = self.places.winner(
            winner, self.cashier.winner_prize(winner), now, field.location[winner][0]
        )
        bounty = self.cashier.bounty
        self._log(self.cashier.paid((bounty.award_winner(winner),), now))
        self.sync.stop()
        self._log(won)
        self._end(now, winner)

    def _finish_satellite(self, now: int) -> None:
        """R-ELIM-1: every player left wins a seat; they share first place."""
        survivors = self.field.holding()
        tables = [self.field.location[p][0] for p in survivors]
        events = self.places.satellite_seats(survivors, self.cashier.prizes, now, tables)
        self._log(events)
        self.cashier.bounty.close()
        stack = self.field.stack
        leader = min(survivors, key=lambda p: (-stack[p], p))
        self.sync.stop()
        self._end(now, leader)

    def _end(self, now: int, winner: int) -> None:
        """Close the run: money reconciled to the cent, then the end event (every ending)."""
        self._log(self.incidents.last_connection_events(now))
        self._log([self.cashier.reconcile(now, sum(self.places.prize))])
        self._log(
            [
                TournamentEnded(
                    t=now,
                    winner_id=winner,
                    hands_played=self.hands_played,
                    chips_in_play=self.field.total_chips,
                    places_paid=self.cashier.places_paid,
                )
            ]
        )
        self.over = True
        self.end_time = now
        self.winner = winner

    def _cancel(self, now: int) -> None:
        """R-FAULT-1/2: the tournament is cancelled; the money is settled by stage.

        Before the money or in the money by the stage's policy (``pokersim.cancellation``);
        players are ranked by chips (equal stacks share a place). A cancellation before the
        start never reaches here: nothing was played, and the lobby refunds every buy-in
        (``_cancel_before_start``).
        """
        from pokersim.cancellation import cancellation_stage  # noqa: PLC0415 - a cancelled run

        if self.sync.busts:
            self._place(self.sync.busts, synchronized=True)
            self.sync.busts = []
        if self.arrival_at or self.places.deferred:
            self._flush_places()
        field = self.field
        players = field.holding()
        stacks = [field.stack[p] for p in players]
        cashier = self.cashier
        stage = cancellation_stage(players_left=len(players), places_paid=cashier.places_paid)
        open_prizes = self.places.open_prizes(cashier.prizes)
        shares, paid_back = cashier.cancel(players, stage, now, open_prizes)
        self._log(
            [
                TournamentCancelled(
                    t=now,
                    stage=stage.value,
                    player_ids=tuple(players),
                    stacks=tuple(stacks),
                    shares_cents=shares,
                )
            ]
        )
        self._log(paid_back)
        deal = self.cashier.deal_amounts
        cents = [s + deal.get(p, 0) for p, s in zip(players, shares)]
        tables = [field.location[p][0] for p in players]
        self._log(self.places.cancelled(players, stacks, cents, now, tables))
        leader = min(players, key=lambda p: (-field.stack[p], p))
        self._end(now, leader)

    def _cancel_before_start(self, registered: list[int]) -> None:
        """R-REG-4, R-FAULT-2: cancelled before the start: every buy-in and fee refunded."""
        self._log(
            cancelled_before_start(
                self.sc, self.seed, self.cashier.book, registered, self.start_clock
            )
        )
        self.over = True

    def result(self) -> TournamentResult:
        """The run's result: a reduction of its event log (``pokersim.tally``)."""
        if not self.over:
            raise InvariantError("the tournament stopped before one player held every chip")
        return self.tally.result()

    def _roll_back(self, tab: Table, result: Outcome) -> bool:
        """The hand never happened (R-FAULT-1); its players' disconnections did.

        Its button deals again: the rules return the hand to its start, not to the next one. A
        hand rolled back when the server failed (``_void_hands``) only ends here.
        """
        inc = self.incidents
        if inc.voided_end(tab.table_id):
            return False
        event = inc.rolled_back(tab, result, self.now)
        self.floor.button_back(tab)
        tab.playing = False
        self.playing -= 1
        if inc.conn_on or tab.table_id in inc.hand_timeouts:
            self._log(inc.connection_events(tab, result, self.now))
        self._log([event])
        if self.over:
            return False
        return self._stop(tab)

    def _hands_in_progress(self) -> dict[int, Any]:
        """R-FAULT-1: by table, the hands in progress, their ends moved to now (``_end_now``).

        A table woken to deal in this second has dealt no hand yet: it checks the hold (the
        outage) before it deals (``_still_ready``).
        """
        ends = {}
        for tid, tab in self.floor.tables.items():
            if tab.playing:
                end = self._end_now(tid)
                if end is None:
                    tab.recheck = True
                else:
                    ends[tid] = end
        return ends

    def _void_hands(self, ends: dict[int, Any]) -> None:
        """R-FAULT-1: the hands to roll back are rolled back now, not where they would end.

        Each hand's end, moved to now, then only lets its table's process go on.
        """
        inc = self.incidents
        for tid, end in ends.items():
            if tid in inc.rollback:
                self._roll_back(self.floor.tables[tid], end._value)
                inc.voided_now(tid)

    def _end_now(self, table_id: int) -> Any:
        """The table's hand end, moved to now, its result read (the director's; None: none)."""
        raise NotImplementedError
