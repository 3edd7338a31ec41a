"""Many runs of one scenario: seeds, workers, an incremental Parquet store and resume.

Run ``i`` of a study with seed ``S`` always uses ``rng.derive_seed(S, i)``, and a run's rows are
a pure function of (scenario, seed, runner): so the merged files are byte-identical whatever the
number of workers or the backend (in-process, local processes or a Dask cluster). No wall-clock
time, host name or worker id is ever written into the results.

A *runner* is any callable ``(scenario_path, seed) -> (run_row, finish_rows)`` named by
``"module:function"`` (imported with importlib, never evaluated). The default one plays the
tournament with the engine and reduces its event log (see ``engine_runner``). ``run_row`` may
carry a ``"timeline"`` entry: ``(seconds, players_left, avg_stack_bb)`` samples for the plots.

Store layout in the output folder::

    study.json            what was asked (scenario digest, seed, runs, runner): checked on resume
    parts/r00000042.*.parquet  one set of part files per completed run, written atomically
    runs.parquet          one row per run            } merged from the parts, sorted by run,
    finishes.parquet      one row per player per run } when every run is done
    timeline.parquet      players left / avg stack samples per run }
    .pokersim.lock        held while a process writes the folder (``pokersim.lock``)

The parent process alone writes files (workers return rows), so a remote cluster needs no shared
file system; a run's ``runs`` part is written last and marks the run as complete. Each part names
its study in its schema metadata (``IDENTITY_KEY``, ``study_identity``): on resume, a part of
another study (another scenario or sweep arm on the same seed) or one written before parts named
their study is played again, since its rows cannot be told to be this study's.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import math
import os
import re
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, CancelledError, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any

import pyarrow as pa
import pyarrow.parquet as pq

from pokersim.errors import ConfigError, PokerSimError
from pokersim.frozen import frozen
from pokersim.lock import LOCK_NAME, folder_lock
from pokersim.rng import derive_seed

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

Runner = Callable[[str, int], tuple[Mapping[str, Any], Sequence[Mapping[str, Any]]]]
# a run's index and its three tables as Parquet bytes, encoded where the run was played (the
# parent only writes them: with two workers on two cores it would otherwise be the bottleneck)
RunResult = tuple[int, dict[str, bytes]]
_Store = Callable[[RunResult], None]

DEFAULT_RUNNER = "pokersim.study:engine_runner"
FORMAT_VERSION = 2  # 2: the columns of a linked series' target
MANIFEST = "study.json"
PARTS = "parts"
TABLES = ("runs", "finishes", "timeline")
MAX_POOL_RESTARTS = 3
# seconds between looks at the workers while no run ends, and how long a dead worker may go
# unnoticed by the pool before the study counts the pool broken itself (``_pool_session``)
WORKER_WATCH_SECONDS = 1.0
DEAD_WORKER_GRACE_SECONDS = 5.0
MERGE_ROWS = 1 << 20  # rows per row group of the merged files
_PART_NAME = re.compile(r"r([0-9]{8,})\.runs\.parquet")  # a completed run's mark
IDENTITY_KEY = b"pokersim.study"  # a part's schema metadata: the study it belongs to
_IDENTITY_FIELDS = ("format", "runner", "scenario_sha256", "target_sha256", "seed")

# --- schemas: the documented columns (docs/studies.md), in file order --------------------------

# a linked series' target (R-SAT-1, ``run_rows.with_target``): integers, empty for other scenarios
_TARGET_RUN = (
    "target_entries",
    "target_prize_pool_cents",
    "target_hands_played",
    "target_duration_seconds",
    "seats_won",
    "seats_played",
)
_TARGET_FINISH = (
    "target_place",
    "target_prize_cents",
    "target_bounty_cents",
    "target_cost_cents",
    "series_profit_cents",
)

RUN_SCHEMA = pa.schema(
    [
        ("run", pa.int64()),
        ("seed", pa.int64()),
        ("scenario", pa.string()),
        ("entries", pa.int64()),
        ("players", pa.int64()),
        ("prize_pool_cents", pa.int64()),
        ("bounties_paid_cents", pa.int64()),
        ("places_paid", pa.int64()),
        ("hands_played", pa.int64()),
        ("duration_seconds", pa.int64()),
        ("chips_in_play", pa.int64()),
        ("bubble_seconds", pa.int64()),
        ("final_table_seconds", pa.int64()),
        ("level_at_bubble", pa.int64()),
        ("level_at_final_table", pa.int64()),
        ("level_at_end", pa.int64()),
        ("avg_stack_bb_at_bubble", pa.float64()),
        ("avg_stack_bb_at_final_table", pa.float64()),
        *((column, pa.int64()) for column in _TARGET_RUN),
    ]
)
FINISH_SCHEMA = pa.schema(
    [
        ("run", pa.int64()),
        ("seed", pa.int64()),
        ("player_id", pa.int64()),
        ("name", pa.string()),
        ("model", pa.string()),
        ("skill", pa.float64()),
        ("place", pa.int64()),
        ("prize_cents", pa.int64()),
        ("bounty_cents", pa.int64()),
        ("entries", pa.int64()),
        ("rebuys", pa.int64()),
        ("addons", pa.int64()),
        ("cost_cents", pa.int64()),
        ("profit_cents", pa.int64()),
        ("final_table_stack", pa.int64()),
        *((column, pa.int64()) for column in _TARGET_FINISH),
    ]
)
TIMELINE_SCHEMA = pa.schema(
    [
        ("run", pa.int64()),
        ("seconds", pa.int64()),
        ("players_left", pa.int64()),
        ("avg_stack_bb", pa.float64()),
    ]
)
SCHEMAS = {"runs": RUN_SCHEMA, "finishes": FINISH_SCHEMA, "timeline": TIMELINE_SCHEMA}
SORT_KEYS = {
    "runs": [("run", "ascending")],
    "finishes": [("run", "ascending"), ("place", "ascending"), ("player_id", "ascending")],
    "timeline": [("run", "ascending"), ("seconds", "ascending")],
}
# Columns a runner must give; the others may be missing (stored as null).
_REQUIRED = {
    "runs": ("entries", "prize_pool_cents", "hands_played", "duration_seconds"),
    "finishes": ("player_id", "model", "place", "prize_cents", "cost_cents", "profit_cents"),
}


# --- runners -----------------------------------------------------------------------------------


def load_runner(name: str) -> Runner:
    """Import a runner named ``"package.module:function"`` (importlib only, never ``eval``)."""
    module_name, sep, attr = name.partition(":")
    if not sep or not module_name or not attr:
        raise ConfigError(f"runner {name!r}: expected 'package.module:function'")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ConfigError(f"runner {name!r}: cannot import module {module_name!r} ({exc})") from exc
    func = getattr(module, attr, None)
    if func is None or not callable(func):
        raise ConfigError(f"runner {name!r}: module {module_name!r} has no function {attr!r}")
    return func


def engine_runner(scenario_path: str, seed: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play one tournament with the engine and reduce its event log to study rows.

    Its name is recorded in each study's ``study.json`` (``DEFAULT_RUNNER``); the rows are
    ``pokersim.run_rows.engine_rows``'.
    """
    from pokersim.run_rows import engine_rows  # noqa: PLC0415 - the engine: workers only

    return engine_rows(scenario_path, seed)


# --- the study ---------------------------------------------------------------------------------


@frozen(slots=True, kw_only=True)
class StudyResult:
    """The merged tables of a study (pandas), with the folder they were read from."""

    path: Path
    runs: pd.DataFrame
    finishes: pd.DataFrame
    timeline: pd.DataFrame


@frozen(slots=True, kw_only=True)
class _Task:
    index: int
    seed: int
    scenario_path: str
    scenario_bytes: bytes
    scenario_sha256: str
    runner: str
    version: str = ""  # the client's pokersim version: a worker with another one refuses the run
    target_bytes: bytes = b""  # a linked satellite's target file (R-SAT-1), for remote workers
    study: str = ""  # the study's identity (``study_identity``), stamped on its part files


