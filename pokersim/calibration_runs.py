"""Many runs of one scenario measured for calibration: the counts of every run, in run order.

Run ``i`` plays with the seed a study gives it (``study.run_seeds``), with the hands' own
events logged (``record_actions``: the compiled machine still plays each hand whole and logs
its events as rows), and returns the counts of ``calibration.Measure``. ``calibration_runs``
returns each run's counts in run order (whole numbers, summed in that order by the report with
``calibration.add_counts``), so the result does not depend on the number of workers, and the
report can draw the runs again for each statistic's sampling range.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from pokersim.calibration import Measure
from pokersim.errors import ConfigError
from pokersim.study import check_script_guard, file_sha256, run_seeds

__all__ = ["calibration_runs", "format_of", "measure_run"]

_SCENARIOS: dict[str, tuple[Any, Any]] = {}


def _scenario(path: str, sha256: str = "") -> Any:
    """The scenario file, loaded once a process while it stays unchanged.

    A notebook may edit it between two calls: it used to be read once a process, whatever came
    after. With ``sha256`` (a calibration's runs) the file must still hold those bytes: a
    file edited while it is calibrated stops the calibration in one line instead of mixing
    two scenarios in its runs.
    """
    from pokersim.scenario import load_scenario  # noqa: PLC0415 - a worker loads it once

    if sha256:
        stamp: Any = sha256
        if file_sha256(path) != sha256:
            raise ConfigError(
                f"{path}: the file changed while it was being calibrated (its runs would mix "
                "two scenarios): calibrate it again"
            )
    else:
        try:
            stamp = os.stat(path).st_mtime_ns
        except OSError:
            stamp = -1  # the loader says what is wrong, in one line
    hit = _SCENARIOS.get(path)
    if hit is None or hit[0] != stamp:
        hit = _SCENARIOS[path] = (stamp, load_scenario(path))
    return hit[1]


def format_of(scenario: Any) -> str:
    """The targets' format: ``"spin"``, ``"sng"`` (one table at the start) or ``"mtt"``.

    A Spin & Go is a sit-and-go of its own kind (three players, 3-minute levels): the 9-player
    sit-and-go's duration is not its yardstick.
    """
    if scenario.spin_and_go.table:
        return "spin"
    return "sng" if scenario.players.count <= scenario.seats_per_table else "mtt"


def measure_run(scenario_path: str, seed: int) -> dict[str, float]:
    """Play one tournament with its hands logged and return its calibration counts."""
    return _measured(_scenario(scenario_path), seed)


def _measure(scenario_path: str, sha256: str, seed: int) -> dict[str, float]:
    """``measure_run`` of a calibration's run: the file still as the calibration read it."""
    return _measured(_scenario(scenario_path, sha256), seed)


def _measured(scenario: Any, seed: int) -> dict[str, float]:
    from pokersim.engine import run_tournament  # noqa: PLC0415 - heavy; workers import it once

    m = Measure()
    run_tournament(scenario, seed, emit=m.add, record_actions=True)
    return m.counts()


def calibration_runs(
    scenario_path: str | os.PathLike[str],
    *,
    runs: int,
    seed: int = 0,
    jobs: int = 1,
    on_run: Callable[[int], None] | None = None,
) -> list[dict[str, float]]:
    """The counts of each of ``runs`` runs, in run order (for ``calibration.resampled``)."""
    if runs < 1:
        raise ConfigError(f"--runs must be >= 1, got {runs}")
    if jobs < 1:
        raise ConfigError(f"--jobs must be >= 1, got {jobs}")
    path = os.path.abspath(scenario_path)
    sha256 = file_sha256(path)
    _scenario(path, sha256)  # a bad scenario fails here, in one line, before any worker starts
    out = []
    for i, counts in enumerate(_play(path, sha256, run_seeds(seed, runs), jobs)):
        out.append(counts)
        if on_run is not None:
            on_run(i)
    return out


def _play(path: str, sha256: str, seeds: Sequence[int], jobs: int) -> Any:
    if jobs == 1 or len(seeds) == 1:
        for s in seeds:
            yield _measure(path, sha256, s)
        return
    import multiprocessing  # noqa: PLC0415

    check_script_guard("calibration_runs")
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        yield from pool.map(_measure, [path] * len(seeds), [sha256] * len(seeds), seeds)
