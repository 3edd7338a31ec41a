"""``provenance.json``: what made an output folder, and with which versions.

Every output folder (``run --out``, ``study``, ``compare``, ``sweep``, ``verify --out``) holds
``provenance.json``::

    {
      "format": 1,
      "command": ["pokersim", "study", "scenarios/default.toml", "--runs", "200", ...],
      "seed": 0,
      "scenario": {"path": "scenarios/default.toml", "sha256": "...", "copy": "scenario.toml"},
      "versions": {"pokersim": "0.1.0", "python": "3.12.3", "numpy": "2.1.0", "numba": "0.60.0"}
    }

and a copy of the scenario as ``scenario.toml`` (``scenario.path`` is ``null`` for a scenario
given as data). A linked satellite's target (R-SAT-1, ``[series] target``) is recorded the same
way as ``"target"``, with its copy ``target.toml``. There is no time stamp: the same command
gives the same file. ``--resume`` refuses a folder whose ``versions.pokersim`` differs from the
running one unless forced (``check_resume``).
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pokersim.errors import ConfigError

__all__ = [
    "FILE",
    "SCENARIO_COPY",
    "TARGET_COPY",
    "check_resume",
    "command_line",
    "linked_target",
    "versions",
    "write_provenance",
]

FILE = "provenance.json"
SCENARIO_COPY = "scenario.toml"
TARGET_COPY = "target.toml"
FORMAT = 1

#: The command line of the ``pokersim`` invocation in progress (set by ``pokersim.cli.main``).
COMMAND: list[str] | None = None


def command_line() -> list[str]:
    """The command that is running: ``pokersim ...`` from the CLI, else ``sys.argv``."""
    if COMMAND is not None:
        return list(COMMAND)
    return [os.path.basename(sys.argv[0]) if sys.argv else "python", *sys.argv[1:]]


def _version_of(name: str) -> str | None:
    from importlib import metadata  # noqa: PLC0415 - slow to import; only when writing

    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        module = sys.modules.get(name)
        return getattr(module, "__version__", None)


def versions() -> dict[str, str | None]:
    """The versions of pokersim, Python, numpy and numba in this process."""
    from pokersim.version import __version__  # noqa: PLC0415

    return {
        "pokersim": __version__,
        "python": platform.python_version(),
        "numpy": _version_of("numpy"),
        "numba": _version_of("numba"),
    }


def linked_target(data: bytes, source: str | os.PathLike[str] | None) -> Path | None:
    """The target file a linked satellite's TOML names (R-SAT-1), if it names one that exists.

    Relative to ``source``'s folder, as the loader reads it; ``None`` for any other scenario.
    """
    import tomllib  # noqa: PLC0415

    try:
        series = tomllib.loads(data.decode("utf-8")).get("series")
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    target = series.get("target") if isinstance(series, dict) else None
    if not isinstance(target, str):
        return None
    from pokersim.scenario import series_target_path  # noqa: PLC0415 - only for a satellite

    path = series_target_path(target, source)
    return path if path.is_file() else None


def _copy_entry(folder: Path, path: str | None, data: bytes, copy_name: str) -> dict[str, Any]:
    # Written even when it holds these bytes: a run with --force removes the files it did not
    # write (``outputs.remove_unwritten``), and a copy left as it was would look like one.
    copy = folder / copy_name
    tmp = copy.with_name(copy.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, copy)
    return {"path": path, "sha256": hashlib.sha256(data).hexdigest(), "copy": copy_name}


def _scenario_entry(folder: Path, scenario: Any, data: bytes | None) -> dict[str, Any] | None:
    if scenario is None and data is None:
        return None
    path = None if scenario is None else os.fspath(scenario)
    if data is None:
        data = Path(os.fspath(scenario)).read_bytes()
    return _copy_entry(folder, path, data, SCENARIO_COPY)


def write_provenance(
    folder: str | os.PathLike[str],
    *,
    seed: int | None,
    scenario: str | os.PathLike[str] | None = None,
    scenario_bytes: bytes | None = None,
    scenarios: Sequence[tuple[str, str | os.PathLike[str]]] = (),
    extra: dict[str, Any] | None = None,
) -> Path:
    """Write ``folder/provenance.json`` and the scenario copy; return the JSON file's path.

    ``scenario`` is the scenario file (copied to ``scenario.toml``), or give its bytes as
    ``scenario_bytes`` (a scenario given as data). ``scenarios``: several named scenario files
    (``compare``'s A and B), recorded by path and SHA-256 (each arm's folder holds its copy).
    """
    folder = Path(folder)
    record: dict[str, Any] = {"format": FORMAT, "command": command_line(), "seed": seed}
    entry = _scenario_entry(folder, scenario, scenario_bytes)
    if entry is not None:
        record["scenario"] = entry
        data = (
            scenario_bytes if scenario_bytes is not None else (folder / SCENARIO_COPY).read_bytes()
        )
        target = linked_target(data, scenario)
        if target is not None:
            record["target"] = _copy_entry(
                folder, os.fspath(target), target.read_bytes(), TARGET_COPY
            )
        elif (folder / TARGET_COPY).is_file():  # an earlier run's, overwritten with --force
            (folder / TARGET_COPY).unlink()
    if scenarios:
        record["scenarios"] = {
            name: {
                "path": os.fspath(path),
                "sha256": hashlib.sha256(Path(path).read_bytes()).hexdigest(),
            }
            for name, path in scenarios
        }
    if extra:
        record.update(extra)
    record["versions"] = versions()
    out = folder / FILE
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_text(json.dumps(record, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(tmp, out)
    return out


def check_resume(folder: str | os.PathLike[str], force: bool) -> None:
    """Refuse to resume in a folder made by another pokersim version (unless ``force``)."""
    path = Path(folder) / FILE
    if not path.is_file():
        return
    try:
        made_by = json.loads(path.read_text(encoding="utf-8"))["versions"]["pokersim"]
    except (OSError, ValueError, KeyError, TypeError):
        return
    from pokersim.version import __version__  # noqa: PLC0415

    if made_by != __version__ and not force:
        raise ConfigError(
            f"--resume: {folder} was made by pokersim {made_by}, this is pokersim {__version__}: "
            "its runs could differ from the ones this version would play; pass --force to "
            "finish it anyway, or start a new folder"
        )