def study_identity(manifest: Mapping[str, Any]) -> str:
    """The SHA-256 of what makes a study's rows (its ``study.json`` keys that resume checks).

    Not the scenario's path nor ``runs``: the same scenario bytes moved, or a study extended,
    is the same study. A sweep's arms are studies of their own scenario text, so differ too.
    """
    keys = {key: manifest[key] for key in _IDENTITY_FIELDS}
    return hashlib.sha256(json.dumps(keys, sort_keys=True).encode()).hexdigest()


def run_seeds(seed: int, runs: int) -> list[int]:
    """The seed of every run of a study: ``derive_seed(seed, i)`` for ``i`` in ``0..runs-1``."""
    return [derive_seed(seed, i) for i in range(runs)]


def scenario_data_of(scenario: Any) -> dict[str, Any]:
    """A scenario as TOML data (a fresh deep copy): from a path, a ``Scenario`` or a mapping."""
    from pokersim.scenario import Scenario, read_toml  # noqa: PLC0415
    from pokersim.scenario_toml import anchor_target, scenario_data  # noqa: PLC0415

    if isinstance(scenario, str | os.PathLike):  # read as the loader reads it, one-line errors
        return anchor_target(read_toml(os.fspath(scenario), "scenario"), scenario)
    if isinstance(scenario, Scenario):
        return scenario_data(scenario)
    if isinstance(scenario, Mapping):
        return _deep_copy(scenario)
    raise ConfigError(
        f"a scenario is a path, a Scenario or a mapping of TOML data, got {type(scenario).__name__}"
    )


