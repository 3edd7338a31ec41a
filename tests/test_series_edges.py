"""R-SAT-1 edges: the registration instant, the target's clock and the winners' names."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokersim.errors import ConfigError
from pokersim.scenario import load_scenario
from pokersim.series import _with_winners, load_target, registration_time

ROOT = Path(__file__).resolve().parents[1]
TARGET = (ROOT / "scenarios" / "series_target.toml").read_text(encoding="utf-8")

HERO = """
[[players.named]]
name = "sat-{name}"
model = "calling-station"
"""


def _satellite(tmp_path: Path, *, start: str, minutes: int, target: str = TARGET) -> Path:
    (tmp_path / "target.toml").write_text(target, encoding="utf-8")
    path = tmp_path / "satellite.toml"
    path.write_text(
        f"""
name = "satellite"
start = "{start}"
starting_stack = 300
seats_per_table = 6
[players]
count = 6
mix = [{{ model = "calling-station", percent = 100 }}]
[entries]
prize_cents = 500
fee_cents = 0
late_registration_minutes = 0
[satellite]
seat_value_cents = 2000
[breaks]
kind = "none"
[[levels]]
small_blind = 25
big_blind = 50
minutes = 5
[series]
target = "target.toml"
target_start_minutes = {minutes}
""",
        encoding="utf-8",
    )
    return path


def test_r_sat_1_a_satellite_ending_at_the_targets_start_seats_its_winners() -> None:
    """R-SAT-1: ending exactly at the start is before play (seated at the start, time 0), even
    with no late registration; catches ``at < 0`` sending that instant to the closed branch."""
    assert registration_time(3600, 3600, 0) == 0
    assert registration_time(3600, 3600, 1200) == 0
    assert registration_time(3601, 3600, 0) is None


@pytest.mark.parametrize(
    ("start", "minutes", "expected"),
    [("23:30", 60, 30 * 60), ("22:00", 180, 3600), ("12:00", 90, 13 * 3600 + 1800)],
)
def test_r_sat_1_the_target_clock_wraps_past_midnight(
    tmp_path: Path, start: str, minutes: int, expected: int
) -> None:
    """The target starts ``target_start_minutes`` after the satellite, on a 24-hour clock:
    23:30 + 60 minutes is 00:30; catches the time of day not wrapping at midnight."""
    sat = load_scenario(_satellite(tmp_path, start=start, minutes=minutes))
    played = _with_winners(load_target(sat), [], sat)
    assert played.start_seconds == expected
    assert 0 <= played.start_seconds < 86400


def test_r_sat_1_a_winner_whose_target_name_is_taken_is_refused(tmp_path: Path) -> None:
    """A winner enters the target as ``sat-`` and their name; a target player already named so
    would make two players one name: a ConfigError naming it, not a silent clash."""
    sat = load_scenario(_satellite(tmp_path, start="17:00", minutes=60))
    winner = sat.players.expand()[0]
    target_text = TARGET.replace(
        "[[players.mix]]", HERO.format(name=winner.name) + "\n[[players.mix]]", 1
    )
    tmp = tmp_path / "clash"
    tmp.mkdir()
    sat2 = load_scenario(_satellite(tmp, start="17:00", minutes=60, target=target_text))
    target = load_target(sat2)
    with pytest.raises(ConfigError, match=f"already has a player named 'sat-{winner.name}'"):
        _with_winners(target, [winner], sat2)
    other = sat.players.expand()[1]
    played = _with_winners(target, [other], sat2)
    names = [s.name for s in played.players.expand()]
    assert names.count("sat-" + other.name) == 1
    assert played.players.count == target.players.count + 1
