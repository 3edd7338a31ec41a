"""``results.indented_json`` writes ``json.dumps(value, indent=2, ensure_ascii=False)``'s bytes.

``summary.json`` is written with it; any JSON-ready value must come out the same, values it
leaves to ``json.dumps`` (non-string keys, infinities, other types) included, and a value
``json`` refuses must be refused.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim.engine import run_tournament
from pokersim.results import indented_json, summary, summary_json
from pokersim.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent

_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(),
    st.sampled_from(["é", "\u2028", '"\\', "\x00", "日本"]),
)
_keys = st.one_of(st.text(), st.sampled_from(["a", "b", "player_id"]))
_values = st.recursive(
    _scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.lists(inner, max_size=5).map(tuple),
        st.dictionaries(_keys, inner, max_size=5),
        # a key json turns into a string: the whole value goes to json.dumps
        st.dictionaries(st.one_of(_keys, st.integers(), st.booleans()), inner, max_size=3),
    ),
    max_leaves=40,
)


def _json(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False)


@settings(max_examples=500, deadline=None)
@given(_values)
def test_random_values_are_written_as_json_writes_them(value: Any) -> None:
    assert indented_json(value) == _json(value)


def test_the_same_keys_at_several_depths_and_a_float_subclass() -> None:
    class Ratio(float):
        pass

    value = {"a": [{"a": 1, "b": {"a": Ratio(0.5)}}, {"a": [], "b": {}}], "b": math.inf}
    assert indented_json(value) == _json(value)


def test_what_json_refuses_is_refused() -> None:
    with pytest.raises(TypeError):
        indented_json({"a": [object()]})


def test_a_runs_summary_is_jsons() -> None:
    result = run_tournament(load_scenario(ROOT / "scenarios" / "sng_9max.toml"), 3)
    assert (
        summary_json(result, scenario="sng_9max")
        == _json(summary(result, scenario="sng_9max")) + "\n"
    )
