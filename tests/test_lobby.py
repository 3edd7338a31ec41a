"""R-REG-4 before the start: unregistrations, the deadline, a delayed or cancelled start."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim.engine import run_tournament
from pokersim.errors import ConfigError
from pokersim.lobby import drawn_unregistrations, may_unregister, plan_lobby
from pokersim.results import summary
from pokersim.scenario import Entries, Registration, Unregistration, parse_scenario
from pokersim.scenario_toml import scenario_toml


def _data(registration: dict[str, Any], *, count: int = 12, **entries: Any) -> dict[str, Any]:
    return {
        "name": "lobby",
        "start": "20:00",
        "seats_per_table": 6,
        "starting_stack": 200,
        "players": {"count": count, "mix": [{"model": "calling-station", "percent": 100}]},
        "levels": [
            {"small_blind": 10, "big_blind": 20, "minutes": 10},
            {"small_blind": 50, "big_blind": 100, "minutes": 10},
        ],
        "breaks": {"kind": "none"},
        "entries": {"prize_cents": 1000, "fee_cents": 100, **entries},
        "registration": registration,
    }


def _run(data: dict[str, Any], seed: int = 3) -> tuple[Any, list[dict[str, Any]]]:
    from pokersim.events import event_record

    events: list[Any] = []
    result = run_tournament(parse_scenario(data, source="<test>"), seed, emit=events.append)
    return result, [event_record(e) for e in events]


@pytest.mark.parametrize(
    ("registration", "message"),
    [
        (
            {"unregister": [{"player": "Zed", "at_minutes": -5}]},
            r"unregister\[0\]\.player: expected",
        ),
        (
            {
                "unregister": [
                    {"player": "P01", "at_minutes": -5},
                    {"player": "P01", "at_minutes": -2},
                ]
            },
            "expected each player once",
        ),
        ({"unregister": [{"player": "P01", "at_minutes": -0.001}]}, "whole number of seconds"),
        (
            {"unregister": [{"player": "P01", "at_minutes": -5}], "unregister_percent": 10},
            "not both",
        ),
        ({"delay_start_minutes": -1}, "delay_start_minutes: expected a value >= 0"),
        ({"unregister_percent": 101}, "unregister_percent: expected a value <= 100"),
        ({"cancel_before_start": "yes"}, "cancel_before_start: expected true or false"),
        ({"unregister_deadline": 5}, "did you mean 'unregister_deadline_minutes'"),
    ],
)
def test_bad_registration_keys_are_one_clear_line(
    registration: dict[str, Any], message: str
) -> None:
    with pytest.raises(ConfigError, match=message) as err:
        parse_scenario(_data(registration), source="bad.toml")
    assert str(err.value).startswith("bad.toml: registration")
    assert "\n" not in str(err.value)


def test_too_few_players_left_is_a_config_error() -> None:
    names = [{"player": f"P{i:02d}", "at_minutes": -5} for i in range(1, 12)]
    with pytest.raises(ConfigError, match="1 player\\(s\\) would be registered at the start"):
        _run(_data({"unregister": names}))


def test_registration_survives_the_written_file() -> None:
    data = _data(
        {
            "unregister": [
                {"player": "P03", "at_minutes": -7.5},
                {"player": "P04", "at_minutes": 2},
            ],
            "unregister_deadline_minutes": 1,
            "delay_start_minutes": 5,
        }
    )
    sc = parse_scenario(data)
    back = parse_scenario(tomllib.loads(scenario_toml(sc)))
    assert replace(back, source=None) == replace(sc, source=None)
    assert "[registration]" not in scenario_toml(parse_scenario(_data({})))  # the default: none


def test_deadline_and_refund_of_a_plan() -> None:
    reg = Registration(
        unregister=(
            Unregistration(player="A", at_seconds=-600),
            Unregistration(player="B", at_seconds=-60),
            Unregistration(player="C", at_seconds=-30),
        ),
        unregister_deadline_seconds=120,
        delay_start_seconds=300,
    )
    terms = Entries(prize_cents=500, bounty_cents=250, fee_cents=50)
    plan = plan_lobby(reg, terms, ["A", "B", "C", "D"], frozenset({2}), seed=0)
    by = {r.player_id: r for r in plan.requests}
    # the deadline is 2 minutes before the delayed start: scheduled + 3 minutes
    assert [(r.player_id, r.t) for r in plan.requests] == [(0, -900), (1, -360), (2, -330)]
    assert by[0].granted and by[0].refund_cents == 800
    assert by[1].granted  # after the scheduled start's deadline, before the delayed one's
    assert not by[2].granted and by[2].reason == "not registered before the start"
    assert plan.gone == {0, 1}
    assert not may_unregister(-120, 120) and may_unregister(-121, 120)


def test_drawn_requests_are_seeded_leave_two_and_fall_in_the_window() -> None:
    players = list(range(3, 23))
    a = drawn_unregistrations(players, 50, 1800, seed=9)
    assert a == drawn_unregistrations(players, 50, 1800, seed=9)
    assert a != drawn_unregistrations(players, 50, 1800, seed=10)
    assert len(a) == 10 and set(a) <= set(players)
    assert all(-1800 <= t <= -1 for t in a.values())
    assert len(drawn_unregistrations(players, 100, 1800, seed=9)) == len(players) - 2


@settings(max_examples=15, deadline=None)
@given(
    percent=st.sampled_from([0, 20, 50, 90]),
    deadline=st.sampled_from([0, 10, 30]),
    seed=st.integers(0, 2**32),
)
def test_unregistered_players_are_refunded_and_never_play(
    percent: int, deadline: int, seed: int
) -> None:
    """Money: refunds are whole buy-ins of the granted requests; the pool counts only stayers."""
    data = _data(
        {
            "unregister_percent": percent,
            "unregister_window_minutes": 60,
            "unregister_deadline_minutes": deadline,
        }
    )
    result, events = _run(data, seed)
    granted = {e["player_id"] for e in events if e["type"] == "PlayerUnregistered" and e["granted"]}
    refused = [e for e in events if e["type"] == "PlayerUnregistered" and not e["granted"]]
    assert all(e["t"] >= -deadline * 60 and e["refund_cents"] == 0 for e in refused)
    seated = {p for e in events if e["type"] == "TableOpened" for p in e["player_ids"]}
    assert not granted & seated and len(seated) == 12 - len(granted)
    by_id = {f.player_id: f for f in result.finishes}
    assert all(by_id[p].refund_cents == 1100 and by_id[p].place == 0 for p in granted)
    assert result.entries == 12 - len(granted)
    assert result.prize_pool_cents == 1000 * result.entries
    reconciled = next(e for e in events if e["type"] == "MoneyReconciled")
    assert reconciled["fees_cents"] == 100 * result.entries
    assert sum(f.refund_cents for f in result.finishes) == 1100 * len(granted)


def test_cancelled_before_start_refunds_the_registered_not_the_late() -> None:
    data = _data(
        {"cancel_before_start": True, "delay_start_minutes": 10},
        late_registration_minutes=30,
        late_arrivals_percent=25,
    )
    result, events = _run(data)
    late = set(events[0]["late_ids"])
    assert len(late) == 3
    assert [e["type"] for e in events] == [
        "FieldListed",
        "StartDelayed",
        "StartCancelled",
        "MoneyReconciled",
    ]
    assert result.cancelled_before_start and result.hands_played == 0
    assert result.winner_id == -1 and result.entries == 0 and result.prize_pool_cents == 0
    refunds = {f.player_id: f.refund_cents for f in result.finishes}
    assert all(refunds[p] == (0 if p in late else 1100) for p in refunds)
    reg = summary(result)["registration"]
    assert reg["cancelled_before_start"] is True
    assert reg["refunded_cents"] == 9 * 1100 and reg["start_delay_seconds"] == 600


def test_a_default_scenario_logs_nothing_before_the_start() -> None:
    result, events = _run(_data({}))
    assert events[0]["type"] == "FieldListed" and events[0]["t"] == 0
    assert events[1]["type"] == "TournamentStarted"
    assert "registration" not in summary(result)


@pytest.mark.parametrize(
    ("command", "key"),
    [
        (("run", "{path}", "--out", "{out}", "--report"), "registration.cancel_before_start"),
        (("study", "{path}", "--runs", "2", "--no-progress", "--out", "{out}"), "faults"),
        (
            (
                "sweep",
                "{path}",
                "--runs",
                "2",
                "--set",
                "starting_stack=900,1000",
                "--out",
                "{out}",
            ),
            "registration",
        ),
        (("calibrate", "{path}", "--runs", "1", "--no-progress"), "faults"),
    ],
)
def test_a_tournament_cancelled_before_the_start_is_not_studied_or_reported(
    command: tuple[str, ...], key: str, tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """R-REG-4, R-FAULT-2: nothing is played, so every run is the same refund: one clear line."""
    from pokersim.cli import main

    data = _data({"cancel_before_start": True} if key.startswith("registration") else {})
    if key == "faults":
        data["faults"] = {"cancel_at_stage": "before-start"}
    path = tmp_path / "cancelled.toml"
    path.write_text(scenario_toml(parse_scenario(data)), encoding="utf-8")
    out = tmp_path / "out"
    argv = [a.format(path=path, out=out) for a in command]
    assert main(argv) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and str(path) in lines[0], lines
    assert key in lines[0] and "cancelled before the start" in lines[0]
    assert not out.exists() or not any(out.rglob("*.parquet"))
