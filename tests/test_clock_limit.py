"""A structure that cannot finish stops at the simulated-clock limit with one clear message."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from pokersim.engine import run_tournament
from pokersim.errors import ConfigError
from pokersim.scenario import parse_scenario

ROOT = Path(__file__).resolve().parents[1]


def _deep(days: float) -> object:
    data = tomllib.loads((ROOT / "scenarios" / "sng_9max.toml").read_text(encoding="utf-8"))
    data["starting_stack"] = 2_000_000_000  # a hundred million big blinds: it never ends
    data["max_simulated_days"] = days
    return parse_scenario(data, source="deep.toml")


def test_a_run_past_max_simulated_days_stops_naming_the_level_and_the_stacks() -> None:
    with pytest.raises(ConfigError) as err:
        run_tournament(_deep(0.05), 1)  # 72 minutes
    text = str(err.value)
    assert "max_simulated_days" in text and "0.05 days" in text
    assert "level " in text and "big blinds" in text
    assert "\n" not in text


def test_the_limit_is_not_hit_by_a_structure_that_finishes() -> None:
    data = tomllib.loads((ROOT / "scenarios" / "sng_9max.toml").read_text(encoding="utf-8"))
    result = run_tournament(parse_scenario(data, source="sng_9max.toml"), 1)
    assert result.duration_seconds < parse_scenario(data, source="x").max_simulated_seconds