def _deep_copy(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _deep_copy(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_deep_copy(v) for v in value]
    return value


def variant(base: Any = None, /, **changes: Any) -> dict[str, Any]:
    """A scenario changed by keywords, as TOML data checked by the scenario loader.

    ``base`` is a path, a ``Scenario`` or a mapping (default: the built-in scenario). Keys are
    top-level keys (``level_minutes=8``) or paths into tables, written with a double
    underscore or dots: ``players__count=90`` or ``**{"entries.bounty_cents": 500}``. A value
    of ``None`` removes the key. Pass the result to ``run_study`` (or ``parse_scenario``)::

        b = variant("scenarios/default.toml", name="8-minute levels", level_minutes=8)
        run_study(b, runs=100, out="results/b")
    """
    from pokersim.scenario import default_scenario_path, parse_scenario  # noqa: PLC0415

    data = scenario_data_of(default_scenario_path() if base is None else base)
    for key, value in changes.items():
        path = key.replace("__", ".").split(".")
        table = data
        for part in path[:-1]:
            inner = table.setdefault(part, {})
            if not isinstance(inner, dict):
                raise ConfigError(f"variant: {key}: {part!r} is not a table in the scenario")
            table = inner
        if value is None:
            table.pop(path[-1], None)
        else:
            table[path[-1]] = _deep_copy(value)
    parse_scenario(data, source="<variant>")
    return data


def scenario_text(scenario: Any) -> str:
    """TOML text of an in-memory scenario (``Scenario`` or mapping), checked by the loader."""
    import tomllib  # noqa: PLC0415

    import tomli_w  # noqa: PLC0415

    from pokersim.scenario import parse_scenario  # noqa: PLC0415

    text = tomli_w.dumps(scenario_data_of(scenario))
    parse_scenario(tomllib.loads(text), source="<scenario>")
    return text


def run_study(
    scenario: Any = None,
    *,
    runs: int,
    out: str | os.PathLike[str],
    seed: int = 0,
    jobs: int | None = None,
    scheduler: Any = None,
    resume: bool = False,
    runner: str = DEFAULT_RUNNER,
    progress: bool = True,
    on_run: Callable[[int], None] | None = None,
    desc: str = "study",
    force: bool = False,
    workers: LocalWorkers | None = None,
) -> StudyResult:
    """Run (or finish, with ``resume``) a study and return its merged tables.

    ``jobs``: local worker processes (default: all cores; 1 runs in this process).
    ``workers``: local workers started by the caller (``local_workers``) to play the runs on,
    kept running afterwards (say, for the report); ``jobs`` is then theirs.
    ``scheduler``: a Dask scheduler address (``"tcp://host:8786"``) or a ``distributed.Client``;
    when given, runs execute on that cluster and ``jobs`` is ignored.
    ``on_run`` is called with each run's index once its rows are safely stored.
    ``scenario`` is a path, or a ``Scenario`` or a mapping of TOML data (say, from
    ``variant``): those are written to ``OUT/scenario.toml`` and the study runs that file.
    ``desc`` names the progress bar. The folder gets ``provenance.json`` and ``scenario.toml``
    (``pokersim.provenance``); ``resume`` refuses a folder made by another pokersim version
    unless ``force``.
    """
    _refuse_in_starting_worker()
    if runs < 1:
        raise ConfigError(f"runs must be >= 1, got {runs}")
    if jobs is not None and jobs < 1:
        raise ConfigError(f"jobs must be >= 1, got {jobs}")
    if not 0 <= seed < 2**63:
        raise ConfigError(f"seed must be in 0..2**63-1, got {seed}")
    folder = Path(out)
    in_memory = scenario is not None and not isinstance(scenario, str | os.PathLike)
    if in_memory:
        data = scenario_text(scenario).encode("utf-8")
        scenario_path = os.path.abspath(folder / "scenario.toml")
    else:
        scenario_path = _scenario_path(scenario, runner)
        try:
            data = Path(scenario_path).read_bytes()
        except OSError as exc:
            raise ConfigError(
                f"scenario {scenario_path!r}: cannot read it ({exc.strerror})"
            ) from exc
    load_runner(runner)  # fail fast on a bad name, before any worker starts
    if runner == DEFAULT_RUNNER and not in_memory:
        _check_scenario(scenario_path)
    from pokersim.provenance import linked_target  # noqa: PLC0415

    digest = hashlib.sha256(data).hexdigest()
    target = linked_target(data, None if in_memory else scenario_path)
    manifest = {
        "format": FORMAT_VERSION,
        "runner": runner,
        "runs": runs,
        "scenario": os.fspath(scenario_path),
        "scenario_sha256": digest,
        # a linked satellite's target plays in every run (R-SAT-1): a changed target is
        # another study
        "target_sha256": hashlib.sha256(target.read_bytes()).hexdigest() if target else None,
        "seed": seed,
    }
    if (jobs or _cpu_count()) > 1 and scheduler is None and runs > 1 and workers is None:
        _check_main_guard()
    if resume and not (folder / MANIFEST).is_file():
        what = "does not exist" if not folder.exists() else "holds no study (no study.json)"
        raise ConfigError(
            f"--resume: {folder} {what}: there is nothing to resume (leave out --resume to start "
            "a new study there)"
        )
    if not folder.exists():
        try:
            folder.mkdir(parents=True, exist_ok=True)  # another study may be creating it too
        except OSError as exc:
            raise ConfigError(
                f"--out {folder}: cannot create the folder ({exc.strerror})"
            ) from None
    with folder_lock(folder, "--out"):
        return _run_locked(
            folder, manifest, resume, runs, seed, data, digest, scenario_path, runner, jobs,
            scheduler, progress, on_run, in_memory, desc, force, workers,
        )  # fmt: skip


def _run_locked(
    folder: Path,
    manifest: dict[str, Any],
    resume: bool,
    runs: int,
    seed: int,
    data: bytes,
    digest: str,
    scenario_path: str,
    runner: str,
    jobs: int | None,
    scheduler: Any,
    progress: bool,
    on_run: Callable[[int], None] | None,
    in_memory: bool,
    desc: str = "study",
    force: bool = False,
    workers: LocalWorkers | None = None,
) -> StudyResult:
    """The study itself, while this process holds the folder's lock.

    ``in_memory``: the scenario came as a record or mapping, written to ``scenario.toml`` here.
    """
    from pokersim import provenance  # noqa: PLC0415

    if resume:
        provenance.check_resume(folder, force)
    done = _prepare_folder(folder, manifest, resume)
    identity = study_identity(manifest)
    if in_memory:
        _write_atomic(Path(scenario_path), data)
    if not resume or not (folder / provenance.FILE).is_file() or force:
        provenance.write_provenance(
            folder,
            seed=seed,
            scenario=None if in_memory else scenario_path,
            scenario_bytes=data,
            extra={"runs": runs, "runner": runner},
        )
    seeds = run_seeds(seed, runs)
    target = provenance.linked_target(data, None if in_memory else scenario_path)
    target_bytes = target.read_bytes() if target else b""  # sent to remote workers
    todo = [
        _Task(
            index=i,
            seed=seeds[i],
            scenario_path=os.path.abspath(scenario_path),
            scenario_bytes=data,
            scenario_sha256=digest,
            runner=runner,
            version=_version(),
            target_bytes=target_bytes,
            study=identity,
        )
        for i in range(runs)
        if i not in done
    ]
    if progress and todo and runner == DEFAULT_RUNNER:
        from pokersim.progress import announce_compile  # noqa: PLC0415

        announce_compile()
    bar = _progress_bar(runs, len(done), progress, desc)
    merge = _open_merge(folder, runs, done)
    try:

        def store(result: RunResult) -> None:
            try:
                _write_parts(folder, result)
                merge.add(result)
            except OSError as exc:
                raise PokerSimError(
                    f"--out {folder}: cannot write {exc.filename or 'a part file'} "
                    f"({exc.strerror}); the runs completed so far are saved: free some space "
                    "and finish the study with --resume"
                ) from None
            bar.update(1)
            if on_run is not None:
                on_run(result[0])

        _execute(todo, store, scheduler=scheduler, workers=workers, jobs=jobs, runner=runner)
        merge.finish()
    except OSError as exc:
        merge.abandon()
        raise _merge_failed(folder, exc) from None
    except BaseException:
        merge.abandon()
        raise
    finally:
        bar.close()
    return load_study(folder)


def _execute(
    todo: Sequence[_Task],
    store: _Store,
    *,
    scheduler: Any,
    workers: LocalWorkers | None,
    jobs: int | None,
    runner: str,
) -> None:
    """Play the runs left where they are asked to run.

    On a Dask cluster, the caller's workers, workers of the study's own, or in this process
    (one job, or one run left).
    """
    if not todo:
        return
    if scheduler is not None:
        _execute_dask(todo, scheduler, store)
    elif workers is not None:
        _execute_processes(todo, workers, store)
    elif (jobs or _cpu_count()) == 1 or len(todo) == 1:
        for task in todo:
            store(_execute_task(task))
    else:
        count = min(jobs or _cpu_count(), len(todo))
        with LocalWorkers(count, warm=runner == DEFAULT_RUNNER) as own:
            _execute_processes(todo, own, store)


def _open_merge(folder: Path, runs: int, done: set[int]) -> _StudyMerge:
    try:
        return _StudyMerge(folder, runs, done)
    except OSError as exc:
        raise _merge_failed(folder, exc) from None


def _merge_failed(folder: Path, exc: OSError) -> PokerSimError:
    return PokerSimError(
        f"--out {folder}: cannot write {exc.filename or 'the merged files'} ({exc.strerror}); "
        "every run is saved: free some space and run the same command with --resume"
    )


def _scenario_path(scenario: str | os.PathLike[str] | None, runner: str) -> str:
    if scenario is not None:
        return os.fspath(scenario)
    if runner != DEFAULT_RUNNER:
        raise ConfigError("a scenario path is required with a custom runner")
    from pokersim.scenario import default_scenario_path  # noqa: PLC0415

    return os.fspath(default_scenario_path())


def _check_scenario(path: str) -> None:
    """Load the scenario once in this process so a bad file fails before any run starts.

    A multi-day event is studied event by event (``event_rows``); one cancelled before the
    start is refused; a linked satellite's target is read and checked too (R-SAT-1).
    """
    from pokersim.scenario import load_scenario  # noqa: PLC0415

    scenario = load_scenario(path)
    refuse_cancelled(scenario, path)
    if scenario.series.linked:
        from pokersim.series import load_target  # noqa: PLC0415

        load_target(scenario)


def refuse_multiday(scenario: Any, path: str) -> None:
    """Designs and calibration play single tournaments: a multi-day event is refused.

    Played as one tournament of the whole field it would give figures of another event (a
    study, a sweep or a comparison plays it as the event it is: ``event_rows``).
    """
    if scenario.flights.enabled:
        raise ConfigError(
            f"{path}: flights: a multi-day event is played by `pokersim run`, `study`, `sweep` "
            "and `compare`; designs and calibration play single tournaments: expected no "
            "[flights] table"
        )
    refuse_cancelled(scenario, path)


def refuse_cancelled(scenario: Any, path: str) -> None:
    """A scenario cancelled before the start plays nothing: no study or report of it.

    Every run of it is the same refund (R-REG-4, R-FAULT-2); ``pokersim run`` shows it.
    """
    from pokersim.lobby import cancelled_by_stage  # noqa: PLC0415

    if scenario.registration.cancel_before_start:
        key = "registration.cancel_before_start"
    elif cancelled_by_stage(scenario.faults):
        key = 'faults.cancel_at_stage = "before-start"'
    else:
        return
    raise ConfigError(
        f"{path}: {key}: the tournament is cancelled before the start, so no hand is played to "
        "study or report (`pokersim run` without --report shows the refunds): expected a "
        "scenario that starts"
    )


def _cpu_count() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def _progress_bar(total: int, initial: int, enabled: bool, desc: str = "study") -> Any:
    """A bar on a terminal, a line every few seconds otherwise (``pokersim.progress``)."""
    from pokersim.progress import progress_bar  # noqa: PLC0415

    return progress_bar(
        total,
        initial=initial,
        desc=desc,
        unit="run",
        enabled=enabled,
        smoothing=0.1,
        dynamic_ncols=True,
    )


# --- the output folder -------------------------------------------------------------------------


def _prepare_folder(folder: Path, manifest: dict[str, Any], resume: bool) -> set[int]:
    """Create or reopen the folder; return the indices of the runs already completed."""
    path = folder / MANIFEST
    if path.exists():
        if not resume:
            raise ConfigError(
                f"{folder} already holds a study: pass --resume to finish it, or choose another "
                "--out folder"
            )
        try:
            old = read_json_object(path, "the study's settings, as `pokersim study` writes them")
        except ConfigError as exc:
            raise ConfigError(
                f"cannot resume the study in {folder}: {exc}; restore the file, or start the "
                "study again in another --out folder"
            ) from None
        for key in ("format", "runner", "scenario_sha256", "target_sha256", "seed"):
            if old.get(key) != manifest[key]:
                raise ConfigError(
                    f"cannot resume the study in {folder}: its {key} is {old.get(key)!r}, "
                    f"this command asks for {manifest[key]!r}"
                )
        done = _checked_runs(folder, manifest["seed"], study_identity(manifest))
        beyond = sorted(i for i in done if i >= manifest["runs"])
        if beyond:
            raise ConfigError(
                f"cannot resume the study in {folder} with --runs {manifest['runs']}: it already "
                f"holds run {beyond[-1]}; use --runs {beyond[-1] + 1} or more"
            )
    else:
        if folder.exists() and any(p.name != LOCK_NAME for p in folder.iterdir()):
            raise ConfigError(
                f"--out {folder} is not empty and holds no study; choose an empty or new folder"
            )
        done = set()
    (folder / PARTS).mkdir(parents=True, exist_ok=True)
    for stale in (folder / PARTS).glob("*.tmp"):
        stale.unlink()
    _write_atomic(path, (json.dumps(manifest, indent=2, sort_keys=True) + "\n").encode())
    return done


def read_json_object(path: Path, expected: str) -> dict[str, Any]:
    """A file holding one JSON object (``study.json``, ``sweep.json``), or one line saying why not.

    The ``ConfigError`` names the file, what is wrong with it and, as ``expected``, what it
    should hold.
    """
    try:
        value = json.loads(path.read_bytes().decode("utf-8"))
    except OSError as exc:
        problem = f"cannot be read ({exc.strerror})"
    except UnicodeDecodeError as exc:
        problem = f"is not UTF-8 text (byte {exc.start})"
    except json.JSONDecodeError as exc:
        cut = exc.pos >= len(exc.doc.rstrip())
        problem = "is cut short" if cut else f"is not JSON ({exc.msg}, line {exc.lineno})"
    else:
        if isinstance(value, dict):
            return value
        kinds = {type(None): "null", list: "an array", str: "a string", bool: "true or false"}
        problem = f"holds {kinds.get(type(value), 'a number')}"
    raise ConfigError(f"{path} {problem}: expected a JSON object, {expected}")


def _checked_runs(folder: Path, seed: int, identity: str) -> set[int]:
    """The completed runs whose part files all read back; a damaged run is removed and named.

    A disk that filled up or a copy cut short can leave a part file empty or truncated, and a
    part copied from another study holds other columns, another run or another study's identity
    (``identity``): that run is played again rather than stopping the merge with a raw Parquet
    error (or merging foreign rows).
    """
    done = set()
    for index in sorted(completed_runs(folder)):
        for table in ("runs", "finishes", "timeline"):
            path = _part_path(folder, index, table)
            problem = _part_problem(path, table, index, derive_seed(seed, index), identity)
            if problem is not None:
                print(
                    f"study: part file {path} is {problem}; run {index} will be played again",
                    file=sys.stderr,
                )
                for name in ("runs", "finishes", "timeline"):  # runs first: it marks completion
                    _part_path(folder, index, name).unlink(missing_ok=True)
                break
        else:
            done.add(index)
    return done


def _part_problem(path: Path, name: str, index: int, seed: int, identity: str) -> str | None:
    """Why a part file cannot join run ``index`` (of seed ``seed``) of the study; None: it can."""
    try:
        part = pq.read_table(path)
    except (OSError, pa.ArrowException) as exc:
        return f"damaged ({_damage(path, exc)})"
    stamp = (part.schema.metadata or {}).get(IDENTITY_KEY)  # before ``cast``, which drops it
    schema = SCHEMAS[name]
    try:
        part = part.cast(schema)
    except (ValueError, pa.ArrowException):
        return f"not a {name} part of this study ({_columns_differ(part.schema, schema)})"
    runs = set(part.column("run").to_pylist())
    seeds = set(part.column("seed").to_pylist()) if "seed" in schema.names else set()
    other_runs, other_seeds = runs - {index}, seeds - {seed}
    if other_runs or other_seeds:
        got = f"run {min(other_runs)}" if other_runs else f"seed {min(other_seeds)}"
        return f"not a part of this study (it holds {got}, expected run {index} of seed {seed})"
    return _identity_problem(stamp, identity)


def _identity_problem(stamp: bytes | None, identity: str) -> str | None:
    """Why a part's study identity is not ``identity``; None when it is."""
    if stamp is None:
        return "not a part of this study (it names no study: written by an earlier pokersim)"
    if stamp != identity.encode():
        return (
            "not a part of this study (it names another study: another scenario, sweep arm or "
            "runner on the same seed)"
        )
    return None


def _columns_differ(got: pa.Schema, expected: pa.Schema) -> str:
    """The first way the columns ``got`` differ from the ``expected`` ones, in a few words."""
    missing = [n for n in expected.names if n not in got.names]
    if missing:
        more = f" and {len(missing) - 1} more" if missing[1:] else ""
        return f"no column {missing[0]!r}{more}"
    extra = [n for n in got.names if n not in expected.names]
    if extra:
        return f"an unexpected column {extra[0]!r}"
    for field in expected:
        kind = got.field(field.name).type
        if kind != field.type:
            return f"column {field.name!r} holds {kind}, expected {field.type}"
    return "its columns in another order"


def _damage(path: Path, exc: Exception) -> str:
    """A short reason why a part file does not read back."""
    if not path.is_file():
        return "missing"
    size = path.stat().st_size
    if size == 0:
        return "empty"
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    text = text.rsplit("': ", 1)[-1].split(". ", 1)[0]  # drop the path pyarrow repeats
    return f"{size} bytes, unreadable: {text}"


def completed_runs(folder: str | os.PathLike[str]) -> set[int]:
    """Indices of the runs whose part files are complete (their ``runs`` part exists)."""
    parts = Path(folder) / PARTS
    if not parts.is_dir():
        return set()
    # another name there (``rerun.runs.parquet``, a copy) is no part of the study: left alone
    found = (_PART_NAME.fullmatch(p.name) for p in parts.glob("r*.runs.parquet"))
    return {int(m[1]) for m in found if m and f"r{int(m[1]):08d}" == m[0][:-13]}


def _part_path(folder: Path, index: int, table: str) -> Path:
    return folder / PARTS / f"r{index:08d}.{table}.parquet"


def _write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def _table_bytes(table: pa.Table, identity: str = "") -> bytes:
    """A table as Parquet bytes, named as a part of the study ``identity`` (if any)."""
    if identity:  # the merged files are written with the bare schema: it does not reach them
        table = table.replace_schema_metadata({IDENTITY_KEY: identity.encode()})
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink, compression="zstd")
    return bytes(sink.getvalue().to_pybytes())


