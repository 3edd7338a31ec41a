"""Edges of the command line: run, sweep, compare, calibrate, design and import.

Each bad value is refused in one line on stderr with exit code 2 and names its flag, and a
value exactly at an end of its documented range is taken (the next check is the one that
speaks). The printed summaries and ``--json`` objects hold what README.md and docs/json.md
say: hours, minutes and seconds as ``H:MM:SS``, plurals in English, the text and the object of
the same run agreeing. ``--force`` is needed to write over earlier files and replaces only what
the command owns. Every expected value below is worked out from those documents.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import pokersim
from pokersim import provenance
from pokersim.cli import main
from pokersim.cli.compare import compare_labels

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
SNG = SCENARIOS / "sng_9max.toml"
DEFAULT = SCENARIOS / "default.toml"
HISTORIES = Path(__file__).resolve().parent / "data" / "histories"
SEVEN = HISTORIES / "hhp-tournaments.txt"  # seven tournament hands that all import
NINETEEN = HISTORIES / "spin" / "stars-spin-2929450288.txt"  # nineteen hands that all import
CASH = HISTORIES / "stars-08-cash-limit.txt"  # one cash-game hand: refused
HEADER = "# Imported by `pokersim import`"
MISSING = "no-such-scenario.toml"
FAKE = "test_study_fakes:fake_runner"  # a cheap runner reading only a field size


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The one error line of a refused command line."""
    code, out, err = _cli(capsys, *argv)
    assert code == 2, (out, err)
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


def _hms(seconds: int) -> str:
    """``H:MM:SS``: whole hours, then minutes and seconds on two digits each."""
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}"


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    code, out, _ = _cli(capsys, *argv)
    assert code == 0 and out.count("\n") == 1
    return json.loads(out)


# -- ranges: the last value allowed is taken, the next one is refused ----------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["run", str(SNG)],
        ["calibrate", str(SNG), "--runs", "1"],
        ["design", "--check", str(SNG)],
    ],
)
def test_a_seed_of_two_to_the_sixty_third_is_refused_in_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Seeds are whole numbers 0 .. 2**63 - 1: one more is refused, naming ``--seed``."""
    err = _refused(capsys, *argv, "--seed", str(2**63))
    assert "--seed" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["run", MISSING],
        ["calibrate", MISSING, "--runs", "1"],
        ["design", "--check", MISSING],
    ],
)
def test_the_largest_seed_is_taken(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """2**63 - 1 is a seed: what is said next is the missing scenario file, not the seed."""
    err = _refused(capsys, *argv, "--seed", str(2**63 - 1))
    assert MISSING in err and "--seed" not in err


def test_calibrate_takes_exactly_the_most_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """``--runs`` may be 10,000,000 (the most a study takes): the missing file is what is said."""
    err = _refused(capsys, "calibrate", MISSING, "--runs", "10000000")
    assert MISSING in err and "--runs" not in err


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--jobs", "0"], "--jobs must be >= 1"),
        (["--runs", "0"], "--runs must be >= 1"),
        (["--seed", "-1"], "--seed"),
    ],
)
def test_calibrate_checks_its_numbers_before_reading_any_file(
    argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A worker count, run count or seed out of range is said first, even when the scenario
    file is missing too."""
    err = _refused(capsys, "calibrate", MISSING, *argv)
    assert needle in err and MISSING not in err


