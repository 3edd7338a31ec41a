"""ICM speed: the subset walk against the loop over finishing orders, and Monte-Carlo on big fields.

Run: ``python benchmarks/bench_icm.py``. Timings are medians of repeated runs; on a shared
machine they are noisy, so compare runs made back to back.
"""

from __future__ import annotations

import itertools
import statistics
import time
from collections.abc import Callable
from functools import partial

import numpy as np

from pokersim.icm import icm_exact, icm_monte_carlo


def loop_icm(stacks: list[int], prizes: list[float]) -> list[float]:
    """The obvious loop over every finishing order (the reference the tests use, in floats)."""
    n = len(stacks)
    equity = [0.0] * n
    total = sum(stacks)
    for order in itertools.permutations(range(n)):
        prob, left = 1.0, total
        for player in order:
            prob *= stacks[player] / left
            left -= stacks[player]
        for place, player in enumerate(order[: len(prizes)]):
            equity[player] += prob * prizes[place]
    return equity


def timed(fn: Callable[[], object], repeat: int) -> float:
    """Median wall time of ``fn()`` in milliseconds."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def row(label: str, fn: Callable[[], object], repeat: int, extra: str = "") -> None:
    """Print one timed case."""
    print(f"{label:<52} {timed(fn, repeat):>10.3f}{extra}")


def main() -> None:
    rng = np.random.default_rng(1)
    print(f"{'case':<52} {'ms':>10}")
    for n in (6, 8):
        stacks = rng.integers(1_000, 50_000, n).tolist()
        prizes = np.linspace(100, 10, n).tolist()
        row(f"loop over orders, {n} players", partial(loop_icm, stacks, prizes), 3)
        row(f"subset walk, {n} players", partial(icm_exact, stacks, prizes), 50)
    for n in (10, 12, 15, 18):
        stacks = rng.integers(1_000, 50_000, n).tolist()
        prizes = np.linspace(100, 10, n).tolist()
        row(
            f"subset walk, {n} players, {n} paid",
            partial(icm_exact, stacks, prizes),
            50 if n <= 12 else 5,
        )
    for n, paid, samples in ((200, 30, 20_000), (1_000, 150, 20_000), (5_000, 750, 5_000)):
        stacks = rng.integers(1_000, 50_000, n).tolist()
        prizes = np.linspace(1000, 10, paid).tolist()
        run = partial(icm_monte_carlo, stacks, prizes, samples=samples, seed=1)
        row(
            f"monte-carlo {n} players, {paid} paid, {samples} samples",
            run,
            3,
            f"   max stderr {run().max_stderr:.3f}",
        )


if __name__ == "__main__":
    main()
