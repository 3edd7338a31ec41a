"""Properties of the loader over random scenarios: what is written is what is loaded, typos
anywhere fail, and loading is deterministic.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokersim.config import AnteKind
from pokersim.errors import ConfigError
from pokersim.scenario import SHARE_UNITS, SyncStageKind, load_scenario, parse_scenario

ANTE_KINDS = ["classic", "bb"]


@st.composite
def scenarios(draw: st.DrawFn) -> dict[str, Any]:
    """A random valid scenario as TOML data (the keys the engine uses, plus optional ones)."""
    seats = draw(st.integers(2, 10))
    count = draw(st.integers(2, 3000))
    levels = []
    big = draw(st.integers(2, 100))
    for _ in range(draw(st.integers(1, 12))):
        big = big * draw(st.integers(1, 3))
        level: dict[str, Any] = {"small_blind": big // 2, "big_blind": big}
        if draw(st.booleans()):
            level["ante"] = draw(st.integers(1, big))
            level["ante_kind"] = draw(st.sampled_from(ANTE_KINDS))
        level["minutes"] = draw(st.sampled_from([1, 2.5, 5, 7.5, 10, 15, 20, 60]))
        levels.append(level)
    slices = draw(st.integers(1, 4))
    cuts = sorted(
        draw(st.lists(st.integers(1, 99), min_size=slices - 1, max_size=slices - 1, unique=True))
    )
    bounds = [0, *cuts, 100]
    mix = [
        {
            "model": draw(
                st.sampled_from(
                    ["tight-aggressive", "random", "calling-station", "mypkg.models:Shark"]
                )
            ),
            "percent": bounds[i + 1] - bounds[i],
            "skill": draw(st.floats(0, 1)),
        }
        for i in range(slices)
    ]
    hour, minute = draw(st.integers(0, 23)), draw(st.integers(0, 59))
    data: dict[str, Any] = {
        "name": draw(st.text(min_size=1, max_size=20).filter(str.strip)),
        "start": f"{hour:02d}:{minute:02d}",
        "seats_per_table": seats,
        "final_table_size": draw(st.integers(2, seats)),
        "starting_stack": draw(st.integers(1, 10**6)),
        "players": {"count": count, "mix": mix},
        "levels": levels,
        "breaks": draw(
            st.sampled_from(
                [
                    {"kind": "clock", "at": f":{draw(st.integers(0, 59)):02d}"},
                    {"kind": "interval", "every_minutes": 60, "length_minutes": 10},
                    {"kind": "none"},
                ]
            )
        ),
        "balancing": {
            "policy": draw(st.sampled_from(["pokerstars", "tda"])),
            "tolerance": draw(st.integers(1, seats - 1)),
        },
        "hand_for_hand": {
            "stages": draw(
                st.lists(
                    st.sampled_from(
                        [
                            {"kind": "bubble", "margin": 1},
                            {"kind": "final-table", "margin": 2},
                            {"kind": "players", "from_players": 50, "to_players": 20},
                        ]
                    ),
                    max_size=3,
                )
            )
        },
        "timing": {
            "deal_seconds": draw(st.integers(0, 30)),
            "action_clock_seconds": draw(st.integers(1, 60)),
        },
    }
    if draw(st.booleans()):
        places = draw(st.integers(1, 2))
        pay = (
            [{"places": 1, "percent": 100}]
            if places == 1
            else [{"places": 1, "percent": 62.5}, {"places": 1, "percent": 37.5}]
        )
        data["payouts"] = {"bands": [{"min_entries": 2, "pay": pay}]}
    return data


def _all_tables(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths of every table in the data (where an extra key must be rejected)."""
    found: list[tuple[Any, ...]] = []
    if isinstance(data, dict):
        found.append(path)
        for key, value in data.items():
            found.extend(_all_tables(value, (*path, key)))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found.extend(_all_tables(value, (*path, i)))
    return found


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=scenarios())
def test_what_is_written_is_what_is_loaded(data: dict[str, Any]) -> None:
    """R-STRUCT-1: the structure that was published is the structure that is played."""
    s = parse_scenario(data, source="random.toml")
    hour, minute = map(int, data["start"].split(":"))
    assert s.start_seconds == hour * 3600 + minute * 60
    assert s.seats_per_table == data["seats_per_table"]
    assert s.final_table_size == data["final_table_size"]
    assert s.starting_stack == data["starting_stack"]
    assert len(s.levels) == len(data["levels"])
    for level, raw in zip(s.levels, data["levels"]):
        assert (level.small_blind, level.big_blind) == (raw["small_blind"], raw["big_blind"])
        assert level.ante == raw.get("ante", 0)
        assert level.ante_kind is AnteKind(raw.get("ante_kind", "none"))
    assert s.level_seconds == tuple(round(raw["minutes"] * 60) for raw in data["levels"])
    assert s.balancing.tolerance == data["balancing"]["tolerance"]
    assert [st.kind for st in s.hand_for_hand.stages] == [
        SyncStageKind(raw["kind"]) for raw in data["hand_for_hand"]["stages"]
    ]
    specs = s.players.expand()
    assert len(specs) == data["players"]["count"]
    for band in s.payouts.bands:
        assert sum(band.shares) == SHARE_UNITS
    # Deterministic: parsing again gives an equal scenario and the same expansion.
    again = parse_scenario(copy.deepcopy(data), source="random.toml")
    assert again == s
    assert again.players.expand() == specs


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=scenarios(), pick=st.integers(0, 10**6))
def test_an_extra_key_in_any_table_is_rejected(data: dict[str, Any], pick: int) -> None:
    """A typo anywhere fails, and the message points at the key."""
    tables = _all_tables(data)
    path = tables[pick % len(tables)]
    node: Any = data
    for key in path:
        node = node[key]
    node["colour"] = 1
    try:
        parse_scenario(data, source="typo.toml")
    except ConfigError as exc:
        assert "colour" in str(exc) and str(exc).startswith("typo.toml: ")
    else:
        raise AssertionError(f"an unknown key at {path} was accepted")


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=scenarios())
def test_toml_round_trip_through_a_file(tmp_path: Path, data: dict[str, Any]) -> None:
    path = tmp_path / "round.toml"
    path.write_text(tomli_w.dumps(data))
    loaded = load_scenario(path)
    assert loaded == parse_scenario(data, source=str(path))


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths of every value that is not a table or an array."""
    if isinstance(data, dict):
        return [p for key, value in data.items() for p in _leaves(value, (*path, key))]
    if isinstance(data, list):
        return [p for i, value in enumerate(data) for p in _leaves(value, (*path, i))] or [path]
    return [path]


ANY_VALUE = st.one_of(
    st.integers(-(2**63), 2**63 - 1),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.booleans(),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=scenarios(), pick=st.integers(0, 10**6), value=ANY_VALUE)
def test_any_bad_value_is_a_config_error(data: dict[str, Any], pick: int, value: Any) -> None:
    """Whatever value lands at whatever key, the loader either accepts it or says why."""
    leaves = _leaves(data)
    path = leaves[pick % len(leaves)]
    node: Any = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    try:
        parse_scenario(data, source="fuzz.toml")
    except ConfigError as exc:
        assert str(exc).startswith("fuzz.toml")
