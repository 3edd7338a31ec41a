"""The event log's writer of an older tree against this one's, in one process, in turns.

    python benchmarks/compare_writer_code.py OLD_TREE scenarios/mtt_1000.toml [--actions]

Loads ``OLD_TREE/pokersim/outputs.py`` and ``hand_log.py`` beside this tree's (both use this
tree's engine and compiled encoder), records what the engine hands a run's writer once (the
table rows as the arguments of their makers, ``hand_log.table_started_row`` and
``table_ended_row``), then replays it into each ``RunFiles`` in turns, each side making the
table rows with its own ``hand_log`` and the other events' lines with its own
``events.event_line`` (``finish`` included), and checks that both wrote the same
``events.jsonl``. CPU µs a hand: the Python side of writing alone (the rows' making
included), without the noise of two processes on a loaded machine (``compare_writers.py``
compares two whole trees).
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import pokersim.engine.setup as setup
import pokersim.events as new_events
import pokersim.hand_log as new_log
import pokersim.outputs as new
from pokersim.engine import run_tournament
from pokersim.scenario import load_scenario


def _old(tree: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"old_{name}", tree / f"pokersim/{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _recording(kind: str) -> Any:
    """A table row's maker that hands on its arguments instead of the row."""
    return lambda *args: (kind, args)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("scenario", type=Path)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--actions", action="store_true")
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args()
    old_tree = args.old.resolve()
    modules = {"old": _old(old_tree, "outputs"), "new": new}
    logs = {"old": _old(old_tree, "hand_log"), "new": new_log}
    lines = {"old": _old(old_tree, "events").event_line, "new": new_events.event_line}
    scenario = load_scenario(args.scenario)
    calls: list[tuple[str, Any]] = []
    setup.table_started_row = _recording("table_started_row")  # type: ignore[attr-defined]
    setup.table_ended_row = _recording("table_ended_row")  # type: ignore[attr-defined]
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
                files._writer._line = lines[side]  # each side's own event_line
                emit, emit_hand, emit_rows = files.emit, files.emit_hand, files.emit_rows
                log = logs[side]
                makers = {"table_started_row": log.table_started_row}
                makers["table_ended_row"] = log.table_ended_row
                for what, arg in calls:
                    if what == "emit_rows":
                        emit_rows(makers[arg[0]](*arg[1]))
                    elif what == "emit":
                        emit(arg)
                    else:
                        emit_hand(arg)
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
