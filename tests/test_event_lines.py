"""``events.jsonl`` lines: the fast writer gives json.dumps's bytes for every value and event."""

from __future__ import annotations

import dataclasses
import json
from enum import StrEnum
from pathlib import Path
from typing import Any

from hypothesis import given, settings
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


_RECORDS = sorted(
    (
        cls
        for cls in vars(events).values()
        if isinstance(cls, type)
        and dataclasses.is_dataclass(cls)
        and cls.__module__ == events.__name__
    ),
    key=lambda cls: cls.__name__,
)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(_RECORDS), st.data())
def test_a_record_of_every_class_is_written_as_json_dumps_writes_it(cls: type, data: Any) -> None:
    """Each class's own line writer, on any values in its fields (built without checks)."""
    record = object.__new__(cls)
    for field in dataclasses.fields(cls):
        object.__setattr__(record, field.name, data.draw(_VALUES))
    assert event_line(record) == _dumps(event_record(record))


def test_there_are_records_of_many_classes() -> None:
    assert len(_RECORDS) > 40 and events.TableHandStarted in _RECORDS
