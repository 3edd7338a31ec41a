"""Comparisons of two studies on the same seeds: paired differences and their CIs."""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim import report, study
from pokersim.cli import main as cli_main

FAKE = "test_study_fakes:fake_runner"


def test_paired_ratio_diff_by_hand() -> None:
    """A: ROI (1 + 3) / (2 + 2) = 1; B: (2 + 2) / (2 + 2) = 1, so B - A = 0, and the residual
    of each run is (2 - 2)/4 - (1 - 2)/4 = 0.25 then (2 - 2)/4 - (3 - 2)/4 = -0.25."""
    est = study.paired_ratio_diff([1, 3], [2, 2], [2, 2], [2, 2])
    assert est.value == 0
    assert est.high == pytest.approx(study.Z95 * math.sqrt(2 * (0.0625 + 0.0625)))


def test_identical_arms_differ_by_exactly_zero() -> None:
    est = study.paired_ratio_diff([1, -3, 5], [2, 2, 2], [1, -3, 5], [2, 2, 2])
    assert (est.value, est.low, est.high) == (0, 0, 0)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(-50, 50), st.integers(1, 20), st.integers(-50, 50), st.integers(1, 20)
        ),
        min_size=2,
        max_size=30,
    )
)
def test_paired_ratio_diff_is_the_difference_of_ratios(rows: list[tuple[int, ...]]) -> None:
    na, da, nb, db = (list(c) for c in zip(*rows))
    est = study.paired_ratio_diff(na, da, nb, db)
    assert est.value == pytest.approx(sum(nb) / sum(db) - sum(na) / sum(da))
    assert est.low <= est.value <= est.high


def test_paired_ratio_diff_needs_equal_lengths() -> None:
    with pytest.raises(ValueError, match="same length"):
        study.paired_ratio_diff([1], [1], [1, 2], [1, 1])


def test_compare_runs_pairs_by_run() -> None:
    a = pd.DataFrame(
        {"run": [0, 1, 2], "duration_seconds": [600, 1200, 1800], "hands_played": [10, 20, 30]}
    )
    b = pd.DataFrame(
        {"run": [2, 0, 1], "duration_seconds": [2400, 1200, 1800], "hands_played": [30, 20, 10]}
    )
    for col in (
        "bubble_seconds",
        "final_table_seconds",
        "level_at_bubble",
        "level_at_final_table",
        "level_at_end",
        "avg_stack_bb_at_bubble",
        "avg_stack_bb_at_final_table",
    ):
        a[col] = b[col] = float("nan")
    table = report.compare_runs(a, b).set_index("measure")
    row = table.loc["duration (min)"]
    assert row["diff"] == pytest.approx(10.0)  # every pair differs by 600 s
    assert row["diff_low"] == pytest.approx(10.0) and row["diff_high"] == pytest.approx(10.0)
    assert table.loc["hands played", "diff"] == pytest.approx((0 + 0 + 0) / 3)
    assert "bubble time (min)" not in table.index  # no pairs with values


def test_compare_cli_same_seeds_in_both_arms(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = tmp_path / "small.toml"
    b = tmp_path / "big.toml"
    a.write_text("players = 9\n")
    b.write_text("players = 18\n")
    code = cli_main(
        [
            "compare",
            str(a),
            str(b),
            "--runs",
            "6",
            "--seed",
            "4",
            "--jobs",
            "1",
            "--out",
            str(tmp_path / "cmp"),
            "--runner",
            FAKE,
        ]
    )
    assert code == 0
    path = Path(capsys.readouterr().out.strip())
    text = path.read_text()
    ra = study.load_study(tmp_path / "cmp" / "A")
    rb = study.load_study(tmp_path / "cmp" / "B")
    assert list(ra.runs["seed"]) == list(rb.runs["seed"]) == study.run_seeds(4, 6)
    groups = report.compare_groups(ra.finishes, rb.finishes).set_index("group")
    diff = 100 * groups.loc["pro (skill 0.8)", "roi_diff"]
    assert f"{diff:.2f}" in text
    assert "A = small, B = big" in text
    assert (tmp_path / "cmp" / "plots" / "compare_durations.png").exists()


def test_two_files_of_one_name_are_told_apart_in_the_comparison(tmp_path: Path) -> None:
    """`compare A/x.toml B/x.toml` titled both "x" (table heads and legend alike)."""
    from pokersim.cli.compare import compare_labels  # noqa: PLC0415

    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "x.toml").write_text("", encoding="utf-8")
    a, b = str(tmp_path / "a" / "x.toml"), str(tmp_path / "b" / "x.toml")
    assert compare_labels(a, b) == ("a/x", "b/x")
    assert compare_labels(a, a) == ("x (A)", "x (B)")
    assert compare_labels(a, str(tmp_path / "a" / "y.toml")) == ("x", "y")
