"""Cheap deterministic runners for testing the study machinery (no tests here).

They read a tiny TOML file instead of a real scenario: ``players`` (field size), ``sleep``
(seconds per run, to have runs in flight when a test interrupts a study), ``bounty_cents`` and
``crash_marker`` (a path: the first worker to play run seed ``crash_seed`` creates it and dies;
with ``crash_sending``, in the middle of sending a result: it holds the results' pipe and has
written the length of a message it never writes).
"""

from __future__ import annotations

import os
import struct
import sys
import time
import tomllib
from typing import Any

import numpy as np

PRIZES = (5000, 3000, 2000)  # cents for places 1..3
COST = 1100


def _params(path: str) -> dict[str, Any]:
    with open(path, "rb") as fh:
        return tomllib.load(fh)


def _die_sending() -> None:
    """Die as a worker killed while it sends a result: the pipe's lock held, half a message."""
    frame = sys._getframe()
    while frame is not None and "result_queue" not in frame.f_locals:
        frame = frame.f_back
    assert frame is not None, "not in a worker of a process pool"
    results = frame.f_locals["result_queue"]
    results._wlock.acquire()
    os.write(results._writer.fileno(), struct.pack("!i", 4096))  # 4096 bytes announced, none sent
    os._exit(13)


def fake_runner(scenario_path: str, seed: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A synthetic tournament: places are a seeded permutation, skill 'pro' places better."""
    p = _params(scenario_path)
    if p.get("sleep"):
        time.sleep(float(p["sleep"]))
    marker = p.get("crash_marker")
    if marker and seed == p.get("crash_seed") and not os.path.exists(marker):
        open(marker, "w").close()
        if p.get("crash_sending"):
            _die_sending()
        os._exit(13)  # a worker killed in the middle of a run
    n = int(p.get("players", 9))
    bounty = int(p.get("bounty_cents", 0))
    rng = np.random.default_rng(seed)
    skill = np.where(np.arange(n) % 3 == 0, 0.8, 0.4)
    order = np.argsort(rng.random(n) * (1.5 - skill))  # lower key, better place
    place = np.empty(n, dtype=int)
    place[order] = np.arange(1, n + 1)
    duration = int(1800 + rng.integers(0, 1800))
    bubble = int(duration * 0.6)
    finishes = []
    for pid in range(n):
        prize = PRIZES[place[pid] - 1] if place[pid] <= len(PRIZES) else 0
        won_bounty = bounty * int(rng.integers(0, 3)) if bounty else 0
        finishes.append(
            {
                "player_id": pid + 1,
                "name": f"p{pid + 1}",
                "model": "pro" if skill[pid] > 0.5 else "fish",
                "skill": float(skill[pid]),
                "place": int(place[pid]),
                "prize_cents": prize,
                "bounty_cents": won_bounty,
                "entries": 1,
                "rebuys": 0,
                "addons": 0,
                "cost_cents": COST,
                "profit_cents": prize + won_bounty - COST,
                "final_table_stack": None,
            }
        )
    steps = range(0, duration + 1, 60)
    timeline = [
        (t, max(1, n - (n - 1) * t // duration), 50.0 * (1 - t / (duration + 60)) + 1.0)
        for t in steps
    ]
    run = {
        "scenario": "fake",
        "entries": n,
        "players": n,
        "prize_pool_cents": sum(PRIZES),
        "bounties_paid_cents": sum(f["bounty_cents"] for f in finishes),
        "places_paid": len(PRIZES),
        "hands_played": int(20 * n + rng.integers(0, 50)),
        "duration_seconds": duration,
        "chips_in_play": 1500 * n,
        "bubble_seconds": bubble,
        "final_table_seconds": int(duration * 0.3),
        "level_at_bubble": 1 + bubble // 300,
        "level_at_final_table": 1 + int(duration * 0.3) // 300,
        "level_at_end": 1 + duration // 300,
        "avg_stack_bb_at_bubble": float(rng.uniform(5, 15)),
        "avg_stack_bb_at_final_table": float(rng.uniform(10, 30)),
        "timeline": timeline,
    }
    return run, finishes


def bad_runner(scenario_path: str, seed: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Returns a finish row with a misspelt column."""
    run, finishes = fake_runner(scenario_path, seed)
    finishes[0]["prize"] = finishes[0].pop("prize_cents")
    return run, finishes


not_callable = 42
