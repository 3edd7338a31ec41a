"""The action clock, time bank, sitting out and disconnect protection (R-DIS-1..3, R-HAND-6)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim.actions import CHECK_CALL, FOLD, Action, DecisionView, LegalActions, RaiseTo
from pokersim.cards import parse_cards
from pokersim.config import BettingStructure, Level
from pokersim.errors import ConfigError
from pokersim.hand import Deal, HandSetup, Seat, play_hand
from pokersim.timing import (
    ActionClock,
    DisconnectModel,
    DisconnectProtection,
    HandPace,
    ProtectionStage,
    ThinkTime,
    others_all_in,
    resolve_decision,
)

CLOCK = ActionClock(action_seconds=15.0, time_bank_seconds=30.0)
FREE = LegalActions(to_call=0, min_raise_to=20, max_raise_to=1000)
FACING = LegalActions(to_call=40, min_raise_to=80, max_raise_to=1000)
BET = RaiseTo(60)


# --- R-DIS-1 / R-HAND-6: the clock, the bank and the time-out ---------------------------------


def test_R_DIS_1_within_the_clock_the_action_stands_and_the_bank_is_untouched() -> None:
    out = resolve_decision(BET, 4.0, FACING, CLOCK, bank_seconds=30.0)
    assert out.action == BET and out.seconds == 4.0
    assert not out.timed_out and out.bank_used == 0.0 and not out.absent_after


def test_R_DIS_1_past_the_clock_the_bank_is_drawn_on() -> None:
    out = resolve_decision(BET, 27.5, FACING, CLOCK, bank_seconds=30.0)
    assert out.action == BET and out.seconds == 27.5
    assert out.bank_used == pytest.approx(12.5) and not out.timed_out


def test_R_DIS_1_R_HAND_6_past_clock_and_bank_a_player_facing_a_bet_folds() -> None:
    out = resolve_decision(BET, 50.0, FACING, CLOCK, bank_seconds=30.0)
    assert out.action is FOLD and out.timed_out
    assert out.seconds == 45.0 and out.bank_used == 30.0


def test_R_DIS_1_R_HAND_6_past_clock_and_bank_a_player_checks_when_free() -> None:
    out = resolve_decision(BET, 16.0, FREE, CLOCK, bank_seconds=0.5)
    assert out.action is CHECK_CALL and out.timed_out
    assert out.seconds == 15.5 and out.bank_used == 0.5


def test_R_DIS_1_a_connected_player_who_times_out_is_marked_absent_until_acting_again() -> None:
    out = resolve_decision(BET, 99.0, FREE, CLOCK, bank_seconds=0.0)
    assert out.timed_out and out.absent_after
    # Still away at the next decision: sitting out (R-DIS-2), stays absent.
    later = resolve_decision(
        BET, 1.0, FREE, CLOCK, bank_seconds=0.0, absent=True, back_in_seconds=12.0
    )
    assert later.sat_out and later.absent_after and later.action is FOLD
    # Back at the keyboard: acts, and is no longer absent.
    back = resolve_decision(
        BET, 3.0, FREE, CLOCK, bank_seconds=0.0, absent=True, back_in_seconds=0.0
    )
    assert back.action == BET and not back.absent_after and not back.sat_out


def test_R_DIS_1_exactly_at_the_limits() -> None:
    at_clock = resolve_decision(BET, 15.0, FACING, CLOCK, bank_seconds=30.0)
    assert at_clock.action == BET and at_clock.bank_used == 0.0
    at_bank = resolve_decision(BET, 45.0, FACING, CLOCK, bank_seconds=30.0)
    assert at_bank.action == BET and at_bank.bank_used == 30.0 and not at_bank.timed_out


def test_R_DIS_1_a_disconnected_player_times_out_after_clock_and_bank() -> None:
    out = resolve_decision(
        BET, 2.0, FACING, CLOCK, bank_seconds=30.0, connected=False, back_in_seconds=math.inf
    )
    assert out.timed_out and out.action is FOLD and out.seconds == 45.0
    # only a connected player who times out is marked absent (R-DIS-1): a disconnected one runs
    # the clock again at their next decision
    assert not out.absent_after


def test_R_DIS_1_a_disconnected_player_who_reconnects_in_time_acts() -> None:
    # Reconnects after 20 s and thinks 5 s: 25 s, 10 s of it from the bank.
    out = resolve_decision(
        BET, 5.0, FACING, CLOCK, bank_seconds=30.0, connected=False, back_in_seconds=20.0
    )
    assert out.action == BET and not out.timed_out and out.seconds == 25.0
    assert out.bank_used == pytest.approx(10.0) and not out.absent_after


@settings(max_examples=300, deadline=None)
@given(
    think=st.floats(0, 500),
    bank=st.floats(0, 200),
    clock_s=st.floats(0, 60),
    free=st.booleans(),
    back=st.floats(0, 300) | st.just(math.inf),
    connected=st.booleans(),
    extra=st.floats(0, 120),
)
def test_R_DIS_1_invariants(
    think: float,
    bank: float,
    clock_s: float,
    free: bool,
    back: float,
    connected: bool,
    extra: float,
) -> None:
    clock = ActionClock(action_seconds=clock_s, time_bank_seconds=0.0)
    legal = FREE if free else FACING
    out = resolve_decision(
        BET,
        think,
        legal,
        clock,
        bank_seconds=bank,
        connected=connected,
        back_in_seconds=0.0 if connected else back,
        protection_seconds=extra,
    )
    limit = clock_s + bank + (0.0 if connected else extra)
    assert 0 <= out.bank_used <= bank
    assert out.seconds <= limit + 1e-9
    assert out.timed_out == (out.action != BET)
    if out.timed_out:
        assert out.action is (CHECK_CALL if free else FOLD)
        assert out.bank_used == bank and out.absent_after == connected
    else:
        assert out.seconds == pytest.approx(think + (0.0 if connected else back))
        assert not out.absent_after


# --- R-DIS-2: sitting out --------------------------------------------------------------------


def test_R_DIS_2_a_sitting_out_player_is_folded_even_when_check_is_free() -> None:
    out = resolve_decision(
        CHECK_CALL,
        1.0,
        FREE,
        CLOCK,
        bank_seconds=30.0,
        absent=True,
        connected=False,
        back_in_seconds=math.inf,
    )
    assert out.action is FOLD and out.sat_out and not out.timed_out
    assert out.seconds == 0.0 and out.bank_used == 0.0 and out.absent_after


def test_R_DIS_2_a_sitting_out_player_checks_when_everyone_else_is_all_in() -> None:
    out = resolve_decision(
        FOLD,
        1.0,
        FREE,
        CLOCK,
        bank_seconds=30.0,
        absent=True,
        connected=False,
        back_in_seconds=math.inf,
        others_all_in=True,
    )
    assert out.action is CHECK_CALL and out.sat_out


def test_R_DIS_2_facing_an_all_in_bet_the_sitting_out_player_folds() -> None:
    # Checking is not free: folding still leaves the all-in player to win the pot.
    out = resolve_decision(
        CHECK_CALL,
        1.0,
        FACING,
        CLOCK,
        bank_seconds=30.0,
        absent=True,
        back_in_seconds=5.0,
        others_all_in=True,
    )
    assert out.action is FOLD and out.sat_out


def test_R_DIS_2_a_disconnected_player_not_yet_absent_gets_the_clock_first() -> None:
    # The first decision after a disconnection is not a sitting-out fold: the clock runs
    # (R-DIS-1) and a free check is taken at the time-out.
    out = resolve_decision(
        FOLD, 1.0, FREE, CLOCK, bank_seconds=10.0, connected=False, back_in_seconds=math.inf
    )
    assert out.action is CHECK_CALL and out.timed_out and not out.sat_out


def _view(stacks: tuple[int, ...], in_hand: tuple[bool, ...], seat: int = 0) -> DecisionView:
    n = len(stacks)
    return DecisionView(
        table_id=0,
        hand_no=0,
        seat=seat,
        player_id=seat,
        hole=(0, 1),
        board=(),
        street=0,
        button=0,
        player_ids=tuple(range(n)),
        stacks=stacks,
        bets=(0,) * n,
        in_hand=in_hand,
        pot=0,
        legal=FREE,
        level=Level(small_blind=1, big_blind=2),
        structure=BettingStructure.NO_LIMIT,
    )


def test_R_DIS_2_others_all_in_looks_only_at_other_players_still_in_the_hand() -> None:
    assert others_all_in(_view((500, 0, 0), (True, True, True)))
    assert others_all_in(_view((500, 0, 900), (True, True, False)))  # folded stack ignored
    assert not others_all_in(_view((500, 0, 900), (True, True, True)))
    assert others_all_in(_view((0, 0, 900), (True, True, True), seat=2))


# --- R-DIS-3: disconnect protection ----------------------------------------------------------


def test_R_DIS_3_protection_gives_a_disconnected_player_extra_time_before_the_bank() -> None:
    # Reconnects after 50 s, thinks 5 s: 55 s = 15 clock + 40 of 60 protection, bank intact.
    out = resolve_decision(
        BET,
        5.0,
        FACING,
        CLOCK,
        bank_seconds=30.0,
        connected=False,
        back_in_seconds=50.0,
        protection_seconds=60.0,
    )
    assert out.action == BET and not out.timed_out
    assert out.protection_used == pytest.approx(40.0) and out.bank_used == 0.0
    # Without protection the same player times out (15 + 30 < 55).
    bare = resolve_decision(
        BET, 5.0, FACING, CLOCK, bank_seconds=30.0, connected=False, back_in_seconds=50.0
    )
    assert bare.timed_out and bare.action is FOLD


def test_R_DIS_3_protection_then_bank_then_time_out() -> None:
    out = resolve_decision(
        BET,
        0.0,
        FACING,
        CLOCK,
        bank_seconds=30.0,
        connected=False,
        back_in_seconds=math.inf,
        protection_seconds=60.0,
    )
    assert out.timed_out and out.seconds == 105.0
    assert out.protection_used == 60.0 and out.bank_used == 30.0


def test_R_DIS_3_protection_is_never_given_to_a_connected_player() -> None:
    out = resolve_decision(BET, 50.0, FACING, CLOCK, bank_seconds=30.0, protection_seconds=60.0)
    assert out.timed_out and out.protection_used == 0.0


@pytest.mark.parametrize(
    ("stage", "left", "paid", "ft", "expected"),
    [
        (ProtectionStage.MONEY, 30, 27, 9, False),
        (ProtectionStage.MONEY, 27, 27, 9, True),
        (ProtectionStage.BUBBLE, 28, 27, 9, True),
        (ProtectionStage.BUBBLE, 29, 27, 9, False),
        (ProtectionStage.FINAL_TABLE, 10, 27, 9, False),
        (ProtectionStage.FINAL_TABLE, 9, 27, 9, True),
        (ProtectionStage.OFF, 2, 27, 9, False),
        (ProtectionStage.ALWAYS, 900, 27, 9, True),
        (ProtectionStage.PLAYERS_LEFT, 19, 27, 9, False),  # threshold 18 in the test below
        (ProtectionStage.PLAYERS_LEFT, 18, 27, 9, True),
    ],
)
def test_R_DIS_3_protection_applies_in_the_configured_late_stage(
    stage: ProtectionStage, left: int, paid: int, ft: int, expected: bool
) -> None:
    p = DisconnectProtection(extra_seconds=60.0, stage=stage, players_left=18)
    assert p.active(players_left=left, places_paid=paid, final_table_size=ft) is expected


def test_R_DIS_3_protection_from_the_scenarios_players_left_threshold() -> None:
    p = DisconnectProtection.from_players_left(90.0, 18)
    assert p.stage is ProtectionStage.PLAYERS_LEFT and p.extra_seconds == 90.0
    assert p.active(players_left=18, places_paid=27, final_table_size=9)
    assert not p.active(players_left=19, places_paid=27, final_table_size=9)
    never = DisconnectProtection.from_players_left(90.0, 0)
    assert not never.active(players_left=2, places_paid=27, final_table_size=9)
    assert not DisconnectProtection.from_players_left(0.0, 18).active(
        players_left=2, places_paid=27, final_table_size=9
    )


# --- draws and configuration -----------------------------------------------------------------


def test_think_time_is_log_normal_around_its_median_and_seeded() -> None:
    tt = ThinkTime(median_seconds=3.0, sigma=0.7, min_seconds=0.0)
    a = [tt.draw(np.random.default_rng(5)) for _ in range(3)]
    assert a[0] == a[1] == a[2]
    rng = np.random.default_rng(11)
    xs = np.array([tt.draw(rng) for _ in range(20_000)])
    logs = np.log(xs)
    se = 0.7 / math.sqrt(xs.size)
    assert abs(logs.mean() - math.log(3.0)) < 5 * se
    assert abs(logs.std() - 0.7) < 0.02
    clipped = ThinkTime(median_seconds=3.0, sigma=2.0, min_seconds=1.0, max_seconds=10.0)
    rng = np.random.default_rng(12)
    ys = [clipped.draw(rng) for _ in range(2000)]
    assert min(ys) == 1.0 and max(ys) == 10.0


def test_disconnection_draws_match_rate_and_duration() -> None:
    dm = DisconnectModel(rate_per_hour=2.0, median_seconds=90.0, sigma=0.5)
    rng = np.random.default_rng(3)
    gaps = np.array([dm.next_disconnect_in(rng) for _ in range(20_000)])
    assert abs(gaps.mean() - 1800.0) < 5 * 1800.0 / math.sqrt(gaps.size)
    durs = np.log([dm.duration(rng) for _ in range(20_000)])
    assert abs(durs.mean() - math.log(90.0)) < 5 * 0.5 / math.sqrt(durs.size)
    never = DisconnectModel(rate_per_hour=0.0)
    assert never.next_disconnect_in(np.random.default_rng(0)) == math.inf


def test_rate_zero_draws_the_same_number_of_values() -> None:
    # Common random numbers: the stream stays aligned whatever the rate.
    a, b = np.random.default_rng(9), np.random.default_rng(9)
    DisconnectModel(rate_per_hour=0.0).next_disconnect_in(a)
    DisconnectModel(rate_per_hour=1.0).next_disconnect_in(b)
    assert a.random() == b.random()


def test_bank_top_up_is_capped() -> None:
    clock = ActionClock(time_bank_seconds=30.0, bank_top_up_seconds=10.0, bank_max_seconds=45.0)
    assert clock.bank_after_level_change(0.0) == 10.0
    assert clock.bank_after_level_change(40.0) == 45.0


def test_hand_pace_overhead() -> None:
    pace = HandPace(deal_seconds=5.0, street_seconds=2.0, showdown_seconds=4.0)
    assert pace.overhead_seconds(0, False) == 5.0
    assert pace.overhead_seconds(3, True) == 15.0


@pytest.mark.parametrize(
    ("factory", "match"),
    [
        (lambda: ActionClock(action_seconds=-1), "action_seconds"),
        (lambda: ActionClock(time_bank_seconds=200, bank_max_seconds=100), "bank_max_seconds"),
        (lambda: ThinkTime(median_seconds=0), "median_seconds"),
        (lambda: ThinkTime(min_seconds=5, max_seconds=1), "min_seconds"),
        (lambda: DisconnectModel(rate_per_hour=-1), "rate_per_hour"),
        (lambda: DisconnectModel(median_seconds=0), "median_seconds"),
        (lambda: DisconnectProtection(extra_seconds=-5), "extra_seconds"),
        (lambda: DisconnectProtection(stage="late"), "off, money, bubble"),
        (lambda: DisconnectProtection(players_left=-1), "players_left"),
        (lambda: HandPace(deal_seconds=float("nan")), "deal_seconds"),
    ],
)
def test_bad_timing_configuration_names_the_field(factory, match: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ConfigError, match=match):
        factory()


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"think_seconds": -1.0, "bank_seconds": 0.0}, "think_seconds"),
        ({"think_seconds": math.nan, "bank_seconds": 0.0}, "think_seconds"),
        ({"think_seconds": 1.0, "bank_seconds": -1.0}, "bank_seconds"),
    ],
)
def test_bad_decision_inputs_are_rejected(kwargs: dict[str, float], match: str) -> None:
    think = kwargs.pop("think_seconds")
    with pytest.raises(ValueError, match=match):
        resolve_decision(BET, think, FACING, CLOCK, **kwargs)


def test_protection_stage_accepts_its_toml_spelling() -> None:
    assert DisconnectProtection(stage="final-table").stage is ProtectionStage.FINAL_TABLE  # type: ignore[arg-type]


# --- scripted hands through the hand engine ---------------------------------------------------


def _heads_up(decide, stacks: tuple[int, int] = (1000, 1000)):  # type: ignore[no-untyped-def]
    """Heads-up, seat 0 on the button (small blind 10), seat 1 the big blind (20)."""
    setup = HandSetup(
        seats=(
            Seat(player_id=0, stack=stacks[0], seat_no=1),
            Seat(player_id=1, stack=stacks[1], seat_no=2),
        ),
        button=0,
        level=Level(small_blind=10, big_blind=20),
    )
    h = parse_cards("2c7d AsAh")
    deal = Deal(hole=((h[0], h[1]), (h[2], h[3])), board=tuple(parse_cards("KsQd9h4c3s")))
    return play_hand(setup, deal, decide, record_actions=False)


def _scripted(plans: dict[int, list[tuple[Action, float]]], absent: set[int]):  # type: ignore[no-untyped-def]
    """A decide callback: each player answers from a script through resolve_decision."""
    seen: list[tuple[int, int, object]] = []

    def decide(view: DecisionView) -> Action:
        p = view.player_id
        action, think = plans[p].pop(0)
        out = resolve_decision(
            action,
            think,
            view.legal,
            CLOCK,
            bank_seconds=30.0,
            absent=p in absent,
            back_in_seconds=math.inf if p in absent else 0.0,
            connected=p not in absent,
            others_all_in=others_all_in(view),
        )
        seen.append((p, view.street, out.action))
        return out.action

    return decide, seen


def test_R_DIS_2_sitting_out_big_blind_folds_in_a_limped_pot_in_a_real_hand() -> None:
    decide, seen = _scripted({0: [(CHECK_CALL, 1.0)], 1: [(CHECK_CALL, 1.0)]}, absent={1})
    result = _heads_up(decide)
    assert seen == [(0, 0, CHECK_CALL), (1, 0, FOLD)]
    assert result.final_stacks == (1020, 980)  # the limper wins the big blind


def test_R_HAND_6_timed_out_big_blind_checks_and_the_hand_goes_on() -> None:
    decide, seen = _scripted(
        {0: [(CHECK_CALL, 1.0)] * 4, 1: [(RaiseTo(200), 99.0)] + [(CHECK_CALL, 1.0)] * 3},
        absent=set(),
    )
    result = _heads_up(decide)
    assert seen[1] == (1, 0, CHECK_CALL)  # the raise never happened: time ran out, check free
    assert {street for _, street, _ in seen} == {0, 1, 2, 3}
    assert result.showdown and result.final_stacks == (980, 1020)


def test_R_DIS_1_timed_out_player_facing_a_raise_folds_in_a_real_hand() -> None:
    decide, seen = _scripted({0: [(RaiseTo(60), 2.0)], 1: [(CHECK_CALL, 500.0)]}, absent=set())
    result = _heads_up(decide)
    assert seen == [(0, 0, RaiseTo(60)), (1, 0, FOLD)]
    assert result.final_stacks == (1020, 980)
