"""The director's agenda processes events in SimPy's own order (time, priority, event id)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest
import simpy
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim.engine.director import AllIdle, Clock

Script = list[list[tuple[int, int]]]  # per process: (wait, what to do then)


def _trace(env: simpy.Environment, script: Script) -> list[tuple[Any, ...]]:
    """Run processes that wait, wake each other and fire urgent events; the order seen."""
    seen: list[tuple[Any, ...]] = []
    gates = [env.event() for _ in script]

    def proc(k: int, steps: list[tuple[int, int]]) -> Generator[simpy.Event, Any, None]:
        for i, (wait, what) in enumerate(steps):
            if what == 0:
                yield env.timeout(wait)
            elif what == 1:  # wake another process (a normal event now)
                other = gates[(k + wait) % len(gates)]
                if not other.triggered:
                    other.succeed()
            elif what == 2:  # an urgent event, as the director's "every table is idle"
                urgent = AllIdle(env)
                mark = ("urgent", k, i)
                urgent.callbacks.append(lambda _e, mark=mark: seen.append(mark))  # type: ignore[misc]
                urgent.fire()
            else:  # wait to be woken (or for a while, when nobody does)
                yield env.any_of([gates[k], env.timeout(wait + 1)])
                gates[k] = env.event()
            seen.append((env.now, k, i))

    for k, steps in enumerate(script):
        env.process(proc(k, steps))
    env.run()
    seen.append(("end", env.now))
    return seen


steps = st.lists(st.tuples(st.integers(0, 5), st.integers(0, 3)), max_size=12)


@settings(max_examples=150, deadline=None)
@given(script=st.lists(steps, min_size=1, max_size=12))
def test_the_agenda_runs_events_in_simpy_order(script: Script) -> None:
    assert _trace(Clock(), script) == _trace(simpy.Environment(), script)


def test_a_failed_event_is_raised_and_an_empty_agenda_stops_the_run() -> None:
    env = Clock()
    assert env.peek() == float("inf")
    env.run()  # nothing scheduled: returns at once, as SimPy's

    def boom() -> Generator[simpy.Event, Any, None]:
        yield env.timeout(3)
        raise ValueError("boom")

    env.process(boom())
    assert env.peek() == 0
    with pytest.raises(ValueError, match="boom"):
        env.run()
    assert env.now == 3


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 30), st.integers(0, 5)), max_size=80))
def test_a_hand_end_taken_off_the_calendar_never_comes_and_the_rest_keep_their_order(
    ops: list[tuple[int, int, int]],
) -> None:
    """R-FAULT-1 moves a hand's end to now (``HandCalendar.take``, then ``push``): the other
    ends come out as before, by (time, sequence); a table with no end pending is not taken."""
    from pokersim.engine.agenda import HandCalendar

    calendar = HandCalendar()
    calendar.reserve(6)
    model: dict[int, tuple[int, int]] = {}  # table: (time, sequence) of its pending end
    now = seq = 0
    for kind, delay, table in ops:
        if kind == 0 and table not in model:  # a table's hand is dealt
            calendar.push(table, now + delay, seq)
            model[table] = (now + delay, seq)
            seq += 1
        elif kind == 1:  # a failure takes the table's end off (when it has one)
            assert calendar.take(table) == (table in model)
            model.pop(table, None)
        elif model:  # the next end comes
            first = min(model, key=model.__getitem__)
            assert calendar.head() == first
            calendar.pop(first)
            now = model.pop(first)[0]
    assert calendar.pending == len(model)
    while model:
        first = min(model, key=model.__getitem__)
        assert calendar.head() == first
        calendar.pop(first)
        model.pop(first)
    assert calendar.head() == -1
