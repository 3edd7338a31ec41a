"""Start-up: ``pokersim --help`` and the time from launching ``pokersim run`` to its first hand.

Usage: ``python benchmarks/bench_startup.py [SCENARIO] [--repeat N] [--phases]``

Each measurement is a fresh process, timed from just before it is launched. For the first hand,
the child runs the command line itself (``pokersim.cli.main``) after installing an import hook
that, once ``pokersim.engine.dealer`` is imported, wraps ``Dealer.play`` to print the wall
clock at its first call and exit: so the figure covers the interpreter's start, the imports,
reading the scenario and setting up the run, exactly as the command does them, and nothing of
the run itself. The compiled kernels are loaded from numba's cache at their first call, inside
that first hand: a second figure runs to the end of the first hand, so it includes them. Best
and median of ``--repeat`` (default 7), wall and CPU time (the child's own: other processes
disturb it far less), with the load average: on a shared machine the best is the least
disturbed. ``--phases`` instead takes the command's steps one by one in one process (its
imports, the parser, reading the scenario, setting the run up) and prints the median CPU time
of each step to the first hand: where the start-up goes. Before measuring, one whole run of
the scenario (a process that exits normally) fills the caches a user's first run fills: numba's,
and the records' compiled methods (``pokersim.frozen``, written at exit, not written under
``PYTHONDONTWRITEBYTECODE``, kept under ``PYTHONPYCACHEPREFIX`` when it is set).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

HOOK = r"""
import importlib.abc, importlib.util, os, sys, time
def at_first_hand():
    print(f"FIRST_HAND {time.time():.6f}", file=sys.stderr, flush=True)
