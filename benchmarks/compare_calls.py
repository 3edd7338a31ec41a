"""The compiled betting call of several versions, replayed on the same hands in one process.

``compare_versions.py`` times whole tournaments, where a change of a microsecond in the machine
is lost in the machine's drift. Here each tree plays ``scenario`` once (seed 1) while the
arguments of its first ``--calls`` compiled calls (``betting_kernel._run``, or ``_hand``
before the machine) are kept; then the calls are replayed, batch by batch (250 hands), every
tree on the same batch one after the other, alternating the order, in CPU time. The figure is
the median over batches of each tree's time divided by the first tree's.

    python benchmarks/compare_calls.py OLD_TREE NEW_TREE [MORE_TREES] scenarios/mtt_1000.toml
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import tempfile
import time
from array import array
from pathlib import Path
from typing import Any

import numpy as np
from compare_versions import _copy_as

BATCH = 250


def _copy(a: Any) -> Any:
    """A fresh copy of an argument the call writes (its state); tables and banks shared."""
    if isinstance(a, array) and len(a) < 300:
        return array(a.typecode, a)
    if isinstance(a, np.ndarray) and a.size < 900 and a.flags.writeable:
        return a.copy()
    return a


def _captured(name: str, scenario: Path, calls: int) -> tuple[Any, list[tuple[Any, ...]]]:
    """The tree's compiled entry and the arguments of its first ``calls`` calls."""
    kernel = importlib.import_module(f"{name}.betting_kernel")
    engine = importlib.import_module(f"{name}.engine")
    scenarios = importlib.import_module(f"{name}.scenario")
    entry = "_run" if hasattr(kernel, "_run") else "_hand"
    real = getattr(kernel, entry)
    kept: list[tuple[Any, ...]] = []

    def keeping(*args: Any) -> Any:
        if len(kept) < calls:
            kept.append(tuple(_copy(a) for a in args))
        return real(*args)

    setattr(kernel, entry, keeping)
    engine.run_tournament(scenarios.load_scenario(scenario), 1)
    setattr(kernel, entry, real)
    return real, kept


def main() -> int:
    """Print each tree's CPU µs per compiled call and its median ratio to the first tree."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", type=Path, nargs="+")
    parser.add_argument("scenario", type=Path)
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="pokersim-calls-") as tmp:
        versions = []
        for k, tree in enumerate(args.trees):
            _copy_as(tree.resolve(), f"pokersim_v{k}", Path(tmp))
        sys.path.insert(0, tmp)
        for k in range(len(args.trees)):
            versions.append((*_captured(f"pokersim_v{k}", args.scenario, args.calls), []))
        ratios: list[list[float]] = [[] for _ in versions]
        for r in range(args.rounds):
            for lo in range(0, args.calls, BATCH):
                order = list(range(len(versions)))
                for j in order if (r + lo // BATCH) % 2 == 0 else order[::-1]:
                    real, kept, times = versions[j]
                    batch = [tuple(_copy(a) for a in c) for c in kept[lo : lo + BATCH]]
                    start = time.process_time_ns()
                    for call in batch:
                        real(*call)
                    times.append((time.process_time_ns() - start) / len(batch) / 1000)
                for j, (_, _, times) in enumerate(versions):
                    ratios[j].append(times[-1] / versions[0][2][-1])
    for tree, (_, _, times), ratio in zip(args.trees, versions, ratios):
        mean, median = statistics.mean(times), statistics.median(ratio)
        print(f"{tree}: {mean:.2f} µs a call; / first, median of batches: {median:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
