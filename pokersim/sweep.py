"""Sweeps: one scenario under several settings (arms), every arm on the same run seeds.

``pokersim sweep SCENARIO --set levels.minutes=6,8,10,12 --runs N --out DIR`` runs one study per
arm into ``DIR/arm-01``, ``DIR/arm-02``, ... Every arm uses the same study seed, so run ``i`` of
every arm has the seed ``rng.derive_seed(seed, i)``: common random numbers (same players, same
decks by table and hand), so the differences between arms are paired and need far fewer runs
than independent studies. ``pokersim compare A B`` is the two-arm case, with the arms ``A`` and
``B`` (``run_arms``).

A ``--set KEY=V1,V2,...`` key is a dotted path into the scenario's TOML data. Through an array
of tables it means every item: ``levels.minutes=8`` gives every level 8 minutes,
``players.mix.skill=0.5`` every mix entry that skill. Several ``--set`` options make the grid of
their values (every combination is an arm); ``--with KEY=V1,V2,...`` after a ``--set`` moves its
key in step with that one (the same number of values, the i-th of each in one arm), for keys
that only make sense together (``seats_per_table`` with ``final_table_size``, two slices'
``percent``). Values are read as TOML values (``8``, ``0.5``, ``true``, ``"text"``), or as text
when they are not one.

Output folder::

    sweep.json        the arms and their settings (checked on --resume)
    arm-01/ ...       one study folder per arm (``pokersim.study``), with its scenario.toml
    report.md         one table, a row per arm, and the response curves
    report.html       the same, self-contained
    plots/sweep_curves.png
"""

from __future__ import annotations

import datetime
import itertools
import json
import math
import os
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pokersim.errors import ConfigError
from pokersim.frozen import frozen

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from pokersim.study import StudyResult

__all__ = [
    "Arm",
    "Dimension",
    "SweepResult",
    "grid_dimensions",
    "parse_set",
    "plot_sweep",
    "run_arms",
    "run_sweep",
    "set_key",
    "sweep_arms",
    "sweep_table",
    "write_sweep",
]

MANIFEST = "sweep.json"
REPORT = "report.md"
CURVES = "sweep_curves.png"


@frozen(slots=True)
class Arm:
    """One arm: its folder name, a label, the settings it changes and its scenario.

    ``scenario`` is a path or TOML data (a mapping), as ``run_study`` takes it.
    """

    name: str
    label: str
    scenario: Any
    settings: Mapping[str, Any] = field(default_factory=dict)


@frozen(slots=True, kw_only=True)
class SweepResult:
    """The arms of a sweep and their studies (same order)."""

    path: Path
    arms: tuple[Arm, ...]
    studies: tuple[StudyResult, ...]


# --- --set -------------------------------------------------------------------------------------


def _value(text: str) -> Any:
    text = text.strip()
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text


def parse_set(text: str, option: str = "--set") -> tuple[str, list[Any]]:
    """``"levels.minutes=6,8,10"`` -> ``("levels.minutes", [6, 8, 10])``.

    ``option`` names the command-line option in the messages (``--set`` or ``--with``).
    """
    key, sep, values = text.partition("=")
    key = key.strip()
    if not sep or not key or not values.strip():
        raise ConfigError(
            f"{option} {text!r}: expected KEY=VALUE[,VALUE...], e.g. levels.minutes=6,8"
        )
    if any(not part for part in key.split(".")):
        raise ConfigError(f"{option} {text!r}: {key!r} is not a dotted key path")
    parsed = [_value(v) for v in values.split(",")]
    if any(v == "" for v in parsed):
        raise ConfigError(f"{option} {text!r}: an empty value")
    return key, parsed


Dimension = tuple[str, Sequence[Any]] | Sequence[tuple[str, Sequence[Any]]]
"""One dimension of a sweep's grid: a key and its values, or keys moving together (``--with``)."""


def grid_dimensions(sets: Sequence[Dimension]) -> list[list[tuple[str, list[Any]]]]:
    """Each dimension of the grid as the keys that move in it together, each with its values.

    An item of ``sets`` is ``(key, values)``, or a sequence of such pairs taken in step: the
    i-th value of every key of a group goes into one arm, so they need as many values each.
    """
    dimensions = []
    for item in sets:
        single = isinstance(item, tuple | list) and len(item) == 2 and isinstance(item[0], str)
        group = [item] if single else list(item)
        if not group or not all(
            isinstance(pair, tuple | list) and len(pair) == 2 and isinstance(pair[0], str)
            for pair in group
        ):
            raise ConfigError(f"a sweep's --set: expected (key, values) pairs, got {item!r}")
        pairs = [(str(key), list(values)) for key, values in group]
        first, count = pairs[0][0], len(pairs[0][1])
        for key, values in pairs[1:]:
            if len(values) != count:
                raise ConfigError(
                    f"--with {key}: {len(values)} value(s), but --set {first} has {count}: "
                    "keys swept together take one value each for every arm"
                )
        dimensions.append(pairs)
    return dimensions


