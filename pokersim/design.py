"""The structure designer: propose a blind structure for a target duration, then prove it.

Two halves. The pure half builds a schedule from a handful of numbers: big blinds that grow by a
continuous factor per level but are rounded to the values a real lobby shows (1, 1.2, 1.5, 2,
2.5, 3, 4, 5, 6, 8 times a power of ten, even so that the small blind is exactly half), antes
from a chosen level, breaks and late registration (R-STRUCT-1, R-ANTE-1, R-BRK-1, R-BRK-2,
R-REG-1). The other half searches the growth factor: each candidate is simulated as a study on
the same seeds (common random numbers, so two candidates differ by their structure and not by
their luck) and the factor is moved by a secant / regula-falsi step on ``x = 1 / ln(growth)``,
in which the time to reach any given big blind is linear. A structure is accepted only when the
median of its own simulated durations is within the tolerance of the target: the last study is
the check run, and its figures are the report.
"""

from __future__ import annotations

import math
import os
import re
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from pokersim.clock import BreakSchedule
from pokersim.config import AnteKind, Level
from pokersim.errors import ConfigError, PokerSimError
from pokersim.frozen import frozen
from pokersim.scenario import (
    BreakKind,
    Breaks,
    Scenario,
)
from pokersim.scenario_toml import anchored, scenario_toml

__all__ = [
    "ANTE_MANTISSAS",
    "BLIND_MANTISSAS",
    "DEFAULT_TOLERANCE",
    "MAX_GROWTH",
    "MAX_LEVELS",
    "MIN_GROWTH",
    "SHOVE_FEST_BB",
    "Design",
    "DesignError",
    "DesignReport",
    "StructureParams",
    "Trial",
    "big_blind_ladder",
    "blind_levels",
    "classic_ante",
    "design_structure",
    "figures",
    "format_report",
    "late_registration_seconds",
    "parse_breaks",
    "round_big_blind",
    "scenario_toml",
    "scenario_with_structure",
]

#: Big blinds a lobby shows: these mantissas times a power of ten, kept only when even.
BLIND_MANTISSAS = (1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0)
#: Classic antes are rounded down onto this finer ladder (25, 75, 125, 150 ... are all common).
ANTE_MANTISSAS = (1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 7.5, 8.0)
#: Classic ante as a share of the big blind before rounding (the common 10-12.5 %).
CLASSIC_ANTE_SHARE = 0.125
#: Growth below this gives the same schedule (one ladder step per level), above it blinds more
#: than double per level, which no lobby publishes.
MIN_GROWTH = 1.1
MAX_GROWTH = 2.0
MAX_LEVELS = 200
DEFAULT_TOLERANCE = 0.05
#: Before the target is bracketed, a secant step may go this many proportional steps at most.
SECANT_STRETCH = 4.0
#: A final table that starts under this average stack (in big blinds) is a push-or-fold lottery.
SHOVE_FEST_BB = 10.0
PERCENTILES = (10, 25, 50, 75, 90)


class DesignError(PokerSimError, ValueError):
    """The target cannot be met with the options given; the message says why and what to change."""


# --- the lobby ladder ---------------------------------------------------------------------------


def _ladder(mantissas: Sequence[float], upto: int, *, even: bool) -> list[int]:
    out: set[int] = set()
    power = 1
    while True:
        for m in mantissas:
            value = m * power
            if value == int(value) and int(value) >= 1 and not (even and int(value) % 2):
                out.add(int(value))
        if power > upto:
            break
        power *= 10
    return sorted(out)


def big_blind_ladder(upto: int) -> list[int]:
    """Every lobby big blind up to at least ``upto`` (one value beyond it).

    >>> big_blind_ladder(300)[:14]
    [2, 4, 6, 8, 10, 12, 20, 30, 40, 50, 60, 80, 100, 120]
    """
    values = _ladder(BLIND_MANTISSAS, max(upto, 2), even=True)
    cut = next((i for i, v in enumerate(values) if v >= upto), len(values) - 1)
    return values[: cut + 1]


