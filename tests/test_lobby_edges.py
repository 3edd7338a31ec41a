"""Edges of the drawn unregistrations before the start (R-REG-4, ``pokersim.lobby``).

The module's rules: ``unregister_percent`` of the players registered before the start, rounded
down and leaving at least two, ask to unregister, each at a whole second drawn over the
``unregister_window_minutes`` before the scheduled start (so from ``-window`` to ``-1``).
"""

from __future__ import annotations

import pytest

from pokersim.lobby import drawn_unregistrations, plan_lobby
from pokersim.scenario import Entries, Registration


@pytest.mark.parametrize(
    ("players", "percent", "expected"),
    [
        (10, 15, 1),  # 1.5 requests: rounded down to 1, not to 2
        (10, 25, 2),  # 2.5: 2 (round-half-even would also say 2; floor is the rule)
        (10, 35, 3),  # 3.5: 3, not 4
        (20, 19, 3),  # 3.8: 3, not 4
        (7, 99, 5),  # 6.93 capped so that two players stay
    ],
)
def test_the_share_asking_is_rounded_down(players: int, percent: int, expected: int) -> None:
    """The count of drawn requests is the percent of the field rounded down, never up."""
    for seed in (1, 2, 3):
        asked = drawn_unregistrations(list(range(players)), percent, 600, seed)
        assert len(asked) == expected


def test_a_one_second_window_puts_every_request_one_second_before_the_start() -> None:
    """A window of one second leaves one whole second to draw: one second before the scheduled
    start (-1), never the start itself (0, when the player would be too late to ask)."""
    for seed in range(5):
        asked = drawn_unregistrations(list(range(12)), 50, 1, seed)
        assert len(asked) == 6
        assert set(asked.values()) == {-1}


def test_drawn_times_cover_the_whole_window_and_never_the_start() -> None:
    """Over a two-second window the times are -2 or -1, both drawn over many seeds."""
    seen: set[int] = set()
    for seed in range(40):
        seen |= set(drawn_unregistrations(list(range(10)), 50, 2, seed).values())
    assert seen == {-2, -1}


def test_requests_are_drawn_among_the_players_given_with_their_own_ids() -> None:
    """The drawn players are ids from the list given (players registered before the start),
    not positions in it."""
    registered = [5, 9, 12, 30]
    for seed in range(10):
        asked = drawn_unregistrations(registered, 50, 60, seed)
        assert len(asked) == 2 and set(asked) <= set(registered)


def test_drawn_requests_come_only_from_players_registered_before_the_start() -> None:
    """Late players (R-REG-1) are not registered before the start: the drawn share is of the
    on-time players only (4 of 10 here, so 50 % is 2 requests), and no late player asks."""
    names = [f"P{k:02d}" for k in range(10)]
    late = frozenset(range(6))
    reg = Registration(unregister_percent=50, unregister_window_seconds=600)
    terms = Entries(prize_cents=1000, fee_cents=100)
    for seed in range(8):
        plan = plan_lobby(reg, terms, names, late, seed)
        assert len(plan.requests) == 2
        assert all(r.player_id not in late and r.granted for r in plan.requests)
        assert plan.gone == {r.player_id for r in plan.requests}
