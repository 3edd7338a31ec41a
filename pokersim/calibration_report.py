"""The files of ``pokersim calibrate --out``: the table as JSON and Parquet, and a figure.

The figure has one small panel per measured statistic: its band (shaded; none when no source
gives one), the measured value (a dot, red when outside the band) and its sampling range over
the runs (a line through the dot).
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pokersim.calibration_targets import Row

__all__ = ["FIGURE", "JSON", "PARQUET", "write_calibration"]

JSON = "calibration.json"
PARQUET = "calibration.parquet"
FIGURE = "calibration.png"


def write_calibration(
    folder: Path, rows: Sequence[Row], counts: Mapping[str, float], meta: Mapping[str, Any]
) -> list[Path]:
    """Write the three files into ``folder`` (made if needed); returns their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    records = [dataclasses.asdict(r) for r in rows]
    document = {**meta, "rows": records, "counts": dict(sorted(counts.items()))}
    (folder / JSON).write_text(
        json.dumps(document, indent=2, sort_keys=True, allow_nan=False) + "\n", encoding="utf-8"
    )
    _write_parquet(folder / PARQUET, records)
    _write_figure(folder / FIGURE, rows, str(meta.get("title", "")))
    return [folder / JSON, folder / PARQUET, folder / FIGURE]


def _write_parquet(path: Path, records: list[dict[str, Any]]) -> None:
    import pyarrow as pa  # noqa: PLC0415
    import pyarrow.parquet as pq  # noqa: PLC0415

    schema = pa.schema(
        [
            ("statistic", pa.string()),
            ("label", pa.string()),
            ("unit", pa.string()),
            ("value", pa.float64()),
            ("sample", pa.float64()),
            ("lo", pa.float64()),
            ("hi", pa.float64()),
            ("status", pa.string()),
            ("source", pa.string()),
            ("resampled_lo", pa.float64()),
            ("resampled_hi", pa.float64()),
        ]
    )
    columns = {name: [r[name] for r in records] for name in schema.names}
    pq.write_table(pa.Table.from_pydict(columns, schema=schema), path)


def _write_figure(path: Path, rows: Sequence[Row], title: str) -> None:
    import matplotlib.pyplot as plt  # noqa: PLC0415
    from matplotlib import rc_context  # noqa: PLC0415

    fig = calibration_figure(rows, title)
    with rc_context({"text.parse_math": False}):  # a scenario's name as written ("$50 + $5")
        fig.savefig(path, dpi=110)
    plt.close(fig)


def calibration_figure(rows: Sequence[Row], title: str) -> Any:
    """Each statistic's panel: its value, the resampled spread and the target band (green)."""
    import matplotlib  # noqa: PLC0415

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    shown = [r for r in rows if r.value is not None]
    cols = 4
    lines = max(1, math.ceil(len(shown) / cols))
    fig, axes = plt.subplots(lines, cols, figsize=(3.2 * cols, 1.3 * lines), squeeze=False)
    for ax in axes.flat:
        ax.set_visible(False)
    for ax, r in zip(axes.flat, shown, strict=False):
        ax.set_visible(True)
        value = float(r.value or 0.0)
        spread = [v for v in (r.resampled_lo, r.resampled_hi) if v is not None]
        points = [value] + [v for v in (r.lo, r.hi) if v is not None] + spread
        low, high = min(points), max(points)
        pad = (high - low) * 0.25 or abs(high) * 0.25 or 1.0
        ax.set_xlim(low - pad, high + pad)
        if r.lo is not None and r.hi is not None:
            ax.axvspan(r.lo, r.hi, color="tab:green", alpha=0.25, lw=0)
        if len(spread) == 2:
            ax.plot(spread, [0, 0], "-", color="grey", lw=1)
        ax.plot([value], [0], "o", color="tab:red" if r.status == "OUT" else "black")
        ax.set_yticks([])
        ax.set_title(f"{r.label} [{r.unit}]" if r.unit else r.label, fontsize=7, parse_math=False)
        ax.tick_params(labelsize=6)
    fig.suptitle(title, fontsize=9, parse_math=False)
    # the title's own strip at the top (tight_layout alone laid the first panels' titles over it)
    fig.tight_layout(rect=(0, 0, 1, 1 - 0.35 / (1.3 * lines)))
    return fig
