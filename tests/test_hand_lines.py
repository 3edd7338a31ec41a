"""A recorded hand's log: its rows decode to the records, and its compiled lines are theirs.

``hand_lines`` writes the event log's lines of a hand straight from its rows; every line must
be ``event_line`` of the record ``HandEvents`` decodes from the same rows, on random hands of
every structure and ante kind (time-outs and all-ins included) and on whole tournaments
played by the compiled betting machine; a run written that way must give the same
``events.jsonl`` as one whose events go one by one through the record path. The same holds
for the tournament's two events of every hand (``TableHandStarted``, ``TableHandEnded``),
which ``write_run`` takes as rows (``hand_log.table_started_row``) and writes in the same
compiled call, with and without ``--actions`` and hand histories.
"""

from __future__ import annotations

import itertools
import random
import typing
from array import array
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim import betting, hand_log
from pokersim.actions import CHECK_CALL, FOLD, DecisionView, RaiseTo
from pokersim.config import AnteKind, BettingStructure, Level
from pokersim.engine import run_tournament
from pokersim.events import (
    ActionKind,
    ActionTaken,
    HandEvent,
    HandStarted,
    PostKind,
    TableHandEnded,
    TableHandStarted,
    event_line,
)
from pokersim.hand import Deal, HandSetup, Seat, play_hand
from pokersim.hand_lines import HandLines, hand_lines
from pokersim.hand_log import HandEvents, HandLog, decode
from pokersim.outputs import write_run
from pokersim.results import JsonlWriter
from pokersim.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent
HAND_EVENT_TYPES = typing.get_args(HandEvent)


def _lines_of_records(events: Any) -> str:
    return "\n".join(event_line(e) for e in events)


def _same_lines(events: HandEvents) -> None:
    text, count = hand_lines(events.rows)
    assert count == len(events)
    assert text == _lines_of_records(events)


@st.composite
def hands(draw: Any) -> tuple[HandSetup, Deal, int]:
    n = draw(st.integers(2, 9))
    stacks = draw(
        st.lists(st.one_of(st.integers(1, 120), st.integers(1, 10**12)), min_size=n, max_size=n)
    )
    bb = draw(st.integers(1, 100))
    sb = draw(st.integers(0, bb))
    kind = draw(st.sampled_from(list(AnteKind)))
    ante = 0 if kind is AnteKind.NONE else draw(st.integers(1, 150))
    seats = tuple(
        Seat(player_id=draw(st.integers(0, 10**6)) * 10 + i, stack=s, seat_no=2 * i + 1)
        for i, s in enumerate(stacks)
    )
    setup = HandSetup(
        seats=seats,
        button=draw(st.integers(0, n - 1)),
        level=Level(small_blind=sb, big_blind=bb, ante=ante, ante_kind=kind),
        structure=draw(st.sampled_from(list(BettingStructure))),
        table_id=draw(st.integers(0, 5000)),
        hand_no=draw(st.integers(0, 10**6)),
    )
    cards = draw(st.permutations(range(52)))
    deal = Deal(
        hole=tuple((cards[2 * i], cards[2 * i + 1]) for i in range(n)),
        board=tuple(cards[18:23]),
        strengths=tuple(draw(st.lists(st.integers(1, 4), min_size=n, max_size=n))),
    )
    return setup, deal, draw(st.integers(0, 2**32))


def _random_play(seed: int) -> Any:
    """Fold, check-call, raise (to the maximum now and then) or time out (``None``)."""
    rng = random.Random(seed)

    def decide(view: DecisionView) -> Any:
        legal = view.legal
        r = rng.random()
        if r < 0.05:
            return None
        if r < 0.2:
            return FOLD
        if r < 0.6 or not legal.can_raise:
            return CHECK_CALL
        if rng.random() < 0.3:
            return RaiseTo(legal.max_raise_to)
        return RaiseTo(rng.randint(legal.min_raise_to, legal.max_raise_to))

    return decide


