"""The structure designer against the real engine: small fields, few runs.

The shipped-size convergence test (1,000 players) is marked slow; the 10,000-player searches are
reported in docs/design.md, not run here.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from pokersim.cli import main
from pokersim.config import AnteKind
from pokersim.design import design_structure, parse_breaks, study_simulator
from pokersim.scenario import load_default_scenario, load_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def _design_args(out: Path, *extra: str) -> list[str]:
    return [
        "design",
        "--players",
        "45",
        "--starting-stack",
        "1500",
        "--level-minutes",
        "4",
        "--target-hours",
        "1",
        "--runs",
        "3",
        "--jobs",
        "1",
        "--out",
        str(out),
        *extra,
    ]


def test_cli_design_writes_a_file_that_loads_and_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """R-STRUCT-1: the designed file is a complete scenario that `pokersim run` plays, and the
    report carries every figure the issue asks for."""
    out = tmp_path / "d.toml"
    plot = str(tmp_path / "p.png")
    assert main(_design_args(out, "--late-reg-minutes", "10", "--plot", plot)) == 0
    text = capsys.readouterr().out
    median = [line for line in text.splitlines() if "from the target" in line]
    assert median, text
    deviation = float(median[0].split("median is ")[1].split("%")[0])
    assert abs(deviation) <= 5.0
    for needle in ("duration over 3 runs: p10", "p50", "p90", "bubble: at", "final table: at"):
        assert needle in text
    assert "BB average in" in text
    assert (tmp_path / "p.png").stat().st_size > 0
    header = out.read_text(encoding="utf-8").split("\n", 8)[:8]
    assert any(line.startswith("# duration over 3 runs: p10") for line in header)
    sc = load_scenario(out)
    assert sc.players.count == 45 and sc.starting_stack == 1500
    assert sc.entries.late_registration_seconds == 12 * 60  # end of level 3
    assert main(["run", str(out), "--seed", "7"]) == 0
    assert "45 entries" in capsys.readouterr().out


def test_cli_design_is_deterministic_for_a_seed(tmp_path: Path) -> None:
    """Same options and seed: the same file, byte for byte."""
    a, b = tmp_path / "a.toml", tmp_path / "b.toml"
    assert main(_design_args(a, "--seed", "3", "--ante-kind", "classic")) == 0
    assert main(_design_args(b, "--seed", "3", "--ante-kind", "classic")) == 0
    assert a.read_bytes() == b.read_bytes()


def test_cli_check_reports_the_figures_of_an_existing_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.toml"
    base = (SCENARIOS / "default.toml").read_text(encoding="utf-8")
    path.write_text(base.replace("count = 180", "count = 27"), encoding="utf-8")
    code = main(["design", "--check", str(path), "--runs", "2", "--jobs", "1"])
    assert code == 0
    text = capsys.readouterr().out
    assert "duration over 2 runs" in text and "bubble: at" in text and "final table" in text


def test_cli_missing_options_and_impossible_targets_are_clear_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["design", "--players", "180", "--out", str(tmp_path / "x.toml")]) == 2
    assert "missing --starting-stack, --level-minutes, --target-hours" in capsys.readouterr().err
    args = _design_args(tmp_path / "y.toml")
    args[args.index("--level-minutes") + 1] = "45"
    assert main(args) == 2
    assert "fewer than two levels" in capsys.readouterr().err
    assert not (tmp_path / "y.toml").exists()


def test_engine_search_on_a_small_field_converges_and_is_reproducible() -> None:
    """The search on the real engine: within 5% of the target, and the accepted structure's
    figures are those of its own runs (same seeds again give the same medians)."""
    base = load_default_scenario()
    kwargs = dict(
        players=90,
        starting_stack=1500,
        level_minutes=5,
        target_seconds=75 * 60,
        ante_kind=AnteKind.CLASSIC,
        ante_from=4,
        breaks=parse_breaks("none"),
    )
    d = design_structure(base, simulate=study_simulator(runs=3, seed=11, jobs=1), **kwargs)
    assert abs(d.report.median_seconds / (75 * 60) - 1) <= 0.05
    again = study_simulator(runs=3, seed=11, jobs=1)(d.scenario)[0]
    assert sorted(r["duration_seconds"] for r in again) == sorted(
        r["duration_seconds"] for r in d.rows
    )
    assert d.scenario.levels[3].ante_kind is AnteKind.CLASSIC
    assert dataclasses.replace(d.scenario, source=None) == d.scenario


@pytest.mark.slow
def test_engine_search_converges_on_the_shipped_1000_player_field() -> None:
    """Shipped field size (scenarios/mtt_1000.toml's field): 4 hours with 12-minute levels."""
    base = load_scenario(SCENARIOS / "mtt_1000.toml")
    d = design_structure(
        base,
        players=1000,
        starting_stack=10000,
        level_minutes=12,
        target_seconds=4 * 3600,
        simulate=study_simulator(runs=3, seed=0, jobs=1),
    )
    assert abs(d.report.median_seconds / (4 * 3600) - 1) <= 0.05
    assert len(d.trials) <= 6


def test_cli_output_paths_are_checked_before_the_search(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder given as --out or --plot is refused before any run, and --out's missing folder is
    made: a finished search is never lost at the end on its file name."""
    import pokersim.design as design_module

    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("the search ran before the paths were checked")

    monkeypatch.setattr(design_module, "design_structure", no_search)
    for extra, flag in (
        ((), "--out"),
        (("--plot", str(tmp_path)), "--plot"),
    ):
        out = tmp_path if flag == "--out" else tmp_path / "d.toml"
        assert main(_design_args(out, "--force", *extra)) == 2
        err = capsys.readouterr().err
        assert f"{flag} {tmp_path}: is a folder" in err and err.count("\n") == 1
    check = ["design", "--check", str(SCENARIOS / "sng_9max.toml"), "--plot", str(tmp_path)]
    assert main(check) == 2
    assert "--plot" in capsys.readouterr().err
    monkeypatch.undo()
    out = tmp_path / "new" / "folder" / "d.toml"
    assert main(_design_args(out)) == 0
    assert load_scenario(out).players.count == 45
