"""Levels and breaks as pure functions of simulated time (R-BRK-1, R-BRK-2, R-ANTE-1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokersim.clock import BreakSchedule, LevelClock, format_clock, parse_clock
from pokersim.config import Level
from pokersim.errors import ConfigError


def test_r_brk_1_breaks_at_55_of_each_clock_hour() -> None:
    """R-BRK-1: starting 07:25, breaks at 07:55, 08:55, ... for 5 minutes."""
    start = parse_clock("07:25")
    sched = BreakSchedule.make("clock", start_clock=start, length_minutes=5)
    starts = [format_clock(start + sched.window(k)[0]) for k in range(3)]
    assert starts == ["07:55:00", "08:55:00", "09:55:00"]
    assert sched.window(0)[1] - sched.window(0)[0] == 300


def test_r_brk_1_start_at_55_breaks_an_hour_later() -> None:
    """R-BRK-1: a tournament starting exactly at :55 does not break at its first second."""
    sched = BreakSchedule.make("clock", start_clock=parse_clock("07:55"))
    assert sched.window(0)[0] == 3600


def test_r_brk_2_interval_breaks_count_from_the_start() -> None:
    """R-BRK-2: starting 07:25 with hourly breaks, the first break is at 08:25."""
    start = parse_clock("07:25")
    sched = BreakSchedule.make("interval", start_clock=start, every_minutes=60)
    assert format_clock(start + sched.window(0)[0]) == "08:25:00"
    assert format_clock(start + sched.window(1)[0]) == "09:25:00"


def test_r_brk_2_no_breaks() -> None:
    """R-BRK-2: 'none' has no breaks and the level clock never stops."""
    sched = BreakSchedule.make("none")
    assert not sched.enabled
    assert sched.breaks_started_by(10**6) == 0
    assert sched.play_seconds(12345) == 12345


def test_break_schedule_rejects_impossible_values() -> None:
    with pytest.raises(ConfigError, match="shorter"):
        BreakSchedule.make("interval", every_minutes=5, length_minutes=5)
    with pytest.raises(ValueError):
        BreakSchedule.make("hourly")


def test_r_brk_1_schedule_from_scenario_breaks() -> None:
    """R-BRK-1/R-BRK-2: the scenario's [breaks] section maps onto the schedule."""
    from pokersim.scenario import BreakKind, Breaks

    start = parse_clock("07:25")
    at40 = BreakSchedule.from_breaks(Breaks(kind=BreakKind.CLOCK, minute_of_hour=40), start)
    assert at40.window(0) == (15 * 60, 20 * 60)
    every = Breaks(kind=BreakKind.INTERVAL, every_seconds=1800, length_seconds=120)
    assert BreakSchedule.from_breaks(every, start).window(1) == (3600, 3720)
    assert not BreakSchedule.from_breaks(Breaks(kind=BreakKind.NONE), start).enabled
    with pytest.raises(ConfigError, match="HH:MM"):
        parse_clock("25:00")


def _levels(*minutes: float) -> list[Level]:
    return [
        Level(small_blind=10 * (i + 1), big_blind=20 * (i + 1), minutes=m)
        for i, m in enumerate(minutes)
    ]


def test_r_ante_1_level_in_force_at_hand_start_and_clock_stops_in_breaks() -> None:
    """R-ANTE-1: the level of a hand is the one in force when it starts; breaks stop the clock."""
    sched = BreakSchedule(first=600, period=3600, length=300)
    clock = LevelClock.make(_levels(15, 15, 15), sched)
    assert clock.index_at(0) == 0
    assert clock.index_at(899) == 0
    # 600 s of play, a 300 s break, so level 2 begins at 900 + 300 = 1200
    assert clock.index_at(1199) == 0
    assert clock.index_at(1200) == 1
    assert clock.start_of(1) == 1200
    assert clock.start_of(2) == 2100
    assert clock.index_at(10**7) == 2  # the last level lasts forever
    assert clock.level_at(1200).big_blind == 40


