"""Satellite prizes (R-ELIM-1, R-MONEY-1) as pure rules."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokersim.errors import ConfigError
from pokersim.formats import satellite_over, satellite_prizes


def test_r_elim_1_satellite_seats_and_remainder() -> None:
    """R-ELIM-1: equal seats, the remainder to the next place (nothing rounded away)."""
    t = satellite_prizes(10_500, 3_000, 10)
    assert (t.seats, t.remainder_cents) == (3, 1500)
    assert t.prizes == (3000, 3000, 3000, 1500)
    assert satellite_prizes(9_000, 3_000, 10).prizes == (3000, 3000, 3000)


def test_r_elim_1_satellite_is_over_when_every_player_left_has_a_seat() -> None:
    assert satellite_over(3, 3) and satellite_over(2, 3) and not satellite_over(4, 3)


@pytest.mark.parametrize(("pool", "seat", "players"), [(999, 1000, 10), (10_000, 1000, 10)])
def test_satellite_with_nothing_to_play_for_is_rejected(pool: int, seat: int, players: int) -> None:
    with pytest.raises(ConfigError, match="seat_value_cents"):
        satellite_prizes(pool, seat, players)


@given(pool=st.integers(0, 10**7), seat=st.integers(1, 10**6), players=st.integers(2, 500))
def test_r_money_1_satellite_pays_the_whole_pool(pool: int, seat: int, players: int) -> None:
    """R-MONEY-1: seats plus remainder are exactly the pool; every seat is equal."""
    try:
        t = satellite_prizes(pool, seat, players)
    except ConfigError:
        assert pool < seat or pool // seat >= players
        return
    assert sum(t.prizes) == pool
    assert set(t.prizes[: t.seats]) == {seat}
    assert 0 <= t.remainder_cents < seat
