"""The tables' loop (``engine.cruise``, ``tables_kernel.cruise``): the director's run, unchanged.

Between the director's events the loop applies the tables' plain hand ends and deals their next
hands in compiled code. Every run must be the run the director plays alone: the same result and
the same event log, record for record and row for row (the golden test pins the written runs;
this holds the unwritten ones and the logs of several scenarios and seeds). The calendar the
loop shares with the clock keeps SimPy's order, and its button is the rule's.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim import tables_kernel
from pokersim.betting_kernel import HEADER, ante_code, seats_head, whole_hand_head
from pokersim.config import AnteKind, Level
from pokersim.engine import cruise as engine_cruise
from pokersim.engine import run_tournament
from pokersim.engine import setup as engine_setup
from pokersim.engine.agenda import WINDOW, HandCalendar
from pokersim.hand_log import STARTED
from pokersim.outputs import write_run
from pokersim.scenario import load_scenario
from pokersim.seating import next_button

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def _played(
    path: Path, seed: int, monkeypatch: pytest.MonkeyPatch, *, loop: bool, record: bool = False
) -> Any:
    """The run, its log (records and table rows in one order, then, with ``record``, the same
    run's with each hand's own events), and for each run the hands the loop applied and the
    director's hands dealt compiled."""
    counts: list[list[int]] = []
    call = engine_cruise.Cruise._call

    def counting(self: Any, *args: Any) -> int:
        dealing = self.state[tables_kernel.S_DEAL] >= 0
        status = call(self, *args)
        if dealing:
            counts[-1][1] += status == tables_kernel.DEALT
        else:
            counts[-1][0] += int(self.state[tables_kernel.S_HANDS])
        return status

    def counted(**kwargs: Any) -> Any:
        counts.append([0, 0])
        return run_tournament(load_scenario(path), seed, **kwargs)

    with monkeypatch.context() as m:
        m.setattr(engine_cruise.Cruise, "_call", counting)
        if not loop:
            m.setattr(engine_setup.Run, "_table_arrays", lambda self: None)
        log: list[Any] = []
        result = counted(emit=log.append, emit_rows=log.append)
        bare = counted()  # nothing logged: the loop's other path
        if record:  # each hand's own events logged too, as rows (``--actions``)
            recorded = counted(
                emit=log.append, emit_rows=log.append,
                emit_hand=lambda events: log.append(_hand_rows(events)), record_actions=True,
            )  # fmt: skip
            assert recorded == result
    return result, log, bare, counts


def _hand_rows(events: Any) -> Any:
    """A hand's own events as logged: its rows' bytes (records, for a hand played in Python)."""
    rows = getattr(events, "rows", None)
    return tuple(events) if rows is None else bytes(rows)