@settings(max_examples=300, deadline=None)
@given(hands())
def test_random_hands_lines_are_the_records_lines(case: tuple[HandSetup, Deal, int]) -> None:
    setup, deal, seed = case
    result = play_hand(setup, deal, _random_play(seed), record_actions=True)
    assert isinstance(result.events, HandEvents)
    assert isinstance(result.events[0], HandStarted)
    _same_lines(result.events)


def test_decoded_actions_keep_their_kind_flags_and_player() -> None:
    log = HandLog()
    log.started(7, 3, 1, [40, 41, 42], [1, 4, 9], [100, 200, 300], [0, 1, 2, 3, 4])
    cases = [
        (0, 1, ActionKind.CALL, 20, 20, False, False),
        (1, 1, ActionKind.CHECK, 0, 20, False, True),
        (2, 2, ActionKind.BET, 50, 50, True, False),
        (0, 2, ActionKind.RAISE, 150, 150, True, False),
        (1, 3, ActionKind.FOLD, 0, 0, False, True),
    ]
    for seat, street, kind, amount, to, all_in, timed_out in cases:
        log.action(seat, street, kind, amount, to, all_in, timed_out)
    events = log.events()
    assert list(events[1:]) == [
        ActionTaken(
            seat=seat,
            player_id=40 + seat,
            street=street,
            kind=kind,
            amount=amount,
            to=to,
            all_in=all_in,
            timed_out=timed_out,
        )
        for seat, street, kind, amount, to, all_in, timed_out in cases
    ]
    _same_lines(events)


def test_the_action_codes_are_the_betting_rounds() -> None:
    assert (hand_log.FOLD, hand_log.CHECK_CALL, hand_log.RAISE) == (
        betting.FOLD_CODE,
        betting.CHECK_CALL_CODE,
        betting.RAISE_CODE,
    )


def test_an_unknown_row_is_refused() -> None:
    log = HandLog()
    log.started(1, 1, 0, [1, 2], [1, 2], [10, 10], [0, 1, 2, 3, 4])
    log.rows.append(99)
    with pytest.raises(ValueError, match="not a row"):
        hand_lines(log.rows)
    with pytest.raises(ValueError, match="unknown row code 99"):
        decode(log.rows)


@pytest.mark.parametrize("name,seed", [("sng_9max", 1), ("sng_9max", 2), ("pko", 3)])
def test_tournament_hands_lines_are_the_records_lines(name: str, seed: int) -> None:
    seen = _recorded_hands(name, seed)
    assert len(seen) > 20
    for events in seen:
        _same_lines(events)


class _Stream:
    def __init__(self) -> None:
        self.parts: list[str] = []

    def write(self, text: str) -> None:
        self.parts.append(text)


def test_a_written_run_has_the_event_log_of_the_record_path(tmp_path: Path) -> None:
    scenario = load_scenario(ROOT / "scenarios" / "sng_9max.toml")
    write_run(scenario, 5, tmp_path, scenario_name="sng_9max", actions=True)
    stream = _Stream()
    writer = JsonlWriter(stream)  # type: ignore[arg-type]
    run_tournament(scenario, 5, emit=writer, record_actions=True)  # a record per event
    writer.flush()
    written = (tmp_path / "events.jsonl").read_text(encoding="utf-8")
    assert written == "".join(stream.parts)
    assert '"type":"ActionTaken"' in written


def _recorded_hands(name: str, seed: int) -> list[HandEvents]:
    """Every hand's own events of a run of scenario ``name``, as the engine hands them."""
    seen: list[HandEvents] = []
    run_tournament(
        load_scenario(ROOT / "scenarios" / f"{name}.toml"),
        seed,
        emit=lambda event: None,
        emit_hand=seen.append,
        record_actions=True,
    )
    return seen


