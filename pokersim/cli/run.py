"""``pokersim run [SCENARIO] [--seed N] [--out DIR] [--hands ...] [--hero NAME] [--actions]``.

Prints a short human summary on stdout and a progress bar on stderr. With ``--out DIR`` it
writes ``events.jsonl``, ``summary.json`` and, when asked, hand histories under ``hands/``
(``pokersim.history.recorder``: the full view, or one player's with ``--hero``, and a
PokerStars tournament summary). A folder that already holds results is refused unless
``--force`` is given, so a typo never overwrites a finished run.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from pokersim.errors import ConfigError

RESULT_NAMES = ("events.jsonl", "summary.json", "hands")
_REPORT_EVENTS = frozenset(
    {
        "TournamentStarted",
        "LevelStarted",
        "TournamentEnded",
        "PlayerEliminated",
        "TableHandEnded",
        "TableHandStarted",
        "PlayerDisqualified",
        "PlayerRegistered",
        "EntryBought",
        "BubbleBurst",
        "FinalTableFormed",
        "TableOpened",
    }
)
HANDS_CHOICES = ("none", "phh", "pokerstars", "both")


def register(subparsers: Any) -> None:
    """Add the ``run`` sub-command."""
    p = subparsers.add_parser(
        "run",
        help="simulate one tournament",
        description="Simulate one multi-table tournament from a scenario file.",
    )
    p.add_argument(
        "scenario", nargs="?", default=None, help="scenario TOML file (default: the built-in one)"
    )
    p.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    p.add_argument("--out", default=None, help="folder for events.jsonl, summary.json, hands/")
    p.add_argument(
        "--hands",
        choices=HANDS_CHOICES,
        default="none",
        help="hand histories to write under OUT/hands (default none)",
    )
    p.add_argument(
        "--hero",
        default=None,
        metavar="NAME",
        help="write one player's view of the hands (their hole cards only, the others' when "
        "shown) instead of the full view",
    )
    p.add_argument(
        "--actions",
        action="store_true",
        help="also log every hand's own events (deals, actions, pots) in events.jsonl",
    )
    p.add_argument(
        "--report",
        action="store_true",
        help="also write OUT/report.md and OUT/report.html (structure sheet, plots) for this run",
    )
    p.add_argument("--force", action="store_true", help="overwrite results already in --out")
    p.set_defaults(func=run)


def _hms(seconds: int) -> str:
    return f"{seconds // 3600}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}"


def _check_out(out: Path, force: bool) -> None:
    if out.exists() and not out.is_dir():
        raise ConfigError(f"--out {out}: exists and is not a folder")
    held = [name for name in RESULT_NAMES if (out / name).exists()]
    if held and not force:
        raise ConfigError(
            f"--out {out}: already holds results ({', '.join(held)}); "
            "pass --force to overwrite them or choose another folder"
        )


def run(args: argparse.Namespace) -> int:
    """Run the tournament, write the outputs, print the summary."""
    from tqdm import tqdm

    from pokersim.clock import format_clock
    from pokersim.engine import run_tournament
    from pokersim.results import JsonlWriter, summary_json
    from pokersim.scenario import default_scenario_path, load_scenario

    if not 0 <= args.seed < 2**63:
        raise ConfigError(f"--seed {args.seed}: expected a whole number in 0..2**63-1")
    path = Path(args.scenario) if args.scenario is not None else default_scenario_path()
    scenario = load_scenario(path)
    out = Path(args.out) if args.out is not None else None
    if out is None and args.hands != "none":
        raise ConfigError(f"--hands {args.hands}: needs --out DIR to write the files into")
    if out is None and args.actions:
        raise ConfigError("--actions: needs --out DIR to write events.jsonl into")
    want_report = bool(getattr(args, "report", False))
    if out is None and want_report:
        raise ConfigError("--report: needs --out DIR to write report.md and report.html into")
    kept: list[Any] = []  # the events a run report reduces (pokersim.study.reduce_log)
    if out is not None:
        _check_out(out, args.force)
        out.mkdir(parents=True, exist_ok=True)
    hero = getattr(args, "hero", None)
    if hero is not None and args.hands == "none":
        raise ConfigError("--hero: needs --hands phh, pokerstars or both")
    hand_files = None
    if out is not None and args.hands != "none":
        from pokersim.history.recorder import HandHistoryRecorder

        hand_files = HandHistoryRecorder(args.hands, out / "hands", scenario, args.seed, hero=hero)
    on_hand = hand_files.on_hand if hand_files is not None else None
    bar = tqdm(
        total=scenario.players.count - 1,
        desc=scenario.name,
        unit="out",
        file=sys.stderr,
        disable=None,
        leave=False,
    )
    events_tmp = out / "events.jsonl.part" if out is not None else None
    try:
        if events_tmp is not None:
            with open(events_tmp, "w", encoding="utf-8", newline="\n") as stream:
                writer = JsonlWriter(stream)

                def emit(event: Any) -> None:
                    writer(event)
                    if hand_files is not None:
                        hand_files.on_event(event)
                    if want_report and type(event).__name__ in _REPORT_EVENTS:
                        kept.append(event)

                result = run_tournament(
                    scenario,
                    args.seed,
                    emit=emit,
                    on_hand=on_hand,
                    record_actions=args.actions,
                    progress=bar.update,
                )
                writer.flush()
        else:
            result = run_tournament(scenario, args.seed, on_hand=on_hand, progress=bar.update)
    except BaseException:
        if events_tmp is not None and events_tmp.exists():
            events_tmp.unlink()
        raise
    finally:
        bar.close()
    if out is not None and events_tmp is not None:
        os.replace(events_tmp, out / "events.jsonl")
        summary_tmp = out / "summary.json.part"
        summary_tmp.write_text(summary_json(result, scenario=path.stem), encoding="utf-8")
        os.replace(summary_tmp, out / "summary.json")
        if hand_files is not None:
            hand_files.close(result)
        if want_report:
            from pokersim.report import write_report
            from pokersim.study import single_run

            run_tables = single_run(out, scenario, args.seed, result, kept)
            write_report(run_tables, scenario=scenario, heading="Run report")

    names = {f.player_id: f for f in result.finishes}
    w = names[result.winner_id]
    start = scenario.start_seconds
    print(
        f"{scenario.name} (seed {args.seed}): {result.entries} entries, {result.hands_played} hands"
    )
    print(
        f"winner: {w.name} (player {w.player_id}, {w.model}) "
        f"wins {w.prize_cents / 100:.2f} of {result.prize_pool_cents / 100:.2f}"
    )
    print(
        f"duration: {_hms(result.duration_seconds)} simulated "
        f"({format_clock(start)} to {format_clock(start + result.duration_seconds)})"
    )
    bubble = result.bubble_seconds
    print(
        f"bubble: {'burst at ' + _hms(bubble) if bubble is not None else 'none'} "
        f"({result.places_paid} paid, {_hms(result.hand_for_hand_seconds)} hand-for-hand)"
    )
    ft = result.final_table_seconds
    print(f"final table: {'formed at ' + _hms(ft) if ft is not None else 'from the start'}")
    if out is not None:
        print(f"wrote {out}{os.sep}events.jsonl and summary.json")
    if want_report:
        print(f"report: {out}{os.sep}report.html")
    return 0
