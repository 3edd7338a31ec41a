"""Think time by decision and table (``[timing] pace``) and time-bank top-ups at levels.

The shape (``timing.decision_pace``), its compiled twin, the engine's two rounds (Python and
compiled) agreeing under a pace, the scenario keys (one-line errors, the writer's round trip),
and the top-up case that fails when the engine skips the top-up.
"""

from __future__ import annotations

from array import array
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim import engine
from pokersim.actions import CHECK_CALL, FOLD, DecisionView, LegalActions, RaiseTo
from pokersim.betting_kernel import play_quick_hand, play_whole_hand
from pokersim.config import BettingStructure, Level
from pokersim.engine import dealer as engine_dealer
from pokersim.engine.incidents import Incidents
from pokersim.engine.records import decision_pace_of, model_records
from pokersim.errors import ConfigError
from pokersim.hand import HandResult
from pokersim.players import make_model
from pokersim.scenario import PaceKind, parse_scenario
from pokersim.scenario_toml import scenario_data
from pokersim.timing import (
    CALIBRATED_PACE,
    CALIBRATED_SHORT_HANDED,
    PACE_WIDTH,
    SHORT_HANDED_SIZES,
    ActionClock,
    DecisionPace,
    decision_pace,
    decision_pace_compiled,
    through_points,
)
from pokersim.verify import check_case, load_case

TOP_UP_CASE = Path(__file__).parent / "data" / "pace" / "time-bank-topped-up-at-levels.toml"


def _seconds(pace: DecisionPace, **kw: Any) -> float:
    d = {"think": 4.0, "street": 0, "bet": 0, "to_call": 0, "pot": 30, "stack": 1000}
    d.update(kw)
    return decision_pace(
        pace.packed(), 0, d["think"], d["street"], d["bet"], d["to_call"], d["pot"],
        d["stack"], 10, d.get("players", 9), d.get("check_or_fold", False),
    )  # fmt: skip


def _view(*, street: int = 0, to_call: int = 10) -> DecisionView:
    """Seat 0 of a heads-up hand, ``to_call`` owed (0: checking is free)."""
    return DecisionView(
        table_id=0, hand_no=1, seat=0, player_id=1, hole=(51, 47),
        board=(0, 5, 10)[: 3 if street else 0], street=street, button=1, player_ids=(1, 2),
        stacks=(1000, 1000), bets=(0, to_call), in_hand=(True, True), pot=60 + to_call,
        legal=LegalActions(to_call=to_call, min_raise_to=to_call + 20, max_raise_to=1000),
        level=Level(small_blind=10, big_blind=20), structure=BettingStructure.NO_LIMIT,
    )  # fmt: skip


# -- the shape ---------------------------------------------------------------------------------


def test_the_default_pace_is_off_and_leaves_the_models_think_time() -> None:
    assert not DecisionPace().on and DecisionPace().packed()[0] == 0.0
    model = make_model("tight-aggressive")
    records, _ = model_records([model], DecisionPace())
    view = _view()
    own = model.think_seconds(view, np.random.default_rng(5))
    for action in (FOLD, CHECK_CALL):  # the model's own seconds, whatever the answer
        assert records[id(model)][1](view, np.random.default_rng(5), action) == own
    paced, _ = model_records([model], CALIBRATED_PACE)
    assert paced[id(model)][1](view, np.random.default_rng(5), CHECK_CALL) != own


def test_calibrated_shape_orders_the_decisions() -> None:
    """Before the flop an unopened decision quickest, then a blind's, then facing a raise (as
    the real players' means have them); the river and a big bet slower."""
    p = CALIBRATED_PACE
    unopened = _seconds(p, to_call=10, pot=15)
    blind = _seconds(p, bet=5, to_call=5, pot=15)
    facing_raise = _seconds(p, bet=10, to_call=20, pot=45)
    assert unopened < blind < facing_raise
    river_check = _seconds(p, street=3, pot=200)
    assert _seconds(p, street=1, pot=200) <= river_check
    assert river_check < _seconds(p, street=3, to_call=100, pot=300)  # a pot-sized bet
    assert _seconds(p, street=3, to_call=20, pot=300) == river_check  # a small bet: no change
    assert _seconds(p, street=3, to_call=50, pot=300, stack=50) > river_check  # all-in call


