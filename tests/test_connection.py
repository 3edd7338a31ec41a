"""The lazily drawn disconnection process (``pokersim.connection``), for R-DIS-1..4."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim.connection import Connections
from pokersim.timing import DisconnectModel

MODEL = DisconnectModel(rate_per_hour=30.0, median_seconds=60.0)


def _intervals(c: Connections, p: int, until: float, step: float) -> list[tuple[float, float]]:
    """The disconnections of ``p`` as seen by asking every ``step`` seconds."""
    seen: list[tuple[float, float]] = []
    t = 0.0
    while t < until:
        c.connected(p, t)
        for _p, at, down in c.observe([p], t):
            if down:
                seen.append((at, math.inf))
            else:
                seen[-1] = (seen[-1][0], at)
        t += step
    return seen


def test_rate_zero_never_disconnects_and_draws_nothing() -> None:
    """With no disconnections configured every player is connected and nothing is logged."""
    c = Connections(5, DisconnectModel(rate_per_hour=0.0), seed=1)
    assert not c.enabled
    assert all(c.connected(p, 1e9) for p in range(5))
    assert c.observe(list(range(5)), 1e9) == [] and c.disconnects == [0] * 5


def test_intervals_depend_on_seed_and_player_only() -> None:
    """Common random numbers: how often a player is asked does not change their disconnections;
    another seed or player gives others."""
    a = _intervals(Connections(3, MODEL, seed=7), 1, 20000, 5.0)
    b = _intervals(Connections(3, MODEL, seed=7), 1, 20000, 37.0)
    starts_a = [int(s) for s, _e in a]
    assert starts_a and starts_a == [int(s) for s, _e in b]
    assert starts_a != [int(s) for s, _e in _intervals(Connections(3, MODEL, seed=8), 1, 20000, 5)]
    assert starts_a != [int(s) for s, _e in _intervals(Connections(3, MODEL, seed=7), 2, 20000, 5)]


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    times=st.lists(st.floats(0, 5000, allow_nan=False), min_size=1, max_size=30),
)
def test_back_in_agrees_with_the_logged_intervals(seed: int, times: list[float]) -> None:
    """R-DIS-1: at any time asked, the player is away exactly inside a logged disconnection, and
    ``back_in`` is the time to its end; each disconnection is logged and counted once."""
    c = Connections(1, MODEL, seed=seed)
    checks = []
    for t in sorted(times):
        checks.append((t, c.back_in(0, t)))
    log = c.observe([0], 10000.0)
    downs = [at for _p, at, d in log if d]
    ups = [at for _p, at, d in log if not d]
    assert len(ups) in (len(downs), len(downs) - 1)
    assert all(u > d for d, u in zip(downs, ups)) and downs == sorted(downs)
    assert c.disconnects[0] == len(downs)
    spans = list(zip(downs, ups + [math.inf]))
    for t, back in checks:
        inside = [e for s, e in spans if s <= t < e]
        assert back == (inside[0] - t if inside else 0.0)


def test_all_away_for_r_dis_4() -> None:
    """R-DIS-4's question: every player at the table disconnected or absent."""
    c = Connections(2, MODEL, seed=3)
    t = c.start[0]
    absent = [False, True]
    assert c.all_away([0, 1], t, absent) == (not c.connected(1, t) or absent[1])
    assert not c.all_away([0, 1], t, [False, False]) or not c.connected(1, t)
    assert not c.all_away([], t, absent)
    assert c.all_away([1], 0.0, absent)
