"""Study throughput (runs/s): 1 and 2 local worker processes and a local Dask cluster.

Usage: python benchmarks/bench_study.py [SCENARIO] [--runs N] [--seed S] [--skip-dask]
       python benchmarks/bench_study.py [SCENARIO] --runs 60 --command [--repeat K]

Each backend plays the same N runs (same seeds) into a fresh temporary folder. Reported:

* wall time and runs/s as a user waits for them: starting the workers (spawned processes import
  pokersim and warm up once each; the Dask cluster is started inside the measurement), playing,
  writing the Parquet parts and merging;
* "steady" runs/s: from the 5th completed run to the last, i.e. without the start-up;
* the serial parts: when the first run was stored (the workers' start), and how long the study
  took after the last one (stopping the workers, finishing the merged files, reading them);
* CPU seconds per run in this process and in the worker processes (``getrusage``), which do not
  depend on how busy the machine is: on a machine whose cores are shared with other work, wall
  time measures the share of the CPUs we got, CPU time measures what the study costs.

The merged files are checked to be byte-identical across backends. Prints a Markdown table.

``--command`` times what a user waits for instead: the whole ``pokersim study SCENARIO --runs N
--jobs J`` command in a fresh process (start-up, the runs, the merge and the report), with
``--jobs 1`` and ``--jobs 2`` taken in turns ``--repeat`` times, with the load average and the
busy-loop control around them; the outputs (Parquet files, report and plots) are compared.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import resource
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pokersim import study


def cpu() -> tuple[float, float]:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, kids.ru_utime + kids.ru_stime


def measure(
    label: str, args: argparse.Namespace, root: Path, backend: Callable[[], Any], **kw: Any
) -> dict[str, Any]:
    """Run one study; ``backend`` is a context manager giving extra run_study keywords."""
    out = root / label.replace(" ", "_").replace(",", "")
    done: list[float] = []
    load0 = os.getloadavg()[0]
    c0 = cpu()
    t0 = time.perf_counter()
    with backend() as extra:
        study.run_study(
            args.scenario,
            runs=args.runs,
            seed=args.seed,
            out=out,
            progress=False,
            on_run=lambda _i: done.append(time.perf_counter()),
            **kw,
            **extra,
        )
    end = time.perf_counter()
    wall = end - t0
    c1 = cpu()
    warm = 4
    return {
        "label": label,
        "wall": wall,
        "rate": args.runs / wall,
        "steady": (len(done) - 1 - warm) / (done[-1] - done[warm]),
        "first": done[0] - t0,
        "end": end - done[-1],
        "cpu_parent": (c1[0] - c0[0]) / args.runs,
        "cpu_workers": (c1[1] - c0[1]) / args.runs,
        "load": (load0 + os.getloadavg()[0]) / 2,
        "bytes": tuple((out / n).read_bytes() for n in ("runs.parquet", "finishes.parquet")),
    }


def burn(n: int) -> float:
    """A pure-Python busy loop: its CPU need is fixed, so its wall time shows the CPU we get."""
    x = 0
    for i in range(n):
        x += i * i
    return float(x)


def control(n: int = 10_000_000) -> float:
    """Speed-up of 2 busy-loop processes over 1 right now: 2.0 on two idle cores.

    Measured next to the study so that its 1-vs-2-worker ratio can be read against what the
    machine could give at that moment.
    """
    import multiprocessing

    t0 = time.perf_counter()
    burn(n)
    one = time.perf_counter() - t0
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        pool.map(burn, [1000, 1000])  # start the workers outside the measurement
        t0 = time.perf_counter()
        pool.map(burn, [n, n])
        two = time.perf_counter() - t0
    return 2 * one / two


@contextlib.contextmanager
def no_backend() -> Any:
    yield {}


@contextlib.contextmanager
def dask_backend() -> Any:
    from distributed import Client, LocalCluster

    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        yield {"scheduler": client}


def outputs(folder: Path) -> dict[str, bytes]:
    """Every file of a finished study but its provenance and parts (they name the folder)."""
    skip = {"provenance.json", "study.json"}
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name not in skip and "parts" not in p.parts and p.suffix != ".lock"
    }


def command_times(args: argparse.Namespace) -> None:
    """Wall time of the whole ``pokersim study`` command with 1 and 2 jobs, in turns."""
    import subprocess
    import sys

    times: dict[int, list[float]] = {1: [], 2: []}
    cpus: dict[int, list[float]] = {1: [], 2: []}
    files: dict[int, dict[str, bytes]] = {}
    loads = [os.getloadavg()[0]]
    before = control()
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(args.repeat):
            for jobs in (1, 2):
                out = Path(tmp) / f"j{jobs}-{k}"
                cmd = [sys.executable, "-m", "pokersim", "study", args.scenario, "--runs",
                       str(args.runs), "--seed", str(args.seed), "--jobs", str(jobs), "--out",
                       str(out), "--no-progress"]  # fmt: skip
                t0, c0 = time.perf_counter(), cpu()[1]
                subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
                times[jobs].append(time.perf_counter() - t0)
                cpus[jobs].append(cpu()[1] - c0)  # the command and its workers
                loads.append(os.getloadavg()[0])
                files.setdefault(jobs, outputs(out))
    after = control()
    best1, best2 = min(times[1]), min(times[2])
    print(
        f"`pokersim study {Path(args.scenario).name} --runs {args.runs} --seed {args.seed}`, "
        f"{args.repeat} times each, Python {platform.python_version()}, {os.cpu_count()} CPUs"
    )
    print()
    print("| jobs | wall s, each run | best | vs --jobs 1 (best) | CPU s, each run |")
    print("|---|---|---|---|---|")
    for jobs in (1, 2):
        each = ", ".join(f"{t:.2f}" for t in times[jobs])
        used = ", ".join(f"{t:.2f}" for t in cpus[jobs])
        print(
            f"| {jobs} | {each} | {min(times[jobs]):.2f} | {best1 / min(times[jobs]):.2f}x "
            f"| {used} |"
        )
    pairs = [a / b for a, b in zip(times[1], times[2])]
    print()
    print(
        f"ratio of each pair (1 job / 2 jobs, taken back to back): "
        f"{', '.join(f'{r:.2f}' for r in pairs)}; best over best {best1 / best2:.2f}x"
    )
    print(f"load average (1 min) during the measurement: {min(loads):.1f}-{max(loads):.1f}")
    print(
        f"control: 2 busy-loop processes ran {before:.2f}x / {after:.2f}x as fast as 1, "
        "before / after (2.00x on two idle cores)"
    )
    print(f"outputs byte-identical (Parquet, report, plots): {files[1] == files[2]}")


def main() -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("scenario", nargs="?", default=None)
    p.add_argument("--runs", type=int, default=40)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--skip-dask", action="store_true")
    p.add_argument("--command", action="store_true", help="time the whole study command")
    p.add_argument("--repeat", type=int, default=3, help="with --command: times per --jobs")
    args = p.parse_args()
    if args.scenario is None:
        from pokersim.scenario import default_scenario_path

        args.scenario = str(default_scenario_path())
    if args.command:
        command_times(args)
        return
    rows = []
    before = control()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        rows.append(measure("processes, 1 worker", args, root, no_backend, jobs=1))
        rows.append(measure("processes, 2 workers", args, root, no_backend, jobs=2))
        if not args.skip_dask:
            rows.append(measure("Dask LocalCluster, 2 workers", args, root, dask_backend))
    base = rows[0]
    print(
        f"scenario: {Path(args.scenario).name}, {args.runs} runs, seed {args.seed}; "
        f"Python {platform.python_version()}, {os.cpu_count()} CPUs"
    )
    print()
    print(
        "| backend | wall (s) | runs/s | vs 1 worker | steady runs/s | vs 1 worker "
        "| CPU s/run, main process | CPU s/run, workers | first run stored (s) "
        "| after the last (s) | load avg |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['label']} | {r['wall']:.1f} | {r['rate']:.2f} | {r['rate'] / base['rate']:.2f}x "
            f"| {r['steady']:.2f} | {r['steady'] / base['steady']:.2f}x | {r['cpu_parent']:.3f} "
            f"| {r['cpu_workers']:.3f} | {r['first']:.2f} | {r['end']:.2f} | {r['load']:.1f} |"
        )
    same = all(r["bytes"] == base["bytes"] for r in rows)
    print()
    print(
        f"control: 2 busy-loop processes ran {before:.2f}x / {control():.2f}x as fast as 1, "
        "before / after the study (2.00x on two idle cores)"
    )
    print(f"merged files byte-identical across backends: {same}")


if __name__ == "__main__":
    main()
