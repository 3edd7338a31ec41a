"""The real field's figures that band the multi-table field: each with its 95 % interval.

``pokersim calibrate`` judges a multi-table field's pre-flop play, flops seen and showdowns
against the real tournament hands (``tests/data/histories``), measured by the same reduction
(``calibration.Measure``) as a simulated run: the hands in stretches, the histories' own
players apart (``calibration.history_owners``), every tournament's hands in order. A band is
the 95 % Wilson interval of the field's share, rounded out to half points; this prints the
figures and the bands that ``pokersim/data/calibration_targets.toml`` writes::

    python benchmarks/real_bands.py tests/data/histories/{wpn,betclic}/*.txt
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import real_hands  # noqa: E402 - the sibling script's readers

from pokersim.calibration import CELL_SIZES, DEPTH_BANDS, add_counts  # noqa: E402


def figures() -> list[tuple[str, str, str]]:
    """(statistic, top key, bottom key) of every banded figure, the field's."""
    rows = [
        ("vpip_full.field", "vpip_full", "vpip_chances_full"),
        ("pfr_full.field", "pfr_full", "vpip_chances_full"),
        ("three_bet_full.field", "three_bet_full", "three_bet_chances_full"),
        ("flop_seen.field", "flop", "dealt"),
        ("flop_seen_full.field", "flop_full", "dealt_full"),
        ("wtsd.field", "showdown", "flop"),
        ("wtsd_deep.field", "showdown_deep", "flop_deep"),
    ]
    for band, _lo, _hi in DEPTH_BANDS[1:]:
        for size, _fewest in CELL_SIZES[:2]:
            for name in ("vpip", "pfr"):
                cell = f"{band}_{size}"
                stat = f"{name}_cell.{band}.{size}"
                rows.append((stat, f"{name}_{cell}", f"vpip_chances_{cell}"))
    return rows


def rounded_out(lo: float, hi: float) -> tuple[float, float]:
    """The interval widened to the half points around it."""
    return math.floor(lo * 2) / 2, math.ceil(hi * 2) / 2


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path, help="hand histories")
    args = parser.parse_args(argv)
    from pokersim.calibration import history_owners  # noqa: PLC0415

    hands = real_hands.in_stretches(real_hands.read_hands(args.files))
    owners = history_owners(hands)
    total: dict[str, float] = {}
    for counts in real_hands.measure_by_tournament(hands, owners).values():
        add_counts(total, counts)

    def field(key: str) -> float:
        return sum(v for k, v in total.items() if k.startswith(f"{key}|") and k.endswith("|real"))

    print("| statistic | real field | on | 95 % interval | band |")
    print("|---|---:|---:|---:|---:|")
    for name, top, bottom in figures():
        n, hits = field(bottom), field(top)
        if n <= 0:
            print(f"| `{name}` | - | 0 | | |")
            continue
        lo, hi = real_hands.wilson(hits, n)
        blo, bhi = rounded_out(lo, hi)
        share = f"{100 * hits / n:.1f} %"
        print(f"| `{name}` | {share} | {n:.0f} | {lo:.1f}-{hi:.1f} | [{blo}, {bhi}] |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
