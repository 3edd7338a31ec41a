"""Arrival processes for late registration (R-REG-1): ``[entries] arrival``."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from test_engine_helpers import make_scenario, of_type, run_scripted
from test_faults import _slow_bust

from pokersim.entries import SURGE_SHARE, SURGE_START, late_arrivals
from pokersim.errors import ConfigError
from pokersim.scenario import ArrivalProcess, parse_scenario

PERIOD = 1200
N = 200_000


def _times(process: str, seed: int = 7) -> np.ndarray:
    plan = late_arrivals(N, 50, PERIOD, seed, process=process)
    assert len(plan) == N // 2
    return np.array(sorted(plan.values()))


def _share(t: np.ndarray, lo: float, hi: float) -> float:
    """The share of arrivals in the fraction ``lo .. hi`` of the period."""
    return float(((t >= lo * PERIOD) & (t < hi * PERIOD)).mean())


def test_r_reg_1_uniform_arrivals_spread_evenly() -> None:
    """R-REG-1, ``arrival = "uniform"`` (the default): every quarter of the period gets a
    quarter of the late players; times are whole seconds 1 .. period - 1."""
    t = _times("uniform")
    assert t.min() >= 1 and t.max() <= PERIOD - 1
    for q in range(4):
        assert _share(t, q / 4, (q + 1) / 4) == pytest.approx(0.25, abs=0.01)


def test_r_reg_1_front_loaded_arrivals_come_early() -> None:
    """R-REG-1, ``arrival = "front-loaded"``: density 3 (1 - x)^2, so 1 - 0.75^3 = 57.8 % in
    the first quarter and 0.25^3 = 1.6 % in the last."""
    t = _times("front-loaded")
    assert t.min() >= 1 and t.max() <= PERIOD - 1
    assert _share(t, 0, 0.25) == pytest.approx(1 - 0.75**3, abs=0.01)
    assert _share(t, 0.75, 1) == pytest.approx(0.25**3, abs=0.005)
    quarters = [_share(t, q / 4, (q + 1) / 4) for q in range(4)]
    assert quarters == sorted(quarters, reverse=True)


def test_r_reg_1_late_surge_arrivals_come_early_and_just_before_the_close() -> None:
    """R-REG-1, ``arrival = "late-surge"``: four in five front-loaded, one in five uniformly
    in the last tenth: about 46 % in the first quarter, about 20 % in the last tenth, and
    the last tenth is busier than the tenth before it."""
    t = _times("late-surge")
    assert t.min() >= 1 and t.max() <= PERIOD - 1
    front = 1 - SURGE_SHARE
    assert _share(t, 0, 0.25) == pytest.approx(front * (1 - 0.75**3), abs=0.01)
    last = _share(t, SURGE_START, 1)
    assert last == pytest.approx(SURGE_SHARE + front * 0.1**3, abs=0.01)
    assert last > 5 * _share(t, 0.8, SURGE_START)


@pytest.mark.parametrize("process", list(ArrivalProcess))
def test_r_reg_1_arrivals_are_a_pure_function_of_the_seed(process: ArrivalProcess) -> None:
    """R-REG-1: the same (seed, players, percent, period, process) gives the same plan; the
    process changes when, not who (the same keyed stream draws who first)."""
    a = late_arrivals(500, 40, 900, 3, process=process)
    assert a == late_arrivals(500, 40, 900, 3, process=process.value)
    assert a != late_arrivals(500, 40, 900, 4, process=process)
    assert set(a) == set(late_arrivals(500, 40, 900, 3, process=ArrivalProcess.UNIFORM))
    assert late_arrivals(10, 0, 600, 1, process=process) == {}
    assert late_arrivals(10, 50, 1, 1, process=process) == {}  # no second to arrive in


def test_r_reg_1_uniform_is_the_default_and_draws_as_before() -> None:
    """R-REG-1: without ``arrival`` nothing changes: the default is uniform, and the uniform
    times are the stream's integers in 1 .. period - 1 right after the draw of who."""
    from pokersim import rng as rngs

    plan = late_arrivals(60, 50, 600, 5)
    assert plan == late_arrivals(60, 50, 600, 5, process="uniform")
    gen = rngs.generator(5, rngs.STREAM_ARRIVALS, 0)
    who = gen.choice(60, size=30, replace=False)
    times = gen.integers(1, 600, size=30)
    assert plan == {int(p): int(t) for p, t in zip(who, times)}
    assert make_scenario(9).entries.arrival is ArrivalProcess.UNIFORM


def test_r_reg_1_bad_arrival_values_are_one_line_config_errors() -> None:
    """A bad ``[entries] arrival`` names the file and the key and lists the choices."""
    base: dict[str, Any] = {
        "name": "a",
        "starting_stack": 100,
        "players": {"count": 9, "mix": [{"model": "random", "percent": 100}]},
        "levels": [{"small_blind": 1, "big_blind": 2, "minutes": 10}],
    }
    ok = parse_scenario({**base, "entries": {"arrival": "late-surge"}}, source="s.toml")
    assert ok.entries.arrival is ArrivalProcess.LATE_SURGE
    for bad in ("front", "Uniform", 3, True):
        with pytest.raises(ConfigError) as err:
            parse_scenario({**base, "entries": {"arrival": bad}}, source="s.toml")
        msg = str(err.value)
        assert "\n" not in msg
        assert msg.startswith("s.toml: entries.arrival: expected one of 'uniform', 'front-loaded'")
    with pytest.raises(ConfigError, match="arrival"):
        late_arrivals(10, 50, 600, 1, process="poisson")


def test_r_reg_1_bad_arrival_in_a_file_ends_without_a_traceback(tmp_path: Path) -> None:
    """The command line turns a bad value into the one-line message and a non-zero exit."""
    path = tmp_path / "bad.toml"
    path.write_text(
        'name = "bad"\nstarting_stack = 100\n[players]\ncount = 9\n'
        'mix = [{ model = "random", percent = 100 }]\n'
        '[entries]\narrival = "whenever"\n'
        "[[levels]]\nsmall_blind = 1\nbig_blind = 2\nminutes = 10\n"
    )
    run = subprocess.run(
        [sys.executable, "-m", "pokersim", "run", str(path)], capture_output=True, text=True
    )
    assert run.returncode != 0 and "Traceback" not in run.stderr
    assert "entries.arrival" in run.stderr and "whenever" in run.stderr


def test_r_reg_1_engine_seats_late_players_when_the_process_says() -> None:
    """R-REG-1 through the engine: with ``late-surge`` the players register at the planned
    times (some in the last tenth of the period)."""
    sc = make_scenario(40, seats=10)
    sc = replace(
        sc,
        entries=replace(
            sc.entries,
            late_arrivals_percent=50,
            late_registration_seconds=600,
            arrival=ArrivalProcess.LATE_SURGE,
        ),
    )
    slow = {(t, h): 20.0 for t in range(1, 9) for h in range(1, 40)}
    result, events = run_scripted(sc, _slow_bust, seed=2, seconds=slow)
    plan = late_arrivals(40, 50, 600, 2, process="late-surge")
    regs = of_type(events, "PlayerRegistered")
    assert sorted((e["t"], e["player_id"]) for e in regs) == sorted((t, p) for p, t in plan.items())
    assert any(e["t"] >= 540 for e in regs)
    assert sorted(f.place for f in result.finishes) == list(range(1, 41))
