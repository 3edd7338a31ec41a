"""Edges of the level and break clock (R-BRK-1, R-BRK-2, R-DEAL-2, R-SHOOT-1) at its boundaries.

Each test derives the expected times by hand or from the definitions in ``pokersim.clock``'s
docstrings, and names the wrong implementation it catches.
"""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from pokersim.clock import BreakSchedule, LevelClock
from pokersim.config import Level


def _levels(*minutes: float) -> list[Level]:
    return [
        Level(small_blind=10 * (i + 1), big_blind=20 * (i + 1), minutes=m)
        for i, m in enumerate(minutes)
    ]


def test_r_brk_1_a_break_has_started_at_its_first_second() -> None:
    """R-BRK-1: a break starts at its scheduled second, not one second later.

    Catches ``t <= first`` in ``breaks_started_by``: a table idle at exactly 07:55 would then
    start another hand instead of the break.
    """
    sched = BreakSchedule(first=1800, period=3600, length=300)
    assert sched.breaks_started_by(1799) == 0
    assert sched.breaks_started_by(1800) == 1
    assert sched.breaks_started_by(5399) == 1
    assert sched.breaks_started_by(5400) == 2


@given(st.integers(1, 7200), st.integers(2, 7200), st.integers(1, 3000), st.integers(0, 40000))
@example(first=600, period=3600, length=300, t=600)
def test_breaks_started_by_counts_the_windows_begun(
    first: int, period: int, length: int, t: int
) -> None:
    """The count of breaks begun at ``t`` is the number of windows whose start is <= t."""
    length = min(length, period - 1)
    sched = BreakSchedule(first=first, period=period, length=length)
    begun = 0
    while sched.window(begun)[0] <= t:
        begun += 1
    assert sched.breaks_started_by(t) == begun


def test_r_deal_2_back_to_back_pauses_are_one_longer_pause() -> None:
    """R-DEAL-2: a pause may start the moment the last one ends (a second negotiation at once).

    Ten-minute levels, pauses 100-200 and 200-300: the clock stood still 200 s, so level 2
    starts at 600 + 200 = 800, as with one pause 100-300. Catches ``last_end < start``.
    """
    clock = LevelClock.make(_levels(10, 10), BreakSchedule.make("none"))
    two = clock.paused(100, 200).paused(200, 300)
    assert two.start_of(1) == clock.paused(100, 300).start_of(1) == 800
    assert two.play_seconds(300) == 100


def test_r_deal_2_a_level_due_as_a_pause_starts_starts_then() -> None:
    """A level whose play time runs out the second a pause starts begins at that second.

    Ten-minute levels, a pause from 600 to 900: 600 s of play have passed at 600, the earliest
    such time, and the level in force at 600 is already level 2. Catches ``q < start`` in
    ``LevelClock.time_of_play`` (the level would be said to start at 900).
    """
    clock = LevelClock.make(_levels(10, 10), BreakSchedule.make("none")).paused(600, 900)
    assert clock.index_at(599) == 0 and clock.index_at(600) == 1
    assert clock.start_of(1) == 600
    assert clock.time_of_play(600) == 600


_PAUSES = st.lists(st.tuples(st.integers(0, 900), st.integers(0, 600)), max_size=3)


@given(
    st.lists(st.integers(1, 4), min_size=2, max_size=4),
    st.integers(1, 3000),
    st.integers(2, 3000),
    st.integers(0, 600),
    _PAUSES,
)
@example(minutes=[10, 10], first=3000, period=3000, length=0, gaps=[(600, 300)])
@example(minutes=[1, 1], first=60, period=600, length=60, gaps=[(0, 30), (0, 30)])
def test_each_level_starts_at_the_first_second_the_clock_shows_it(
    minutes: list[int], first: int, period: int, length: int, gaps: list[tuple[int, int]]
) -> None:
    """``start_of(i)`` is the first second at which ``index_at`` gives level ``i``: the level
    in force one second earlier is the one before (breaks and pauses at every boundary)."""
    length = min(length, period - 1)
    breaks = BreakSchedule(first=first, period=period, length=length)
    clock = LevelClock.make(_levels(*minutes), breaks)
    start = 0
    for gap, pause in gaps:
        start += gap
        clock = clock.paused(start, start + pause)
        start += pause
    for i in range(1, len(minutes)):
        t = clock.start_of(i)
        assert clock.index_at(t) == i
        assert clock.index_at(t - 1) == i - 1


def test_r_shoot_1_a_round_restarted_after_a_break_has_full_levels() -> None:
    """R-SHOOT-1: a new round restarts the levels; the break before it is not play.

    Ten-minute levels, a break from 900 to 1200 (s), a new round at 1500. Play at 1500 is
    1200 s; the round's level 1 lasts 600 s of play, and the next break is at 4500, so its
    level 2 starts at 2100. Catches ``origin = t`` (wall time in place of play time), which
    makes level 1 of the round last 900 s.
    """
    breaks = BreakSchedule(first=900, period=3600, length=300)
    clock = LevelClock.make(_levels(10, 10, 10), breaks)
    round_two = clock.restarted_at(1500)
    assert round_two.index_at(1500) == 0
    assert round_two.index_at(2099) == 0 and round_two.index_at(2100) == 1
    assert round_two.start_of(1) == 2100
    assert round_two.start_of(2) == 2700