def test_calibrated_table_sizes_follow_the_published_paces() -> None:
    """Six-handed decisions slowest, heads-up ones between six-handed and nine-handed (the
    fitted points), straight lines between them, nine and more players unchanged."""
    p = CALIBRATED_PACE
    at = {n: _seconds(p, street=2, pot=200, players=n) for n in range(2, 11)}
    assert at[9] < at[2] < at[6]
    assert at[9] == at[10] == _seconds(DecisionPace(street_factors=p.street_factors), street=2)
    for n, factor in CALIBRATED_SHORT_HANDED:
        assert at[n] == pytest.approx(at[9] * factor)
    assert [at[n] for n in range(2, 7)] == sorted(at[n] for n in range(2, 7))  # up to six
    assert [at[n] for n in range(6, 10)] == sorted((at[n] for n in range(6, 10)), reverse=True)
    assert p.short_handed_factors == through_points(CALIBRATED_SHORT_HANDED)


def test_calibrated_pre_action_answers_are_the_quick_ones() -> None:
    """A check when free or a fold the model would have given quickly (under the threshold)
    is ticked on any street, pre-flop folds above all; a slower one is not, nor any call."""
    p = CALIBRATED_PACE
    assert p.pre_action_factor < 0.5 and 1.0 < p.pre_action_below_seconds < 2.5
    quick, slow = p.pre_action_below_seconds - 0.01, p.pre_action_below_seconds
    for street in (0, 1, 2, 3):
        for spot in ({"pot": 200}, {"to_call": 100, "pot": 300}, {"to_call": 20, "pot": 300}):
            at = {"street": street, **spot}
            ticked = _seconds(p, think=quick, check_or_fold=True, **at)
            assert ticked == pytest.approx(p.pre_action_factor * _seconds(p, think=quick, **at))
            assert _seconds(p, think=slow, check_or_fold=True, **at) == _seconds(
                p, think=slow, **at
            )


def test_the_threshold_splits_the_easy_answers() -> None:
    """Every check or fold is ticked with no threshold; with one, only the quicker draws."""
    everything = DecisionPace(pre_action_factor=0.5)
    assert _seconds(everything, think=100.0, check_or_fold=True) == 50.0
    below = replace(everything, pre_action_below_seconds=2.0)
    assert [_seconds(below, think=t, check_or_fold=True) for t in (1.5, 2.0, 3.0)] == [
        0.75,
        2.0,
        3.0,
    ]
    assert _seconds(below, think=1.5) == 1.5  # not a check or a fold


def test_pre_action_answers_follow_the_answer_in_both_rounds() -> None:
    """The engine's answer decides: a fold or a free check is ticked, a call or a bet is not."""
    pace = DecisionPace(pre_action_factor=0.25)
    model = make_model("tight-aggressive")
    records, _ = model_records([model], pace)
    think = records[id(model)][1]
    free = _view(street=1, to_call=0)
    facing = _view(street=1, to_call=40)
    own = model.think_seconds(free, np.random.default_rng(5))
    assert think(free, np.random.default_rng(5), CHECK_CALL) == pytest.approx(0.25 * own)
    assert think(free, np.random.default_rng(5), RaiseTo(80)) == pytest.approx(own)
    own = model.think_seconds(facing, np.random.default_rng(5))
    assert think(facing, np.random.default_rng(5), FOLD) == pytest.approx(0.25 * own)
    assert think(facing, np.random.default_rng(5), CHECK_CALL) == pytest.approx(own)
    before_the_flop = _view(street=0, to_call=20)
    own = model.think_seconds(before_the_flop, np.random.default_rng(5))
    assert think(before_the_flop, np.random.default_rng(5), FOLD) == pytest.approx(0.25 * own)


def test_through_points_draws_straight_lines_between_the_points() -> None:
    factors = dict(zip(SHORT_HANDED_SIZES, through_points([(2, 0.5), (4, 1.5), (9, 1.0)])))
    assert factors[2] == 0.5 and factors[4] == 1.5 and factors[3] == 1.0
    assert [factors[n] for n in range(4, 9)] == [1.5, 1.4, 1.3, 1.2, 1.1]
    assert through_points([(6, 2.0), (9, 1.0)])[:5] == (2.0,) * 5  # below the points: flat


