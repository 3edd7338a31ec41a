"""Edges of a study's numbers and store (``pokersim.study``).

The statistics the reports print: ``mean_ci`` (mean of independent runs, 95% normal interval
with the ``n - 1`` variance), ``ratio_ci`` (ROI and ITM% as a ratio of per-run totals, the
interval by linearization over runs) and ``paired_ratio_diff`` (B - A over paired runs), each
worked out by hand here, including the degenerate cases: no value, one value, a zero total.
Then the rows and the store: required columns, the sort order of the merged files (tied
places by player id), row groups of ``MERGE_ROWS`` rows, the part names that count as a
completed run, resume with fewer runs than already played, stale temporary files, what resume
says of a part it plays again (empty, other columns, another seed), what makes two studies the
same study, and the result files read back with dictionary-encoded text and columns of no
values.

The runner here plays nothing: every run is the same four-player tournament with a tie for
second place, so every expected number is known in advance.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from pokersim import study
from pokersim.errors import ConfigError, PokerSimError
from pokersim.rng import derive_seed

RUNNER = "test_study_edges:tied_runner"
BUY_IN = 1000  # cents, each player's cost
# (player_id, place, prize_cents) in the order the runner gives them: 5 and 3 tie for second
FIELD = ((5, 2, 1000), (7, 1, 2000), (1, 4, 0), (3, 2, 1000))
TIMELINE = ((0, 4, 50.0), (60, 3, 40.0), (120, 1, 200.0))


def tied_runner(scenario_path: str, seed: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Four players, 40.00 in, 40.00 paid out: 20.00 to the winner, 10.00 to each of two tied
    for second place, nothing to the fourth; three timeline samples."""
    run = {
        "scenario": "tied",
        "entries": 4,
        "players": 4,
        "prize_pool_cents": 4 * BUY_IN,
        "hands_played": 10,
        "duration_seconds": 120,
        "timeline": list(TIMELINE),
    }
    finishes = [
        {
            "player_id": pid,
            "model": "m",
            "place": place,
            "prize_cents": prize,
            "cost_cents": BUY_IN,
            "profit_cents": prize - BUY_IN,
        }
        for pid, place, prize in FIELD
    ]
    return run, finishes


def wrong_run_runner(scenario_path: str, seed: int) -> tuple[dict[str, Any], list[Any]]:
    """A runner that claims its row is run 5, whatever run it plays."""
    run, finishes = tied_runner(scenario_path, seed)
    run["run"] = 5
    return run, finishes


def _study(
    tmp_path: Path, runs: int, *, resume: bool = False, runner: str = RUNNER, seed: int = 3
) -> Path:
    sc = tmp_path / "tied.toml"
    sc.write_text("players = 4\n")
    out = tmp_path / "out"
    study.run_study(sc, runs=runs, seed=seed, out=out, jobs=1, runner=runner, progress=False,
                    resume=resume)  # fmt: skip
    return out


def _nan(est: study.Estimate) -> tuple[bool, bool]:
    return math.isnan(est.low), math.isnan(est.high)


# --- statistics ----------------------------------------------------------------------------------


def test_z95_is_the_two_sided_95_percent_normal_quantile() -> None:
    """The 95% interval is mean +- z with z the standard normal's 97.5th percentile."""
    assert study.Z95 == pytest.approx(statistics.NormalDist().inv_cdf(0.975), rel=1e-12)


def test_mean_ci_by_hand() -> None:
    """1, 2, 3, 6: mean 3, sample variance (4 + 1 + 0 + 9) / 3 = 14/3, so the half width is
    z * sqrt(14/3 / 4) = z * sqrt(7/6)."""
    est = study.mean_ci([1.0, 2.0, 3.0, 6.0])
    half = study.Z95 * math.sqrt(7 / 6)
    assert (est.value, est.n) == (3.0, 4)
    assert est.low == pytest.approx(3.0 - half)
    assert est.high == pytest.approx(3.0 + half)


def test_mean_ci_of_one_value_has_no_interval_and_of_none_no_mean() -> None:
    """One run gives its value but no spread to estimate; no run gives nothing at all."""
    one = study.mean_ci([7.5])
    assert (one.value, one.n) == (7.5, 1) and _nan(one) == (True, True)
    none = study.mean_ci([])
    assert none.n == 0 and math.isnan(none.value) and _nan(none) == (True, True)


def test_ratio_ci_weighs_each_run_by_its_denominator() -> None:
    """Profits 3 and 1 on costs 1 and 3: ROI (3 + 1) / (1 + 3) = 1. The residuals are
    3 - 1*1 = 2 and 1 - 1*3 = -2, so the variance is 2/1 * (4 + 4) / 4^2 = 1 and the half
    width z * 1."""
    est = study.ratio_ci([3, 1], [1, 3])
    assert (est.value, est.n) == (1.0, 2)
    assert est.low == pytest.approx(1.0 - study.Z95)
    assert est.high == pytest.approx(1.0 + study.Z95)