_INDEXED = re.compile(r"(.+)\[([0-9]+)\]")


def set_key(data: dict[str, Any], key: str, value: Any) -> int:
    """Set the dotted ``key`` in scenario TOML data; through an array of tables, in every item.

    ``NAME[i]`` takes item ``i`` (from 0) of an array alone, as the loader's messages name it
    (``levels[2].minutes``, ``players.mix[0].percent``). ``players.count`` also works where the
    file says ``players = N``. Returns how many places were set (an empty array of tables sets
    none, which is an error).
    """
    parts = key.split(".")

    def walk(table: Any, i: int, where: str) -> int:
        if isinstance(table, list):
            if not table or not all(isinstance(t, dict) for t in table):
                raise ConfigError(f"--set {key}: {where or 'the scenario'} is not a table")
            return sum(walk(t, i, f"{where}[{n}]") for n, t in enumerate(table))
        if not isinstance(table, dict):
            raise ConfigError(f"--set {key}: {where} is not a table in the scenario")
        name = parts[i]
        indexed = _INDEXED.fullmatch(name)
        if indexed:  # one item of an array
            name, index = indexed[1], int(indexed[2])
            here = f"{where}.{name}" if where else name
            items = table.get(name)
            if not isinstance(items, list):
                raise ConfigError(f"--set {key}: {here} is not an array in the scenario")
            if index >= len(items):
                raise ConfigError(f"--set {key}: {here} has {len(items)} item(s), no [{index}]")
            if i == len(parts) - 1:
                items[index] = value
                return 1
            return walk(items[index], i + 1, f"{here}[{index}]")
        if i == len(parts) - 1:
            table[name] = value
            return 1
        inner = table.get(name)
        here = f"{where}.{name}" if where else name
        if inner is None:
            inner = table[name] = {}
        elif name == "players" and not where and isinstance(inner, int):
            inner = table[name] = {"count": inner}  # the `players = N` shorthand
        return walk(inner, i + 1, here)

    return walk(data, 0, "")


