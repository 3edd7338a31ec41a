"""Plots and summary tables of a study: PNG files, ``report.md`` and ``report.html``.

Everything here is a pure function of the study's Parquet files, so a report can be rebuilt at
any time with ``pokersim report DIR``. Confidence intervals treat runs as the independent units
(the players of one run share one prize pool); see ``pokersim.study.ratio_ci``.
"""

from __future__ import annotations

import base64
import html
import math
import os
import re
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from pokersim.frozen import frozen
from pokersim.study import StudyResult, load_study, mean_ci, paired_ratio_diff, ratio_ci

PLOTS = "plots"
REPORT = "report.md"
BAND = (10, 50, 90)
DOWNSWING_BUYINS = (10, 20, 50, 100)
_PNG_META = {"Software": None}  # no library version in the files: same data, same bytes

#: The columns the report reads, by table; their kinds (numbers, text) are the study's schema
#: (``study.SCHEMAS``). Checked once, as ``pokersim report DIR`` loads the files
#: (``study.load_study``): a file lacking one, or holding text for numbers, is one line naming
#: the file and the column. The others (a linked series' target, ``scenario``) are optional.
REPORT_COLUMNS = {
    "runs": (
        "run",
        "seed",
        "hands_played",
        "duration_seconds",
        "bubble_seconds",
        "final_table_seconds",
        "level_at_bubble",
        "level_at_final_table",
        "level_at_end",
        "avg_stack_bb_at_bubble",
        "avg_stack_bb_at_final_table",
    ),
    "finishes": (
        "run",
        "player_id",
        "model",
        "skill",
        "place",
        "prize_cents",
        "bounty_cents",
        "entries",
        "cost_cents",
        "profit_cents",
        "final_table_stack",
    ),
    "timeline": ("run", "seconds", "players_left", "avg_stack_bb"),
}


# --- reductions --------------------------------------------------------------------------------


def group_label(model: str, skill: float | None) -> str:
    """The name a player group is shown under: the model, with its skill when it has one."""
    if skill is None or (isinstance(skill, float) and math.isnan(skill)):
        return str(model)
    return f"{model} (skill {skill:g})"


def with_groups(finishes: pd.DataFrame) -> pd.DataFrame:
    """A copy of ``finishes`` with a ``group`` column (model and skill)."""
    out = finishes.copy()
    out["group"] = [group_label(m, s) for m, s in zip(out["model"], out["skill"])]
    return out


def group_stats(finishes: pd.DataFrame) -> pd.DataFrame:
    """ROI, ITM% and profit per player group, with 95% CIs over runs.

    ROI = (prizes + bounties - costs) / costs; ITM% = share of a group's finishes that won a
    prize (bounties alone do not count as in the money).
    """
    df = with_groups(finishes)
    df["itm"] = (df["prize_cents"] > 0).astype(np.int64)
    df["won"] = df["prize_cents"] + df["bounty_cents"].fillna(0)
    rows = []
    for group, part in df.groupby("group", sort=True):
        per_run = part.groupby("run").agg(
            profit=("profit_cents", "sum"),
            cost=("cost_cents", "sum"),
            itm=("itm", "sum"),
            count=("itm", "size"),
        )
        roi = ratio_ci(list(per_run["profit"]), list(per_run["cost"]))
        itm = ratio_ci(list(per_run["itm"]), list(per_run["count"]))
        won = float(part["won"].sum())
        bounty = float(part["bounty_cents"].fillna(0).sum())
        rows.append(
            {
                "group": group,
                "finishes": len(part),
                "runs": len(per_run),
                "roi": roi.value,
                "roi_low": roi.low,
                "roi_high": roi.high,
                "itm": itm.value,
                "itm_low": itm.low,
                "itm_high": itm.high,
                "mean_place_pct": float((part["place"] / _entries_of(part, finishes)).mean()),
                "mean_profit_cents": float(part["profit_cents"].mean()),
                "sd_profit_cents": float(part["profit_cents"].std(ddof=1))
                if len(part) > 1
                else math.nan,
                "bounty_share": bounty / won if won else math.nan,
            }
        )
    return pd.DataFrame(rows)


SERIES_ROI_NOTE = (
    "A linked series (R-SAT-1): the ROI is over the satellite and its target, each seat played "
    "valued at what it won there (`series_profit_cents`)."
)


def profit_column(finishes: pd.DataFrame) -> str:
    """The profit a comparison ranks by: a linked series' over both tournaments, else the run's."""
    if "series_profit_cents" in finishes and finishes["series_profit_cents"].notna().any():
        return "series_profit_cents"
    return "profit_cents"


def series_stats(finishes: pd.DataFrame) -> pd.DataFrame:
    """A linked series (R-SAT-1): each group's ROI over the satellite and its target.

    ``group_stats``' ROI on ``series_profit_cents`` (the seat spent on the target's buy-in when
    it was played, the target's prizes and bounties added) over the satellite's cost, with its
    95% CI over runs; ``seats`` the seats the group won, ``played`` those played in the target,
    ``target_won_cents`` what those seats won there (prizes and bounties). Empty for a study of
    anything else.
    """
    if profit_column(finishes) != "series_profit_cents":
        return pd.DataFrame()
    roi = group_stats(finishes.assign(profit_cents=finishes["series_profit_cents"]))
    df = with_groups(finishes)
    df["seats"] = (df["place"] == 1).astype(np.int64)
    df["played"] = (df["target_place"].fillna(0) > 0).astype(np.int64)
    df["target_won_cents"] = (
        df["target_prize_cents"].fillna(0) + df["target_bounty_cents"].fillna(0)
    ).astype(float)
    seats = df.groupby("group", sort=True)[["seats", "played", "target_won_cents"]].sum()
    keep = ["group", "finishes", "roi", "roi_low", "roi_high"]
    return roi[keep].merge(seats.reset_index(), on="group")


def _series_md(finishes: pd.DataFrame) -> list[str]:
    """The report's section on a linked series' target (nothing for other studies)."""
    stats = series_stats(finishes)
    if stats.empty:
        return []
    played = int(stats["played"].sum())
    seat = finishes.loc[finishes["target_place"].fillna(0) > 0, "prize_cents"]
    won = float(stats["target_won_cents"].sum())
    worth = (
        f"The {played} seats played won {fmt_value(won / played / 100, 2)} each in the target "
        f"on average (prizes and bounties; a seat costs {fmt_value(float(seat.iloc[0]) / 100, 2)})."
        if played
        else "No seat was played in the target: every satellite ended after its registration."
    )
    return [
        "## The series: with the target (R-SAT-1)",
        "",
        "Each seat winner was registered in the target the moment the satellite ended, if the "
        "target still registered; a winner it could no longer take kept the seat's value in "
        "cash. The series ROI counts the target's prizes and bounties instead of the seats "
        "played (`series_profit_cents`), over the satellite's cost.",
        "",
        md_table(
            ["group", "finishes", "series ROI %", "95% CI", "seats won", "played in the target"],
            [
                [
                    str(r.group),
                    str(r.finishes),
                    fmt_value(100 * r.roi),
                    f"{fmt_value(100 * r.roi_low)} – {fmt_value(100 * r.roi_high)}",
                    str(r.seats),
                    str(r.played),
                ]
                for r in stats.itertuples()
            ],
        ),
        "",
        worth,
        "",
    ]


def _entries_of(part: pd.DataFrame, finishes: pd.DataFrame) -> pd.Series:
    """The field size of each finish's run (the number of finish rows of that run)."""
    sizes = finishes.groupby("run").size()
    return part["run"].map(sizes).astype(float)


