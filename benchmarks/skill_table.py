"""The skill edge of a study: mean profit per entry by model and skill, with its z-score.

A study's ``finishes.parquet`` has one row per player and run. Players of one kind in one run
share the run's cards and opponents, so the standard error is taken over runs (each run's mean
profit of the kind), not over players::

    pokersim study docs/studies/default_skill.toml --runs 200 --seed 0 --jobs 2 --out skill
    python benchmarks/skill_table.py skill
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from pathlib import Path

import pyarrow.parquet as pq


def rows(folder: Path) -> list[str]:
    """The Markdown rows: kind, finishes, mean profit (se), z, ROI, share in the money."""
    table = pq.read_table(folder / "finishes.parquet").to_pandas()
    out = []
    for (model, skill), group in table.groupby(["model", "skill"], sort=True):
        per_run = group.groupby("run")["profit_cents"].mean() / 100.0
        mean = float(per_run.mean())
        se = float(per_run.std(ddof=1)) / math.sqrt(len(per_run)) if len(per_run) > 1 else math.nan
        cost = float(group["cost_cents"].mean()) / 100.0
        paid = float((group["prize_cents"] > 0).mean())
        sign = "+" if mean >= 0 else "−"
        out.append(
            f"| {model}, skill {skill:g} | {len(group):,} | {sign}${abs(mean):.2f} ({se:.2f}) | "
            f"{mean / se:.1f} | {100 * mean / cost:.1f} % | {100 * paid:.1f} % |"
        )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="a study's --out folder")
    args = parser.parse_args(argv)
    if not (args.folder / "finishes.parquet").is_file():
        print(f"{args.folder}: no finishes.parquet (expected a study's --out folder)")
        return 2
    print("| kind | finishes | mean profit (se) | z against 0 | ROI | in the money |")
    print("|---|---|---|---|---|---|")
    print("\n".join(rows(args.folder)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
