"""Fuzzing the scenario loader: whatever the file holds, it loads or says which key is wrong.

Random TOML documents (shaped like scenarios, with values of every type) and random mutations of
every shipped scenario (values of every type, huge and tiny numbers, NaN and infinities, tables
where values belong and the reverse, typos, deleted keys) either load or raise the project's
``ConfigError``, one line starting with the file and the key path. Nothing else escapes and
nothing hangs (each example has a few seconds at most).
"""

from __future__ import annotations

import copy
import math
import re
import signal
import string
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokersim.errors import ConfigError
from pokersim.scenario import KEYS as SCENARIO_KEYS
from pokersim.scenario import Scenario, load_scenario

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted((ROOT / "scenarios").glob("*.toml"))
RULE_CASES = sorted((ROOT / "scenarios" / "rules").glob("*.toml"))
SECONDS_PER_EXAMPLE = 10
FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def _documents() -> list[dict[str, Any]]:
    """The shipped scenarios and the scenario part of every rule case."""
    docs = [tomllib.loads(p.read_text(encoding="utf-8")) for p in SHIPPED]
    for path in RULE_CASES:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        data.pop("script", None)
        data.pop("expect", None)
        docs.append(data)
    return docs


DOCUMENTS = _documents()
ALL_KEYS = sorted({key for keys in SCENARIO_KEYS.values() for key in keys})
_KEY_PATH = re.compile(r"([A-Za-z_][\w-]*)(\[\d+\])?((\.[^\s.:\[]+)(\[\d+\])?)*")

# --- values of every type -------------------------------------------------------------------

NUMBERS = st.one_of(
    st.integers(-(2**64), 2**64),
    st.sampled_from([0, 1, -1, 2**31, 2**53 + 1, 2**63 - 1, -(2**63), 10**30, 10**400]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([math.nan, math.inf, -math.inf, 1e300, -1e300, 5e-324, 1e-9, -0.0, 0.1]),
)
TEXTS = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["", " ", "none", "bb", "classic", "icm", ":55", "07:25", "25:99", "x:y"]),
)
SCALARS = st.one_of(NUMBERS, TEXTS, st.booleans())
KEYS = st.one_of(st.sampled_from(ALL_KEYS), st.text(string.ascii_lowercase + "_", min_size=1))
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(KEYS, inner, max_size=3)),
    max_leaves=8,
)


def _typo(key: str, data: st.DataObject) -> str:
    """Drop, double, or swap a letter, or add one."""
    if len(key) < 2:
        return key + "x"
    i = data.draw(st.integers(0, len(key) - 2))
    kind = data.draw(st.sampled_from(["drop", "double", "swap", "add"]))
    if kind == "drop":
        return key[:i] + key[i + 1 :]
    if kind == "double":
        return key[: i + 1] + key[i] + key[i + 1 :]
    if kind == "swap" and key[i] != key[i + 1]:
        return key[:i] + key[i + 1] + key[i] + key[i + 2 :]
    return key[:i] + "q" + key[i:]


# --- where a mutation lands -----------------------------------------------------------------


