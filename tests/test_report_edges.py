"""Edges of the study report (``pokersim.report``): the numbers and words it computes and shows.

Small tables made by hand: a group with no skill, a group that won nothing, a sure loss of one
buy-in a tournament, rebuys in the buy-in, a final table of exactly the largest size exact ICM
handles, a seat of a linked series (R-SAT-1) played or not, two studies whose runs or profit
columns differ, a level that starts when a break starts, the last level repeating, a run that
ends the second a level starts or exactly at the target duration. Every expected value below is
worked out by hand from docs/studies.md, docs/formats.md and the module's docstrings.
"""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from pokersim import report
from pokersim.icm import EXACT_MAX_PLAYERS
from pokersim.scenario import BreakKind, Breaks, Scenario, load_scenario
from pokersim.study import StudyResult

SNG = Path(__file__).resolve().parents[1] / "scenarios" / "sng_9max.toml"

RUN_COLUMNS = report.REPORT_COLUMNS["runs"]


def _finish(
    run: int,
    player: int,
    model: str,
    place: int,
    prize: int,
    *,
    skill: float | None = None,
    bounty: int = 0,
    cost: int = 100,
    entries: int = 1,
    stack: float | None = None,
) -> dict[str, Any]:
    return {
        "run": run,
        "player_id": player,
        "model": model,
        "skill": math.nan if skill is None else skill,
        "place": place,
        "prize_cents": prize,
        "bounty_cents": bounty,
        "entries": entries,
        "cost_cents": cost,
        "profit_cents": prize + bounty - cost,
        "final_table_stack": math.nan if stack is None else stack,
    }


def _runs(durations: list[float], **columns: list[float]) -> pd.DataFrame:
    """Runs 0, 1, ... with these durations (seconds), the other measures missing unless given."""
    data: dict[str, Any] = {c: [math.nan] * len(durations) for c in RUN_COLUMNS}
    data["run"] = list(range(len(durations)))
    data["seed"] = [7 + k for k in range(len(durations))]
    data["duration_seconds"] = [float(d) for d in durations]
    data.update(columns)
    return pd.DataFrame(data)


def _sng(**changes: Any) -> Scenario:
    """The 9-max sit-and-go: 10-minute levels from 20:00, no breaks, antes from level 7."""
    return dataclasses.replace(load_scenario(SNG), **changes)


# --- groups ------------------------------------------------------------------------------------


def test_a_group_without_a_skill_is_shown_by_its_model_alone() -> None:
    """A model with no skill (missing: None or NaN in the table) is named by itself; a skill
    is shown beside the model as written, 0.5 as "0.5"."""
    assert report.group_label("fish", None) == "fish"
    assert report.group_label("fish", math.nan) == "fish"
    assert report.group_label("pro", 0.5) == "pro (skill 0.5)"
    finishes = pd.DataFrame([_finish(0, 0, "fish", 1, 100), _finish(0, 1, "pro", 2, 0, skill=0.5)])
    assert list(report.with_groups(finishes)["group"]) == ["fish", "pro (skill 0.5)"]


def test_group_stats_by_hand() -> None:
    """Two runs of three players. "a" wins 300 then nothing: ROI (200 - 100) / 200 = 50%, ITM
    1 of 2, profits 200 and -100 (mean 50, sample sd sqrt(2 * 150^2 / 1) = 150 * sqrt 2).
    "b" wins a 50 bounty only then 200: a bounty alone is not in the money, so ITM 1 of 2, and
    bounties are 50 of 250 won. "c" wins nothing: no winnings, so no bounty share."""
    finishes = pd.DataFrame(
        [
            _finish(0, 0, "a", 1, 300),
            _finish(0, 1, "b", 2, 0, bounty=50),
            _finish(0, 2, "c", 3, 0),
            _finish(1, 0, "a", 3, 0),
            _finish(1, 1, "b", 1, 200),
            _finish(1, 2, "c", 2, 0),
        ]
    )
    stats = report.group_stats(finishes).set_index("group")
    a, b, c = stats.loc["a"], stats.loc["b"], stats.loc["c"]
    assert (a["finishes"], a["runs"]) == (2, 2)
    assert a["roi"] == pytest.approx(0.5)
    assert a["itm"] == pytest.approx(0.5)
    assert a["mean_profit_cents"] == pytest.approx(50.0)
    assert a["sd_profit_cents"] == pytest.approx(150 * math.sqrt(2))
    assert a["bounty_share"] == 0.0
    assert b["itm"] == pytest.approx(0.5)
    assert b["roi"] == pytest.approx((250 - 200) / 200)
    assert b["bounty_share"] == pytest.approx(50 / 250)
    assert c["itm"] == 0.0 and c["roi"] == pytest.approx(-1.0)
    assert math.isnan(c["bounty_share"])


