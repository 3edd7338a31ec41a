"""Reports: the numbers in the tables are the documented reductions, and plots are written."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim import report, study
from pokersim.cli import main as cli_main

FAKE = "test_study_fakes:fake_runner"
PNG = b"\x89PNG\r\n\x1a\n"


def make_study(tmp_path: Path, runs: int = 12, **params: object) -> study.StudyResult:
    sc = tmp_path / "fake.toml"
    sc.write_text("".join(f"{k} = {v}\n" for k, v in params.items()) or "players = 9\n")
    return study.run_study(
        sc, runs=runs, seed=3, out=tmp_path / "o", jobs=1, runner=FAKE, progress=False
    )


def test_group_roi_and_itm_are_ratios_of_totals(tmp_path: Path) -> None:
    res = make_study(tmp_path, players=12)
    stats = report.group_stats(res.finishes).set_index("group")
    for model, skill in (("pro", 0.8), ("fish", 0.4)):
        part = res.finishes[res.finishes["model"] == model]
        row = stats.loc[f"{model} (skill {skill:g})"]
        assert row["roi"] == pytest.approx(part["profit_cents"].sum() / part["cost_cents"].sum())
        assert row["itm"] == pytest.approx((part["prize_cents"] > 0).mean())
        assert row["roi_low"] < row["roi"] < row["roi_high"]
        assert row["finishes"] == len(part)
        assert row["runs"] == 12


def test_bounty_share_is_bounties_over_all_winnings(tmp_path: Path) -> None:
    res = make_study(tmp_path, players=9, bounty_cents=300)
    stats = report.group_stats(res.finishes).set_index("group")
    part = res.finishes[res.finishes["model"] == "pro"]
    won = part["prize_cents"].sum() + part["bounty_cents"].sum()
    assert stats.loc["pro (skill 0.8)", "bounty_share"] == pytest.approx(
        part["bounty_cents"].sum() / won
    )


def test_time_bands_by_hand() -> None:
    """Three runs; at t=60 only two are still going, at t=120 only one (dropped: 1/3 < 0.5)."""
    timeline = pd.DataFrame(
        {
            "run": [0, 0, 0, 1, 1, 2],
            "seconds": [0, 60, 120, 0, 60, 0],
            "players_left": [9, 5, 2, 9, 7, 9],
            "avg_stack_bb": [50.0, 20.0, 10.0, 50.0, 30.0, 50.0],
        }
    )
    bands = report.time_bands(timeline, "players_left", min_share=0.5)
    assert list(bands["seconds"]) == [0, 60]
    assert list(bands["running"]) == [3, 2]
    assert list(bands["p50"]) == [9.0, 6.0]
    assert bands["p10"].iloc[1] == pytest.approx(5.2)
    assert bands["p90"].iloc[1] == pytest.approx(6.8)


def test_downswings_of_a_sure_loss_and_a_sure_win() -> None:
    lose = report.downswings([-1.0], tournaments=30, paths=5)
    assert lose.risk[20] == 1.0 and lose.risk[50] == 0.0  # a 30 buy-in drop, exactly
    assert lose.loss_probability == 1.0
    assert lose.percentiles["p50"].iloc[-1] == -30
    win = report.downswings([0.5, 2.0], tournaments=30, paths=5)
    assert all(v == 0.0 for v in win.risk.values()) and win.loss_probability == 0.0


@settings(max_examples=30, deadline=None)
@given(st.lists(st.floats(-1, 50, allow_nan=False), min_size=1, max_size=20), st.integers(0, 99))
def test_downswing_risk_falls_with_the_threshold(profits: list[float], seed: int) -> None:
    ds = report.downswings(profits, tournaments=50, paths=40, seed=seed)
    risks = [ds.risk[x] for x in sorted(ds.risk)]
    assert risks == sorted(risks, reverse=True)
    assert ds.expected == pytest.approx(np.mean(profits))
    assert (ds.percentiles["p5"] <= ds.percentiles["p95"]).all()


def test_downswings_reject_empty_input() -> None:
    with pytest.raises(ValueError, match="at least one profit"):
        report.downswings([])


def test_report_writes_plots_and_tables(tmp_path: Path) -> None:
    res = make_study(tmp_path, players=18, bounty_cents=100)
    path = report.write_report(res)
    text = path.read_text()
    for name in ("field_over_time", "durations", "roi_itm", "places", "profit", "bounty_share"):
        png = tmp_path / "o" / "plots" / f"{name}.png"
        assert png.read_bytes()[:8] == PNG
        assert f"plots/{name}.png" in text
    stats = report.group_stats(res.finishes).set_index("group")
    roi = 100 * stats.loc["pro (skill 0.8)", "roi"]
    assert (
        f"| pro (skill 0.8) | {len(res.finishes[res.finishes.model == 'pro'])} | {roi:.1f} |"
        in text
    )
    mean_minutes = res.runs["duration_seconds"].mean() / 60
    assert f"| duration (min) | 12 | {mean_minutes:.1f} |" in text


def test_durations_of_one_run_keep_their_clock_ticks() -> None:
    """One run (``run --report``): each time panel reads its clock, not a bare "h:mm".

    A single value made a histogram one second wide, where no tick of whole minutes fell.
    """
    runs = pd.DataFrame(
        {
            "duration_seconds": [21660.0],
            "bubble_seconds": [11040.0],
            "final_table_seconds": [18300.0],
            "level_at_end": [34],
            "level_at_bubble": [17],
            "level_at_final_table": [28],
        }
    )
    fig = report.plot_durations(runs)
    fig.canvas.draw()
    for axis, median in zip(fig.axes[:3], ("6:01", "3:04", "5:05"), strict=True):
        ticks = [t.get_text() for t in axis.get_xticklabels() if t.get_text()]
        assert len(ticks) >= 3, ticks
        assert f"median {median}" in [t.get_text() for t in axis.get_legend().get_texts()]


def test_compared_durations_share_bins_and_show_a_constant_study() -> None:
    """A sit-and-go's final table is at 0:00 in every run: its bar must still be seen.

    Each study's histogram took bins of its own: six zeros made bars a second wide (the panel
    of `compare sng_9max default` showed only the other study).
    """
    a = pd.DataFrame({c: [0.0] * 6 for c in ("duration_seconds", "bubble_seconds")})
    a["final_table_seconds"] = 0.0
    a["duration_seconds"] = [4000.0, 4100.0, 4600.0, 4800.0, 5000.0, 5100.0]
    a["bubble_seconds"] = [3000.0, 3100.0, 3300.0, 3900.0, 4400.0, 4700.0]
    b = a.copy()
    b["final_table_seconds"] = [4300.0, 4350.0, 4390.0, 4420.0, 4480.0, 4500.0]
    fig = report.plot_compare_durations(a, b, ("A", "B"))
    for axis in fig.axes:
        bars = [p for p in axis.patches if p.get_height() > 0]
        assert bars and min(p.get_width() for p in bars) >= 60
        edges = {round(p.get_x(), 6) for p in axis.patches}
        assert len(edges) == len(axis.patches) // 2  # both studies on the same bins
    final = fig.axes[2]
    assert sum(p.get_height() for p in final.patches if p.get_x() < 60) == 6  # A's six zeros


def test_bounty_share_by_place_ticks_whole_places(tmp_path: Path) -> None:
    res = make_study(tmp_path, players=18, bounty_cents=100)
    fig = report.plot_bounty_share(res.finishes)
    fig.canvas.draw()
    ticks = [t.get_position()[0] for t in fig.axes[1].get_xticklabels() if t.get_text()]
    assert ticks and all(float(x).is_integer() for x in ticks), ticks


def test_names_with_dollar_signs_are_drawn_as_written(tmp_path: Path) -> None:
    """ "Flighted event: $50 + $5, three day-1 flights" was titled "50+5" in math italics: the
    text between two dollar signs read as mathtext. Titles, labels, legends and tick labels
    of the data's names are drawn as written, in the returned figure and in the file."""
    from matplotlib.text import Text  # noqa: PLC0415

    res = make_study(tmp_path, players=18, bounty_cents=100)
    finishes = res.finishes.assign(model=res.finishes["model"] + " $5 + $1")
    stats = report.group_stats(finishes)
    name = "Flighted event: $50 + $5"
    figures = [
        report.plot_roi_itm(stats, tmp_path / "roi.png", title=name),
        report.plot_places(finishes, title=name),
        report.plot_profit(finishes, seed=1, title=name),
        report.plot_bounty_share(finishes, title=name),
        report.plot_compare_durations(res.runs, res.runs, (name, "B $1 $2")),
    ]
    for fig in figures:
        fig.canvas.draw()  # the tick labels a draw makes too
        texts = [t for t in fig.findobj(Text) if "$" in t.get_text()]
        assert texts and all(not t.get_parse_math() for t in texts)