def _places(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every key of every table and every item of every array, as paths from the top."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield (*path, key)
            yield from _places(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield (*path, i)
            yield from _places(value, (*path, i))


def _tables(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(node, dict):
        yield path
    if isinstance(node, dict | list):
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in items:
            yield from _tables(value, (*path, key))


def _at(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def _mutate(doc: dict[str, Any], data: st.DataObject) -> None:
    """Apply one to three random mutations to ``doc`` in place."""
    for _ in range(data.draw(st.integers(1, 3))):
        places = list(_places(doc))
        kind = data.draw(
            st.sampled_from(["number", "number", "value", "delete", "typo", "add", "wrap"])
        )
        numbers = [
            p
            for p in places
            if isinstance(_at(doc, p), int | float) and not isinstance(_at(doc, p), bool)
        ]
        if kind == "number" and numbers:  # the same key, another number: bounds and NaN
            path = data.draw(st.sampled_from(numbers))
            _at(doc, path[:-1])[path[-1]] = data.draw(NUMBERS)
            continue
        if kind == "add" or not places:
            table = _at(doc, data.draw(st.sampled_from(list(_tables(doc)))))
            table[data.draw(KEYS)] = data.draw(VALUES)
            continue
        path = data.draw(st.sampled_from(places))
        parent, last = _at(doc, path[:-1]), path[-1]
        if kind == "value":
            parent[last] = data.draw(VALUES)
        elif kind == "delete":
            del parent[last]
        elif kind == "typo" and isinstance(last, str):
            parent[_typo(last, data)] = parent.pop(last)
        else:  # a value where an array belongs, or a table instead of a value
            parent[last] = data.draw(st.sampled_from([[parent[last]], {"value": parent[last]}]))


# --- the property -------------------------------------------------------------------------------


@contextmanager
def _time_limit(seconds: int) -> Iterator[None]:
    def expired(signum: int, frame: Any) -> None:
        raise TimeoutError(f"the loader took more than {seconds} s")

    old = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def _loads_or_names_the_key(doc: dict[str, Any], path: Path) -> None:
    try:
        text = tomli_w.dumps(doc)
    except (TypeError, ValueError):  # not representable in TOML (e.g. an empty key)
        return
    path.write_text(text, encoding="utf-8")
    try:
        with _time_limit(SECONDS_PER_EXAMPLE):
            scenario = load_scenario(path)
    except ConfigError as exc:
        message = str(exc)
        assert "\n" not in message, message
        prefix = f"{path}: "
        assert message.startswith(prefix), message
        key = _KEY_PATH.match(message[len(prefix) :])
        assert key is not None and message[len(prefix) + key.end() :].startswith(": "), message
        return
    assert isinstance(scenario, Scenario)


@pytest.mark.parametrize("doc", DOCUMENTS[: len(SHIPPED)], ids=[p.name for p in SHIPPED])
def test_every_shipped_scenario_loads(doc: dict[str, Any]) -> None:
    """The starting points of the fuzzing are valid."""
    from pokersim.scenario import parse_scenario

    assert isinstance(parse_scenario(doc, source="shipped.toml"), Scenario)


@FUZZ
@given(data=st.data())
def test_mutated_shipped_scenarios_load_or_name_the_key(
    tmp_path: Path, data: st.DataObject
) -> None:
    doc = copy.deepcopy(data.draw(st.sampled_from(DOCUMENTS)))
    _mutate(doc, data)
    _loads_or_names_the_key(doc, tmp_path / "mutant.toml")


def _scenario_like(data: st.DataObject, schema: str = "", depth: int = 0) -> dict[str, Any]:
    """A random document with the format's keys (and some others), values of any type."""
    allowed = sorted(SCENARIO_KEYS.get(schema, ()))
    out: dict[str, Any] = {}
    for key in data.draw(st.lists(st.sampled_from(allowed), unique=True)) if allowed else []:
        sub = f"{schema}.{key}" if schema else key
        if depth < 3 and sub in SCENARIO_KEYS and data.draw(st.booleans()):
            out[key] = _scenario_like(data, sub, depth + 1)
        elif depth < 3 and f"{sub}[]" in SCENARIO_KEYS and data.draw(st.booleans()):
            out[key] = [
                _scenario_like(data, f"{sub}[]", depth + 1)
                for _ in range(data.draw(st.integers(0, 3)))
            ]
        else:
            out[key] = data.draw(VALUES)
    if data.draw(st.integers(0, 9)) == 0:
        out[data.draw(KEYS)] = data.draw(VALUES)
    return out


@FUZZ
@given(data=st.data())
def test_random_documents_load_or_name_the_key(tmp_path: Path, data: st.DataObject) -> None:
    _loads_or_names_the_key(_scenario_like(data), tmp_path / "random.toml")


# --- the engine on what loads -------------------------------------------------------------------

SMALL_FIELDS = [
    doc
    for doc, path in zip(DOCUMENTS, SHIPPED)
    if path.stem in ("sng_9max", "satellite", "shootout", "pko", "rebuy_addon")
]
PLAY = settings(FUZZ, max_examples=80, derandomize=True)


def _numbers(node: Any, path: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    """Paths of every numeric value of a document (``_at`` reads their parents)."""
    if isinstance(node, dict):
        return [q for k, v in node.items() for q in _numbers(v, (*path, k))]
    if isinstance(node, list):
        return [q for i, v in enumerate(node) for q in _numbers(v, (*path, i))]
    if isinstance(node, int | float) and not isinstance(node, bool):
        return [path]
    return []


@PLAY
@given(data=st.data())
def test_mutated_small_scenarios_play_or_stop_at_the_clock_limit(
    tmp_path: Path, data: st.DataObject
) -> None:
    """Whatever loads plays to its end or stops with one line (the simulated-clock limit, say).

    Each run is bounded by ``max_simulated_days`` (set to six hours here), so none hangs.
    """
    from pokersim.engine import run_tournament

    doc = copy.deepcopy(data.draw(st.sampled_from(SMALL_FIELDS)))
    leaves = _numbers(doc, ())
    for _ in range(data.draw(st.integers(1, 3))):  # numbers changed, most still in range
        path = data.draw(st.sampled_from(leaves))
        parent = _at(doc, path[:-1])
        old = parent[path[-1]]
        parent[path[-1]] = data.draw(
            st.one_of(
                st.integers(0, max(2, 4 * abs(int(old)))),
                st.sampled_from([0, 1, 2, 10**6, 10**12]),
            )
        )
    doc["max_simulated_days"] = 0.25
    path = tmp_path / "mutant.toml"
    try:
        path.write_text(tomli_w.dumps(doc), encoding="utf-8")
        scenario = load_scenario(path)
    except (TypeError, ValueError, ConfigError):  # not TOML, or refused with one line (above)
        return
    if scenario.players.count > 60:
        return  # a field that large takes too long for a fuzz example
    try:
        with _time_limit(60):
            result = run_tournament(scenario, 0)
    except ConfigError as exc:  # the clock limit, or a format the entries cannot pay for
        assert "\n" not in str(exc), str(exc)
        return
    assert result.duration_seconds <= scenario.max_simulated_seconds
