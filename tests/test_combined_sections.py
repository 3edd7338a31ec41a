"""Shipped scenarios with sections of other scenarios and rule cases grafted on.

Each combination either is refused in one line naming the file and a key, or plays to the end
with every cent reconciled (the engine checks it: ``InvariantError`` otherwise). Grafting found
a shoot-out with re-entries that did not reconcile, a multi-day event whose cancellation ended
in a traceback and payout bands a re-entry outgrew mid-run; this keeps a fixed sample of such
combinations (drawn from a seeded generator, so the same ones every run).
"""

from __future__ import annotations

import copy
import random
import tomllib
from pathlib import Path
from typing import Any

import pytest

from pokersim.engine import run_tournament
from pokersim.errors import ConfigError
from pokersim.scenario import parse_scenario

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
SKIP = {"mtt_10000", "mtt_1000", "series_target", "satellite"}  # big, or a series' own target
SECTIONS = (
    "faults", "bounty", "registration", "deal", "connection", "conduct", "hand_for_hand",
    "shootout", "spin_and_go", "mystery_bounty", "satellite", "entries", "breaks", "timing",
    "balancing", "payouts", "flights",
)  # fmt: skip
COMBINATIONS = 40


def _donors() -> dict[str, list[Any]]:
    pool: dict[str, list[Any]] = {}
    for path in sorted([*SCENARIOS.glob("*.toml"), *(SCENARIOS / "rules").glob("*.toml")]):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for key in SECTIONS:
            if isinstance(data.get(key), dict):
                pool.setdefault(key, []).append(data[key])
    return pool


def _combinations() -> list[tuple[str, tuple[str, ...], dict[str, Any]]]:
    rng = random.Random(2026_12_06)
    bases = sorted(p for p in SCENARIOS.glob("*.toml") if p.stem not in SKIP)
    pool = _donors()
    out = []
    while len(out) < COMBINATIONS:
        base = rng.choice(bases)
        data = tomllib.loads(base.read_text(encoding="utf-8"))
        keys = tuple(sorted(rng.sample(sorted(pool), rng.choice([1, 2, 3]))))
        for key in keys:
            data[key] = copy.deepcopy(rng.choice(pool[key]))
        if "series" not in data:  # a series names its target by a path next to its file
            out.append((base.stem, keys, data))
    return out


@pytest.mark.slow
@pytest.mark.parametrize(
    ("base", "keys", "data"),
    _combinations(),
    ids=[f"{b}+{'+'.join(k)}" for b, k, _ in _combinations()],
)
def test_a_combination_is_refused_in_one_line_or_plays_to_the_cent(
    base: str, keys: tuple[str, ...], data: dict[str, Any]
) -> None:
    try:
        scenario = parse_scenario(data, source="combined.toml")
    except ConfigError as exc:
        text = str(exc)
        assert text.startswith("combined.toml: ") and "\n" not in text, text
        return
    if scenario.flights.enabled:
        from pokersim.multiday import run_event

        ev = run_event(scenario, 1)
        assert ev.prize_pool_cents == sum(f.prize_cents for f in ev.day_two.result.finishes)
        return
    try:
        result = run_tournament(scenario, 1)
    except ConfigError as exc:  # a clear refusal found only once play starts: one line
        text = str(exc)
        assert "\n" not in text and text, text
        return
    assert result.hands_played >= 0 and len(result.finishes) >= 2
