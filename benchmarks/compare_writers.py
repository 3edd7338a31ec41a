"""What writing a run's files costs a hand, the writing alone: two trees of the project in turns.

    python benchmarks/compare_writers.py OLD NEW scenarios/mtt_1000.toml --pairs 3
    python benchmarks/compare_writers.py OLD NEW scenarios/mtt_1000.toml --only out actions

``OLD`` and ``NEW`` are checkouts of the project (their roots). Each pair runs one process on
each tree (old first in even pairs, new first in odd ones); a process plays the scenario once
per variant (``--out``, ``--out --actions``, ``--out --hands both``) with a writer that only
records what the engine hands it (``RunFiles``'s ``emit``, ``emit_hand``, ``emit_rows`` when
the tree has it, ``on_hand``), then hands the same calls to a real ``RunFiles`` ``--repeat``
times, each into a fresh folder, ``finish`` included (``events.jsonl``, ``summary.json``,
``hands/``), and reports the median CPU time (``time.process_time``) of those replays per hand
played. The hands' records are forgotten before each replay, so a hand history decodes them
again as a run would. What the engine spends building what it hands the writer (a record or a
row per event) is not in these figures: ``bench_outputs.py`` measures whole runs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

VARIANTS = {
    "--out": (False, "none"),
    "--out --actions": (True, "none"),
    "--hands both": (False, "both"),
}
SHORT = {"out": "--out", "actions": "--out --actions", "hands": "--hands both"}  # --only's names

# Run inside one tree's process: prints {variant: median µs a hand}.
_CHILD = r"""
import inspect, json, shutil, statistics, sys, tempfile, time
from pathlib import Path
from pokersim.engine import run_tournament
from pokersim.outputs import RunFiles
from pokersim.scenario import load_scenario

path, seed, repeat = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
variants = json.loads(sys.argv[4])
scenario = load_scenario(path)
rows_ok = "emit_rows" in inspect.signature(run_tournament).parameters


def forget(result):
    events = getattr(result, "events", None)
    if hasattr(events, "_records"):
        events._records = None


out = {}
with tempfile.TemporaryDirectory() as tmp:
    for name, (actions, hands) in variants.items():
        calls = []
        kw = {
            "emit": lambda e: calls.append(("emit", e)),
            "emit_hand": lambda e: calls.append(("emit_hand", e)),
            "record_actions": actions,
        }
        if hands != "none":
            kw["on_hand"] = lambda h: calls.append(("on_hand", h))
        if rows_ok:
            kw["emit_rows"] = lambda r: calls.append(("emit_rows", r))
        result = run_tournament(scenario, seed, **kw)
        times = []
        for k in range(repeat + 1):
            folder = Path(tmp) / f"{len(out)}-{k}"
            for what, arg in calls:
                if what == "on_hand":
                    forget(arg)
            start = time.process_time()
            files = RunFiles(folder, scenario, seed, hands=hands)
            methods = {
                "emit": files.emit,
                "emit_hand": files.emit_hand,
                "emit_rows": getattr(files, "emit_rows", None),
                "on_hand": files.on_hand,
            }
            for what, arg in calls:
                methods[what](arg)
            files.finish(result, scenario_name=path.stem)
            spent = time.process_time() - start
            if k:  # the first is a warm-up (compiled code loaded, caches made)
                times.append(spent / result.hands_played * 1e6)
            shutil.rmtree(folder)
        out[name] = statistics.median(times)
print(json.dumps(out))
"""


def _child(tree: Path, scenario: Path, seed: int, repeat: int, variants: dict) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(scenario), str(seed), str(repeat), json.dumps(variants)],
        env=env,
        cwd=tree,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("scenario", type=Path)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=3, help="replays a process times")
    parser.add_argument(
        "--only", nargs="*", default=list(SHORT), choices=SHORT, help="the variants (default: all)"
    )
    args = parser.parse_args()
    variants = {SHORT[name]: VARIANTS[SHORT[name]] for name in args.only}
    scenario = args.scenario.resolve()
    trees = {"old": args.old.resolve(), "new": args.new.resolve()}
    got: dict[str, list[dict]] = {"old": [], "new": []}
    for k in range(args.pairs):
        for side in ("old", "new") if k % 2 == 0 else ("new", "old"):
            got[side].append(_child(trees[side], scenario, args.seed, args.repeat, variants))
            print(f"pair {k + 1} {side}: {got[side][-1]}", file=sys.stderr)
    print(f"{scenario.name}, seed {args.seed}, {args.pairs} pairs, {args.repeat} replays each:")
    print("CPU µs a hand spent writing, median of each process's replays\n")
    print("| variant | old: median (range) | new: median (range) | new / old (median of pairs) |")
    print("|---|---:|---:|---:|")
    for name in variants:
        old = [r[name] for r in got["old"]]
        new = [r[name] for r in got["new"]]
        ratio = statistics.median(n / o for n, o in zip(new, old, strict=True))
        print(
            f"| {name} | {statistics.median(old):.1f} ({min(old):.1f}-{max(old):.1f}) | "
            f"{statistics.median(new):.1f} ({min(new):.1f}-{max(new):.1f}) | {ratio:.3f} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