def test_each_key_moves_only_its_decisions() -> None:
    base = DecisionPace(reaction_seconds=1.0)
    assert _seconds(base) == 5.0 and _seconds(base, street=2) == 5.0
    streets = DecisionPace(street_factors=(1.0, 1.0, 1.0, 3.0))
    assert _seconds(streets, street=3, pot=100) == 12.0 and _seconds(streets, street=2) == 4.0
    unopened = DecisionPace(unopened_factor=0.5)
    assert _seconds(unopened) == 2.0 and _seconds(unopened, bet=10) == 4.0
    assert _seconds(unopened, street=1, bet=0) == 4.0  # only before the flop
    short = DecisionPace(short_handed_factors=(2.0, 1.0, 1.0, 1.0, 3.0, 1.0, 1.0))
    assert _seconds(short, players=2) == 8.0 and _seconds(short, players=9) == 4.0
    assert _seconds(short, players=6) == 12.0 and _seconds(short, players=3) == 4.0


def test_each_table_size_reads_its_own_factor() -> None:
    """A distinct factor for every size: an off-by-one in the packed layout shows here."""
    own = DecisionPace(short_handed_factors=(2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0))
    assert [_seconds(own, think=1.0, players=n) for n in range(2, 11)] == [
        2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0, 1.0,
    ]  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(
    factors=st.lists(st.floats(0.05, 10.0), min_size=15, max_size=15),
    reaction=st.floats(0.0, 5.0),
    think=st.floats(0.0, 600.0),
    street=st.integers(0, 3),
    bet=st.integers(0, 500),
    to_call=st.integers(0, 2000),
    pot=st.integers(0, 5000),
    stack=st.integers(1, 3000),
    players=st.integers(2, 10),
    check_or_fold=st.booleans(),
    below=st.one_of(st.just(float("inf")), st.floats(0.1, 600.0)),
)
def test_compiled_pace_is_the_python_pace(
    factors: list[float], reaction: float, think: float, street: int, bet: int,
    to_call: int, pot: int, stack: int, players: int, check_or_fold: bool, below: float,
) -> None:  # fmt: skip
    pace = DecisionPace(
        unopened_factor=factors[0],
        street_factors=(factors[1], factors[2], factors[3], factors[4]),
        facing_bet_factor=factors[5],
        short_handed_factors=tuple(factors[6:13]),
        reaction_seconds=reaction,
        pre_action_factor=factors[13],
        pre_action_below_seconds=below,
        check_factor=factors[14],
    )
    packed = pace.packed()
    assert len(packed) == PACE_WIDTH
    floats = array("d", (1.0, 2.0, 3.0, *packed))  # as the betting machine holds it
    args = (think, street, bet, to_call, pot, stack, 20, players, check_or_fold)
    assert decision_pace_compiled(floats, 3, *args) == decision_pace(packed, 0, *args)


def test_the_check_factor_paces_a_free_check_after_the_flop_only() -> None:
    """A free check from the flop on; not a call, a bet, a pre-flop check, nor a fold facing a
    bet (``check_or_fold`` with chips to call)."""
    packed = DecisionPace(check_factor=0.5).packed()

    def seconds(street: int, to_call: int, check_or_fold: bool) -> float:
        return decision_pace(packed, 0, 4.0, street, 0, to_call, 100, 1000, 10, 9, check_or_fold)

    assert [seconds(s, 0, True) for s in (1, 2, 3)] == [2.0, 2.0, 2.0]
    assert seconds(0, 0, True) == 4.0  # the big blind's free option
    assert seconds(1, 0, False) == 4.0  # a bet
    assert seconds(1, 10, True) == 4.0  # a fold facing a bet
    assert seconds(1, 10, False) == 4.0  # a call
    assert DecisionPace(check_factor=0.5).on