# --- variance ----------------------------------------------------------------------------------


def test_a_sure_loss_drops_from_the_start_by_every_buy_in() -> None:
    """Losing one buy-in every tournament, 30 tournaments: the path starts at 0 (its first
    peak) and ends at -30, a drop of exactly 30 buy-ins. "At least 30" is certain, "at least
    31" never happens."""
    ds = report.downswings([-1.0], tournaments=30, paths=3, thresholds=(1, 30, 31))
    assert ds.risk == {1: 1.0, 30: 1.0, 31: 0.0}


def test_breaking_even_is_not_a_loss() -> None:
    """Profits of exactly 0 leave every path at 0 after the last tournament: not below zero,
    so the chance of being behind is 0, and there is no drop at all."""
    ds = report.downswings([0.0], tournaments=20, paths=4, thresholds=(1,))
    assert ds.loss_probability == 0.0
    assert ds.risk == {1: 0.0}
    assert ds.expected == 0.0


def test_the_buy_in_unit_is_the_median_cost_of_one_entry() -> None:
    """Costs 300, 200 and 400 for 3, 2 and 1 entries (rebuys): 100, 100 and 400 an entry;
    the median entry, 100, is one buy-in (not a total cost, nor the mean 200)."""
    finishes = pd.DataFrame(
        [
            _finish(0, 0, "a", 1, 500, cost=300, entries=3),
            _finish(0, 1, "a", 2, 0, cost=200, entries=2),
            _finish(0, 2, "a", 3, 0, cost=400, entries=1),
        ]
    )
    assert report.buyin_cents(finishes) == 100.0


def test_profit_downswings_are_in_buy_ins_with_a_seed_per_group() -> None:
    """Groups "a" and "b" have the same profits, 200 and -100 on a buy-in of 100: 2 and -1
    buy-ins, 0.5 a tournament. Group k (in name order) resamples its profits (in the order of
    the finishes) with seed + k: "a" with seed 3 and "b" with seed 4, different paths."""
    finishes = pd.DataFrame(
        [
            _finish(0, 0, "a", 1, 300),
            _finish(0, 1, "b", 2, 0),
            _finish(1, 0, "b", 1, 300),
            _finish(1, 1, "a", 2, 0),
        ]
    )
    swings = report.profit_downswings(finishes, seed=3)
    assert list(swings) == ["a", "b"]
    for k, (group, profits) in enumerate((("a", [2.0, -1.0]), ("b", [-1.0, 2.0]))):
        alone = report.downswings(profits, seed=3 + k)
        assert swings[group].expected == pytest.approx(0.5)
        assert swings[group].percentiles.equals(alone.percentiles)
        assert swings[group].risk == alone.risk
    assert not swings["a"].percentiles.equals(swings["b"].percentiles)


# --- runs --------------------------------------------------------------------------------------


def test_run_summary_by_hand() -> None:
    """Five runs of 10, 20, 30, 40 and 50 minutes: mean and median 30, 10th percentile
    10 + 0.4 * 10 = 14, 90th 40 + 0.6 * 10 = 46 (linear between the sorted values). Bubble
    times 5, 10, 15 and 20 minutes, one run without a bubble: four runs, mean 12.5 minutes. No
    run reached a final table: no row for it."""
    runs = _runs(
        [600, 1200, 1800, 2400, 3000],
        bubble_seconds=[300.0, 600.0, math.nan, 900.0, 1200.0],
    )
    table = report.run_summary(runs).set_index("measure")
    duration = table.loc["duration (min)"]
    assert duration["runs"] == 5
    assert duration["mean"] == pytest.approx(30.0)
    assert duration["median"] == pytest.approx(30.0)
    assert duration["p10"] == pytest.approx(14.0)
    assert duration["p90"] == pytest.approx(46.0)
    assert duration["ci_low"] < 30.0 < duration["ci_high"]
    bubble = table.loc["bubble time (min)"]
    assert bubble["runs"] == 4
    assert bubble["mean"] == pytest.approx(12.5)
    assert "final-table time (min)" not in table.index


