"""The options that the study-like sub-commands share (study, compare, sweep), and their checks."""

from __future__ import annotations

import argparse
import os

from pokersim.errors import ConfigError

MAX_TARGET_HOURS = 24 * 365
"""The longest ``--target-hours`` (design, report): a year; beyond it a duration is a typo."""

MAX_RUNS = 10_000_000
"""The most ``--runs`` (study, sweep and compare per arm, design per candidate): a study keeps a
seed and a part file per run, and builds every seed first; beyond it a count is a typo."""


def check_runs_jobs_seed(args: argparse.Namespace) -> None:
    """One clear line for a run count, worker count or seed out of range."""
    if args.runs < 1:
        raise ConfigError(f"--runs must be >= 1, got {args.runs}")
    if args.runs > MAX_RUNS:
        raise ConfigError(
            f"--runs must be <= {MAX_RUNS:,} (the most runs a study takes), got {args.runs}"
        )
    if args.jobs is not None and args.jobs < 1:
        raise ConfigError(f"--jobs must be >= 1, got {args.jobs}")
    if not 0 <= args.seed < 2**63:
        raise ConfigError(f"--seed {args.seed}: expected a whole number in 0..2**63-1")


def add_study_options(p: argparse.ArgumentParser, *, runs_help: str, what: str) -> None:
    """``--runs --seed --jobs --scheduler --out --resume --runner --no-progress --force``.

    ``what`` names what ``--resume`` finishes (a comparison, a sweep).
    """
    p.add_argument("--runs", type=int, required=True, help=runs_help)
    p.add_argument("--seed", type=int, default=0, help="study seed S (default 0)")
    p.add_argument("--jobs", type=int, default=None, help="local worker processes")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS", help="Dask scheduler")
    p.add_argument("--out", required=True, help="results folder")
    p.add_argument("--resume", action="store_true", help=f"finish an interrupted {what}")
    p.add_argument("--runner", default=None, metavar="MODULE:FUNCTION", help=argparse.SUPPRESS)
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument(
        "--force",
        action="store_true",
        help="with --resume: finish a folder made by another pokersim version",
    )


def check_out_folder(out: str) -> None:
    """``--out``: a folder's name (not empty), and not a file that exists: one line, early."""
    if not out.strip():
        raise ConfigError("--out: expected a folder name, got an empty one")
    if os.path.exists(out) and not os.path.isdir(out):
        raise ConfigError(f"--out {out}: exists and is not a folder; expected a folder name")