def test_ratio_ci_of_one_run_or_of_nothing_paid() -> None:
    """One run: its ratio, no interval. Denominators summing to zero (nobody paid anything)
    or no run at all: no ratio."""
    one = study.ratio_ci([-4], [8])
    assert (one.value, one.n) == (-0.5, 1) and _nan(one) == (True, True)
    free = study.ratio_ci([0, 0, 0], [0, 0, 0])
    assert free.n == 3 and math.isnan(free.value) and _nan(free) == (True, True)
    empty = study.ratio_ci([], [])
    assert empty.n == 0 and math.isnan(empty.value)


def test_paired_ratio_diff_by_hand_with_unequal_totals() -> None:
    """A: (1 + 3) / (2 + 2) = 1; B: (2 + 1) / (1 + 1) = 1.5; B - A = 0.5. Per run:
    (2 - 1.5)/2 - (1 - 2)/4 = 0.5 and (1 - 1.5)/2 - (3 - 2)/4 = -0.5, so the half width is
    z * sqrt(2/1 * (0.25 + 0.25)) = z."""
    est = study.paired_ratio_diff([1, 3], [2, 2], [2, 1], [1, 1])
    assert est.value == pytest.approx(0.5) and est.n == 2
    assert est.low == pytest.approx(0.5 - study.Z95)
    assert est.high == pytest.approx(0.5 + study.Z95)


def test_paired_ratio_diff_is_b_minus_a() -> None:
    """A at ROI 0 and B at ROI 1 on the same runs: the difference is +1, not -1."""
    est = study.paired_ratio_diff([0, 0, 0], [1, 1, 1], [1, 1, 1], [1, 1, 1])
    assert est.value == 1.0
    assert est.low == est.high == 1.0  # the same gap in every run: no spread


def test_paired_ratio_diff_degenerate_cases() -> None:
    """One pair: the difference, no interval. An arm whose costs sum to zero: no ratio, so no
    difference. A fourth sequence of another length is refused like the others."""
    one = study.paired_ratio_diff([1], [2], [3], [2])
    assert (one.value, one.n) == (1.0, 1) and _nan(one) == (True, True)
    free_b = study.paired_ratio_diff([1, 2], [2, 2], [0, 0], [0, 0])
    assert free_b.n == 2 and math.isnan(free_b.value)
    with pytest.raises(ValueError, match="same length"):
        study.paired_ratio_diff([1, 2], [1, 1], [1, 2], [1])


# --- rows ----------------------------------------------------------------------------------------


def test_a_required_column_given_as_none_is_refused() -> None:
    """``profit_cents`` is required in a finish row: present but empty is as bad as absent;
    an optional column left out is stored as null."""
    row: dict[str, Any] = {"player_id": 1, "model": "m", "place": 1, "prize_cents": 0,
                           "cost_cents": 0, "profit_cents": None}  # fmt: skip
    with pytest.raises(ValueError, match="lacks 'profit_cents'"):
        study.to_table("finishes", [row])
    table = study.to_table("finishes", [dict(row, profit_cents=0)])
    assert table.column("bounty_cents").to_pylist() == [None]


def test_a_runner_row_naming_another_run_fails_the_run(tmp_path: Path) -> None:
    """The study stamps the run index itself; a runner claiming run 5 while playing run 0
    fails that run, naming it and the bad value."""
    with pytest.raises(study.RunFailedError, match=r"run 0 \(seed \d+\).*run=5"):
        _study(tmp_path, 1, runner="test_study_edges:wrong_run_runner")


def test_merged_files_hold_the_rows_sorted_with_ties_by_player_id(tmp_path: Path) -> None:
    """Finishes sort by run, place, then player id: 7 (1st), 3 and 5 (tied 2nd), 1 (4th),
    whatever order the runner gave. The timeline keeps seconds and players apart."""
    res = study.load_study(_study(tmp_path, 2))
    assert list(res.finishes["run"]) == [0] * 4 + [1] * 4
    assert list(res.finishes["player_id"]) == [7, 3, 5, 1] * 2
    assert list(res.finishes["place"]) == [1, 2, 2, 4] * 2
    first = res.timeline[res.timeline["run"] == 0]
    assert list(first["seconds"]) == [0, 60, 120]
    assert list(first["players_left"]) == [4, 3, 1]
    assert list(first["avg_stack_bb"]) == [50.0, 40.0, 200.0]


