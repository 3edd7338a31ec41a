"""R-DIS-1..4 edges of the disconnection process: the exact instants a player drops and returns."""

from __future__ import annotations

import math

import pytest

from pokersim.connection import Connections
from pokersim.timing import DisconnectModel

MODEL = DisconnectModel(rate_per_hour=30.0, median_seconds=60.0)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_r_dis_1_away_from_the_instant_of_the_drop_back_at_the_instant_of_return(
    seed: int,
) -> None:
    """A disconnection ``[start, end)`` holds its start and not its end: at ``start`` the
    player is away for ``end - start``, at ``end`` connected. Catches flipped bounds."""
    c = Connections(1, MODEL, seed=seed)
    start, end = c.start[0], c.end[0]
    assert 0 < start < end < math.inf
    assert c.back_in(0, math.nextafter(start, 0.0)) == 0.0
    assert c.back_in(0, start) == end - start
    assert not c.connected(0, start)
    assert c.connected(0, end)
    assert c.start[0] > end  # the next disconnection starts after this one ended


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_r_dis_1_the_log_at_the_exact_instants(seed: int) -> None:
    """Asked exactly at the drop, the log holds the disconnection; exactly at the return, the
    reconnection: each once, counted once."""
    c = Connections(1, MODEL, seed=seed)
    start, end = c.start[0], c.end[0]
    assert c.observe([0], start) == [(0, start, True)]
    assert c.disconnects[0] == 1
    assert c.observe([0], end) == [(0, end, False)]
    assert c.observe([0], end) == []
    assert c.disconnects[0] == 1


@pytest.mark.parametrize("seed", [4, 5])
def test_r_dis_1_a_whole_disconnection_between_questions_is_logged_in_order(seed: int) -> None:
    """A drop and return with no question between them are both logged, drop first, once,
    and counted once, when the player is next asked about."""
    c = Connections(1, MODEL, seed=seed)
    start, end = c.start[0], c.end[0]
    c.observe([0], math.nextafter(start, 0.0))
    got = c.observe([0], end)
    assert got == [(0, start, True), (0, end, False)]
    assert c.disconnects[0] == 1