def test_time_marks_are_medians_and_the_scenarios_name() -> None:
    """Bubbles at 100, 200 and 900 s: the median, 200 (not the mean 400); no final table in
    any run: no mark. The scenario given names the plots over the runs' own column."""
    runs = _runs([1000, 1100, 1200], bubble_seconds=[100.0, 200.0, 900.0])
    runs["scenario"] = ["other", "other", "other"]
    marks = report.time_marks(runs)
    assert marks.name == "other"
    assert marks.bubble == 200.0 and marks.final_table is None
    named = report.time_marks(runs, _sng(), target_seconds=1500.0)
    assert named.name == "9-max sit-and-go" and named.target == 1500.0


def test_time_marks_list_each_levels_blinds_and_ante() -> None:
    """The sit-and-go's levels up to the longest run (1:00): level 1 at 0 s, 10/20 with no
    ante; level 7 at 3600 s, 100/200 with an ante of 25."""
    marks = report.time_marks(_runs([3600]), _sng())
    assert marks.levels[0] == (0, 1, "10/20")
    assert marks.levels[-1] == (3600, 7, "100/200 ante 25")
    assert len(marks.levels) == 7 and marks.breaks == ()


def test_hmm_reads_the_nearest_minute() -> None:
    """h:mm to the nearest minute: 3,900 s is 1:05, 3,599 s (59 min 59 s) is 1:00, 89 s is
    0:01 and 0 is 0:00."""
    assert [report.hmm(s) for s in (3900, 3599, 89, 0)] == ["1:05", "1:00", "0:01", "0:00"]


def test_the_field_bands_cut_times_when_fewer_than_a_tenth_of_the_runs_go_on() -> None:
    """All runs sampled at 0 s, only run 0 still going at 60 s. Of ten runs, one is a tenth:
    not fewer than 10%, so 60 s stays; of eleven, one is fewer than 10%: 60 s is cut."""
    for count, kept in ((10, [0, 60]), (11, [0])):
        timeline = pd.DataFrame(
            {
                "run": [*range(count), 0],
                "seconds": [0] * count + [60],
                "players_left": [9] * count + [5],
                "avg_stack_bb": [50.0] * count + [90.0],
            }
        )
        bands = report.time_bands(timeline, "players_left")
        assert list(bands["seconds"]) == kept
        assert list(bands["running"]) == [count, 1][: len(kept)]


# --- schedule and structure sheet --------------------------------------------------------------


def test_a_level_due_when_a_break_starts_is_dealt_when_it_ends() -> None:
    """Ten-minute levels from 20:00 and a five-minute break at :50 (3000-3300 s). Level 6 is
    due after 50 minutes of play, when the break starts, so it is dealt at its end (3300);
    level 7 comes ten minutes of play later (3900). A level starting at the limit counts."""
    sc = _sng(breaks=Breaks(kind=BreakKind.CLOCK, minute_of_hour=50, length_seconds=300))
    starts, windows = report.level_schedule(sc, 3900)
    assert [(t, n) for t, n, _lv in starts] == [
        (0, 1),
        (600, 2),
        (1200, 3),
        (1800, 4),
        (2400, 5),
        (3300, 6),
        (3900, 7),
    ]
    assert windows == [(3000, 3300)]


