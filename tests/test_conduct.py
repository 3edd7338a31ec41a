"""R-COND-3: the sanctions ladder, its scenario section, and random infractions in full runs.

The rule cases (``scenarios/rules/R-COND-3-*.toml``) pin each step by hand; here the pure rules
are checked on their own and a run with many random infractions keeps every invariant: each
infraction climbs one step, a missed hand is folded, removed chips leave play exactly, the money
reconciles to the cent, and the run is reproducible.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokersim.cancellation import redistribute_forfeited_prize
from pokersim.conduct import chips_to_remove, confiscated_cents, plan_infractions, step_of
from pokersim.engine import run_tournament
from pokersim.errors import ConfigError
from pokersim.events import event_record
from pokersim.history.tournament import tournament_id
from pokersim.run_rows import reduce_log
from pokersim.scenario import Conduct, Confiscation, SanctionKind, parse_scenario
from pokersim.scenario_toml import scenario_data

W, M, C, D = (
    SanctionKind.WARNING,
    SanctionKind.MISSED_HANDS,
    SanctionKind.CHIPS_REMOVED,
    SanctionKind.DISQUALIFICATION,
)


def _data(**conduct: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": "conduct",
        "starting_stack": 1000,
        "seats_per_table": 6,
        "players": {"count": 18, "mix": [{"model": "random", "percent": 100}]},
        "levels": [
            {"small_blind": 10, "big_blind": 20, "minutes": 10},
            {"small_blind": 25, "big_blind": 50, "minutes": 10},
            {"small_blind": 50, "big_blind": 100, "minutes": 10},
        ],
        "breaks": {"kind": "none"},
        "entries": {"prize_cents": 1000},
    }
    if conduct:
        data["conduct"] = conduct
    return data


# --- the pure rules ----------------------------------------------------------------------------


def test_each_infraction_climbs_one_step_and_the_last_step_repeats() -> None:
    ladder = (W, M, C, D)
    assert [step_of(ladder, n) for n in range(1, 7)] == [W, M, C, D, D, D]
    assert [step_of((W, C), n) for n in (1, 2, 3)] == [W, C, C]  # no disqualification: never
    with pytest.raises(ValueError, match="counted from 1"):
        step_of(ladder, 0)


@given(st.integers(1, 10**9), st.integers(1, 99))
def test_chips_removed_are_the_percent_rounded_down_and_the_player_keeps_a_chip(
    stack: int, percent: int
) -> None:
    removed = chips_to_remove(stack, percent)
    assert 0 <= removed < stack
    assert removed == min(stack * percent // 100, stack - 1)


@given(st.integers(0, 10**9), st.integers(1, 99))
def test_confiscation_none_part_all(prize: int, percent: int) -> None:
    assert confiscated_cents(prize, Conduct()) == 0
    assert confiscated_cents(prize, Conduct(confiscate=Confiscation.ALL)) == prize
    part = Conduct(confiscate=Confiscation.PART, confiscate_percent=percent)
    assert confiscated_cents(prize, part) == prize * percent // 100


@given(
    st.lists(st.integers(1, 10**7), min_size=2, max_size=12).map(lambda xs: sorted(xs)[::-1]),
    st.data(),
)
def test_a_confiscated_part_is_shared_to_the_cent(prizes: list[int], data: st.DataObject) -> None:
    """R-COND-3 through R-COND-1's sharing: only the confiscated cents move, none is lost."""
    place = data.draw(st.integers(2, len(prizes)))
    cents = data.draw(st.integers(0, prizes[place - 1]))
    out = redistribute_forfeited_prize(prizes, place, cents)
    assert sum(out) == sum(prizes)
    assert out[place - 1] == prizes[place - 1] - cents
    assert all(new >= old for i, (old, new) in enumerate(zip(prizes, out)) if i != place - 1)
    if cents == prizes[place - 1]:
        assert out == redistribute_forfeited_prize(prizes, place)  # all: R-COND-1's forfeit


def test_more_confiscated_than_the_prize_is_refused() -> None:
    with pytest.raises(ConfigError, match="forfeited cents must be whole and 0..100"):
        redistribute_forfeited_prize([300, 100], 2, 101)


def test_infractions_are_drawn_only_when_on_and_from_their_own_stream() -> None:
    assert plan_infractions(Conduct(), 7) == ()
    on = Conduct(infractions_per_hour=6.0)
    times = plan_infractions(on, 7, horizon=36000)
    assert times == plan_infractions(on, 7, horizon=36000)
    assert list(times) == sorted(times) and 30 < len(times) < 100  # about 60 in ten hours
    assert times != plan_infractions(on, 8, horizon=36000)


# --- the scenario section ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("conduct", "message"),
    [
        ({"ladder": ["warning", "caution"]}, "conduct.ladder[1]: expected one of 'warning'"),
        ({"ladder": []}, "conduct.ladder: expected 1..20 steps, got 0"),
        (
            {"ladder": ["disqualification", "warning"]},
            "conduct.ladder: expected 'disqualification' only as the last step",
        ),
        ({"confiscate": "half"}, "conduct.confiscate: expected one of 'none', 'part', 'all'"),
        ({"confiscate": "part"}, "conduct.confiscate_percent: expected a percent (1..99)"),
        (
            {"confiscate": "all", "confiscate_percent": 50},
            "conduct.confiscate_percent: expected a percent (1..99) exactly when",
        ),
        ({"confiscate": "part", "confiscate_percent": 100}, "conduct.confiscate_percent"),
        ({"chips_removed_percent": 100}, "conduct.chips_removed_percent"),
        ({"missed_hands": 0}, "conduct.missed_hands"),
        ({"infractions_per_hour": -1}, "conduct.infractions_per_hour"),
        ({"ladders": ["warning"]}, "conduct.ladders"),
    ],
)
def test_bad_conduct_is_one_line_naming_file_and_key(conduct: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError) as err:
        parse_scenario(_data(**conduct), source="t.toml")
    text = str(err.value)
    assert "\n" not in text and text.startswith("t.toml: ")
    assert message in text


