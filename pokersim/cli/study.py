"""``pokersim study``: run a scenario many times into a Parquet results folder, then report."""

from __future__ import annotations

import argparse
import signal
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from typing import Any

from pokersim.cli._args import check_out_folder, check_runs_jobs_seed
from pokersim.cli._json import add_flag, emit


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``study`` sub-command."""
    p = subparsers.add_parser(
        "study",
        help="run a scenario many times (Monte-Carlo study) into Parquet files",
        description=(
            "Run SCENARIO (default: the built-in default) N times; run i uses a seed derived from "
            "(SEED, i). Results go to OUT/runs.parquet and OUT/finishes.parquet, identical byte "
            "for byte whatever --jobs or --scheduler; an interrupted study finishes with --resume."
        ),
    )
    p.add_argument("scenario", nargs="?", default=None, help="scenario TOML file")
    p.add_argument("--runs", type=int, required=True, help="number of tournaments")
    p.add_argument("--seed", type=int, default=0, help="study seed S (default 0)")
    p.add_argument(
        "--jobs", type=int, default=None, help="local worker processes (default: all cores)"
    )
    p.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="run on an existing Dask cluster, e.g. tcp://host:8786 (needs pokersim[cluster])",
    )
    p.add_argument("--out", required=True, help="results folder")
    p.add_argument("--resume", action="store_true", help="finish an interrupted study in --out")
    p.add_argument(
        "--runner",
        default=None,
        metavar="MODULE:FUNCTION",
        help="play each run with this callable (scenario_path, seed) -> (run_row, finish_rows)",
    )
    p.add_argument("--no-report", action="store_true", help="do not write the report at the end")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument(
        "--force",
        action="store_true",
        help="with --resume: finish a folder made by another pokersim version",
    )
    add_flag(p)
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Run the study, then its report; print where everything went."""
    from pokersim import study  # noqa: PLC0415 - keep `pokersim --help` light

    check_runs_jobs_seed(args)
    check_out_folder(args.out)
    runner = args.runner or study.DEFAULT_RUNNER
    with _term_as_interrupt():
        # started at once and kept for the report's plots (None: everything in this process)
        workers = study.local_workers(args.jobs, args.runs, scheduler=args.scheduler, runner=runner)
        with workers or nullcontext():
            result = study.run_study(
                args.scenario,
                runs=args.runs,
                out=args.out,
                seed=args.seed,
                jobs=args.jobs,
                scheduler=args.scheduler,
                resume=args.resume,
                runner=runner,
                progress=not args.no_progress,
                force=args.force,
                workers=workers,
            )
            report_path = None
            if not args.no_report:
                from pokersim.report import write_report  # noqa: PLC0415

                report_path = write_report(
                    result, executor=None if workers is None else workers.pool()
                )
    runs = result.runs
    if args.json:
        emit(
            {
                "command": "study",
                "out": str(result.path),
                "runs": len(runs),
                "seed": args.seed,
                "mean_duration_seconds": runs["duration_seconds"].mean() if len(runs) else None,
                "mean_hands_played": runs["hands_played"].mean() if len(runs) else None,
                "report": None if report_path is None else str(report_path),
                "html": None if report_path is None else str(report_path.with_suffix(".html")),
            }
        )
        return 0
    print(f"study: {len(runs)} run{'' if len(runs) == 1 else 's'} in {result.path}")
    if len(runs):
        print(
            f"  mean duration {runs['duration_seconds'].mean() / 60:.1f} min, "
            f"mean hands {runs['hands_played'].mean():.0f}"
        )
    if report_path is not None:
        print(f"  report: {report_path}")
    return 0


@contextmanager
def _term_as_interrupt() -> Iterator[None]:
    """Treat SIGTERM like Ctrl-C, so the workers are stopped and nothing stored is lost."""

    def handler(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    try:
        old = signal.signal(signal.SIGTERM, handler)
    except ValueError:  # not the main thread (e.g. called from a notebook's helper thread)
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)
