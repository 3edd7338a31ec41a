"""Bad hand inputs are rejected at the boundary with a ConfigError naming what was wrong."""

from __future__ import annotations

import pytest

from pokersim.actions import CHECK_CALL
from pokersim.config import Level
from pokersim.errors import ConfigError
from pokersim.hand import Deal, HandSetup, Seat, play_hand

LEVEL = Level(small_blind=50, big_blind=100)


def seat_at(player_id: int, seat_no: int) -> Seat:
    return Seat(player_id=player_id, stack=5, seat_no=seat_no)


def seats(*stacks: int) -> tuple[Seat, ...]:
    return tuple(Seat(player_id=i, stack=s, seat_no=i + 1) for i, s in enumerate(stacks))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seats": seats(100)}, "at least 2 seats"),
        ({"seats": seats(100, 100), "button": 2}, "button index 2"),
        ({"seats": seats(100, 0)}, "stack 0"),
        ({"seats": (seat_at(1, 3), seat_at(2, 2))}, "seat numbers must increase"),
        ({"seats": (seat_at(1, 1), seat_at(1, 2))}, "player ids must be distinct"),
    ],
)
def test_bad_setups_are_rejected(kwargs, message):
    args = {"seats": seats(100, 100), "button": 0, "level": LEVEL} | kwargs
    with pytest.raises(ConfigError, match=message):
        HandSetup(**args)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"board": (10, 11, 12, 13)}, "5 board cards"),
        ({"hole": ((0, 1), (2,))}, "exactly 2 hole cards"),
        ({"hole": ((0, 1), (1, 3))}, "distinct"),
        ({"board": (10, 11, 12, 13, 52)}, "0..51"),
        ({"strengths": (1, 2, 3)}, "strengths has 3 entries for 2 seats"),
    ],
)
def test_bad_deals_are_rejected(kwargs, message):
    args = {"hole": ((0, 1), (2, 3)), "board": (10, 11, 12, 13, 14)} | kwargs
    with pytest.raises(ConfigError, match=message):
        Deal(**args)


def test_a_deal_for_another_number_of_seats_is_rejected():
    setup = HandSetup(seats=seats(100, 100, 100), button=0, level=LEVEL)
    deal = Deal(hole=((0, 1), (2, 3)), board=(10, 11, 12, 13, 14))
    with pytest.raises(ConfigError, match="hole cards for 2 seats, the hand has 3"):
        play_hand(setup, deal, lambda view: CHECK_CALL)
