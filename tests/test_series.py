"""R-SAT-1: a satellite linked to its target seats its winners there at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokersim.errors import ConfigError
from pokersim.scenario import load_scenario, parse_scenario
from pokersim.series import load_target, registration_time, run_series, series_summary

ROOT = Path(__file__).resolve().parents[1]
TARGET = (ROOT / "scenarios" / "series_target.toml").read_text(encoding="utf-8")


def satellite_file(
    tmp_path: Path, series: str, *, target: str = TARGET, seat: int = 2000, start: str = "17:00"
) -> Path:
    """A satellite of twelve to ``target`` (written beside it), with ``series`` as its series."""
    (tmp_path / "target.toml").write_text(target, encoding="utf-8")
    path = tmp_path / "satellite.toml"
    path.write_text(
        f"""
name = "satellite"
start = "{start}"
starting_stack = 300
seats_per_table = 6
[players]
count = 12
mix = [{{ model = "calling-station", percent = 100 }}]
[entries]
prize_cents = 500
fee_cents = 0
late_registration_minutes = 0
[satellite]
seat_value_cents = {seat}
[breaks]
kind = "none"
[[levels]]
small_blind = 25
big_blind = 50
minutes = 5
[[levels]]
small_blind = 100
big_blind = 200
minutes = 5
[series]
{series}
""",
        encoding="utf-8",
    )
    return path


def test_registration_time_is_at_once_while_registration_is_open() -> None:
    assert registration_time(100, 600, 1800) == 0  # before the target's start: on time
    assert registration_time(700, 600, 1800) == 100  # during late registration: then
    assert registration_time(600 + 1799, 600, 1800) == 1799
    assert registration_time(600 + 1800, 600, 1800) is None  # registration is over
    assert registration_time(700, 600, 0) is None


def test_the_winners_are_seated_when_the_satellite_ends(tmp_path: Path) -> None:
    sc = load_scenario(satellite_file(tmp_path, 'target = "target.toml"\ntarget_start_minutes = 5'))
    series = run_series(sc, seed=4)
    sat, target = series.satellite, series.target
    winners = [f.player_id for f in sat.finishes if f.place == 1]
    assert len(winners) == 3 and [p.satellite_id for p in series.paths] == winners
    end = sat.duration_seconds
    assert end > 300  # the satellite ends after the target's start: late registration
    for path in series.paths:
        assert path.registered_at == end - 300
        assert path.target_id is not None
        finish = target.finishes[path.target_id]
        assert finish.name == "sat-" + sat.finishes[path.satellite_id].name
        assert finish.entries == 1 and path.target_place == finish.place >= 1
    assert target.entries == 18 + 3
    assert target.prize_pool_cents == 1800 * 21
    out = series_summary(series)
    assert out["target_entries"] == 21 and len(out["paths"]) == 3


def test_a_closed_target_leaves_the_winners_with_their_seat_as_cash(tmp_path: Path) -> None:
    closed = TARGET.replace("late_registration_minutes = 30", "late_registration_minutes = 1")
    sc = load_scenario(
        satellite_file(tmp_path, 'target = "target.toml"\ntarget_start_minutes = 0', target=closed)
    )
    series = run_series(sc, seed=4)
    assert series.satellite.duration_seconds > 60
    assert all(p.target_id is None and p.registered_at is None for p in series.paths)
    assert series.target.entries == 18
    prizes = {f.player_id: f.prize_cents for f in series.satellite.finishes}
    assert all(prizes[p.satellite_id] == p.seat_cents == 2000 for p in series.paths)


def test_series_errors_are_one_clear_line(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="series.target: no such scenario file"):
        run_series(load_scenario(satellite_file(tmp_path, 'target = "nope.toml"')))
    with pytest.raises(ConfigError, match="seat_value_cents: a seat is one buy-in"):
        run_series(load_scenario(satellite_file(tmp_path, 'target = "target.toml"', seat=1500)))
    with pytest.raises(ConfigError, match="series.target: only a satellite has a target"):
        parse_scenario(
            {
                "name": "x",
                "starting_stack": 100,
                "players": {"count": 3, "mix": [{"model": "random", "percent": 100}]},
                "levels": [{"small_blind": 1, "big_blind": 2, "minutes": 5}],
                "series": {"target": "t.toml"},
            }
        )
    with pytest.raises(ConfigError, match="series.target: expected a scenario file name"):
        load_scenario(satellite_file(tmp_path, 'target = "target"'))


def test_the_series_survives_the_written_file(tmp_path: Path) -> None:
    import tomllib
    from dataclasses import replace

    from pokersim.scenario_toml import scenario_toml

    sc = load_scenario(
        satellite_file(tmp_path, 'target = "target.toml"\ntarget_start_minutes = 7.5')
    )
    written = tmp_path / "elsewhere"  # written in another folder, it names the same target
    written.mkdir()
    (written / "satellite.toml").write_text(scenario_toml(sc), encoding="utf-8")
    back = load_scenario(written / "satellite.toml")
    assert back.series.target == str(tmp_path / "target.toml")
    assert replace(back.series, target=sc.series.target) == sc.series
    assert back.satellite == sc.satellite
    assert replace(back, source=None).series.target_start_seconds == 450
    assert load_target(back) == load_target(sc)
    unanchored = parse_scenario(tomllib.loads(scenario_toml(replace(sc, source=None))))
    assert unanchored.series == sc.series  # no file to name it from: as given


def test_run_out_writes_the_targets_own_run_beside_the_satellites(tmp_path: Path) -> None:
    """``pokersim run --out`` writes the target as one run of its own in ``out/target/``.

    Its files agree with ``series.json`` and with the target played without files.
    """
    import json

    from pokersim.cli import main

    path = satellite_file(tmp_path, 'target = "target.toml"\ntarget_start_minutes = 5')
    out = tmp_path / "out"
    assert main(["run", str(path), "--seed", "4", "--out", str(out), "--hands", "both"]) == 0
    series = json.loads((out / "series.json").read_text(encoding="utf-8"))
    target = json.loads((out / "target" / "summary.json").read_text(encoding="utf-8"))
    assert target["scenario"] == "satellite-target"
    assert target["entries"] == series["target_entries"] == 21
    assert target["prize_pool_cents"] == series["target_prize_pool_cents"]
    assert target["winner_id"] == series["target_winner_id"]
    played = run_series(load_scenario(path), seed=4).target
    assert target["hands_played"] == played.hands_played
    events = (out / "target" / "events.jsonl").read_text(encoding="utf-8").splitlines()
    registered = [json.loads(e) for e in events if '"PlayerRegistered"' in e]
    seated = {p["target_id"] for p in series["paths"]}
    assert seated <= {r["player_id"] for r in registered if r["registered"]}
    assert sorted(p.name for p in (out / "target" / "hands").glob("table-*.txt"))
    # a second run into the same folder is refused without --force (the target's files too)
    assert main(["run", str(path), "--seed", "4", "--out", str(out)]) == 2


@pytest.mark.parametrize(
    ("shipped", "expected"),
    [
        ("flights.toml", r"is a multi-day event \(\[flights\]\)"),
        ("spin_and_go.toml", "is a Spin & Go"),
        ("sng_9max.toml", "payouts.bands: no band covers 14 entries"),
    ],
)
def test_r_sat_1_a_target_that_cannot_take_the_winners_is_refused_in_one_line(
    shipped: str, expected: str, tmp_path: Path
) -> None:
    """A multi-day event's flights and a Spin & Go's three players take no seat winners; a
    target whose payout bands end below its field and the seats names its bands. ``pokersim
    run`` says so before the satellite plays."""
    import subprocess
    import sys
    import tomllib

    text = (ROOT / "scenarios" / shipped).read_text(encoding="utf-8")
    e = tomllib.loads(text)["entries"]
    buy_in = e["prize_cents"] + e.get("bounty_cents", 0) + e.get("fee_cents", 0)
    # twelve players buying five seats: the pool is 5 buy-ins (a 9-player field + 5 = 14)
    series = 'target = "target.toml"\ntarget_start_minutes = 600'  # the winners come in time
    sat = satellite_file(tmp_path, series, target=text, seat=buy_in)
    sat.write_text(
        sat.read_text(encoding="utf-8").replace(
            "prize_cents = 500", f"prize_cents = {buy_in * 5 // 12 + 1}"
        ),
        encoding="utf-8",
    )
    with pytest.raises(ConfigError, match=expected):
        run_series(load_scenario(sat))
    done = subprocess.run(
        [sys.executable, "-m", "pokersim", "run", str(sat), "--out", str(tmp_path / "out")],
        capture_output=True,
        text=True,
        check=False,
    )
    lines = done.stderr.strip().splitlines()
    assert done.returncode != 0 and len(lines) == 1 and "Traceback" not in done.stderr
    assert "series.target" in lines[0] or "payouts.bands" in lines[0]
    if shipped != "sng_9max.toml":  # refused before the satellite plays: nothing written
        assert not (tmp_path / "out" / "events.jsonl").exists()
