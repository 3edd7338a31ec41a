"""Regenerate ``tests/golden/digests.json``: the sha256 of every output file of the golden runs.

The golden runs:

- every scenario in ``scenarios/*.toml`` with seeds 0 to 4, written as
  ``pokersim run SCENARIO --seed N --out DIR --hands both --actions`` writes it:
  ``events.jsonl`` with every hand's own events, ``summary.json``, and the hand histories
  ``hands/table-<id>.phhs`` and ``hands/table-<id>.txt``;
- every such scenario once more, seed 0, as ``pokersim run SCENARIO --seed 0 --out DIR`` writes
  it (key ``<stem>/0-compiled/...``): without hand histories and action events the built-in
  models' betting rounds are played compiled (``pokersim.betting_kernel``), a path the runs
  above never take;
- a scenario whose field has ``LARGE_FIELD`` players or more (``mtt_10000.toml``): seed 0 only,
  as ``pokersim run SCENARIO --seed 0 --out DIR`` writes it (no hand histories, no action events:
  with action events the 10,000-player run takes about two minutes instead of 45 seconds);
- every regression case in ``scenarios/rules/*.toml``, written as
  ``pokersim verify CASE --out DIR`` writes it (the same files, actions and both hand-history
  formats), under the seed of the case's script.

The runs are played in this process through the functions the commands call
(``pokersim.outputs.write_run``, ``pokersim.verify.verify_paths``) into a temporary folder,
and every file written is hashed; nothing is left out. Each key is
``<scenario or case file stem>/<seed>/<file path in the output folder>``. A run that writes no
file at all (a case whose expected outcome is an error before the first table closes) is pinned
as one key ``<stem>/<seed>/(no files)``.

Usage: ``.venv/bin/python tests/golden/regenerate.py [--jobs N]``. ``tests/test_golden.py``
imports this file and recomputes the same digests; see ``tests/golden/README.md``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
RULES = SCENARIOS / "rules"
DIGESTS = Path(__file__).resolve().with_name("digests.json")
SEEDS = (0, 1, 2, 3, 4)
LARGE_FIELD = 10_000  # a field this large or larger: seed 0 only, no hands, no action events
NO_FILES = "(no files)"


@dataclass(frozen=True, slots=True)
class GoldenRun:
    """One golden run: a scenario with a seed, or a rule case (seeded by its script)."""

    stem: str  # the scenario or case file's stem
    seed: int
    path: Path
    rule_case: bool
    hands: str  # as ``pokersim run --hands``
    actions: bool  # as ``pokersim run --actions``
    large: bool  # a field of LARGE_FIELD players or more
    tag: str = ""  # after the seed in the id: "-compiled" for the run without hands or actions

    @property
    def id(self) -> str:
        """``<stem>/<seed><tag>``: the test id and the start of its keys in digests.json."""
        return f"{self.stem}/{self.seed}{self.tag}"

    @property
    def prefix(self) -> str:
        return f"{self.id}/"


def scenario_files() -> list[Path]:
    """The shipped scenarios: ``scenarios/*.toml``."""
    return sorted(SCENARIOS.glob("*.toml"))


def rule_case_files() -> list[Path]:
    """The regression cases, as ``pokersim verify scenarios/rules`` finds them."""
    from pokersim.verify import case_files

    return case_files([RULES])


def scenario_runs(path: Path) -> list[GoldenRun]:
    """The golden runs of one scenario file."""
    from pokersim.scenario import load_scenario

    if load_scenario(path).players.count >= LARGE_FIELD:
        return [GoldenRun(path.stem, 0, path, False, "none", False, True)]
    runs = [GoldenRun(path.stem, seed, path, False, "both", True, False) for seed in SEEDS]
    return runs + [GoldenRun(path.stem, 0, path, False, "none", False, False, "-compiled")]


def rule_case_run(path: Path) -> GoldenRun:
    """The golden run of one regression case."""
    from pokersim.verify import load_case

    seed = load_case(path).script.seed
    return GoldenRun(path.stem, seed, path, True, "both", True, False)


def golden_runs() -> list[GoldenRun]:
    """Every golden run: scenarios first, then rule cases, each in file-name order."""
    scenarios, cases = scenario_files(), rule_case_files()
    stems = [p.stem for p in scenarios + cases]
    repeated = sorted({s for s in stems if stems.count(s) > 1})
    if repeated:
        raise ValueError(f"scenario and case file stems must be unique; repeated: {repeated}")
    runs = [run for path in scenarios for run in scenario_runs(path)]
    return runs + [rule_case_run(path) for path in cases]


def file_digest(path: Path) -> str:
    """sha256 of a file's bytes, hex."""
    h = hashlib.sha256()
    with open(path, "rb") as stream:
        while chunk := stream.read(1 << 20):
            h.update(chunk)
    return h.hexdigest()


def folder_digests(folder: Path, prefix: str) -> dict[str, str]:
    """``{prefix + relative path: sha256}`` of every file under ``folder``."""
    out = {
        prefix + path.relative_to(folder).as_posix(): file_digest(path)
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }
    return out or {prefix + NO_FILES: NO_FILES}


def run_digests(run: GoldenRun) -> dict[str, str]:
    """Play one golden run into a temporary folder and hash every file it wrote."""
    from pokersim.outputs import write_run
    from pokersim.scenario import load_scenario
    from pokersim.verify import verify_paths

    with tempfile.TemporaryDirectory(prefix="pokersim-golden-") as tmp:
        out = Path(tmp) / run.stem
        if run.rule_case:
            [result] = verify_paths([run.path], out=tmp)
            if any(f.key == "load" for f in result.failures):
                raise ValueError("; ".join(str(f) for f in result.failures))
        elif load_scenario(run.path).flights.enabled:  # a multi-day event: every day's files
            from pokersim.multiday import write_event

            write_event(
                load_scenario(run.path),
                run.seed,
                out,
                scenario_name=run.path.stem,
                hands=run.hands,
                actions=run.actions,
            )
        else:
            write_run(
                load_scenario(run.path),
                run.seed,
                out,
                scenario_name=run.path.stem,
                hands=run.hands,
                actions=run.actions,
            )
        return folder_digests(out, run.prefix)


def compute(runs: Sequence[GoldenRun], jobs: int = 1) -> dict[str, str]:
    """The digests of ``runs``, on ``jobs`` worker processes (1: in this process)."""
    digests: dict[str, str] = {}
    if jobs <= 1:
        for run in runs:
            digests.update(run_digests(run))
        return digests
    # the large fields first, so no worker is left with one at the end
    order = sorted(runs, key=lambda r: not r.large)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for part in pool.map(run_digests, order):
            digests.update(part)
    return digests


def dumps(digests: dict[str, str]) -> str:
    """digests.json text: sorted keys, two-space indent, trailing newline."""
    return json.dumps(digests, indent=2, sort_keys=True) + "\n"


def load() -> dict[str, str]:
    """The pinned digests (empty if digests.json does not exist yet)."""
    if not DIGESTS.exists():
        return {}
    data = json.loads(DIGESTS.read_text(encoding="utf-8"))
    return {str(k): str(v) for k, v in data.items()}


def main(argv: Sequence[str] | None = None) -> int:
    """Recompute every digest and rewrite digests.json; print what changed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--jobs",
        type=int,
        default=min(4, os.cpu_count() or 1),
        help="worker processes (default: up to 4; 1 plays every run in this process)",
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    digests = compute(golden_runs(), jobs=args.jobs)
    before = load()
    changed = sorted(k for k in digests.keys() & before.keys() if digests[k] != before[k])
    added = sorted(digests.keys() - before.keys())
    removed = sorted(before.keys() - digests.keys())
    DIGESTS.write_text(dumps(digests), encoding="utf-8")
    for label, keys in (("changed", changed), ("new", added), ("removed", removed)):
        for key in keys:
            print(f"{label}: {key}")
    print(
        f"wrote {len(digests)} digests to {DIGESTS.relative_to(ROOT)} "
        f"({len(changed)} changed, {len(added)} new, {len(removed)} removed) "
        f"in {time.perf_counter() - started:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
