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
from collections import deque
from collections.abc import Callable
from heapq import heappop, heappush
from typing import Any

__all__ = ["Agenda"]

Due = tuple[deque[tuple[Any, Any]], deque[tuple[Any, Any]]]  # (time, event): urgent, normal


class Agenda:
    """``schedule``, ``step`` and ``peek`` of ``simpy.Environment`` over events kept by time."""

    empty: type[Exception] = IndexError  # what ``step`` raises when no event is left
    hand_end_type: type | None = None  # events given to ``on_hand_end`` before their callbacks
    _now: Any

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._due: dict[Any, Due] = {}  # by time: its urgent and normal events, in id order
        self._times: list[Any] = []  # a heap of the keys of ``_due``
        # a table's hand end, before its callbacks: True when handled (rescheduled, not run)
        self.on_hand_end: Callable[[Any], bool] = lambda event: False
        # SimPy binds its event makers to the instance only for its own class, not a subclass
        # (``BoundClass.bind_early`` reads the class's own dict): bound once here, not at every
        # ``env.timeout`` of every hand
        for name in ("event", "process", "timeout"):
            setattr(self, name, getattr(self, name))

    def schedule(self, event: Any, priority: Any = 1, delay: Any = 0) -> None:
        """Schedule ``event`` at now + ``delay``, ``priority`` 0 (urgent) or 1 (normal)."""
        at = self._now + delay
        due = self._due.get(at)
        if due is None:
            due = self._due[at] = (deque(), deque())
            heappush(self._times, at)
        due[priority].append((at, event))  # SimPy's -1 comes only with run(until): unused

    def peek(self) -> Any:
        """The time of the next event (infinity when none is left)."""
        return self._times[0] if self._times else math.inf

    def step(self) -> None:
        """Process the next event, as SimPy does (a failed event nobody defused is raised)."""
        times = self._times
        if not times:
            raise self.empty
        first = times[0]
        urgent, normal = self._due[first]
        self._now, event = urgent.popleft() if urgent else normal.popleft()
        if not urgent and not normal:
            heappop(times)
            del self._due[first]
        if event.__class__ is self.hand_end_type and self.on_hand_end(event):
            return
        callbacks, event.callbacks = event.callbacks, None
        for callback in callbacks:
            callback(event)
        if not event._ok and not hasattr(event, "_defused"):
            exc = type(event._value)(*event._value.args)
            exc.__cause__ = event._value
            raise exc