def test_bad_pace_records_are_refused() -> None:
    with pytest.raises(ConfigError, match="4 street factors"):
        DecisionPace(street_factors=(1.0, 1.0, 1.0))  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="factors in"):
        DecisionPace(facing_bet_factor=0.0)
    with pytest.raises(ConfigError, match="factors in"):
        DecisionPace(check_factor=101.0)
    with pytest.raises(ConfigError, match="7 short-handed factors"):
        DecisionPace(short_handed_factors=(1.0, 2.0))
    with pytest.raises(ConfigError, match="reaction_seconds"):
        DecisionPace(reaction_seconds=-1.0)
    for below in (0.0, float("nan")):
        with pytest.raises(ConfigError, match="pre_action_below_seconds"):
            DecisionPace(pre_action_below_seconds=below)


# -- the engine: both rounds agree, and the pace is used ----------------------------------------


def _data(**timing: Any) -> dict[str, Any]:
    mix = [
        {"model": "tight-aggressive", "percent": 50, "skill": 0.9},
        {"model": "push-fold", "percent": 20},
        {"model": "calling-station", "percent": 15},
        {"model": "random", "percent": 15, "skill": 0.5},
    ]
    return {
        "name": "pace check",
        "seats_per_table": 6,
        "final_table_size": 6,
        "starting_stack": 2000,
        "players": {"count": 30, "mix": mix},
        "levels": [
            {"small_blind": 10 * k, "big_blind": 20 * k, "minutes": 5}
            for k in (1, 2, 3, 5, 8, 12, 20, 30, 50, 80, 120, 200, 300, 500)
        ],
        "breaks": {"kind": "none"},
        "timing": {"action_clock_seconds": 15, "time_bank_seconds": 30, **timing},
        "entries": {"prize_cents": 1000, "fee_cents": 0, "late_registration_minutes": 0},
    }


def _both_paths(sc: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, int]:
    calls = [0]

    def counting(*args: Any) -> tuple[HandResult, float, int]:
        calls[0] += 1
        return play_whole_hand(*args)

    def counting_quick(*args: Any) -> Any:
        calls[0] += 1
        return play_quick_hand(*args)

    monkeypatch.setattr(engine_dealer, "play_whole_hand", counting)
    monkeypatch.setattr(engine_dealer, "play_quick_hand", counting_quick)
    fast_log: list[Any] = []
    fast = engine.run_tournament(sc, 3, emit=fast_log.append, record_actions=True)
    monkeypatch.setattr(engine_dealer.Dealer, "compiled", False)
    slow_log: list[Any] = []
    slow = engine.run_tournament(sc, 3, emit=slow_log.append, record_actions=True)
    assert fast_log == slow_log and fast.finishes == slow.finishes
    return fast, calls[0]


