"""Edges of hand-for-hand (``pokersim.engine.stages``, R-SYNC-1).

R-SYNC-1: hand-for-hand is on at its stages while more than one table plays; the default stage
is the money bubble, from when the players left are at most the places paid plus the margin
(default 1) until the field is down to the places paid. A stage of kind "players" runs from
``from_players`` down to (not including) ``to_players``. Every expected answer is worked out
from those ranges by hand.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from pokersim.engine.stages import HandForHand
from pokersim.events import HandForHandEnded, HandForHandStarted
from pokersim.scenario import HandForHand as Stages
from pokersim.scenario import Scenario, SyncStage, SyncStageKind, load_scenario


def _scenario(*stages: SyncStage) -> Scenario:
    sc = load_scenario(Path(__file__).resolve().parents[1] / "scenarios" / "default.toml")
    return dataclasses.replace(sc, hand_for_hand=Stages(stages=stages))


def test_r_sync_1_the_default_bubble_stage_runs_from_paid_plus_one_down_to_paid() -> None:
    """Nine paid, margin 1: on with 10 players left, off with 11 or 9, and never at one table."""
    h4h = HandForHand(_scenario(SyncStage(kind=SyncStageKind.BUBBLE, margin=1)), 9)
    assert [r for r in range(1, 20) if h4h.wanted(r, 2)] == [10]
    assert not h4h.wanted(10, 1)
    assert h4h.wanted(10, 3)


def test_r_sync_1_a_wider_margin_and_the_places_paid_changing() -> None:
    """Margin 3 with 9 paid: 10..12 left; when the table pays 18, 19..21."""
    h4h = HandForHand(_scenario(SyncStage(kind=SyncStageKind.BUBBLE, margin=3)), 9)
    assert [r for r in range(1, 30) if h4h.wanted(r, 2)] == [10, 11, 12]
    h4h.set_stages(18)
    assert [r for r in range(1, 30) if h4h.wanted(r, 2)] == [19, 20, 21]


def test_r_sync_1_every_listed_stage_is_on_not_only_the_lowest() -> None:
    """Two stages, the bubble (9 paid, margin 1: 10 left) and players 30 down to 20 (30..21):
    each is on in its range, both ends checked."""
    h4h = HandForHand(
        _scenario(
            SyncStage(kind=SyncStageKind.BUBBLE, margin=1),
            SyncStage(kind=SyncStageKind.PLAYERS, from_players=30, to_players=20),
        ),
        9,
    )
    assert [r for r in range(1, 40) if h4h.wanted(r, 4)] == [10, *range(21, 31)]


def test_r_sync_1_start_and_end_are_logged_once_each_with_the_time_they_happen() -> None:
    """``update`` logs a start when wanted and off, an end when not wanted and on, else
    nothing; each event carries the time and the players left it was given."""
    h4h = HandForHand(_scenario(SyncStage(kind=SyncStageKind.BUBBLE, margin=1)), 9)
    log: list[Any] = []
    log += h4h.update(100, True, 10)
    log += h4h.update(130, True, 10)
    log += h4h.update(170, False, 9)
    log += h4h.update(200, False, 9)
    assert log == [
        HandForHandStarted(t=100, players_left=10),
        HandForHandEnded(t=170, players_left=9),
    ]
    assert not h4h.on


def test_r_sync_2_a_rounds_busts_are_handed_over_once() -> None:
    """The players out in a synchronized round are placed together when it ends, then the
    next round starts with none."""
    h4h = HandForHand(_scenario(SyncStage(kind=SyncStageKind.BUBBLE, margin=1)), 9)
    h4h.round = True
    h4h.busts.append((4, 100, 1, 7, (2,)))
    h4h.busts.append((8, 300, 2, 5, (6,)))
    assert h4h.round_over() == [(4, 100, 1, 7, (2,)), (8, 300, 2, 5, (6,))]
    assert not h4h.round
    h4h.round = True
    assert h4h.round_over() == []
