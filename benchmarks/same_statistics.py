"""Did a change that alters outputs move the statistics? Two versions, the same seeds, paired.

A change such as another draw order changes every run's bytes but must not change what the
runs say on average. Both trees play the same study (same scenario, runs and seeds); each run's
figures are paired by seed and the mean of the differences is judged against its own standard
error (a paired z-score: the decks are the same in both, so pairing removes most of the noise).

    python benchmarks/same_statistics.py OLD_TREE NEW_TREE scenarios/sng_9max.toml --runs 1000

``OLD_TREE`` and ``NEW_TREE`` are checkouts (``git worktree add /tmp/old <commit>``); with
``--old-scenario FILE`` the old tree plays FILE instead (a change of scenario data: the same
tree twice, the file before and after). The scenario path is read where it is named, so both
trees play that file; the script says so when a tree has its own, different copy. Per run:
hands played, duration, the bubble's time, level and average stack; per model and run: the
mean finishing place as a share of the field (0 = winner, 1 = last), the share of its players
paid, and the mean profit per entry. |z| above 3 is marked: with a dozen figures a chance
|z| > 3 is rare (about 3 % that any one does).
"""

from __future__ import annotations

import argparse
import math
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd


def _study(tree: Path, scenario: Path, runs: int, seed: int, jobs: int, out: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    command = [sys.executable, "-m", "pokersim", "study", str(scenario), "--runs", str(runs)]
    command += ["--seed", str(seed), "--jobs", str(jobs), "--out", str(out)]
    # run from the tree: `python -m` puts the working folder first on the import path
    subprocess.run(command, env=env, cwd=tree, check=True, stdout=subprocess.DEVNULL)


def _per_run(folder: Path) -> pd.DataFrame:
    """One row per run (indexed by seed): the run's figures and each model's."""
    runs = pd.read_parquet(folder / "runs.parquet").set_index("seed")
    table = pd.DataFrame(index=runs.index)
    table["hands played"] = runs["hands_played"]
    table["duration (min)"] = runs["duration_seconds"] / 60
    table["bubble (min)"] = runs["bubble_seconds"] / 60
    table["level at the bubble"] = runs["level_at_bubble"]
    table["average stack at the bubble (bb)"] = runs["avg_stack_bb_at_bubble"]
    finishes = pd.read_parquet(folder / "finishes.parquet")
    finishes = finishes.join(runs[["players", "places_paid"]], on="seed")
    finishes["share"] = (finishes["place"] - 1) / (finishes["players"] - 1)
    finishes["paid"] = (finishes["prize_cents"] > 0).astype(float)
    finishes["profit"] = finishes["profit_cents"] / 100 / finishes["entries"]
    by_model = finishes.groupby(["seed", "model"])[["share", "paid", "profit"]].mean().unstack()
    for what, label in (
        ("share", "place (0 first, 1 last)"),
        ("paid", "share paid"),
        ("profit", "profit per entry ($)"),
    ):
        for model in by_model[what].columns:
            table[f"{model}: {label}"] = by_model[what][model]
    return table


def compare(old: pd.DataFrame, new: pd.DataFrame) -> list[tuple[str, float, float, float]]:
    """(figure, old mean, new mean, paired z) for every figure both tables have."""
    rows = []
    for column in old.columns.intersection(new.columns):
        pair = pd.concat([old[column], new[column]], axis=1, keys=["old", "new"]).dropna()
        diff = (pair["new"] - pair["old"]).to_numpy(float)
        spread = float(np.std(diff, ddof=1)) if len(diff) > 1 else 0.0
        z = float(np.mean(diff)) / (spread / math.sqrt(len(diff))) if spread > 0 else 0.0
        rows.append((column, float(pair["old"].mean()), float(pair["new"].mean()), z))
    return rows


def _own_copy(tree: Path, played: Path) -> Path | None:
    """The tree's own file at ``played``'s place in the working folder, when its text differs:
    the scenario path is read once, where it is named, so both trees play that one file."""
    try:
        place = played.resolve().relative_to(Path.cwd().resolve())
    except ValueError:
        return None
    own = tree.resolve() / place
    if own.exists() and own.read_bytes() != played.resolve().read_bytes():
        return own
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("scenario", type=Path)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--old-scenario", type=Path, help="the old tree plays this file instead")
    args = parser.parse_args()
    old_scenario = args.old_scenario or args.scenario
    for tree, played in ((args.old, old_scenario), (args.new, args.scenario)):
        own = _own_copy(tree, played)
        if own is not None:
            print(
                f"note: {tree}'s own {own.relative_to(tree.resolve())} differs from "
                f"{played.resolve()}, which it plays (--old-scenario names the old tree's file)",
                file=sys.stderr,
            )
    with tempfile.TemporaryDirectory() as tmp:
        tables = []
        for name, tree, scenario in (
            ("old", args.old, old_scenario),
            ("new", args.new, args.scenario),
        ):
            out = Path(tmp) / name
            _study(tree.resolve(), scenario.resolve(), args.runs, args.seed, args.jobs, out)
            tables.append(_per_run(out))
    print(f"{args.scenario.name}, {args.runs} runs, seed {args.seed}, paired by run\n")
    print("| figure | old mean | new mean | paired z |")
    print("|---|---:|---:|---:|")
    for figure, before, after, z in compare(*tables):
        mark = " **(|z| > 3)**" if abs(z) > 3 else ""
        print(f"| {figure} | {before:.4g} | {after:.4g} | {z:+.2f}{mark} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
