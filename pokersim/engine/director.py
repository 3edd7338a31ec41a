"""The director: the clock, one SimPy process per table and one "every table is idle" event.

The only module importing simpy. Time is integer seconds from the start. A hand is played when
it starts and applied at its end (``_hand_end``), where the table deals again; its process
resumes only when the table stops. Plain hand ends and deals run compiled (``engine.cruise``).
Same-time events run first-in first-out; "every table is idle" runs first in its second.

After a hand (``_hand_ended``), in this order: a hand a server failure voided just ends (it
was rolled back at the failure, ``_void_hands``); the hand is logged with its time-outs and
disconnections (incidents); stacks are applied; rebuys and re-entries are sold (cashier); the
players out leave their seats (floor), their bounties are paid (cashier) and they are placed
(places; held to the end of a synchronized round); a shoot-out match where everyone is away
ends (incidents, places); faults due by hand count strike (incidents); play stops if few enough
are left (places); a deal is offered (cashier) and its negotiation pauses play (schedule); then
the table either waits for the others (a hold: break, pause, final table, hand-for-hand), breaks
(floor), or balances (floor), wakes idle tables and deals again.

When every table is idle (``_resolve``), in this order: the synchronized round's players are
placed (places); the final table is formed and a deal offered (floor, cashier); tables break and
balance, or a shoot-out round advances (floor, places, schedule: R-SHOOT-1); hand-for-hand
starts or ends; pending disqualifications apply (incidents); a deal's negotiation (schedule)
and an outage (incidents) pause play; the add-on break (cashier); a due break (schedule); then
every table that can deal starts again.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Generator
from functools import partial
from typing import Any

import simpy
from simpy.events import NORMAL, URGENT

from pokersim.engine.agenda import Agenda
from pokersim.engine.cruise import Cruise
from pokersim.engine.floor import Floor
from pokersim.engine.played import Outcome
from pokersim.engine.setup import Options
from pokersim.engine.state import Table
from pokersim.engine.upkeep import Upkeep
from pokersim.errors import InvariantError
from pokersim.events import BreakEnded
from pokersim.scenario import Scenario
from pokersim.script import StartPosition

__all__ = ["AllIdle", "Director"]

Process = Generator[simpy.Event, Any, None]
Pending = tuple[int, Callable[[], "Pending | None"]]  # wait this long, then do this


class AllIdle(simpy.Event):
    """Every table is between hands. It runs before anything else due in the same second."""

    def fire(self) -> None:
        """Trigger the event with urgent priority (as SimPy starts a process)."""
        self._ok = True
        self._value = None
        self.env.schedule(self, URGENT)


class HandEnd(simpy.Event):
    """The end of a table's hand; its value is the hand's result (``Director._hand_end``)."""

    def __init__(self, env: simpy.Environment, table: Table) -> None:
        super().__init__(env)
        self.table = table
        self._ok = True


class Clock(Agenda, simpy.Environment):
    """SimPy's environment with its events kept by time (``engine.agenda``): the same order."""

    empty = simpy.core.EmptySchedule
    hand_end_type = HandEnd