def test_the_profit_density_axis_is_labelled_with_plain_numbers(tmp_path: Path) -> None:
    """The profit histogram's log axis showed ``$\\mathdefault{10^{0}}$`` as its labels: the
    report draws every text as written, and matplotlib labels a log axis in mathtext. Its
    labels, in the figure and in the file, are numbers as written ("1", "0.2")."""
    res = make_study(tmp_path, players=18)
    fig = report.plot_profit(res.finishes, tmp_path / "profit.png", seed=1)
    fig.canvas.draw()
    axis = fig.axes[0]
    labels = [
        t.get_text()
        for minor in (False, True)
        for t in axis.get_yticklabels(minor=minor)
        if t.get_text()
    ]
    assert labels
    for text in labels:
        assert float(text) > 0, text  # "1", "0.2": no dollar sign, no backslash


def test_a_far_target_gives_a_clock_of_a_few_ticks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`report --target-hours 1e9` never ended: the time axis ticked every 12 hours over 114,000
    years. The axis keeps about eight ticks however long, and the command takes a year at most.
    """
    res = make_study(tmp_path, players=9)
    marks = report.time_marks(res.runs, target_seconds=3600 * 24 * 365.0)
    fig = report.plot_durations(res.runs, marks=marks)
    fig.canvas.draw()
    assert 2 <= len(fig.axes[0].get_xticks()) <= 12
    assert cli_main(["report", str(tmp_path / "o"), "--target-hours", "1e9"]) == 2
    assert "expected a number of hours > 0 and <= 8760" in capsys.readouterr().err


def test_report_without_bounties_has_no_bounty_section(tmp_path: Path) -> None:
    res = make_study(tmp_path, players=9)
    text = report.write_report(res).read_text()
    assert "## Bounties" not in text
    assert not (tmp_path / "o" / "plots" / "bounty_share.png").exists()


def test_report_is_deterministic(tmp_path: Path) -> None:
    res = make_study(tmp_path, players=9)
    report.write_report(res)
    first = {p.name: p.read_bytes() for p in (tmp_path / "o" / "plots").iterdir()}
    first["report.md"] = (tmp_path / "o" / "report.md").read_bytes()
    report.write_report(tmp_path / "o")
    again = {p.name: p.read_bytes() for p in (tmp_path / "o" / "plots").iterdir()}
    again["report.md"] = (tmp_path / "o" / "report.md").read_bytes()
    assert first == again


@pytest.mark.parametrize("bounty_cents", [0, 100])
def test_report_drawn_on_worker_processes_is_the_same(tmp_path: Path, bounty_cents: int) -> None:
    """Plots handed to the study's workers: the same files, byte for byte, as drawn here."""
    res = make_study(tmp_path, players=18, bounty_cents=bounty_cents)
    report.write_report(res)
    here = {p.name: p.read_bytes() for p in (tmp_path / "o" / "plots").iterdir()}
    here["report.md"] = (tmp_path / "o" / "report.md").read_bytes()
    for p in (tmp_path / "o" / "plots").iterdir():
        p.unlink()
    with study.LocalWorkers(2, warm=False) as workers:
        report.write_report(res, executor=workers.pool())
    there = {p.name: p.read_bytes() for p in (tmp_path / "o" / "plots").iterdir()}
    there["report.md"] = (tmp_path / "o" / "report.md").read_bytes()
    assert there == here
    assert ("bounty_share.png" in here) == (bounty_cents > 0)


