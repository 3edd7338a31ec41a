"""``pokersim verify PATH...``: run regression cases and report every expectation not met."""

from __future__ import annotations

import argparse
from pathlib import Path

from pokersim.errors import ConfigError
from pokersim.verify import case_files, verify_paths


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``verify`` sub-command."""
    p = subparsers.add_parser(
        "verify",
        help="run scripted regression cases and compare with their [expect] tables",
        description=(
            "Run each case file (a scenario with [script] and [expect] tables), or every .toml "
            "file under each directory, and print one line per expectation not met."
        ),
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="case files or directories")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print a line per failure, then ``N passed, M failed``; exit 1 if any failed."""
    for path in args.paths:
        if not Path(path).exists():
            raise ConfigError(f"{path}: no such case file or folder")
        if Path(path).is_dir() and not case_files([path]):
            raise ConfigError(f"{path}: no case files (*.toml) in this folder")
    results = verify_paths(args.paths)
    failed = [r for r in results if not r.passed]
    for r in failed:
        for f in r.failures:
            print(f"FAIL {f}")
    print(f"{len(results) - len(failed)} passed, {len(failed)} failed")
    return 1 if failed else 0
