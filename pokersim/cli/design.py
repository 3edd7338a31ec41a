"""``pokersim design``: propose a blind structure for a target duration and prove it by simulation.

``pokersim design --players N --starting-stack S --level-minutes M --target-hours H --out F.toml``
searches the blind growth until the median simulated duration is within the tolerance of the
target and writes the scenario; ``pokersim design --check F.toml`` prints the same figures for
an existing structure, so a designer can tune one by hand.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from pokersim.cli._args import MAX_TARGET_HOURS, check_runs_jobs_seed
from pokersim.cli._json import add_flag, emit
from pokersim.errors import ConfigError

DEFAULT_RUNS = 15


def register(subparsers: Any) -> None:
    """Add the ``design`` sub-command."""
    p = subparsers.add_parser(
        "design",
        help="propose a blind structure for a target duration, checked by simulation",
        description=(
            "Build a lobby-style blind structure (rounded blinds, antes, breaks, late "
            "registration), simulate it as a study and adjust the blind growth until the median "
            "simulated duration is within the tolerance of the target; or, with --check, report "
            "the same figures for an existing scenario file."
        ),
    )
    p.add_argument("--check", metavar="FILE.toml", help="report the figures of this scenario")
    p.add_argument("--players", type=int, help="players registered (2 or more)")
    p.add_argument("--starting-stack", type=int, help="chips per entry")
    p.add_argument("--level-minutes", type=float, help="length of every level in minutes")
    p.add_argument("--target-hours", type=float, help="target median duration in hours")
    p.add_argument(
        "--ante-kind", choices=("bb", "classic", "none"), default="bb", help="default bb"
    )
    p.add_argument(
        "--ante-from", type=int, default=1, metavar="LEVEL", help="first level with an ante (1)"
    )
    p.add_argument(
        "--breaks",
        default="55",
        help="'55' or ':MM' (at that minute of every hour), N (every N minutes) or 'none'",
    )
    p.add_argument("--break-minutes", type=float, default=5, help="length of a break (5)")
    p.add_argument(
        "--late-reg-minutes",
        type=float,
        default=0,
        help="late registration, rounded up to the end of its level (0)",
    )
    p.add_argument(
        "--first-big-blind", type=int, default=None, help="default: the lobby value near stack/100"
    )
    p.add_argument(
        "--base",
        default=None,
        metavar="FILE.toml",
        help="scenario giving the field mix, timing, payouts and table rules (default: built-in)",
    )
    p.add_argument("--name", default=None, help="tournament name in the written file")
    p.add_argument(
        "--runs", type=int, default=DEFAULT_RUNS, help=f"runs per candidate ({DEFAULT_RUNS})"
    )
    p.add_argument("--seed", type=int, default=0, help="study seed (0)")
    p.add_argument("--jobs", type=int, default=None, help="worker processes (default: all cores)")
    p.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="simulate on an existing Dask cluster, e.g. tcp://host:8786 (needs pokersim[cluster])",
    )
    p.add_argument("--tolerance-percent", type=float, default=5.0, help="accepted median error (5)")
    p.add_argument(
        "--aim-percent",
        type=float,
        default=None,
        help="stop only within this error (default: the tolerance); the closest candidate "
        "within the tolerance is kept if the search runs out",
    )
    p.add_argument("--max-candidates", type=int, default=8, help="simulated candidates at most (8)")
    p.add_argument("--plot", default=None, metavar="FILE.png", help="players left / stack plot")
    p.add_argument(
        "--html",
        default=None,
        metavar="FILE.html",
        help="with --check: the figures, structure sheet and plots as one self-contained page",
    )
    p.add_argument("--out", default=None, metavar="FILE.toml", help="scenario file to write")
    p.add_argument("--force", action="store_true", help="overwrite --out if it exists")
    add_flag(p)
    p.set_defaults(func=main)


def _need(args: argparse.Namespace, *names: str) -> None:
    missing = [f"--{n.replace('_', '-')}" for n in names if getattr(args, n) is None]
    if missing:
        raise ConfigError(
            f"missing {', '.join(missing)}: designing a structure needs --players, "
            "--starting-stack, --level-minutes, --target-hours and --out (or use --check FILE)"
        )


#: (flag, lowest, highest, lowest allowed too) of the numeric options, checked before anything runs
_RANGES = (
    ("players", 2, 1_000_000, True),
    ("starting_stack", 1, 10**12, True),
    ("level_minutes", 0, 1_000_000, False),
    ("target_hours", 0, MAX_TARGET_HOURS, False),
    ("break_minutes", 0, 1_000_000, True),
    ("late_reg_minutes", 0, 1_000_000, True),
    ("first_big_blind", 1, 10**12, True),
    ("ante_from", 1, 10_000, True),
    ("aim_percent", 0, 100, False),
    ("max_candidates", 1, 1000, True),
    ("seed", 0, 2**63 - 1, True),
)


def _check_ranges(args: argparse.Namespace) -> None:
    """One line naming the flag for a number out of range (not a math error from deep inside)."""
    for name, low, high, closed in _RANGES:
        value = getattr(args, name)
        if value is None:
            continue
        flag = f"--{name.replace('_', '-')}"
        low_ok = value >= low if closed else value > low
        if not (math.isfinite(value) and low_ok and value <= high):
            sign = ">=" if closed else ">"
            raise ConfigError(f"{flag} must be {sign} {low} and <= {high}, got {value}")


def _log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def main(args: argparse.Namespace) -> int:
    """Design (or check) a structure and print its figures."""
    from pokersim import design  # noqa: PLC0415 - keep `pokersim --help` light
    from pokersim.config import AnteKind  # noqa: PLC0415
    from pokersim.scenario import default_scenario_path, load_scenario  # noqa: PLC0415
    from pokersim.study import refuse_multiday  # noqa: PLC0415

    _check_ranges(args)
    check_runs_jobs_seed(args)
    simulate = design.study_simulator(
        runs=args.runs, seed=args.seed, jobs=args.jobs, scheduler=args.scheduler
    )
    target = None if args.target_hours is None else round(args.target_hours * 3600)
    if args.check is not None:
        return _check(args, simulate, target)
    if getattr(args, "html", None):
        raise ConfigError("--html: only with --check FILE.toml")
    if args.json:
        raise ConfigError("--json: only with --check FILE.toml")
    _need(args, "players", "starting_stack", "level_minutes", "target_hours", "out")
    assert target is not None  # checked by _need
    out = Path(args.out)
    if out.exists() and not args.force:
        raise ConfigError(f"--out {out}: already exists; pass --force to overwrite it")
    _check_file_targets(("--out", args.out), ("--plot", args.plot))
    if not 0 < args.tolerance_percent < 100:
        raise ConfigError(f"--tolerance-percent must be in (0, 100), got {args.tolerance_percent}")
    base_path = args.base if args.base is not None else default_scenario_path()
    base = load_scenario(base_path)
    refuse_multiday(base, str(args.base))
    _refuse_unseated_field(base, str(base_path), args.players)
    result = design.design_structure(
        base,
        players=args.players,
        starting_stack=args.starting_stack,
        level_minutes=args.level_minutes,
        target_seconds=target,
        simulate=simulate,
        ante_kind=AnteKind(args.ante_kind),
        ante_from=args.ante_from,
        breaks=design.parse_breaks(args.breaks, length_minutes=args.break_minutes),
        late_registration_minutes=args.late_reg_minutes,
        first_big_blind=args.first_big_blind,
        tolerance=args.tolerance_percent / 100,
        aim=None if args.aim_percent is None else args.aim_percent / 100,
        max_trials=args.max_candidates,
        name=args.name,
        log=_log,
    )
    tmp = out.with_name(out.name + ".part")
    evidence = (
        f"Simulated with {args.runs} runs per candidate, study seed {args.seed}; growth "
        f"{result.growth:.4f} per level after {len(result.trials)} candidate(s).\n"
        + design.format_report(result.report)
    )
    tmp.write_text(design.scenario_toml(result.scenario, comment=evidence), encoding="utf-8")
    os.replace(tmp, out)
    levels = result.scenario.levels
    print(
        f"{result.scenario.name}: growth {result.growth:.4f} per level, {len(levels)} levels "
        f"of {levels[0].minutes:g} minutes, big blinds {levels[0].big_blind} .. "
        f"{levels[-1].big_blind}; {len(result.trials)} candidate(s) simulated, "
        f"{args.runs} runs each (seed {args.seed})"
    )
    print(design.format_report(result.report))
    print(f"wrote {out}")
    _plot(args.plot, result.timeline)
    return 0


def _check(args: argparse.Namespace, simulate: Any, target: int | None) -> int:
    """``design --check FILE``: the figures of an existing scenario (and its plot, page)."""
    from pokersim import design  # noqa: PLC0415
    from pokersim.scenario import load_scenario  # noqa: PLC0415

    scenario = load_scenario(args.check)
    _check_file_targets(("--plot", args.plot), ("--html", getattr(args, "html", None)))
    rows, timeline = simulate(scenario)
    report = design.figures(rows, target_seconds=target)
    if not args.json:
        print(f"{scenario.name}: {len(scenario.levels)} levels, {args.runs} runs, seed {args.seed}")
        print(design.format_report(report))
    plot = _plot(args.plot, timeline, quiet=args.json)
    if getattr(args, "html", None):
        import pandas as pd  # noqa: PLC0415

        from pokersim.report import write_design_html  # noqa: PLC0415

        page = write_design_html(
            args.html,
            scenario,
            pd.DataFrame(rows),
            timeline,
            figures=design.format_report(report),
            target_seconds=target,
        )
        if not args.json:
            print(f"report: {page}")
    if args.json:
        emit(_check_json(args, scenario, report, plot))
    return 0


def _check_file_targets(*flags: tuple[str, str | None]) -> None:
    """Before the search: each file given can be written, its folder made (nothing is lost)."""
    for flag, name in flags:
        if name is not None:
            _check_file_target(flag, Path(name))


def _check_file_target(flag: str, path: Path) -> None:
    """A file ``flag`` can write: not a folder, in a folder that exists (made) and is writable."""
    if path.is_dir():
        raise ConfigError(f"{flag} {path}: is a folder; expected a file name")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ConfigError(
            f"{flag} {path}: cannot create its folder {path.parent} ({exc.strerror})"
        ) from None
    if not os.access(path.parent, os.W_OK):
        raise ConfigError(f"{flag} {path}: its folder {path.parent} is not writable")


def _refuse_unseated_field(base: Any, path: str, players: int) -> None:
    """A base whose mix counts cannot seat ``--players`` is named with its file, before any run."""
    try:
        replace(base.players, count=players)
    except ConfigError as exc:
        detail = str(exc).removeprefix("players: ")
        raise ConfigError(
            f"{path}: players.mix: the base's field does not fit --players {players}: {detail}"
        ) from None


def _check_json(args: argparse.Namespace, scenario: Any, report: Any, plot: Path | None) -> Any:
    """The ``design --check --json`` object (docs/json.md)."""
    return {
        "command": "design",
        "check": args.check,
        "scenario": scenario.name,
        "levels": len(scenario.levels),
        "runs": report.runs,
        "seed": args.seed,
        "median_seconds": report.median_seconds,
        "duration_percentiles": {str(q): v for q, v in report.duration_percentiles},
        "target_seconds": report.target_seconds,
        "bubble_seconds": report.bubble_seconds,
        "level_at_bubble": report.level_at_bubble,
        "avg_stack_bb_at_bubble": report.avg_stack_bb_at_bubble,
        "final_table_seconds": report.final_table_seconds,
        "level_at_final_table": report.level_at_final_table,
        "avg_stack_bb_at_final_table": report.avg_stack_bb_at_final_table,
        "shove_share": report.shove_share,
        "plot": None if plot is None else str(plot),
        "html": args.html,
    }


def _plot(path: str | None, timeline: Any, *, quiet: bool = False) -> Path | None:
    if path is None:
        return None
    from pokersim.report import plot_time_bands  # noqa: PLC0415

    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    if plot_time_bands(timeline, target):
        if not quiet:
            print(f"plot: {target}")
        return target
    return None
