"""The director's agenda: SimPy's event queue kept by time, in SimPy's own order.

SimPy keeps every scheduled event in one heap ordered by (time, priority, event id). The
director schedules one timeout per table (the end of its hand), so that heap holds about as many
entries as there are tables, and every hand pushes one and pops one through log2(tables) levels
of entries that, in a large field, were last touched one round of tables earlier. Here the
events due at one time wait in two first-in first-out lists, urgent then normal, and a heap holds
only the distinct times: a few hundred seconds of hands in flight, whatever the field size.
Event ids only grow, so each list is in id order and events come out exactly as from SimPy's
heap: the same run, event for event.

The class is mixed into ``simpy.Environment`` by the director (the only module importing
simpy), which names the exception a step raises when nothing is left (``empty``) and the class
of the tables' hand ends, which go to ``on_hand_end`` first: a table that deals again
reschedules the same event, and its process is resumed only when the table stops. It supports
what the director uses: urgent and normal priorities, and ``run()`` until nothing is left.
"""

from __future__ import annotations

import math
from array import array
from collections import deque
from collections.abc import Callable
from heapq import heappop, heappush
from typing import Any

__all__ = ["Agenda", "HandCalendar"]

Due = tuple[deque[tuple[int, Any]], deque[tuple[int, Any]]]  # (sequence, event): urgent, normal
WINDOW = 1 << 16  # seconds of hand ends the calendar holds ahead of now (18 hours)


class HandCalendar:
    """The tables' hand ends, one per table at most, by second: a first-in first-out list each.

    Integer arrays (``array('q')``) that compiled code reads and writes as they are: bucket
    ``at % WINDOW`` lists, through ``next``, the tables whose hand ends at second ``at``, in the
    order they were scheduled; ``at`` and ``seq`` hold each table's time and sequence number.
    Every pending end lies within ``WINDOW`` seconds of now, so a bucket holds one second.
    """

    __slots__ = ("at", "cursor", "first", "last", "next", "pending", "seq")

    def __init__(self) -> None:
        self.first = array("q", [-1]) * WINDOW  # by bucket: its first table, -1 when empty
        self.last = array("q", [-1]) * WINDOW
        self.next = array("q")  # by table: the next table in its bucket (-1: the last)
        self.at = array("q")
        self.seq = array("q")
        self.cursor = 0  # no pending end is earlier than this second
        self.pending = 0

    def reserve(self, tables: int) -> None:
        """Room for table ids below ``tables``."""
        grow = tables - len(self.next)
        if grow > 0:
            self.next.extend([-1] * grow)
            self.at.extend([0] * grow)
            self.seq.extend([0] * grow)

    def push(self, table: int, at: int, seq: int) -> None:
        """The table's hand ends at second ``at`` (within the window of now)."""
        if at < self.cursor:
            self.cursor = at
        b = at & (WINDOW - 1)
        self.next[table] = -1
        tail = self.last[b]
        if tail < 0:
            self.first[b] = table
        else:
            self.next[tail] = table
        self.last[b] = table
        self.at[table] = at
        self.seq[table] = seq
        self.pending += 1

    def head(self) -> int:
        """The table whose hand ends first (-1: none); the cursor moves to its second."""
        if not self.pending:
            return -1
        first = self.first
        c = self.cursor
        while first[c & (WINDOW - 1)] < 0:
            c += 1
        self.cursor = c
        return first[c & (WINDOW - 1)]

    def pop(self, table: int) -> None:
        """Take ``head()``'s table off the calendar."""
        b = self.cursor & (WINDOW - 1)
        after = self.next[table]
        self.first[b] = after
        if after < 0:
            self.last[b] = -1
        self.pending -= 1

    def take(self, table: int) -> bool:
        """Take ``table``'s pending end off the calendar wherever it is (False: none pending)."""
        if table >= len(self.at):
            return False  # never dealt a hand
        b = self.at[table] & (WINDOW - 1)
        before, x = -1, self.first[b]
        while x >= 0 and x != table:
            before, x = x, self.next[x]
        if x < 0:
            return False
        after = self.next[table]
        if before < 0:
            self.first[b] = after
        else:
            self.next[before] = after
        if after < 0:
            self.last[b] = before
        self.pending -= 1
        return True


