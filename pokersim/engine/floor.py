"""The floor: tables and seats, the button, balancing, breaking tables, the final table.

It keeps every open table and, by size, the order the tables came to that size (moves only
ever go to the smallest tables, so a bounded set of candidates keeps balancing cheap whatever
the field). It returns the events that happened; opening and closing a table is a fact the
director acts on (a process starts or ends). The rules are pure functions in
``pokersim.seating`` and ``pokersim.balancing``. A broken table's players draw their seats
from the table's break stream under every policy (R-BAL-1); the policy (position matching
or TDA) decides balancing moves only (R-BAL-2).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pokersim.balancing import Move, TableSeats, plan_balance, plan_break
from pokersim.engine.format import Format
from pokersim.engine.state import Field, Table, TableArrays
from pokersim.errors import InvariantError
from pokersim.events import (
    FinalTableFormed,
    PlayerMoved,
    ShootoutRoundStarted,
    TableBroken,
    TableOpened,
    record_builder,
)
from pokersim.rng import Streams
from pokersim.scenario import Scenario
from pokersim.seating import draw_seats, next_button, redraw_seats

__all__ = ["Floor"]

Events = list[Any]
_moved: Callable[..., PlayerMoved] = record_builder(
    PlayerMoved, ("t", "player_id", "from_table", "from_seat", "to_table", "to_seat", "reason")
)  # a move's event, built without the keyword constructor (fields named in order)


class Floor:
    """Every open table, keyed by id (visited in id order where order matters)."""

    def __init__(self, scenario: Scenario, fmt: Format, field: Field, streams: Streams) -> None:
        self.field = field
        self.streams = streams
        self.seats_per_table = scenario.seats_per_table
        self.tolerance = scenario.balancing.tolerance
        self.policy = scenario.balancing.policy
        self.shootout = not fmt.breaks_tables  # a shoot-out: tables never break or balance
        self.round = 1  # shoot-out rounds
        self.tables: dict[int, Table] = {}
        self.next_table_id = 1
        # by_size[k]: ids of the tables with k players, in the order they came to that size
        self.by_size: list[dict[int, None]] = [{} for _ in range(self.seats_per_table + 1)]
        self.low = 0  # no table has fewer players (a bound: raised lazily by _smallest_other)
        self.arrays: TableArrays | None = None  # the tables' loop's copy (``engine.cruise``)

    # -- opening and closing -----------------------------------------------------------------

    def open_table(self, seats: dict[int, int]) -> Table:
        """A new table with these seats; its ``TableOpened`` comes from :meth:`opened`."""
        tid = self.next_table_id
        self.next_table_id += 1
        tab = Table(tid, seats)
        self.tables[tid] = tab
        if self.arrays is not None:
            self.arrays.reserve(tid + 1)
            self.arrays.seats_changed(tid, seats)
        self.by_size[len(seats)][tid] = None
        self.low = min(self.low, len(seats))
        location = self.field.location
        for s, p in seats.items():
            location[p] = (tid, s)
        return tab

    @staticmethod
    def opened(tab: Table, now: int, *, final: bool = False) -> TableOpened:
        """The event of a table just opened."""
        return TableOpened(
            t=now,
            table_id=tab.table_id,
            seat_nos=tuple(tab.seats),
            player_ids=tuple(tab.seats.values()),
            final=final,
        )

    def close_table(self, tab: Table, now: int) -> TableBroken:
        """The table closes (its players have left); the director ends its process."""
        tab.open = False
        del self.by_size[len(tab.seats)][tab.table_id]
        del self.tables[tab.table_id]
        return TableBroken(t=now, table_id=tab.table_id)

    def set_size(self, tab: Table, before: int) -> None:
        """Keep ``by_size`` right after the table went from ``before`` players."""
        self._resized(tab, before)
        if self.arrays is not None:
            self.arrays.seats_changed(tab.table_id, tab.seats)

    def _resized(self, tab: Table, before: int) -> None:
        """``set_size`` but the tables' arrays (written seat by seat where a seat changed)."""
        del self.by_size[before][tab.table_id]
        size = len(tab.seats)
        self.by_size[size][tab.table_id] = None
        if size < self.low:
            self.low = size
        tab.order = None  # the seats in order are taken again at the next hand

    def unseat(self, tab: Table, seat_no: int) -> None:
        """A player leaves the table for good."""
        self.unseat_all(tab, (seat_no,))

    def unseat_all(self, tab: Table, seat_nos: Sequence[int]) -> None:
        """Players leave the table for good (busted, disqualified, a match lost)."""
        before = len(tab.seats)
        for s in seat_nos:
            del tab.seats[s]
        self._resized(tab, before)
        if self.arrays is not None:
            for s in seat_nos:
                self.arrays.seat_changed(tab.table_id, s, -1)

    def start_draw(self, players: Sequence[int]) -> list[dict[int, int]]:
        """R-SEAT-1: the seats at the start, drawn from the seed."""
        draw = draw_seats(len(players), self.seats_per_table, self.streams.seats())
        if len(players) < self.field.n:
            draw = [{s: players[i] for s, i in seats.items()} for seats in draw]
        return draw

    # -- the button --------------------------------------------------------------------------

    @staticmethod
    def move_button(tab: Table) -> tuple[list[int], int]:
        """R-BTN-1, R-SEAT-2: the occupied seats in order and the index of the button's seat.

        The seats in order and their players (``tab.ids``) are kept with the table until
        someone sits down or leaves (``set_size`` drops them): the list is shared, not copied.
        """
        seat_nos = Floor.in_order(tab)
        button_seat = next_button(seat_nos, tab.last_button)
        tab.last_button = button_seat
        return seat_nos, seat_nos.index(button_seat)

    def button_back(self, tab: Table) -> None:
        """R-FAULT-1: a voided hand's button deals the next hand (the hand returns to its start).

        The seat before it as the last button: ``next_button`` finds the same seat again (or,
        should its player have left meanwhile, the next occupied one).
        """
        if tab.last_button is None:
            return
        tab.last_button -= 1
        if self.arrays is not None:
            self.arrays.button_set(tab.table_id, tab.last_button)

    @staticmethod
    def in_order(tab: Table) -> list[int]:
        """The occupied seats in order (``tab.order``), their players in ``tab.ids``."""
        seat_nos = tab.order
        if seat_nos is None:
            seats = tab.seats
            seat_nos = tab.order = sorted(seats)
            tab.ids = [seats[s] for s in seat_nos]
        return seat_nos

    # -- balancing and breaking --------------------------------------------------------------

    def must_break(self) -> bool:
        """The field fits on one table fewer (R-BAL-1)."""
        tables = len(self.tables)  # balancing.must_break, written out: asked after every hand
        return tables > 1 and self.field.remaining <= (tables - 1) * self.seats_per_table

    def _smallest_other(self, tab: Table) -> int:
        """The fewest players at a table other than ``tab`` (its own count when it is alone)."""
        by_size = self.by_size
        low = self.low
        while low < self.seats_per_table and not by_size[low]:
            low += 1  # sizes below the bound are empty: asked after every hand, start there
        self.low = low
        own = len(tab.seats)
        for k in range(low, len(by_size)):
            if len(by_size[k]) > (k == own):
                return k
        return own

    def _candidates(self, tab: Table, *, below: int, want: int) -> list[TableSeats]:
        """Tables that may receive players from ``tab``, smallest first (at most ``want``)."""
        out: list[TableSeats] = []
        tables = self.tables
        for level in range(min(below, self.seats_per_table)):
            for tid in self.by_size[level]:
                if tid != tab.table_id:
                    out.append(tables[tid].view())
                    if len(out) >= want:
                        return out
        return out

    def _apply(self, moves: Sequence[Move], reason: str, now: int) -> Events:
        events: Events = []
        tables = self.tables
        arrays = self.arrays
        for m in moves:
            src = tables[m.from_table]
            dst = tables[m.to_table]
            if src.seats.get(m.from_seat) != m.player_id or m.to_seat in dst.seats:
                raise InvariantError(f"bad move {m}")
            del src.seats[m.from_seat]
            self._resized(src, len(src.seats) + 1)
            dst.seats[m.to_seat] = m.player_id
            self._resized(dst, len(dst.seats) - 1)
            if arrays is not None:
                arrays.seat_changed(m.from_table, m.from_seat, -1)
                arrays.seat_changed(m.to_table, m.to_seat, m.player_id)
            self.field.location[m.player_id] = (m.to_table, m.to_seat)
            events.append(
                _moved(now, m.player_id, m.from_table, m.from_seat, m.to_table, m.to_seat, reason)
            )
        return events

    def break_table(self, tab: Table, now: int) -> Events:
        """R-BAL-1: seat a breaking table's players in the others' free seats, then close it."""
        others = self._candidates(tab, below=self.seats_per_table, want=2 * len(tab.seats) + 2)
        moves = plan_break(  # seats drawn at random under every policy
            tab.view(),
            others,
            seats_per_table=self.seats_per_table,
            rng=self.streams.table_break(tab.table_id),
        )
        events = self._apply(moves, "break", now)
        events.append(self.close_table(tab, now))
        return events

    def balance_from(self, tab: Table, now: int) -> Events:
        """R-BAL-2: move players from this table to the smallest ones, if out of tolerance."""
        if len(tab.seats) - self.low <= 1 or len(self.tables) < 2 or self.shootout:
            return []  # within one of every table (asked after every hand): nothing to move
        own = len(tab.seats)
        low = self._smallest_other(tab)
        tolerance = self.tolerance
        if low < 2 and own - low >= 2:
            tolerance = 1  # a table that cannot deal is refilled whatever the tolerance
        elif own - low <= tolerance:
            return []
        others = self._candidates(tab, below=own - tolerance, want=2 * own + 2)
        moves = plan_balance(
            tab.view(),
            others,
            seats_per_table=self.seats_per_table,
            tolerance=tolerance,
            policy=self.policy,
        )
        return self._apply(moves, "balance", now)

    def givers(self, smallest: int) -> list[int]:
        """The tables that give players at their hand end (``balance_from``), in no order.

        Those more than the tolerance above the smallest table, of ``smallest`` (2 or more).
        """
        by_size = self.by_size
        low = smallest + self.tolerance + 1
        return [tid for k in range(low, len(by_size)) for tid in by_size[k]]

    def rebalance_all(self, now: int) -> Events:
        """With every table idle: break tables while the field fits on fewer, then balance."""
        events: Events = []
        tables = self.tables
        by_size = self.by_size  # every open table is in the bucket of its size
        while self.must_break():
            # the smallest table breaks (ties: the highest id, the most recently opened)
            tab = tables[max(next(bucket for bucket in by_size if bucket))]
            events += self.break_table(tab, now)
        for _ in range(self.field.n):
            if len(tables) < 2:
                break
            # the largest table gives players away (ties: the lowest id)
            big = tables[min(next(bucket for bucket in reversed(by_size) if bucket))]
            before = len(big.seats)
            events += self.balance_from(big, now)
            if len(big.seats) == before:
                break
        return events

    # -- new tables for everyone -------------------------------------------------------------

    def _vacate(self) -> list[Table]:
        """Everyone leaves their seat (for a new draw); the old tables, in id order."""
        old = [t for _tid, t in sorted(self.tables.items())]
        for t in old:
            del self.by_size[len(t.seats)][t.table_id]
            self.by_size[0][t.table_id] = None
            t.seats = {}
            t.order = None
            if self.arrays is not None:
                self.arrays.seats_changed(t.table_id, t.seats)
        self.low = 0
        return old

    def form_final_table(self, now: int) -> tuple[Table, list[Table], Events]:
        """R-BAL-3: everyone left sits at one new table, seats drawn at random.

        Returns the final table, the old tables (to close once the deal was offered) and the
        events so far (the table opened, the final table formed).
        """
        players = [
            p for _tid, t in sorted(self.tables.items()) for _s, p in sorted(t.seats.items())
        ]
        seats = redraw_seats(players, self.seats_per_table, self.streams.final_table())
        old = self._vacate()
        tab = self.open_table(seats)
        formed = FinalTableFormed(t=now, table_id=tab.table_id, players_left=self.field.remaining)
        return tab, old, [self.opened(tab, now, final=True), formed]

    def close_all(self, tables: Sequence[Table], now: int) -> Events:
        """Close the given tables (emptied by a new draw)."""
        return [self.close_table(t, now) for t in tables]

    def round_over(self) -> list[int] | None:
        """Shoot-outs: when every table is down to one player, the winners (else ``None``)."""
        if any(len(t.seats) > 1 for t in self.tables.values()):
            return None
        winners = sorted(p for t in self.tables.values() for p in t.seats.values())
        return winners if len(winners) >= 2 else None

    def next_round(
        self, winners: list[int], won: Sequence[int], stacks: Sequence[int], now: int
    ) -> Events:
        """Shoot-outs: the winners drawn to new tables, as at the start; the old ones close.

        ``won``: the winners' chips at the end of the round; ``stacks``: those they start with.
        """
        self.round += 1
        gen = self.streams.shootout_round(self.round)
        draw = draw_seats(len(winners), self.seats_per_table, gen)
        old = self._vacate()
        started = ShootoutRoundStarted(
            t=now,
            round=self.round,
            players=len(winners),
            tables=len(draw),
            player_ids=tuple(winners),
            chips_won=tuple(won),
            stacks=tuple(stacks),
            chips_in_play=sum(stacks),
        )
        events: Events = [started]
        for seats in draw:
            final = len(draw) == 1
            tab = self.open_table({s: winners[i] for s, i in seats.items()})
            events.append(self.opened(tab, now, final=final))
            if final:  # the last round's one table is the final table (docs/formats.md)
                events.append(
                    FinalTableFormed(t=now, table_id=tab.table_id, players_left=len(winners))
                )
        return events + self.close_all(old, now)

    # -- late arrivals -----------------------------------------------------------------------

    def full_tables(self, cap: int | None) -> int:
        """With ``cap`` tables reached and every seat taken: the table count; else 0."""
        if cap is None or len(self.tables) < cap:
            return 0
        if any(len(tab.seats) < self.seats_per_table for tab in self.tables.values()):
            return 0
        return len(self.tables)

    def seat_arrival(self, p: int, now: int) -> tuple[Table, int, Events]:
        """R-REG-1: a free seat drawn at random, or a new table when every seat is taken."""
        gen = self.streams.arrival_seat(p)
        # the k-th free seat in table order, found by counting: no list of every free seat
        seats = self.seats_per_table
        order = sorted(self.tables.items())
        free = sum(seats - len(tab.seats) for _tid, tab in order)
        if free:
            k = int(gen.integers(free))
            for _tid, tab in order:
                if k < seats - len(tab.seats):
                    break
                k -= seats - len(tab.seats)
            seat_no = [s for s in range(1, seats + 1) if s not in tab.seats][k]
            before = len(tab.seats)
            tab.seats[seat_no] = p
            self.set_size(tab, before)
            self.field.location[p] = (tab.table_id, seat_no)
            return tab, seat_no, []
        seat_no = int(gen.integers(self.seats_per_table)) + 1
        tab = self.open_table({seat_no: p})
        return tab, seat_no, [self.opened(tab, now)]