class Hook(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name != "pokersim.engine.dealer":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        load = spec.loader.exec_module
        def exec_module(module):
            load(module)
            play = module.Dealer.play
            def first(*args, **kwargs):
                if sys.argv[2] == "played":
                    play(*args, **kwargs)
                at_first_hand()
                os._exit(0)
            module.Dealer.play = first
        spec.loader.exec_module = exec_module
        return spec
sys.meta_path.insert(0, Hook())
"""
CHILD = (
    HOOK
    + r"""
from pokersim.cli import main
sys.exit(main(["run", sys.argv[1]]))
"""
)
#: the command's steps one by one in one process, each step's CPU time printed at the first hand
PHASES = (
    HOOK
    + r"""
marks = [("the interpreter's start", time.process_time())]
def mark(name):
    marks.append((name, time.process_time()))
def at_first_hand():
    mark("setting the run up, to its first hand")
    steps = zip([("", 0.0)] + marks, marks)
    line = "PHASES " + "|".join(f"{n}={t - s:.6f}" for (_, s), (n, t) in steps)
    print(line, file=sys.stderr, flush=True)
from pokersim import cli
mark("`pokersim.cli`")
try:
    cli.build_parser("run")
except TypeError:  # a tree whose parser always has every command
    cli.build_parser()
mark("the parser")
from pokersim.scenario import load_scenario
mark("`pokersim.scenario`")
scenario = load_scenario(sys.argv[1])
mark("reading the scenario")
import numpy
mark("NumPy")
import simpy
mark("simpy")
import pokersim.events
mark("`pokersim.events`")
from pokersim.engine import run_tournament
mark("the rest of `pokersim.engine`")
import pokersim.calibration, pokersim.lock, pokersim.outputs, pokersim.progress
mark("the rest of `pokersim run`'s imports")
run_tournament(scenario, 0)
"""
)


def child_cpu() -> float:
    """CPU seconds of the finished child processes so far."""
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def first_hand(scenario: str, when: str = "dealt") -> tuple[float, float]:
    """Wall and CPU seconds from launching ``pokersim run SCENARIO`` to its first hand.

    ``when``: "dealt" (the hand about to start) or "played" (the hand over: its compiled
    kernels, loaded from numba's cache at their first call, are in the figure).
    """
    cpu0, t0 = child_cpu(), time.time()
    out = subprocess.run(
        [sys.executable, "-c", CHILD, scenario, when], capture_output=True, text=True, check=True
    )
    mark = next(line for line in out.stderr.splitlines() if line.startswith("FIRST_HAND"))
    return float(mark.split()[1]) - t0, child_cpu() - cpu0


def phases(scenario: str) -> dict[str, float]:
    """CPU seconds of each step of ``pokersim run SCENARIO`` up to its first hand, in order.

    The steps are those of the command (imports, parser, scenario, set-up), taken one by one in
    one process (``PHASES``); the first is the interpreter's own start, ``site`` included.
    """
    out = subprocess.run(
        [sys.executable, "-c", PHASES, scenario, "dealt"],
        capture_output=True,
        text=True,
        check=True,
    )
    line = next(line for line in out.stderr.splitlines() if line.startswith("PHASES "))
    return {k: float(v) for k, v in (part.split("=") for part in line[7:].split("|"))}


def timed(cmd: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall and CPU seconds of a command, start to exit."""
    cpu0, t0 = child_cpu(), time.perf_counter()
    subprocess.run(cmd, capture_output=True, check=True, env=env)
    return time.perf_counter() - t0, child_cpu() - cpu0


def print_table(first: str, times: dict[str, list[tuple[float, float]]]) -> None:
    """Best and median wall and CPU seconds of each row's (wall, CPU) measurements."""
    print(f"| {first} | wall s, best | wall s, median | CPU s, best | CPU s, median |")
    print("|---|---:|---:|---:|---:|")
    for name, values in times.items():
        wall = [w for w, _ in values]
        cpu = [c for _, c in values]
        print(
            f"| {name} | {min(wall):.3f} | {statistics.median(wall):.3f} "
            f"| {min(cpu):.3f} | {statistics.median(cpu):.3f} |"
        )


def main() -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("scenario", nargs="?", default=None)
    p.add_argument("--repeat", type=int, default=7)
    p.add_argument(
        "--phases", action="store_true", help="CPU ms of each step to the first hand, median"
    )
    args = p.parse_args()
    if args.scenario is None:
        from pokersim.scenario import default_scenario_path

        args.scenario = str(default_scenario_path())
    # a whole run first: numba's cache and the records' compiled methods (written at exit, see
    # pokersim.frozen) filled, files in the page cache
    timed(
        [
            sys.executable,
            "-c",
            "import sys; from pokersim.cli import main; main(sys.argv[1:])",
            "run",
            args.scenario,
        ]
    )
    if args.phases:
        runs = [phases(args.scenario) for _ in range(args.repeat)]
        print(f"median of {args.repeat}, load average {os.getloadavg()[0]:.1f}")
        print()
        print("| step of `pokersim run` | CPU ms, median |")
        print("|---|---:|")
        for name in runs[0]:
            print(f"| {name} | {1e3 * statistics.median(r[name] for r in runs):.0f} |")
        total = statistics.median(sum(r.values()) for r in runs)
        print(f"| to the first hand | {1e3 * total:.0f} |")
        return
    times: dict[str, list[tuple[float, float]]] = {
        "bare": [],
        "help": [],
        "first": [],
        "played": [],
    }
    loads = [os.getloadavg()[0]]
    for _ in range(args.repeat):  # in turns, so each row sees the same moments of the machine
        times["bare"].append(timed([sys.executable, "-c", "pass"]))
        times["help"].append(timed([sys.executable, "-m", "pokersim", "--help"]))
        times["first"].append(first_hand(args.scenario))
        times["played"].append(first_hand(args.scenario, "played"))
        loads.append(os.getloadavg()[0])
    print(f"best and median of {args.repeat}, load average {min(loads):.1f}-{max(loads):.1f}")
    print()
    names = {
        "bare": "`python -c pass` (the interpreter alone)",
        "help": "`pokersim --help`",
        "first": f"`pokersim run {os.path.basename(args.scenario)}` to its first hand",
        "played": "the same, to the end of that hand (its kernels loaded)",
    }
    print_table("what", {names[key]: values for key, values in times.items()})


if __name__ == "__main__":
    main()