def test_a_row_group_closes_as_soon_as_it_holds_merge_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four finish rows a run and groups of four rows: each run is a row group of its own."""
    monkeypatch.setattr(study, "MERGE_ROWS", 4)
    out = _study(tmp_path, 3)
    finishes = pq.ParquetFile(out / "finishes.parquet")
    assert finishes.num_row_groups == 3
    assert [finishes.metadata.row_group(i).num_rows for i in range(3)] == [4, 4, 4]


def test_one_run_stamps_run_zero_and_reads_the_timeline_in_order(tmp_path: Path) -> None:
    """A single run's rows as a one-run study: run 0, the given seed, samples as
    (seconds, players left, average stack)."""
    run, finishes = tied_runner("", 0)
    res = study.one_run(tmp_path, 42, run, finishes)
    assert list(res.runs["run"]) == [0] and list(res.runs["seed"]) == [42]
    assert set(res.finishes["run"]) == {0}
    assert list(res.timeline["seconds"]) == [0, 60, 120]
    assert list(res.timeline["players_left"]) == [4, 3, 1]


# --- the store -----------------------------------------------------------------------------------


def test_only_part_names_with_eight_digit_indices_mark_a_run(tmp_path: Path) -> None:
    """``r00000042`` is run 42 and ``r123456789`` run 123456789 (more digits only past eight);
    ``r000000007`` (a ninth, leading zero) and ``r7`` are not names the study writes for run 7:
    left alone, so run 7 is not complete."""
    parts = tmp_path / study.PARTS
    parts.mkdir()
    for name in ("r00000042", "r123456789", "r000000007", "r7"):
        (parts / f"{name}.runs.parquet").write_bytes(b"")
    assert study.completed_runs(tmp_path) == {42, 123456789}


def test_resume_with_fewer_runs_than_already_played_is_refused(tmp_path: Path) -> None:
    """Runs 0, 1 and 2 are done: resuming with 2 runs would drop run 2, so it is refused and
    the message asks for at least 3."""
    _study(tmp_path, 3)
    with pytest.raises(ConfigError, match=r"already holds run 2; use --runs 3 or more"):
        _study(tmp_path, 2, resume=True)


def test_resume_removes_stale_temporary_files(tmp_path: Path) -> None:
    """A write cut short leaves ``*.tmp`` in the parts folder; resume removes it."""
    out = _study(tmp_path, 2)
    stale = out / study.PARTS / "r00000001.runs.parquet.tmp"
    stale.write_bytes(b"half")
    _study(tmp_path, 2, resume=True)
    assert not stale.exists()


def _resume_says(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """Resume the three-run study in ``tmp_path``; what it says about run 1, with its rows."""
    capsys.readouterr()
    res = study.load_study(_study(tmp_path, 3, resume=True))
    assert list(res.runs["run"]) == [0, 1, 2]  # run 1 played again: the study is whole
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and lines[0].endswith("; run 1 will be played again"), lines
    return lines[0]


def test_a_part_with_other_columns_names_the_first_missing_and_how_many_more(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A timeline part where run 1's runs part should be: of the 24 run columns it has only
    ``run``, so 23 are missing, the first being ``seed``: "'seed' and 22 more"."""
    parts = _study(tmp_path, 3) / study.PARTS
    (parts / "r00000001.timeline.parquet").replace(parts / "r00000001.runs.parquet")
    said = _resume_says(tmp_path, capsys)
    assert "is not a runs part of this study (no column 'seed' and 22 more)" in said


def test_an_empty_part_is_named_as_damaged_and_empty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A disk that filled up can leave a zero-byte part: it is named as empty, not as an
    unreadable file of some size."""
    part = _study(tmp_path, 3) / study.PARTS / "r00000001.finishes.parquet"
    part.write_bytes(b"")
    said = _resume_says(tmp_path, capsys)
    assert said.startswith(f"study: part file {part} is damaged (empty); ")


def test_a_part_of_another_seed_names_both_seeds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Run 1 of a study of seed 4 copied into a study of seed 3: the part holds the seed of run
    1 under seed 4, where run 1 of seed 3 was expected."""
    (tmp_path / "other").mkdir()
    other = _study(tmp_path / "other", 3, seed=4) / study.PARTS
    parts = _study(tmp_path, 3) / study.PARTS
    for table in study.TABLES:
        name = f"r00000001.{table}.parquet"
        (parts / name).write_bytes((other / name).read_bytes())
    said = _resume_says(tmp_path, capsys)
    theirs, ours = derive_seed(4, 1), derive_seed(3, 1)
    assert f"(it holds seed {theirs}, expected run 1 of seed {ours})" in said


def test_merging_with_runs_missing_names_how_many_and_the_first(tmp_path: Path) -> None:
    """Two runs of three complete: one run missing, the first missing being run 2."""
    out = _study(tmp_path, 2)
    with pytest.raises(PokerSimError, match=r"1 run\(s\) of the study .* \(first: run 2\)"):
        study.merge_parts(out, runs=3)
    study.merge_parts(out, runs=2)  # every run there: merged