def test_paced_tournament_is_the_same_with_and_without_the_kernel(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sc = parse_scenario(_data(pace="calibrated", think_check_factor=0.6), source="pace.toml")
    result, compiled = _both_paths(sc, monkeypatch)
    assert compiled > 0.6 * result.hands_played


def test_a_quicker_free_check_shortens_the_hands_that_check_after_the_flop() -> None:
    """The same hands are dealt (the pace moves only time) until the clock moves a level; the
    first hand that differs checks after the flop, and is quicker."""

    def hands(data: dict[str, Any]) -> dict[tuple[int, int], list[int]]:
        """Each table hand's [start, end], by (table, hand number)."""
        out: dict[tuple[int, int], list[int]] = {}

        def emit(e: Any) -> None:
            if type(e).__name__ == "TableHandStarted":
                out[e.table_id, e.hand_no] = [e.t, -1]
            elif type(e).__name__ == "TableHandEnded":
                out[e.table_id, e.hand_no][1] = e.t

        engine.run_tournament(parse_scenario(data, source="p.toml"), 3, emit=emit)
        return out

    base = hands(_data(pace="calibrated"))
    quick = hands(_data(pace="calibrated", think_check_factor=0.5))
    # the first hand to end differently: every hand that ended before it is the same
    first = min((end, key) for key, (_, end) in base.items() if quick.get(key) != base[key])[1]
    assert quick[first][0] == base[first][0]  # the same start
    assert quick[first][1] < base[first][1]  # a quicker end


def test_the_pace_reaches_the_table() -> None:
    """The same tournament, paced: each hand takes longer (and the run lasts longer)."""
    plain = engine.run_tournament(parse_scenario(_data(), source="p.toml"), 3)
    slow = _data(pace="calibrated", think_reaction_seconds=3.0)
    paced = engine.run_tournament(parse_scenario(slow, source="p.toml"), 3)
    assert paced.duration_seconds / paced.hands_played > plain.duration_seconds / plain.hands_played


def _hand_times(data: dict[str, Any]) -> list[tuple[int, int, int]]:
    """(players dealt in, start, end) of every table hand of one run, in log order."""
    started: dict[int, tuple[int, int]] = {}
    hands: list[tuple[int, int, int]] = []

    def emit(e: Any) -> None:
        name = type(e).__name__
        if name == "TableHandStarted":
            started[e.table_id] = (len(e.player_ids), e.t)
        elif name == "TableHandEnded" and e.table_id in started:
            n, t0 = started.pop(e.table_id)
            hands.append((n, t0, e.t))

    engine.run_tournament(parse_scenario(data, source="p.toml"), 3, emit=emit)
    return hands


def test_the_heads_up_factor_reaches_the_heads_up_hands() -> None:
    """A slower heads-up factor leaves every hand before heads-up as it was and makes the first
    heads-up hand longer: the factor of the table's own size is the one applied."""
    factors = list(CALIBRATED_PACE.short_handed_factors)
    base = _hand_times(_data(pace="calibrated"))
    slow = _hand_times(_data(pace="calibrated", think_short_handed_factors=[5.0, *factors[1:]]))
    first = next(i for i, (n, _, _) in enumerate(base) if n == 2)
    assert first > 100 and base[:first] == slow[:first]  # many hands before heads-up, unchanged
    assert slow[first][:2] == base[first][:2]
    assert slow[first][2] - slow[first][1] > base[first][2] - base[first][1]


# -- the scenario keys ---------------------------------------------------------------------------


def test_preset_and_keys_make_the_pace() -> None:
    sc = parse_scenario(
        _data(pace="calibrated", think_unopened_factor=0.5, think_check_factor=0.6),
        source="p.toml",
    )
    assert sc.timing.pace is PaceKind.CALIBRATED
    pace = decision_pace_of(sc.timing)
    assert pace.unopened_factor == 0.5
    assert pace.check_factor == 0.6 and CALIBRATED_PACE.check_factor == 1.0
    assert pace.street_factors == CALIBRATED_PACE.street_factors
    plain = parse_scenario(_data(), source="p.toml")
    assert not decision_pace_of(plain.timing).on
    short = [0.8, 1, 1, 1, 1.5, 1, 1]
    keys = _data(think_street_factors=[1, 1, 1, 2], think_short_handed_factors=short)
    assert decision_pace_of(parse_scenario(keys, source="p.toml").timing) == DecisionPace(
        street_factors=(1.0, 1.0, 1.0, 2.0), short_handed_factors=tuple(map(float, short))
    )


@pytest.mark.parametrize(
    ("timing", "fragment"),
    [
        ({"pace": "fast"}, "timing.pace: expected one of 'default', 'calibrated'"),
        ({"think_street_factors": [1, 2, 3]}, "timing.think_street_factors: expected 4 numbers"),
        ({"think_street_factors": [1, 2, 3, 0]}, "timing.think_street_factors: expected 4"),
        ({"think_facing_bet_factor": 0}, "timing.think_facing_bet_factor: expected a number > 0"),
        ({"think_short_handed_factors": [1.5] * 6}, "think_short_handed_factors: expected 7"),
        ({"think_short_handed_factors": [101] * 7}, "timing.think_short_handed_factors"),
        ({"think_short_handed_factor": 1.5}, "did you mean 'think_short_handed_factors'"),
        ({"think_reaction_seconds": -1}, "timing.think_reaction_seconds"),
        ({"think_pre_action_factor": 0}, "timing.think_pre_action_factor: expected a number > 0"),
        ({"think_pre_action_factor": "quick"}, "timing.think_pre_action_factor"),
        ({"think_check_factor": 0}, "timing.think_check_factor: expected a number > 0"),
        ({"think_pre_action_below_seconds": 0}, "timing.think_pre_action_below_seconds"),
        ({"think_pre_action_below_seconds": 601}, "timing.think_pre_action_below_seconds"),
        ({"bank_top_up_every_levels": 0}, "timing.bank_top_up_every_levels"),
        ({"bank_top_up_seconds": -5}, "timing.bank_top_up_seconds"),
        ({"bank_max_seconds": 10}, "timing.bank_max_seconds: expected at least time_bank_seconds"),
        ({"street_seconds": -1}, "timing.street_seconds"),
    ],
)
def test_bad_timing_keys_are_one_line_errors(timing: dict[str, Any], fragment: str) -> None:
    with pytest.raises(ConfigError) as info:
        parse_scenario(_data(**timing), source="bad.toml")
    message = str(info.value)
    assert message.startswith("bad.toml: ") and fragment in message and "\n" not in message


def test_new_timing_keys_round_trip_through_the_writer() -> None:
    data = _data(
        pace="calibrated",
        think_street_factors=[1, 1.2, 1.3, 1.5],
        think_unopened_factor=0.7,
        think_facing_bet_factor=1.6,
        think_short_handed_factors=[0.8, 0.9, 1, 1.1, 1.4, 1.3, 1.1],
        think_reaction_seconds=1.5,
        think_pre_action_factor=0.3,
        think_pre_action_below_seconds=2.5,
        think_check_factor=0.7,
        street_seconds=2,
        showdown_seconds=4,
        bank_top_up_seconds=5,
        bank_top_up_every_levels=4,
        bank_max_seconds=90,
    )
    sc = parse_scenario(data, source="p.toml")
    written = scenario_data(sc)
    assert parse_scenario(written, source="p.toml").timing == sc.timing
    plain = parse_scenario(_data(), source="p.toml")  # defaults write no new key
    assert set(scenario_data(plain)["timing"]) == {
        "deal_seconds", "action_clock_seconds", "time_bank_seconds", "think_median_seconds",
        "think_sigma",
    }  # fmt: skip


# -- time-bank top-ups ---------------------------------------------------------------------------


def test_top_ups_come_at_the_named_levels_and_stop_at_the_cap() -> None:
    every4 = ActionClock(bank_top_up_seconds=5.0, top_up_every_levels=4, bank_max_seconds=40.0)
    assert [k for k in range(10) if every4.tops_up_at(k)] == [4, 8]
    assert not any(ActionClock().tops_up_at(k) for k in range(10))  # 0 seconds: never
    assert every4.bank_after_level_change(38.0) == 40.0
    with pytest.raises(ConfigError, match="top_up_every_levels"):
        ActionClock(top_up_every_levels=0)


@settings(max_examples=60, deadline=None)
@given(
    banks=st.lists(st.floats(-50.0, 200.0, allow_nan=False), min_size=1, max_size=40),
    top_up=st.floats(0.5, 60.0),
    cap=st.floats(0.0, 150.0),
)
def test_a_level_tops_up_every_bank_as_the_clock_says(
    banks: list[float], top_up: float, cap: float
) -> None:
    """Every player's bank after a top-up level is ``bank_after_level_change`` of the bank."""
    clock = ActionClock(
        bank_top_up_seconds=top_up, top_up_every_levels=2, bank_max_seconds=cap,
        time_bank_seconds=0.0,
    )  # fmt: skip
    desk = SimpleNamespace(action_clock=clock, bank=array("d", banks))
    Incidents.level_started(desk, 3)  # type: ignore[arg-type]
    assert list(desk.bank) == banks  # not a top-up level
    Incidents.level_started(desk, 4)  # type: ignore[arg-type]
    assert list(desk.bank) == [clock.bank_after_level_change(b) for b in banks]


def test_top_up_case_passes_and_fails_when_the_top_up_is_skipped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    case = load_case(TOP_UP_CASE)
    assert check_case(case).failures == ()
    monkeypatch.setattr(Incidents, "level_started", lambda self, level_index: None)
    failures = check_case(load_case(TOP_UP_CASE)).failures
    assert failures, "the case must catch a skipped top-up"


def test_top_up_case_needs_its_top_up() -> None:
    """Without the scenario's top-up the same script times out: the case tests the top-up."""
    case = load_case(TOP_UP_CASE)
    timing = replace(case.scenario.timing, bank_top_up_seconds=0.0)
    assert check_case(replace(case, scenario=replace(case.scenario, timing=timing))).failures