class Director(Upkeep):
    """Keeps time for one tournament: tables' processes, the clock, faults, late arrivals."""

    def __init__(
        self, scenario: Scenario, seed: int, opts: Options, start_position: StartPosition | None
    ) -> None:
        super().__init__(scenario, seed, opts)
        self.env = Clock()
        self.env.on_hand_end = self._hand_end
        self.env.cruise = None if self.arrays is None else Cruise(self, self.arrays)
        self.start_position = start_position
        self.go: dict[int, simpy.Event] = {}  # by table: the event its process waits on
        self.idle: dict[int, None] = {}  # ids of open tables between hands (ordered set)
        self.all_idle = AllIdle(self.env)
        faults = self.incidents.timeline()  # failures, disqualifications, cancel, infractions
        if faults:
            cancels = self.incidents.faults.cancels  # by kind, as ``timeline`` numbers them
            act = (lambda i: self._server_failure(cancels[i]), self._draw_disqualification,
                   lambda i: self._cancel_now(), self._infraction)  # fmt: skip
            self.env.process(self._at_times([(at, partial(act[k], i)) for at, k, i in faults]))

    @property
    def now(self) -> int:
        """Simulated seconds now."""
        return int(self.env.now)

    def start(self) -> None:
        """Seat the players, open the tables, start the clock and the first hands."""
        on_time = self._late_start()  # R-REG-1: late players arrive later
        if self.arrival_at:
            arrivals = sorted((t, p) for p, t in self.arrival_at.items())
            self.env.process(self._at_times([(at, partial(self._arrive, p)) for at, p in arrivals]))
        self._log(self._opening(on_time))
        if self.lobby.cancelled:  # R-REG-4, R-FAULT-2: every buy-in and fee back, nothing played
            self._cancel_before_start(on_time)
            return
        for p in on_time:
            self.cashier.bounty.register(p)
        fixed = self.start_position
        if fixed is None:
            draw = self.floor.start_draw(on_time)
        else:  # a scripted position (pokersim.script): seats, stacks and buttons as given
            draw = [dict(seats) for seats in fixed.seats]
            self.field.stack = array("q", fixed.stacks)
            self.field.total_chips = sum(self.field.stack)
        for seats in draw:
            tab = self.floor.open_table(seats)
            self._log([Floor.opened(tab, 0)])
            if fixed is not None:
                tab.last_button = fixed.buttons[tab.table_id - 1] - 1  # next hand: that seat
        self._round_places(len(on_time))
        self._start_clock()
        self.env.process(self._idle_process(self._timer(self._resolve())))

    def _start_clock(self) -> None:
        self.env.process(self._clock_process())

    # -- processes ---------------------------------------------------------------------------

    def _clock_process(self) -> Process:
        """Log level changes and break starts at their times (R-SHOOT-1: until a restart)."""
        if self.over:
            return  # it ended as it started (a flight already at its stop): no level after it
        schedule = self.schedule
        env = self.env
        level_i = schedule.level_at(self.now)
        clock_round = schedule.clock_round
        if clock_round == 1:
            brk = schedule.breaks.breaks_started_by(self.now) if self.now else 0
            schedule.breaks_logged = brk  # (those before a late start are not logged)
            self._log([schedule.level_started(level_i, self.now)])  # a new round logged its own
        else:  # the breaks run on the wall clock: the first one not logged yet is this one's
            brk = schedule.breaks_logged
        while not self.over:
            if schedule.clock_round != clock_round:
                return  # the levels restarted: the new round's clock logs from now on
            change = schedule.next_change(level_i, brk)
            if change is None:
                return
            at, is_break, is_level = change
            if at > self.now:
                yield env.timeout(at - self.now)
                continue  # a pause (R-DEAL-2) may have moved the change meanwhile: ask again
            if is_break:
                self._log([schedule.break_started(brk, at)])
                brk += 1
                schedule.breaks_logged = brk
            if is_level:
                level_i += 1
                self._log([schedule.level_started(level_i, self.now)])
                self.incidents.level_started(level_i)

    def _table_process(self, tab: Table) -> Process:
        """Deals when started; resumed only when a hand's end stops the table (`_hand_end`)."""
        go, tid = self.go, tab.table_id
        while True:
            yield go[tid]
            if not tab.open or self.over:
                if not tab.open:  # nothing waits on a closed table again
                    del go[tid]
                return
            if not tab.recheck or self._still_ready(tab):
                yield self._deal(tab, HandEnd(self.env, tab))

    def _deal(self, tab: Table, end: HandEnd) -> HandEnd:
        """Play the table's next hand now (compiled when it may be); ``end`` fires at its end."""
        self.incidents.hand_starting(tab)  # R-FAULT-1: what a voided hand restores
        if self.env.cruise is not None and self.env.cruise.deal(tab, end):
            return end
        seat_nos, button = Floor.move_button(tab)
        (end._value, seconds), started = self.dealer.play(
            tab, seat_nos, button, int(self.env.now), self.sync.round, self.cashier.places_paid
        )
        if started is not None and self.emit_table is not None:  # made only when there is a log
            self.emit_table(started)  # a record to emit, or rows to emit_rows
        self.env.schedule(end, NORMAL, seconds)  # the tables' loop reads the hand off it
        return end

    def _hand_end(self, end: HandEnd) -> bool:
        """A hand's seconds are up: apply it; True when its table dealt again (``end`` reused)."""
        if end._value is None:  # a hand of the tables' loop
            end._value = self.env.cruise.settled(end.table.table_id)
        if self._hand_ended(end.table, end._value):
            self._deal(end.table, end)
            return True
        return False

    def _end_now(self, table_id: int) -> Any:
        return self.env.end_now(table_id)

    def _timer(self, pending: Pending | None) -> tuple[simpy.Event, Callable[[], Any]] | None:
        """A wait asked for by ``_resolve``, its timeout made now (same-time order kept)."""
        if pending is None:
            return None
        return self.env.timeout(pending[0]), pending[1]

    def _idle_process(self, timer: tuple[simpy.Event, Callable[[], Any]] | None) -> Process:
        """Waits for every table to be idle, then resolves (a break or outage may wait first)."""
        while True:
            while timer is not None:
                yield timer[0]
                if self.over:
                    return  # it ended during the wait (a disqualification in a break, R-COND-1)
                timer = self._timer(timer[1]())
            yield self.all_idle
            self.all_idle = AllIdle(self.env)
            timer = self._timer(self._resolve())

    def _at_times(self, timeline: list[tuple[int, Callable[[], Any]]]) -> Process:
        """Does each thing at its time (faults, late arrivals) until the tournament is over."""
        for at, act in timeline:
            if at > self.env.now:
                yield self.env.timeout(at - self.now)
            if self.over:
                return
            act()

    # -- tables starting and stopping --------------------------------------------------------

    def _opened(self, tab: Table) -> None:
        self.idle[tab.table_id] = None
        self.go[tab.table_id] = self.env.event()
        self.env.process(self._table_process(tab))

    def _closed(self, table_id: int) -> None:
        self.idle.pop(table_id, None)
        go = self.go[table_id]
        if not go.triggered:
            go.succeed()  # let its process end

    def _start_table(self, tab: Table) -> None:
        if tab.playing:
            raise InvariantError(f"table {tab.table_id} started twice")
        tab.playing = True
        self.playing += 1
        self.idle.pop(tab.table_id, None)
        self.go[tab.table_id].succeed()

    def _stop(self, tab: Table) -> bool:
        """The table waits; the last one to stop makes every table idle."""
        self.go[tab.table_id] = self.env.event()
        self.idle[tab.table_id] = None
        if self.playing == 0 and not self.all_idle.triggered:
            self.all_idle.fire()
        return False

    def _wake_idle(self) -> None:
        """Start the idle tables that can play (too few players before, or a hold lifted)."""
        if not self.idle or self.over or self.resolving or self._hold(int(self.env.now)):
            return
        tables = self.floor.tables
        for tid in sorted(self.idle):
            t = tables.get(tid)
            # one player moves nobody (R-BAL-2), cannot deal: a shoot-out's won tables wait so
            if t is None or t.playing or len(t.seats) < 2:
                continue
            self._log(self.floor.balance_from(t, self.now))  # it sat out a hold: rebalance
            if len(t.seats) >= 2:
                t.recheck = True
                self._start_table(t)

    # -- a hand ------------------------------------------------------------------------------

    def _hand_ended(self, tab: Table, result: Outcome) -> bool:
        """Apply a finished hand; True when the table goes straight on to its next hand."""
        inc = self.incidents
        if inc.rollback and tab.table_id in inc.rollback:
            return self._roll_back(tab, result)  # a server failure voided it (R-FAULT-1)
        now = int(self.env.now)
        out = self._account(tab, result, now)
        if self.cashier.book_open:  # rebuys and re-entries before anyone is placed (R-REG-2)
            events, out = self.cashier.buy_back(
                result, out, now, someone_out=self.places.someone_out()
            )
            self._log(events)
        if out:
            self._bust(tab, result, out)
        if self.floor.shootout:
            self._shootout_hand(tab)
        if inc.faults_on:
            self._after_hand_faults()
            if self.over:
                return False
        if self._play_over():
            if self.playing:  # a satellite's seats: the hands still under way end first
                return self._stop(tab)
            self._finish()
            return False
        if self.sc.deal.enabled and not self.cashier.deal_tried:
            self._maybe_deal()
        return self._go_on(tab, now)

    def _go_on(self, tab: Table, now: int) -> bool:
        """The table waits for the others (a hold), breaks, or balances and deals again."""
        if self._hold(now):
            return self._stop(tab)
        floor = self.floor
        if not floor.shootout and floor.must_break():
            self._break_table(tab)
            return False
        moves = floor.balance_from(tab, now)
        if moves:
            self._log(moves)
        if self.idle:
            self._wake_idle()
        if len(tab.seats) < 2:
            return self._stop(tab)
        tab.playing = True
        self.playing += 1
        return True

    def _break_table(self, tab: Table) -> None:
        """R-BAL-1: break the table that is between hands into the others' free seats."""
        self._log(self.floor.break_table(tab, self.now))
        self._wake_idle()
        if self.playing == 0 and not self.over and not self.all_idle.triggered:
            self.all_idle.fire()

    # -- when every table is idle ------------------------------------------------------------

    def _resolve(self) -> Pending | None:
        """Every table is between hands: do what needs all tables idle, then restart them.

        Returns a wait (seconds, then what) when play resumes later: an outage, a deal's
        negotiation, the add-on break or a break.
        """
        # a table may have dealt again since they stopped (a server failure with no outage);
        # F-FLIGHT-1: a flight bags once every table is idle
        if self.over or self.playing or self._day_ended():
            return None
        now = self.now
        if self.sync.round:
            busts = self.sync.round_over()
            if busts:
                self._place(busts, synchronized=True)
        self._settle_tables()
        field = self.field
        self._log(
            self.sync.update(
                now, self.sync.wanted(field.remaining, len(self.floor.tables)), field.remaining
            )
        )
        inc = self.incidents
        if inc.faults_on and (inc.dq_pending or inc.chips_pending):
            if not self._play_over():
                self._apply_disqualifications()
                if self._play_over():
                    self._finish()
                    return None
                self._settle_tables()  # those out may leave a table alone (heads-up tables)
        stopped = self._stopped_for(now)  # a deal's negotiation, an outage
        if stopped:
            return stopped, self._resolve
        if now >= self.cashier.addon_at:
            events, end = self.cashier.addon_break(now)  # R-BRK-3: add-ons in an extra break
            self._log(events)
            return self.schedule.hold(now, end), self._resolve
        due = self.schedule.due_break(now)
        if due is not None:
            index, resume = due
            if resume > now:
                return resume - now, lambda: self._restart(index)
        return self._restart(None if due is None else due[0])

    def _restart(self, break_index: int | None) -> Pending | None:
        """Play resumes (after a break, if one was taken): every table that can deal starts."""
        if break_index is not None:
            self._log([BreakEnded(t=self.now, break_index=break_index)])
            wait = self._stopped_for(self.now)  # R-FAULT-1: an outage begun in the break
            if wait:
                return wait, self._resolve
        if all(len(t.seats) < 2 for t in self.floor.tables.values()):
            self._settle_tables()  # those disqualified in the break left nobody to deal with
        self.sync.round = self.sync.on  # a synchronized round starts every table together
        for _tid, tab in sorted(self.floor.tables.items()):
            if len(tab.seats) >= 2:
                self._start_table(tab)
        if self.playing == 0:
            raise InvariantError(f"no table can deal with {self.field.remaining} players left")
        return None
