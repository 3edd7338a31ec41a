"""``pokersim run [SCENARIO] [--seed N] [--out DIR] [--hands ...] [--actions] [--force]``.

Prints a short human summary on stdout and a progress bar on stderr. With ``--out DIR`` it
writes ``events.jsonl``, ``summary.json`` and, when asked, hand histories under ``hands/``. A
folder that already holds results is refused unless ``--force`` is given, so a typo never
overwrites a finished run.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path
from typing import Any

from pokersim.errors import ConfigError

RESULT_NAMES = ("events.jsonl", "summary.json", "hands")
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
        "--actions",
        action="store_true",
        help="also log every hand's own events (deals, actions, pots) in events.jsonl",
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


def _clear_hands(folder: Path) -> None:
    """Remove hand-history files of an earlier run (only the names this command writes)."""
    if not folder.is_dir():
        return
    for path in sorted(folder.iterdir()):
        if path.is_file() and path.name.startswith("table-") and path.suffix in (".phhs", ".txt"):
            path.unlink()


def run(args: argparse.Namespace) -> int:
    """Run the tournament, write the outputs, print the summary."""
    from pokersim.lock import folder_lock
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
    if out is None:
        result = _play(args, scenario, path, None)
    else:
        _check_out(out, args.force)
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ConfigError(f"--out {out}: cannot create the folder ({exc.strerror})") from None
        with folder_lock(out, "--out"):
            _check_out(out, args.force)  # again, now that no other run can write here
            try:
                result = _play(args, scenario, path, out)
            except OSError as exc:
                where = exc.filename or out
                raise ConfigError(f"--out {out}: cannot write {where} ({exc.strerror})") from None
    _print_summary(args, scenario, result, out)
    return 0


def _play(args: argparse.Namespace, scenario: Any, path: Path, out: Path | None) -> Any:
    """Play the run; with ``out`` it writes every file under a temporary name.

    The files are renamed only when the run is complete, so an interrupted run leaves the
    folder as it was.
    """
    from tqdm import tqdm

    from pokersim.engine import run_tournament
    from pokersim.events import TableBroken
    from pokersim.results import JsonlWriter, summary_json

    hand_files = (
        _HandFiles(args.hands, out / "hands", scenario)
        if out is not None and args.hands != "none"
        else None
    )
    on_hand = hand_files.add if hand_files is not None else None
    bar = tqdm(
        total=scenario.players.count - 1,
        desc=scenario.name,
        unit="out",
        file=sys.stderr,
        disable=None,
        leave=False,
    )
    events_tmp = out / "events.jsonl.part" if out is not None else None
    summary_tmp = out / "summary.json.part" if out is not None else None
    if out is not None and hand_files is None and (out / "hands.part").is_dir():
        shutil.rmtree(out / "hands.part")  # left by a killed run
    try:
        if events_tmp is not None and summary_tmp is not None:
            with open(events_tmp, "w", encoding="utf-8", newline="\n") as stream:
                writer = JsonlWriter(stream)

                def emit(event: Any) -> None:
                    writer(event)
                    if hand_files is not None and isinstance(event, TableBroken):
                        hand_files.write_table(event.table_id)

                result = run_tournament(
                    scenario,
                    args.seed,
                    emit=emit,
                    on_hand=on_hand,
                    record_actions=args.actions,
                    progress=bar.update,
                )
                writer.flush()
            if hand_files is not None:
                hand_files.close()
            summary_tmp.write_text(summary_json(result, scenario=path.stem), encoding="utf-8")
        else:
            result = run_tournament(scenario, args.seed, on_hand=on_hand, progress=bar.update)
    except BaseException:
        for tmp in (events_tmp, summary_tmp):
            if tmp is not None and tmp.exists():
                tmp.unlink()
        if hand_files is not None:
            hand_files.discard()
        raise
    finally:
        bar.close()
    if out is not None and events_tmp is not None and summary_tmp is not None:
        os.replace(events_tmp, out / "events.jsonl")
        os.replace(summary_tmp, out / "summary.json")
        if hand_files is not None:
            hand_files.publish()
    return result


def _print_summary(args: argparse.Namespace, scenario: Any, result: Any, out: Path | None) -> None:
    from pokersim.clock import format_clock

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


class _HandFiles:
    """Hand histories written table by table as tables close, so memory stays bounded.

    They go to ``hands.part`` beside ``hands`` and replace the earlier run's files only in
    ``publish``, at the end of a complete run (as ``events.jsonl`` does).
    """

    def __init__(self, kind: str, final: Path, scenario: Any) -> None:
        self.kind = kind
        self.final = final
        self.folder = final.with_name(final.name + ".part")
        self.seats = scenario.seats_per_table
        self.event = scenario.name
        self.names = {spec.player_id: spec.name for spec in scenario.players.expand()}
        self.by_table: dict[int, list[Any]] = {}
        self.discard()  # left by a run that was killed
        self.folder.mkdir(parents=True)

    def discard(self) -> None:
        """Remove the temporary folder (an interrupted run)."""
        if self.folder.is_dir():
            shutil.rmtree(self.folder)

    def publish(self) -> None:
        """Replace the earlier run's hand histories by this run's."""
        _clear_hands(self.final)
        self.final.mkdir(parents=True, exist_ok=True)
        for path in sorted(self.folder.iterdir()):
            os.replace(path, self.final / path.name)
        self.folder.rmdir()

    def add(self, result: Any) -> None:
        """Keep a finished hand until its table closes."""
        self.by_table.setdefault(result.setup.table_id, []).append(result)

    def write_table(self, table_id: int) -> None:
        """Write (and forget) the hands of one table."""
        from pokersim.history.phh import write_phhs_by_table
        from pokersim.history.pokerstars import write_pokerstars_by_table

        hands = self.by_table.pop(table_id, [])
        if not hands:
            return
        if self.kind in ("phh", "both"):
            write_phhs_by_table(
                hands, self.folder, names=self.names, seat_count=self.seats, event=self.event
            )
        if self.kind in ("pokerstars", "both"):
            write_pokerstars_by_table(hands, self.folder, names=self.names, seat_count=self.seats)

    def close(self) -> None:
        """Write the tables still open at the end (the final table)."""
        for table_id in sorted(self.by_table):
            self.write_table(table_id)