def test_a_level_dealt_after_a_break_no_run_saw_end_is_not_listed() -> None:
    """The same schedule, the longest run ending at 3010 s, in the break: level 6, due when the
    break starts, would be dealt at 3300 s, after every run had ended, so neither the schedule
    nor the structure sheet has it (one row per level that started in some run)."""
    sc = _sng(breaks=Breaks(kind=BreakKind.CLOCK, minute_of_hour=50, length_seconds=300))
    starts, windows = report.level_schedule(sc, 3010)
    assert [n for _t, n, _lv in starts] == [1, 2, 3, 4, 5]
    assert windows == [(3000, 3300)]
    runs = pd.DataFrame({"run": [0], "duration_seconds": [3010.0]})
    assert list(report.structure_sheet(pd.DataFrame(), runs, sc)["level"]) == [1, 2, 3, 4, 5]
    assert [n for _t, n, _b in report.time_marks(runs, sc).levels] == [1, 2, 3, 4, 5]


def test_the_last_level_repeats_under_new_numbers() -> None:
    """Two levels of ten minutes: after level 2 (600 s) the last level's blinds go on, level 3
    at 1200 s, level 4 at 1800 s, up to the limit of 1800 s."""
    sc = _sng(levels=_sng().levels[:2])
    starts, _windows = report.level_schedule(sc, 1800)
    assert [(t, n, lv.big_blind) for t, n, lv in starts] == [
        (0, 1, 20),
        (600, 2, 30),
        (1200, 3, 30),
        (1800, 4, 30),
    ]


def test_a_run_ending_as_a_level_starts_still_counts_at_that_level() -> None:
    """Two runs, ending at 20 and 25 minutes; level 3 starts at 20 minutes (1200 s). Both are
    still going then (the first at its last sample, 3 players left; the other 5): 100% of the
    runs, median 4 players. Level 3's sample is the one taken at 1200 s itself."""
    timeline = pd.DataFrame(
        {
            "run": [0, 0, 0, 1, 1, 1, 1],
            "seconds": [0, 600, 1200, 0, 600, 1200, 1500],
            "players_left": [9, 6, 3, 9, 8, 5, 2],
            "avg_stack_bb": [75.0, 40.0, 60.0, 75.0, 30.0, 20.0, 50.0],
        }
    )
    runs = pd.DataFrame({"run": [0, 1], "duration_seconds": [1200.0, 1500.0]})
    sheet = report.structure_sheet(timeline, runs, _sng())
    assert list(sheet["level"]) == [1, 2, 3]
    row = sheet.iloc[2]
    assert row["running"] == 1.0
    assert row["players_median"] == 4.0
    assert row["avg_bb_p50"] == pytest.approx(40.0)


# --- final tables and ICM ----------------------------------------------------------------------


def test_icm_takes_a_final_table_of_the_largest_exact_size() -> None:
    """Exact ICM handles final tables of up to 18 players: 18 equal stacks sharing 300 have
    300 / 18 each and are in the table, while a run with 19 at its final table is left out.
    Each share is of the final table's prize money: 100 of 300 is a third."""
    assert EXACT_MAX_PLAYERS == 18
    rows = [_finish(0, p, "m", p + 1, 100 if p < 3 else 0, stack=1000.0) for p in range(18)]
    rows += [_finish(1, p, "m", p + 1, 100 if p < 3 else 0, stack=1000.0) for p in range(19)]
    icm = report.icm_at_final_table(pd.DataFrame(rows))
    assert set(icm["run"]) == {0}
    assert len(icm) == 18
    assert list(icm["icm_cents"]) == pytest.approx([300 / 18] * 18)
    assert list(icm["prize_share"][:4]) == pytest.approx([1 / 3, 1 / 3, 1 / 3, 0.0])
    assert icm["icm_share"].sum() == pytest.approx(1.0)


def test_icm_leaves_out_final_tables_with_no_prize_or_a_single_player() -> None:
    """A final table whose players won nothing has no prize money to share out, and a final
    table of one has no one to share it with: neither is compared with ICM. A table of two
    with 60 and 40 and stacks 3:1 is (ICM 0.75 * 60 + 0.25 * 40 = 55, and 45)."""
    finishes = pd.DataFrame(
        [
            _finish(0, 0, "m", 1, 0, stack=500.0),
            _finish(0, 1, "m", 2, 0, stack=500.0),
            _finish(1, 0, "m", 1, 100, stack=900.0),
            _finish(1, 1, "m", 2, 0),
            _finish(2, 0, "m", 1, 60, stack=300.0),
            _finish(2, 1, "m", 2, 40, stack=100.0),
        ]
    )
    icm = report.icm_at_final_table(finishes)
    assert list(icm["run"]) == [2, 2]
    assert list(icm["icm_cents"]) == pytest.approx([55.0, 45.0])


