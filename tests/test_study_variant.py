"""``run_study`` takes a Scenario or a mapping as well as a path; ``variant`` edits a scenario."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokersim import study
from pokersim.errors import ConfigError
from pokersim.scenario import load_default_scenario, load_scenario, parse_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
SNG = SCENARIOS / "sng_9max.toml"


def test_variant_changes_keys_and_nested_keys_and_checks_them() -> None:
    data = study.variant(
        SNG, name="sng, 8-minute levels", level_minutes=8, players__count=9, seats_per_table=10
    )
    sc = parse_scenario(data)
    assert sc.name == "sng, 8-minute levels"
    assert {lv.minutes for lv in sc.levels} == {8}
    assert sc.seats_per_table == 10
    data = study.variant(SNG, **{"entries.fee_cents": 0, "description": None})
    assert data["entries"]["fee_cents"] == 0 and "description" not in data
    base = load_scenario(SNG)
    assert parse_scenario(study.variant(base)).levels == base.levels  # a Scenario as the base
    assert study.variant()["name"] == load_default_scenario().name
    with pytest.raises(ConfigError, match="level_minutes"):
        study.variant(SNG, level_minutes=-1)
    with pytest.raises(ConfigError, match="not a table"):
        study.variant(SNG, name__x=1)


def test_variant_leaves_its_base_alone() -> None:
    base = study.variant(SNG)
    before = repr(base)
    study.variant(base, starting_stack=5, level_minutes=3)
    assert repr(base) == before


def test_run_study_takes_a_mapping_or_a_scenario_like_its_file(tmp_path: Path) -> None:
    small = study.variant(SNG, starting_stack=300)
    a = study.run_study(small, runs=2, seed=5, out=tmp_path / "a", jobs=1, progress=False)
    path = tmp_path / "small.toml"
    path.write_text((tmp_path / "a" / "scenario.toml").read_text())
    b = study.run_study(path, runs=2, seed=5, out=tmp_path / "b", jobs=1, progress=False)
    c = study.run_study(
        parse_scenario(small), runs=2, seed=5, out=tmp_path / "c", jobs=1, progress=False
    )
    for other in (b, c):
        assert a.runs.drop(columns="scenario").equals(other.runs.drop(columns="scenario"))
    again = study.run_study(
        small, runs=3, seed=5, out=tmp_path / "a", jobs=1, progress=False, resume=True
    )
    assert len(again.runs) == 3
    with pytest.raises(ConfigError, match="starting_stack"):
        study.run_study({"name": "x"}, runs=1, out=tmp_path / "d", jobs=1, progress=False)
    with pytest.raises(ConfigError, match="Scenario or a mapping"):
        study.run_study(42, runs=1, out=tmp_path / "e", jobs=1, progress=False)