def test_level_clock_rejects_bad_levels() -> None:
    with pytest.raises(ConfigError, match="at least one level"):
        LevelClock.make([], BreakSchedule.make("none"))
    with pytest.raises(ConfigError, match="level 1"):
        LevelClock.make(_levels(0, 10), BreakSchedule.make("none"))


@given(st.integers(1, 7200), st.integers(2, 7200), st.integers(0, 3000), st.integers(0, 50000))
def test_play_time_inverse_property(first: int, period: int, length: int, p: int) -> None:
    """time_of_play is the earliest time reaching p seconds of play; play time never decreases."""
    if length >= period:
        length = period - 1
    sched = BreakSchedule(first=first, period=period, length=length)
    t = sched.time_of_play(p)
    assert sched.play_seconds(t) == p
    assert t == 0 or sched.play_seconds(t - 1) < p
    assert sched.play_seconds(t + 1) >= sched.play_seconds(t)


# --- R-DEAL-2: a deal's negotiation stops the level clock as a break does -----------------------


def test_r_deal_2_a_pause_keeps_the_level_its_time_left() -> None:
    """R-DEAL-2: 10-minute levels, a 3-minute pause at 3:10: level 2 starts at 13:00."""
    clock = LevelClock.make(_levels(10, 10, 10), BreakSchedule.make("none"))
    paused = clock.paused(190, 370)
    assert paused.play_seconds(190) == paused.play_seconds(370) == 190
    assert paused.index_at(779) == 0 and paused.index_at(780) == 1
    assert [paused.start_of(i) for i in range(3)] == [0, 780, 1380]
    assert clock.pauses == ()  # the clock a run started with is unchanged


def test_r_deal_2_a_pause_over_a_break_counts_each_second_once() -> None:
    """A pause from 500 to 800 over the break 600-900 stops the clock 500-900: 400 s, not 600."""
    breaks = BreakSchedule(first=600, period=3600, length=300)
    clock = LevelClock.make(_levels(15, 15), breaks)
    assert clock.start_of(1) == 1200
    assert clock.paused(500, 800).start_of(1) == 1300  # stopped 500-900 instead of 600-900
    assert clock.paused(650, 850).start_of(1) == 1200  # within the break: nothing more


def test_r_deal_2_pauses_must_come_in_order() -> None:
    clock = LevelClock.make(_levels(10, 10), BreakSchedule.make("none")).paused(100, 200)
    with pytest.raises(ValueError, match="at or after 200"):
        clock.paused(150, 300)
    with pytest.raises(ValueError, match="not end before it starts"):
        clock.paused(300, 250)


_PAUSES = st.lists(st.tuples(st.integers(0, 4000), st.integers(0, 2000)), max_size=4)


@given(
    st.integers(1, 7200),
    st.integers(2, 7200),
    st.integers(0, 3000),
    _PAUSES,
    st.integers(0, 50000),
    st.integers(0, 20000),
)
def test_r_deal_2_play_time_with_pauses_inverse_property(
    first: int, period: int, length: int, gaps: list[tuple[int, int]], p: int, s: int
) -> None:
    """With pauses too, time_of_play is the earliest time reaching p; the clock stands still
    in every second of a break or a pause and runs one second a second otherwise."""
    length = min(length, period - 1)
    breaks = BreakSchedule(first=first, period=period, length=length)
    clock = LevelClock.make(_levels(10), breaks)
    start = 0
    for gap, pause in gaps:
        start += gap
        clock = clock.paused(start, start + pause)
        start += pause
    t = clock.time_of_play(p)
    assert clock.play_seconds(t) == p
    assert t == 0 or clock.play_seconds(t - 1) == p - 1
    in_break = breaks.play_seconds(s + 1) == breaks.play_seconds(s)
    in_pause = any(a <= s < b for a, b in clock.pauses)
    step = clock.play_seconds(s + 1) - clock.play_seconds(s)
    assert step == (0 if in_break or in_pause else 1)