def test_hands_gathered_get_each_their_own_lines() -> None:
    seen = _recorded_hands("sng_9max", 4)
    batch = HandLines()
    for events in seen:
        batch.add(events.rows)
    assert batch.take() == [_lines_of_records(events) for events in seen]
    assert batch.take() == [] and batch.hands == 0


@settings(max_examples=200, deadline=None)
@given(
    st.integers(2, 10),
    st.data(),
)
def test_table_rows_lines_are_the_records_lines(n: int, data: Any) -> None:
    """A hand's two tournament events as rows: their lines are the records' lines."""
    ints = st.integers(-(2**62), 2**62)
    t, table_id, hand_no, level, button = (data.draw(ints) for _ in range(5))
    seat_nos, ids, stacks, finals = (
        tuple(data.draw(st.lists(ints, min_size=n, max_size=n))) for _ in range(4)
    )
    synchronized = data.draw(st.booleans())
    started = TableHandStarted(
        t=t,
        table_id=table_id,
        hand_no=hand_no,
        level_index=level,
        button_seat=button,
        seat_nos=seat_nos,
        player_ids=ids,
        stacks=stacks,
        synchronized=synchronized,
    )
    ended = TableHandEnded(t=t + 1, table_id=table_id, hand_no=hand_no, stacks=finals)
    start_row = hand_log.table_started_row(
        t, table_id, hand_no, level, button, seat_nos, ids, stacks, synchronized
    )
    end_row = hand_log.table_ended_row(t + 1, table_id, hand_no, finals)
    assert hand_log.table_event(start_row) == started
    assert hand_log.table_event(end_row) == ended
    # the rows' int64 bytes hold the fields in order (what the encoder and the decoder read)
    assert array("q", start_row).tolist() == [
        hand_log.TABLE_STARTED, t, table_id, hand_no, level, button, n,
        *seat_nos, *ids, *stacks, int(synchronized),
    ]  # fmt: skip
    ended_ints = [hand_log.TABLE_ENDED, t + 1, table_id, hand_no, n, *finals]
    assert array("q", end_row).tolist() == ended_ints
    batch = HandLines()
    batch.add(start_row)
    batch.add(end_row)
    batch.add(start_row)
    batch.add(end_row, join=True)
    assert batch.take() == [
        event_line(started),
        event_line(ended),
        event_line(started) + "\n" + event_line(ended),
    ]


def test_table_rows_join_a_hands_rows_in_one_entry() -> None:
    seen = _recorded_hands("sng_9max", 6)
    batch = HandLines()
    expected = []
    for k, events in enumerate(seen[:40]):
        first = events[0]
        assert isinstance(first, HandStarted)
        end_row = hand_log.table_ended_row(k, first.table_id, first.hand_no, [1] * 3)
        batch.add(events.rows)
        batch.add(end_row, join=True)
        ended = hand_log.table_event(end_row)
        expected.append(_lines_of_records(events) + "\n" + event_line(ended))
        assert decode(events.rows + array("q", end_row))[-1] == ended
    assert batch.take() == expected


def test_encode_gives_the_entries_bytes_and_empties_the_rows_in_place() -> None:
    seen = _recorded_hands("sng_9max", 7)
    batch = HandLines()
    rows = batch.rows  # a writer holds the array: it must stay the one that is filled
    expected = []
    for k, events in enumerate(seen[:30]):
        first = events[0]
        assert isinstance(first, HandStarted)
        end_row = hand_log.table_ended_row(k, first.table_id, first.hand_no, [2] * 4)
        batch.entry()
        rows.extend(events.rows)
        rows.frombytes(end_row)
        ended = hand_log.table_event(end_row)
        expected.append(_lines_of_records(events) + "\n" + event_line(ended) + "\n")
    data, at = batch.encode()
    assert bytes(data) == "".join(expected).encode("ascii")
    assert at == [0, *itertools.accumulate(len(text) for text in expected)]
    assert batch.rows is rows and not rows and not batch.entries and batch.hands == 0
    assert batch.take() == []  # nothing waits


