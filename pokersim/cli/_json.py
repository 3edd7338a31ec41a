"""``--json``: one JSON object on stdout (shapes in docs/json.md)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any


def plain(value: Any) -> Any:
    """``value`` as JSON data: NaN and missing values as ``null``, paths as text."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, Path):
        return str(value)
    if value is None or isinstance(value, str | bool):
        return value
    if hasattr(value, "item") and not isinstance(value, int | float):
        try:
            value = value.item()
        except (ValueError, TypeError):
            return str(value)
    try:
        import pandas as pd  # noqa: PLC0415

        if value is pd.NA or value is pd.NaT:
            return None
    except ImportError:  # pragma: no cover
        pass
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def emit(obj: dict[str, Any]) -> None:
    """Print ``obj`` as one line of JSON on stdout."""
    print(json.dumps(plain(obj), sort_keys=True, allow_nan=False))


def add_flag(parser: Any) -> None:
    """Add ``--json`` to a sub-command's parser."""
    parser.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object on stdout instead of the text (docs/json.md)",
    )
