"""Pre-flop play cell by cell: VPIP and PFR by the table's depth and players, real and simulated.

The field's pre-flop figures depend on how deep the table is (a short stack's shove is a raise)
and on how many players sit at it (ranges widen as it empties), and real histories and a
simulated tournament spend their hands in different cells. This measures both in the same
cells, through the same reduction (``calibration.Measure``, whose cells ``pokersim calibrate``
also reports for 7-9 and 4-6 players): a hand's cell is the table's average stack in big
blinds (``DEPTH_BANDS``) and the players dealt in (``CELL_SIZES``: 7-9, 4-6, 2-3). Real
hands are measured without the histories' own players (``calibration.history_owners``), the
hands in stretches, as ``real_hands.py`` reads them::

    python benchmarks/preflop_cells.py --real tests/data/histories/{wpn,betclic}/*.txt
    python benchmarks/preflop_cells.py scenarios/mtt_1000.toml --runs 5
    python benchmarks/preflop_cells.py scenarios/variants/mtt_1000_6max.toml --runs 5
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from pokersim.calibration import (
    CELL_SIZES,
    DEPTH_BANDS,
    OWNER,
    Measure,
    add_counts,
    history_owners,
)


def real_counts(paths: Sequence[Path], reduce: type[Measure] = Measure) -> dict[str, float]:
    """The cells of real histories, each tournament's hands in order, their owners apart.

    ``reduce``: ``Measure`` or a subclass that counts more (``first_in.py``).
    """
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import real_hands  # noqa: PLC0415 - the sibling script's readers

    from pokersim.calibration import by_tournament, imported_events  # noqa: PLC0415

    hands = real_hands.in_stretches(real_hands.read_hands(paths))
    owners = history_owners(hands)
    total: dict[str, float] = {}
    for group in by_tournament(hands).values():
        m = reduce()
        for event in imported_events(group, owners):
            m.add(event)
        add_counts(total, m.counts())
    return total


def simulated_counts(
    path: Path, runs: int, seed: int, reduce: type[Measure] = Measure
) -> dict[str, float]:
    """The cells of ``runs`` tournaments of the scenario, the seeds ``pokersim calibrate`` plays."""
    from pokersim.engine import run_tournament  # noqa: PLC0415
    from pokersim.scenario import load_scenario  # noqa: PLC0415
    from pokersim.study import run_seeds  # noqa: PLC0415

    scenario = load_scenario(path)
    total: dict[str, float] = {}
    for run_seed in run_seeds(seed, runs):
        m = reduce()
        run_tournament(scenario, run_seed, emit=m.add, record_actions=True)
        add_counts(total, m.counts())
    return total


def render(counts: dict[str, float], least: int) -> str:
    """The cells with at least ``least`` decisions (the histories' owners left out), as Markdown."""

    def field(key: str) -> float:
        return sum(
            v for k, v in counts.items() if k.startswith(f"{key}|") and k[len(key) + 1 :] != OWNER
        )

    lines = ["| depth (bb) | players | decisions | VPIP % | PFR % |", "|---|---|---:|---:|---:|"]
    for band, _lo, _hi in DEPTH_BANDS:
        for size, _fewest in CELL_SIZES:
            cell = f"{band}_{size}"
            chances = field(f"vpip_chances_{cell}")
            if chances >= least:
                vpip = 100.0 * field(f"vpip_{cell}") / chances
                pfr = 100.0 * field(f"pfr_{cell}") / chances
                lines.append(f"| {band} | {size} | {chances:.0f} | {vpip:.1f} | {pfr:.1f} |")
    return "\n".join(lines)


def main(
    argv: Sequence[str] | None = None,
    reduce: type[Measure] = Measure,
    show: Callable[[dict[str, float], int], str] | None = None,
    doc: str | None = None,
) -> int:
    """The command line; ``first_in.py`` runs it with its own reduction, table and help."""
    parser = argparse.ArgumentParser(description=(doc or __doc__ or "").splitlines()[0])
    parser.add_argument("paths", nargs="+", type=Path, help="a scenario, or histories (--real)")
    parser.add_argument("--real", action="store_true", help="the paths are hand histories")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--least", type=int, default=30, help="fewest decisions a row shows")
    args = parser.parse_args(argv)
    if args.real:
        counts = real_counts(args.paths, reduce)
    else:
        counts = {}
        for path in args.paths:
            add_counts(counts, simulated_counts(path, args.runs, args.seed, reduce))
    print((show or render)(counts, args.least))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
