"""The tests compile the kernels with numba, as without the ahead-of-time module.

``tests/test_aot.py`` runs both paths in fresh processes and compares their outputs.

Run on several workers (``pytest -n 2``, as ``make test``), the controller first compiles
the kernels a run calls into numba's cache, in two processes side by side (the runs' kernels,
and the batch's own signature of the betting machine), before the workers start. Otherwise
each worker's first engine test compiles the same kernels at the same time (about 160 s each
on a fresh clone of a slow 2-core machine); with the cache filled they only load them.
"""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

os.environ.setdefault("POKERSIM_JIT", "1")

ROOT = Path(__file__).resolve().parents[1]
WARM = ("workload_runs", "workload_batch")  # pokersim.cli.kernels: disjoint kernels, one each


def pytest_configure(config: pytest.Config) -> None:
    """In the controller of several workers: fill numba's cache before the workers start."""
    if hasattr(config, "workerinput") or not getattr(config.option, "numprocesses", None):
        return  # a worker (the controller warmed it) or a single process (compiles as it goes)
    start = time.monotonic()
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", f"from pokersim.cli.kernels import {name}; {name}()"],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        for name in WARM
    ]
    failed = [(name, p.communicate()[1]) for name, p in zip(WARM, procs) if p.wait() != 0]
    for name, err in failed:  # not fatal: the tests then compile what they call themselves
        last = err.decode(errors="replace").strip().splitlines()[-1:] or ["no message"]
        print(f"warming the kernels: {name} failed: {last[0]}", file=sys.stderr)
    if time.monotonic() - start > 10:
        print(f"compiled the kernels in {time.monotonic() - start:.0f} s", file=sys.stderr)
