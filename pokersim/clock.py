"""Levels and breaks as pure functions of simulated time (R-BRK-1, R-BRK-2, R-ANTE-1, R-DEAL-2).

Simulated time ``t`` is integer seconds since the tournament started; the wall clock at ``t``
is ``start_clock + t``. Breaks follow a fixed nominal schedule (every break is ``length``
seconds, the k-th starting at ``first + k * period``). The level clock stops during the nominal
breaks, and during the pauses a run adds as it goes (a deal's negotiation, R-DEAL-2), so a
level is ``minutes`` of play. A hand uses the level in force when it starts (R-ANTE-1); the
engine, not this module, makes tables finish their hand and wait at a break or a pause.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import replace

from pokersim.config import Level
from pokersim.errors import ConfigError
from pokersim.frozen import frozen
from pokersim.scenario import BreakKind, Breaks

HOUR = 3600
_CLOCK = re.compile(r"^([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$")


def parse_clock(text: str) -> int:
    """Seconds after midnight of a wall-clock time such as ``"07:25"`` or ``"19:00:30"``.

    >>> parse_clock("07:25"), parse_clock("00:00:59")
    (26700, 59)
    """
    m = _CLOCK.match(text.strip())
    if m is None:
        raise ConfigError(f"bad clock time {text!r}: expected HH:MM or HH:MM:SS (24-hour)")
    return int(m.group(1)) * HOUR + int(m.group(2)) * 60 + int(m.group(3) or 0)


def format_clock(seconds: int) -> str:
    """Wall-clock ``HH:MM:SS`` of seconds after midnight (wrapping past 24 h).

    >>> format_clock(26700), format_clock(86400 + 61)
    ('07:25:00', '00:01:01')
    """
    s = int(seconds) % (24 * HOUR)
    return f"{s // HOUR:02d}:{s % HOUR // 60:02d}:{s % 60:02d}"


@frozen(slots=True, kw_only=True)
class BreakSchedule:
    """Nominal break windows: break k is ``[first + k*period, first + k*period + length)``."""

    first: int  # seconds from the start to the first break (0: no breaks)
    period: int  # seconds between break starts (0: no breaks)
    length: int  # seconds each break lasts

    def __post_init__(self) -> None:
        if self.period < 0 or self.length < 0 or self.first < 0:
            raise ConfigError(
                f"break schedule values must be >= 0, got first={self.first}, "
                f"period={self.period}, length={self.length}"
            )
        if self.period and self.length >= self.period:
            raise ConfigError(
                f"break length {self.length}s must be shorter than the time between breaks "
                f"({self.period}s)"
            )

    @property
    def enabled(self) -> bool:
        """False when the tournament has no breaks."""
        return self.period > 0 and self.length > 0

    @classmethod
    def make(
        cls,
        kind: BreakKind | str,
        *,
        start_clock: int = 0,
        length_minutes: float = 5,
        every_minutes: float = 60,
        minute: int = 55,
    ) -> BreakSchedule:
        """Build the schedule of a break kind for a tournament starting at ``start_clock``.

        >>> BreakSchedule.make("clock", start_clock=parse_clock("07:25")).window(0)
        (1800, 2100)
        >>> BreakSchedule.make("interval", start_clock=parse_clock("07:25")).window(0)
        (3600, 3900)
        """
        kind = BreakKind(kind)
        length = int(round(length_minutes * 60))
        if kind is BreakKind.NONE or length == 0:
            return cls(first=0, period=0, length=0)
        if kind is BreakKind.CLOCK:
            if not 0 <= minute < 60:
                raise ConfigError(f"break minute must be in 0..59, got {minute}")
            first = (minute * 60 - start_clock) % HOUR
            return cls(first=first or HOUR, period=HOUR, length=length)
        period = int(round(every_minutes * 60))
        if period <= 0:
            raise ConfigError(f"break interval must be > 0 minutes, got {every_minutes}")
        return cls(first=period, period=period, length=length)

    @classmethod
    def from_breaks(cls, breaks: Breaks, start_clock: int) -> BreakSchedule:
        """The schedule of a scenario's ``[breaks]`` for a start at ``start_clock``."""
        return cls.make(
            breaks.kind,
            start_clock=start_clock,
            length_minutes=breaks.length_seconds / 60,
            every_minutes=breaks.every_seconds / 60,
            minute=breaks.minute_of_hour,
        )

    def window(self, k: int) -> tuple[int, int]:
        """``(start, end)`` in simulated seconds of break number ``k`` (0-based)."""
        if not self.enabled:
            raise ValueError("this schedule has no breaks")
        start = self.first + k * self.period
        return start, start + self.length

    def breaks_started_by(self, t: int) -> int:
        """How many breaks have started at or before ``t``."""
        if not self.enabled or t < self.first:
            return 0
        return (t - self.first) // self.period + 1

    def play_seconds(self, t: int) -> int:
        """Seconds of play (time outside nominal breaks) from the start up to ``t``.

        >>> BreakSchedule(first=100, period=1000, length=50).play_seconds(120)
        100
        >>> BreakSchedule(first=100, period=1000, length=50).play_seconds(1200)
        1100
        """
        k = self.breaks_started_by(t)
        if k == 0:
            return t
        last_start = self.first + (k - 1) * self.period
        return t - (k - 1) * self.length - min(self.length, t - last_start)

    def time_of_play(self, p: int) -> int:
        """The earliest simulated time at which ``p`` seconds of play have passed."""
        if not self.enabled or p < self.first:
            return p
        cycle = self.period - self.length
        k, r = divmod(p - self.first, cycle)
        start = self.first + k * self.period
        return start if r == 0 else start + self.length + r


