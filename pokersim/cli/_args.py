"""Checks of the options that several sub-commands share (``--runs``, ``--jobs``, ``--seed``)."""

from __future__ import annotations

import argparse

from pokersim.errors import ConfigError


def check_runs_jobs_seed(args: argparse.Namespace) -> None:
    """One clear line for a run count, worker count or seed out of range."""
    if args.runs < 1:
        raise ConfigError(f"--runs must be >= 1, got {args.runs}")
    if args.jobs is not None and args.jobs < 1:
        raise ConfigError(f"--jobs must be >= 1, got {args.jobs}")
    if not 0 <= args.seed < 2**63:
        raise ConfigError(f"--seed {args.seed}: expected a whole number in 0..2**63-1")
