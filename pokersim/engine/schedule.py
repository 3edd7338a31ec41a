"""The schedule: levels, breaks and pauses in simulated time (R-STRUCT-1, R-BRK-1..2, R-DEAL-2).

It answers which level is in force, when the clock next changes, and whether a break or a
pause is due once every table is idle; the director turns those answers into SimPy timeouts.
The rules are in ``pokersim.clock``.
"""

from __future__ import annotations

import math

from pokersim.clock import BreakSchedule, LevelClock
from pokersim.config import Level
from pokersim.events import BreakStarted, LevelStarted
from pokersim.scenario import Scenario

__all__ = ["Schedule"]


class Schedule:
    """Levels and breaks of one run, with the level in force cached between changes."""

    def __init__(self, scenario: Scenario, start_clock: int) -> None:
        self.breaks = BreakSchedule.from_breaks(scenario.breaks, start_clock)
        self.levels = LevelClock.make(scenario.levels, self.breaks)
        self.breaks_taken = 0
        self.next_break: float = self.breaks.window(0)[0] if self.breaks.enabled else math.inf
        self._level = 0
        self._level_from = 0
        self._level_to: float = -1.0  # forces the first lookup
        self.level_now: Level = self.levels.levels[0]  # the record of the last level_at
        self.paused_until = 0  # R-DEAL-2: no hand starts before this
        self._pause_open = False
        self.clock_round = 1  # R-SHOOT-1: the levels restart with each shoot-out round
        self.breaks_logged = 0  # BreakStarted events logged: a restarted clock goes on from it

    def level_at(self, now: int) -> int:
        """The index of the level in force at ``now``; its record is then ``level_now``.

        Cached: hands ask in time order, and the level changes only at its scheduled times.
        """
        if not self._level_from <= now < self._level_to:
            li = self._level = self.levels.index_at(now)
            self.level_now = self.levels.levels[li]
            self._level_from = self.levels.start_of(li)
            last_level = li + 1 >= len(self.levels.levels)
            self._level_to = math.inf if last_level else self.levels.start_of(li + 1)
        return self._level

    def level_ends(self, now: int) -> float:
        """When the level in force at ``now`` ends (infinity for the last)."""
        self.level_at(now)
        return self._level_to

    def start_at_level(self, index: int) -> None:
        """F-FLIGHT-3: play starts at level ``index`` (day 2 of a flighted event), not the first."""
        self.levels = self.levels.from_level(index)
        self._level_to = -1.0  # the cached level no longer holds

    def restart(self, now: int) -> LevelStarted:
        """R-SHOOT-1: the levels start again at the first, now; the event of its start."""
        self.levels = self.levels.restarted_at(now)
        self.clock_round += 1
        self._level_to = -1.0  # the cached level no longer holds
        return self.level_started(0, now)

    def level(self, index: int) -> Level:
        """The level record at ``index``."""
        return self.levels.levels[index]

    def level_started(self, index: int, now: int) -> LevelStarted:
        """The event of level ``index`` starting now."""
        lv = self.levels.levels[index]
        return LevelStarted(
            t=now,
            level_index=index,
            small_blind=lv.small_blind,
            big_blind=lv.big_blind,
            ante=lv.ante,
            ante_kind=lv.ante_kind.value,
        )

    def next_change(self, level_index: int, break_index: int) -> tuple[int, bool, bool] | None:
        """When the clock next changes after these: (time, a break starts, a level starts)."""
        levels = self.levels
        has_next = level_index + 1 < len(levels.levels)
        next_level = levels.start_of(level_index + 1) if has_next else None
        next_break = self.breaks.window(break_index)[0] if self.breaks.enabled else None
        candidates = [x for x in (next_level, next_break) if x is not None]
        if not candidates:
            return None
        at = min(candidates)
        return at, at == next_break, at == next_level

    def break_started(self, index: int, at: int) -> BreakStarted:
        """The event of break ``index`` starting at ``at``."""
        return BreakStarted(t=at, break_index=index, scheduled_end=self.breaks.window(index)[1])

    def due_break(self, now: int) -> tuple[int, int] | None:
        """With every table idle: the break to take now, if one has started, and its end.

        R-BRK-1: a hand that started before the break finishes; play resumes at the later of
        the scheduled end and now.
        """
        started = self.breaks.breaks_started_by(now)
        if started <= self.breaks_taken:
            return None
        self.breaks_taken = started
        self.next_break = self.breaks.window(started)[0]
        k = started - 1
        return k, max(now, self.breaks.window(k)[1])

    def pause(self, now: int, seconds: int) -> int:
        """R-DEAL-2: play and the level clock stop from ``now`` for ``seconds``; the end.

        As for a break, the level in force keeps the time it had left: the next level starts
        ``seconds`` later than it would have.
        """
        end = now + seconds
        self.levels = self.levels.paused(now, end)
        self._level_to = -1.0  # the next level moved: look it up again
        self.paused_until = end
        self._pause_open = True
        return end

    def hold(self, now: int, end: int) -> int:
        """R-BRK-3: the level clock stops for the add-on break, as for any break; its length.

        The level in force keeps the time it had left: later levels start that much later.
        """
        self.levels = self.levels.paused(now, end)
        self._level_to = -1.0  # the next level moved: look it up again
        return end - now

    def pause_left(self, now: int) -> int | None:
        """Every table idle: seconds of the pause left, 0 once as it ends, else None.

        The 0 comes once, the first time the pause is over, so its end is logged once.
        """
        if not self._pause_open:
            return None
        if now < self.paused_until:
            return self.paused_until - now
        self._pause_open = False
        return 0
