"""The files of one run in a folder: ``events.jsonl``, ``summary.json`` and ``hands/``.

``pokersim run --out`` and ``pokersim verify --out`` both write through ``RunFiles``, so the two
commands write the same files the same way. The event log goes to ``events.jsonl.part`` while
the run plays and is renamed to ``events.jsonl`` only when it ends; hand histories are written
table by table as tables close (memory stays bounded) into ``hands.part/``, which replaces
``hands/`` only then. A run that stops with an error or is interrupted leaves the folder as it
was.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
from collections.abc import Callable, Sequence
from datetime import timedelta
from pathlib import Path
from types import TracebackType
from typing import IO, TYPE_CHECKING, Any

from pokersim.errors import ConfigError

if TYPE_CHECKING:  # the engine is imported when a run is written, not with the command line
    from pokersim.engine import HandWatch, TournamentResult
    from pokersim.events import HandEvent
    from pokersim.hand import HandResult
    from pokersim.scenario import Scenario

__all__ = [
    "HANDS_CHOICES",
    "RESULT_NAMES",
    "FolderFiles",
    "RunFiles",
    "check_out",
    "files_in",
    "write_run",
]

# event.json: a multi-day event's; series.json and target/: a linked series' (R-SAT-1)
RESULT_NAMES = ("events.jsonl", "summary.json", "hands", "event.json", "series.json", "target")
RESULT_FILES = ("events.jsonl", "summary.json", "event.json", "series.json")  # files, not folders
HANDS_CHOICES = ("none", "phh", "pokerstars", "both")


# what else a run writes in its folder: its report, its scenario and provenance, a linked
# satellite's copy of its target (``remove_unwritten``)
OTHER_NAMES = (
    "report.md",
    "report.html",
    "plots",
    "scenario.toml",
    "provenance.json",
    "target.toml",
)


def earlier_results(out: Path) -> dict[str, Any]:
    """The results already in ``out``, by name, each with a signature of its files.

    For ``remove_unwritten`` once a run with ``--force`` has written its own; nothing for a
    folder that holds no run's results (a study's, or a user's, whose files are not a run's).
    """
    if not any(os.path.lexists(out / name) for name in RESULT_NAMES):
        return {}
    names = [*RESULT_NAMES, *OTHER_NAMES]
    if (out / "event.json").is_file():  # a multi-day event's day folders (F-FLIGHT-1..4)
        names += sorted(p.name for p in out.iterdir() if _is_day_folder(p))
    return {name: _signature(out / name) for name in names if os.path.lexists(out / name)}


def remove_unwritten(out: Path, earlier: dict[str, Any], keep: Sequence[Path] = ()) -> None:
    """Remove the earlier results the run just played did not write (``--force``).

    A run writes only the files it has (hand histories with ``--hands``, a report with
    ``--report``, a series' ``target/``, an event's day folders): the files of an earlier run
    it did not write stayed beside its own (a report of another run, say). Done once the run
    has written everything: an interrupted run leaves the earlier one as it was. ``keep``: the
    files the run read (its scenario, its target), wherever they are.
    """
    kept = {os.path.realpath(k) for k in keep}
    for name, signature in earlier.items():
        path = out / name
        if os.path.realpath(path) in kept or _signature(path) != signature:
            continue  # read by the run, or written by it
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink(missing_ok=True)


def _signature(path: Path) -> Any:
    """What changes when a run writes ``path`` (a file replaced, a folder's files written)."""
    try:
        st = path.lstat()
    except OSError:
        return None
    if not path.is_dir() or path.is_symlink():
        return (st.st_ino, st.st_mtime_ns, st.st_size)
    files = tuple(sorted((p.name, _signature(p)) for p in path.iterdir()))
    return (st.st_ino, st.st_mtime_ns, files)


def _is_day_folder(path: Path) -> bool:
    """A day's folder of a multi-day event: ``flight-<name>`` or ``day-2``, holding a run."""
    named = path.name.startswith("flight-") or path.name == "day-2"
    return named and path.is_dir() and (path / "summary.json").is_file()


def check_out(out: Path, force: bool) -> None:
    """Refuse a folder that already holds results (unless ``force``) or is not a folder."""
    if out.exists() and not out.is_dir():
        raise ConfigError(f"--out {out}: exists and is not a folder")
    for name in RESULT_FILES:  # a file this folder's run writes, taken by a folder of that name
        if (out / name).is_dir():
            raise ConfigError(
                f"--out {out}: {out / name} is a folder; expected the run's {name} file there "
                "(move the folder away)"
            )
    held = [name for name in RESULT_NAMES if (out / name).exists()]
    if held and not force:
        raise ConfigError(
            f"--out {out}: already holds results ({', '.join(held)}); "
            "pass --force to overwrite them or choose another folder"
        )


#: A maker of one run's files in a folder: (folder, scenario, seed) -> the run's ``emit``,
#: ``on_hand`` and ``finish(result)``; the runs of a multi-day event and a series' target.
FolderFiles = Callable[
    [str, "Scenario", int], tuple[Callable[[Any], None], Any, Callable[[Any], None]]
]


def files_in(out: Path, *, hands: str, scenario_name: str) -> FolderFiles:
    """``FolderFiles`` writing each run in ``out/<folder>`` as ``pokersim run --out`` does.

    Its ``summary.json`` names the scenario ``<scenario_name>-<folder>``.
    """

    def files(folder: str, scenario: Scenario, seed: int) -> Any:
        run = RunFiles(out / folder, scenario, seed, hands=hands)
        name = f"{scenario_name}-{folder}"
        return run.emit, run.on_hand, lambda result: run.finish(result, scenario_name=name)

    return files


class RunFiles:
    """Write one run's outputs into ``out`` as the run plays.

    Pass ``emit``, ``emit_hand``, ``emit_rows`` and ``on_hand`` to the engine; then
    ``finish(result, scenario_name=...)``
    when the run ends, or ``discard()`` when it stops with an error (used as a context manager,
    an exception leaving the block discards). ``hands`` is one of ``HANDS_CHOICES``.
    """

    def __init__(
        self,
        out: Path,
        scenario: Scenario,
        seed: int,
        *,
        hands: str = "none",
        hero: str | None = None,
        on_event: Callable[[Any], None] | None = None,
        on_row: Callable[[bytes], None] | None = None,
    ) -> None:
        from pokersim.hand_log import table_event

        if hands not in HANDS_CHOICES:
            raise ValueError(f"hands must be one of {HANDS_CHOICES}, got {hands!r}")
        self.out = out
        out.mkdir(parents=True, exist_ok=True)
        self._hand_files = (
            _HandFiles(hands, out / "hands", as_played(scenario), seed, hero)
            if hands != "none"
            else None
        )
        if self._hand_files is None and (out / "hands.part").is_dir():
            shutil.rmtree(out / "hands.part")  # left by a killed run
        recorder = None if self._hand_files is None else self._hand_files.recorder
        # the full view reads every hand; one player's view follows that player's hands
        # (recorded whole) and is told the number of the others that matter (``HandWatch``)
        follows = recorder is not None and recorder.hero_id is not None
        self.on_hand: Callable[[HandResult], None] | None = (
            recorder.on_hand if recorder is not None and not follows else None
        )
        self.watch: HandWatch | None = recorder if follows else None
        self._on_event = on_event
        self._events_tmp = out / "events.jsonl.part"
        # closed by finish or discard; written in large pieces (the writer buffers)
        self._stream: IO[bytes] | None = open(self._events_tmp, "wb")
        self._writer = _EventLog(self._stream)
        self._table_event = table_event
        # a hand's TableHandStarted or TableHandEnded as a row: straight to the writer when
        # no one else reads it
        self.emit_rows: Callable[[bytes], None] = (
            self._writer.row if on_event is None else self._row_and_record
        )
        # many hands' rows at once (theirs and their own events'), when no record is made of
        # them: the tables' loop's stretches, where no hand is synchronized (``on_row`` reads
        # only those: the hand-for-hand count)
        self.emit_log: Callable[[bytes], None] | None = (
            self._writer.row if on_event is None else None
        )
        if on_row is not None:  # passed on as it is, unread: ``on_event`` does not see it
            write_row = self._writer.row

            def row_and_pass(row: bytes) -> None:
                write_row(row)
                on_row(row)

            self.emit_rows = row_and_pass
        # a hand's own events: only the event log reads them (the hand histories come from
        # ``on_hand``, and ``on_event`` sees the tournament's events), their lines written
        # from the hand's rows in one go
        self.emit_hand: Callable[[Sequence[HandEvent]], None] = self._writer.hand

    def emit(self, event: Any) -> None:
        """Log one event; the hand histories follow it (a table that breaks is written)."""
        self._writer(event)
        if self._hand_files is not None:
            self._hand_files.recorder.on_event(event)
        if self._on_event is not None:
            self._on_event(event)

    def _row_and_record(self, row: bytes) -> None:
        """Log a hand's ``TableHandStarted`` or ``TableHandEnded``, given as a row.

        Its line is written with the hands' rows in one compiled call; ``on_event`` gets its
        record. The hand histories do not read these two events.
        """
        self._writer.row(row)
        if self._on_event is not None:
            self._on_event(self._table_event(row))

    def finish(self, result: TournamentResult, *, scenario_name: str) -> None:
        """Complete ``events.jsonl``, write ``summary.json`` and the last hand histories."""
        from pokersim.results import summary_json

        self._writer.flush()
        self._close()
        os.replace(self._events_tmp, self.out / "events.jsonl")
        summary_tmp = self.out / "summary.json.part"
        summary_tmp.write_text(summary_json(result, scenario=scenario_name), encoding="utf-8")
        if self._hand_files is not None:
            self._hand_files.recorder.close(result)
        os.replace(summary_tmp, self.out / "summary.json")
        if self._hand_files is not None:
            self._hand_files.publish()

    def discard(self) -> None:
        """Drop the unfinished event log and hand histories: the folder stays as it was."""
        self._close()
        if self._events_tmp.exists():
            self._events_tmp.unlink()
        if self._hand_files is not None:
            self._hand_files.discard()

    def _close(self) -> None:
        if self._stream is not None:
            self._stream.close()
            self._stream = None

    def __enter__(self) -> RunFiles:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if kind is not None:
            self.discard()


def write_run(
    scenario: Scenario,
    seed: int,
    out: Path,
    *,
    scenario_name: str,
    hands: str = "none",
    hero: str | None = None,
    actions: bool = False,
    progress: Callable[[int], None] | None = None,
    on_event: Callable[[Any], None] | None = None,
    on_row: Callable[[bytes], None] | None = None,
) -> TournamentResult:
    """Play one tournament and write its outputs into ``out`` (what ``pokersim run --out`` does).

    ``actions`` also logs every hand's own events; ``hero`` writes that player's view of the
    hands; ``on_event`` sees every tournament event too (not each hand's own events), but
    with ``on_row`` each hand's ``TableHandStarted`` and ``TableHandEnded`` go there instead, as
    the rows the log is written from (``hand_log.table_started_row``: decoding them into
    records costs a run about as much as writing them), except the hands of the tables' loop's
    stretches (``engine.cruise``), none of them synchronized, which go to the log at once;
    ``scenario_name`` is ``summary.json``'s ``scenario`` (the scenario file's stem for
    ``pokersim run``). The folder is not checked:
    see ``check_out``.
    """
    from pokersim.engine import run_tournament

    with RunFiles(
        out, scenario, seed, hands=hands, hero=hero, on_event=on_event, on_row=on_row
    ) as files:
        result = run_tournament(
            scenario,
            seed,
            emit=files.emit,
            emit_hand=files.emit_hand,
            emit_rows=files.emit_rows,
            emit_log=files.emit_log,
            on_hand=files.on_hand,
            watch=files.watch,
            record_actions=actions,
            progress=progress,
        )
    files.finish(result, scenario_name=scenario_name)
    return result


_ROWS_PER_WRITE = 1 << 16  # rows encoded in one compiled call, at most (about 1 MB of lines)
_LINES_PER_WRITE = 4096  # lines of other events waiting, at most


class _EventLog:
    """The writer of ``events.jsonl``, to a binary stream: the rows' lines written compiled.

    The rows (hands', tables') wait in one array; their place among the other events' lines
    is an entry (``None`` in the buffer), and rows that follow rows join their entry. When it
    writes, one compiled call encodes every waiting row (``hand_lines.HandLines.encode``) and
    its bytes go to the stream as they are, between the other lines, in one write. A row
    costs the writer one Python call.
    """

    __slots__ = ("_batch", "_buf", "_hand_events", "_joined", "_line", "_rows", "_stream")

    def __init__(self, stream: IO[bytes]) -> None:
        from pokersim.events import event_line
        from pokersim.hand_lines import HandLines
        from pokersim.hand_log import HandEvents

        self._stream = stream
        self._line = event_line
        self._hand_events = HandEvents
        self._batch = HandLines()
        self._rows = self._batch.rows  # emptied in place when written
        self._buf: list[Any] = []  # other events' lines (bytes); None: an entry of rows
        self._joined = False  # the buffer ends with an entry: rows join it

    def __call__(self, event: Any) -> None:
        """Log an event given as a record."""
        self._buf.append((self._line(event) + "\n").encode())
        self._joined = False
        if len(self._buf) >= _LINES_PER_WRITE:
            self.flush()

    def row(self, row: bytes) -> None:
        """Log a table's row (``hand_log.table_started_row``, ``table_ended_row``: int64 bytes).

        Or several rows in order, hands' own events' among them (the engine's ``emit_log``).
        """
        if not self._joined:
            self._entry()
        rows = self._rows
        rows.frombytes(row)
        if len(rows) >= _ROWS_PER_WRITE:
            self.flush()

    def hand(self, events: Sequence[HandEvent]) -> None:
        """Log one hand's own events: its rows if it has them, else record by record."""
        if not isinstance(events, self._hand_events):
            for event in events:  # a hand played by a replaced hand engine: records
                self(event)
            return
        if not self._joined:
            self._entry()
        rows = self._rows
        rows.extend(events.rows)
        if len(rows) >= _ROWS_PER_WRITE:
            self.flush()

    def _entry(self) -> None:
        self._batch.entry()
        self._buf.append(None)
        self._joined = True

    def flush(self) -> None:
        """Write what waits."""
        buf = self._buf
        if not buf:
            return
        if self._rows:
            data, at = self._batch.encode()
            h = 0
            for k, line in enumerate(buf):
                if line is None:
                    buf[k] = data[at[h] : at[h + 1]]
                    h += 1
        self._stream.write(b"".join(buf))
        buf.clear()
        self._joined = False


def as_played(scenario: Scenario) -> Scenario:
    """The scenario with the start the hands were played from (a delayed start, R-REG-4)."""
    delay = scenario.registration.delay_start_seconds
    if not delay:
        return scenario
    from pokersim.lobby import played_start  # noqa: PLC0415 (numpy only when a run is written)

    starts_at = scenario.starts_at
    return dataclasses.replace(
        scenario,
        start_seconds=played_start(scenario.start_seconds, delay),
        starts_at=None if starts_at is None else starts_at + timedelta(seconds=delay),
    )


class _HandFiles:
    """A run's hand histories (``pokersim.history.recorder``) under a temporary folder.

    They go to ``hands.part`` beside ``hands`` and replace the earlier run's folder only in
    ``publish``, at the end of a complete run (as ``events.jsonl`` does).
    """

    def __init__(
        self, kind: str, final: Path, scenario: Scenario, seed: int, hero: str | None
    ) -> None:
        from pokersim.hand_history_rows import hand_rows_reader
        from pokersim.history.recorder import HandHistoryRecorder

        self.final = final
        self.folder = final.with_name(final.name + ".part")
        self.discard()  # left by a run that was killed
        try:
            self.recorder = HandHistoryRecorder(
                kind, self.folder, scenario, seed, hero=hero, read=hand_rows_reader()
            )
        except ValueError as exc:  # an unknown --hero
            raise ConfigError(str(exc)) from None

    def discard(self) -> None:
        """Remove the temporary folder (an interrupted run)."""
        if self.folder.is_dir():
            shutil.rmtree(self.folder)

    def publish(self) -> None:
        """Replace the earlier run's hand histories by this run's."""
        if self.final.is_dir():
            shutil.rmtree(self.final)
        os.replace(self.folder, self.final)