# --- comparisons -------------------------------------------------------------------------------


def _plain(profits: list[int], run_offset: int = 0) -> pd.DataFrame:
    """One "a" finish per run with this profit on a cost of 100 (prize = profit + 100)."""
    return pd.DataFrame(
        [_finish(k + run_offset, 0, "a", 1, p + 100) for k, p in enumerate(profits)]
    )


def test_compare_groups_uses_only_the_runs_both_studies_have() -> None:
    """A has runs 0 and 1, B runs 0, 1 and 2: run 2 has no pair and is left out. A's ROI is
    (0 + 100) / 200 = 50%, B's (-100 + 200) / 200 = 50% too (its 900 in run 2 unpaired), so
    B - A is 0. ITM counts prizes above 0 only: A both runs, B one of two (its run 0 won 0)."""
    a = _plain([0, 100])
    b = _plain([100, 100, 900])
    b.loc[0, ["prize_cents", "profit_cents"]] = [0, -100]
    b.loc[1, ["prize_cents", "profit_cents"]] = [300, 200]
    groups = report.compare_groups(a, b).set_index("group")
    row = groups.loc["a"]
    assert row["runs"] == 2
    assert row["roi_a"] == pytest.approx(0.5)
    assert row["roi_b"] == pytest.approx(0.5)
    assert row["roi_diff"] == pytest.approx(0.0)
    assert row["itm_a"] == pytest.approx(1.0)
    assert row["itm_b"] == pytest.approx(0.5)
    assert row["itm_diff"] == pytest.approx(-0.5)


def test_a_group_absent_from_a_run_counts_nothing_there() -> None:
    """A group with no player in one of B's runs (its mix drew none) has neither cost nor
    profit there: B's ROI for "b" is its one run's, (300 - 100) / 100 = 200%, and ITM 1 of 1;
    A's "b" lost its cost in both runs, -100%."""
    a = pd.DataFrame(
        [
            _finish(0, 0, "a", 1, 200),
            _finish(0, 1, "b", 2, 0),
            _finish(1, 0, "a", 1, 200),
            _finish(1, 1, "b", 2, 0),
        ]
    )
    b = pd.DataFrame(
        [_finish(0, 0, "a", 2, 0), _finish(0, 1, "b", 1, 300), _finish(1, 0, "a", 1, 200)]
    )
    row = report.compare_groups(a, b).set_index("group").loc["b"]
    assert row["runs"] == 2
    assert row["roi_a"] == pytest.approx(-1.0)
    assert row["roi_b"] == pytest.approx(2.0)
    assert row["roi_diff"] == pytest.approx(3.0)
    assert row["itm_b"] == pytest.approx(1.0)


def test_a_series_compared_with_a_plain_study_ranks_by_the_runs_own_profit() -> None:
    """Only A is a linked series: the two do not share a series profit, so both are compared
    on ``profit_cents`` (equal here: B - A is 0), not on A's series profit."""
    a = _plain([0, 100]).assign(series_profit_cents=[900, 900])
    b = _plain([0, 100])
    row = report.compare_groups(a, b).set_index("group").loc["a"]
    assert row["roi_a"] == pytest.approx(0.5)
    assert row["roi_diff"] == pytest.approx(0.0)


# --- a linked series ---------------------------------------------------------------------------


