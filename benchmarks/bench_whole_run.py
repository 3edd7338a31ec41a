"""Whole-process time of ``pokersim run SCENARIO``, source trees (or modes) in turns.

Usage: ``python benchmarks/bench_whole_run.py [SCENARIO] --tree LABEL=PATH[:jit] ... [--repeat N]
[--pokerkit HANDS]``

Each measurement is a fresh ``python -m pokersim run SCENARIO`` with ``PYTHONPATH=PATH``
(``:jit``: with ``POKERSIM_JIT=1``, numba's kernels instead of the ones compiled ahead of
time), the trees taking turns so that each sees the same moments of a shared machine. Prints
best and median wall and CPU seconds (the child's own) per tree, and the load average. Run it
from outside the project's root (with absolute paths): there ``-m pokersim`` imports the root's
package whatever ``PYTHONPATH`` says. Each tree's package is byte-compiled first: a fresh
worktree has no ``__pycache__`` (and ``PYTHONDONTWRITEBYTECODE`` keeps it so), and compiling
the package's sources at every start cost it 0.1-0.3 s of each run (found on 2026-12-06).

With ``--pokerkit HANDS``, PokerKit plays that many hands of ``bench_hands.py``'s random legal
9-max play in the same run, and each tree's hands a second counted over the whole process (the
hands the run prints over its best wall time) are given against PokerKit's.
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_hands import pokerkit_hands  # noqa: E402 - the script's own folder
from bench_startup import print_table, timed  # noqa: E402


def main() -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("scenario", nargs="?", default="scenarios/mtt_1000.toml")
    p.add_argument("--tree", action="append", required=True, metavar="LABEL=PATH[:jit]")
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--pokerkit", type=int, default=0, metavar="HANDS")
    args = p.parse_args()
    trees = {}
    for spec in args.tree:
        label, _, path = spec.partition("=")
        path, _, mode = path.partition(":")
        env = {k: v for k, v in os.environ.items() if k != "POKERSIM_JIT"}
        env["PYTHONPATH"] = os.path.abspath(path)
        compileall.compile_dir(os.path.join(path, "pokersim"), quiet=1)
        if mode == "jit":
            env["POKERSIM_JIT"] = "1"
        trees[label] = env
    cmd = [sys.executable, "-m", "pokersim", "run", args.scenario]
    for env in trees.values():
        timed(cmd, env)  # caches warm, files in the page cache
    times: dict[str, list[tuple[float, float]]] = {label: [] for label in trees}
    loads = [os.getloadavg()[0]]
    for _ in range(args.repeat):
        for label, env in trees.items():
            times[label].append(timed(cmd, env))
        loads.append(os.getloadavg()[0])
    print(f"best and median of {args.repeat}, load average {min(loads):.1f}-{max(loads):.1f}")
    print()
    print_table("tree", times)
    if args.pokerkit:
        _against_pokerkit(cmd, trees, times, args.pokerkit)


def _against_pokerkit(
    cmd: list[str], trees: dict[str, dict[str, str]], times: dict[str, list[tuple[float, float]]],
    hands: int,
) -> None:  # fmt: skip
    """Each tree's hands a second over its best whole process, against PokerKit's."""
    seconds, _decisions = pokerkit_hands(hands, 1)
    pokerkit = hands / seconds
    print()
    print(f"PokerKit, random legal 9-max, {hands} hands in the same run: {pokerkit:,.0f} hands/s")
    for label, env in trees.items():
        out = subprocess.run(cmd, capture_output=True, check=True, env=env, text=True).stdout
        played = int(re.search(r"(\d+) hands", out.splitlines()[0]).group(1))  # type: ignore[union-attr]
        best = min(w for w, _ in times[label])
        rate = played / best
        ratio = rate / pokerkit
        print(f"{label}: {played:,} hands in {best:.3f} s, {rate:,.0f} hands/s, {ratio:,.0f}x")


if __name__ == "__main__":
    main()