def _write_parts(folder: Path, result: RunResult) -> None:
    index, parts = result
    for name in ("finishes", "timeline", "runs"):  # runs last: it marks the run complete
        _write_atomic(_part_path(folder, index, name), parts[name])


def merge_parts(folder: str | os.PathLike[str], runs: int | None = None) -> None:
    """Merge the part files into the three result files, sorted by run (deterministic bytes).

    Only complete runs are merged. With ``runs``, the result files are written only when every
    run ``0..runs-1`` is complete.
    """
    folder = Path(folder)
    done = sorted(completed_runs(folder))
    if runs is not None and done != list(range(runs)):
        missing = sorted(set(range(runs)) - set(done))
        raise PokerSimError(
            f"{len(missing)} run(s) of the study in {folder} are not complete (first: run "
            f"{missing[0]}); run it again with --resume"
        )
    for name in TABLES:
        _merge_table(folder, name, done)


def _merge_table(folder: Path, name: str, done: Sequence[int]) -> None:
    """Merge the part files of one table, in run order, into its result file."""
    merged = _TableMerge(folder, name)
    try:
        for i in done:
            merged.add(_part_path(folder, i, name))
        merged.close()
    except BaseException:
        merged.abandon()
        raise


class _TableMerge:
    """One result file written as its runs' parts come, in run order (bounded memory).

    Row groups close every ``MERGE_ROWS`` rows, a function of the data alone, so the bytes do
    not depend on how the runs were played. Written to a temporary file, renamed by ``close``.
    """

    def __init__(self, folder: Path, name: str) -> None:
        self.schema = SCHEMAS[name]
        self.sort_keys = SORT_KEYS[name]
        self.path = folder / f"{name}.parquet"
        self.tmp = self.path.with_name(self.path.name + ".tmp")
        self.writer = pq.ParquetWriter(self.tmp, self.schema, compression="zstd")
        self.buffer: list[pa.Table] = []
        self.buffered = 0
        self.parts = 0

    def add(self, source: Path | pa.BufferReader) -> None:
        """Append one run's part: its file, or its Parquet bytes."""
        part = pq.ParquetFile(source).read().cast(self.schema)
        self.buffer.append(part.sort_by(self.sort_keys))  # one run: sorting it sorts the table
        self.buffered += part.num_rows
        self.parts += 1
        if self.buffered >= MERGE_ROWS:
            self.writer.write_table(pa.concat_tables(self.buffer))
            self.buffer, self.buffered = [], 0

    def close(self) -> None:
        """Write the last row group, make the file durable and put it in place."""
        if self.buffer or not self.parts:
            last = pa.concat_tables(self.buffer) if self.buffer else self.schema.empty_table()
            self.writer.write_table(last)
        self.writer.close()
        with open(self.tmp, "rb+") as fh:
            os.fsync(fh.fileno())
        os.replace(self.tmp, self.path)

    def abandon(self) -> None:
        """Drop the unfinished file (the part files keep every completed run)."""
        self.writer.close()
        self.tmp.unlink(missing_ok=True)