@pytest.mark.parametrize(
    ("flag", "value"),
    [
        ("--players", "1000000"),
        ("--starting-stack", str(10**12)),
        ("--target-hours", str(24 * 365)),
        ("--aim-percent", "100"),
        ("--max-candidates", "1000"),
        ("--ante-from", "10000"),
    ],
)
def test_design_takes_each_numbers_highest_value(
    flag: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The highest value of each range is allowed: the missing file is said, not the flag."""
    err = _refused(capsys, "design", "--check", MISSING, flag, value)
    assert MISSING in err and flag not in err


@pytest.mark.parametrize(
    ("flag", "value", "needle"),
    [
        ("--players", "1", ">= 2"),
        ("--aim-percent", "0", "> 0"),
        ("--first-big-blind", "0", ">= 1"),
        ("--break-minutes", "-1", ">= 0"),
    ],
)
def test_design_refuses_a_number_just_outside_its_range(
    flag: str, value: str, needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A field needs two players; the aim is above 0 %; a big blind is a chip or more; a break
    lasts no negative time. Each is refused before any file is read."""
    err = _refused(capsys, "design", "--check", MISSING, flag, value)
    assert flag in err and needle in err and MISSING not in err


# -- run ---------------------------------------------------------------------------------------


def test_a_scenario_error_names_its_file_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A scenario the loader refuses is named once at the head of the line, not twice."""
    bad = tmp_path / "bad.toml"
    bad.write_text("name = \n", encoding="utf-8")
    err = _refused(capsys, "run", str(bad))
    assert err.startswith(f"pokersim run: error: {bad}") and err.count(str(bad)) == 1
    err = _refused(capsys, "run", MISSING)
    assert err.count(MISSING) == 1


def test_run_report_needs_an_out_folder(capsys: pytest.CaptureFixture[str]) -> None:
    """``--report`` writes report.md and report.html into OUT: without ``--out`` it is refused."""
    err = _refused(capsys, "run", str(SNG), "--report")
    assert "--report" in err and "--out" in err


def test_a_one_table_summary_has_no_hand_for_hand_and_says_so_in_plurals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A sit-and-go plays one table: no stretch is synchronized, so both hand-for-hand parts
    read "0:00:00, 0 hands in 0 rounds", and the final table is there from the start; the
    duration and the bubble read as hours, minutes and seconds, as in the JSON object."""
    obj = _json(capsys, "run", str(SNG), "--seed", "2", "--json")
    code, out, _ = _cli(capsys, "run", str(SNG), "--seed", "2")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == f"{obj['scenario']} (seed 2): {obj['entries']} entries, " + (
        f"{obj['hands_played']} hands"
    )
    assert obj["duration_seconds"] >= 3600  # a sit-and-go of this structure lasts over an hour
    assert lines[2].startswith(f"duration: {_hms(obj['duration_seconds'])} simulated (20:00:00 to ")
    none = "0:00:00, 0 hands in 0 rounds"
    assert lines[3] == (
        f"bubble: burst at {_hms(obj['bubble_seconds'])} ({obj['places_paid']} paid; "
        f"hand-for-hand {none})"
    )
    assert lines[4] == f"final table: from the start (hand-for-hand after the money bubble {none})"
    assert len(lines) == 5  # no --out: nothing written, no line saying so


def test_the_hand_for_hand_text_and_json_agree_on_several_tables(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """On several tables each round deals one hand at each table still playing, so the money
    bubble's hand-for-hand hands are at least twice its rounds; the text says the bubble's own
    stretch on the bubble line and the rest (every synchronized second less the bubble's) on
    the final-table line, as ``hand_for_hand_seconds`` and ``bubble_hand_for_hand_*`` say."""
    obj = _json(capsys, "run", str(DEFAULT), "--seed", "6", "--json")
    hands, rounds = obj["bubble_hand_for_hand_hands"], obj["bubble_hand_for_hand_rounds"]
    assert rounds >= 2 and hands >= 2 * rounds
    code, out, _ = _cli(capsys, "run", str(DEFAULT), "--seed", "6")
    assert code == 0
    bubble = next(x for x in out.splitlines() if x.startswith("bubble: "))
    assert bubble.endswith(
        f"hand-for-hand {_hms(obj['bubble_hand_for_hand_seconds'])}, {hands} hands in "
        f"{rounds} rounds)"
    )
    later = obj["hand_for_hand_seconds"] - obj["bubble_hand_for_hand_seconds"]
    final = next(x for x in out.splitlines() if x.startswith("final table: "))
    assert f"(hand-for-hand after the money bubble {_hms(later)}, " in final


def test_run_json_report_is_null_without_report_even_with_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``report`` is the report.html path only with ``--report``; ``out`` is the folder."""
    out = tmp_path / "r"
    obj = _json(capsys, "run", str(SNG), "--seed", "1", "--out", str(out), "--json")
    assert obj["report"] is None and obj["out"] == str(out)


def test_run_report_prints_where_the_page_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With ``--report`` the summary ends by naming OUT/report.html, after the files written."""
    out = tmp_path / "r"
    code, text, _ = _cli(capsys, "run", str(SNG), "--seed", "1", "--out", str(out), "--report")
    assert code == 0
    lines = text.splitlines()
    assert lines[-2] == f"wrote {out / 'events.jsonl'} and summary.json"
    assert lines[-1] == f"report: {out / 'report.html'}"
    assert (out / "report.html").is_file()


CANCELLED = """\
name = "cancelled"
start = "18:00"
starting_stack = 1000
seats_per_table = 4

[players]
count = 4
mix = [{ model = "calling-station", percent = 100 }]

[entries]
prize_cents = 1000
fee_cents = 150
late_registration_minutes = 0

[registration]
cancel_before_start = true

[breaks]
kind = "none"

[[levels]]
small_blind = 100
big_blind = 200
minutes = 10
"""


def test_a_run_cancelled_before_the_start_says_the_refunds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """R-REG-4: four players at 10.00 + 1.50 and a start cancelled: no winner, every buy-in and
    fee back, 4 x 11.50 = 46.00 to 4 players; the JSON object holds only the command, the
    scenario, the seed, the registration (4,600 cents refunded) and ``out``."""
    scenario = tmp_path / "cancelled.toml"
    scenario.write_text(CANCELLED, encoding="utf-8")
    code, out, _ = _cli(capsys, "run", str(scenario), "--seed", "3")
    assert code == 0
    assert out == (
        "cancelled (seed 3): cancelled before the start; every buy-in and fee refunded "
        "(46.00 to 4 players)\n"
    )
    obj = _json(capsys, "run", str(scenario), "--seed", "3", "--json")
    assert set(obj) == {"command", "scenario", "seed", "registration", "out"}
    assert obj["command"] == "run" and obj["seed"] == 3 and obj["out"] is None
    assert obj["registration"]["cancelled_before_start"] is True
    assert obj["registration"]["refunded_cents"] == 4 * 1150


# -- compare -------------------------------------------------------------------------------------


def test_compare_labels_are_file_names_when_they_differ(tmp_path: Path) -> None:
    """Two files of one folder are told apart by their names alone, without the folder."""
    a, b = tmp_path / "fast.toml", tmp_path / "slow.toml"
    assert compare_labels(str(a), str(b)) == ("fast", "slow")


def test_compare_labels_keep_as_many_folders_as_tell_them_apart(tmp_path: Path) -> None:
    """``A/x.toml`` against ``B/x.toml``: one folder each is enough ("A/x", "B/x")."""
    a, b = tmp_path / "A" / "x.toml", tmp_path / "B" / "x.toml"
    assert compare_labels(str(a), str(b)) == ("A/x", "B/x")


def test_compare_labels_of_one_file_twice_name_the_arms(tmp_path: Path) -> None:
    """The same file as A and B: its name with "(A)" and "(B)"."""
    same = str(tmp_path / "x.toml")
    assert compare_labels(same, same) == ("x (A)", "x (B)")


def test_compare_refuses_a_folder_as_a_scenario(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A scenario is a .toml file: a folder given as one is refused before anything is written."""
    out = tmp_path / "cmp"
    err = _refused(capsys, "compare", str(tmp_path), str(SNG), "--runs", "1", "--out", str(out))
    assert "is a folder" in err and str(tmp_path) in err
    assert not out.exists()


def test_compare_refuses_a_missing_scenario_before_writing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A scenario file that is not there is named, and the results folder is not made."""
    out = tmp_path / "cmp"
    missing = str(tmp_path / "gone.toml")
    err = _refused(capsys, "compare", str(SNG), missing, "--runs", "1", "--out", str(out))
    assert "gone.toml" in err and "no such file" in err
    assert not out.exists()


def test_compare_resume_needs_a_comparison_to_resume(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--resume`` of a folder holding no comparison: nothing to resume, one line."""
    out = tmp_path / "empty"
    out.mkdir()
    err = _refused(
        capsys, "compare", str(SNG), str(SNG), "--runs", "1", "--out", str(out), "--resume"
    )
    assert "--resume" in err and "nothing to resume" in err


def _fake(tmp_path: Path, name: str, players: int) -> Path:
    """A tiny scenario read by the cheap test runner: the field size only."""
    path = tmp_path / name
    path.write_text(f"players = {players}\n", encoding="utf-8")
    return path


def test_a_forced_resume_of_a_comparison_rewrites_its_provenance(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--resume`` refuses a comparison folder made by another pokersim version; with
    ``--force`` it finishes it and rewrites the folder's ``provenance.json`` with this version.
    The JSON object says the seed given (5) and the two files' names as labels."""
    a, b = _fake(tmp_path, "small.toml", 9), _fake(tmp_path, "big.toml", 18)
    out = tmp_path / "cmp"
    argv = [
        "compare", str(a), str(b), "--runs", "2", "--seed", "5", "--jobs", "1",
        "--out", str(out), "--runner", FAKE, "--no-progress",
    ]  # fmt: skip
    obj = _json(capsys, *argv, "--json")
    assert obj["seed"] == 5 and obj["runs"] == 2 and obj["labels"] == ["small", "big"]
    record = json.loads((out / provenance.FILE).read_text(encoding="utf-8"))
    record["versions"]["pokersim"] = "0.0.0-other"
    (out / provenance.FILE).write_text(json.dumps(record), encoding="utf-8")
    err = _refused(capsys, *argv, "--resume")
    assert "0.0.0-other" in err
    assert _cli(capsys, *argv, "--resume", "--force")[0] == 0
    again = json.loads((out / provenance.FILE).read_text(encoding="utf-8"))
    assert again["versions"]["pokersim"] == pokersim.__version__


# -- sweep ---------------------------------------------------------------------------------------


def test_sweep_needs_a_set(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A sweep without ``--set`` has no arm: refused, naming ``--set``."""
    err = _refused(capsys, "sweep", str(SNG), "--runs", "1", "--out", str(tmp_path / "s"))
    assert "--set" in err


def test_sweep_with_before_any_set_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A ``--with`` moves with the ``--set`` before it: first on the line, it is refused."""
    err = _refused(
        capsys, "sweep", str(SNG), "--with", "starting_stack=1000,2000",
        "--set", "levels.minutes=6,8", "--runs", "1", "--out", str(tmp_path / "s"),
    )  # fmt: skip
    assert "--with" in err and "goes after the --set" in err


def test_sweep_refuses_a_file_as_its_out_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--out`` names a folder: an existing file there is refused in one line."""
    file = tmp_path / "file"
    file.write_text("not a folder\n", encoding="utf-8")
    err = _refused(
        capsys, "sweep", str(SNG), "--set", "starting_stack=1000,2000", "--runs", "1",
        "--out", str(file),
    )  # fmt: skip
    assert "is not a folder" in err
    assert file.read_text(encoding="utf-8") == "not a folder\n"


def test_sweep_text_and_json_say_the_same_arms(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two arms of one run each at seed 3: the text says "2 arms of 1 runs" and, per arm, its
    mean duration in minutes to one decimal; the JSON object of the same sweep says runs 1,
    seed 3 and the same means (the same seeds give the same runs)."""
    argv = ["sweep", str(SNG), "--set", "starting_stack=1000,2000", "--runs", "1", "--seed", "3"]
    obj = _json(capsys, *argv, "--jobs", "1", "--out", str(tmp_path / "j"), "--json")
    assert obj["runs"] == 1 and obj["seed"] == 3
    assert [a["arm"] for a in obj["arms"]] == ["arm-01", "arm-02"]
    out = tmp_path / "t"
    code, text, _ = _cli(capsys, *argv, "--jobs", "1", "--out", str(out), "--no-progress")
    assert code == 0
    lines = text.splitlines()
    assert lines[0] == f"sweep: 2 arms of 1 runs in {out}"
    for arm, line in zip(obj["arms"], lines[1:3], strict=True):
        assert line == (
            f"  {arm['arm']} starting_stack={arm['starting_stack']}: "
            f"mean duration {arm['duration_min']:.1f} min"
        )
    assert lines[3] == f"  report: {out / 'report.md'}"


# -- calibrate -----------------------------------------------------------------------------------

TARGETS = """\
[[sources]]
key = "s"
title = "A source"
publisher = "P"
year = "2020"
url = "https://example.org/a"
short = "S 2020"

[[targets]]
statistic = "vpip_full.field"
format = "any"
band = [10.0, 100.0]
sources = ["s"]
note = "a band from ten to a hundred"

[[targets]]
statistic = "vpip.feild"
format = "any"
band = [1.0, 2.0]
sources = ["s"]
note = "a misspelled statistic"
"""


def test_calibrate_prints_ten_with_one_decimal_and_tallies_the_verdicts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Numbers of 10 or more have one decimal, smaller ones two: a band of 10 to 100 reads
    "10.0-100.0". The last line counts the rows by verdict, PASS first as in docs/players.md
    ("15 PASS, 26 no source, 3 not measured"), the counts adding up to the rows printed. A
    target naming no statistic measured (a misspelling) is said on stderr, by its name."""
    targets = tmp_path / "targets.toml"
    targets.write_text(TARGETS, encoding="utf-8")
    code, out, err = _cli(
        capsys, "calibrate", str(SNG), "--runs", "1", "--no-progress", "--targets", str(targets)
    )
    assert code == 0
    assert (
        f"calibrate: {targets}: 1 target(s) of sng or any format name no statistic measured "
        "here (a misspelling, or a model not in this field): vpip.feild"
    ) in err.splitlines()
    lines = out.splitlines()
    row = next(x for x in lines if x.startswith("VPIP at full tables (field) [%]"))
    assert " 10.0-100.0  " in row and row.endswith("S 2020")
    tally = [part.split(" ", 1) for part in lines[-1].split(", ")]
    statuses = [status for _n, status in tally]
    assert statuses[0] == "PASS" and statuses == sorted(statuses)
    assert sum(int(n) for n, _status in tally) == len(lines) - 3  # heading lines and tally


# -- design --------------------------------------------------------------------------------------


def _design(out: Path, *extra: str) -> list[str]:
    return [
        "design", "--players", "18", "--starting-stack", "1500", "--level-minutes", "10",
        "--target-hours", "2", "--out", str(out), *extra,
    ]  # fmt: skip


@pytest.mark.parametrize("flag", ["--json", "--html"])
def test_design_json_and_html_only_with_check(
    flag: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--json`` and ``--html`` are ``design --check``'s: designing with them is refused."""
    extra = [flag] if flag == "--json" else [flag, str(tmp_path / "page.html")]
    err = _refused(capsys, *_design(tmp_path / "d.toml", *extra))
    assert f"{flag}: only with --check" in err


def test_design_keeps_an_existing_out_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An existing ``--out`` file is not written over unless ``--force`` is given."""
    out = tmp_path / "d.toml"
    out.write_text("# mine\n", encoding="utf-8")
    err = _refused(capsys, *_design(out))
    assert "already exists" in err and "--force" in err
    assert out.read_text(encoding="utf-8") == "# mine\n"


def test_design_force_goes_past_an_existing_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With ``--force`` the existing file is no objection: the next check speaks (here a
    tolerance of 0 %, outside (0, 100)), and the file is untouched by the refusal."""
    out = tmp_path / "d.toml"
    out.write_text("# mine\n", encoding="utf-8")
    err = _refused(capsys, *_design(out, "--force", "--tolerance-percent", "0"))
    assert "--tolerance-percent" in err and "already exists" not in err
    assert out.read_text(encoding="utf-8") == "# mine\n"


def test_design_tolerance_of_a_hundred_percent_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The tolerance is a percentage strictly between 0 and 100."""
    err = _refused(capsys, *_design(tmp_path / "d.toml", "--tolerance-percent", "100"))
    assert "--tolerance-percent must be in (0, 100), got 100" in err


def test_design_check_refuses_a_folder_as_its_plot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--plot`` names a file: a folder there is refused before anything is simulated."""
    err = _refused(capsys, "design", "--check", str(SNG), "--plot", str(tmp_path))
    assert "--plot" in err and "is a folder" in err


def test_design_check_json_names_the_page_and_plot_it_wrote(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``plot`` and ``html`` are the files written with ``--plot`` and ``--html``."""
    page, plot = tmp_path / "page.html", tmp_path / "bands.png"
    obj = _json(
        capsys, "design", "--check", str(SNG), "--runs", "2", "--jobs", "1",
        "--html", str(page), "--plot", str(plot), "--json",
    )  # fmt: skip
    assert obj["html"] == str(page) and page.is_file()
    assert obj["plot"] == str(plot) and plot.is_file()
    assert obj["check"] == str(SNG) and obj["runs"] == 2 and obj["seed"] == 0


# -- import --------------------------------------------------------------------------------------


def test_import_takes_the_last_hand_of_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    """``--hand K`` counts from 1: K = 7 of a seven-hand file is its last hand, printed."""
    code, out, err = _cli(capsys, "import", str(SEVEN), "--hand", "7")
    assert code == 0 and err == ""
    assert out.startswith(HEADER) and "(7 of 7)" in out.splitlines()[0]


def test_import_refuses_a_hand_past_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    """K = 8 of seven hands is refused, saying how many the file holds."""
    err = _refused(capsys, "import", str(SEVEN), "--hand", "8")
    assert "--hand 8" in err and "holds 7 hand(s)" in err


def test_import_numbers_nineteen_cases_on_two_digits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ten or more hands: the numbers are zero-padded to the count's width, NAME-01 .. NAME-19."""
    code, _, _ = _cli(capsys, "import", str(NINETEEN), "--out", str(tmp_path / "spin.toml"))
    assert code == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [f"spin-{k:02d}.toml" for k in range(1, 20)]


def test_import_of_two_hands_needs_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Without ``--out`` there is one case to print: a file of two hands (two real one-hand
    histories one after the other) is refused, and so is one of seven; with ``--out`` the two
    hands are NAME-1.toml and NAME-2.toml."""
    two = tmp_path / "two.txt"
    first = (HISTORIES / "stars-01-tournament.txt").read_text(encoding="utf-8")
    second = (HISTORIES / "stars-03-tournament-antes.txt").read_text(encoding="utf-8")
    two.write_text(f"{first}\n\n{second}", encoding="utf-8")
    err = _refused(capsys, "import", str(two))
    assert "holds 2 hands" in err and "--out" in err
    err = _refused(capsys, "import", str(SEVEN))
    assert "holds 7 hands" in err and "--out" in err
    cases = tmp_path / "cases"
    assert _cli(capsys, "import", str(two), "--out", str(cases / "two.toml"))[0] == 0
    assert sorted(p.name for p in cases.iterdir()) == ["two-1.toml", "two-2.toml"]


def test_import_out_must_be_a_toml_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A case file's name ends in .toml; another is refused and nothing is written."""
    err = _refused(capsys, "import", str(SEVEN), "--out", str(tmp_path / "cases.txt"))
    assert "ending in .toml" in err
    assert list(tmp_path.iterdir()) == []


def test_import_keeps_an_existing_case_unless_forced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An existing case file is kept without ``--force`` (nothing written), replaced with it."""
    out = tmp_path / "h.toml"
    out.write_text("# mine\n", encoding="utf-8")
    err = _refused(capsys, "import", str(SEVEN), "--hand", "2", "--out", str(out))
    assert "exists" in err and "--force" in err
    assert out.read_text(encoding="utf-8") == "# mine\n"
    code, _, _ = _cli(capsys, "import", str(SEVEN), "--hand", "2", "--out", str(out), "--force")
    assert code == 0 and out.read_text(encoding="utf-8").startswith(HEADER)


def test_a_refused_single_hand_exits_one_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file of one hand that cannot be imported: exit code 1, its one error line, no tally
    (the "N imported, M refused" line is for files of several hands), no file written."""
    out = tmp_path / "cash.toml"
    code, stdout, err = _cli(capsys, "import", str(CASH), "--out", str(out))
    assert code == 1 and stdout == ""
    assert err.count("\n") == 1 and err.startswith("pokersim import: error: ")
    assert not out.exists()


def test_forced_import_of_one_hand_removes_no_other_case(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--hand K --force`` replaces its one file only: the whole file's other cases stay."""
    out = tmp_path / "h.toml"
    assert _cli(capsys, "import", str(SEVEN), "--out", str(out))[0] == 0
    before = sorted(p.name for p in tmp_path.iterdir())
    assert before == [f"h-{k}.toml" for k in range(1, 8)]
    code, _, _ = _cli(capsys, "import", str(SEVEN), "--hand", "3", "--out", str(out), "--force")
    assert code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*before, "h.toml"])


def test_forced_import_removes_only_its_own_earlier_cases(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A forced whole-file import removes an earlier import's NAME-K.toml it does not write
    again (known by the first line), but keeps a user's file of such a name without that
    line, and a file whose name is not NAME.toml or NAME-K.toml even with that line."""
    out = tmp_path / "h.toml"
    stale = tmp_path / "h-9.toml"
    stale.write_text(f"{HEADER} from elsewhere\n", encoding="utf-8")
    mine = tmp_path / "h-8.toml"
    mine.write_text("# my own case\n", encoding="utf-8")
    other = tmp_path / "h-old.toml"
    other.write_text(f"{HEADER} from elsewhere\n", encoding="utf-8")
    code, out_text, _ = _cli(capsys, "import", str(SEVEN), "--out", str(out), "--force")
    assert code == 0
    assert f"removed {stale} (an earlier import's case)" in out_text
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == sorted([*(f"h-{k}.toml" for k in range(1, 8)), "h-8.toml", "h-old.toml"])


def test_kernels_check_and_force_together_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """``--check`` builds nothing, so ``--force`` has nothing to force: together they are one
    clear line. They used to answer "absent or stale" (exit 1) for a fresh module."""
    with pytest.raises(SystemExit) as stop:
        main(["kernels", "--check", "--force"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1
    assert "pokersim kernels: error: argument --force: not allowed with argument --check" in err
