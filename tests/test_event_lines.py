"""``events.jsonl`` lines: the fast writer gives json.dumps's bytes for every value and event."""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from pokersim import events
from pokersim.engine import run_tournament
from pokersim.events import event_line, event_record, json_value
from pokersim.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[1]


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class _Kind(StrEnum):
    PLAIN = "plain"
    ODD = 'quote " and \\ é'


_SCALARS = (
    st.integers()
    | st.text()
    | st.booleans()
    | st.none()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.sampled_from(list(_Kind))
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: (
        st.tuples(inner, inner)
        | st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=12,
)


@given(_VALUES)
def test_a_value_is_written_as_json_dumps_writes_it(value: Any) -> None:
    assert json_value(value) == _dumps(value)


def test_every_event_of_a_run_with_its_actions_is_written_as_json_dumps_writes_it() -> None:
    seen: list[Any] = []
    scenario = load_scenario(ROOT / "scenarios" / "rebuy_addon.toml")
    run_tournament(scenario, 1, emit=seen.append, record_actions=True)
    knockout = load_scenario(ROOT / "scenarios" / "pko.toml")
    run_tournament(knockout, 1, emit=seen.append, record_actions=True)
    kinds = {type(e) for e in seen}
    assert {events.ActionTaken, events.TableHandStarted, events.EntryBought} <= kinds
    for event in seen:
        assert event_line(event) == _dumps(event_record(event))