def test_no_conduct_section_means_no_infractions_and_the_writer_adds_none() -> None:
    sc = parse_scenario(_data())
    assert sc.conduct == Conduct() and sc.conduct.infractions_per_hour == 0
    assert "conduct" not in scenario_data(sc)


# --- full runs with random infractions --------------------------------------------------------

_LADDER = ["warning", "missed_hands", "chips_removed", "disqualification"]


def _run(seed: int, **conduct: Any) -> tuple[Any, list[dict[str, Any]]]:
    sc = parse_scenario(_data(**conduct))
    log: list[Any] = []
    result = run_tournament(sc, seed, emit=log.append, record_actions=True)
    return result, [event_record(e) for e in log]


def _of(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


@pytest.fixture(scope="module")
def busy_run() -> tuple[Any, list[dict[str, Any]]]:
    return _run(
        3,
        ladder=_LADDER,
        missed_hands=2,
        chips_removed_percent=20,
        confiscate="part",
        confiscate_percent=40,
        infractions_per_hour=300,
    )


def test_every_infraction_climbs_one_step_of_the_ladder(busy_run: Any) -> None:
    _result, events = busy_run
    committed = _of(events, "InfractionCommitted")
    imposed = _of(events, "SanctionImposed")
    seen: dict[int, int] = defaultdict(int)
    for e in committed:
        seen[e["player_id"]] += 1
        assert e["infraction"] == seen[e["player_id"]]
        assert e["sanction"] == _LADDER[min(e["infraction"], len(_LADDER)) - 1]
    by_infraction = {(e["player_id"], e["infraction"]): e["sanction"] for e in committed}
    for e in imposed:
        assert by_infraction[(e["player_id"], e["infraction"])] == e["kind"]
    kinds = {e["kind"] for e in imposed}
    assert kinds == set(_LADDER), kinds  # the run exercises every step


def test_removed_chips_leave_play_exactly(busy_run: Any) -> None:
    result, events = busy_run
    removed = sum(e["chips_removed"] for e in _of(events, "SanctionImposed"))
    disqualified = sum(e["chips_removed"] for e in _of(events, "PlayerDisqualified"))
    assert removed > 0
    assert result.chips_in_play == 18 * 1000 - removed - disqualified


def test_confiscated_money_is_shared_and_every_cent_paid(busy_run: Any) -> None:
    result, events = busy_run
    (money,) = _of(events, "MoneyReconciled")
    assert money["prizes_paid_cents"] == money["prize_pool_cents"] == 18 * 1000
    assert sum(f.prize_cents for f in result.finishes) == 18 * 1000
    for e in _of(events, "SanctionImposed"):
        if e["kind"] == "disqualification":
            (dq,) = [
                d for d in _of(events, "PlayerDisqualified") if d["player_id"] == e["player_id"]
            ]
            assert dq["prize_forfeited"] == (e["confiscated_cents"] > 0)


def test_a_missed_hand_is_dealt_and_folded(busy_run: Any) -> None:
    """The next ``missed_hands`` hands dealt to the player after the sanction: never a bet."""
    _result, events = busy_run
    owed: dict[int, int] = {}
    missed: dict[tuple[int, int], int] = {}  # (table, hand) -> the player who missed it
    for e in events:
        if e["type"] == "SanctionImposed" and e["kind"] == "missed_hands":
            owed[e["player_id"]] = owed.get(e["player_id"], 0) + e["missed_hands"]
        elif e["type"] == "TableHandStarted":
            for p in e["player_ids"]:
                if owed.get(p):
                    owed[p] -= 1
                    missed[(e["table_id"], e["hand_no"])] = p
    assert missed
    hand: tuple[int, int] = (0, 0)
    checked = 0
    for e in events:
        if e["type"] == "HandStarted":
            hand = (e["table_id"], e["hand_no"])
        elif e["type"] == "ActionTaken" and missed.get(hand) == e["player_id"]:
            assert e["kind"] in ("fold", "check"), (hand, e)
            checked += 1
    assert checked


def test_runs_with_infractions_are_reproducible() -> None:
    conduct = {"ladder": _LADDER, "infractions_per_hour": 20}
    assert _run(5, **conduct)[1] == _run(5, **conduct)[1]


def test_the_tournament_id_counts_conduct_only_when_set() -> None:
    """Adding the section renumbers no existing tournament; setting it gives a new id."""
    sc = parse_scenario(_data())
    same = replace(sc, conduct=Conduct())
    changed = replace(sc, conduct=Conduct(ladder=(SanctionKind.WARNING,)))
    assert tournament_id(same, 1) == tournament_id(sc, 1)
    assert tournament_id(changed, 1) != tournament_id(sc, 1)


def test_a_study_counts_removed_chips_back_to_the_start() -> None:
    """The chips in play at the start, rebuilt from the end, include the chips removed since."""
    sc = parse_scenario(_data(ladder=["chips_removed"], infractions_per_hour=300))
    log: list[Any] = []
    run_tournament(sc, 3, emit=log.append)
    assert any(type(e).__name__ == "SanctionImposed" for e in log)
    t0, players, avg_bb = reduce_log(log).timeline[0]
    assert (t0, players) == (0, 18)
    assert avg_bb == pytest.approx(1000 / 20)
