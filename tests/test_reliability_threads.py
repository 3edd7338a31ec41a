"""Runs started from several threads of one process give each run's own results.

A Dask worker runs its tasks in threads by default (``dask worker`` starts one per core), and a
notebook may start runs from a thread pool. The compiled machine's buffers and the caches of
the tournament inputs and prize tables belong to the process; before ``engine.ONE_RUN`` a
thread switch inside a run let another thread's run overwrite them (one such run stopped with
"chips lost", others would only have played different hands). Here the interpreter switches
threads every microsecond, so the runs interleave at nearly every line of Python.
"""

from __future__ import annotations

import hashlib
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from pokersim.engine import run_tournament
from pokersim.scenario import Scenario, load_scenario

ROOT = Path(__file__).resolve().parent.parent
# different fields, paces, payouts and formats (a knockout and a rebuy one): every shared
# buffer and cache is written with other values by each
NAMES = ("sng_9max.toml", "pko.toml", "rebuy_addon.toml")
SEEDS = range(3)


def _digest(scenario: Scenario, seed: int) -> str:
    result = run_tournament(scenario, seed)
    finishes = [(f.player_id, f.place, f.prize_cents) for f in result.finishes]
    text = repr((finishes, result.hands_played, result.duration_seconds))
    return hashlib.sha256(text.encode()).hexdigest()


@pytest.fixture
def fast_switches() -> Iterator[None]:
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def test_runs_in_threads_are_the_runs_played_one_at_a_time(fast_switches: None) -> None:
    scenarios = [load_scenario(ROOT / "scenarios" / name) for name in NAMES]
    alone = {(i, s): _digest(sc, s) for i, sc in enumerate(scenarios) for s in SEEDS}
    together: dict[tuple[int, int], str] = {}
    failures: list[BaseException] = []

    def play(i: int) -> None:
        try:
            for s in SEEDS:
                together[(i, s)] = _digest(scenarios[i], s)
        except BaseException as exc:  # noqa: BLE001 - reported by the test below
            failures.append(exc)

    threads = [threading.Thread(target=play, args=(i,)) for i in range(len(scenarios))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures, failures
    assert together == alone