@pytest.mark.parametrize(
    ("name", "seed"),
    [("mtt_1000.toml", 3), ("default.toml", 1), ("default.toml", 2), ("sng_9max.toml", 4),
     ("variants/mtt_1000_6max.toml", 5), ("rebuy_addon.toml", 6), ("pko.toml", 7)],
)  # fmt: skip
def test_a_run_is_the_same_with_and_without_the_tables_loop(
    name: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = SCENARIOS / name
    record = name.startswith(("mtt", "rebuy", "pko"))  # and with each hand's events logged
    fast, fast_log, fast_bare, counts = _played(path, seed, monkeypatch, loop=True, record=record)
    slow, slow_log, slow_bare, none = _played(path, seed, monkeypatch, loop=False, record=record)
    assert not any(applied or dealt for applied, dealt in none)
    assert fast_log == slow_log
    assert fast == slow
    assert fast_bare == slow_bare
    if name.startswith(("mtt", "default", "variants")):  # plain fields: most hands in the loop
        for applied, dealt in counts:  # logged, bare, recorded
            assert applied > 0.5 * fast.hands_played
            assert dealt > 0.05 * fast.hands_played  # and the director's dealt compiled


def test_a_run_with_time_outs_is_the_same_with_and_without_the_tables_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hand with a time-out is the director's to apply (its connection events); meanwhile
    the other tables' hands go on in the loop."""
    text = (SCENARIOS / "default.toml").read_text()
    short = text.replace("\naction_clock_seconds = 15\n", "\naction_clock_seconds = 6\n", 1)
    short = short.replace("\ntime_bank_seconds = 30\n", "\ntime_bank_seconds = 5\n", 1)
    assert short.count("= 6\n") and short.count("= 5\n")
    path = tmp_path / "short_clock.toml"
    path.write_text(short)
    fast, fast_log, fast_bare, counts = _played(path, 1, monkeypatch, loop=True)
    slow, slow_log, slow_bare, _none = _played(path, 1, monkeypatch, loop=False)
    timed_out = [e for e in slow_log if type(e).__name__ == "PlayerTimedOut"]
    assert len(timed_out) > 20  # a clock this short times players out every few hands
    assert fast_log == slow_log
    assert fast == slow
    assert fast_bare == slow_bare
    for applied, _dealt in counts:
        assert applied > 0.5 * fast.hands_played  # not stopped while a time-out's hand ends


def _recorded_both_ways(
    monkeypatch: pytest.MonkeyPatch, seed: int, patch: Callable[[pytest.MonkeyPatch], None]
) -> list[tuple[Any, list[Any]]]:
    """``default.toml`` recorded (table rows and each hand's own events in one log), changed by
    ``patch``: its result and log with the loop, then without."""
    logs = []
    for loop in (True, False):
        with monkeypatch.context() as m:
            patch(m)
            if not loop:
                m.setattr(engine_setup.Run, "_table_arrays", lambda self: None)
            log: list[Any] = []
            add = log.append
            result = run_tournament(
                load_scenario(SCENARIOS / "default.toml"), seed, emit=add, emit_rows=add,
                emit_hand=lambda events, add=add: add(_hand_rows(events)), record_actions=True,
            )  # fmt: skip
            logs.append((result, log))
    return logs


def test_a_hand_longer_than_its_tables_log_is_played_again_in_python(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Recorded, a hand whose own events would overflow its table's log row (here a short one,
    which about half the hands overflow) is played again in Python with every time bank as it
    was: the run and its log are the director's own."""
    logs = _recorded_both_ways(monkeypatch, 3, lambda m: m.setattr(engine_setup, "LOG_WIDTH", 200))
    assert logs[0] == logs[1]
    hands = [item for item in logs[0][1] if isinstance(item, bytes) and item[0] == STARTED]
    sizes = [len(rows) // 8 for rows in hands]  # each hand's own events' integers
    assert sum(size > 199 for size in sizes) > 50 and sum(size < 190 for size in sizes) > 50


def test_a_stretch_stops_when_its_row_marks_are_full(monkeypatch: pytest.MonkeyPatch) -> None:
    """With room for a few rows' marks only, the loop hands its rows to Python every few hands
    (recorded: three marks a hand) and goes on: the run and its log are the director's own."""
    init = engine_cruise.Cruise.__init__

    def few_marks(self: Any, director: Any, arrays: Any) -> None:
        init(self, director, arrays)
        self.marks = np.zeros(8, dtype=np.int64)

    logs = _recorded_both_ways(
        monkeypatch, 4, lambda m: m.setattr(engine_cruise.Cruise, "__init__", few_marks)
    )
    assert logs[0] == logs[1]


@pytest.mark.parametrize("actions", [False, True])
def test_a_written_run_is_the_same_with_and_without_the_tables_loop(
    actions: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``pokersim run --out`` (``--actions``): the loop hands the writer its rows a stretch at
    a time (``emit_log``), each hand's own events among them; the same bytes as the director's."""
    sc = load_scenario(SCENARIOS / "mtt_1000.toml")
    logs = []
    for loop in (True, False):
        with monkeypatch.context() as m:
            if not loop:
                m.setattr(engine_setup.Run, "_table_arrays", lambda self: None)
            out = tmp_path / f"loop-{loop}"
            write_run(sc, 2, out, scenario_name="mtt_1000", actions=actions)
            logs.append((out / "events.jsonl").read_bytes())
    assert logs[0] == logs[1]
    assert logs[0].count(b"TableHandEnded") > 5000
    assert (b'"ActionTaken"' in logs[0]) == actions


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 40), st.integers(0, 7)), min_size=1, max_size=60))
def test_the_calendar_gives_hand_ends_in_time_then_scheduling_order(
    ends: list[tuple[int, int]],
) -> None:
    """One end a table at a time, as the clock keeps them: they come out as a heap's on (time,
    sequence) would, ties in the order they were scheduled."""
    calendar = HandCalendar()
    calendar.reserve(8)
    heap: list[tuple[int, int, int]] = []
    pending: set[int] = set()
    now = 0
    for seq, (delay, table) in enumerate(ends):
        while table in pending:  # one end a table: the clock takes the ends in order first
            at, _s, first = heapq.heappop(heap)
            assert calendar.head() == first
            calendar.pop(first)
            pending.discard(first)
            now = at
        heapq.heappush(heap, (now + delay, seq, table))
        calendar.push(table, now + delay, seq)
        pending.add(table)
    while heap:
        at, _s, table = heapq.heappop(heap)
        assert calendar.head() == table
        assert calendar.at[table] == at
        calendar.pop(table)
    assert calendar.head() == -1
    assert WINDOW > 40


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(1, 10), min_size=1, max_size=10, unique=True),
    st.one_of(st.none(), st.integers(1, 10)),
)
def test_the_loops_button_is_the_rule(seats: list[int], last: int | None) -> None:
    """R-BTN-1: the compiled button the loop moves is ``seating.next_button``'s."""
    seats = sorted(seats)
    index = tables_kernel.next_button(np.array(seats, dtype=np.int64), -1 if last is None else last)
    assert seats[index] == next_button(seats, last)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.one_of(st.none(), st.integers(0, 29)),
        min_size=2,
        max_size=10,
        unique_by=lambda p: object() if p is None else p,
    ),  # fmt: skip
    st.lists(st.integers(-2, 5), min_size=30, max_size=30),
    st.integers(1, 5_000),
    st.integers(0, 500),
    st.sampled_from(list(AnteKind)),
    st.booleans(),
)
def test_the_loops_head_is_the_dealers(seats, codes, bb, ante, kind, logging) -> None:
    """``seats_head`` (the loop's, from the arrays' seats and codes) writes the head the dealer
    makes (``whole_hand_head``), and declines where the dealer plays in Python (someone away,
    nobody built in)."""
    level = Level(
        small_blind=bb // 2, big_blind=bb, ante=0 if kind is AnteKind.NONE else ante,
        ante_kind=kind,
    )  # fmt: skip
    spt = len(seats)
    row = np.array([0 if p is None else p + 1 for p in seats], dtype=np.int64)
    head = np.full(HEADER + 7 * spt, 99, dtype=np.int64)
    n = seats_head(head, row, np.array(codes, dtype=np.int64), level.small_blind,
                   level.big_blind, level.ante, ante_code(level), int(logging))  # fmt: skip
    seat_nos = [s + 1 for s, p in enumerate(seats) if p is not None]
    ids = [seats[s - 1] for s in seat_nos]
    mine = [codes[p] for p in ids]
    if len(ids) < 2 or -2 in mine or max(mine) < 0:
        assert n == 0
        return
    assert n == len(ids)
    want = whole_hand_head(n, level, mine + seat_nos + ids, logging)
    assert head[: HEADER + 7 * n].tolist() == list(want)
