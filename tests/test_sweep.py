"""``pokersim sweep``: arms on common random numbers, one table and the response curves."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from pokersim import study, sweep
from pokersim.cli import main as cli_main
from pokersim.errors import ConfigError

ROOT = Path(__file__).resolve().parent.parent
SNG = ROOT / "scenarios" / "sng_9max.toml"


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    """The 9-max sit-and-go with six players (and the default payout table).

    Its field is given as shares of nine seats (22 % and 78 %); as 30 % regulars and 70 %
    recreational players (the default field's) it fits the six seats here and the player
    counts the sweeps set.
    """
    import tomli_w

    data = tomllib.loads(SNG.read_text(encoding="utf-8"))
    mix = data["players"]["mix"]
    assert [entry["model"] for entry in mix] == ["tight-aggressive", "recreational"]
    for entry, percent in zip(mix, (30, 70), strict=True):
        entry.pop("count", None)
        entry["percent"] = percent
    data = study.variant(data, players__count=6, payouts__bands=None)
    path = tmp_path / "tiny.toml"
    path.write_bytes(tomli_w.dumps(data).encode())
    return path


def test_parse_set_reads_toml_values() -> None:
    assert sweep.parse_set("levels.minutes=6,8,10") == ("levels.minutes", [6, 8, 10])
    assert sweep.parse_set("timing.think_sigma=0.5, 1.0") == ("timing.think_sigma", [0.5, 1.0])
    assert sweep.parse_set("betting=no-limit,pot-limit") == ("betting", ["no-limit", "pot-limit"])
    for bad in ("levels.minutes", "=1", "a..b=1", "a=1,,2"):
        with pytest.raises(ConfigError):
            sweep.parse_set(bad)


def test_set_key_goes_through_arrays_of_tables_and_the_players_shorthand() -> None:
    data = tomllib.loads(SNG.read_text(encoding="utf-8"))
    assert sweep.set_key(data, "levels.minutes", 7) == len(data["levels"])
    assert {lv["minutes"] for lv in data["levels"]} == {7}
    sweep.set_key(data, "starting_stack", 3000)
    assert data["starting_stack"] == 3000
    short = {"players": 9}
    sweep.set_key(short, "players.count", 12)
    assert short["players"] == {"count": 12}
    with pytest.raises(ConfigError, match="not a table"):
        sweep.set_key(data, "name.x", 1)


def test_set_key_takes_one_item_of_an_array_as_the_loader_names_it() -> None:
    """``levels[2].minutes`` and ``players.mix[0].percent``, the form of the loader's own
    messages, were read as a key named "levels[2]" (unknown key)."""
    data = tomllib.loads(SNG.read_text(encoding="utf-8"))
    before = [lv.get("minutes") for lv in data["levels"]]
    assert sweep.set_key(data, "levels[2].minutes", 7) == 1
    assert [lv.get("minutes") for lv in data["levels"]] == [*before[:2], 7, *before[3:]]
    assert sweep.set_key(data, "players.mix[1].percent", 30) == 1
    assert data["players"]["mix"][1]["percent"] == 30 and data["players"]["mix"][0]["percent"] != 30
    assert sweep.set_key(data, "players.mix[0].params.open_width[3]", 0.2) == 1
    assert data["players"]["mix"][0]["params"]["open_width"][3] == 0.2
    with pytest.raises(ConfigError, match=r"levels has \d+ item\(s\), no \[99\]"):
        sweep.set_key(data, "levels[99].minutes", 5)
    with pytest.raises(ConfigError, match="starting_stack is not an array"):
        sweep.set_key(data, "starting_stack[0]", 5)
    arms = sweep.sweep_arms(SNG, [("levels[0].small_blind", [5, 10])])
    assert [a.label for a in arms] == ["levels[0].small_blind=5", "levels[0].small_blind=10"]


def test_sweep_arms_make_the_grid_and_check_each_arm() -> None:
    arms = sweep.sweep_arms(SNG, [("levels.minutes", [4, 6]), ("starting_stack", [1000, 2000])])
    assert [a.label for a in arms] == [
        "levels.minutes=4, starting_stack=1000",
        "levels.minutes=4, starting_stack=2000",
        "levels.minutes=6, starting_stack=1000",
        "levels.minutes=6, starting_stack=2000",
    ]
    with pytest.raises(ConfigError, match="levels.minutes=-1"):
        sweep.sweep_arms(SNG, [("levels.minutes", [-1])])
    with pytest.raises(ConfigError, match="unknown key"):
        sweep.sweep_arms(SNG, [("levels.minuets", [4])])


def test_four_arm_sweep_uses_the_same_seeds_and_writes_table_and_curves(
    tiny: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "sweep"
    code = cli_main(
        [
            "sweep", str(tiny), "--set", "levels.minutes=3,4,6,8", "--set", "players.count=6",
            "--runs", "3", "--seed", "5", "--jobs", "1", "--out", str(out), "--no-progress",
        ]
    )  # fmt: skip
    assert code == 0
    assert "4 arms" in capsys.readouterr().out
    result = sweep.load_sweep(out)
    assert [a.name for a in result.arms] == ["arm-01", "arm-02", "arm-03", "arm-04"]
    seeds = study.run_seeds(5, 3)
    for arm, st in zip(result.arms, result.studies):
        assert list(st.runs["seed"]) == seeds  # common random numbers
        assert (st.runs["entries"] == 6).all()
        level_minutes = arm.settings["levels.minutes"]
        data = tomllib.loads((out / arm.name / "scenario.toml").read_text(encoding="utf-8"))
        assert {lv["minutes"] for lv in data["levels"]} == {level_minutes}
    table = sweep.sweep_table(result)
    assert list(table["levels.minutes"]) == [3, 4, 6, 8]
    assert (table["runs"] == 3).all()
    assert table.loc[0, "duration_min_diff"] == 0
    # longer levels, longer tournaments: every arm outlasts the first on average
    assert (table["duration_min"].iloc[1:] > table["duration_min"].iloc[0]).all()
    for column in ("duration_min", "bubble_min", "ft_avg_stack_bb", "roi_gap_pts"):
        assert table[column].notna().all(), column
    text = (out / "report.md").read_text(encoding="utf-8")
    assert "| arm-04 | levels.minutes=8, players.count=6 | 3 |" in text
    assert f"{table.loc[3, 'duration_min']:.1f}" in text
    assert (out / "plots" / sweep.CURVES).stat().st_size > 10_000
    html = (out / "report.html").read_text(encoding="utf-8")
    assert "data:image/png;base64," in html and "arm-04" in html
    fig = sweep.plot_sweep(result, table)
    assert [ax.get_xlabel() for ax in fig.axes] == ["levels.minutes"] * 4
    assert list(fig.axes[0].get_lines()[0].get_xdata()) == [3, 4, 6, 8]


def test_sweep_refuses_a_used_folder_and_resumes(tiny: Path, tmp_path: Path) -> None:
    out = tmp_path / "s"
    kw = dict(runs=1, out=out, jobs=1, progress=False, report=False)
    sets = [("players.count", [3, 4])]
    sweep.run_sweep(tiny, sets, **kw)
    with pytest.raises(ConfigError, match="already holds a sweep"):
        sweep.run_sweep(tiny, sets, **kw)
    with pytest.raises(ConfigError, match="other --set values"):
        sweep.run_sweep(tiny, [("players.count", [3, 5])], resume=True, **kw)
    done = sweep.run_sweep(tiny, sets, resume=True, **kw)
    assert [len(s.runs) for s in done.studies] == [1, 1]


def test_with_moves_keys_in_step_where_the_grid_would_pair_them_wrongly() -> None:
    """``seats_per_table`` and ``final_table_size`` only make sense together: as two ``--set``
    dimensions the grid pairs six seats with a final table of nine, which the loader refuses;
    ``--with`` takes the i-th value of each into one arm."""
    seats, final = ("seats_per_table", [6, 9]), ("final_table_size", [6, 9])
    with pytest.raises(
        ConfigError, match="final_table_size: expected at most seats_per_table = 6, got 9"
    ):
        sweep.sweep_arms(SNG, [seats, final])
    arms = sweep.sweep_arms(SNG, [[seats, final]])
    assert [a.label for a in arms] == [
        "seats_per_table=6, final_table_size=6",
        "seats_per_table=9, final_table_size=9",
    ]
    # a group is one dimension of the grid: two steps times two stacks
    arms = sweep.sweep_arms(SNG, [[seats, final], ("starting_stack", [1000, 2000])])
    assert [(a.settings["seats_per_table"], a.settings["starting_stack"]) for a in arms] == [
        (6, 1000), (6, 2000), (9, 1000), (9, 2000),
    ]  # fmt: skip
    assert all(a.settings["final_table_size"] == a.settings["seats_per_table"] for a in arms)
    with pytest.raises(
        ConfigError, match="--with final_table_size: 3 value.*seats_per_table has 2"
    ):
        sweep.sweep_arms(SNG, [[seats, ("final_table_size", [6, 9, 9])]])
    with pytest.raises(ConfigError, match="a key is given twice"):
        sweep.sweep_arms(SNG, [[seats, final], ("final_table_size", [9])])
    # a key and its values as a list (read from JSON, say) is one key, as before groups
    assert [a.label for a in sweep.sweep_arms(SNG, [["starting_stack", [1000, 2000]]])] == [
        "starting_stack=1000",
        "starting_stack=2000",
    ]


def test_two_slices_percent_swept_together_still_add_up(tiny: Path) -> None:
    arms = sweep.sweep_arms(
        tiny, [[("players.mix[0].percent", [30, 50]), ("players.mix[1].percent", [70, 50])]]
    )
    shares = [[m["percent"] for m in a.scenario["players"]["mix"]] for a in arms]
    assert shares == [[30, 70], [50, 50]]


def test_cli_with_joins_the_set_before_it_and_plots_against_its_first_key(
    tiny: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "together"
    code = cli_main(
        [
            "sweep", str(tiny), "--set", "seats_per_table=6,9", "--with", "final_table_size=6,9",
            "--runs", "1", "--jobs", "1", "--out", str(out), "--no-progress",
        ]
    )  # fmt: skip
    assert code == 0 and "2 arms" in capsys.readouterr().out
    result = sweep.load_sweep(out)
    # read back in the order given (sweep.json sorts its keys): the table's columns, the title
    assert list(result.arms[0].settings) == ["seats_per_table", "final_table_size"]
    assert "Sweep: seats_per_table, final_table_size" in (out / "report.html").read_text("utf-8")
    for arm, size in zip(result.arms, (6, 9), strict=True):
        data = tomllib.loads((out / arm.name / "scenario.toml").read_text(encoding="utf-8"))
        assert (data["seats_per_table"], data["final_table_size"]) == (size, size)
    fig = sweep.plot_sweep(result)
    assert fig.axes[0].get_xlabel() == "seats_per_table (with final_table_size)"
    assert list(fig.axes[0].get_lines()[0].get_xdata()) == [6, 9]
    import json

    record = json.loads((out / "provenance.json").read_text(encoding="utf-8"))
    assert record["sets"] == [["seats_per_table", [6, 9]], ["final_table_size", [6, 9]]]
    assert record["together"] == [["seats_per_table", "final_table_size"]]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--with", "final_table_size=6,9", "--set", "seats_per_table=6,9"],
            "goes after the --set",
        ),
        (["--set", "seats_per_table=6,9", "--with", "final_table_size=6"], "1 value(s), but"),
        (
            ["--set", "seats_per_table=6,9", "--with", "final_table_size"],
            "--with 'final_table_size'",
        ),
    ],
)
def test_cli_with_refuses_in_one_line(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "none"
    code = cli_main(["sweep", str(SNG), *argv, "--runs", "1", "--out", str(out), "--no-progress"])
    err = capsys.readouterr().err
    assert code != 0 and message in err and len(err.strip().splitlines()) == 1, err
    assert not out.exists()  # refused before anything is written