class _StudyMerge:
    """The result files written while the runs are played, not after them.

    A run's parts join the files once every run before it has (in memory, from the bytes the
    worker sent; a resumed study's earlier runs from their part files), so the merge overlaps
    the runs and its end leaves only the last row groups to write: the same bytes as merging
    the part files afterwards (``merge_parts``).
    """

    def __init__(self, folder: Path, runs: int, done: set[int]) -> None:
        self.folder, self.runs, self.done = folder, runs, done
        self.next = 0
        self.waiting: dict[int, dict[str, bytes]] = {}
        self.tables: dict[str, _TableMerge] = {}
        try:
            for name in TABLES:
                self.tables[name] = _TableMerge(folder, name)
            self._advance()
        except BaseException:
            self.abandon()
            raise

    def add(self, result: RunResult) -> None:
        """A run's parts, stored: merged now if every earlier run is, else kept until then."""
        index, parts = result
        self.waiting[index] = parts
        self._advance()

    def _advance(self) -> None:
        while self.next < self.runs:
            parts = self.waiting.pop(self.next, None)
            if parts is None and self.next not in self.done:
                return
            for name, table in self.tables.items():
                table.add(
                    _part_path(self.folder, self.next, name)
                    if parts is None
                    else pa.BufferReader(parts[name])
                )
            self.next += 1

    def finish(self) -> None:
        """Close the files once every run is in them."""
        if self.next < self.runs:
            raise PokerSimError(
                f"{self.runs - self.next} run(s) of the study in {self.folder} are not complete "
                f"(first: run {self.next}); run it again with --resume"
            )
        for table in self.tables.values():
            table.close()

    def abandon(self) -> None:
        for table in self.tables.values():
            table.abandon()


#: Integer columns that may hold no value (no bubble, no final table...): read as pandas'
#: nullable ``Int64``, so a missing value is ``pd.NA`` and the others stay integers.
NULLABLE_INTS = {
    "runs": (
        "bubble_seconds",
        "final_table_seconds",
        "level_at_bubble",
        "level_at_final_table",
        *_TARGET_RUN,
    ),
    "finishes": ("final_table_stack", *_TARGET_FINISH),
    "timeline": (),
}


def _to_pandas(name: str, table: pa.Table) -> pd.DataFrame:
    frame = table.to_pandas()
    for column in NULLABLE_INTS.get(name, ()):
        if column in frame.columns:
            frame[column] = frame[column].astype("Int64")
    return frame


def load_study(
    folder: str | os.PathLike[str], required: Mapping[str, Sequence[str]] | None = None
) -> StudyResult:
    """Read a study's merged result files as pandas tables.

    The integer columns that may be empty (``NULLABLE_INTS``) are nullable ``Int64`` columns.
    ``required``: the columns a caller reads, by table (say, ``report.REPORT_COLUMNS``). Each
    file is checked once, here: a required column it lacks, or a column of the study's schema
    holding another kind of values (text for numbers), is one line naming the file and column.
    """
    folder = Path(folder)
    if not folder.is_dir():
        what = "is not a folder" if folder.exists() else "no such folder"
        raise ConfigError(
            f"{folder}: {what}: expected a study's results folder (`pokersim study --out`)"
        )
    frames = {}
    for name in TABLES:
        path = folder / f"{name}.parquet"
        if not path.exists():
            if not (folder / "study.json").exists():
                raise ConfigError(
                    f"{folder} holds no study (no study.json): expected the folder of "
                    f"`pokersim study --out`{_studies_inside(folder)}"
                )
            raise ConfigError(
                f"{folder} holds no {name}.parquet: not a finished study (run `pokersim study` "
                "with --resume to finish it)"
            )
        try:
            table = pq.read_table(path)
        except (OSError, pa.ArrowException) as exc:
            raise ConfigError(
                f"{path} cannot be read ({_damage(path, exc)}): expected a study's {name} "
                f"table{_rewrite_advice(folder)}"
            ) from None
        _check_columns(path, name, table.schema, (required or {}).get(name, ()))
        frames[name] = _to_pandas(name, table)
    return StudyResult(
        path=folder, runs=frames["runs"], finishes=frames["finishes"], timeline=frames["timeline"]
    )


def _check_columns(path: Path, name: str, schema: pa.Schema, required: Sequence[str]) -> None:
    """One line naming the file and the column when a result file cannot be read as one."""
    expected = SCHEMAS[name]
    for column in required:
        if column not in schema.names:
            kind = _kind(expected.field(column).type)
            raise ConfigError(
                f"{path} has no column {column!r}: expected a column of {kind} (the study's "
                f"{name} table, docs/studies.md){_rewrite_advice(path.parent)}"
            )
    for field in schema:
        if field.name in expected.names:
            kind, want = _kind(field.type), _kind(expected.field(field.name).type)
            if kind not in (want, "no values"):
                raise ConfigError(
                    f"{path}: column {field.name!r} holds {kind} ({field.type}): expected "
                    f"{want}{_rewrite_advice(path.parent)}"
                )


def _kind(kind: pa.DataType) -> str:
    """What a column holds, in a word or two: numbers, text, no values or its Arrow type."""
    if pa.types.is_dictionary(kind):
        kind = kind.value_type
    if pa.types.is_integer(kind) or pa.types.is_floating(kind) or pa.types.is_decimal(kind):
        return "numbers"
    if pa.types.is_string(kind) or pa.types.is_large_string(kind):
        return "text"
    return "no values" if pa.types.is_null(kind) else str(kind)


def _rewrite_advice(folder: Path) -> str:
    """How to write a study's merged files again from its part files, when it has them."""
    if not (folder / PARTS).is_dir() or not (folder / MANIFEST).is_file():
        return ""
    return (
        f"; every run is kept in {folder / PARTS}: `pokersim study` with --resume --out {folder} "
        "writes the file again"
    )


def _studies_inside(folder: Path) -> str:
    """What to report instead, when ``folder`` is a sweep's or a comparison's: its arms."""
    try:
        arms = sorted(p.name for p in folder.iterdir() if (p / MANIFEST).is_file())
    except OSError:  # an unreadable folder inside: no advice rather than another error
        return ""
    if not arms:
        return ""
    what = "a sweep's" if (folder / "sweep.json").is_file() else "a comparison's"
    return (
        f"; this is {what} folder, whose arms are studies ({', '.join(arms)}): report one of "
        f"them, e.g. `pokersim report {folder / arms[0]}`"
    )


# --- rows --------------------------------------------------------------------------------------


def to_table(name: str, rows: Iterable[Mapping[str, Any]]) -> pa.Table:
    """Build one result table from row dicts, checking column names against the schema."""
    schema = SCHEMAS[name]
    columns: dict[str, list[Any]] = {f: [] for f in schema.names}
    required = _REQUIRED.get(name, ())
    for row in rows:
        unknown = sorted(set(row) - set(columns))
        if unknown:
            raise ValueError(
                f"{name} row has unknown column(s) {unknown}; expected only {schema.names}"
            )
        for key in required:
            if row.get(key) is None:
                raise ValueError(f"{name} row lacks {key!r} (required): got {sorted(row)}")
        for key, values in columns.items():
            values.append(row.get(key))
    return pa.Table.from_pydict(columns, schema=schema)


