"""Upkeep between hands: results applied, players out, faults, the final table, arrivals.

Also disqualifications, sanctions (R-COND-3), shoot-out matches abandoned, tables broken and
balanced.

Each sequence calls desks in a fixed order and logs the events they return; no desk calls
another. None needs the clock: the director decides when they run.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pokersim.conduct import chips_to_remove, confiscated_cents
from pokersim.engine.endings import Endings
from pokersim.engine.played import Outcome, SettledHand
from pokersim.engine.state import Bust, Table
from pokersim.errors import ConfigError, InvariantError
from pokersim.events import (
    MatchEnded,
    PlayerDisqualified,
    PlayerRegistered,
    SanctionImposed,
)
from pokersim.formats import advancing_player
from pokersim.hand import HandResult, Seat
from pokersim.scenario import SanctionKind

__all__ = ["Upkeep"]


class Upkeep(Endings):
    """Sequences between hands and when every table is idle (no clock)."""

    def _account(self, tab: Table, result: Outcome, now: int) -> list[Seat]:
        """Count the hand, check its chips, log it with its time-outs and disconnections.

        Its final stacks then take effect; returns the seats of the players left with none.
        """
        if now > self.sc.max_simulated_seconds:
            self._too_long(now)
        tab.playing = False
        self.playing -= 1
        self.hands_played += 1
        if self.on_hand is not None:
            assert isinstance(result, HandResult)  # a hand read is played with its records
            self.on_hand(result)
        elif self.dealer.watching.watch is not None:  # their hands whole, others' numbers
            self.dealer.watching.tell(tab, result, self.hands_played)
        finals = result.final_stacks
        if sum(finals) != tab.chips:
            raise InvariantError(
                f"table {tab.table_id} hand {tab.hand_no}: chips {tab.chips} -> {sum(finals)}"
            )
        inc = self.incidents
        if inc.conn_on or tab.table_id in inc.hand_timeouts:
            self._log(inc.connection_events(tab, result, now))
        emit = self.emit_table
        if emit is not None:
            if self.log_actions:  # the hand's own events, just before its TableHandEnded
                self.emit_hand(result.events)
            emit(self.hand_ended(now, tab.table_id, tab.hand_no, finals))
        stack = self.field.stack
        for p, left in zip(result.player_ids, finals):
            stack[p] = left
        if 0 not in finals:
            return []
        if type(result) is SettledHand:  # a hand of the tables' loop: its seats out kept
            return result.out
        return [seat for seat, left in zip(result.setup.seats, finals) if left == 0]

    def _too_long(self, now: int) -> None:
        """A structure that cannot finish: stop with what the clock and the stacks say."""
        sc = self.sc
        li = self.schedule.level_at(now)
        level = self.schedule.level(li)
        field = self.field
        average = field.total_chips / max(1, field.remaining) / level.big_blind
        days = sc.max_simulated_seconds / 86400
        raise ConfigError(
            f"{sc.name}: max_simulated_days: the simulated clock passed {days:g} days at level "
            f"{li + 1} ({level.small_blind}/{level.big_blind}) with {field.remaining} players "
            f"averaging {average:.1f} big blinds; expected a structure that finishes (faster "
            "blinds, smaller stacks) or a larger max_simulated_days"
        )

    def _bust(self, tab: Table, result: Outcome, out: Sequence[Seat]) -> None:
        """Players out of chips leave, their bounties are paid, and they are placed."""
        now = self.now
        by = {k.player_id: k.winner_ids for k in result.knockouts}
        busts: list[Bust] = []
        for seat in out:
            p = seat.player_id
            winners = by.get(p, ())
            busts.append((p, seat.stack, tab.table_id, tab.hand_no, winners))
            self._log(self.cashier.knockout(p, winners, now, self.schedule.level_at(now) + 1))
        self.floor.unseat_all(tab, [seat.seat_no for seat in out])
        self.field.remaining -= len(busts)
        if self.sync.round:
            self.sync.busts.extend(busts)
        else:
            self._place(busts, synchronized=False)
        if self.progress is not None:
            self.progress(len(busts))

    def _apply_disqualifications(self) -> None:
        """Disqualify the pending players who are not in a hand now (chip penalties first)."""
        if self.incidents.chips_pending:
            self._remove_chips()
        if self.arrival_at:
            return  # places are given once late registration closes (R-REG-1)
        pending = self.incidents.dq_pending
        field = self.field
        for p in list(pending):
            if field.stack[p] == 0:
                pending.remove(p)  # busted first
                continue
            tid, seat_no = field.location[p]
            tab = self.floor.tables[tid]
            if tab.playing or field.remaining - 1 < self.cashier.stop_at:
                continue
            if self.floor.shootout and len(tab.seats) < 2:
                continue  # R-SHOOT-1: a table's winner is disqualified in the next round
            pending.remove(p)
            self._disqualify(p, tab, seat_no)

    def _disqualify(self, p: int, tab: Table, seat_no: int) -> None:
        """R-COND-1: chips leave play; the lowest place still open, as if eliminated now."""
        now = self.now
        field = self.field
        cashier = self.cashier
        chips = field.stack[p]
        field.take_out_of_play(p, chips)
        self.floor.unseat(tab, seat_no)
        place = self.places.lowest_open()
        if cashier.book_open and field.remaining - 1 <= cashier.places_paid:  # as a bust (R-REG-3)
            self._log(cashier.close_entries(now, "in the money"))
        cents = cashier.prize_of(place)
        shared = self.places.disqualified_place(p, cashier.prizes)
        if shared is not None:  # out in a shoot-out round that shares its places (R-SHOOT-1)
            place, cents = shared
        n = self.incidents.conduct_dq.pop(p, 0)  # R-COND-3: a sanction, not a fault
        taken = 0
        if cashier.deal_amounts:
            cents = cashier.deal_amounts[p]  # a deal stands
        elif n:
            taken = confiscated_cents(cents, self.sc.conduct)
        elif self.sc.faults.disqualified_prize_forfeited:
            taken = cents
        cents -= taken
        forfeited = taken > 0
        field.remaining -= 1
        if n:
            kind = SanctionKind.DISQUALIFICATION.value
            imposed = SanctionImposed(
                t=now, player_id=p, kind=kind, infraction=n, confiscated_cents=taken
            )
            self._log([imposed])
        self._log(
            [
                PlayerDisqualified(
                    t=now, player_id=p, place=place, chips_removed=chips, prize_forfeited=forfeited
                )
            ]
        )
        self._log(
            self.places.disqualified(p, place, chips, cents, now, (tab.table_id, tab.hand_no))
        )
        if forfeited:
            old, new = cashier.forfeit(place, taken)
            self._log(self.places.top_up(old, new, place, now))
        self._log(self.places.bubble(now, cashier.places_paid))

    def _shootout_hand(self, tab: Table) -> None:
        """R-DIS-4: a table where everyone is away for the configured run of hands ends."""
        count = self.incidents.match_abandoned(tab, self.now)
        if not count:
            return
        now = self.now
        stack = self.field.stack
        winner = advancing_player({p: stack[p] for p in sorted(tab.seats.values())})
        self._log([MatchEnded(t=now, table_id=tab.table_id, winner_id=winner, hands=count)])
        busts: list[Bust] = []
        gone = []
        for seat_no, p in sorted(tab.seats.items()):
            if p == winner:
                continue
            busts.append((p, stack[p], tab.table_id, tab.hand_no, ()))
            stack[winner] += stack[p]  # the chips go with the match (conserved)
            stack[p] = 0
            gone.append(seat_no)
        self.floor.unseat_all(tab, gone)
        self.field.remaining -= len(busts)  # nobody knocked them out: bounties stay on heads
        if self.sync.round:
            self.sync.busts.extend(busts)
        else:
            self._place(busts, synchronized=False)

    def _form_final_table(self) -> None:
        """R-BAL-3: everyone left sits at one table, seats drawn at random; a deal offered."""
        now = self.now
        _tab, old, events = self.floor.form_final_table(now)
        self.final_at = now
        self.final_formed = True
        self._log(events)
        self._log(self.floor.close_all(old, now))  # the final table alone: a deal may be offered
        if self.sc.deal.enabled and not self.cashier.deal_tried:
            self._maybe_deal()

    def _settle_tables(self) -> None:
        """The final table if due, then tables broken and balanced (shoot-outs: the next round)."""
        self.resolving = True
        if self._final_due():
            self._form_final_table()
        floor = self.floor
        if not floor.shootout:
            self._log(floor.rebalance_all(self.now))
        elif (winners := floor.round_over()) is not None:
            self._next_round(winners)
        self.resolving = False

    def _next_round(self, winners: list[int]) -> None:
        """R-SHOOT-1: the winners drawn to new tables, each at the round's stack, level 1.

        Every chip of the round is with its winners; the new round's chips replace them (or
        the winners keep theirs and the clock runs on, with ``keep_chips``).
        """
        now = self.now
        field = self.field
        won = [field.stack[p] for p in winners]
        if sum(won) != field.total_chips:
            raise InvariantError(f"the round's winners hold {sum(won)} of {field.total_chips}")
        fresh = self.format.fresh_round_stack(self.floor.round + 1)
        stacks = won if fresh is None else [fresh] * len(winners)
        for p, chips in zip(winners, stacks):
            field.stack[p] = chips
        field.total_chips = sum(stacks)
        events = self.floor.next_round(winners, won, stacks, now)
        self._round_places(len(winners))
        if fresh is not None:
            events.insert(1, self.schedule.restart(now))
        self._log(events)
        if fresh is not None:
            self._start_clock()
        if len(self.floor.tables) == 1 and self.sc.deal.enabled and not self.cashier.deal_tried:
            self._maybe_deal()  # R-DEAL-1: the last round's one table is the final table

    def _round_places(self, players: int) -> None:
        """R-SHOOT-1: a round at several shoot-out tables shares its places."""
        tables = len(self.floor.tables)
        shared = self.format.shares_round_places(tables)
        self.places.start_round(players, tables, shared=shared)

    def _start_clock(self) -> None:
        """The director starts a clock process (the levels restarted)."""
        raise NotImplementedError

    def _after_hand_faults(self) -> None:
        """Between hands: scheduled failures by hand count, pending disqualifications."""
        inc = self.incidents
        if (cancel := inc.failure_due(self.hands_played)) is not None:
            self._server_failure(cancel)
            if self.over:
                return  # it cancelled the tournament: no sanction after its end (R-COND-3)
        for p in inc.infractions_due(self.hands_played):
            self._commit(p)
        if inc.chips_pending:
            self._remove_chips()
        inc.due_by_hands(self.hands_played, self.cashier.stop_at)
        if inc.dq_pending and not self.over and not self.sync.round:
            self._apply_disqualifications()
        if inc.faults.cancel_in_money and not self.over and self._in_the_money():
            self._cancel_now()

    def _in_the_money(self) -> bool:
        """R-FAULT-2: no more players left than places paid.

        The places are final then even while late players may still arrive: registration
        closes once the field is in the money (``Cashier.admit``).
        """
        left = self.field.remaining
        cashier = self.cashier
        return cashier.stop_at < left <= cashier.places_paid

    def _cancel_now(self) -> None:
        """R-FAULT-2: the operator cancels; the hands in progress roll back first."""
        ends = self._hands_in_progress()
        self.incidents.cancelled_mid_hand(list(ends))
        self._void_hands(ends)
        self._cancel(self.now)

    def _server_failure(self, cancel: bool) -> None:
        """R-FAULT-1: every hand in progress at every table rolls back to its start."""
        now = self.now
        ends = self._hands_in_progress()
        self._log([self.incidents.server_failure(list(ends), now, cancel=cancel)])
        self._void_hands(ends)
        if cancel:
            self._cancel(now)

    def _draw_disqualification(self, index: int) -> None:
        """R-COND-1: a player still in, drawn at random, is to be disqualified."""
        if not self.incidents.draw_disqualification(index, self.cashier.stop_at):
            return
        if self.resolving or self.sync.round:
            return  # applied once every table is idle, or the synchronized round's end
        self._apply_disqualifications()  # now, unless the player's table is in a hand
        if self.playing == 0 and self._play_over():
            self._finish()

    def _infraction(self, index: int) -> None:
        """R-COND-3: a player still in, drawn at random, commits an infraction."""
        p = self.incidents.draw_offender(index)
        if p is None:
            return
        self._commit(p)
        if self.playing == 0 and not self.resolving:  # between hands everywhere (a break)
            self._apply_disqualifications()
            if self._play_over():
                self._finish()

    def _commit(self, p: int) -> None:
        """R-COND-3: ``p`` moves one step up the ladder; a warning or missed hands apply now.

        Chips removed and disqualification wait until ``p`` is between hands.
        """
        committed = self.incidents.commit(p, self.now)
        if committed is None:
            return
        event, step = committed
        self._log([event])
        imposed = SanctionImposed(
            t=event.t, player_id=p, kind=step.value, infraction=event.infraction
        )
        if step is SanctionKind.MISSED_HANDS:
            hands = self.sc.conduct.missed_hands
            self.dealer.deal_out(p, hands)  # from the next hand dealt to them
            imposed = replace(imposed, missed_hands=hands)
        elif step is not SanctionKind.WARNING:
            return
        self._log([imposed])

    def _remove_chips(self) -> None:
        """R-COND-3: chip penalties of players between hands; those chips leave play."""
        inc = self.incidents
        field = self.field
        percent = self.sc.conduct.chips_removed_percent
        waiting = []
        kind = SanctionKind.CHIPS_REMOVED.value
        for p, n in inc.chips_pending:
            if field.stack[p] == 0:
                continue  # out first: nothing to take
            if self.floor.tables[field.location[p][0]].playing:
                waiting.append((p, n))
                continue
            chips = chips_to_remove(field.stack[p], percent)
            field.take_out_of_play(p, chips)
            self._log(
                [
                    SanctionImposed(
                        t=self.now, player_id=p, kind=kind, infraction=n, chips_removed=chips
                    )
                ]
            )
        inc.chips_pending = waiting

    def _arrive(self, p: int) -> None:
        """R-REG-1: a late player registers and is seated at random in a free seat."""
        if p not in self.arrival_at:
            return  # registration already over
        del self.arrival_at[p]
        try:
            self._register(p, self.now)
        finally:
            if not self.arrival_at:
                self._flush_places()

    def _register(self, p: int, now: int) -> None:
        admitted, events = self.cashier.admit(
            p,
            now,
            someone_out=self.places.someone_out(),
            full_tables=self.floor.full_tables(self.sc.entries.max_tables),
        )
        self._log(events)
        if not admitted:
            return
        tab, seat_no, opened = self.floor.seat_arrival(p, now)
        self._log(opened)
        self._log(
            [
                PlayerRegistered(
                    t=now, player_id=p, registered=True, table_id=tab.table_id, seat_no=seat_no
                )
            ]
        )
        if not tab.playing and self.playing > 0:  # never during a pause (break, outage)
            self._wake_idle()
