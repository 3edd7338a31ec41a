"""Plots and summary tables of a study: PNG files (matplotlib, Agg) and a ``report.md``.

Everything here is a pure function of the study's Parquet files, so a report can be rebuilt at
any time with ``pokersim report DIR``. Confidence intervals treat runs as the independent units
(the players of one run share one prize pool); see ``pokersim.study.ratio_ci``.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from pokersim.study import StudyResult, load_study, mean_ci, paired_ratio_diff, ratio_ci

PLOTS = "plots"
REPORT = "report.md"
BAND = (10, 50, 90)
DOWNSWING_BUYINS = (10, 20, 50, 100)
_PNG_META = {"Software": None}  # no library version in the files: same data, same bytes


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


@dataclass(frozen=True, slots=True, kw_only=True)
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
    """ROI and ITM% per player group in two studies, and the paired difference B-A with CIs."""
    fa, fb = with_groups(a), with_groups(b)
    runs = sorted(set(fa["run"]) & set(fb["run"]))
    rows = []
    for group in sorted(set(fa["group"]) & set(fb["group"])):
        sums = []
        for f in (fa, fb):
            part = f[(f["group"] == group) & f["run"].isin(runs)]
            per_run = part.groupby("run").agg(
                profit=("profit_cents", "sum"),
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


def _pyplot() -> Any:
    import matplotlib  # noqa: PLC0415

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt  # noqa: PLC0415

    return plt


def _save(fig: Any, path: Path) -> None:
    fig.savefig(path, dpi=100, metadata=_PNG_META)
    _pyplot().close(fig)


def plot_time_bands(timeline: pd.DataFrame, path: Path) -> bool:
    """Players remaining and average stack in BB against clock time, median and 10-90% band."""
    if timeline.empty:
        return False
    plt = _pyplot()
    fig, axes = plt.subplots(2, 1, figsize=(8, 7), sharex=True)
    for ax, column, label in (
        (axes[0], "players_left", "players remaining"),
        (axes[1], "avg_stack_bb", "average stack (big blinds)"),
    ):
        bands = time_bands(timeline, column)
        minutes = bands["seconds"] / 60
        ax.fill_between(minutes, bands["p10"], bands["p90"], alpha=0.3, label="10-90%")
        ax.plot(minutes, bands["p50"], label="median")
        ax.set_ylabel(label)
        ax.grid(alpha=0.3)
        ax.legend()
    axes[1].set_xlabel("clock time since start (minutes)")
    fig.suptitle("Field over time")
    fig.tight_layout()
    _save(fig, path)
    return True


def plot_durations(runs: pd.DataFrame, path: Path) -> bool:
    """Distributions of duration, bubble time and final-table time, and the level reached."""
    plt = _pyplot()
    fig, axes = plt.subplots(2, 3, figsize=(12, 7))
    cols = (
        ("duration_seconds", "level_at_end", "end"),
        ("bubble_seconds", "level_at_bubble", "bubble"),
        ("final_table_seconds", "level_at_final_table", "final table"),
    )
    for k, (time_col, level_col, name) in enumerate(cols):
        ax = axes[0, k]
        values = runs[time_col].dropna() / 60
        if len(values):
            ax.hist(values, bins=min(30, max(5, len(values) // 5)))
        ax.set_title(f"time to {name}")
        ax.set_xlabel("minutes")
        ax.set_ylabel("runs")
        ax = axes[1, k]
        levels = runs[level_col].dropna().astype(int).value_counts().sort_index()
        ax.bar(levels.index.astype(str), levels.to_numpy())
        ax.set_title(f"level at {name}")
        ax.set_xlabel("level")
        ax.set_ylabel("runs")
    fig.tight_layout()
    _save(fig, path)
    return True


def plot_roi_itm(stats: pd.DataFrame, path: Path) -> bool:
    """ROI and ITM% by player group with 95% confidence intervals."""
    if stats.empty:
        return False
    plt = _pyplot()
    fig, axes = plt.subplots(1, 2, figsize=(12, max(3, 0.5 * len(stats) + 2)))
    y = np.arange(len(stats))
    for ax, key, label in ((axes[0], "roi", "ROI (%)"), (axes[1], "itm", "in the money (%)")):
        value = 100 * stats[key].to_numpy(dtype=float)
        low = 100 * stats[f"{key}_low"].to_numpy(dtype=float)
        high = 100 * stats[f"{key}_high"].to_numpy(dtype=float)
        err = np.nan_to_num(np.vstack([value - low, high - value]))
        ax.errorbar(value, y, xerr=err, fmt="o", capsize=4)
        ax.set_yticks(y, stats["group"])
        ax.set_ylim(-0.6, len(stats) - 0.4)
        ax.set_ylim(-0.6, len(stats) - 0.4)
        ax.set_xlabel(label + ", 95% CI")
        ax.grid(alpha=0.3)
    axes[0].axvline(0, color="grey", lw=1)
    fig.tight_layout()
    _save(fig, path)
    return True


def plot_places(finishes: pd.DataFrame, path: Path) -> bool:
    """Finishing-place distribution by group: share of finishes in each tenth of the field."""
    if finishes.empty:
        return False
    df = with_groups(finishes)
    pct = (df["place"] - 1) / _entries_of(df, finishes)
    df["decile"] = np.minimum((pct * 10).astype(int), 9)
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(8, 5))
    for group, part in df.groupby("group", sort=True):
        share = part["decile"].value_counts(normalize=True).reindex(range(10), fill_value=0)
        ax.plot(np.arange(10) * 10 + 5, 100 * share.to_numpy(), marker="o", label=group)
    ax.axhline(10, color="grey", lw=1, ls="--", label="no edge")
    ax.set_xlabel("finishing place, percentile of the field (0 = winner)")
    ax.set_ylabel("share of finishes (%)")
    ax.legend()
    ax.grid(alpha=0.3)
    fig.tight_layout()
    _save(fig, path)
    return True


def plot_profit(finishes: pd.DataFrame, path: Path, *, seed: int = 0) -> dict[str, Downswings]:
    """Profit distribution per group and PrimeDope-style downswing bands over many tournaments."""
    if finishes.empty:
        return {}
    df = with_groups(finishes)
    unit = buyin_cents(finishes) or 1.0
    plt = _pyplot()
    fig, axes = plt.subplots(1, 2, figsize=(13, 5))
    result = {}
    for k, (group, part) in enumerate(df.groupby("group", sort=True)):
        profit = part["profit_cents"].to_numpy(dtype=float) / unit
        axes[0].hist(profit, bins=40, histtype="step", density=True, label=group)
        ds = downswings(profit, seed=seed + k)
        result[str(group)] = ds
        x = ds.percentiles.index.to_numpy()
        (line,) = axes[1].plot(x, ds.percentiles["p50"], label=f"{group} median")
        axes[1].fill_between(
            x, ds.percentiles["p5"], ds.percentiles["p95"], alpha=0.15, color=line.get_color()
        )
    axes[0].set_yscale("log")
    axes[0].set_xlabel("profit per tournament (buy-ins)")
    axes[0].set_ylabel("density")
    axes[0].legend()
    axes[1].axhline(0, color="grey", lw=1)
    axes[1].set_xlabel("tournaments played")
    axes[1].set_ylabel("cumulative profit (buy-ins), 5-95% band")
    axes[1].legend()
    for ax in axes:
        ax.grid(alpha=0.3)
    fig.tight_layout()
    _save(fig, path)
    return result


def plot_icm(icm: pd.DataFrame, path: Path) -> bool:
    """Simulated share of the final table's prize money against ICM equity, binned by ICM."""
    if icm.empty:
        return False
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6, 5.5))
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
    ax.errorbar(x, y, yerr=err, fmt="o", capsize=4, label="simulated, 95% CI")
    top = max(x + y) * 1.1 if x else 1
    ax.plot([0, top], [0, top], color="grey", lw=1, label="ICM")
    ax.set_xlabel("ICM equity at the final table (% of its prize money)")
    ax.set_ylabel("prize won (% of the final table's prize money)")
    ax.legend()
    ax.grid(alpha=0.3)
    fig.tight_layout()
    _save(fig, path)
    return True