@frozen(slots=True, kw_only=True)
class LevelClock:
    """The blind level in force at any simulated time; the last level lasts forever.

    The clock stops during the nominal breaks and during ``pauses``: ``(start, end)`` windows
    in time order that do not overlap one another (they may overlap a break: a second that is
    both counts once).
    """

    levels: tuple[Level, ...]
    breaks: BreakSchedule
    ends: tuple[int, ...]  # cumulative play seconds at which each level ends
    pauses: tuple[tuple[int, int], ...] = ()
    origin: int = 0  # play seconds at which the first level started (R-SHOOT-1: a new round)

    @classmethod
    def make(cls, levels: Sequence[Level], breaks: BreakSchedule) -> LevelClock:
        """Build the clock; levels must be non-empty and each but the last must last > 0 s."""
        if not levels:
            raise ConfigError("a tournament needs at least one level")
        ends: list[int] = []
        total = 0
        for i, lv in enumerate(levels):
            secs = int(round(lv.minutes * 60))
            if secs <= 0 and i < len(levels) - 1:
                raise ConfigError(f"level {i + 1} lasts {lv.minutes} minutes: expected > 0")
            total += secs
            ends.append(total)
        return cls(levels=tuple(levels), breaks=breaks, ends=tuple(ends))

    def paused(self, start: int, end: int) -> LevelClock:
        """The clock also stopped from ``start`` to ``end`` (R-DEAL-2: as for a break).

        >>> level = Level(small_blind=5, big_blind=10, minutes=10)
        >>> clock = LevelClock.make([level, level], BreakSchedule.make("none"))
        >>> clock.start_of(1), clock.paused(190, 370).start_of(1)
        (600, 780)
        """
        last_end = self.pauses[-1][1] if self.pauses else 0
        if not last_end <= start <= end:
            raise ValueError(
                f"a pause from {start} to {end} must start at or after {last_end} and not end "
                "before it starts"
            )
        return replace(self, pauses=(*self.pauses, (start, end)))

    def play_seconds(self, t: int) -> int:
        """Seconds of play (outside breaks and pauses) from the start up to ``t``."""
        of_breaks = self.breaks.play_seconds
        play = of_breaks(t)
        for start, end in self.pauses:
            if t <= start:
                break
            play -= of_breaks(min(end, t)) - of_breaks(start)  # the pause's play, counted once
        return play

    def time_of_play(self, p: int) -> int:
        """The earliest simulated time at which ``p`` seconds of play have passed."""
        of_breaks = self.breaks.play_seconds
        q = p  # the same moment in play of the breaks alone: each pause passed adds its play
        for start, end in self.pauses:
            if q <= of_breaks(start):
                break
            q += of_breaks(end) - of_breaks(start)
        return self.breaks.time_of_play(q)

    def index_at(self, t: int) -> int:
        """0-based index of the level in force at simulated time ``t``."""
        played = self.play_seconds(t) - self.origin
        return min(bisect_right(self.ends, played), len(self.levels) - 1)

    def restarted_at(self, t: int) -> LevelClock:
        """The same levels started again from the first at ``t`` (R-SHOOT-1: a new round).

        >>> from pokersim.config import Level
        >>> first = Level(small_blind=1, big_blind=2, minutes=10)
        >>> clock = LevelClock.make((first, first), BreakSchedule.make("none"))
        >>> clock.index_at(900), clock.restarted_at(900).index_at(900)
        (1, 0)
        >>> clock.restarted_at(900).start_of(1)
        1500
        """
        return replace(self, origin=self.play_seconds(t))

    def from_level(self, index: int) -> LevelClock:
        """The same levels with level ``index`` (0-based) starting at time 0 (F-FLIGHT-3: day 2).

        >>> from pokersim.config import Level
        >>> first = Level(small_blind=1, big_blind=2, minutes=10)
        >>> clock = LevelClock.make((first, first, first), BreakSchedule.make("none"))
        >>> clock.from_level(1).index_at(0), clock.from_level(1).start_of(2)
        (1, 600)
        """
        return replace(self, origin=-self.ends[index - 1] if index else 0)

    def level_at(self, t: int) -> Level:
        """The level a hand starting at ``t`` is played at (R-ANTE-1)."""
        return self.levels[self.index_at(t)]

    def start_of(self, index: int) -> int:
        """Simulated time at which level ``index`` (0-based) begins."""
        if not 0 <= index < len(self.levels):
            raise ValueError(f"level index {index} out of range 0..{len(self.levels) - 1}")
        if index == 0 and not self.origin:
            return 0
        return self.time_of_play(self.origin + (self.ends[index - 1] if index else 0))