def test_an_entry_must_start_with_a_first_row() -> None:
    log = HandLog()
    log.started(1, 1, 0, [1, 2], [1, 2], [10, 10], [0, 1, 2, 3, 4])
    log.forced_bet(0, PostKind.SMALL_BLIND, 1, False)
    first = 10 + 3 * 2  # the STARTED row's width
    batch = HandLines()
    batch.add(log.rows[first:])  # the forced bet without its hand
    with pytest.raises(ValueError, match="not an entry's first row at 0"):
        batch.take()
    batch = HandLines()
    batch.add(hand_log.table_ended_row(5, 1, 1, [10, 10]))
    batch.add(log.rows[:first])
    batch.add(log.rows[first:])  # a new entry, not joined to its hand's
    with pytest.raises(ValueError, match=f"not an entry's first row at {7 + first}"):
        batch.take()
    batch = HandLines()
    batch.add(hand_log.table_ended_row(5, 1, 1, [10, 10]))
    batch.add(log.rows[first:], join=True)  # joined, but to no hand
    with pytest.raises(ValueError, match="not an entry's first row at 7"):
        batch.take()


@pytest.mark.parametrize(
    ("actions", "hands", "watch"),
    [
        (False, "none", False),
        (False, "none", True),
        (True, "none", False),
        (True, "none", True),
        (False, "both", True),
    ],
)
def test_a_run_written_with_table_rows_has_the_record_paths_event_log(
    tmp_path: Path, actions: bool, hands: str, watch: bool
) -> None:
    """``write_run`` (table events as rows) against every event through ``emit`` as a record.

    ``watch``: with an ``on_event`` (the rows go to the writer through it, else straight).
    """
    scenario = load_scenario(ROOT / "scenarios" / "pko.toml")
    seen: list[Any] = []
    write_run(
        scenario,
        8,
        tmp_path,
        scenario_name="pko",
        actions=actions,
        hands=hands,
        on_event=seen.append if watch else None,
    )
    stream = _Stream()
    writer = JsonlWriter(stream)  # type: ignore[arg-type]
    records: list[Any] = []

    def emit(event: Any) -> None:
        writer(event)
        records.append(event)

    run_tournament(scenario, 8, emit=emit, record_actions=actions)
    writer.flush()
    written = (tmp_path / "events.jsonl").read_text(encoding="utf-8")
    assert written == "".join(stream.parts)
    assert written.count('"type":"TableHandStarted"') > 50
    tournament = [e for e in records if not isinstance(e, HAND_EVENT_TYPES)]
    assert seen == (tournament if watch else [])  # on_event sees every one, as records


def test_a_tracer_that_reads_the_frames_locals_does_not_stop_the_event_log(tmp_path: Path) -> None:
    """An in-process profiler or a debugger reads a frame's locals, which keeps a copy of them:
    the views of the rows must not be locals of the frame that empties the rows in place (it
    raised ``BufferError: cannot resize an array that is exporting buffers``)."""
    import sys

    from pokersim.outputs import write_run
    from pokersim.scenario import load_scenario

    scenario = load_scenario(Path(__file__).resolve().parents[1] / "scenarios" / "sng_9max.toml")
    plain = write_run(scenario, 2, tmp_path / "plain", actions=True, scenario_name="sng")

    def read_locals(frame: Any, event: str, _arg: Any) -> None:  # when a compiled call starts
        if event == "c_call" and frame.f_globals.get("__name__") == "pokersim.hand_lines":
            frame.f_locals  # noqa: B018 - reading them is the point

    sys.setprofile(read_locals)
    try:
        traced = write_run(scenario, 2, tmp_path / "traced", actions=True, scenario_name="sng")
    finally:
        sys.setprofile(None)
    assert traced == plain
    read = (tmp_path / "plain" / "events.jsonl").read_bytes()
    assert (tmp_path / "traced" / "events.jsonl").read_bytes() == read