def time_bands(timeline: pd.DataFrame, column: str, *, min_share: float = 0.1) -> pd.DataFrame:
    """Per clock time: the 10th, 50th and 90th percentiles of ``column`` over the runs still going.

    A run contributes until its last sample; times where fewer than ``min_share`` of the runs
    are still going are dropped (their band would describe a handful of runs).
    """
    if timeline.empty:
        return pd.DataFrame(columns=["seconds", "p10", "p50", "p90", "running"])
    wide = timeline.pivot(index="seconds", columns="run", values=column).sort_index()
    running = wide.notna().sum(axis=1)
    n_runs = wide.shape[1]
    keep = running >= max(1, math.ceil(min_share * n_runs))
    wide = wide[keep]
    values = wide.to_numpy(dtype=float)
    pct = np.nanpercentile(values, BAND, axis=1) if len(values) else np.empty((3, 0))
    return pd.DataFrame(
        {
            "seconds": wide.index.to_numpy(),
            "p10": pct[0],
            "p50": pct[1],
            "p90": pct[2],
            "running": running[keep].to_numpy(),
        }
    )


@frozen(slots=True, kw_only=True)
class Downswings:
    """PrimeDope-style variance of a sample of tournaments, in buy-ins.

    ``paths`` cumulative-profit paths of ``tournaments`` tournaments each, resampled from the
    observed profits; ``risk[x]`` is the share of paths with a peak-to-trough drop of at least
    ``x`` buy-ins; ``loss_probability`` the share that end below zero.
    """

    tournaments: int
    percentiles: pd.DataFrame  # index: tournament number; columns p5, p50, p95
    risk: dict[int, float]
    loss_probability: float
    expected: float  # mean profit per tournament, in buy-ins


def downswings(
    profit_buyins: Sequence[float],
    *,
    tournaments: int = 500,
    paths: int = 1000,
    seed: int = 0,
    thresholds: Sequence[int] = DOWNSWING_BUYINS,
) -> Downswings:
    """Resample profits (in buy-ins) into ``paths`` runs of ``tournaments`` and measure them."""
    values = np.asarray(profit_buyins, dtype=float)
    if values.size == 0:
        raise ValueError("downswings need at least one profit value, got none")
    if tournaments < 1 or paths < 1:
        raise ValueError(f"tournaments and paths must be >= 1, got {tournaments} and {paths}")
    rng = np.random.default_rng(seed)
    draws = values[rng.integers(0, values.size, size=(paths, tournaments))]
    cum = np.cumsum(draws, axis=1)
    peak = np.maximum.accumulate(np.concatenate([np.zeros((paths, 1)), cum], axis=1), axis=1)
    drawdown = (peak[:, 1:] - cum).max(axis=1)
    pct = np.percentile(cum, (5, 50, 95), axis=0)
    return Downswings(
        tournaments=tournaments,
        percentiles=pd.DataFrame(
            {"p5": pct[0], "p50": pct[1], "p95": pct[2]}, index=np.arange(1, tournaments + 1)
        ),
        risk={int(x): float((drawdown >= x).mean()) for x in thresholds},
        loss_probability=float((cum[:, -1] < 0).mean()),
        expected=float(values.mean()),
    )


def buyin_cents(finishes: pd.DataFrame) -> float:
    """The cost of one entry (median over the finishes), used as the unit "buy-in"."""
    per_entry = finishes["cost_cents"] / finishes["entries"].fillna(1).clip(lower=1)
    return float(per_entry.median())


def run_summary(runs: pd.DataFrame) -> pd.DataFrame:
    """Mean (with CI), median, 10th and 90th percentile of the per-run measures."""
    measures = [
        ("duration (min)", runs["duration_seconds"] / 60),
        ("bubble time (min)", runs["bubble_seconds"] / 60),
        ("final-table time (min)", runs["final_table_seconds"] / 60),
        ("hands played", runs["hands_played"]),
        ("level at bubble", runs["level_at_bubble"]),
        ("level at final table", runs["level_at_final_table"]),
        ("level at end", runs["level_at_end"]),
        ("avg stack at bubble (BB)", runs["avg_stack_bb_at_bubble"]),
        ("avg stack at final table (BB)", runs["avg_stack_bb_at_final_table"]),
    ]
    rows = []
    for name, series in measures:
        values = series.dropna().astype(float)
        if values.empty:
            continue
        est = mean_ci(list(values))
        rows.append(
            {
                "measure": name,
                "runs": len(values),
                "mean": est.value,
                "ci_low": est.low,
                "ci_high": est.high,
                "p10": float(np.percentile(values, 10)),
                "median": float(values.median()),
                "p90": float(np.percentile(values, 90)),
            }
        )
    return pd.DataFrame(rows)


def icm_at_final_table(finishes: pd.DataFrame) -> pd.DataFrame:
    """Each final-table player's ICM equity from their stack there, next to the prize they won.

    The prizes in play are those the final-table players went on to win (tied places already
    split), so ICM and the simulation share out the same money; bounties are left out. Runs
    whose final table is larger than exact ICM handles are skipped.
    """
    from pokersim.icm import EXACT_MAX_PLAYERS, icm_exact  # noqa: PLC0415

    df = with_groups(finishes)
    df = df[df["final_table_stack"].notna()]
    parts = []
    for _, ft in df.groupby("run", sort=True):
        if len(ft) < 2 or len(ft) > EXACT_MAX_PLAYERS:
            continue
        prizes = sorted(ft["prize_cents"].astype(float), reverse=True)
        if sum(prizes) <= 0:
            continue
        equity = icm_exact(list(ft["final_table_stack"].astype(float)), prizes)
        part = ft[["run", "player_id", "group", "final_table_stack", "prize_cents"]].copy()
        part["icm_cents"] = equity
        part["icm_share"] = equity / sum(prizes)
        part["prize_share"] = part["prize_cents"] / sum(prizes)
        parts.append(part)
    if not parts:
        return pd.DataFrame(
            columns=[
                "run",
                "player_id",
                "group",
                "final_table_stack",
                "prize_cents",
                "icm_cents",
                "icm_share",
                "prize_share",
            ]
        )
    return pd.concat(parts, ignore_index=True)


def icm_by_group(icm: pd.DataFrame) -> pd.DataFrame:
    """Per group at the final table: mean ICM equity, mean prize won, and their difference (CI)."""
    rows = []
    for group, part in icm.groupby("group", sort=True):
        per_run = (
            part.assign(edge=part["prize_cents"] - part["icm_cents"])
            .groupby("run")
            .agg(edge=("edge", "sum"), count=("edge", "size"))
        )
        edge = ratio_ci(list(per_run["edge"]), list(per_run["count"]))
        rows.append(
            {
                "group": group,
                "appearances": len(part),
                "icm_cents": float(part["icm_cents"].mean()),
                "prize_cents": float(part["prize_cents"].mean()),
                "edge_cents": edge.value,
                "edge_low": edge.low,
                "edge_high": edge.high,
            }
        )
    return pd.DataFrame(rows)


RUN_MEASURES = (
    ("duration_seconds", "duration (min)", 1 / 60),
    ("bubble_seconds", "bubble time (min)", 1 / 60),
    ("final_table_seconds", "final-table time (min)", 1 / 60),
    ("hands_played", "hands played", 1.0),
    ("level_at_bubble", "level at bubble", 1.0),
    ("level_at_final_table", "level at final table", 1.0),
    ("level_at_end", "level at end", 1.0),
    ("avg_stack_bb_at_bubble", "avg stack at bubble (BB)", 1.0),
    ("avg_stack_bb_at_final_table", "avg stack at final table (BB)", 1.0),
)


def compare_runs(a: pd.DataFrame, b: pd.DataFrame) -> pd.DataFrame:
    """Per-run measures of two studies with the same seeds: means and the paired difference B-A.

    Runs are paired by run index (so by seed); a pair counts only where both values exist.
    """
    rows = []
    joined = a.merge(b, on="run", suffixes=("_a", "_b"), how="inner")
    for column, name, scale in RUN_MEASURES:
        pair = joined[[f"{column}_a", f"{column}_b"]].dropna().astype(float) * scale
        if pair.empty:
            continue
        diff = mean_ci(list(pair[f"{column}_b"] - pair[f"{column}_a"]))
        rows.append(
            {
                "measure": name,
                "pairs": len(pair),
                "mean_a": float(pair[f"{column}_a"].mean()),
                "mean_b": float(pair[f"{column}_b"].mean()),
                "diff": diff.value,
                "diff_low": diff.low,
                "diff_high": diff.high,
            }
        )
    return pd.DataFrame(rows)


