"""R-SAT-1 edges: the registration instant, the target's clock and the winners' names."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_series import TARGET, satellite_file

from pokersim.errors import ConfigError
from pokersim.scenario import load_scenario
from pokersim.series import _with_winners, load_target, registration_time

HERO = """
[[players.named]]
name = "sat-{name}"
model = "calling-station"
"""


def _satellite(tmp_path: Path, *, start: str, minutes: int, target: str = TARGET) -> Path:
    series = f'target = "target.toml"\ntarget_start_minutes = {minutes}'
    return satellite_file(tmp_path, series, target=target, start=start)


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
