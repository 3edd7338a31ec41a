"""The director's stretches of plain play: every table's hands in one compiled loop.

Most hand ends change nothing the director must see: no one busts, no level, break, hold,
balancing or deal is due. While that stays true (``steady``: checked again after every event the
director handles itself), the tables' hand ends are applied and their next hands dealt by
``tables_kernel.cruise`` from the tables' arrays (``engine.state.TableArrays``), in the
calendar's order, until the next event of the director's own, or a hand end it must see. The
tables it played get their records back (hand number, button, chips); a hand end it leaves on
the calendar is read from the arrays when the director applies it (``settled``).

The hands the director deals itself (after a bust, a move, a block used up, a break) are dealt
by the same compiled code one at a time (``deal``) when the dealer would play them compiled
anyway. The loop makes what a table's next hand needs itself: the head of its seats when they
changed (from the seats and the players' codes in the arrays: ``betting_kernel.seats_head``),
and its next blocks of decks and draws when used up (keyed by seed, table and hand, as the
shoe's: ``deck_kernel``); the shoe reads the blocks back when Python deals (``synced``).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Any

import numpy as np

from pokersim import tables_kernel as tk
from pokersim.betting_kernel import (
    HEADER,
    SEAT_NOS,
    ante_code,
    constants,
    kept_knockouts,
    machine_views,
)
from pokersim.config import Level
from pokersim.engine.agenda import WINDOW
from pokersim.engine.played import Outcome, SettledHand
from pokersim.engine.state import (
    FIN_BUST,
    FIN_GIVE,
    FIN_LOOP,
    T_BUTTON,
    T_CHIPS,
    T_FIN_N,
    T_FIN_OK,
    T_HAND_NO,
    T_LEVEL,
    T_STARTED,
    T_TOUCHED,
    Table,
    TableArrays,
)
from pokersim.errors import InvariantError
from pokersim.hand_log import HandEvents
from pokersim.kernel_cache import resolve
from pokersim.model_kernel import NO_CONTEXT, seats_inputs
from pokersim.rng import DECISION_NORMALS, DECISION_UNIFORMS

__all__ = ["Cruise"]

_BIG = 2**62  # "never" as a second


class Cruise:
    """Runs the compiled loop for a director when its state allows (``run``)."""

    def __init__(self, director: Any, arrays: TableArrays) -> None:
        # the director (``engine.director``, which imports this module): its desks and clock
        self.d = director
        self.arrays = arrays
        self.state = np.zeros(tk.S_WIDTH, dtype=np.int64)
        self.state[tk.S_SPT] = arrays.spt
        self.state[tk.S_WINDOW] = WINDOW
        self.state[tk.S_DEAL] = -1
        # the key of the blocks the loop makes (the seed's 64 bits), and their widths
        self.state[tk.S_SEED : tk.S_SEED + 1] = np.array(
            [director.streams.seed & (2**64 - 1)], dtype=np.uint64
        ).view(np.int64)
        self.state[tk.S_UNIFORMS], self.state[tk.S_NORMALS] = DECISION_UNIFORMS, DECISION_NORMALS
        self.touched = np.zeros(0, dtype=np.int64)
        self.state[tk.S_EMIT] = director.emit_table is not None  # the table events, as rows
        self.state[tk.S_RECORD] = arrays.record  # and each hand's own events before its end
        self.rows = np.zeros(1 << (18 if arrays.record else 16), dtype=np.int64)
        self.marks = np.zeros(1 << 14, dtype=np.int64)
        self.dirty = True  # the director handled an event since ``steady`` was last asked
        self.steady = False
        self.until = 0
        self.level = 0
        self.tis: np.ndarray | None = None
        self._tis_for: Any = None  # the context of the tournament inputs (``_inputs``)
        self._tis: np.ndarray | None = None
        self._tis_sizes: set[int] = set()
        self._tis_rows = np.zeros((arrays.spt + 1, len(NO_CONTEXT)), dtype=np.float64)
        self._run: Any = None
        self._givers: list[int] = []  # the tables ``_givers_marked`` marked
        self._level_set: Level | None = None  # the level ``_level_state`` wrote last
        dealer = director.dealer
        timing = dealer.pace
        self.pace = np.array(
            [timing.deal_seconds, timing.street_seconds, timing.showdown_seconds,
             dealer.action_seconds], dtype=np.float64,
        )  # fmt: skip

    def _check(self) -> bool:
        """Whether every hand end the director would apply now is plain (``steady``)."""
        d = self.d
        now = d.now
        dealer, floor, inc, cashier = d.dealer, d.floor, d.incidents, d.cashier
        if (
            d.over or d.resolving or d.idle or d.sync.round or d._hold(now)
            or cashier.book_open or (d.sc.deal.enabled and not cashier.deal_tried)
            or d._play_over() or floor.shootout or floor.must_break()
            or inc.faults_on or inc.timed_out or dealer.missing or dealer.dealt_out
        ):  # fmt: skip
            return False
        sizes = [k for k, ids in enumerate(floor.by_size) if ids]
        if not sizes or sizes[0] < 2:
            return False  # a table cannot deal
        li = d.schedule.level_at(now)
        self.tis = self._inputs(dealer.contexts.for_hand(now, li, False), sizes)
        if self.tis is None:
            return False
        self.level = li
        self._level_state(d.schedule.level_now, li)
        ends = [d.schedule.next_break, cashier.addon_at, d.schedule.level_ends(now)]
        ends.append(d.sc.max_simulated_seconds + 1)
        self.until = int(min(min(ends), _BIG))
        self._givers_marked(sizes[0])
        return True

    def _givers_marked(self, smallest: int) -> None:
        """The hand ends of the tables that give players (R-BAL-2) marked the director's.

        At another table's hand end nothing moves: the loop applies it as the director would.
        """
        tabs = self.arrays.tabs
        for x in self._givers:  # the last check's marks taken back first
            if tabs[x, T_FIN_OK] == FIN_GIVE:
                tabs[x, T_FIN_OK] = FIN_LOOP
        d = self.d  # and where a watch's players sit: their hands are recorded
        marks = d.floor.givers(smallest) + d.dealer.watching.seated(d.field, d.floor.tables)
        givers = [x for x in marks if tabs[x, T_FIN_OK] == FIN_LOOP]
        if givers:
            tabs[givers, T_FIN_OK] = FIN_GIVE
        self._givers = givers

    def run(self, table: int) -> bool:
        """Play the tables' hands up to the director's next event; False when none was.

        ``table``'s hand end is the calendar's next event: one the director applies (a bust, a
        hand played in Python) stops the loop before it starts. A table whose next hand the
        loop leaves to the director (a player away, a plug-in's seat) is offered to ``deal``
        and the loop goes on: nothing the director sees changed.
        """
        tabs = self.arrays.tabs
        fin = tabs[table, T_FIN_OK]
        if fin != FIN_LOOP and fin != FIN_GIVE:
            return False
        if self.dirty:
            self.dirty = False
            self.steady = self._check()
            fin = tabs[table, T_FIN_OK]
        if not self.steady or fin != FIN_LOOP:
            return False  # (``FIN_GIVE``: a table giving players, ``_givers_marked``)
        d = self.d
        env = d.env
        state = self.state
        done = 0
        while True:
            status = self._stretch()
            done += int(state[tk.S_HANDS])
            if status == tk.TO_DEAL:  # its hand applied: its next one dealt now
                tab = d.floor.tables[int(state[tk.S_TABLE])]
                env._now = env.hands.cursor
                if self.deal(tab, env.hand_events[tab.table_id]):
                    continue
                d._deal(tab, env.hand_events[tab.table_id])
                self.dirty = True  # a hand dealt in Python may leave something to see (time-outs)
            return done > 0

    def _stretch(self) -> int:
        """One call of the loop, the calendar and the tables' records given back: its status."""
        d = self.d
        env = d.env
        hands = env.hands
        state = self.state
        state[tk.S_CURSOR] = hands.cursor
        state[tk.S_PENDING] = hands.pending
        state[tk.S_SEQ] = env.seq
        stop_at, stop_seq = env.next_other()
        state[tk.S_STOP_AT] = min(stop_at, _BIG)
        state[tk.S_STOP_SEQ] = stop_seq
        state[tk.S_UNTIL] = self.until
        state[tk.S_LEVEL] = self.level
        state[tk.S_PRESENT] = d.dealer._present
        state[tk.S_HANDS] = 0
        state[tk.S_TOUCHED] = 0
        status = self._call()
        hands.cursor = int(state[tk.S_CURSOR])
        hands.pending = int(state[tk.S_PENDING])
        env.seq = int(state[tk.S_SEQ])
        d.hands_played += int(state[tk.S_HANDS])
        self._give_back()
        if state[tk.S_MARKS]:
            self._emit()
        if status == tk.CHIPS_LOST:
            x = int(state[tk.S_TABLE])
            raise InvariantError(f"table {x} hand {self.arrays.tabs[x, T_HAND_NO]}: chips lost")
        return status

    def deal(self, tab: Table, end: Any) -> bool:
        """Deal the table's next hand now as the dealer would, compiled; False: the dealer must.

        The dealer's own path (``Director._deal``) stays for what the compiled deal leaves to
        Python: a synchronized round, rebuys (which read the hand's seats), a penalized or
        timed-out player, a seat to ask in Python, tournament inputs that depend on the players
        (cash bounties).
        """
        d = self.d
        dealer, inc = d.dealer, d.incidents
        if (
            d.sync.round or d.cashier.book_open or dealer.dealt_out or dealer.missing
            or inc.timed_out or dealer.watching.director_deals(tab)
        ):  # fmt: skip
            return False
        env = d.env
        now = int(env.now)
        li = d.schedule.level_at(now)
        level = d.schedule.level_now
        tis = self._inputs(dealer.contexts.for_hand(now, li, False), (len(tab.seats),))
        if tis is None:
            return False
        x = tab.table_id
        hands = env.hands
        if x >= len(hands.next):
            hands.reserve(2 * x + 2)
        state = self.state
        self._level_state(level, li)
        state[tk.S_DEAL], state[tk.S_NOW], state[tk.S_PRESENT] = x, now, dealer._present
        state[tk.S_SEQ], state[tk.S_PENDING] = env.seq, hands.pending
        status = self._call(tis)
        state[tk.S_DEAL] = -1
        if status == tk.TO_DEAL:  # nothing dealt
            return False
        if status == tk.CHIPS_LOST:
            raise InvariantError(f"table {x} hand {tab.hand_no + 1}: chips lost")
        row = self.arrays.tabs[x]
        tab.hand_no = int(row[T_HAND_NO])
        tab.last_button = int(row[T_BUTTON])
        tab.chips = int(row[T_CHIPS])
        if state[tk.S_MARKS]:
            self._emit()
        env.hand_events[x] = end
        assert status == tk.DEALT
        end._value = None  # read from the arrays when applied (``settled``)
        hands.pending = int(state[tk.S_PENDING])
        env.seq = int(state[tk.S_SEQ])
        hands.cursor = min(hands.cursor, hands.at[x])  # as ``HandCalendar.push`` keeps it
        return True

    def _level_state(self, level: Level, li: int) -> None:
        """The level (index ``li``) whose blinds and ante the tables' heads must hold."""
        state = self.state
        if level is self._level_set and state[tk.S_LEVEL] == li:
            return  # its blinds and ante written last
        self._level_set = level
        state[tk.S_LEVEL] = li
        state[tk.S_SB], state[tk.S_BB] = level.small_blind, level.big_blind
        state[tk.S_ANTE], state[tk.S_ANTE_KIND] = level.ante, ante_code(level)

    def _inputs(self, context: Any, sizes: Sequence[int]) -> np.ndarray | None:
        """The tournament inputs under ``context`` of tables of each size (row n: n players).

        Filled size by size as asked, while the context stays. None: they depend on who the
        players are (cash bounties).
        """
        if context is not self._tis_for:
            self._tis_for = context
            self._tis = self._tis_rows  # the loop reads only the rows filled since (as long)
            self._tis_sizes = set()
        tis = self._tis
        if tis is not None:
            for n in sizes:
                if n not in self._tis_sizes:
                    got = seats_inputs(self.d.dealer.kernel_params, context, n)
                    if got is None:
                        self._tis = None
                        return None
                    tis[n, : len(got)] = got
                    self._tis_sizes.add(n)
        return tis

    def _call(self, tis: np.ndarray | None = None) -> int:
        d = self.d
        a = self.arrays
        hands = d.env.hands
        ints, floats, banks = machine_views(a.spt, d.dealer.decision_pace, d.incidents.bank)
        if len(self.touched) < a.capacity:
            self.touched = np.zeros(a.capacity, dtype=np.int64)
        args = (
            hands.first, hands.last, hands.next, hands.at, hands.seq, self.state, a.tabs,
            a.heads, a.fins, a.fin_ids, a.kos, a.decks, a.ranks, a.uniforms, a.normals,
            d.field.stack, banks, ints, floats, d.dealer.kernel_params, constants(),
            self.tis if tis is None else tis, self.pace, self.touched, self.rows, self.marks,
            a.logs, a.seat_ids, a.codes,
        )  # fmt: skip
        if self._run is None:  # the arguments' types never change: resolved once
            self._run = resolve(tk.cruise, *args)
        return int(self._run(*args))

    def _emit(self) -> None:
        """The table events of the hands the loop played, a row each, in order.

        Recorded, each hand's own events come before its end (a negative mark), at once.
        """
        state = self.state
        data = self.rows[: state[tk.S_ROWS]].tobytes()
        if self.d.emit_log is not None:  # one reader takes every row: at once
            self.d.emit_log(data)
            state[tk.S_ROWS] = state[tk.S_MARKS] = 0
            return
        emit = self.d.emit_table
        assert emit is not None
        start = 0
        for end in self.marks[: state[tk.S_MARKS]].tolist():
            if end < 0:
                end = -end
                self.d.emit_hand(HandEvents(array("q", data[8 * start : 8 * end])))
            else:
                emit(data[8 * start : 8 * end])
            start = end
        state[tk.S_ROWS] = state[tk.S_MARKS] = 0

    def _events(self, x: int) -> HandEvents | tuple[()]:
        """The own events of the hand under way at table ``x`` (recorded), as the dealer's."""
        if not self.arrays.record:
            return ()
        log = self.arrays.logs[x]
        return HandEvents(array("q", log[1 : 1 + log[0]].tobytes()))

    def _give_back(self) -> None:
        """The tables the loop played: their records as the arrays say, their ends unread."""
        tabs = self.arrays.tabs
        tables, events = self.d.floor.tables, self.d.env.hand_events
        for x in self.touched[: self.state[tk.S_TOUCHED]].tolist():
            row = tabs[x].tolist()
            tab = tables[x]
            tab.hand_no, tab.last_button, tab.chips = row[T_HAND_NO], row[T_BUTTON], row[T_CHIPS]
            tabs[x, T_TOUCHED] = 0
            events[x]._value = None  # its hand's end is read from the arrays (``settled``)

    def dealt(self, tab: Table, result: Outcome) -> None:
        """A hand the director dealt: the table's arrays as its records say."""
        x = tab.table_id
        row = self.arrays.tabs[x]
        row[T_HAND_NO], row[T_BUTTON], row[T_CHIPS] = tab.hand_no, tab.last_button, tab.chips
        finals = result.final_stacks
        if (
            0 in finals or x in self.d.incidents.hand_timeouts or self.arrays.record
            or self.d.dealer.watching.applied(x)
        ):  # fmt: skip
            # the director's to apply (a hand dealt in Python keeps its own events)
            row[T_FIN_OK] = 0
        else:
            n = len(finals)
            self.arrays.fins[x, :n] = finals
            self.arrays.fin_ids[x, :n] = result.player_ids
            row[T_FIN_N] = n
            row[T_FIN_OK] = 1

    def settled(self, table_id: int) -> SettledHand:
        """The hand the loop dealt at a table, as the director applies it.

        Someone busted: with its knockouts, and its seats as they started (the players' stacks
        still the hand's start's: applied when the director applies it).
        """
        a = self.arrays
        tabs = a.tabs
        kind = int(tabs[table_id, T_FIN_OK])
        if not kind:
            raise InvariantError(f"table {table_id}: no hand of the loop to apply")
        tabs[table_id, T_FIN_OK] = 0
        row = tabs[table_id].tolist()
        n = row[T_FIN_N]
        ids = tuple(a.fin_ids[table_id, :n].tolist())
        final = tuple(a.fins[table_id, :n].tolist())
        if kind != FIN_BUST:
            return SettledHand(final, ids, self._events(table_id))
        seat_nos = a.heads[table_id, HEADER + SEAT_NOS * n : HEADER + (SEAT_NOS + 1) * n].tolist()
        stack = self.d.field.stack
        li = row[T_LEVEL]
        start = (
            seat_nos, [stack[p] for p in ids], seat_nos.index(row[T_BUTTON]),
            self.d.schedule.levels.levels[li], self.d.sc.structure, table_id, row[T_HAND_NO], li,
            row[T_STARTED],
        )  # fmt: skip
        knockouts = kept_knockouts(a.kos[table_id], n, final, ids)
        return SettledHand(final, ids, self._events(table_id), knockouts, start)