def compare_groups(a: pd.DataFrame, b: pd.DataFrame) -> pd.DataFrame:
    """ROI and ITM% per player group in two studies, and the paired difference B-A with CIs.

    Two studies of a linked series compare their series ROI (``profit_column``).
    """
    column = profit_column(a) if profit_column(a) == profit_column(b) else "profit_cents"
    fa, fb = with_groups(a), with_groups(b)
    runs = sorted(set(fa["run"]) & set(fb["run"]))
    rows = []
    for group in sorted(set(fa["group"]) & set(fb["group"])):
        sums = []
        for f in (fa, fb):
            part = f[(f["group"] == group) & f["run"].isin(runs)]
            per_run = part.groupby("run").agg(
                profit=(column, "sum"),
                cost=("cost_cents", "sum"),
                itm=("prize_cents", lambda x: int((x > 0).sum())),
                count=("prize_cents", "size"),
            )
            sums.append(per_run.reindex(runs, fill_value=0))
        sa, sb = sums
        roi = paired_ratio_diff(
            list(sa["profit"]), list(sa["cost"]), list(sb["profit"]), list(sb["cost"])
        )
        itm = paired_ratio_diff(
            list(sa["itm"]), list(sa["count"]), list(sb["itm"]), list(sb["count"])
        )
        rows.append(
            {
                "group": group,
                "runs": len(runs),
                "roi_a": sa["profit"].sum() / sa["cost"].sum(),
                "roi_b": sb["profit"].sum() / sb["cost"].sum(),
                "roi_diff": roi.value,
                "roi_diff_low": roi.low,
                "roi_diff_high": roi.high,
                "itm_a": sa["itm"].sum() / sa["count"].sum(),
                "itm_b": sb["itm"].sum() / sb["count"].sum(),
                "itm_diff": itm.value,
                "itm_diff_low": itm.low,
                "itm_diff_high": itm.high,
            }
        )
    return pd.DataFrame(rows)


# --- plots -------------------------------------------------------------------------------------
#
# Every plot helper returns a matplotlib ``Figure`` (``None`` when there is nothing to draw),
# draws into ``ax`` when given (an ``Axes``, or a sequence of them for the plots with several
# panels) and saves a PNG when given a ``path``. They never choose a backend: figures are made
# with ``matplotlib.figure.Figure``, not pyplot, so they work headless and show in notebooks.
# Only the command line selects Agg.


@frozen(slots=True, kw_only=True)
class TimeMarks:
    """What the time plots mark: levels, breaks, median bubble and final table, a target.

    Times are simulated seconds from the start. ``levels`` holds ``(start, number, blinds)``
    for every level that starts by the longest run's end; ``breaks`` the nominal break windows.
    """

    name: str | None = None
    levels: tuple[tuple[int, int, str], ...] = ()
    breaks: tuple[tuple[int, int], ...] = ()
    bubble: float | None = None
    final_table: float | None = None
    target: float | None = None


def hmm(seconds: float) -> str:
    """``1:05`` for 3,900 seconds (hours and minutes, as the time axes show them)."""
    minutes = int(round(seconds / 60))
    return f"{minutes // 60}:{minutes % 60:02d}"


def _blinds(level: Any) -> str:
    text = f"{level.small_blind}/{level.big_blind}"
    return text + (f" ante {level.ante}" if level.ante else "")


def level_schedule(
    scenario: Any, until: float
) -> tuple[list[tuple[int, int, Any]], list[tuple[int, int]]]:
    """Level starts ``(seconds, number, level)`` and break windows up to ``until`` seconds.

    The nominal schedule of the scenario's clock (``pokersim.clock``): level changes and
    breaks do not wait for hands, so they are the same in every run, up to a deal's
    negotiation (R-DEAL-2), which moves the later levels of its run.
    """
    from pokersim.clock import BreakSchedule, LevelClock  # noqa: PLC0415

    breaks = BreakSchedule.from_breaks(scenario.breaks, scenario.start_seconds)
    clock = LevelClock.make(scenario.levels, breaks)
    starts = []
    for k, level in enumerate(scenario.levels):
        t = clock.start_of(k)
        if t > until:
            break
        starts.append((t, k + 1, level))
    if len(starts) == len(scenario.levels):  # the last level repeats: number its repeats
        last_t, number, level = starts[-1]
        length = round(level.minutes * 60)
        play = breaks.play_seconds(last_t) + length
        while length > 0 and len(starts) < 500:
            t = breaks.time_of_play(play)
            if t > until:
                break
            number += 1
            starts.append((t, number, level))
            play += length
    windows = []
    if breaks.enabled:
        k = 0
        while True:
            start, end = breaks.window(k)
            if start > until:
                break
            windows.append((start, end))
            k += 1
    # A level whose play begins when a break begins is dealt when the break ends: after
    # ``until`` when the last run ended in that break, and then no run reached it.
    after_break = dict(windows)
    moved = [(after_break.get(t, t), n, lv) for t, n, lv in starts]
    return [s for s in moved if s[0] <= until], windows


def time_marks(
    runs: pd.DataFrame, scenario: Any = None, *, target_seconds: float | None = None
) -> TimeMarks:
    """The marks of a study's time plots: medians over the runs, the scenario's schedule."""
    end = float(runs["duration_seconds"].max()) if len(runs) else 0.0
    name = None
    if "scenario" in runs and runs["scenario"].notna().any():
        name = ", ".join(sorted(set(map(str, runs["scenario"].dropna()))))
    levels: tuple[tuple[int, int, str], ...] = ()
    breaks: tuple[tuple[int, int], ...] = ()
    if scenario is not None:
        name = scenario.name
        starts, windows = level_schedule(scenario, end)
        levels = tuple((t, n, _blinds(lv)) for t, n, lv in starts)
        breaks = tuple(windows)

    def median(column: str) -> float | None:
        values = runs[column].dropna() if column in runs else pd.Series(dtype=float)
        return float(values.median()) if len(values) else None

    return TimeMarks(
        name=name,
        levels=levels,
        breaks=breaks,
        bubble=median("bubble_seconds"),
        final_table=median("final_table_seconds"),
        target=target_seconds,
    )


def new_figure(
    ax: Any, panels: int = 1, *, figsize: tuple[float, float], **kwargs: Any
) -> tuple[Any, list[Any]]:
    """A new figure with ``panels`` axes, or the figure of the given ``ax`` (one or a list)."""
    if ax is not None:
        axes = list(ax) if isinstance(ax, Sequence | np.ndarray) else [ax]
        axes = list(np.ravel(np.asarray(axes, dtype=object)))
        if len(axes) < panels:
            raise ValueError(
                f"this plot draws {panels} panels: pass {panels} axes, got {len(axes)}"
            )
        return axes[0].figure, axes
    from matplotlib.figure import Figure  # noqa: PLC0415

    fig = Figure(figsize=figsize, layout="tight")
    grid = fig.subplots(**kwargs) if kwargs else fig.subplots()
    return fig, list(np.ravel(np.asarray(grid, dtype=object)))


def save_figure(fig: Any, path: str | os.PathLike[str] | None, axes: Sequence[Any] = ()) -> Any:
    """Write ``fig`` (when ``path``) and return it.

    The texts of ``axes`` (none given: the whole figure's) are shown as written (``plain_text``).
    """
    plain_text(axes or [fig])
    if path is not None:
        _write_png(fig, path)
    return fig


def _write_png(fig: Any, target: Any) -> None:
    """The report's PNG settings; texts as written, the tick labels a draw makes too."""
    from matplotlib import rc_context  # noqa: PLC0415

    with rc_context({"text.parse_math": False}):
        fig.savefig(target, format="png", dpi=100, metadata=_PNG_META)


def plain_text(owners: Sequence[Any]) -> None:
    """Every text of these figures or axes shown as written, never as mathtext.

    The texts are the data's (a scenario's name, a group's, a sweep's arm): "Flighted event: $50
    + $5" was drawn as "50+5" in math italics, the text between two dollar signs read as a
    formula.
    """
    from matplotlib.text import Text  # noqa: PLC0415

    for owner in owners:
        for text in owner.findobj(Text):
            text.set_parse_math(False)


