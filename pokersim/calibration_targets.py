"""The yardstick of ``pokersim calibrate``: bands from published sources, and the verdicts.

The bands are data (``data/calibration_targets.toml``), each naming its sources and how it was
derived; a statistic without a band is one no source was found for, and is reported, never
judged. A bad file is one line naming the file, the entry and what was expected.
"""

from __future__ import annotations

import math
import os
import tomllib
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

from pokersim.calibration import Statistic
from pokersim.errors import ConfigError
from pokersim.frozen import frozen

__all__ = [
    "FORMATS",
    "Row",
    "Source",
    "Target",
    "Targets",
    "judge",
    "load_targets",
    "sources_markdown",
    "targets_markdown",
]

DATA_FILE = "calibration_targets.toml"
FORMATS = ("any", "mtt", "sng", "spin")
_SOURCE_KEYS = ("key", "title", "publisher", "year", "url", "short")


@frozen(slots=True, kw_only=True)
class Source:
    """A published source: what it is and where it was read."""

    key: str
    title: str
    publisher: str
    year: str
    url: str
    short: str


@frozen(slots=True, kw_only=True)
class Target:
    """A band [lo, hi] for one statistic in one format, or ``band`` None when unsourced."""

    statistic: str
    format: str
    band: tuple[float, float] | None
    sources: tuple[str, ...]
    note: str


@frozen(slots=True, kw_only=True)
class Targets:
    """Every target of the file, and its sources by key."""

    path: str
    sources: Mapping[str, Source]
    targets: tuple[Target, ...]

    def for_statistic(self, name: str, fmt: str) -> Target | None:
        """The target of ``name`` in format ``fmt`` ("mtt", "sng", "spin"), if the file has one.

        A target of the format itself comes before one of ``any`` format.
        """
        found = [t for t in self.targets if t.statistic == name and t.format in (fmt, "any")]
        found.sort(key=lambda t: t.format == "any")
        return found[0] if found else None

    def short_names(self, target: Target) -> str:
        """The target's sources by short name, for a table cell."""
        return "; ".join(self.sources[k].short for k in target.sources)


def load_targets(path: str | os.PathLike[str] | None = None) -> Targets:
    """Read and check a targets file (default: the one shipped with pokersim)."""
    if path is None:
        ref = resources.files("pokersim") / "data" / DATA_FILE
        where, text = f"pokersim/data/{DATA_FILE}", ref.read_text(encoding="utf-8")
    else:
        where = os.fspath(path)
        try:
            with open(where, encoding="utf-8") as handle:
                text = handle.read()
        except OSError as exc:
            raise ConfigError(f"{where}: cannot read it ({exc.strerror})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{where}: not valid TOML: {exc}") from None
    except RecursionError:
        raise ConfigError(
            f"{where}: too deeply nested: expected [[sources]] and [[targets]]"
        ) from None
    unknown = sorted(set(data) - {"sources", "targets"})
    if unknown:
        raise ConfigError(f"{where}: unknown key(s) {unknown}: expected [[sources]], [[targets]]")
    for part in ("sources", "targets"):
        if not isinstance(data.get(part, []), list):
            raise ConfigError(f"{where}: {part}: expected [[{part}]] tables, got {data[part]!r}")
    sources = {}
    for i, raw in enumerate(data.get("sources", [])):
        src = _source(f"{where}: sources[{i}]", raw)
        if src.key in sources:
            raise ConfigError(f"{where}: sources[{i}].key {src.key!r}: given twice")
        sources[src.key] = src
    targets = tuple(
        _target(f"{where}: targets[{i}]", raw, sources)
        for i, raw in enumerate(data.get("targets", []))
    )
    seen: set[tuple[str, str]] = set()
    for t in targets:
        if (t.statistic, t.format) in seen:
            raise ConfigError(f"{where}: {t.statistic!r} ({t.format}): given twice")
        seen.add((t.statistic, t.format))
    return Targets(path=where, sources=sources, targets=targets)


def _source(where: str, raw: Any) -> Source:
    if not isinstance(raw, dict) or sorted(raw) != sorted(_SOURCE_KEYS):
        raise ConfigError(f"{where}: expected exactly the keys {list(_SOURCE_KEYS)}")
    for key in _SOURCE_KEYS:
        if not isinstance(raw[key], str) or not raw[key].strip():
            raise ConfigError(f"{where}.{key}: expected non-empty text, got {raw[key]!r}")
    if not raw["url"].startswith(("https://", "http://")):
        raise ConfigError(f"{where}.url: expected an http(s):// address, got {raw['url']!r}")
    return Source(**raw)