def one_run(
    folder: str | os.PathLike[str],
    seed: int,
    run_row: dict[str, Any],
    finish_rows: Sequence[Mapping[str, Any]],
) -> StudyResult:
    """A run's study rows (``played_rows``, ``reduce_event``) as the tables of a one-run study."""
    timeline = run_row.pop("timeline", ()) or ()
    run_row.update(run=0, seed=seed)
    tables = {
        "runs": to_table("runs", [run_row]),
        "finishes": to_table("finishes", [dict(r, run=0, seed=seed) for r in finish_rows]),
        "timeline": to_table(
            "timeline",
            [
                {"run": 0, "seconds": int(t), "players_left": int(n), "avg_stack_bb": float(a)}
                for t, n, a in timeline
            ],
        ),
    }
    frames = {name: _to_pandas(name, table) for name, table in tables.items()}
    return StudyResult(path=Path(folder), **frames)


def _normalize(task: _Task, raw: Any) -> RunResult:
    """Check a runner's answer and stamp run index and seed on every row."""
    if not (isinstance(raw, tuple | list) and len(raw) == 2):
        raise ValueError(
            f"runner {task.runner!r} returned {type(raw).__name__}; expected (run_row, finish_rows)"
        )
    run_row = dict(raw[0])
    timeline = run_row.pop("timeline", None) or ()
    for key in ("run", "seed"):
        if key in run_row and run_row[key] != getattr(task, "index" if key == "run" else key):
            raise ValueError(f"runner {task.runner!r} returned {key}={run_row[key]!r}")
    run_row.update(run=task.index, seed=task.seed)
    finishes = [dict(r, run=task.index, seed=task.seed) for r in raw[1]]
    timeline_rows = [
        {"run": task.index, "seconds": int(t), "players_left": int(n), "avg_stack_bb": float(a)}
        for t, n, a in timeline
    ]
    # The tables are built and encoded here, in the worker: a bad row fails with the run's
    # seed at hand, and the parent only writes bytes.
    tables = {
        "finishes": to_table("finishes", finishes),
        "timeline": to_table("timeline", timeline_rows),
        "runs": to_table("runs", [run_row]),
    }
    return task.index, {name: _table_bytes(t, task.study) for name, t in tables.items()}


# --- execution backends ------------------------------------------------------------------------


def _local_scenario(task: _Task) -> str:
    """The scenario file to play: the original if it holds the bytes sent, else a copy of them.

    Asked at every run (a file read and hashed: microseconds): a scenario edited while its
    study runs is not what the study plays, and a worker on another machine has no original.
    A linked satellite's target (R-SAT-1) comes with the task too: where it is not the original
    as sent, it is written beside the satellite's copy, which then names that copy.
    """
    target_sha = hashlib.sha256(task.target_bytes).hexdigest() if task.target_bytes else ""
    if _is_local(task, target_sha):
        return task.scenario_path
    # one folder a user: another user's would not let this one write (a shared machine's /tmp;
    # where there is no user id, Windows, the temporary folder is the user's own)
    user = f"-{os.getuid()}" if hasattr(os, "getuid") else ""
    folder = Path(tempfile.gettempdir()) / f"pokersim-scenarios{user}"
    folder.mkdir(exist_ok=True)
    if not target_sha:
        copy = folder / f"{task.scenario_sha256}{Path(task.scenario_path).suffix}"
        if not copy.exists():  # content-addressed: a copy there holds these bytes
            _write_atomic(copy, task.scenario_bytes)
        return os.fspath(copy)
    target = folder / f"{target_sha}.toml"
    if not target.exists():
        _write_atomic(target, task.target_bytes)
    copy = folder / f"{task.scenario_sha256}-{target_sha}{Path(task.scenario_path).suffix}"
    if not copy.exists():
        _write_atomic(copy, _naming_target(task.scenario_bytes, target))
    return os.fspath(copy)


def file_sha256(path: str | os.PathLike[str]) -> str:
    """The SHA-256 of a file's bytes, in hex; empty when it cannot be read."""
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return ""


def _is_local(task: _Task, target_sha: str) -> bool:
    """Whether this machine holds the task's scenario file, and its target, as sent."""
    if file_sha256(task.scenario_path) != task.scenario_sha256:
        return False
    if not target_sha:
        return True
    from pokersim.provenance import linked_target  # noqa: PLC0415

    target = linked_target(task.scenario_bytes, task.scenario_path)
    return target is not None and file_sha256(target) == target_sha


def _naming_target(data: bytes, target: Path) -> bytes:
    """A linked satellite's TOML with its ``series.target`` naming ``target``."""
    import tomllib  # noqa: PLC0415

    import tomli_w  # noqa: PLC0415

    doc = tomllib.loads(data.decode("utf-8"))
    doc["series"]["target"] = os.fspath(target)
    return tomli_w.dumps(doc).encode("utf-8")


class RunFailedError(PokerSimError):
    """A run raised: the message names its index and seed so it can be replayed alone."""


class VersionMismatchError(PokerSimError):
    """A worker runs another pokersim version than the client: its rows could differ."""


def _version() -> str:
    from pokersim.version import __version__  # noqa: PLC0415

    return __version__


def _execute_task(task: _Task) -> RunResult:
    if task.version and task.version != _version():
        raise VersionMismatchError(
            f"a worker runs pokersim {_version()}, this study runs pokersim {task.version}: "
            "install the same pokersim version on every worker (results must not depend on "
            "where a run was played)"
        )
    try:
        runner = load_runner(task.runner)
        return _normalize(task, runner(_local_scenario(task), task.seed))
    except Exception as exc:
        raise RunFailedError(
            f"run {task.index} (seed {task.seed}) failed: {type(exc).__name__}: {exc}"
        ) from exc


PARENT_POLL_SECONDS = 0.5


def _init_worker(parent: int, warm: bool = False) -> None:
    """Set up a local worker: Ctrl-C is left to the parent, and the worker ends with it.

    Workers leave Ctrl-C to the parent, which stops them; a run is never half-written. A
    parent killed outright (``kill -9``) cannot stop them, so each worker watches its parent
    and exits when it is gone (it is then re-parented, and ``os.getppid()`` changes); with the
    workers gone, multiprocessing's resource tracker ends too. With ``warm`` the worker loads
    the engine and its kernels now (``warm_engine``), once for all its runs. A worker told to
    stop ends at once (``_end_worker``) instead of tearing its interpreter down.
    """
    import atexit  # noqa: PLC0415
    import signal  # noqa: PLC0415
    import threading  # noqa: PLC0415

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    atexit.register(_end_worker)
    if os.getppid() != parent:  # already gone while this worker started
        os._exit(1)
    threading.Thread(
        target=_watch_parent, args=(parent,), name="pokersim-watch-parent", daemon=True
    ).start()
    if warm:
        warm_engine()


def _end_worker() -> None:
    """A local worker's last act, once its pool told it to stop: flush and exit now.

    Its results are all sent by then (the result queue has no buffer to flush), so the
    interpreter's teardown (numba, LLVM, pyarrow and every module freed one by one) would only
    keep the parent waiting: it joins its workers before merging. Exit callbacks run last
    registered first, so this one runs before the others and skips them; the exit status is
    0, as it was.
    """
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


WARM_PLAYERS = 18


def warm_engine() -> None:
    """Import the engine and load its compiled kernels (numba's cache) by playing a tiny run.

    The built-in default structure with ``WARM_PLAYERS`` players: every kernel a run of the
    engine calls (deal, evaluator, betting rounds, the models' equity) is loaded or compiled.
    """
    import tomllib  # noqa: PLC0415

    from pokersim.engine import run_tournament  # noqa: PLC0415
    from pokersim.scenario import default_scenario_path, parse_scenario  # noqa: PLC0415

    path = default_scenario_path()
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data["players"]["count"] = WARM_PLAYERS
    run_tournament(parse_scenario(data, source=f"{path} with {WARM_PLAYERS} players"), 0)


