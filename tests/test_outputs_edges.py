"""Edges of a run's files (``pokersim.outputs``) and of the calibration files.

A run's folder: ``--out`` is refused when it is a file, when a file the run writes is taken by
a folder of that name, and when it already holds results without ``--force``; a folder of
other files only is no run's and is left alone. Once a forced run has written its files, the
earlier results it did not write go and what it wrote or read stays; a day's folder of an
event counts among the results only when it holds a run. The event log and hand histories are
written under temporary names: a run that stops with an error leaves nothing of itself, a
temporary folder left by a killed run is never published, and a complete run's hand histories
replace the earlier ones. The event log is the same bytes however it is written in pieces;
a reader of the events sees every line of it, a reader of the rows not the rows of the tables'
loop's stretches. A delayed start moves the clock the hands were played from (R-REG-4).

``pokersim calibrate --out``: the table as JSON (standard JSON, nothing else) and Parquet, one
row per statistic, and a figure of one panel per measured statistic, four to a line: its band
shaded when it has both ends, the sampling range drawn when it has both ends, the dot red when
the value is outside the band, and every one of them within the panel's limits.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from pokersim import calibration_report, outputs
from pokersim.calibration_report import calibration_figure, write_calibration
from pokersim.calibration_targets import Row
from pokersim.errors import ConfigError
from pokersim.outputs import (
    RunFiles,
    as_played,
    check_out,
    earlier_results,
    files_in,
    remove_unwritten,
    write_run,
)
from pokersim.scenario import Scenario, load_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


@pytest.fixture(scope="module")
def sng() -> Scenario:
    return load_scenario(SCENARIOS / "sng_9max.toml")


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


# --- the folder: refused or not -------------------------------------------------------------


def test_an_out_that_is_a_file_is_refused(tmp_path: Path) -> None:
    """``--out`` naming a file: the run could not write its folder there; refused, forced or not."""
    out = tmp_path / "taken"
    _write(out, "a file\n")
    for force in (False, True):
        with pytest.raises(ConfigError, match="not a folder"):
            check_out(out, force)


def test_a_folder_where_the_summary_goes_is_refused_even_when_forced(tmp_path: Path) -> None:
    """A folder named ``summary.json`` takes the place of the run's summary: ``--force`` does not
    remove folders, so the run is refused either way."""
    (tmp_path / "summary.json").mkdir()
    for force in (False, True):
        with pytest.raises(ConfigError, match="summary.json"):
            check_out(tmp_path, force)


def test_results_are_refused_without_force_and_accepted_with_it(tmp_path: Path) -> None:
    """An earlier run's ``summary.json`` is results: refused without ``--force``, accepted
    with it; a folder of other files only (a report) holds no results and is accepted."""
    other = tmp_path / "other"
    _write(other / "report.md", "a study's report\n")
    check_out(other, False)
    run = tmp_path / "run"
    _write(run / "summary.json", "{}\n")
    with pytest.raises(ConfigError, match="--force"):
        check_out(run, False)
    check_out(run, True)


# --- a forced run: the earlier results it did not write go ------------------------------------


def test_a_folder_without_a_runs_results_has_no_earlier_results(tmp_path: Path) -> None:
    """A report, a plot folder and a scenario, but no event log, summary or hand histories: the
    folder is no run's, so nothing in it is the forced run's to remove."""
    _write(tmp_path / "report.md", "mine\n")
    _write(tmp_path / "plots" / "a.png", "png\n")
    _write(tmp_path / "scenario.toml", "name = 'x'\n")
    assert earlier_results(tmp_path) == {}


def test_an_events_day_folders_count_only_when_they_hold_a_run(tmp_path: Path) -> None:
    """A multi-day event's folder (``event.json``): ``flight-<name>`` and ``day-2`` holding a
    ``summary.json`` are the event's results; a flight folder without a summary, a ``day-3`` and
    a user's folder are not."""
    _write(tmp_path / "event.json", "{}\n")
    _write(tmp_path / "flight-a" / "summary.json", "{}\n")
    _write(tmp_path / "day-2" / "summary.json", "{}\n")
    _write(tmp_path / "flight-b" / "notes.txt", "no run here\n")
    _write(tmp_path / "day-3" / "summary.json", "{}\n")
    _write(tmp_path / "mine" / "summary.json", "{}\n")
    names = set(earlier_results(tmp_path))
    assert names == {"event.json", "flight-a", "day-2"}


