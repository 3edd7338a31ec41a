"""The event log's writer of an older tree against this one's, in one process, in turns.

    python benchmarks/compare_writer_code.py OLD_TREE scenarios/mtt_1000.toml [--actions]

Loads ``OLD_TREE/pokersim/outputs.py`` beside this tree's ``pokersim.outputs`` (both use this
tree's engine and compiled encoder), records what the engine hands a run's writer once, then
replays it into each ``RunFiles`` in turns (``finish`` included) and checks that both wrote
the same ``events.jsonl``. CPU µs a hand: the Python side of writing alone, without the
noise of two processes on a loaded machine (``compare_writers.py`` compares two whole trees).
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import pokersim.outputs as new
from pokersim.engine import run_tournament
from pokersim.scenario import load_scenario


def _old(tree: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("old_outputs", tree / "pokersim/outputs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("scenario", type=Path)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--actions", action="store_true")
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args()
    modules = {"old": _old(args.old.resolve()), "new": new}
    scenario = load_scenario(args.scenario)
    calls: list[tuple[str, Any]] = []
    result = run_tournament(
        scenario,
        args.seed,
        emit=lambda e: calls.append(("emit", e)),
        emit_hand=lambda e: calls.append(("emit_hand", e)),
        emit_rows=lambda r: calls.append(("emit_rows", r)),
        record_actions=args.actions,
    )
    per_hand: dict[str, list[float]] = {"old": [], "new": []}
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(args.rounds + 1):  # the first round is a warm-up
            for side in ("new", "old") if k % 2 == 0 else ("old", "new"):
                start = time.process_time()
                files = modules[side].RunFiles(Path(tmp) / f"{side}{k}", scenario, args.seed)
                methods = {"emit": files.emit, "emit_hand": files.emit_hand}
                methods["emit_rows"] = files.emit_rows
                for what, arg in calls:
                    methods[what](arg)
                files.finish(result, scenario_name=args.scenario.stem)
                if k:
                    per_hand[side].append((time.process_time() - start) / result.hands_played * 1e6)
            same = Path(tmp) / f"old{k}/events.jsonl", Path(tmp) / f"new{k}/events.jsonl"
            if same[0].read_bytes() != same[1].read_bytes():
                raise SystemExit("the two writers wrote different event logs")
    old, got = per_hand["old"], per_hand["new"]
    saved = statistics.median(o - n for o, n in zip(old, got, strict=True))
    ratio = statistics.median(n / o for o, n in zip(old, got, strict=True))
    print(f"{args.scenario.name}, seed {args.seed}, actions {args.actions}, {args.rounds} rounds")
    print(f"old {statistics.median(old):.2f} ({min(old):.2f}-{max(old):.2f}) CPU µs a hand")
    print(f"new {statistics.median(got):.2f} ({min(got):.2f}-{max(got):.2f}) CPU µs a hand")
    print(f"new / old {ratio:.3f}, saved {saved:.2f} µs a hand (medians of the rounds)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