def test_series_stats_count_seats_won_and_played() -> None:
    """A satellite of one seat, two runs: its seat winner is 1st (docs/formats.md), the
    runner-up 2nd wins nothing. "sat" wins both seats, one played in the target (5th: 500
    prize and 100 in bounties), the other kept as cash (target place 0: not played); "reg"
    finishes 2nd and 3rd, no seat. Seats won 2 and 0, played 1 and 0, the target won 600 and
    0. The series ROI of "sat": (500 + 900) over a cost of 200. The report's section says
    what a seat played won on average, 600 for the one seat played, and what a seat cost
    (its prize in the satellite, 1000)."""
    rows = [
        _finish(0, 0, "sat", 1, 1000),
        _finish(0, 1, "reg", 2, 0),
        _finish(0, 2, "reg", 3, 0),
        _finish(1, 0, "sat", 1, 1000),
        _finish(1, 1, "reg", 2, 0),
        _finish(1, 2, "reg", 3, 0),
    ]
    finishes = pd.DataFrame(rows)
    finishes["target_place"] = [5, 0, 0, 0, 0, 0]
    finishes["target_prize_cents"] = [500, 0, 0, 0, 0, 0]
    finishes["target_bounty_cents"] = [100, 0, 0, 0, 0, 0]
    finishes["series_profit_cents"] = [500, -100, -100, 900, -100, -100]
    stats = report.series_stats(finishes).set_index("group")
    assert list(stats.index) == ["reg", "sat"]
    assert list(stats["seats"]) == [0, 2]
    assert list(stats["played"]) == [0, 1]
    assert list(stats["target_won_cents"]) == [0.0, 600.0]
    assert stats.loc["sat", "roi"] == pytest.approx((500 + 900) / 200)
    assert stats.loc["reg", "roi"] == pytest.approx(-1.0)
    assert report.series_stats(finishes.drop(columns="series_profit_cents")).empty
    section = report._series_md(finishes)
    assert section[0] == "## The series: with the target (R-SAT-1)"
    assert (
        "The 1 seats played won 6.00 each in the target on average (prizes and bounties; "
        "a seat costs 10.00)." in section
    )


# --- plots' numbers ----------------------------------------------------------------------------


def test_places_put_the_winner_in_the_first_tenth() -> None:
    """One run of ten: "a" finishes 1st and 2nd, "b" 3rd to 10th. Place p of 10 is in tenth
    p - 1 (0 = winner), so "a" has 50% in each of the first two tenths, "b" 12.5% in each of
    the other eight."""
    finishes = pd.DataFrame([_finish(0, p, "a" if p < 2 else "b", p + 1, 0) for p in range(10)])
    fig = report.plot_places(finishes)
    lines = {ln.get_label(): ln for ln in fig.axes[0].get_lines()}
    assert list(lines["a"].get_xdata()) == [5, 15, 25, 35, 45, 55, 65, 75, 85, 95]
    assert list(lines["a"].get_ydata()) == pytest.approx([50, 50] + [0] * 8)
    assert list(lines["b"].get_ydata()) == pytest.approx([0, 0] + [12.5] * 8)


# --- formatting and the page -------------------------------------------------------------------


def test_fmt_value_shows_whole_numbers_whole_and_missing_as_a_dash() -> None:
    """Counts print as integers, numbers with the digits asked for, and a missing value
    (None or NaN) as "–"."""
    assert report.fmt_value(5) == "5"
    assert report.fmt_value(np.int64(12)) == "12"
    assert report.fmt_value(2.36) == "2.4"
    assert report.fmt_value(2.0, 2) == "2.00"
    assert report.fmt_value(None) == "–"
    assert report.fmt_value(math.nan) == "–"


def test_a_markdown_table_becomes_a_head_and_its_rows(tmp_path: Path) -> None:
    """A Markdown table has a header, a separator of one cell per column, and its rows; on the
    page the separator is no row: one header row, one body row, the text escaped."""
    assert report.md_table(["a", "b"], [["1", "2"]]) == "| a | b |\n|---|---|\n| 1 | 2 |"
    page = report.markdown_to_html(
        report.md_table(["a", "b"], [["1", "x < y"]]), tmp_path, title="T & U"
    )
    assert page.count("<tr>") == 2
    assert "<th>a</th><th>b</th>" in page
    assert "<td>1</td><td>x &lt; y</td>" in page
    assert "<title>T &amp; U</title>" in page


def _study(tmp_path: Path, runs: pd.DataFrame) -> StudyResult:
    finishes = pd.DataFrame(columns=list(report.REPORT_COLUMNS["finishes"]))
    timeline = pd.DataFrame(columns=list(report.REPORT_COLUMNS["timeline"]))
    return StudyResult(path=tmp_path, runs=runs, finishes=finishes, timeline=timeline)


