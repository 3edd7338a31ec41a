"""Results are a reduction of the event log alone: ``summary.json`` rebuilt from ``events.jsonl``.

For every shipped scenario (the 10,000-player one under ``slow``) and every rule case, the
summary the engine returns and the summary rebuilt from the written log are the same bytes.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from pokersim.engine import run_tournament
from pokersim.errors import InvariantError
from pokersim.results import JsonlWriter, read_events, summary_json
from pokersim.scenario import load_scenario
from pokersim.tally import Tally, tally
from pokersim.verify import load_case, run_case

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((ROOT / "scenarios").glob("*.toml"))
CASES = sorted((ROOT / "scenarios" / "rules").glob("*.toml"))


def _params() -> list[object]:
    out: list[object] = []
    for path in SCENARIOS:
        marks = [pytest.mark.slow] if "10000" in path.name else []
        out.append(pytest.param(path, id=path.stem, marks=marks))
    return out


@pytest.mark.parametrize("path", _params())
def test_summary_rebuilt_from_the_written_log(path: Path) -> None:
    buf = io.StringIO()
    writer = JsonlWriter(buf)
    result = run_tournament(load_scenario(path), 1, emit=writer)
    writer.flush()
    rebuilt = tally(read_events(buf.getvalue().splitlines()))
    assert summary_json(rebuilt, scenario=path.stem) == summary_json(result, scenario=path.stem)
    assert rebuilt == result  # every field, eliminated_at included


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_rule_case_summary_rebuilt_from_its_log(path: Path) -> None:
    case = load_case(path)
    if case.expect.error is not None:
        pytest.skip("the case ends in an error by design: it has no summary")
    out = run_case(case)
    assert tally(out.events) == out.result


def test_a_log_without_its_end_is_not_a_result() -> None:
    t = Tally()
    listed = {"player_ids": [0], "names": ["a"], "models": ["random"], "late_ids": []}
    t.add({"type": "FieldListed", "t": 0, **listed})
    with pytest.raises(InvariantError, match="stopped before"):
        t.result()


def test_a_player_finishing_twice_is_refused() -> None:
    t = Tally()
    rec = {"type": "PlayerEliminated", "t": 5, "player_id": 3, "place": 2}
    t.add(rec)
    with pytest.raises(InvariantError, match="finished twice"):
        t.add(rec)


def test_bubble_hand_for_hand_leaves_out_the_final_table_stage() -> None:
    """The money bubble's synchronized time is the stretches that started before it burst.

    Seed 4 of ``mtt_1000`` plays hand-for-hand on the final-table bubble only (the money bubble
    bursts in a hand under way, before any synchronized hand): every second of it is in the
    total, none in the bubble's. Counted here from the log's own events, independently of the
    tally.
    """
    buf = io.StringIO()
    writer = JsonlWriter(buf)
    result = run_tournament(load_scenario(ROOT / "scenarios" / "mtt_1000.toml"), 4, emit=writer)
    writer.flush()
    events = list(read_events(buf.getvalue().splitlines()))
    burst = next(e["t"] for e in events if e["type"] == "BubbleBurst")
    starts = [e["t"] for e in events if e["type"] == "HandForHandStarted"]
    ends = [e["t"] for e in events if e["type"] == "HandForHandEnded"]
    assert len(starts) == len(ends)
    stretches = list(zip(starts, ends, strict=True))
    assert result.hand_for_hand_seconds == sum(end - start for start, end in stretches)
    assert result.bubble_hand_for_hand_seconds == sum(
        max(0, min(end, burst) - start) for start, end in stretches
    )
    assert result.hand_for_hand_seconds > result.bubble_hand_for_hand_seconds