def test_report_cli_on_a_folder_without_a_study(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli_main(["report", str(tmp_path)]) == 2
    assert "holds no study (no study.json)" in capsys.readouterr().err
    assert cli_main(["report", str(tmp_path / "nothing")]) == 2
    assert "nothing: no such folder" in capsys.readouterr().err


def test_report_cli_on_a_sweep_names_its_arms(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A sweep's folder is not a study, but its arms are: the line says which to report."""
    for arm in ("arm-01", "arm-02"):
        (tmp_path / arm).mkdir()
        (tmp_path / arm / "study.json").write_text("{}", encoding="utf-8")
    (tmp_path / "sweep.json").write_text("{}", encoding="utf-8")
    assert cli_main(["report", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert "this is a sweep's folder, whose arms are studies (arm-01, arm-02)" in err
    assert f"pokersim report {tmp_path / 'arm-01'}" in err
    (tmp_path / "study.json").write_text("{}", encoding="utf-8")  # a study not finished
    assert cli_main(["report", str(tmp_path)]) == 2
    assert "holds no runs.parquet: not a finished study" in capsys.readouterr().err


def test_report_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    make_study(tmp_path)
    assert cli_main(["report", str(tmp_path / "o")]) == 0
    assert capsys.readouterr().out.strip().endswith("report.md")


def ft_finishes() -> pd.DataFrame:
    """Two runs; run 0: three at the final table with stacks 6/3/1, prizes 50/30/20."""
    rows = []
    for run, stacks, places, prizes in (
        (0, (600, 300, 100), (1, 3, 2), (50, 20, 30)),
        (1, (500, 500), (2, 1), (40, 60)),
    ):
        for pid, (st_, pl, pr) in enumerate(zip(stacks, places, prizes)):
            rows.append(
                dict(
                    run=run,
                    player_id=pid,
                    model="m",
                    skill=0.5 + 0.1 * (pid == 0),
                    place=pl,
                    prize_cents=pr,
                    bounty_cents=0,
                    entries=1,
                    cost_cents=10,
                    profit_cents=pr - 10,
                    final_table_stack=st_,
                )
            )
        rows.append(
            dict(
                run=run,
                player_id=9,
                model="m",
                skill=0.5,
                place=len(stacks) + 1,
                prize_cents=0,
                bounty_cents=0,
                entries=1,
                cost_cents=10,
                profit_cents=-10,
                final_table_stack=None,
            )
        )
    return pd.DataFrame(rows)


def test_icm_at_final_table_against_malmuth_harville_by_hand() -> None:
    icm = report.icm_at_final_table(ft_finishes())
    run0 = icm[icm["run"] == 0].set_index("player_id")
    # P(first) = 0.6 / 0.3 / 0.1; P(A second) = 0.3*6/7 + 0.1*6/9, and so on
    p1 = [0.6, 0.3, 0.1]
    p2 = [
        0.3 * 6 / 7 + 0.1 * 6 / 9,
        0.6 * 3 / 4 + 0.1 * 3 / 9,
        0.6 * 1 / 4 + 0.3 * 1 / 7,
    ]
    for pid in range(3):
        expected = 50 * p1[pid] + 30 * p2[pid] + 20 * (1 - p1[pid] - p2[pid])
        assert run0.loc[pid, "icm_cents"] == pytest.approx(expected)
    assert run0["icm_cents"].sum() == pytest.approx(100)
    assert 9 not in icm["player_id"].tolist()  # not at the final table
    run1 = icm[icm["run"] == 1]
    assert list(run1["icm_cents"]) == pytest.approx([50, 50])  # equal stacks, equal equity


def test_icm_by_group_edge_is_prize_minus_icm() -> None:
    icm = report.icm_at_final_table(ft_finishes())
    by = report.icm_by_group(icm).set_index("group")
    for group, part in icm.groupby("group"):
        assert by.loc[group, "edge_cents"] == pytest.approx(
            (part["prize_cents"] - part["icm_cents"]).mean()
        )
        assert by.loc[group, "appearances"] == len(part)