def plot_bounty_share(finishes: pd.DataFrame, path: Path) -> bool:
    """Share of winnings from bounties, by group and by finishing place (bounty formats only)."""
    if finishes["bounty_cents"].fillna(0).sum() <= 0:
        return False
    df = with_groups(finishes)
    df["won"] = df["prize_cents"] + df["bounty_cents"].fillna(0)
    plt = _pyplot()
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.5))
    by_group = df.groupby("group", sort=True)[["bounty_cents", "won"]].sum()
    axes[0].barh(by_group.index, 100 * by_group["bounty_cents"] / by_group["won"])
    axes[0].set_xlabel("bounties, % of winnings")
    places = df[df["place"] <= 20].groupby("place")[["bounty_cents", "won"]].sum()
    share = 100 * places["bounty_cents"] / places["won"].replace(0, np.nan)
    axes[1].bar(places.index, share)
    axes[1].set_xlabel("finishing place")
    axes[1].set_ylabel("bounties, % of winnings")
    for ax in axes:
        ax.grid(alpha=0.3)
    fig.tight_layout()
    _save(fig, path)
    return True


def plot_compare_durations(
    a: pd.DataFrame, b: pd.DataFrame, labels: tuple[str, str], path: Path
) -> bool:
    """Duration, bubble-time and final-table-time distributions of two studies, overlaid."""
    plt = _pyplot()
    fig, axes = plt.subplots(1, 3, figsize=(13, 4))
    for ax, (column, name, scale) in zip(axes, RUN_MEASURES[:3]):
        for runs, label in zip((a, b), labels):
            values = runs[column].dropna().astype(float) * scale
            if len(values):
                ax.hist(values, bins=min(30, max(5, len(values) // 5)), alpha=0.5, label=label)
        ax.set_xlabel(name)
        ax.set_ylabel("runs")
        ax.legend()
    fig.tight_layout()
    _save(fig, path)
    return True


# --- the report --------------------------------------------------------------------------------


def _fmt(value: Any, digits: int = 1) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    if isinstance(value, int | np.integer):
        return str(int(value))
    return f"{float(value):.{digits}f}"


def _md_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def write_report(folder: str | os.PathLike[str] | StudyResult, *, seed: int = 0) -> Path:
    """Write the plots into ``DIR/plots/`` and ``DIR/report.md``; return the report's path."""
    result = folder if isinstance(folder, StudyResult) else load_study(folder)
    out = Path(result.path)
    plots = out / PLOTS
    plots.mkdir(exist_ok=True)
    runs, finishes, timeline = result.runs, result.finishes, result.timeline
    stats = group_stats(finishes) if len(finishes) else pd.DataFrame()
    scenario = ", ".join(sorted(set(map(str, runs["scenario"].dropna())))) or "?"
    md = [
        f"# Study report: {scenario}",
        "",
        f"{len(runs)} runs, {len(finishes)} finishes. Intervals are 95% confidence intervals "
        "with runs as the independent units.",
        "",
        "## Runs",
        "",
    ]
    summary = run_summary(runs)
    md.append(
        _md_table(
            ["measure", "runs", "mean", "95% CI", "p10", "median", "p90"],
            [
                [
                    r.measure,
                    str(r.runs),
                    _fmt(r.mean),
                    f"{_fmt(r.ci_low)} – {_fmt(r.ci_high)}",
                    _fmt(r.p10),
                    _fmt(r.median),
                    _fmt(r.p90),
                ]
                for r in summary.itertuples()
            ],
        )
    )
    md.append("")
    if plot_time_bands(timeline, plots / "field_over_time.png"):
        md += ["![players remaining and average stack](plots/field_over_time.png)", ""]
    plot_durations(runs, plots / "durations.png")
    md += ["![durations and levels](plots/durations.png)", ""]
    if not stats.empty:
        md += ["## Results by player group", ""]
        md.append(
            _md_table(
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
                        _fmt(100 * r.roi),
                        f"{_fmt(100 * r.roi_low)} – {_fmt(100 * r.roi_high)}",
                        _fmt(100 * r.itm),
                        f"{_fmt(100 * r.itm_low)} – {_fmt(100 * r.itm_high)}",
                        _fmt(r.mean_profit_cents / 100, 2),
                        _fmt(r.sd_profit_cents / 100, 2),
                    ]
                    for r in stats.itertuples()
                ],
            )
        )
        md += ["", "Profits are in currency units (cents / 100).", ""]
        plot_roi_itm(stats, plots / "roi_itm.png")
        plot_places(finishes, plots / "places.png")
        md += ["![ROI and ITM](plots/roi_itm.png)", "", "![places](plots/places.png)", ""]
        swings = plot_profit(finishes, plots / "profit.png", seed=seed)
        md += ["## Variance", "", "![profit](plots/profit.png)", ""]
        md.append(
            f"Downswings over {next(iter(swings.values())).tournaments} tournaments "
            "(resampled from the study's profits; one buy-in = "
            f"{_fmt(buyin_cents(finishes) / 100, 2)}):"
        )
        md.append("")
        md.append(
            _md_table(
                ["group", "EV (buy-ins)"]
                + [f"P(downswing ≥ {x} BI)" for x in DOWNSWING_BUYINS]
                + ["P(loss)"],
                [
                    [g, _fmt(d.expected, 3)]
                    + [f"{100 * d.risk[x]:.1f}%" for x in DOWNSWING_BUYINS]
                    + [f"{100 * d.loss_probability:.1f}%"]
                    for g, d in swings.items()
                ],
            )
        )
        md.append("")
        icm = icm_at_final_table(finishes)
        if plot_icm(icm, plots / "icm.png"):
            md += [
                "## Final table: simulated equity against ICM",
                "",
                f"{icm['run'].nunique()} final tables; each player's Malmuth-Harville (ICM) "
                "equity from the stacks at the first final-table hand, against the prize they "
                "went on to win (bounties left out).",
                "",
                "![ICM](plots/icm.png)",
                "",
                _md_table(
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
                            _fmt(r.icm_cents / 100, 2),
                            _fmt(r.prize_cents / 100, 2),
                            _fmt(r.edge_cents / 100, 2),
                            f"{_fmt(r.edge_low / 100, 2)} – {_fmt(r.edge_high / 100, 2)}",
                        ]
                        for r in icm_by_group(icm).itertuples()
                    ],
                ),
                "",
            ]
        if plot_bounty_share(finishes, plots / "bounty_share.png"):
            md += ["## Bounties", "", "![bounty share](plots/bounty_share.png)", ""]
            md.append(
                _md_table(
                    ["group", "bounties, % of winnings"],
                    [[str(r.group), _fmt(100 * r.bounty_share)] for r in stats.itertuples()],
                )
            )
            md.append("")
    path = out / REPORT
    path.write_text("\n".join(md), encoding="utf-8")
    return path