def _watch_parent(parent: int) -> None:
    import time  # noqa: PLC0415

    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(1)  # no clean-up: the parent that would receive our results is gone


_GUARD_HINT = (
    "put the script's top-level code under `if __name__ == \"__main__\":` (see the README's "
    "Python example), or pass jobs=1"
)


def _refuse_in_starting_worker(caller: str = "run_study") -> None:
    """A worker that is still importing the main script must not start a study of its own."""
    import multiprocessing  # noqa: PLC0415

    if getattr(multiprocessing.current_process(), "_inheriting", False):
        raise ConfigError(
            f"{caller} was called while a worker process was importing the main script: "
            + _GUARD_HINT
        )


def check_script_guard(caller: str) -> None:
    """Before ``caller`` starts local worker processes ("spawn"): both checks of a study's.

    For the other callers of worker processes (``calibration_runs``): a script that calls them
    at its top level, unguarded, is refused in one line instead of its workers dying.
    """
    _refuse_in_starting_worker(caller)
    _check_main_guard(caller)


def _check_main_guard(caller: str = "run_study") -> None:
    """Refuse to start worker processes that would run the calling script again.

    Local workers are started with multiprocessing's "spawn": each one imports the main script
    again (as ``__mp_main__``). A ``run_study`` call at the script's top level, not under an
    ``if __name__ == "__main__":`` guard, would then run in every worker: detected here, in the
    parent, before any worker starts, and again in a worker should this check miss it.
    """
    main = sys.modules.get("__main__")
    spec_name = getattr(getattr(main, "__spec__", None), "name", None) or ""
    file = getattr(main, "__file__", None)
    if main is None or not file or spec_name.endswith("__main__"):
        return  # an interactive session, a notebook, `python -m package`: not imported again
    frame: FrameType | None = sys._getframe(1)
    while frame is not None and not (
        frame.f_globals is main.__dict__ and frame.f_code.co_name == "<module>"
    ):
        frame = frame.f_back
    if frame is None:
        return
    line = frame.f_lineno
    try:
        import ast  # noqa: PLC0415

        tree = ast.parse(Path(file).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and _tests_main_name(node.test):
            if node.lineno <= line <= (node.end_lineno or node.lineno):
                return
    raise ConfigError(
        f"{file}, line {line}: {caller} with jobs > 1 starts worker processes that import "
        f"this script again, so this call would run again in each of them: {_GUARD_HINT}"
    )


def _tests_main_name(test: Any) -> bool:
    """Whether an ``if`` test mentions both ``__name__`` and ``"__main__"``."""
    import ast  # noqa: PLC0415

    names = {n.id for n in ast.walk(test) if isinstance(n, ast.Name)}
    texts = {n.value for n in ast.walk(test) if isinstance(n, ast.Constant)}
    return "__name__" in names and "__main__" in texts


class LocalWorkers:
    """Local worker processes started once and reused: for a study's runs, then its report.

    The processes are spawned at once, so they start while this process still prepares the
    study; with ``warm`` (the built-in runner) each loads the engine and its compiled kernels
    in the pool's initializer, before its first run. A pool broken by a killed worker is
    replaced by a new one on demand (``replace``). Use as a context manager, or ``close``.
    """

    def __init__(self, jobs: int, *, warm: bool = True) -> None:
        if jobs < 1:
            raise ConfigError(f"jobs must be >= 1, got {jobs}")
        self.jobs = jobs
        self.warm = warm
        self._pool: ProcessPoolExecutor | None = None
        self.pool()

    def pool(self) -> ProcessPoolExecutor:
        """The running pool (a new one after ``replace``), every process spawned."""
        if self._pool is None:
            import multiprocessing  # noqa: PLC0415

            self._pool = ProcessPoolExecutor(
                max_workers=self.jobs,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_init_worker,
                initargs=(os.getpid(), self.warm),
            )
            for _ in range(self.jobs):  # processes spawn as tasks arrive: start them all now
                self._pool.submit(_started)
        return self._pool

    def replace(self) -> None:
        """Stop a broken pool; the next ``pool()`` starts a new one."""
        if self._pool is not None:
            _stop_pool(self._pool)
            self._pool = None

    def close(self, *, cancel: bool = False) -> None:
        """Wait for the pool's work and stop it (``cancel``: stop now, dropping queued work)."""
        if self._pool is None:
            return
        if cancel:
            _stop_pool(self._pool)
        else:
            self._pool.shutdown(wait=True)
        self._pool = None

    def __enter__(self) -> LocalWorkers:
        return self

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        self.close(cancel=kind is not None)


def local_workers(
    jobs: int | None, runs: int, *, scheduler: Any = None, runner: str = DEFAULT_RUNNER
) -> LocalWorkers | None:
    """The local workers a study of ``runs`` runs would start (``None``: it plays in-process).

    For a caller that keeps them for more than the runs (the command line draws the report's
    plots on them); the same checks as ``run_study`` come first.
    """
    _refuse_in_starting_worker()
    count = min(jobs or _cpu_count(), runs)
    if scheduler is not None or count <= 1:
        return None
    _check_main_guard()
    return LocalWorkers(count, warm=runner == DEFAULT_RUNNER)


def _started() -> None:
    """A no-op task: submitting one per worker makes the pool spawn them all at once."""


def _execute_processes(tasks: Sequence[_Task], workers: LocalWorkers, store: _Store) -> None:
    """Run on the local workers, a few tasks ahead of them (bounded memory, quick stop).

    A killed worker breaks the pool: the runs in flight are resubmitted to a new pool (at most
    ``MAX_POOL_RESTARTS`` times), so only those runs' work is repeated, never their rows.
    """
    import pandas  # noqa: F401, PLC0415 - for the result's frames: now, while the workers start

    pending: Iterator[_Task] = iter(tasks)
    restarts = 0
    stored = 0

    def counted(result: RunResult) -> None:
        nonlocal stored
        store(result)
        stored += 1

    while True:
        lost = _pool_session(pending, workers, counted)
        if not lost:
            return
        workers.replace()
        restarts += 1
        lost.sort(key=lambda t: t.index)
        runs = ", ".join(f"{t.index} (seed {t.seed})" for t in lost)
        if restarts > MAX_POOL_RESTARTS:
            if not stored:  # workers that never play a run: most often a script without guard
                raise PokerSimError(
                    f"worker processes died {restarts} times before completing any run; if a "
                    f"script calls run_study, {_GUARD_HINT}"
                )
            raise PokerSimError(
                f"worker processes died {restarts} times (last with run(s) {runs} in flight); "
                "completed runs are saved, finish the study with --resume"
            )
        print(
            f"study: a worker process died; run(s) {runs} were in flight and are played again "
            f"(restart {restarts} of at most {MAX_POOL_RESTARTS})",
            file=sys.stderr,
        )
        pending = _chain(lost, pending)


def _pool_session(queue: Iterator[_Task], workers: LocalWorkers, store: _Store) -> list[_Task]:
    """Play runs from ``queue`` on the workers' pool until it is empty or the pool breaks.

    Returns the runs lost with a broken pool (empty when all went well).
    """
    jobs = workers.jobs
    in_flight: dict[Future[RunResult], _Task] = {}
    lost: list[_Task] = []
    try:
        pool = workers.pool()
    except BrokenProcessPool:  # pragma: no cover - broken between two sessions
        return list(queue)

    def submit(count: int) -> bool:
        """Queue up to ``count`` more runs; False when the pool is broken."""
        for task in _take(queue, count):
            try:
                in_flight[pool.submit(_execute_task, task)] = task
            except BrokenProcessPool:
                lost.append(task)
                return False
        return True

    try:
        broken = not submit(2 * jobs)
        dead_since: float | None = None
        while in_flight and not broken:
            finished, _ = wait(in_flight, timeout=WORKER_WATCH_SECONDS, return_when=FIRST_COMPLETED)
            if not finished:
                dead_since = _dead_since(pool, dead_since)
                broken = dead_since is not None and (
                    time.monotonic() - dead_since >= DEAD_WORKER_GRACE_SECONDS
                )
                continue
            for fut in sorted(finished, key=lambda f: in_flight[f].index):
                task = in_flight.pop(fut)
                try:
                    result = fut.result()
                except BrokenProcessPool:
                    broken = True
                    lost.append(task)
                    continue
                store(result)
                broken = not submit(1) or broken
        lost.extend(in_flight.values())  # in flight when the pool broke: played again
    except BaseException:
        workers.replace()
        raise
    return lost


def _dead_since(pool: ProcessPoolExecutor, since: float | None) -> float | None:
    """When a worker of the pool was first seen dead (None: every worker alive).

    The pool notices a killed worker itself, except when it died while sending a run's result:
    the pool then waits for the rest of that result forever (CPython's ``ProcessPoolExecutor``
    reads a result whole before it looks at its workers again), and so would the study.
    """
    processes = list((getattr(pool, "_processes", None) or {}).values())
    if not any(proc.exitcode is not None for proc in processes):
        return None
    return time.monotonic() if since is None else since


def _chain(first: list[_Task], rest: Iterator[_Task]) -> Iterator[_Task]:
    yield from first
    yield from rest


def _take(it: Iterator[_Task], n: int) -> list[_Task]:
    out = []
    for _ in range(n):
        try:
            out.append(next(it))
        except StopIteration:
            break
    return out


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """Cancel queued runs and stop the workers now (the runs in flight are lost, by design).

    A worker killed while sending a result leaves the pool's reader waiting for the rest of it;
    with every worker gone, closing this process's end of the results' pipe ends that wait.
    """
    writer = getattr(getattr(pool, "_result_queue", None), "_writer", None)  # gone on shutdown
    pool.shutdown(wait=False, cancel_futures=True)
    terminate = getattr(pool, "terminate_workers", None)  # Python >= 3.14
    if terminate is not None:
        terminate()
    else:
        for proc in list((getattr(pool, "_processes", None) or {}).values()):
            if proc.is_alive():
                proc.terminate()
        for proc in list((getattr(pool, "_processes", None) or {}).values()):
            proc.join(timeout=5)
    if writer is not None:
        writer.close()


def _execute_dask(tasks: Sequence[_Task], scheduler: Any, store: _Store) -> None:
    """Run on a Dask cluster; the scheduler retries a run whose worker died."""
    try:
        from distributed import Client, as_completed  # noqa: PLC0415
    except ImportError as exc:  # pragma: no cover - dask is in the test and cluster extras
        raise ConfigError(
            "--scheduler needs dask.distributed: pip install 'pokersim[cluster]'"
        ) from exc
    own = not isinstance(scheduler, Client)
    try:
        client = Client(scheduler) if own else scheduler
    except OSError as exc:  # not the merged files' trouble, as the caller would take it for
        raise PokerSimError(
            f"--scheduler {scheduler}: cannot connect to the Dask scheduler ({exc}); expected "
            "the address `dask scheduler` prints, with its workers started (nothing was played: "
            "run the same command with --resume once it answers)"
        ) from None
    _say_threads(client)
    futures = []
    try:
        for task in tasks:
            futures.append(client.submit(_execute_task, task, pure=False))
        for fut in as_completed(futures):
            store(fut.result())
    except (OSError, CancelledError) as exc:  # the connection lost mid-study (its futures
        client.cancel(futures)  # are then cancelled: "scheduler-connection-lost")
        raise PokerSimError(
            f"--scheduler {scheduler}: the Dask scheduler stopped answering "
            f"({' '.join(str(exc).split())}); the runs completed so far are saved: finish the "
            "study with --resume"
        ) from None
    except BaseException:
        client.cancel(futures)
        raise
    finally:
        if own:
            client.close()


def _say_threads(client: Any) -> None:
    """A cluster whose workers run several threads plays one run at a time per worker process.

    Runs in one process share its buffers (``engine.ONE_RUN``) and compiled hands hold the GIL,
    so a worker's threads add nothing: say how to get the runs at once that they seem to offer.
    """
    try:
        workers = client.scheduler_info().get("workers", {})
        threads = sum(int(w.get("nthreads", 1)) for w in workers.values())
    except Exception:  # noqa: BLE001 - a note only: never stop a study for it
        return
    if threads > len(workers):
        print(
            f"study: the cluster's {len(workers)} worker process(es) run {threads} threads; a "
            "process plays one run at a time: for more runs at once start more worker "
            "processes with one thread each (dask worker --nworkers N --nthreads 1)",
            file=sys.stderr,
        )


# --- statistics shared by reports and comparisons ----------------------------------------------

Z95 = 1.959963984540054


@frozen(slots=True, kw_only=True)
class Estimate:
    """A point estimate with a 95% confidence interval (normal approximation)."""

    value: float
    low: float
    high: float
    n: int


def mean_ci(values: Sequence[float]) -> Estimate:
    """Mean and 95% CI of independent values (e.g. one number per run)."""
    n = len(values)
    if n == 0:
        return Estimate(value=math.nan, low=math.nan, high=math.nan, n=0)
    mean = math.fsum(values) / n
    if n < 2:
        return Estimate(value=mean, low=math.nan, high=math.nan, n=n)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return Estimate(value=mean, low=mean - half, high=mean + half, n=n)


def ratio_ci(numerators: Sequence[float], denominators: Sequence[float]) -> Estimate:
    """``sum(num) / sum(den)`` with a 95% CI over independent clusters (runs), by linearization.

    Players of one run are not independent (their profits sum to minus the rake), so ROI and
    ITM% are estimated as ratios of per-run totals, with runs as the independent units.
    """
    n = len(numerators)
    total = math.fsum(denominators)
    if n == 0 or total == 0:
        return Estimate(value=math.nan, low=math.nan, high=math.nan, n=n)
    ratio = math.fsum(numerators) / total
    if n < 2:
        return Estimate(value=ratio, low=math.nan, high=math.nan, n=n)
    resid = [a - ratio * b for a, b in zip(numerators, denominators)]
    var = n / (n - 1) * math.fsum(r * r for r in resid) / (total * total)
    half = Z95 * math.sqrt(var)
    return Estimate(value=ratio, low=ratio - half, high=ratio + half, n=n)


def paired_ratio_diff(
    num_a: Sequence[float],
    den_a: Sequence[float],
    num_b: Sequence[float],
    den_b: Sequence[float],
) -> Estimate:
    """``ratio(b) - ratio(a)`` over paired runs (same seeds), with a 95% CI by linearization.

    Pairing removes the variance the two arms share (same players, same decks), which is why a
    comparison with common random numbers needs far fewer runs than two independent studies.
    """
    n = len(num_a)
    if not n == len(den_a) == len(num_b) == len(den_b):
        raise ValueError("paired_ratio_diff needs four sequences of the same length (one per run)")
    total_a, total_b = math.fsum(den_a), math.fsum(den_b)
    if n == 0 or total_a == 0 or total_b == 0:
        return Estimate(value=math.nan, low=math.nan, high=math.nan, n=n)
    ra, rb = math.fsum(num_a) / total_a, math.fsum(num_b) / total_b
    diff = rb - ra
    if n < 2:
        return Estimate(value=diff, low=math.nan, high=math.nan, n=n)
    d = [
        (pb - rb * cb) / total_b - (pa - ra * ca) / total_a
        for pa, ca, pb, cb in zip(num_a, den_a, num_b, den_b)
    ]
    half = Z95 * math.sqrt(n / (n - 1) * math.fsum(x * x for x in d))
    return Estimate(value=diff, low=diff - half, high=diff + half, n=n)