def round_big_blind(value: float) -> int:
    """The lobby big blind nearest to ``value`` on a log scale (ties go to the larger).

    >>> round_big_blind(130), round_big_blind(137), round_big_blind(1.0)
    (120, 150, 2)
    """
    if not value > 0 or math.isinf(value):
        raise ValueError(f"a big blind must be a positive finite number, got {value!r}")
    ladder = big_blind_ladder(math.ceil(value))
    best = ladder[0]
    for v in ladder:
        if abs(math.log(v / value)) <= abs(math.log(best / value)):
            best = v
    return best


def classic_ante(big_blind: int) -> int:
    """A classic (per player) ante, about an eighth of the big blind.

    Rounded down to a lobby value, at least 1 and never above the small blind.

    >>> [classic_ante(bb) for bb in (2, 20, 200, 600, 1200, 3000)]
    [1, 2, 25, 75, 150, 300]
    """
    target = big_blind * CLASSIC_ANTE_SHARE
    ladder = _ladder(ANTE_MANTISSAS, max(1, int(target)), even=False)
    below = [v for v in ladder if v <= target]
    return max(1, min(below[-1] if below else 1, big_blind // 2))


# --- schedules ------------------------------------------------------------------------------------


@frozen(slots=True, kw_only=True)
class StructureParams:
    """What a schedule is built from.

    ``growth`` is the continuous per-level factor before rounding; the levels go on until the big
    blind reaches half the chips in play (after that every hand is all-in anyway), and the last
    one repeats (R-STRUCT-1).
    """

    starting_stack: int
    players: int
    level_minutes: float
    growth: float
    first_big_blind: int
    ante_kind: AnteKind = AnteKind.BIG_BLIND
    ante_from: int = 1  # 1-based level of the first ante

    def __post_init__(self) -> None:
        if self.starting_stack < 1:
            raise ConfigError(f"starting stack must be >= 1 chip, got {self.starting_stack}")
        if self.players < 2:
            raise ConfigError(f"players must be >= 2, got {self.players}")
        if not self.level_minutes > 0 or round(self.level_minutes * 60) != self.level_minutes * 60:
            raise ConfigError(
                f"level minutes must be > 0 and a whole number of seconds, got {self.level_minutes}"
            )
        if not 1.0 < self.growth <= MAX_GROWTH:
            raise ConfigError(
                f"blind growth per level must be in (1, {MAX_GROWTH}], got {self.growth}"
            )
        if self.first_big_blind < 2 or self.first_big_blind % 2:
            raise ConfigError(
                f"first big blind must be an even number >= 2 (the small blind is half of it), "
                f"got {self.first_big_blind}"
            )
        if self.first_big_blind * 10 > self.starting_stack:
            raise ConfigError(
                f"first big blind {self.first_big_blind} leaves a starting stack of "
                f"{self.starting_stack} under 10 big blinds: expected a deeper start"
            )
        if self.ante_from < 1:
            raise ConfigError(f"ante-from level must be >= 1, got {self.ante_from}")

    @property
    def chips_in_play(self) -> int:
        """Every chip of the field (everyone registered at the start)."""
        return self.starting_stack * self.players


def blind_levels(params: StructureParams) -> tuple[Level, ...]:
    """The level schedule: strictly increasing lobby big blinds, small blind exactly half.

    Antes from ``ante_from`` (big-blind ante = the big blind; classic = ``classic_ante``).
    """
    cap = params.chips_in_play / 2
    bigs: list[int] = [params.first_big_blind]
    ladder = big_blind_ladder(max(int(cap) + 1, params.first_big_blind))
    while bigs[-1] < cap:
        if len(bigs) >= MAX_LEVELS:
            raise ConfigError(
                f"growth {params.growth:.3f} needs more than {MAX_LEVELS} levels to reach "
                f"{int(cap)} chips: expected faster growth"
            )
        want = round_big_blind(params.first_big_blind * params.growth ** len(bigs))
        if want <= bigs[-1]:  # the lobby ladder is coarser than the growth here: one step up
            want = next(v for v in ladder if v > bigs[-1])
        bigs.append(want)
    levels = []
    for i, bb in enumerate(bigs):
        ante = 0
        if params.ante_kind is not AnteKind.NONE and i + 1 >= params.ante_from:
            ante = bb if params.ante_kind is AnteKind.BIG_BLIND else classic_ante(bb)
        levels.append(
            Level(
                small_blind=bb // 2,
                big_blind=bb,
                ante=ante,
                ante_kind=params.ante_kind if ante else AnteKind.NONE,
                minutes=params.level_minutes,
            )
        )
    return tuple(levels)


_CLOCK_MINUTE = re.compile(r"^:?([0-5]?\d)$")


def parse_breaks(text: str, *, length_minutes: float = 5) -> Breaks:
    """Read the ``--breaks`` option.

    ``"55"`` or ``":MM"``: clock breaks at that minute of every hour (R-BRK-1); ``"N"`` (any other
    whole number): every N minutes from the start (R-BRK-2); ``"none"``.
    """
    raw = text.strip().lower()
    length = round(length_minutes * 60)
    if raw == "none":
        return Breaks(kind=BreakKind.NONE, length_seconds=length)
    if length <= 0:
        raise ConfigError(f"break length must be > 0 minutes, got {length_minutes}")
    if raw.startswith(":") or raw == "55":
        m = _CLOCK_MINUTE.match(raw)
        if m is None:
            raise ConfigError(f"--breaks {text!r}: expected ':MM' with MM in 00..59")
        return Breaks(kind=BreakKind.CLOCK, minute_of_hour=int(m.group(1)), length_seconds=length)
    if raw.isdigit() and int(raw) > 0:
        every = int(raw) * 60
        if length >= every:
            raise ConfigError(
                f"--breaks {text}: a {length_minutes:g}-minute break every {raw} minutes; "
                "expected breaks shorter than the time between them"
            )
        return Breaks(kind=BreakKind.INTERVAL, every_seconds=every, length_seconds=length)
    raise ConfigError(
        f"--breaks {text!r}: expected '55' (or ':MM') for breaks at that minute of every hour, "
        "a number N of minutes between breaks, or 'none'"
    )


def late_registration_seconds(
    minutes: float, level_minutes: float, breaks: Breaks, start_seconds: int
) -> int:
    """Late registration rounded up to the end of the level in force at ``minutes`` (R-REG-1).

    Lobbies announce it as "until the end of level k"; the result is clock seconds from the
    start (breaks included).
    """
    if minutes < 0:
        raise ConfigError(f"late registration must be >= 0 minutes, got {minutes}")
    if minutes == 0:
        return 0
    schedule = BreakSchedule.from_breaks(breaks, start_seconds)
    level = round(level_minutes * 60)
    played = schedule.play_seconds(round(minutes * 60))
    levels_done = math.ceil(played / level)
    return schedule.time_of_play(levels_done * level)


def scenario_with_structure(
    base: Scenario,
    *,
    name: str,
    players: int,
    levels: tuple[Level, ...],
    starting_stack: int,
    breaks: Breaks,
    late_registration: int,
) -> Scenario:
    """The base scenario (field mix, timing, payouts, table rules) with the designed structure."""
    try:
        field = replace(base.players, count=players)
    except ConfigError as exc:  # a mix given in counts fits only its own player count
        raise DesignError(
            f"--base {base.source or base.name}: its field cannot be resized to {players} "
            f"players ({exc}); expected mix slices with `percent`"
        ) from None
    return replace(
        anchored(base),  # cut from its file below: a linked series' target named absolutely
        name=name,
        description=(
            f"Designed structure: {players} players, {starting_stack} chips, "
            f"{levels[0].minutes:g}-minute levels, {len(levels)} levels."
        ),
        players=field,
        starting_stack=starting_stack,
        levels=levels,
        breaks=breaks,
        entries=replace(base.entries, late_registration_seconds=late_registration),
        source=None,
    )


# --- writing a scenario file ----------------------------------------------------------------------


# --- figures of a study ---------------------------------------------------------------------------


@frozen(slots=True, kw_only=True)
class DesignReport:
    """What a designer needs to judge a structure, from a study's per-run rows.

    Medians over the runs; ``shove_share`` is the share of runs whose final table starts with an
    average stack under ``SHOVE_FEST_BB`` big blinds.
    """

    runs: int
    duration_percentiles: tuple[tuple[int, float], ...]  # (percentile, seconds)
    bubble_seconds: float | None
    level_at_bubble: float | None
    avg_stack_bb_at_bubble: float | None
    final_table_seconds: float | None
    level_at_final_table: float | None
    avg_stack_bb_at_final_table: float | None
    shove_share: float | None
    target_seconds: int | None = None

    @property
    def median_seconds(self) -> float:
        """The median simulated duration."""
        return dict(self.duration_percentiles)[50]

    @property
    def deviation(self) -> float | None:
        """Median duration relative to the target (0.03 = 3 % longer), if there is a target."""
        if self.target_seconds is None:
            return None
        return self.median_seconds / self.target_seconds - 1


def _percentile(values: Sequence[float], q: float) -> float:
    """Linear-interpolation percentile (numpy's default), without numpy for a short list."""
    xs = sorted(values)
    pos = (len(xs) - 1) * q / 100
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def _median_of(rows: Sequence[Mapping[str, Any]], key: str) -> float | None:
    values = [float(r[key]) for r in rows if _present(r.get(key))]
    return _percentile(values, 50) if values else None


def _present(value: Any) -> bool:
    return value is not None and not (isinstance(value, float) and math.isnan(value))


def figures(
    rows: Sequence[Mapping[str, Any]], *, target_seconds: int | None = None
) -> DesignReport:
    """Reduce per-run rows (the columns of a study's ``runs`` table) to a ``DesignReport``."""
    if not rows:
        raise ValueError("figures need at least one run")
    durations = [float(r["duration_seconds"]) for r in rows]
    ft = [
        float(r["avg_stack_bb_at_final_table"])
        for r in rows
        if _present(r.get("avg_stack_bb_at_final_table"))
    ]
    return DesignReport(
        runs=len(rows),
        duration_percentiles=tuple((q, _percentile(durations, q)) for q in PERCENTILES),
        bubble_seconds=_median_of(rows, "bubble_seconds"),
        level_at_bubble=_median_of(rows, "level_at_bubble"),
        avg_stack_bb_at_bubble=_median_of(rows, "avg_stack_bb_at_bubble"),
        final_table_seconds=_median_of(rows, "final_table_seconds"),
        level_at_final_table=_median_of(rows, "level_at_final_table"),
        avg_stack_bb_at_final_table=_median_of(rows, "avg_stack_bb_at_final_table"),
        shove_share=(sum(v < SHOVE_FEST_BB for v in ft) / len(ft)) if ft else None,
        target_seconds=target_seconds,
    )


def _hm(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    s = int(round(seconds))
    return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}"


def _opt(value: float | None, fmt: str) -> str:
    return "-" if value is None else format(value, fmt)


def format_report(report: DesignReport) -> str:
    """The figures as the lines ``pokersim design`` prints."""
    pct = "  ".join(f"p{q} {_hm(s)}" for q, s in report.duration_percentiles)
    lines = [f"duration over {report.runs} runs: {pct}"]
    if report.target_seconds is not None and report.deviation is not None:
        lines.append(
            f"target {_hm(report.target_seconds)}: median is {report.deviation:+.1%} "
            "from the target"
        )
    lines.append(
        f"bubble: at {_hm(report.bubble_seconds)}, level {_opt(report.level_at_bubble, '.0f')}, "
        f"average stack {_opt(report.avg_stack_bb_at_bubble, '.1f')} BB (medians)"
    )
    lines.append(
        f"final table: at {_hm(report.final_table_seconds)}, level "
        f"{_opt(report.level_at_final_table, '.0f')}, average stack "
        f"{_opt(report.avg_stack_bb_at_final_table, '.1f')} BB (medians)"
    )
    if report.shove_share is not None:
        line = f"final table under {SHOVE_FEST_BB:g} BB average in {report.shove_share:.0%} of runs"
        if report.shove_share >= 0.5:
            line += ": WARNING, a shove-fest (slower growth late or longer levels would help)"
        lines.append(line)
    return "\n".join(lines)


# --- the search -----------------------------------------------------------------------------------


@frozen(slots=True, kw_only=True)
class Trial:
    """One simulated candidate: its continuous growth, its level count and its median duration."""

    growth: float
    levels: int
    median_seconds: float


@frozen(slots=True, kw_only=True)
class Design:
    """The accepted structure, how the search got there and the figures of its check runs."""

    scenario: Scenario
    growth: float
    trials: tuple[Trial, ...]
    report: DesignReport
    rows: tuple[Mapping[str, Any], ...]
    timeline: Any = None  # the check study's timeline table, for the plot


#: ``simulate(scenario) -> (run rows, timeline table or None)``: R runs of one candidate.
Simulator = Callable[[Scenario], tuple[Sequence[Mapping[str, Any]], Any]]


def _x(growth: float) -> float:
    return 1.0 / math.log(growth)


def _growth(x: float) -> float:
    return math.exp(1.0 / x)


def design_structure(
    base: Scenario,
    *,
    players: int,
    starting_stack: int,
    level_minutes: float,
    target_seconds: int,
    simulate: Simulator,
    ante_kind: AnteKind = AnteKind.BIG_BLIND,
    ante_from: int = 1,
    breaks: Breaks | None = None,
    late_registration_minutes: float = 0,
    first_big_blind: int | None = None,
    tolerance: float = DEFAULT_TOLERANCE,
    aim: float | None = None,
    max_trials: int = 8,
    name: str | None = None,
    log: Callable[[str], None] | None = None,
) -> Design:
    """Find the blind growth whose simulated median duration is within ``tolerance`` of the target.

    The first guess is the tournament directors' rule of thumb (the game ends when the big blind
    is about a twentieth of the chips in play); every later guess comes from the simulated
    medians: a proportional step on ``x = 1/ln(growth)`` until the target is bracketed, then
    regula falsi inside the bracket. Raises ``DesignError`` when the target is out of reach.

    ``aim`` (default: ``tolerance``) is where the search stops: a tighter aim spends more
    candidates for a margin against the noise of a finite number of runs. When the candidates
    run out, or the rounding allows nothing closer, the closest candidate within ``tolerance``
    is accepted.
    """
    if target_seconds <= 0:
        raise ConfigError(f"target must be > 0 hours, got {target_seconds / 3600:g}")
    if not 0 < tolerance < 1:
        raise ConfigError(f"tolerance must be in (0, 1), got {tolerance}")
    aim = tolerance if aim is None else aim
    if not 0 < aim <= tolerance:
        raise ConfigError(f"aim must be in (0, tolerance = {tolerance}], got {aim}")
    level_seconds = round(level_minutes * 60)
    if level_seconds * 2 > target_seconds:
        raise DesignError(
            f"{level_minutes:g}-minute levels for a {target_seconds / 3600:g}-hour target leave "
            "fewer than two levels: expected shorter levels or a longer target"
        )
    breaks = breaks if breaks is not None else base.breaks
    bb0 = first_big_blind or round_big_blind(starting_stack / 100)
    late = late_registration_seconds(
        late_registration_minutes, level_minutes, breaks, base.start_seconds
    )
    if late >= target_seconds:
        raise DesignError(
            f"late registration closes at {_hm(late)} (the end of its level), not before the "
            f"{target_seconds / 3600:g}-hour target: expected a shorter late registration"
        )
    chips = starting_stack * players
    title = name or f"{players}-player {target_seconds / 3600:g}-hour structure"
    schedule = BreakSchedule.from_breaks(breaks, base.start_seconds)

    def build(growth: float) -> Scenario:
        params = StructureParams(
            starting_stack=starting_stack,
            players=players,
            level_minutes=level_minutes,
            growth=growth,
            first_big_blind=bb0,
            ante_kind=ante_kind,
            ante_from=ante_from,
        )
        return scenario_with_structure(
            base,
            name=title,
            players=players,
            levels=blind_levels(params),
            starting_stack=starting_stack,
            breaks=breaks,
            late_registration=late,
        )

    def say(msg: str) -> None:
        if log is not None:
            log(msg)

    x_lo, x_hi = _x(MAX_GROWTH), _x(MIN_GROWTH)  # fast ... slow
    # Rule of thumb: play time to the end = levels to reach chips/20 at this growth.
    steps = max(1.0, math.log(chips / 20 / bb0))
    x = (schedule.play_seconds(target_seconds) / level_seconds) / steps
    x = min(max(x, x_lo), x_hi)
    seen: dict[tuple[Level, ...], tuple[float, Sequence[Mapping[str, Any]], Any]] = {}
    trials: list[Trial] = []
    points: list[tuple[float, float]] = []  # (x, median seconds)
    fallback: Design | None = None  # the closest candidate within the tolerance so far
    for _ in range(max_trials):
        growth = _growth(x)
        sc = build(growth)
        if sc.levels in seen:
            median, rows, timeline = seen[sc.levels]
        else:
            rows, timeline = simulate(sc)
            median = figures(rows).median_seconds
            seen[sc.levels] = (median, rows, timeline)
        trials.append(Trial(growth=growth, levels=len(sc.levels), median_seconds=median))
        say(
            f"growth {growth:.4f} ({len(sc.levels)} levels, final big blind "
            f"{sc.levels[-1].big_blind}): median {_hm(median)} "
            f"({median / target_seconds - 1:+.1%})"
        )
        miss = abs(median / target_seconds - 1)
        if miss <= tolerance:
            found = Design(
                scenario=sc,
                growth=growth,
                trials=tuple(trials),
                report=figures(rows, target_seconds=target_seconds),
                rows=tuple(rows),
                timeline=timeline,
            )
            if miss <= aim:
                return found
            if fallback is None or miss < abs(fallback.report.deviation or 0):
                fallback = found
        points.append((x, median))
        x_new = _next_x(points, target_seconds, schedule)
        if x_new <= x_lo or x_new >= x_hi:
            edge = x_lo if x_new <= x_lo else x_hi
            at_edge = [p for p in points if p[0] == edge]
            if at_edge:
                if fallback is not None:
                    return replace(fallback, trials=tuple(trials))
                raise _out_of_reach(edge == x_lo, at_edge[0][1], target_seconds, level_minutes)
            x_new = edge
        if build(_growth(x_new)).levels in seen:
            bracketed = any(p[1] < target_seconds for p in points) and any(
                p[1] > target_seconds for p in points
            )
            if bracketed:
                between = _unseen_between(points, target_seconds, build, seen)
                if between is None:
                    break
                x_new = between
            else:  # push on until the rounding gives a new schedule, or the edge is reached
                step = x_new - x or (x_hi - x_lo) / 100 * (1 if median < target_seconds else -1)
                while build(_growth(x_new)).levels in seen:
                    if x_new in (x_lo, x_hi):  # saturated: this edge is as far as it goes
                        if fallback is not None:
                            return replace(fallback, trials=tuple(trials))
                        raise _out_of_reach(
                            median > target_seconds, median, target_seconds, level_minutes
                        )
                    step *= 2
                    x_new = min(max(x + step, x_lo), x_hi)
        x = x_new
    if fallback is not None:
        return replace(fallback, trials=tuple(trials))
    best = min(trials, key=lambda t: abs(t.median_seconds / target_seconds - 1))
    raise DesignError(
        f"no structure within {tolerance:.0%} of the {target_seconds / 3600:g}-hour target after "
        f"{len(trials)} simulated candidates; the closest (growth {best.growth:.3f}) has a median "
        f"of {_hm(best.median_seconds)}: the lobby rounding or the run-to-run noise is coarser "
        "than the tolerance here, try more --runs or other level minutes"
    )


def _next_x(points: Sequence[tuple[float, float]], target: float, schedule: BreakSchedule) -> float:
    """The next ``x`` to simulate.

    Regula falsi between the closest points on either side of the target. Before the target is
    bracketed: a proportional step in play time (the time to reach any big blind is proportional
    to ``x``), or, from the second candidate on, the secant through the last two, kept between
    one and ``SECANT_STRETCH`` proportional steps (part of a field's pace, how fast weak players
    bust, does not follow the blinds, so the proportional step alone can crawl).
    """
    below = [p for p in points if p[1] < target]
    above = [p for p in points if p[1] > target]
    if below and above:
        (x1, d1) = max(below, key=lambda p: p[1])
        (x2, d2) = min(above, key=lambda p: p[1])
        if d2 != d1:
            return x1 + (target - d1) * (x2 - x1) / (d2 - d1)
        return (x1 + x2) / 2
    x, d = points[-1]
    play_target = schedule.play_seconds(int(target))
    play_now = max(1, schedule.play_seconds(int(d)))
    proportional = x * play_target / play_now
    if len(points) < 2:
        return proportional
    xa, da = points[-2]
    far = x + SECANT_STRETCH * (proportional - x)
    lo, hi = min(proportional, far), max(proportional, far)
    if d != da and (x - xa) * (d - da) > 0:  # a usable slope: longer with slower growth
        secant = x + (target - d) * (x - xa) / (d - da)
        return min(max(secant, lo), hi)
    return x + 2 * (proportional - x)


def _unseen_between(
    points: Sequence[tuple[float, float]],
    target: float,
    build: Callable[[float], Scenario],
    seen: Mapping[tuple[Level, ...], Any],
) -> float | None:
    """A bracket midpoint whose rounded schedule has not been simulated yet (``None``: none)."""
    below = [p for p in points if p[1] < target]
    above = [p for p in points if p[1] > target]
    if not (below and above):
        return None
    a = max(below, key=lambda p: p[1])[0]
    b = min(above, key=lambda p: p[1])[0]
    for k in (2, 4, 8, 16):
        for j in range(1, k, 2):
            x = a + (b - a) * j / k
            if build(_growth(x)).levels not in seen:
                return x
    return None


def _out_of_reach(
    fast_edge: bool, median: float, target: float, level_minutes: float
) -> DesignError:
    if fast_edge:
        return DesignError(
            f"the {target / 3600:g}-hour target is too short for this field with "
            f"{level_minutes:g}-minute levels: even doubling the blinds every level the median "
            f"tournament lasts {_hm(median)}; expected shorter levels (the levels are too long "
            "for the field to finish in time) or a longer target"
        )
    return DesignError(
        f"the {target / 3600:g}-hour target cannot be reached with {level_minutes:g}-minute "
        f"levels: even the slowest lobby ladder (one step per level) ends after a median of "
        f"{_hm(median)}; expected longer levels, a deeper start (a smaller first big blind or a "
        "bigger starting stack) or a shorter target"
    )


# --- simulating candidates with a study -----------------------------------------------------------


def study_simulator(
    *,
    runs: int,
    seed: int = 0,
    jobs: int | None = 1,
    workdir: str | os.PathLike[str] | None = None,
    scheduler: Any = None,
) -> Simulator:
    """Simulate a candidate as a ``pokersim.study`` of ``runs`` runs with study seed ``seed``.

    Every candidate gets the same seeds; files go to a temporary folder unless ``workdir``.
    ``scheduler``: a Dask scheduler address or client, as ``run_study`` takes it.
    """
    from pokersim import study  # noqa: PLC0415 - heavy (pyarrow, the engine)

    counter = [0]

    def simulate(sc: Scenario) -> tuple[list[dict[str, Any]], Any]:
        with tempfile.TemporaryDirectory(prefix="pokersim-design-") as tmp:
            root = Path(workdir) if workdir is not None else Path(tmp)
            counter[0] += 1
            folder = root / f"candidate-{counter[0]:02d}"
            path = root / f"candidate-{counter[0]:02d}.toml"
            root.mkdir(parents=True, exist_ok=True)
            path.write_text(scenario_toml(sc), encoding="utf-8")
            result = study.run_study(
                path,
                runs=runs,
                out=folder,
                seed=seed,
                jobs=jobs,
                scheduler=scheduler,
                progress=False,
            )
            rows = result.runs.to_dict("records")
            return rows, result.timeline.copy()

    return simulate