def test_day_folders_are_not_results_without_an_event(tmp_path: Path) -> None:
    """Without ``event.json`` the folder is a single run's: a ``flight-a`` beside it is not
    one of its results."""
    _write(tmp_path / "summary.json", "{}\n")
    _write(tmp_path / "flight-a" / "summary.json", "{}\n")
    assert set(earlier_results(tmp_path)) == {"summary.json"}


def test_earlier_results_not_written_again_go_and_the_rest_stay(tmp_path: Path) -> None:
    """The earlier run's event log, report and hand histories, not written again, go; the
    summary replaced by the new run's, and the scenario the run read (kept), stay."""
    _write(tmp_path / "summary.json", '{"seed": 1}\n')
    _write(tmp_path / "events.jsonl", "{}\n")
    _write(tmp_path / "report.md", "earlier report\n")
    _write(tmp_path / "hands" / "table-1.txt", "hand\n")
    scenario = tmp_path / "scenario.toml"
    _write(scenario, "name = 'x'\n")
    earlier = earlier_results(tmp_path)
    replacement = tmp_path / "summary.json.part"
    _write(replacement, '{"seed": 2}\n')
    os.replace(replacement, tmp_path / "summary.json")
    remove_unwritten(tmp_path, earlier, keep=[scenario])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["scenario.toml", "summary.json"]
    assert not (tmp_path / "report.md").exists() and not (tmp_path / "hands").exists()
    assert json.loads((tmp_path / "summary.json").read_text(encoding="utf-8")) == {"seed": 2}
    assert scenario.read_text(encoding="utf-8") == "name = 'x'\n"