class Agenda:
    """``schedule``, ``step`` and ``peek`` of ``simpy.Environment`` over events kept by time.

    The tables' hand ends (``hand_end_type``) wait in a :class:`HandCalendar` instead; every
    event gets a sequence number when scheduled, and a hand end due in the same second as
    other events goes after the urgent ones and by sequence among the normal ones: SimPy's order.
    """

    empty: type[Exception] = IndexError  # what ``step`` raises when no event is left
    hand_end_type: type | None = None  # events given to ``on_hand_end`` before their callbacks
    _now: Any

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._due: dict[Any, Due] = {}  # by time: its urgent and normal events, in id order
        self._times: list[Any] = []  # a heap of the keys of ``_due``
        self.seq = 0  # events scheduled so far
        self.hands = HandCalendar()
        self.hand_events: dict[int, Any] = {}  # by table: its hand-end event
        # a table's hand end, before its callbacks: True when handled (rescheduled, not run)
        self.on_hand_end: Callable[[Any], bool] = lambda event: False
        self.cruise: Any = None  # plays the tables' plain hand ends (``engine.cruise``)
        # SimPy binds its event makers to the instance only for its own class, not a subclass
        # (``BoundClass.bind_early`` reads the class's own dict): bound once here, not at every
        # ``env.timeout`` of every hand
        for name in ("event", "process", "timeout"):
            setattr(self, name, getattr(self, name))

    def schedule(self, event: Any, priority: Any = 1, delay: Any = 0) -> None:
        """Schedule ``event`` at now + ``delay``, ``priority`` 0 (urgent) or 1 (normal)."""
        at = self._now + delay
        seq = self.seq
        self.seq = seq + 1
        if event.__class__ is self.hand_end_type:
            self._hand_at(event, at, seq)
            return
        due = self._due.get(at)
        if due is None:
            due = self._due[at] = (deque(), deque())
            heappush(self._times, at)
        due[priority].append((seq, event))  # SimPy's -1 comes only with run(until): unused

    def _hand_at(self, event: Any, at: Any, seq: int) -> None:
        table = event.table.table_id
        whole = int(at)
        if whole != at or not 0 <= whole - self._now < WINDOW:
            raise ValueError(f"table {table}: a hand ending at {at}, now {self._now}")
        self.hand_events[table] = event
        if self.cruise is not None:  # a hand the director dealt: the loop may apply it
            self.cruise.dealt(event.table, event._value)
        if table >= len(self.hands.next):
            self.hands.reserve(2 * table + 2)
        self.hands.push(table, whole, seq)

    def end_now(self, table: int) -> Any:
        """The table's hand in progress ends now (R-FAULT-1: voided): its event (None: none)."""
        if not self.hands.take(table):
            return None
        self.hands.push(table, int(self._now), self.seq)
        self.seq += 1
        event = self.hand_events[table]
        if event._value is None:  # a hand of the tables' loop: its result from their arrays
            event._value = self.cruise.settled(table)
        return event

    def peek(self) -> Any:
        """The time of the next event (infinity when none is left)."""
        hands = self.hands
        first = self._times[0] if self._times else math.inf
        if hands.pending:
            return min(first, hands.at[hands.head()])
        return first

    def next_hand(self) -> int:
        """The table whose hand end is the next event (-1: another event comes first)."""
        table = self.hands.head()
        if table < 0:
            return -1
        times = self._times
        if not times:
            return table
        first = times[0]
        at = self.hands.at[table]
        if at != first:
            return table if at < first else -1
        urgent, normal = self._due[first]
        return table if not urgent and self.hands.seq[table] < normal[0][0] else -1

    def next_other(self) -> tuple[Any, int]:
        """The next event not a hand end: its time and sequence (-1: urgent; infinity: none)."""
        times = self._times
        if not times:
            return math.inf, 0
        urgent, normal = self._due[times[0]]
        return times[0], -1 if urgent else normal[0][0]

    def step(self) -> None:
        """Process the next event, as SimPy does (a failed event nobody defused is raised)."""
        table = self.next_hand()
        cruise = self.cruise
        if cruise is not None:
            if table >= 0 and cruise.run(table):
                return
            cruise.dirty = True  # an event of the director's own: ask again before the next
        if table >= 0:
            hands = self.hands
            hands.pop(table)
            self._now = hands.at[table]
            event = self.hand_events[table]
            if self.on_hand_end(event):
                return
        else:
            times = self._times
            if not times:
                raise self.empty
            first = times[0]
            urgent, normal = self._due[first]
            self._now = first
            _, event = urgent.popleft() if urgent else normal.popleft()
            if not urgent and not normal:
                heappop(times)
                del self._due[first]
        callbacks, event.callbacks = event.callbacks, None
        for callback in callbacks:
            callback(event)
        if not event._ok and not hasattr(event, "_defused"):
            exc = type(event._value)(*event._value.args)
            exc.__cause__ = event._value
            raise exc