def write_comparison(
    a: StudyResult, b: StudyResult, out: str | os.PathLike[str], *, labels: tuple[str, str]
) -> Path:
    """Write ``OUT/compare.md`` (paired differences with 95% CIs) and its plot."""
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
        _md_table(
            ["measure", "pairs", "A", "B", "B - A", "95% CI"],
            [
                [
                    r.measure,
                    str(r.pairs),
                    _fmt(r.mean_a),
                    _fmt(r.mean_b),
                    _fmt(r.diff, 2),
                    f"{_fmt(r.diff_low, 2)} – {_fmt(r.diff_high, 2)}",
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
            _md_table(
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
                        _fmt(100 * r.roi_a),
                        _fmt(100 * r.roi_b),
                        _fmt(100 * r.roi_diff, 2),
                        f"{_fmt(100 * r.roi_diff_low, 2)} – {_fmt(100 * r.roi_diff_high, 2)}",
                        _fmt(100 * r.itm_a),
                        _fmt(100 * r.itm_b),
                        _fmt(100 * r.itm_diff, 2),
                        f"{_fmt(100 * r.itm_diff_low, 2)} – {_fmt(100 * r.itm_diff_high, 2)}",
                    ]
                    for r in groups.itertuples()
                ],
            ),
            "",
        ]
    path = folder / "compare.md"
    path.write_text("\n".join(md), encoding="utf-8")
    return path