def test_a_file_rewritten_in_place_with_the_same_size_counts_as_written(tmp_path: Path) -> None:
    """A run that copies the same scenario again rewrites ``scenario.toml`` in place: same file,
    same size, a later modification time. It is the new run's and stays."""
    _write(tmp_path / "summary.json", "{}\n")
    copy = tmp_path / "scenario.toml"
    _write(copy, "name = 'x'\n")
    earlier = earlier_results(tmp_path)
    copy.write_text("name = 'x'\n", encoding="utf-8")
    st = copy.stat()
    os.utime(copy, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    remove_unwritten(tmp_path, earlier)
    assert copy.read_text(encoding="utf-8") == "name = 'x'\n"


def test_a_folder_whose_file_was_rewritten_counts_as_written(tmp_path: Path) -> None:
    """``plots/`` whose figure the new run rewrote in place: the folder itself is the same, one
    of its files is new, so the folder is the new run's and stays."""
    _write(tmp_path / "summary.json", "{}\n")
    figure = tmp_path / "plots" / "stacks.png"
    _write(figure, "earlier figure\n")
    earlier = earlier_results(tmp_path)
    figure.write_text("the new run's figure, longer\n", encoding="utf-8")
    remove_unwritten(tmp_path, earlier)
    assert figure.read_text(encoding="utf-8") == "the new run's figure, longer\n"


def test_a_link_to_a_folder_goes_and_the_folder_it_names_stays(tmp_path: Path) -> None:
    """Earlier hand histories that are a link to a folder elsewhere: the link is the run's
    result and goes; the folder it points to is not in the run's folder and stays whole."""
    elsewhere = tmp_path / "elsewhere"
    _write(elsewhere / "table-1.txt", "hand\n")
    out = tmp_path / "out"
    _write(out / "summary.json", "{}\n")
    (out / "hands").symlink_to(elsewhere, target_is_directory=True)
    earlier = earlier_results(out)
    remove_unwritten(out, earlier)
    assert not os.path.lexists(out / "hands")
    assert (elsewhere / "table-1.txt").read_text(encoding="utf-8") == "hand\n"


# --- the run's files ----------------------------------------------------------------------------


def test_an_unknown_hands_format_is_refused(tmp_path: Path, sng: Scenario) -> None:
    """``hands`` is one of none, phh, pokerstars, both: anything else is refused."""
    with pytest.raises(ValueError, match="hands must be one of"):
        RunFiles(tmp_path, sng, 1, hands="html")


def test_an_unknown_hero_is_a_one_line_error(tmp_path: Path, sng: Scenario) -> None:
    """``--hero`` naming no player of the field is the user's error (``ConfigError``)."""
    with pytest.raises(ConfigError):
        RunFiles(tmp_path, sng, 1, hands="both", hero="nobody at this table")


def test_a_killed_runs_hand_histories_folder_goes_without_hands(
    tmp_path: Path, sng: Scenario
) -> None:
    """``hands.part`` left by a killed run: a run without hand histories removes it too."""
    _write(tmp_path / "hands.part" / "table-1.txt", "half a table\n")
    write_run(sng, 1, tmp_path, scenario_name="sng_9max")
    assert not (tmp_path / "hands.part").exists()
    assert (tmp_path / "summary.json").is_file()


def test_a_killed_runs_hand_histories_are_not_published(tmp_path: Path, sng: Scenario) -> None:
    """A file left in ``hands.part`` by a killed run is not among the new run's hand histories,
    and the new run's replace the earlier ``hands/`` whole (its stale file goes)."""
    _write(tmp_path / "hands.part" / "left-by-a-killed-run.txt", "x\n")
    _write(tmp_path / "hands" / "earlier-run.txt", "y\n")
    write_run(sng, 1, tmp_path, scenario_name="sng_9max", hands="phh")
    names = {p.name for p in (tmp_path / "hands").iterdir()}
    assert "table-1.phhs" in names
    assert "left-by-a-killed-run.txt" not in names and "earlier-run.txt" not in names
    assert not (tmp_path / "hands.part").exists()


def test_a_run_stopped_by_an_error_leaves_the_folder_as_it_was(
    tmp_path: Path, sng: Scenario
) -> None:
    """An error while the run plays: no ``events.jsonl.part``, no ``hands.part``, and the
    earlier run's event log as it was."""
    _write(tmp_path / "events.jsonl", "earlier\n")
    with pytest.raises(RuntimeError), RunFiles(tmp_path, sng, 1, hands="both") as files:
        assert (tmp_path / "events.jsonl.part").exists()
        raise RuntimeError("stopped")
    assert files.on_hand is not None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["events.jsonl"]
    assert (tmp_path / "events.jsonl").read_text(encoding="utf-8") == "earlier\n"


def test_a_hand_given_as_records_is_logged_event_by_event(tmp_path: Path, sng: Scenario) -> None:
    """A hand played by a replaced hand engine hands its events over as records: each is one
    line of the log, in order, and nothing else is written for them."""
    from pokersim.events import event_line

    seen: list[Any] = []
    result = write_run(sng, 1, tmp_path / "first", scenario_name="sng_9max", on_event=seen.append)
    records = seen[:3]
    files = RunFiles(tmp_path / "second", sng, 1)
    files.emit_hand(records)
    files.finish(result, scenario_name="sng_9max")
    logged = (tmp_path / "second" / "events.jsonl").read_text(encoding="utf-8").splitlines()
    assert logged == [event_line(e) for e in records]


def test_every_event_reaches_the_reader_of_the_events(tmp_path: Path, sng: Scenario) -> None:
    """``on_event`` sees the tournament's events as the log has them: one record per line of
    the log, the same lines in the same order (the hands' table rows among them)."""
    from pokersim.events import event_line

    seen: list[Any] = []
    write_run(sng, 1, tmp_path, scenario_name="sng_9max", on_event=seen.append)
    logged = (tmp_path / "events.jsonl").read_text(encoding="utf-8").splitlines()
    assert [event_line(e) for e in seen] == logged
    kinds = {json.loads(line)["type"] for line in logged}
    assert {"TableHandStarted", "TableHandEnded", "TournamentEnded"} <= kinds


def test_a_days_summary_names_the_scenario_after_its_folder(tmp_path: Path, sng: Scenario) -> None:
    """Each day of an event is written in its own folder, its ``summary.json`` naming the
    scenario ``<stem>-<folder>``: ``flights-day-2`` for the day 2 of ``flights.toml``."""
    from pokersim.engine import run_tournament

    emit, _, finish = files_in(tmp_path, hands="none", scenario_name="flights")("day-2", sng, 1)
    finish(run_tournament(sng, 1, emit=emit))
    summary = json.loads((tmp_path / "day-2" / "summary.json").read_text(encoding="utf-8"))
    assert summary["scenario"] == "flights-day-2"
    assert (tmp_path / "day-2" / "events.jsonl").is_file()


def test_one_players_view_follows_that_player_and_the_full_view_reads_every_hand(
    tmp_path: Path, sng: Scenario
) -> None:
    """The full view reads every hand (``on_hand``) and follows no one; one player's view is a
    ``watch`` on that player's hands and does not read every hand."""
    full = RunFiles(tmp_path / "full", sng, 1, hands="both")
    hero = RunFiles(tmp_path / "hero", sng, 1, hands="both", hero=sng.players.expand()[0].name)
    assert full.on_hand is not None and full.watch is None
    assert hero.on_hand is None and hero.watch is not None
    full.discard()
    hero.discard()


def test_the_tables_loops_hands_go_to_the_log_not_to_the_row_reader(
    tmp_path: Path, sng: Scenario
) -> None:
    """With a reader of the rows (the hand-for-hand count) the rows of the hands the tables'
    loop plays in stretches go to the log at once: the reader sees some of the table rows, all
    of them in the log, but not all of the log's ``TableHandStarted`` and ``TableHandEnded``."""
    rows: list[bytes] = []
    write_run(sng, 1, tmp_path, scenario_name="sng_9max", on_row=rows.append)
    logged = (tmp_path / "events.jsonl").read_text(encoding="utf-8").splitlines()
    tables = [x for x in logged if json.loads(x)["type"] in ("TableHandStarted", "TableHandEnded")]
    assert 0 < len(rows) < len(tables)


def test_the_log_is_the_same_however_it_is_written_in_pieces(
    tmp_path: Path, sng: Scenario, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The event log is written in pieces (many rows or lines at once): written a row and a line
    at a time it is the same bytes, every hand's events included."""
    write_run(sng, 2, tmp_path / "pieces", scenario_name="sng_9max", actions=True)
    monkeypatch.setattr(outputs, "_ROWS_PER_WRITE", 1)
    monkeypatch.setattr(outputs, "_LINES_PER_WRITE", 1)
    write_run(sng, 2, tmp_path / "one", scenario_name="sng_9max", actions=True)
    pieces = (tmp_path / "pieces" / "events.jsonl").read_bytes()
    assert (tmp_path / "one" / "events.jsonl").read_bytes() == pieces


# --- a delayed start (R-REG-4) --------------------------------------------------------------


def test_a_delayed_start_moves_the_clock_past_midnight(sng: Scenario) -> None:
    """A start at 23:50 delayed 20 minutes is played from 00:10 (600 s after midnight) and
    from 20 minutes after the dated start."""
    start = datetime(2026, 3, 1, 23, 50, tzinfo=UTC)
    delayed = dataclasses.replace(
        sng,
        start_seconds=23 * 3600 + 50 * 60,
        starts_at=start,
        registration=dataclasses.replace(sng.registration, delay_start_seconds=20 * 60),
    )
    played = as_played(delayed)
    assert played.start_seconds == 600
    assert played.starts_at == datetime(2026, 3, 2, 0, 10, tzinfo=UTC)


def test_no_delay_keeps_the_scenario_as_it_is(sng: Scenario) -> None:
    """Without a delay the hands are played from the scenario's own start."""
    assert sng.registration.delay_start_seconds == 0
    assert as_played(sng) is sng


# --- the calibration files ----------------------------------------------------------------------


def _row(
    statistic: str,
    value: float | None,
    lo: float | None = 5.0,
    hi: float | None = 20.0,
    *,
    status: str = "PASS",
    unit: str = "%",
    spread: tuple[float | None, float | None] = (None, None),
) -> Row:
    return Row(
        statistic=statistic,
        label=f"label of {statistic}",
        unit=unit,
        value=value,
        sample=100.0,
        lo=lo,
        hi=hi,
        status=status,
        source="a source",
        resampled_lo=spread[0],
        resampled_hi=spread[1],
    )


ROWS = [
    _row("vpip", 12.0, spread=(10.0, 14.0)),
    _row("pfr", 30.0, status="OUT"),
    _row("three_bet", 4.0, None, None, status="no source"),
    _row("aggression", None, status="not measured"),
    _row("limp", 2.5, 1.0, 3.0, unit=""),
]


def test_the_calibration_table_is_written_row_for_row(tmp_path: Path) -> None:
    """The JSON holds the meta fields, every row as given and the counts; the Parquet table has
    one row per statistic with the same values (a missing band end is null), its columns the
    row's fields in their order."""
    import pyarrow.parquet as pq

    folder = tmp_path / "cal"
    written = write_calibration(folder, ROWS, {"runs": 2.0, "hands": 900.0}, {"title": "t"})
    assert [p.name for p in written] == [
        "calibration.json",
        "calibration.parquet",
        "calibration.png",
    ]
    doc = json.loads((folder / "calibration.json").read_text(encoding="utf-8"))
    assert doc["title"] == "t" and doc["counts"] == {"hands": 900.0, "runs": 2.0}
    assert doc["rows"] == [dataclasses.asdict(r) for r in ROWS]
    table = pq.read_table(folder / "calibration.parquet")
    assert table.column_names == [f.name for f in dataclasses.fields(Row)]
    assert table.to_pylist() == [dataclasses.asdict(r) for r in ROWS]
    assert (folder / "calibration.png").stat().st_size > 0


def test_the_calibration_json_refuses_a_value_that_is_not_a_number(tmp_path: Path) -> None:
    """Standard JSON has no NaN: a count that is not a number is refused, not written as
    ``NaN`` that JSON readers reject."""
    with pytest.raises(ValueError):
        write_calibration(tmp_path, ROWS, {"runs": math.nan}, {})


def test_the_figure_title_is_the_meta_title(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The figure is drawn with the table's title (the scenario, runs and seed)."""
    titles: list[str] = []
    draw = calibration_report.calibration_figure

    def spy(rows: Any, title: str) -> Any:
        titles.append(title)
        return draw(rows, title)

    monkeypatch.setattr(calibration_report, "calibration_figure", spy)
    write_calibration(tmp_path, ROWS[:1], {}, {"title": "9-max: 2 runs, seed 5"})
    assert titles == ["9-max: 2 runs, seed 5"]


def _panels(fig: Any) -> list[Any]:
    return [ax for ax in fig.axes if ax.get_visible()]


def test_only_measured_statistics_get_a_panel_four_to_a_line() -> None:
    """Four measured rows of five: four panels, the unmeasured one has none; with four to a
    line the figure is one line of four axes and none hidden."""
    import matplotlib.pyplot as plt

    fig = calibration_figure(ROWS, "t")
    panels = _panels(fig)
    assert [ax.get_title() for ax in panels] == [
        "label of vpip [%]",
        "label of pfr [%]",
        "label of three_bet [%]",
        "label of limp",
    ]
    assert len(fig.axes) == 4
    plt.close(fig)


def test_panels_past_the_last_statistic_are_hidden() -> None:
    """Five measured statistics take two lines of four: the three axes after the fifth are not
    shown."""
    import matplotlib.pyplot as plt

    rows = [_row(f"s{k}", float(k)) for k in range(5)]
    fig = calibration_figure(rows, "t")
    assert len(fig.axes) == 8 and len(_panels(fig)) == 5
    plt.close(fig)


def test_the_dot_is_red_outside_the_band_and_black_inside() -> None:
    """``OUT`` draws the value's dot red; any other status black."""
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_rgba

    fig = calibration_figure([ROWS[0], ROWS[1]], "t")
    dots = [[line for line in ax.get_lines() if line.get_marker() == "o"] for ax in _panels(fig)]
    assert [len(d) for d in dots] == [1, 1]
    assert to_rgba(dots[0][0].get_color()) == to_rgba("black")
    assert to_rgba(dots[1][0].get_color()) == to_rgba("tab:red")
    plt.close(fig)


def test_the_band_is_shaded_only_with_both_ends() -> None:
    """A band 5..20: one shaded span from 5 to 20; no band, or a band with one end only: no
    shading."""
    import matplotlib.pyplot as plt

    rows = [ROWS[0], ROWS[2], _row("half", 8.0, 5.0, None, status="no source")]
    fig = calibration_figure(rows, "t")
    shaded = [ax.patches for ax in _panels(fig)]
    assert [len(p) for p in shaded] == [1, 0, 0]
    band = shaded[0][0]
    xs = band.get_patch_transform().transform(band.get_path().vertices)[:, 0]
    assert min(xs) == 5.0 and max(xs) == 20.0
    plt.close(fig)


def test_the_sampling_range_is_drawn_only_with_both_ends() -> None:
    """A range 10..14: one line from 10 to 14 beside the dot; a range with one end: none."""
    import matplotlib.pyplot as plt

    rows = [ROWS[0], _row("half", 12.0, spread=(10.0, None))]
    fig = calibration_figure(rows, "t")
    ranges = [[line for line in ax.get_lines() if line.get_marker() != "o"] for ax in _panels(fig)]
    assert [len(r) for r in ranges] == [1, 0]
    assert list(ranges[0][0].get_xdata()) == [10.0, 14.0]
    plt.close(fig)


def test_the_limits_hold_the_value_the_band_and_the_range_with_a_margin() -> None:
    """Value 30 against a band 5..20: the axis spans 5..30 and a quarter of that (6.25) either
    side, -1.25..36.25. A value 10 alone (no band, no range) gets a quarter of itself, 7.5..12.5;
    a value 0 alone gets 1 either side."""
    import matplotlib.pyplot as plt

    rows = [
        ROWS[1],
        _row("alone", 10.0, None, None, status="no source"),
        _row("zero", 0.0, None, None, status="no source"),
    ]
    fig = calibration_figure(rows, "t")
    limits = [ax.get_xlim() for ax in _panels(fig)]
    assert limits[0] == pytest.approx((-1.25, 36.25))
    assert limits[1] == pytest.approx((7.5, 12.5))
    assert limits[2] == pytest.approx((-1.0, 1.0))
    plt.close(fig)
