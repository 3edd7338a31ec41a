"""Edges of the schedule (``pokersim.engine.schedule``): levels, breaks and pauses in sim time.

Three ten-minute levels (0-600 s, 600-1200 s, then the last) and a five-minute break every 30
minutes (first 1800-2100 s), unless a test says otherwise. R-STRUCT-1: a level is in force from
its first second; R-BRK-1: a hand that started before a break finishes and play resumes at the
later of the scheduled end and now; R-DEAL-2 and R-BRK-3: a pause or the add-on break stops the
level clock, so later levels start that much later. Expected times are worked out by hand.
"""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path

from pokersim.config import Level
from pokersim.engine.schedule import Schedule
from pokersim.events import BreakStarted, LevelStarted
from pokersim.scenario import BreakKind, Breaks, load_scenario

DEFAULT = Path(__file__).resolve().parents[1] / "scenarios" / "default.toml"


def _schedule(minutes: tuple[float, ...] = (10, 10, 10), every: int = 1800) -> Schedule:
    levels = tuple(
        Level(small_blind=10 * (i + 1), big_blind=20 * (i + 1), minutes=m)
        for i, m in enumerate(minutes)
    )
    breaks = Breaks(kind=BreakKind.INTERVAL, every_seconds=every, length_seconds=300)
    sc = dataclasses.replace(load_scenario(DEFAULT), levels=levels, breaks=breaks)
    return Schedule(sc, 0)


def test_r_struct_1_each_level_is_in_force_from_its_first_second() -> None:
    """Asked in time order (the cached path): 599 is level 1, 600 level 2, 1200 level 3; each
    level ends where the next starts and the last never ends."""
    sch = _schedule()
    got = [(t, sch.level_at(t), sch.level_ends(t)) for t in (0, 599, 600, 1199, 1200, 5000)]
    assert got == [
        (0, 0, 600),
        (599, 0, 600),
        (600, 1, 1200),
        (1199, 1, 1200),
        (1200, 2, math.inf),
        (5000, 2, math.inf),
    ]
    assert sch.level_now == sch.level(2)


def test_the_next_change_names_what_changes() -> None:
    """After level 1, before break 1: level 2 at 600. After the last level: break 1 at 1800.
    Thirty-minute levels and a break every 30 minutes: at 1800 both change."""
    sch = _schedule()
    assert sch.next_change(0, 0) == (600, False, True)
    assert sch.next_change(2, 0) == (1800, True, False)
    both = _schedule(minutes=(30, 30))
    assert both.next_change(0, 0) == (1800, True, True)


def test_r_brk_1_a_break_is_taken_once_and_waits_for_a_long_hand() -> None:
    """Break 1 (1800-2100): not due at 1799; due at 1800 until 2100; asked again in the same
    break, nothing. A table idle only at 2200 (a long hand) takes it then, resuming at once."""
    sch = _schedule()
    assert sch.due_break(1799) is None
    assert sch.due_break(1800) == (0, 2100)
    assert sch.due_break(1850) is None
    assert sch.next_break == 3600  # the next window's start
    late = _schedule()
    assert late.due_break(2200) == (0, 2200)
    assert late.break_started(0, 1800) == BreakStarted(t=1800, break_index=0, scheduled_end=2100)


def test_r_deal_2_a_pause_counts_down_ends_once_and_moves_the_next_level() -> None:
    """A 50-second pause from 100: 30 s left at 120, its end (0) once at 150, then no pause.
    The level clock stood still 50 s, so level 2 starts at 650."""
    sch = _schedule()
    assert sch.level_at(99) == 0
    assert sch.pause(100, 50) == 150
    assert sch.paused_until == 150
    assert [sch.pause_left(t) for t in (120, 149, 150, 160)] == [30, 1, 0, None]
    assert sch.level_ends(120) == 650
    assert sch.level_at(649) == 0 and sch.level_at(650) == 1


def test_r_brk_3_the_add_on_break_holds_the_clock_for_its_length() -> None:
    """An add-on break from 600 to 780 (right as level 2 starts): its length is 180 s and
    level 3 starts 180 s later, at 1380."""
    sch = _schedule()
    assert sch.level_at(600) == 1
    assert sch.hold(600, 780) == 180
    assert sch.level_ends(780) == 1380


def test_r_shoot_1_a_restart_counts_the_round_and_starts_level_one_now() -> None:
    """A new shoot-out round at 1000: the event of level 1 starting now, and round 2."""
    sch = _schedule()
    sch.level_at(700)
    started = sch.restart(1000)
    first = sch.level(0)
    assert started == LevelStarted(
        t=1000,
        level_index=0,
        small_blind=first.small_blind,
        big_blind=first.big_blind,
        ante=first.ante,
        ante_kind=first.ante_kind.value,
    )
    assert sch.clock_round == 2
    assert sch.level_at(1000) == 0 and sch.level_ends(1000) == 1600
