"""Study throughput (runs/s): 1 and 2 local worker processes and a local Dask cluster.

Usage: python benchmarks/bench_study.py [SCENARIO] [--runs N] [--seed S] [--skip-dask]

Each backend plays the same N runs (same seeds) into a fresh temporary folder; the wall time
includes starting the workers (spawned processes import pokersim once each) and writing the
Parquet parts and the merged files, i.e. what a user waits for; "steady" runs/s leaves out the
first runs (worker start-up: imports and first-use compilation). The merged files are checked
to be byte-identical across backends. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import os
import platform
import tempfile
import time
from pathlib import Path

from pokersim import study


def timed(label: str, scenario: str, runs: int, seed: int, root: Path, **kw: object) -> tuple:
    """Wall time, overall runs/s, and steady runs/s (after the first 4 runs: workers warm)."""
    out = root / label.replace(" ", "_").replace(",", "")
    done: list[float] = []
    t0 = time.perf_counter()
    study.run_study(
        scenario,
        runs=runs,
        seed=seed,
        out=out,
        progress=False,
        on_run=lambda _i: done.append(time.perf_counter()),
        **kw,
    )
    wall = time.perf_counter() - t0
    warm = 4
    steady = (len(done) - 1 - warm) / (done[-1] - done[warm])
    digest = tuple((out / n).read_bytes() for n in ("runs.parquet", "finishes.parquet"))
    return label, wall, runs / wall, steady, digest


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("scenario", nargs="?", default=None)
    p.add_argument("--runs", type=int, default=40)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--skip-dask", action="store_true")
    args = p.parse_args()
    if args.scenario is None:
        from pokersim.scenario import default_scenario_path

        args.scenario = str(default_scenario_path())
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        rows.append(timed("processes, 1 worker", args.scenario, args.runs, args.seed, root, jobs=1))
        rows.append(
            timed("processes, 2 workers", args.scenario, args.runs, args.seed, root, jobs=2)
        )
        if not args.skip_dask:
            from distributed import Client, LocalCluster

            with (
                LocalCluster(
                    n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
                ) as cluster,
                Client(cluster) as client,
            ):
                rows.append(
                    timed(
                        "Dask LocalCluster, 2 workers",
                        args.scenario,
                        args.runs,
                        args.seed,
                        root,
                        scheduler=client,
                    )
                )
    base, base_steady = rows[0][2], rows[0][3]
    print(
        f"scenario: {Path(args.scenario).name}, {args.runs} runs, seed {args.seed}; "
        f"{platform.python_version()}, {os.cpu_count()} CPUs"
    )
    print()
    print("| backend | wall (s) | runs/s (wall) | vs 1 worker | runs/s (steady) | vs 1 worker |")
    print("|---|---|---|---|---|---|")
    for label, wall, rate, steady, _ in rows:
        print(
            f"| {label} | {wall:.1f} | {rate:.2f} | {rate / base:.2f}x | {steady:.2f} "
            f"| {steady / base_steady:.2f}x |"
        )
    same = all(r[4] == rows[0][4] for r in rows)
    print()
    print(f"merged files byte-identical across backends: {same}")


if __name__ == "__main__":
    main()