def test_a_merge_finished_early_counts_the_runs_still_missing(tmp_path: Path) -> None:
    """A merge of three runs that only got run 0: two runs missing, from run 1."""
    out = _study(tmp_path, 1)
    parts = {n: (out / study.PARTS / f"r00000000.{n}.parquet").read_bytes() for n in study.TABLES}
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    merge = study._StudyMerge(fresh, 3, set())
    merge.add((0, parts))
    with pytest.raises(PokerSimError, match=r"^2 run\(s\) of the study .* \(first: run 1\)"):
        merge.finish()
    merge.abandon()


def _rewrite(path: Path, column: str, values: pa.Array) -> None:
    table = pq.read_table(path)
    at = table.schema.get_field_index(column)
    pq.write_table(table.set_column(at, column, values), path)


def test_results_with_dictionary_text_or_empty_columns_still_load(tmp_path: Path) -> None:
    """Another writer may store text dictionary-encoded, or a column with no value at all as
    Arrow's null type: both hold what the schema allows (text; no numbers at all)."""
    out = _study(tmp_path, 2)
    _rewrite(out / "runs.parquet", "scenario", pa.array(["tied", "tied"]).dictionary_encode())
    _rewrite(out / "runs.parquet", "bubble_seconds", pa.nulls(2))
    res = study.load_study(out)
    assert list(res.runs["scenario"]) == ["tied", "tied"]
    assert res.runs["bubble_seconds"].isna().all()


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('{"format": 2', "is cut short"),
        ('{"format": 2 "seed": 1}', "is not JSON"),
        ("[1, 2]", "holds an array"),
        ("true", "holds true or false"),
        ("3", "holds a number"),
    ],
)
def test_study_json_that_is_not_an_object_says_why(tmp_path: Path, text: str, problem: str) -> None:
    """A file cut at its end, broken in the middle, or holding another JSON value."""
    path = tmp_path / "study.json"
    path.write_text(text)
    expected = rf"{problem}( \(.*\))?: expected a JSON object, the settings"
    with pytest.raises(ConfigError, match=expected):
        study.read_json_object(path, "the settings")


def _manifest(**changes: object) -> Mapping[str, object]:
    base = {"format": 2, "runner": RUNNER, "runs": 3, "scenario": "a.toml",
            "scenario_sha256": "ab", "target_sha256": None, "seed": 3}  # fmt: skip
    return {**base, **changes}


@pytest.mark.parametrize(
    "change",
    [
        {"format": 1},
        {"runner": "x:y"},
        {"scenario_sha256": "cd"},
        {"target_sha256": "ef"},
        {"seed": 4},
    ],
)
def test_a_study_is_another_when_what_makes_its_rows_changes(change: Mapping[str, object]) -> None:
    """Format, runner, scenario bytes, target bytes and seed each make another study."""
    assert study.study_identity(_manifest(**change)) != study.study_identity(_manifest())


def test_a_study_moved_or_extended_is_the_same_study() -> None:
    """The scenario's path and the number of runs do not change the rows of a run."""
    moved = _manifest(scenario="elsewhere/a.toml", runs=30)
    assert study.study_identity(moved) == study.study_identity(_manifest())


def test_the_largest_seed_is_2_to_the_63_minus_1(tmp_path: Path) -> None:
    """Seeds are 0..2**63-1 (int64 columns): 2**63 is refused before anything is written."""
    sc = tmp_path / "tied.toml"
    sc.write_text("players = 4\n")
    with pytest.raises(ConfigError, match="seed must be in"):
        study.run_study(sc, runs=1, seed=2**63, out=tmp_path / "o", runner=RUNNER, jobs=1,
                        progress=False)  # fmt: skip
    assert not (tmp_path / "o").exists()
    top = study.run_study(sc, runs=1, seed=2**63 - 1, out=tmp_path / "top", runner=RUNNER,
                          jobs=1, progress=False)  # fmt: skip
    assert list(top.runs["seed"]) == [derive_seed(2**63 - 1, 0)]


def test_take_stops_at_n_or_at_the_end() -> None:
    """The worker queue is fed a few runs at a time: exactly ``n``, or what is left."""
    tasks: Sequence[Any] = list(range(5))
    it = iter(tasks)
    assert study._take(it, 3) == [0, 1, 2]
    assert study._take(it, 3) == [3, 4]
    assert study._take(it, 3) == []


def test_one_job_or_one_run_starts_no_worker() -> None:
    """With one job, or a single run, the study plays in this process: no local workers."""
    for jobs, runs in ((1, 5), (4, 1)):
        workers = study.local_workers(jobs, runs, runner=RUNNER)
        if workers is not None:
            workers.close(cancel=True)
        assert workers is None, (jobs, runs)
