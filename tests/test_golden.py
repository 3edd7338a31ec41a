"""Golden outputs: every byte the simulator writes for the shipped scenarios and rule cases.

Each golden run (``tests/golden/regenerate.py``: every scenario with seeds 0-4, the
10,000-player field with seed 0, every case in ``scenarios/rules/``) is played again and every
output file's sha256 is compared with ``tests/golden/digests.json``.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest


def _load_regenerate() -> ModuleType:
    path = Path(__file__).resolve().parent / "golden" / "regenerate.py"
    name = "pokersim_golden_regenerate"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


regenerate = _load_regenerate()
PINNED: dict[str, str] = regenerate.load()
RUNS = regenerate.golden_runs()
HOW_TO_REGENERATE = (
    "If the change is deliberate, regenerate with `.venv/bin/python tests/golden/regenerate.py` "
    "and commit tests/golden/digests.json in a commit of its own that says why the outputs "
    "changed (tests/golden/README.md). If it is not, the change is a regression."
)


def _param(run: Any) -> Any:
    marks = [pytest.mark.slow] if run.large else []
    return pytest.param(run, id=run.id, marks=marks)


@pytest.mark.parametrize("run", [_param(r) for r in RUNS])
def test_outputs_match_the_golden_digests(run: Any) -> None:
    prefix = run.prefix
    pinned = {k: v for k, v in PINNED.items() if k.startswith(prefix)}
    assert pinned, f"{run.id} has no entries in tests/golden/digests.json. {HOW_TO_REGENERATE}"
    actual = regenerate.run_digests(run)
    if actual == pinned:
        return
    changed = sorted(k for k in actual.keys() & pinned.keys() if actual[k] != pinned[k])
    lines = [f"outputs of {run.id} differ from tests/golden/digests.json:"]
    lines += [f"  changed: {k}" for k in changed]
    lines += [f"  written but not pinned: {k}" for k in sorted(actual.keys() - pinned.keys())]
    lines += [f"  pinned but not written: {k}" for k in sorted(pinned.keys() - actual.keys())]
    lines.append(HOW_TO_REGENERATE)
    pytest.fail("\n".join(lines), pytrace=False)


def test_every_scenario_and_rule_case_on_disk_is_pinned() -> None:
    """A new scenario or case file cannot slip through unpinned; a removed one leaves no keys."""
    stems = [p.stem for p in regenerate.scenario_files() + regenerate.rule_case_files()]
    assert len(stems) >= 50
    run_stems = {r.stem for r in RUNS}
    assert set(stems) == run_stems
    missing = [r.id for r in RUNS if not any(k.startswith(r.prefix) for k in PINNED)]
    assert not missing, f"not pinned in tests/golden/digests.json: {missing}. {HOW_TO_REGENERATE}"
    prefixes = tuple(r.prefix for r in RUNS)
    stale = sorted(k for k in PINNED if not k.startswith(prefixes))
    assert not stale, f"keys of runs that no longer exist: {stale[:10]}. {HOW_TO_REGENERATE}"


def test_scenario_runs_cover_five_seeds_and_the_large_field_one() -> None:
    by_stem: dict[str, list[int]] = {}
    compiled = []
    for r in RUNS:
        if r.tag:
            compiled.append((r.stem, r.seed, r.hands, r.actions))
        elif not r.rule_case:
            by_stem.setdefault(r.stem, []).append(r.seed)
    assert sorted(compiled) == [
        (stem, 0, "none", False) for stem in sorted(by_stem) if stem != "mtt_10000"
    ]
    assert by_stem.pop("mtt_10000") == [0]
    assert by_stem and all(seeds == [0, 1, 2, 3, 4] for seeds in by_stem.values())


def test_digests_file_is_in_its_stable_format() -> None:
    text = regenerate.DIGESTS.read_text(encoding="utf-8")
    assert text == regenerate.dumps(PINNED)