def recorded(value: Any) -> Any:
    """A ``--set`` value as a sweep keeps it: a TOML date, time or date-time as its ISO text.

    ``sweep.json``, ``provenance.json``, the arms' labels and settings hold that text (JSON
    has no date-time), so a sweep run now and one read back by ``load_sweep`` are the same; the
    arm's scenario gets the TOML value itself.
    """
    if isinstance(value, datetime.date | datetime.time):  # a datetime is a date
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(k): recorded(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [recorded(v) for v in value]
    return value


def _label(settings: Mapping[str, Any]) -> str:
    return ", ".join(f"{k}={_show(v)}" for k, v in settings.items())


def _show(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def sweep_arms(base: Any, sets: Sequence[Dimension]) -> list[Arm]:
    """One arm per combination of the ``--set`` values (the grid), each checked by the loader.

    ``base`` is a scenario path, a ``Scenario`` or a mapping (``None``: the built-in one);
    ``sets`` the grid's dimensions (``grid_dimensions``): keys moving together take their
    values in step.
    """
    from pokersim.scenario import default_scenario_path, parse_scenario  # noqa: PLC0415
    from pokersim.scenario_toml import anchor_target  # noqa: PLC0415
    from pokersim.study import refuse_cancelled, scenario_data_of  # noqa: PLC0415

    if not sets:
        raise ConfigError("a sweep needs at least one --set KEY=V1,V2,...")
    dimensions = grid_dimensions(sets)
    keys = [k for group in dimensions for k, _ in group]
    if len(set(keys)) != len(keys):
        raise ConfigError(f"--set: a key is given twice ({', '.join(keys)})")
    source = default_scenario_path() if base is None else base
    steps = [range(len(group[0][1])) for group in dimensions]
    arms = []
    for n, combo in enumerate(itertools.product(*steps), start=1):
        data = scenario_data_of(source)
        settings = {key: values[i] for group, i in zip(dimensions, combo) for key, values in group}
        for key, value in settings.items():
            set_key(data, key, value)
        anchor_target(data, _file_of(source))  # a target set here is read as the file's own
        settings = {key: recorded(value) for key, value in settings.items()}
        label = _label(settings)
        try:
            arm = parse_scenario(data, source=f"<arm {label}>")
        except ConfigError as exc:
            raise ConfigError(f"--set {label}: {exc}") from None
        refuse_cancelled(arm, str(source))
        arms.append(Arm(name=f"arm-{n:02d}", label=label, scenario=data, settings=settings))
    return arms


def _file_of(source: Any) -> str | os.PathLike[str] | None:
    """The file a sweep's base was read from: a linked target it names is relative to it."""
    if isinstance(source, str | os.PathLike):
        return source
    return getattr(source, "source", None)  # a ``Scenario``'s file; a mapping has none


# --- running -----------------------------------------------------------------------------------


def run_arms(
    arms: Sequence[Arm],
    *,
    runs: int,
    out: str | os.PathLike[str],
    seed: int = 0,
    jobs: int | None = None,
    scheduler: Any = None,
    resume: bool = False,
    runner: str | None = None,
    progress: bool = True,
    force: bool = False,
) -> list[StudyResult]:
    """Run every arm as a study into ``OUT/<arm name>``, all on the same run seeds.

    With ``resume``, an arm whose folder holds a study is finished, and one never reached
    starts afresh; ``force`` finishes arms made by another pokersim version.
    """
    from pokersim import study  # noqa: PLC0415

    folder = Path(out)
    results = []
    for arm in arms:
        where = folder / arm.name
        results.append(
            study.run_study(
                arm.scenario,
                runs=runs,
                out=where,
                seed=seed,
                jobs=jobs,
                scheduler=scheduler,
                resume=resume and (where / study.MANIFEST).is_file(),
                runner=runner or study.DEFAULT_RUNNER,
                progress=progress,
                desc=arm.name if len(arms) > 1 else "study",
                force=force,
            )
        )
    return results


def _manifest(arms: Sequence[Arm], runs: int, seed: int) -> dict[str, Any]:
    return {
        "arms": [{"name": a.name, "label": a.label, "settings": dict(a.settings)} for a in arms],
        "keys": list(arms[0].settings) if arms else [],  # their order (the file sorts keys)
        "runs": runs,
        "seed": seed,
    }


def run_sweep(
    base: Any,
    sets: Sequence[Dimension],
    *,
    runs: int,
    out: str | os.PathLike[str],
    seed: int = 0,
    jobs: int | None = None,
    scheduler: Any = None,
    resume: bool = False,
    runner: str | None = None,
    progress: bool = True,
    report: bool = True,
    force: bool = False,
) -> SweepResult:
    """Build the arms, run them on common random numbers, write ``report.md``/``report.html``."""
    arms = sweep_arms(base, sets)
    folder = Path(out)
    manifest = _manifest(arms, runs, seed)
    _check_folder(folder, manifest, resume)
    from pokersim import provenance  # noqa: PLC0415
    from pokersim.scenario import default_scenario_path  # noqa: PLC0415
    from pokersim.study import scenario_text  # noqa: PLC0415

    if resume:
        provenance.check_resume(folder, force)
    text = json.dumps(manifest, indent=2, sort_keys=True) + "\n"  # before the folder is made
    folder.mkdir(parents=True, exist_ok=True)
    (folder / MANIFEST).write_text(text, encoding="utf-8")
    if not resume or force or not (folder / provenance.FILE).is_file():
        source = default_scenario_path() if base is None else base
        on_disk = isinstance(source, str | os.PathLike)
        provenance.write_provenance(
            folder,
            seed=seed,
            scenario=source if on_disk else None,
            scenario_bytes=None if on_disk else scenario_text(source).encode("utf-8"),
            extra={"runs": runs, **_provenance_sets(sets)},
        )
    studies = run_arms(
        arms, runs=runs, out=folder, seed=seed, jobs=jobs, scheduler=scheduler, resume=resume,
        runner=runner, progress=progress, force=force,
    )  # fmt: skip
    result = SweepResult(path=folder, arms=tuple(arms), studies=tuple(studies))
    if report:
        write_sweep(result)
    return result


def _check_folder(folder: Path, manifest: dict[str, Any], resume: bool) -> None:
    """A new sweep goes into an empty folder; ``resume`` needs the same arms and seed there."""
    path = folder / MANIFEST
    if path.is_file():
        if not resume:
            raise ConfigError(
                f"{folder} already holds a sweep: pass --resume to finish it, or choose another "
                "--out folder"
            )
        from pokersim.study import read_json_object  # noqa: PLC0415

        try:
            old = read_json_object(path, "the sweep's arms, as `pokersim sweep` writes them")
        except ConfigError as exc:
            raise ConfigError(
                f"cannot resume the sweep in {folder}: {exc}; restore the file, or start the "
                "sweep again in another --out folder"
            ) from None
        if (
            old.get("arms") != json.loads(json.dumps(manifest["arms"]))
            or old.get("seed") != manifest["seed"]
        ):
            raise ConfigError(
                f"cannot resume the sweep in {folder}: it was made with other --set values or "
                "another --seed"
            )
    elif resume:
        raise ConfigError(f"--resume: {folder} holds no sweep (no {MANIFEST}): nothing to resume")
    elif folder.exists() and any(folder.iterdir()):
        raise ConfigError(f"--out {folder} is not empty and holds no sweep; choose a new folder")


def _provenance_sets(sets: Sequence[Dimension]) -> dict[str, Any]:
    """The ``--set`` keys and values as the provenance file keeps them; ``together``: groups."""
    dimensions = grid_dimensions(sets)
    record: dict[str, Any] = {"sets": [[k, recorded(v)] for group in dimensions for k, v in group]}
    groups = [[k for k, _ in group] for group in dimensions if len(group) > 1]
    if groups:
        record["together"] = groups
    return record


# --- the table and the curves ------------------------------------------------------------------

#: (column, heading, runs column, scale): the per-run measures of the table and the curves
MEASURES = (
    ("duration_min", "duration (min)", "duration_seconds", 1 / 60),
    ("bubble_min", "bubble time (min)", "bubble_seconds", 1 / 60),
    ("ft_avg_stack_bb", "final-table avg stack (bb)", "avg_stack_bb_at_final_table", 1.0),
)


def _roi_groups(finishes: pd.DataFrame, runs: Sequence[int]) -> dict[str, Any]:
    from pokersim.report import profit_column, with_groups  # noqa: PLC0415

    column = profit_column(finishes)  # a linked series: the ROI over both tournaments
    f = with_groups(finishes)
    f = f[f["run"].isin(runs)]
    out = {}
    for group, part in f.groupby("group", sort=True):
        per_run = part.groupby("run").agg(profit=(column, "sum"), cost=("cost_cents", "sum"))
        out[str(group)] = per_run.reindex(runs, fill_value=0)
    return out


def sweep_table(result: SweepResult) -> pd.DataFrame:
    """One row per arm: each measure's mean, 95% CI and paired difference with the first arm.

    The ROI gap is between the player groups (best minus worst, ranked in the first arm).

    Columns: ``arm``, ``label``, one column per setting, ``runs``, then for each measure ``m``
    of ``MEASURES``: ``m``, ``m_low``, ``m_high``, ``m_diff``, ``m_diff_low``, ``m_diff_high``;
    then ``roi_gap_pts`` (percentage points), ``roi_gap_low``, ``roi_gap_high``, ``roi_top``,
    ``roi_bottom`` (the two groups).
    """
    import pandas as pd  # noqa: PLC0415

    from pokersim.study import mean_ci, paired_ratio_diff, ratio_ci  # noqa: PLC0415

    base = result.studies[0]
    run_ids = sorted(set.intersection(*(set(s.runs["run"]) for s in result.studies)))
    base_groups = _roi_groups(base.finishes, run_ids)
    ranked = sorted(
        base_groups,
        key=lambda g: ratio_ci(list(base_groups[g]["profit"]), list(base_groups[g]["cost"])).value,
    )
    top = ranked[-1] if len(ranked) >= 2 else None
    bottom = ranked[0] if len(ranked) >= 2 else None
    rows = []
    base_runs = base.runs.set_index("run")
    for arm, st in zip(result.arms, result.studies):
        runs = st.runs.set_index("run")
        row: dict[str, Any] = {"arm": arm.name, "label": arm.label, **dict(arm.settings)}
        row["runs"] = len(runs)
        for name, _head, column, scale in MEASURES:
            values = runs[column].astype("Float64").dropna().astype(float) * scale
            est = mean_ci(list(values))
            row[name], row[f"{name}_low"], row[f"{name}_high"] = est.value, est.low, est.high
            pair = pd.concat(
                [base_runs[column].rename("a"), runs[column].rename("b")], axis=1
            ).reindex(run_ids)
            pair = pair.astype("Float64").dropna().astype(float) * scale
            diff = mean_ci(list(pair["b"] - pair["a"]))
            row[f"{name}_diff"], row[f"{name}_diff_low"] = diff.value, diff.low
            row[f"{name}_diff_high"] = diff.high
        gap = math.nan, math.nan, math.nan
        if top is not None and bottom is not None:
            groups = _roi_groups(st.finishes, run_ids)
            if top in groups and bottom in groups:
                lo, hi = groups[bottom], groups[top]
                est = paired_ratio_diff(
                    list(lo["profit"]), list(lo["cost"]), list(hi["profit"]), list(hi["cost"])
                )
                gap = 100 * est.value, 100 * est.low, 100 * est.high
        row["roi_gap_pts"], row["roi_gap_low"], row["roi_gap_high"] = gap
        row["roi_top"], row["roi_bottom"] = top, bottom
        rows.append(row)
    return pd.DataFrame(rows)


def _x_axis(result: SweepResult) -> tuple[list[float], str, list[str] | None]:
    """The x of each arm: the swept value when one numeric key varies, else the arm number.

    Keys swept together (``--with``) are plotted against the first numeric one whose value
    differs in every arm, the others named beside it; a grid of several dimensions has no
    such key and gets the arm number.
    """
    keys = list(result.arms[0].settings)
    varying = [k for k in keys if len({repr(a.settings.get(k)) for a in result.arms}) > 1]

    def numbers(key: str) -> list[Any] | None:
        values = [a.settings[key] for a in result.arms]
        if all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
            return values
        return None

    if len(varying) == 1 and (values := numbers(varying[0])) is not None:
        return [float(v) for v in values], varying[0], None
    for key in varying:
        values = numbers(key)
        if values is not None and len(set(values)) == len(result.arms):
            others = ", ".join(k for k in varying if k != key)
            return [float(v) for v in values], f"{key} (with {others})", None
    return [float(i) for i in range(1, len(result.arms) + 1)], "arm", [a.label for a in result.arms]


def plot_sweep(
    result: SweepResult,
    table: pd.DataFrame | None = None,
    path: str | os.PathLike[str] | None = None,
    *,
    ax: Any = None,
) -> Any:
    """Response curves against the swept parameter, each with its 95% CI; returns the figure.

    Panels: duration, bubble time, final-table average stack (bb), ROI gap between groups.
    """
    from pokersim.report import new_figure, save_figure  # noqa: PLC0415

    table = sweep_table(result) if table is None else table
    xs, xlabel, ticks = _x_axis(result)
    fig, axes = new_figure(ax, 4, figsize=(11, 8), nrows=2, ncols=2)
    panels = [(name, head) for name, head, _c, _s in MEASURES]
    gap_name = "ROI gap (pts)"
    if table["roi_top"].notna().any():
        gap_name = f"ROI gap (pts): {table['roi_top'].iloc[0]} − {table['roi_bottom'].iloc[0]}"
    panels.append(("roi_gap_pts", gap_name))
    for axis, (name, head) in zip(axes, panels):
        low = "roi_gap_low" if name == "roi_gap_pts" else f"{name}_low"
        high = "roi_gap_high" if name == "roi_gap_pts" else f"{name}_high"
        y = table[name].astype(float)
        axis.plot(xs, y, marker="o", color="tab:blue")
        axis.fill_between(
            xs, table[low].astype(float), table[high].astype(float), color="tab:blue", alpha=0.2,
            label="95% CI",
        )  # fmt: skip
        axis.set_title(head, fontsize=10)
        axis.set_xlabel(xlabel)
        if ticks is not None:
            axis.set_xticks(xs, ticks, rotation=30, ha="right", fontsize=7)
        else:
            axis.set_xticks(xs)
        axis.grid(alpha=0.3)
    if axes:
        axes[0].legend(fontsize=8)
    runs = int(table["runs"].min()) if len(table) else 0
    fig.suptitle(f"Sweep of {len(result.arms)} arms, {runs} runs each on the same seeds")
    return save_figure(fig, path, axes[:4])


def _ci(row: Any, name: str, digits: int = 1) -> str:
    from pokersim.report import fmt_value  # noqa: PLC0415

    return f"{fmt_value(row[name], digits)} ({fmt_value(row[name + '_low'], digits)} – {fmt_value(row[name + '_high'], digits)})"  # noqa: E501


def write_sweep(result: SweepResult, table: pd.DataFrame | None = None) -> Path:
    """Write ``report.md``, ``report.html`` and ``plots/sweep_curves.png``; return the .md path."""
    from pokersim.report import (  # noqa: PLC0415
        PLOTS,
        SERIES_ROI_NOTE,
        fmt_value,
        md_table,
        profit_column,
        write_html,
    )

    folder = result.path
    table = sweep_table(result) if table is None else table
    (folder / PLOTS).mkdir(parents=True, exist_ok=True)
    plot_sweep(result, table, folder / PLOTS / CURVES)
    runs = int(table["runs"].min()) if len(table) else 0
    md = [
        f"# Sweep: {len(result.arms)} arms",
        "",
        f"Every arm ran {runs} runs on the same seeds (common random numbers: same players, same "
        "decks by table and hand). Means with 95% confidence intervals; Δ is the paired "
        f"difference with the first arm ({result.arms[0].label}).",
        "",
    ]
    header = ["arm", "settings", "runs"]
    for _name, head, _c, _s in MEASURES:
        header += [head, "Δ"]
    header.append("ROI gap (pts)")
    rows = []
    for r in table.to_dict("records"):
        cells = [r["arm"], r["label"], str(r["runs"])]
        for name, _head, _c, _s in MEASURES:
            cells += [_ci(r, name), fmt_value(r[f"{name}_diff"], 2)]
        low, high = fmt_value(r["roi_gap_low"]), fmt_value(r["roi_gap_high"])
        cells.append(f"{fmt_value(r['roi_gap_pts'])} ({low} – {high})")
        rows.append(cells)
    md += [md_table(header, rows), ""]
    top, bottom = table["roi_top"].iloc[0], table["roi_bottom"].iloc[0]
    if isinstance(top, str):
        md += [
            f"ROI gap: ROI of {top} minus ROI of {bottom} (the best and worst player groups of "
            "the first arm), paired within runs.",
            "",
        ]
        if profit_column(result.studies[0].finishes) == "series_profit_cents":
            md += [SERIES_ROI_NOTE, ""]
    md += ["## Response curves", "", f"![response curves]({PLOTS}/{CURVES})", ""]
    path = folder / REPORT
    path.write_text("\n".join(md), encoding="utf-8")
    write_html(path, title=f"Sweep: {', '.join(result.arms[0].settings)}")
    return path


def load_sweep(folder: str | os.PathLike[str]) -> SweepResult:
    """Read a finished sweep back (its ``sweep.json`` and every arm's study)."""
    from pokersim.study import load_study, read_json_object  # noqa: PLC0415

    folder = Path(folder)
    path = folder / MANIFEST
    if not path.is_file():
        raise ConfigError(f"{folder}: holds no sweep (no {MANIFEST})")
    manifest = read_json_object(path, "the sweep's arms, as `pokersim sweep` writes them")
    given = manifest.get("arms")
    if not isinstance(given, list) or not all(
        isinstance(a, dict)
        and isinstance(a.get("name"), str)
        and isinstance(a.get("label"), str)
        and isinstance(a.get("settings"), dict)
        for a in given
    ):
        raise ConfigError(
            f"{path}: arms: expected a list of {{name, label, settings}} objects, as "
            "`pokersim sweep` writes them"
        )
    keys = manifest.get("keys")  # the --set order; a sweep made before kept none
    order = [k for k in keys if isinstance(k, str)] if isinstance(keys, list) else []

    def ordered(settings: dict[str, Any]) -> dict[str, Any]:
        first = {k: settings[k] for k in order if k in settings}
        return {**first, **{k: v for k, v in settings.items() if k not in first}}

    arms = tuple(
        Arm(name=a["name"], label=a["label"], scenario=folder / a["name"] / "scenario.toml",
            settings=ordered(a["settings"]))
        for a in given
    )  # fmt: skip
    studies = tuple(load_study(folder / a.name) for a in arms)
    return SweepResult(path=folder, arms=arms, studies=studies)


def table_records(table: pd.DataFrame) -> list[dict[str, Any]]:
    """The table as JSON-ready rows (NaN as ``None``)."""
    out = []
    for row in table.to_dict("records"):
        out.append({k: _plain(v) for k, v in row.items()})
    return out


def _plain(value: Any) -> Any:
    if value is None:
        return None
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value