def _target(where: str, raw: Any, sources: Mapping[str, Source]) -> Target:
    if not isinstance(raw, dict):
        raise ConfigError(f"{where}: expected a table, got {raw!r}")
    extra = sorted(set(raw) - {"statistic", "format", "band", "sources", "note"})
    if extra:
        raise ConfigError(f"{where}: unknown key(s) {extra}")
    name, fmt, note = raw.get("statistic"), raw.get("format", "any"), raw.get("note")
    if not isinstance(name, str) or not name:
        raise ConfigError(f"{where}.statistic: expected a statistic's name, got {name!r}")
    if fmt not in FORMATS:
        raise ConfigError(f"{where}.format: expected one of {list(FORMATS)}, got {fmt!r}")
    if not isinstance(note, str) or not note.strip():
        raise ConfigError(f"{where}.note: expected how the band was derived (or why none)")
    band = raw.get("band")
    keys = raw.get("sources", [])
    if band is None:
        if keys:
            raise ConfigError(f"{where}: sources without a band: expected both or neither")
        return Target(statistic=name, format=fmt, band=None, sources=(), note=note)
    if (
        not isinstance(band, list)
        or len(band) != 2
        or not all(
            isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)
            for v in band
        )
        or band[0] > band[1]
    ):
        raise ConfigError(
            f"{where}.band: expected [lo, hi] finite numbers with lo <= hi, got {band!r}"
        )
    if not isinstance(keys, list) or not keys or not all(isinstance(k, str) for k in keys):
        raise ConfigError(
            f"{where}.sources: a band needs the keys (text) of its [[sources]], got {keys!r}"
        )
    missing = [k for k in keys if k not in sources]
    if missing:
        raise ConfigError(f"{where}.sources: no [[sources]] with key(s) {missing}")
    return Target(
        statistic=name,
        format=fmt,
        band=(float(band[0]), float(band[1])),
        sources=tuple(keys),
        note=note,
    )


@frozen(slots=True, kw_only=True)
class Row:
    """One statistic against its band: ``status`` PASS, OUT, "no source" or "not measured"."""

    statistic: str
    label: str
    unit: str
    value: float | None
    sample: float
    lo: float | None
    hi: float | None
    status: str
    source: str
    #: the statistic's sampling range over the runs (``calibration.resampled``): information
    #: beside the verdict, which judges ``value`` alone
    resampled_lo: float | None = None
    resampled_hi: float | None = None


def judge(
    stats: Sequence[Statistic],
    targets: Targets,
    fmt: str,
    ranges: Mapping[str, tuple[float, float]] | None = None,
) -> list[Row]:
    """Each statistic against the band of ``fmt`` ("mtt", "sng", "spin"), in the statistics' order.

    ``ranges`` (``calibration.resampled``) are carried beside the verdicts, not judged.
    """
    rows = []
    for s in stats:
        lo_hi = None if ranges is None else ranges.get(s.name)
        target = targets.for_statistic(s.name, fmt)
        band = None if target is None else target.band
        if s.value is None:
            status = "not measured"
        elif band is None:
            status = "no source"
        else:
            status = "PASS" if band[0] <= s.value <= band[1] else "OUT"
        rows.append(
            Row(
                statistic=s.name,
                label=s.label,
                unit=s.unit,
                value=s.value,
                sample=s.sample,
                lo=None if band is None else band[0],
                hi=None if band is None else band[1],
                status=status,
                source="" if target is None or band is None else targets.short_names(target),
                resampled_lo=None if lo_hi is None else lo_hi[0],
                resampled_hi=None if lo_hi is None else lo_hi[1],
            )
        )
    return rows


def unmatched(
    stats: Sequence[Statistic], targets: Targets, fmt: str, models: Sequence[str] = ()
) -> list[str]:
    """The statistics the file's targets of ``fmt`` (or any format) name but nobody measured.

    A misspelled name is said, not silently passed over; a target of one of ``models`` (the
    built-in models' names, ``statistic.model``) the field does not have is not one.
    """
    measured = {s.name for s in stats}
    out: list[str] = []
    for t in targets.targets:
        _, _, model = t.statistic.partition(".")
        if t.format not in (fmt, "any") or t.statistic in measured or model in models:
            continue
        if t.statistic not in out:
            out.append(t.statistic)
    return out


def targets_markdown(targets: Targets) -> str:
    """The targets as a Markdown table (docs/players.md quotes it; a test keeps it current)."""
    lines = [
        "| statistic | format | band | sources | how the band was derived |",
        "|---|---|---|---|---|",
    ]
    for t in targets.targets:
        band = "none found" if t.band is None else f"{t.band[0]:g}–{t.band[1]:g}"
        cited = "; ".join(
            f"[{targets.sources[k].short}]({targets.sources[k].url})" for k in t.sources
        )
        note = " ".join(t.note.split())
        lines.append(f"| `{t.statistic}` | {t.format} | {band} | {cited or '—'} | {note} |")
    return "\n".join(lines) + "\n"


def sources_markdown(targets: Targets) -> str:
    """The sources as a Markdown list: title, publisher, year, address."""
    return "".join(
        f"- {s.short}: *{s.title}*, {s.publisher}, {s.year}, <{s.url}>\n"
        for s in targets.sources.values()
    )
