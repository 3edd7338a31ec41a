"""Two versions of the engine timed in one process, run by run, to see a few-percent change.

This machine's speed drifts by 10-15 % between consecutive seconds, more than the difference a
refactor must stay within (3 %). Timing each version in its own process compares two moments
of the machine as much as two versions. Here both versions are imported into one process (each
tree's ``pokersim`` package copied under another name), and their runs alternate (A B, B A,
...): each pair is timed close together, and the median of the per-pair ratios is the figure.

    python benchmarks/compare_versions.py OLD_TREE NEW_TREE scenarios/mtt_1000.toml --pairs 16

``OLD_TREE`` and ``NEW_TREE`` are checkouts (``git worktree add /tmp/old <commit>``). CPU time
(``time.process_time``) per tournament hand, seed 1, after one warm-up run of each. ``--players
N`` replaces the scenario's ``players.count`` (the field-size curve of ``bench_tournament.py``);
``--stub`` plays the scripted hands of ``bench_tournament.py --stub`` (the engine's own cost):

    python benchmarks/compare_versions.py OLD_TREE NEW_TREE scenarios/mtt_1000.toml \
        --players 30000 --stub --pairs 4

The copies' sources name another package, so their kernels compiled ahead of time are stale
and numba compiles both versions' kernels (as with ``POKERSIM_JIT=1``). ``--aot`` keeps each
copy's module fresh when its tree's was (``make kernels`` in that tree): the runs then call the
module's functions through ``kernel_cache.Deferred``, as ``pokersim run`` does.
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
import shutil
import statistics
import sys
import tempfile
import time
import tomllib
from pathlib import Path
from typing import Any

from bench_tournament import StubModel, stub_hand_player


def _copy_as(tree: Path, name: str, into: Path) -> None:
    """Copy ``tree/pokersim`` to ``into/name`` with its imports renamed."""
    target = into / name
    shutil.copytree(tree / "pokersim", target, ignore=shutil.ignore_patterns("__pycache__"))
    for path in target.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        text = re.sub(r"\bfrom pokersim(\.|\s)", rf"from {name}\1", text)
        text = re.sub(r"\bimport pokersim\b", f"import {name}", text)
        text = re.sub(r'"pokersim\.', f'"{name}.', text)
        path.write_text(text, encoding="utf-8")


def _aot_kept(package: Path, copy: Path) -> None:
    """The copy's ahead-of-time kernels fresh when the tree's are (only imports were renamed).

    The copy's sources differ from the tree's by the package's name, so its fingerprint does
    too: without this both copies would run numba's kernels, not the module's.
    """
    kernel_cache = importlib.import_module(f"{copy.name}.kernel_cache")
    table_path = copy / kernel_cache.AOT_TABLE
    if not table_path.exists():
        sys.exit(f"{package}: no kernels compiled ahead of time (make kernels)")
    table = json.loads(table_path.read_text(encoding="utf-8"))
    if table["fingerprint"] != kernel_cache.aot_fingerprint(package):
        sys.exit(f"{package}: its kernels compiled ahead of time are stale (make kernels)")
    table["fingerprint"] = kernel_cache.aot_fingerprint(copy)
    table_path.write_text(json.dumps(table), encoding="utf-8")
    if kernel_cache.aot_exports() is None:
        sys.exit(f"{copy.name}: {kernel_cache.aot_fallback()}")


def main() -> int:
    """Print per-hand CPU time of both versions and the median ratio new / old."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("scenario", type=Path)
    parser.add_argument("--pairs", type=int, default=12)
    parser.add_argument("--players", type=int, help="players.count replaced by this")
    parser.add_argument("--stub", action="store_true", help="scripted hands: the engine alone")
    parser.add_argument(
        "--aot", action="store_true", help="each tree's kernels compiled ahead of time, if fresh"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="pokersim-versions-") as tmp:
        _copy_as(args.old.resolve(), "pokersim_old", Path(tmp))
        _copy_as(args.new.resolve(), "pokersim_new", Path(tmp))
        sys.path.insert(0, tmp)
        if args.aot:
            for tree, name in ((args.old, "pokersim_old"), (args.new, "pokersim_new")):
                _aot_kept(tree.resolve() / "pokersim", Path(tmp) / name)
        versions = []
        for name in ("pokersim_old", "pokersim_new"):
            engine = importlib.import_module(f"{name}.engine")
            scenario = importlib.import_module(f"{name}.scenario")
            warm = scenario.load_scenario(args.old / "scenarios" / "sng_9max.toml")
            engine.run_tournament(warm, 0)
            data = tomllib.loads(args.scenario.read_text(encoding="utf-8"))
            if args.players is not None:
                data["players"]["count"] = args.players
            sc = scenario.parse_scenario(data, source=str(args.scenario))
            kwargs: dict[str, Any] = {}
            if args.stub:
                hand = importlib.import_module(f"{name}.hand")
                models = [StubModel()] * sc.players.count
                kwargs = {"hand_player": stub_hand_player(hand), "models": models}
            versions.append((engine.run_tournament, sc, kwargs, []))
        ratios = []
        for k in range(args.pairs):
            for run, sc, kwargs, times in versions if k % 2 == 0 else versions[::-1]:
                start = time.process_time()
                result = run(sc, 1, **kwargs)
                times.append((time.process_time() - start) / result.hands_played * 1e6)
            ratios.append(versions[1][3][-1] / versions[0][3][-1])
    for label, (_run, _sc, _kwargs, times) in zip(("old", "new"), versions):
        print(f"{label}: {min(times):.1f} min, {statistics.median(times):.1f} median µs/hand")
    spread = f"{min(ratios):.3f} .. {max(ratios):.3f}"
    print(f"new / old, median of {len(ratios)} pairs: {statistics.median(ratios):.3f} ({spread})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
