"""``pokersim compare A.toml B.toml``: two structures on the same seeds, paired differences.

The two-arm case of ``pokersim sweep``: the arms run through ``pokersim.sweep.run_arms``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from pokersim.cli._args import add_study_options, check_out_folder, check_runs_jobs_seed
from pokersim.cli._json import add_flag, emit
from pokersim.errors import ConfigError


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``compare`` sub-command."""
    p = subparsers.add_parser(
        "compare",
        help="run two scenarios on the same seeds and report paired differences",
        description=(
            "Run A and B --runs times each with the same run seeds (common random numbers: same "
            "players, same decks by table and hand) into OUT/A and OUT/B, then write "
            "OUT/compare.md with the differences B - A and their 95% confidence intervals."
        ),
    )
    p.add_argument("a", help="scenario A (TOML)")
    p.add_argument("b", help="scenario B (TOML)")
    add_study_options(p, runs_help="runs per scenario", what="comparison")
    add_flag(p)
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Run both studies, write the comparison and print its path."""
    from pokersim import provenance, report, study  # noqa: PLC0415
    from pokersim.sweep import Arm, run_arms  # noqa: PLC0415

    check_runs_jobs_seed(args)  # before anything is written
    check_out_folder(args.out)
    for scenario in (args.a, args.b):
        if Path(scenario).is_dir():
            raise ConfigError(f"scenario {scenario!r}: is a folder, expected a scenario .toml file")
    out = Path(args.out)
    if args.resume and not (out / "A" / study.MANIFEST).is_file():
        raise ConfigError(f"--resume: {out} holds no comparison: there is nothing to resume")
    if args.resume:
        provenance.check_resume(out, args.force)
    labels = compare_labels(args.a, args.b)
    arms = [
        Arm(name=name, label=label, scenario=path)
        for name, label, path in zip("AB", labels, (args.a, args.b))
    ]
    for scenario in (args.a, args.b):
        if not Path(scenario).is_file():
            raise ConfigError(f"scenario {scenario!r}: no such file")
    if not args.resume or args.force or not (out / provenance.FILE).is_file():
        out.mkdir(parents=True, exist_ok=True)
        provenance.write_provenance(
            out, seed=args.seed, scenarios=[("A", args.a), ("B", args.b)], extra={"runs": args.runs}
        )
    results = run_arms(
        arms,
        runs=args.runs,
        out=out,
        seed=args.seed,
        jobs=args.jobs,
        scheduler=args.scheduler,
        resume=args.resume,
        runner=args.runner,
        progress=not args.no_progress,
        force=args.force,
    )
    path = report.write_comparison(results[0], results[1], out, labels=labels)
    if args.json:
        emit(
            {
                "command": "compare",
                "out": str(out),
                "runs": args.runs,
                "seed": args.seed,
                "labels": [arm.label for arm in arms],
                "report": str(path),
                "html": str(path.with_suffix(".html")),
                "measures": report.compare_runs(results[0].runs, results[1].runs).to_dict(
                    "records"
                ),
                "groups": report.compare_groups(results[0].finishes, results[1].finishes).to_dict(
                    "records"
                ),
            }
        )
        return 0
    print(path)
    return 0


def compare_labels(a: str, b: str) -> tuple[str, str]:
    """The two scenarios' names in the comparison: their file names, with folders to tell apart.

    ``A/x.toml`` against ``B/x.toml`` were both "x" (the report's table heads, its legend): as
    many folders as make them differ are kept ("A/x", "B/x"); one file twice is "x (A)", "x (B)".
    """
    pa, pb = Path(a).resolve().with_suffix(""), Path(b).resolve().with_suffix("")
    for k in range(1, max(len(pa.parts), len(pb.parts)) + 1):
        la, lb = "/".join(pa.parts[-k:]), "/".join(pb.parts[-k:])
        if la != lb:
            return la, lb
    return f"{pa.name} (A)", f"{pb.name} (B)"