def plain_log_ticks(axis: Any) -> None:
    r"""A log axis labelled with plain numbers ("0.2", "1", "10").

    matplotlib labels a log axis in mathtext (``$\mathdefault{10^{0}}$``), which the report,
    drawing every text as written (``plain_text``), showed raw. The same ticks are labelled,
    as ``%g`` numbers.
    """
    from matplotlib.ticker import LogFormatter  # noqa: PLC0415

    class PlainLog(LogFormatter):
        def __call__(self, x: float, pos: int | None = None) -> str:
            return f"{x:g}" if super().__call__(x, pos) else ""

    axis.set_major_formatter(PlainLog(labelOnlyBase=False))
    axis.set_minor_formatter(PlainLog(labelOnlyBase=False, minor_thresholds=(1, 0.4)))


def _time_bins(axis: Any, series: Sequence[pd.Series]) -> np.ndarray:
    """Histogram bins (seconds) over every series; an axis half an hour wide when they agree.

    Values alike to the minute (one run, or a sit-and-go's final table, 0 in every run) would
    make a histogram a second wide: no bar to see, no whole-minute tick. They get one bar two
    minutes wide, and the axis 15 minutes either side of it.
    """
    values = np.concatenate([s.to_numpy(dtype=float) for s in series if len(s)])
    low, high = float(values.min()), float(values.max())
    if high - low < 60:
        axis.set_xlim(low - 900, high + 900)
        return np.array([low - 60, high + 60])
    count = max(len(s) for s in series)
    return np.linspace(low, high, min(30, max(5, count // 5)) + 1)


def _hmm_axis(ax: Any, axis: str = "x") -> None:
    from matplotlib.ticker import FuncFormatter, MultipleLocator  # noqa: PLC0415

    target = ax.xaxis if axis == "x" else ax.yaxis
    low, high = ax.get_xlim() if axis == "x" else ax.get_ylim()
    span = max(high - low, 1.0)
    step = next(
        (s for s in (60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600) if span / s <= 8),
        43200 * math.ceil(span / 8 / 43200),  # half-days: about eight ticks however long
    )
    target.set_major_locator(MultipleLocator(step))
    target.set_major_formatter(FuncFormatter(lambda v, _pos: hmm(v) if v >= 0 else ""))


def _mark_time(ax: Any, marks: TimeMarks | None, *, labels: bool = True) -> None:
    """Shade breaks and draw the median bubble, final table and target on a time axis."""
    if marks is None:
        return
    for k, (start, end) in enumerate(marks.breaks):
        ax.axvspan(start, end, color="0.85", lw=0, label="break" if (labels and k == 0) else None)
    for value, text, style in (
        (marks.bubble, "median bubble", dict(color="tab:red", ls="--")),
        (marks.final_table, "median final table", dict(color="tab:green", ls="--")),
        (marks.target, "target", dict(color="black", ls=":")),
    ):
        if value is not None and value > 0:
            ax.axvline(value, lw=1.2, label=f"{text} {hmm(value)}" if labels else None, **style)


def _level_ticks(ax: Any, marks: TimeMarks | None) -> None:
    """Level numbers and blinds on a top axis (at most nine labelled), a thin line at each."""
    if marks is None or not marks.levels:
        return
    top = ax.secondary_xaxis("top")
    every = max(1, math.ceil(len(marks.levels) / 9))
    shown = marks.levels[::every]
    labels = [f"L{n}\n{b.split(' ante')[0]}" for _t, n, b in shown]
    top.set_xticks([t for t, _n, _b in shown], labels, fontsize=7)
    for t, _n, _b in marks.levels:
        ax.axvline(t, color="0.7", lw=0.5, zorder=0)


def _title(marks: TimeMarks | None, text: str) -> str:
    return f"{marks.name}: {text}" if marks is not None and marks.name else text


def plot_time_bands(
    timeline: pd.DataFrame,
    path: str | os.PathLike[str] | None = None,
    *,
    ax: Any = None,
    marks: TimeMarks | None = None,
) -> Any:
    """Players remaining and average stack in BB against time, median and 10-90% band.

    Two panels (``ax``: two axes). The time axis is h:mm from the start; with ``marks``, level
    ticks with their blinds on top, breaks shaded, the median bubble and final-table times
    (and a target duration) as vertical lines, and the scenario's name in the title.
    """
    if timeline.empty:
        return None
    fig, axes = new_figure(ax, 2, figsize=(9, 7.5), nrows=2, ncols=1, sharex=True)
    for k, (axis, column, label) in enumerate(
        (
            (axes[0], "players_left", "players remaining"),
            (axes[1], "avg_stack_bb", "average stack (big blinds)"),
        )
    ):
        bands = time_bands(timeline, column)
        seconds = bands["seconds"].to_numpy(dtype=float)
        _mark_time(axis, marks, labels=k == 0)
        axis.fill_between(seconds, bands["p10"], bands["p90"], alpha=0.3, label="10-90% of runs")
        axis.plot(seconds, bands["p50"], label="median")
        axis.set_ylabel(label)
        axis.grid(alpha=0.3)
        right = float(seconds.max()) if len(seconds) else 1.0
        if marks is not None and marks.target:
            right = max(right, 1.03 * marks.target)
        axis.set_xlim(0, max(right, 1.0))
        _hmm_axis(axis)
    _level_ticks(axes[0], marks)
    axes[0].legend(fontsize=8, loc="upper right")
    axes[1].set_xlabel("time since the start (h:mm)")
    axes[0].set_title(_title(marks, "field over time"))
    return save_figure(fig, path, axes[:2])


def plot_durations(
    runs: pd.DataFrame,
    path: str | os.PathLike[str] | None = None,
    *,
    ax: Any = None,
    marks: TimeMarks | None = None,
) -> Any:
    """Distributions of duration, bubble time and final-table time (h:mm), and the level reached.

    Six panels (``ax``: six axes). Each time histogram shows its median; the duration's also
    its 10th-90th percentile range and, with ``marks``, the target duration. The scenario's
    name titles the figure.
    """
    fig, axes = new_figure(ax, 6, figsize=(12, 7), nrows=2, ncols=3)
    cols = (
        ("duration_seconds", "level_at_end", "end"),
        ("bubble_seconds", "level_at_bubble", "bubble"),
        ("final_table_seconds", "level_at_final_table", "final table"),
    )
    for k, (time_col, level_col, name) in enumerate(cols):
        axis = axes[k]
        values = runs[time_col].dropna().astype(float)
        if len(values):
            axis.hist(values, bins=_time_bins(axis, [values]))
            median = float(values.median())
            axis.axvline(median, color="tab:red", ls="--", lw=1.2, label=f"median {hmm(median)}")
            if k == 0 and len(values) > 1:
                low, high = np.percentile(values, (10, 90))
                axis.axvspan(low, high, color="tab:red", alpha=0.08, label="p10-p90", zorder=0)
            if k == 0 and marks is not None and marks.target:
                axis.axvline(marks.target, color="black", ls=":", lw=1.2, label="target")
            axis.legend(fontsize=8)
            _hmm_axis(axis)
        axis.set_title(_title(marks, f"time to {name}") if k == 0 else f"time to {name}")
        axis.set_xlabel("h:mm")
        axis.set_ylabel("runs")
        axis = axes[3 + k]
        levels = runs[level_col].dropna().astype(int).value_counts().sort_index()
        axis.bar(levels.index.astype(str), levels.to_numpy())
        if len(levels) < 3:  # a bar or two, not the panel's width
            axis.set_xlim(-1.5, len(levels) + 0.5)
        axis.set_title(f"level at {name}")
        axis.set_xlabel("level")
        axis.set_ylabel("runs")
    return save_figure(fig, path, axes[:6])


def plot_roi_itm(
    stats: pd.DataFrame,
    path: str | os.PathLike[str] | None = None,
    *,
    ax: Any = None,
    title: str | None = None,
) -> Any:
    """ROI and ITM% by player group with 95% confidence intervals (two panels)."""
    if stats.empty:
        return None
    fig, axes = new_figure(ax, 2, figsize=(12, max(3, 0.5 * len(stats) + 2)), nrows=1, ncols=2)
    y = np.arange(len(stats))
    for axis, key, label in ((axes[0], "roi", "ROI (%)"), (axes[1], "itm", "in the money (%)")):
        value = 100 * stats[key].to_numpy(dtype=float)
        low = 100 * stats[f"{key}_low"].to_numpy(dtype=float)
        high = 100 * stats[f"{key}_high"].to_numpy(dtype=float)
        err = np.nan_to_num(np.vstack([value - low, high - value]))
        axis.errorbar(value, y, xerr=err, fmt="o", capsize=4)
        axis.set_yticks(y, stats["group"])
        axis.set_ylim(-0.6, len(stats) - 0.4)
        axis.set_xlabel(label + ", 95% CI")
        axis.grid(alpha=0.3)
    axes[0].axvline(0, color="grey", lw=1)
    if title:
        axes[0].set_title(title)
    return save_figure(fig, path, axes[:2])


def plot_places(
    finishes: pd.DataFrame,
    path: str | os.PathLike[str] | None = None,
    *,
    ax: Any = None,
    title: str | None = None,
) -> Any:
    """Finishing-place distribution by group: share of finishes in each tenth of the field."""
    if finishes.empty:
        return None
    df = with_groups(finishes)
    pct = (df["place"] - 1) / _entries_of(df, finishes)
    df["decile"] = np.minimum((pct * 10).astype(int), 9)
    fig, (axis, *_) = new_figure(ax, figsize=(8, 5))
    for group, part in df.groupby("group", sort=True):
        share = part["decile"].value_counts(normalize=True).reindex(range(10), fill_value=0)
        axis.plot(np.arange(10) * 10 + 5, 100 * share.to_numpy(), marker="o", label=group)
    axis.axhline(10, color="grey", lw=1, ls="--", label="no edge")
    axis.set_xlabel("finishing place, percentile of the field (0 = winner)")
    axis.set_ylabel("share of finishes (%)")
    axis.legend()
    axis.grid(alpha=0.3)
    if title:
        axis.set_title(title)
    return save_figure(fig, path, [axis])


def profit_downswings(finishes: pd.DataFrame, *, seed: int = 0) -> dict[str, Downswings]:
    """``downswings`` of each player group's profits, in buy-ins (group k uses ``seed + k``)."""
    if finishes.empty:
        return {}
    df = with_groups(finishes)
    unit = buyin_cents(finishes) or 1.0
    return {
        str(group): downswings(part["profit_cents"].to_numpy(dtype=float) / unit, seed=seed + k)
        for k, (group, part) in enumerate(df.groupby("group", sort=True))
    }


def plot_profit(
    finishes: pd.DataFrame,
    path: str | os.PathLike[str] | None = None,
    *,
    seed: int = 0,
    ax: Any = None,
    title: str | None = None,
) -> Any:
    """Profit distribution per group and sample paths of cumulative profit (two panels).

    The right panel is what variance calculators show: the median and 5-95% band of
    cumulative profit over many tournaments (``profit_downswings``), with a few sample paths.
    """
    if finishes.empty:
        return None
    df = with_groups(finishes)
    unit = buyin_cents(finishes) or 1.0
    swings = profit_downswings(finishes, seed=seed)
    fig, axes = new_figure(ax, 2, figsize=(13, 5), nrows=1, ncols=2)
    rng = np.random.default_rng(seed)
    for group, part in df.groupby("group", sort=True):
        profit = part["profit_cents"].to_numpy(dtype=float) / unit
        axes[0].hist(profit, bins=40, histtype="step", density=True, label=group)
        ds = swings[str(group)]
        x = ds.percentiles.index.to_numpy()
        (line,) = axes[1].plot(x, ds.percentiles["p50"], label=f"{group} median")
        color = line.get_color()
        axes[1].fill_between(
            x, ds.percentiles["p5"], ds.percentiles["p95"], alpha=0.15, color=color
        )
        for _ in range(3):
            path_values = np.cumsum(profit[rng.integers(0, profit.size, size=x.size)])
            axes[1].plot(x, path_values, color=color, lw=0.5, alpha=0.6)
    axes[0].set_yscale("log")
    plain_log_ticks(axes[0].yaxis)
    axes[0].set_xlabel("profit per tournament (buy-ins)")
    axes[0].set_ylabel("density")
    axes[0].legend()
    axes[1].axhline(0, color="grey", lw=1)
    axes[1].set_xlabel("tournaments played")
    axes[1].set_ylabel("cumulative profit (buy-ins): median, 5-95% band, sample paths")
    axes[1].legend(fontsize=8)
    for axis in axes[:2]:
        axis.grid(alpha=0.3)
    if title:
        axes[0].set_title(title)
    return save_figure(fig, path, axes[:2])


def plot_icm(
    icm: pd.DataFrame,
    path: str | os.PathLike[str] | None = None,
    *,
    ax: Any = None,
    title: str | None = None,
) -> Any:
    """Simulated share of the final table's prize money against ICM equity, binned by ICM."""
    if icm.empty:
        return None
    fig, (axis, *_) = new_figure(ax, figsize=(6, 5.5))
    edges = np.linspace(0, float(icm["icm_share"].max()) + 1e-9, 11)
    bins = np.digitize(icm["icm_share"], edges[1:-1])
    x, y, err = [], [], []
    for b in range(len(edges) - 1):
        sel = icm[bins == b]
        if len(sel) < 2:
            continue
        est = mean_ci(list(sel["prize_share"]))
        x.append(100 * float(sel["icm_share"].mean()))
        y.append(100 * est.value)
        err.append(100 * (est.high - est.value))
    axis.errorbar(x, y, yerr=err, fmt="o", capsize=4, label="simulated, 95% CI")
    top = max(x + y) * 1.1 if x else 1
    axis.plot([0, top], [0, top], color="grey", lw=1, label="ICM")
    axis.set_xlabel("ICM equity at the final table (% of its prize money)")
    axis.set_ylabel("prize won (% of the final table's prize money)")
    axis.legend()
    axis.grid(alpha=0.3)
    if title:
        axis.set_title(title)
    return save_figure(fig, path, [axis])


def plot_bounty_share(
    finishes: pd.DataFrame,
    path: str | os.PathLike[str] | None = None,
    *,
    ax: Any = None,
    title: str | None = None,
) -> Any:
    """Share of winnings from bounties, by group and by finishing place (bounty formats only)."""
    if finishes["bounty_cents"].fillna(0).sum() <= 0:
        return None
    df = with_groups(finishes)
    df["won"] = df["prize_cents"] + df["bounty_cents"].fillna(0)
    fig, axes = new_figure(ax, 2, figsize=(12, 4.5), nrows=1, ncols=2)
    by_group = df.groupby("group", sort=True)[["bounty_cents", "won"]].sum()
    axes[0].barh(by_group.index, 100 * by_group["bounty_cents"] / by_group["won"])
    axes[0].set_xlabel("bounties, % of winnings")
    places = df[df["place"] <= 20].groupby("place")[["bounty_cents", "won"]].sum()
    share = 100 * places["bounty_cents"] / places["won"].replace(0, np.nan)
    axes[1].bar(places.index, share)
    from matplotlib.ticker import MaxNLocator  # noqa: PLC0415

    axes[1].xaxis.set_major_locator(MaxNLocator(integer=True))  # places: 1, 2, ..., not 2.5
    axes[1].set_xlabel("finishing place")
    axes[1].set_ylabel("bounties, % of winnings")
    for axis in axes[:2]:
        axis.grid(alpha=0.3)
    if title:
        axes[0].set_title(title)
    return save_figure(fig, path, axes[:2])


def plot_compare_durations(
    a: pd.DataFrame,
    b: pd.DataFrame,
    labels: tuple[str, str],
    path: str | os.PathLike[str] | None = None,
    *,
    ax: Any = None,
) -> Any:
    """Duration, bubble-time and final-table-time distributions of two studies, overlaid (h:mm)."""
    fig, axes = new_figure(ax, 3, figsize=(13, 4), nrows=1, ncols=3)
    for axis, (column, name, _scale) in zip(axes, RUN_MEASURES[:3]):
        series = [runs[column].dropna().astype(float) for runs in (a, b)]
        if any(len(values) for values in series):
            bins = _time_bins(axis, series)  # the same bins for both: bars side by side
            for values, label in zip(series, labels):
                if len(values):
                    axis.hist(values, bins=bins, alpha=0.5, label=label)
        axis.set_xlabel(name.replace("(min)", "(h:mm)"))
        axis.set_ylabel("runs")
        axis.legend()
        _hmm_axis(axis)
    return save_figure(fig, path, axes[:3])


# --- structure sheet and HTML ------------------------------------------------------------------


def study_scenario(folder: str | os.PathLike[str]) -> Any:
    """The scenario a study folder was run from (its ``study.json``), or ``None``.

    ``None`` when the study used another runner or the file is gone or no longer loads: the
    report then leaves out what needs the scenario (structure sheet, level ticks, breaks).
    """
    import json  # noqa: PLC0415

    from pokersim.study import DEFAULT_RUNNER, MANIFEST  # noqa: PLC0415

    try:
        manifest = json.loads((Path(folder) / MANIFEST).read_text(encoding="utf-8"))
        if manifest.get("runner", DEFAULT_RUNNER) != DEFAULT_RUNNER:
            return None
        from pokersim.scenario import load_scenario  # noqa: PLC0415

        return load_scenario(manifest["scenario"])
    except Exception:  # noqa: BLE001 - any failure just means "no scenario to show"
        return None


def structure_sheet(timeline: pd.DataFrame, runs: pd.DataFrame, scenario: Any) -> pd.DataFrame:
    """One row per level that started in some run: what a designer reads off the clock.

    Columns: ``level``, ``clock`` (time of day it starts), ``elapsed`` (h:mm from the start),
    ``blinds``, ``ante``, ``players_median`` (players left when it starts, median over the
    runs still going), ``avg_bb_p10``/``p50``/``p90`` (average stack in big blinds then),
    ``running`` (share of runs still going). Times follow the nominal schedule (breaks
    included); the players and stacks are the study's timeline samples at or just before it.
    """
    from pokersim.clock import format_clock  # noqa: PLC0415

    end = float(runs["duration_seconds"].max()) if len(runs) else 0.0
    starts, _breaks = level_schedule(scenario, end)
    durations = runs.set_index("run")["duration_seconds"].astype(float)
    if timeline.empty:
        players = stacks = pd.DataFrame()
    else:
        players = timeline.pivot(index="seconds", columns="run", values="players_left").sort_index()
        stacks = timeline.pivot(index="seconds", columns="run", values="avg_stack_bb").sort_index()
    rows = []
    for t, number, level in starts:
        going = durations[durations >= t].index
        row: dict[str, Any] = {
            "level": number,
            "clock": format_clock(scenario.start_seconds + t)[:5],
            "elapsed": hmm(t),
            "blinds": f"{level.small_blind}/{level.big_blind}",
            "ante": int(level.ante),
            "players_median": math.nan,
            "avg_bb_p10": math.nan,
            "avg_bb_p50": math.nan,
            "avg_bb_p90": math.nan,
            "running": float(len(going)) / max(1, len(durations)),
        }
        if len(players) and len(going):
            k = max(0, int(players.index.searchsorted(t, side="right")) - 1)
            cols = [c for c in going if c in players.columns]
            p = players.iloc[k][cols].dropna().astype(float)
            s = stacks.iloc[k][cols].dropna().astype(float)
            if len(p):
                row["players_median"] = float(p.median())
            if len(s):
                row["avg_bb_p10"], row["avg_bb_p50"], row["avg_bb_p90"] = (
                    float(v) for v in np.percentile(s, BAND)
                )
        rows.append(row)
    return pd.DataFrame(rows)


def _structure_md(sheet: pd.DataFrame) -> str:
    return md_table(
        [
            "level",
            "clock",
            "elapsed",
            "blinds",
            "ante",
            "players left (median)",
            "avg stack BB p10",
            "p50",
            "p90",
            "runs going",
        ],
        [
            [
                str(r.level),
                r.clock,
                r.elapsed,
                r.blinds,
                str(r.ante) if r.ante else "–",
                fmt_value(r.players_median, 0),
                fmt_value(r.avg_bb_p10),
                fmt_value(r.avg_bb_p50),
                fmt_value(r.avg_bb_p90),
                f"{100 * r.running:.0f}%",
            ]
            for r in sheet.itertuples()
        ],
    )


_CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 2rem auto;
  max-width: 1100px; padding: 0 1rem; color: #222; line-height: 1.45; }
h1 { font-size: 1.6rem; border-bottom: 2px solid #ddd; padding-bottom: .3rem; }
h2 { font-size: 1.25rem; margin-top: 2rem; }
table { border-collapse: collapse; margin: .8rem 0; font-size: .85rem; }
th, td { border: 1px solid #ccc; padding: .25rem .5rem; text-align: right; }
th { background: #f3f3f3; } td:first-child, th:first-child { text-align: left; }
tbody tr:nth-child(even) { background: #fafafa; }
figure { margin: 1rem 0; } img { max-width: 100%; height: auto; border: 1px solid #eee; }
figcaption { font-size: .8rem; color: #666; }
code { background: #f3f3f3; padding: 0 .2rem; }
"""

_IMAGE = re.compile(r"^!\[(?P<alt>[^\]]*)\]\((?P<src>[^)]+)\)$")
_CODE = re.compile(r"`([^`]+)`")


def _inline(text: str) -> str:
    return _CODE.sub(lambda m: f"<code>{m.group(1)}</code>", html.escape(text, quote=False))


def figure_png(fig: Any) -> bytes:
    """A figure as PNG bytes (the same settings as the report's files)."""
    import io  # noqa: PLC0415

    buffer = io.BytesIO()
    _write_png(fig, buffer)
    return buffer.getvalue()


def markdown_to_html(
    markdown: str,
    base: str | os.PathLike[str],
    *,
    title: str,
    images: Mapping[str, bytes] | None = None,
) -> str:
    """A self-contained HTML page of one of our Markdown reports.

    Understands what the reports write: ``#``/``##`` headings, tables, image lines (the PNG
    is read from ``base``, or taken from ``images`` by name, and embedded as base64, so the
    page needs no other file) and
    paragraphs with ``code``. No scripts, no external resources: it opens offline anywhere.
    """
    folder = Path(base)
    out = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{html.escape(title)}</title>",
        f"<style>{_CSS}</style>",
        "</head>",
        "<body>",
    ]
    paragraph: list[str] = []
    table: list[str] = []

    def flush() -> None:
        if paragraph:
            out.append("<p>" + " ".join(_inline(x) for x in paragraph) + "</p>")
            paragraph.clear()
        if table:
            rows = [[c.strip() for c in x.strip().strip("|").split("|")] for x in table]
            body = [r for r in rows[1:] if not all(set(c) <= set("-: ") for c in r)]
            out.append("<table>")
            out.append(
                "<thead><tr>" + "".join(f"<th>{_inline(c)}</th>" for c in rows[0]) + "</tr></thead>"
            )
            out.append("<tbody>")
            out.extend(
                "<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in r) + "</tr>" for r in body
            )
            out.append("</tbody></table>")
            table.clear()

    for line in markdown.splitlines():
        stripped = line.strip()
        if stripped.startswith("|"):
            if paragraph:
                flush()
            table.append(stripped)
            continue
        if table:
            flush()
        if not stripped:
            flush()
        elif stripped.startswith("## "):
            flush()
            out.append(f"<h2>{_inline(stripped[3:])}</h2>")
        elif stripped.startswith("# "):
            flush()
            out.append(f"<h1>{_inline(stripped[2:])}</h1>")
        elif m := _IMAGE.match(stripped):
            flush()
            raw = images[m["src"]] if images and m["src"] in images else None
            if raw is None:
                raw = (folder / m["src"]).read_bytes()
            data = base64.b64encode(raw).decode("ascii")
            alt = html.escape(m["alt"])
            out.append(
                f'<figure><img src="data:image/png;base64,{data}" alt="{alt}">'
                f"<figcaption>{alt}</figcaption></figure>"
            )
        else:
            paragraph.append(stripped)
    flush()
    out += ["</body>", "</html>", ""]
    return "\n".join(out)


def write_html(markdown_path: str | os.PathLike[str], *, title: str) -> Path:
    """Write ``<name>.html`` beside a Markdown report (images embedded); return its path."""
    source = Path(markdown_path)
    target = source.with_suffix(".html")
    text = markdown_to_html(source.read_text(encoding="utf-8"), source.parent, title=title)
    target.write_text(text, encoding="utf-8")
    return target


# --- the report --------------------------------------------------------------------------------


def _span(low: float, high: float) -> str:
    """A confidence interval as ``low – high`` (two decimals)."""
    return f"{fmt_value(low, 2)} – {fmt_value(high, 2)}"


def fmt_value(value: Any, digits: int = 1) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    if isinstance(value, int | np.integer):
        return str(int(value))
    return f"{float(value):.{digits}f}"


def md_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def write_report(
    folder: str | os.PathLike[str] | StudyResult,
    *,
    seed: int = 0,
    scenario: Any = None,
    target_seconds: float | None = None,
    heading: str = "Study report",
    executor: Executor | None = None,
) -> Path:
    """Write the plots into ``DIR/plots/``, ``DIR/report.md`` and ``DIR/report.html``.

    ``report.html`` is the same report as one self-contained page (plots embedded), to read
    offline or forward. ``scenario`` (default: the one in ``study.json``, when it still
    loads) adds the structure sheet and the level ticks and breaks of the time plots;
    ``target_seconds`` marks a target duration. With ``executor`` (say, the study's worker
    processes) the plots are drawn there, all at once, while this process writes the text.
    Returns the Markdown report's path.
    """
    result = folder if isinstance(folder, StudyResult) else load_study(folder, REPORT_COLUMNS)
    out = Path(result.path)
    plots = out / PLOTS
    plots.mkdir(exist_ok=True)
    runs, finishes, timeline = result.runs, result.finishes, result.timeline
    if scenario is None:
        scenario = study_scenario(out)
    marks = time_marks(runs, scenario, target_seconds=target_seconds)
    stats = group_stats(finishes) if len(finishes) else pd.DataFrame()
    name = marks.name or "?"
    draw = _Plots(executor)
    drawn, icm = _ask_plots(draw, result, plots, marks, stats, seed)
    md = [
        f"# {heading}: {name}",
        "",
        (
            f"One run (seed {int(runs['seed'].iloc[0])}), {len(finishes)} players: with a single "
            "run there are no confidence intervals (a study of many runs gives them)."
            if len(runs) == 1
            else f"{len(runs)} runs, {len(finishes)} finishes. Intervals are 95% confidence "
            "intervals with runs as the independent units."
        ),
        "",
        "## Runs",
        "",
    ]
    summary = run_summary(runs)
    md.append(
        md_table(
            ["measure", "runs", "mean", "95% CI", "p10", "median", "p90"],
            [
                [
                    r.measure,
                    str(r.runs),
                    fmt_value(r.mean),
                    f"{fmt_value(r.ci_low)} – {fmt_value(r.ci_high)}",
                    fmt_value(r.p10),
                    fmt_value(r.median),
                    fmt_value(r.p90),
                ]
                for r in summary.itertuples()
            ],
        )
    )
    md.append("")
    if target_seconds and len(runs):
        durations = runs["duration_seconds"].dropna().astype(float)
        p10, p50, p90 = (float(v) for v in np.percentile(durations, (10, 50, 90)))
        md += [
            f"Target duration {hmm(target_seconds)}: the median run lasts {hmm(p50)} "
            f"({(p50 - target_seconds) / target_seconds:+.1%}), 10th-90th percentile "
            f"{hmm(p10)} – {hmm(p90)}; {100 * float((durations <= target_seconds).mean()):.0f}% "
            "of the runs end within it.",
            "",
        ]
    if scenario is not None and len(runs):
        md += _structure_section(scenario, timeline, runs)
    if drawn["field_over_time"]():
        md += ["![players remaining and average stack](plots/field_over_time.png)", ""]
    md += ["![durations and levels](plots/durations.png)", ""]
    if not stats.empty:
        md += ["## Results by player group", ""]
        md.append(
            md_table(
                [
                    "group",
                    "finishes",
                    "ROI %",
                    "ROI 95% CI",
                    "ITM %",
                    "ITM 95% CI",
                    "mean profit",
                    "sd profit",
                ],
                [
                    [
                        str(r.group),
                        str(r.finishes),
                        fmt_value(100 * r.roi),
                        f"{fmt_value(100 * r.roi_low)} – {fmt_value(100 * r.roi_high)}",
                        fmt_value(100 * r.itm),
                        f"{fmt_value(100 * r.itm_low)} – {fmt_value(100 * r.itm_high)}",
                        fmt_value(r.mean_profit_cents / 100, 2),
                        fmt_value(r.sd_profit_cents / 100, 2),
                    ]
                    for r in stats.itertuples()
                ],
            )
        )
        md += ["", "Profits are in currency units (cents / 100).", ""]
        md += [
            "![ROI and ITM](plots/roi_itm.png)",
            "",
            "![places](plots/places.png)",
            "",
            *_series_md(finishes),  # a linked series: its target (nothing otherwise)
        ]
        swings = profit_downswings(finishes, seed=seed)
        md += ["## Variance", "", "![profit](plots/profit.png)", ""]
        md.append(
            f"Downswings over {next(iter(swings.values())).tournaments} tournaments "
            "(resampled from the study's profits; one buy-in = "
            f"{fmt_value(buyin_cents(finishes) / 100, 2)}):"
        )
        md.append("")
        md.append(
            md_table(
                ["group", "EV (buy-ins)"]
                + [f"P(downswing ≥ {x} BI)" for x in DOWNSWING_BUYINS]
                + ["P(loss)"],
                [
                    [g, fmt_value(d.expected, 3)]
                    + [f"{100 * d.risk[x]:.1f}%" for x in DOWNSWING_BUYINS]
                    + [f"{100 * d.loss_probability:.1f}%"]
                    for g, d in swings.items()
                ],
            )
        )
        md.append("")
        if drawn["icm"]() and icm is not None:
            md += [
                "## Final table: simulated equity against ICM",
                "",
                f"{icm['run'].nunique()} final tables; each player's Malmuth-Harville (ICM) "
                "equity from the stacks at the first final-table hand, against the prize they "
                "went on to win (bounties left out).",
                "",
                "![ICM](plots/icm.png)",
                "",
                md_table(
                    [
                        "group",
                        "final-table appearances",
                        "mean ICM equity",
                        "mean prize won",
                        "won - ICM",
                        "95% CI",
                    ],
                    [
                        [
                            str(r.group),
                            str(r.appearances),
                            fmt_value(r.icm_cents / 100, 2),
                            fmt_value(r.prize_cents / 100, 2),
                            fmt_value(r.edge_cents / 100, 2),
                            f"{fmt_value(r.edge_low / 100, 2)} – {fmt_value(r.edge_high / 100, 2)}",
                        ]
                        for r in icm_by_group(icm).itertuples()
                    ],
                ),
                "",
            ]
        if drawn["bounty_share"]():
            md += ["## Bounties", "", "![bounty share](plots/bounty_share.png)", ""]
            md.append(
                md_table(
                    ["group", "bounties, % of winnings"],
                    [[str(r.group), fmt_value(100 * r.bounty_share)] for r in stats.itertuples()],
                )
            )
            md.append("")
    draw.wait()
    path = out / REPORT
    path.write_text("\n".join(md), encoding="utf-8")
    write_html(path, title=f"{heading}: {name}")
    return path


def _structure_section(scenario: Any, timeline: pd.DataFrame, runs: pd.DataFrame) -> list[str]:
    """The report's structure sheet, with what a format's own clock changes in reading it."""
    if scenario.flights.enabled:
        return [
            "## Structure sheet",
            "",
            "A multi-day event (F-FLIGHT-1..4): each day-1 flight and day 2 run on a clock of "
            "their own, day 2 from the level after the highest any flight reached, so no one "
            "sheet follows its levels (each run's days: `event.json` of `pokersim run --out`). "
            "Durations and hands are every day's added up; the bubble and the final table are "
            "day 2's, timed from its start.",
            "",
        ]
    md = [
        "## Structure sheet",
        "",
        "Each level as the clock runs (breaks included): when it starts, its blinds, and how "
        "the field looks then over the runs still going.",
        "",
        _structure_md(structure_sheet(timeline, runs, scenario)),
        "",
    ]
    if scenario.shootout.enabled and not scenario.shootout.keep_chips:
        md += [
            "A shoot-out starts each round after the first again at level 1 with the round's "
            "stack (R-SHOOT-1): the rows follow the first round's clock, and once a run's next "
            "round has begun its stacks are counted in that round's blinds, not the row's; each "
            "run's levels are in its `LevelStarted` events.",
            "",
        ]
    return md


def _ask_plots(
    draw: _Plots,
    result: StudyResult,
    plots: Path,
    marks: TimeMarks,
    stats: pd.DataFrame,
    seed: int,
) -> tuple[dict[str, Callable[[], bool]], pd.DataFrame | None]:
    """Every plot of the report asked for at once, the longest first.

    With an executor they are drawn while the text is written. Returns, by file name, whether
    each was drawn, and the final tables' ICM table (``icm_at_final_table``, with groups).
    """
    name = marks.name or "?"
    runs, finishes = result.runs, result.finishes
    drawn: dict[str, Callable[[], bool]] = {
        "field_over_time": draw(
            plot_time_bands, result.timeline, plots / "field_over_time.png", marks=marks
        ),
        "durations": draw(plot_durations, runs, plots / "durations.png", marks=marks),
    }
    if stats.empty:
        return drawn, None
    drawn["profit"] = draw(
        plot_profit, finishes, plots / "profit.png", seed=seed, title=f"{name}: profit"
    )
    drawn["roi_itm"] = draw(
        plot_roi_itm, stats, plots / "roi_itm.png", title=f"{name}: ROI and ITM by group"
    )
    drawn["places"] = draw(
        plot_places, finishes, plots / "places.png", title=f"{name}: finishing places"
    )
    drawn["bounty_share"] = draw(
        plot_bounty_share, finishes, plots / "bounty_share.png", title=name
    )
    icm = icm_at_final_table(finishes)
    drawn["icm"] = draw(plot_icm, icm, plots / "icm.png", title=f"{name}: final table against ICM")
    return drawn, icm


class _Plots:
    """Draws plots here, or hands them to ``executor`` and answers once they are done.

    Calling it with a plot function and its arguments returns a function that tells whether
    the plot was drawn (the plot functions return ``None`` when there is nothing to draw).
    """

    def __init__(self, executor: Executor | None) -> None:
        self.executor = executor
        self.pending: list[Future[bool]] = []

    def __call__(self, plot: Callable[..., Any], *args: Any, **kwargs: Any) -> Callable[[], bool]:
        if self.executor is None:
            drawn = _drawn(plot, args, kwargs)
            return lambda: drawn
        future = self.executor.submit(_drawn, plot, args, kwargs)
        self.pending.append(future)
        return future.result

    def wait(self) -> None:
        """Every plot asked for is on disk (an error in one is raised here)."""
        for future in self.pending:
            future.result()


def _drawn(plot: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> bool:
    """Draw one plot (in whichever process); whether there was anything to draw."""
    return plot(*args, **kwargs) is not None


def write_comparison(
    a: StudyResult, b: StudyResult, out: str | os.PathLike[str], *, labels: tuple[str, str]
) -> Path:
    """Write ``OUT/compare.md`` and ``OUT/compare.html`` (paired differences) and its plot."""
    folder = Path(out)
    (folder / PLOTS).mkdir(parents=True, exist_ok=True)
    runs = compare_runs(a.runs, b.runs)
    groups = compare_groups(a.finishes, b.finishes)
    la, lb = labels
    md = [
        f"# Comparison: A = {la}, B = {lb}",
        "",
        f"{len(set(a.runs['run']) & set(b.runs['run']))} paired runs with the same seeds "
        "(common random numbers: same players, same decks by table and hand). "
        "Differences are B - A with 95% confidence intervals over the paired runs.",
        "",
        "## Runs",
        "",
        md_table(
            ["measure", "pairs", "A", "B", "B - A", "95% CI"],
            [
                [
                    r.measure,
                    str(r.pairs),
                    fmt_value(r.mean_a),
                    fmt_value(r.mean_b),
                    fmt_value(r.diff, 2),
                    f"{fmt_value(r.diff_low, 2)} – {fmt_value(r.diff_high, 2)}",
                ]
                for r in runs.itertuples()
            ],
        ),
        "",
    ]
    plot_compare_durations(a.runs, b.runs, labels, folder / PLOTS / "compare_durations.png")
    md += ["![durations](plots/compare_durations.png)", ""]
    if not groups.empty:
        md += [
            "## Player groups",
            "",
            md_table(
                [
                    "group",
                    "ROI A %",
                    "ROI B %",
                    "B - A (pts)",
                    "95% CI",
                    "ITM A %",
                    "ITM B %",
                    "B - A (pts)",
                    "95% CI",
                ],
                [
                    [
                        str(r.group),
                        fmt_value(100 * r.roi_a),
                        fmt_value(100 * r.roi_b),
                        fmt_value(100 * r.roi_diff, 2),
                        _span(100 * r.roi_diff_low, 100 * r.roi_diff_high),
                        fmt_value(100 * r.itm_a),
                        fmt_value(100 * r.itm_b),
                        fmt_value(100 * r.itm_diff, 2),
                        _span(100 * r.itm_diff_low, 100 * r.itm_diff_high),
                    ]
                    for r in groups.itertuples()
                ],
            ),
            "",
        ]
        if profit_column(a.finishes) == profit_column(b.finishes) == "series_profit_cents":
            md += [SERIES_ROI_NOTE, ""]
    path = folder / "compare.md"
    path.write_text("\n".join(md), encoding="utf-8")
    write_html(path, title=f"Comparison: {la} and {lb}")
    return path


def write_design_html(
    path: str | os.PathLike[str],
    scenario: Any,
    runs: pd.DataFrame,
    timeline: pd.DataFrame,
    *,
    figures: str,
    target_seconds: float | None = None,
) -> Path:
    """The figures of ``pokersim design`` (or ``--check``) as one self-contained HTML page.

    ``figures`` is the text the command prints (``pokersim.design.format_report``); the page
    adds the structure sheet and the annotated time plots (target duration marked).
    """
    target = Path(path)
    marks = time_marks(runs, scenario, target_seconds=target_seconds)
    name = marks.name or "?"
    md = [
        f"# Design check: {name}",
        "",
        f"{len(runs)} simulated runs of the scenario.",
        "",
        "## Figures",
        "",
    ]
    for line in figures.splitlines():
        md += [line, ""]
    if len(runs):
        md += [
            "## Structure sheet",
            "",
            _structure_md(structure_sheet(timeline, runs, scenario)),
            "",
        ]
    images: dict[str, bytes] = {}
    bands = plot_time_bands(timeline, marks=marks)
    if bands is not None:
        images["field_over_time.png"] = figure_png(bands)
        md += ["![players remaining and average stack](field_over_time.png)", ""]
    images["durations.png"] = figure_png(plot_durations(runs, marks=marks))
    md += ["![durations and levels](durations.png)", ""]
    page = markdown_to_html(
        "\n".join(md), target.parent, title=f"Design check: {name}", images=images
    )
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(page, encoding="utf-8")
    return target