def test_one_run_ending_exactly_at_the_target_is_within_it(tmp_path: Path) -> None:
    """One run has no confidence intervals, and says so with its seed. It lasts 1:00, the
    target: the median is 1:00 (+0.0%), and a run ending at the target ends within it."""
    text = report.write_report(_study(tmp_path, _runs([3600])), target_seconds=3600).read_text(
        encoding="utf-8"
    )
    assert "One run (seed 7), 0 players" in text
    assert (
        "Target duration 1:00: the median run lasts 1:00 (+0.0%), 10th-90th percentile "
        "1:00 – 1:00; 100% of the runs end within it." in text
    )


def test_the_reports_target_line_structure_sheet_and_tables(tmp_path: Path) -> None:
    """Runs of 50, 60, 70 and 80 minutes, target 1:00: the median 65 minutes (1:05) is 8.3%
    over; the 10th percentile 50 + 0.3 * 10 = 53 minutes, the 90th 70 + 0.7 * 10 = 77; two of
    four end within the target (the 1:00 run included): 50%. The structure sheet of the 9-max
    sit-and-go: no ante shown as "–" until level 7 (21:00, 100/200 ante 25), which three of
    the four runs reach (75%); no timeline, so no players or stacks ("–").

    Each run is heads-up at 1.00 a buy-in, both players at the final table, 3000 chips
    against 1000. "a" wins 1.50 + 0.50 in bounty twice, then 2.50 + 0.50: profits 1.00, 1.00,
    2.00, 2.00 (mean 1.50, sample sd sqrt(4 * 0.5^2 / 3) = 0.58), ROI 150%, with the 95% CI
    150 -+ 1.96 * 100 * sqrt(4/3 * 4 * 50^2 / 400^2) = 93.4 – 206.6, always in the money;
    "b" loses its buy-in every time (-100%, ITM 0). EV 1.5 and -1 buy-ins; "a" never goes
    down, "b" goes down by every threshold and ends behind in every path. ICM of the 3:1
    stacks is 3/4 of the prize for "a": 1.125 and 1.875, mean 1.50 against a mean prize of
    2.00 (won - ICM 0.50); "b" 0.50 against 0. Bounties are 2.00 of "a"'s 10.00 won (20%);
    "b" won nothing, so no share."""
    runs = _runs([3000, 3600, 4200, 4800])
    rows = []
    for run, prize in enumerate((150, 150, 250, 250)):
        rows.append(_finish(run, 0, "a", 1, prize, bounty=50, stack=3000.0))
        rows.append(_finish(run, 1, "b", 2, 0, stack=1000.0))
    result = dataclasses.replace(_study(tmp_path, runs), finishes=pd.DataFrame(rows))
    path = report.write_report(result, scenario=_sng(), target_seconds=3600)
    text = path.read_text(encoding="utf-8")
    assert "4 runs, 8 finishes." in text
    assert (
        "Target duration 1:00: the median run lasts 1:05 (+8.3%), 10th-90th percentile "
        "0:53 – 1:17; 50% of the runs end within it." in text
    )
    assert "| 1 | 20:00 | 0:00 | 10/20 | – | – | – | – | – | 100% |" in text
    assert "| 7 | 21:00 | 1:00 | 100/200 | 25 | – | – | – | – | 75% |" in text
    assert "| a | 4 | 150.0 | 93.4 – 206.6 | 100.0 | 100.0 – 100.0 | 1.50 | 0.58 |" in text
    assert "| b | 4 | -100.0 | -100.0 – -100.0 | 0.0 | 0.0 – 0.0 | -1.00 | 0.00 |" in text
    assert "Downswings over 500 tournaments (resampled from the study's profits; one " in text
    assert "buy-in = 1.00):" in text
    assert "| a | 1.500 | 0.0% | 0.0% | 0.0% | 0.0% | 0.0% |" in text
    assert "| b | -1.000 | 100.0% | 100.0% | 100.0% | 100.0% | 100.0% |" in text
    assert "4 final tables; each player's Malmuth-Harville (ICM) equity" in text
    assert "| a | 4 | 1.50 | 2.00 | 0.50 |" in text
    assert "| b | 4 | 0.50 | 0.00 | -0.50 |" in text
    assert "| a | 20.0 |" in text
    assert "| b | – |" in text
