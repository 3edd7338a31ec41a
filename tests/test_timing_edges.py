"""R-DIS-1..3 and R-HAND-6 edges: the order protection, then bank, is spent in, and its sums."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim.actions import LegalActions, RaiseTo
from pokersim.errors import ConfigError
from pokersim.timing import (
    CALIBRATED_PACE,
    ActionClock,
    DecisionPace,
    DisconnectProtection,
    ProtectionStage,
    ThinkTime,
    decision_pace,
    resolve_decision,
    through_points,
)

CLOCK = ActionClock(action_seconds=15.0, time_bank_seconds=30.0)
FACING = LegalActions(to_call=40, min_raise_to=80, max_raise_to=1000)
BET = RaiseTo(60)


def test_r_dis_3_protection_is_spent_before_the_bank_is_touched() -> None:
    """R-DIS-3 then R-DIS-1: back after 80 s, 10 s to think: 90 s = 15 clock + 60 protection
    + 15 of the 30 s bank. Catches the bank being charged for the protection time too."""
    out = resolve_decision(
        BET,
        10.0,
        FACING,
        CLOCK,
        bank_seconds=30.0,
        connected=False,
        back_in_seconds=80.0,
        protection_seconds=60.0,
    )
    assert out.action == BET and not out.timed_out and not out.absent_after
    assert out.seconds == 90.0
    assert out.protection_used == 60.0
    assert out.bank_used == 15.0


@settings(max_examples=300, deadline=None)
@given(
    think=st.floats(0, 300),
    back=st.floats(0, 300),
    bank=st.floats(0, 120),
    clock_s=st.floats(0, 60),
    extra=st.floats(0, 120),
    connected=st.booleans(),
)
def test_r_dis_1_3_the_time_past_the_clock_is_protection_plus_bank(
    think: float, back: float, bank: float, clock_s: float, extra: float, connected: bool
) -> None:
    """R-DIS-1/3: every second past the clock comes from protection (first, only when
    disconnected) or the bank; worked independently as a waterfall over the response time."""
    clock = ActionClock(action_seconds=clock_s, time_bank_seconds=0.0)
    out = resolve_decision(
        BET,
        think,
        FACING,
        clock,
        bank_seconds=bank,
        connected=connected,
        back_in_seconds=0.0 if connected else back,
        protection_seconds=extra,
    )
    response = think if connected else back + think
    over = max(response - clock_s, 0.0)
    shield = 0.0 if connected else extra
    want_protection = min(over, shield)
    want_bank = min(over - want_protection, bank)
    timed_out = response > clock_s + shield + bank  # past all of it, as the rule sums it
    assert out.timed_out is timed_out
    assert out.protection_used == pytest.approx(want_protection, abs=1e-9)
    assert out.bank_used == pytest.approx(want_bank, abs=1e-9)
    spent = clock_s + out.protection_used + out.bank_used
    assert out.seconds == pytest.approx(spent if timed_out else max(response, 0.0), abs=1e-9)


def test_r_dis_3_zero_seconds_of_protection_is_no_protection() -> None:
    """R-DIS-3 with 0 extra seconds is off, whatever the stage (from the scenario's
    ``protection_players_left``: 0 players or 0 seconds: never)."""
    off = DisconnectProtection.from_players_left(0.0, 18)
    assert off.stage is ProtectionStage.OFF
    assert not off.active(players_left=2, places_paid=27, final_table_size=9)
    always = DisconnectProtection(extra_seconds=0.0, stage=ProtectionStage.ALWAYS)
    assert not always.active(players_left=2, places_paid=27, final_table_size=9)
    assert DisconnectProtection.from_players_left(30.0, 0).stage is ProtectionStage.OFF
    assert math.isfinite(off.extra_seconds) and off.extra_seconds == 0.0


def test_calibrated_short_handed_factors_are_the_lines_between_the_fitted_points() -> None:
    """docs/players.md, "Pace": the factor for two to eight players is the straight line
    between (2, 1.26), (6, 1.43) and (9, 1.0), worked by hand and kept to four decimals
    (1.43 - 0.43/3 = 1.28667 -> 1.2867); catches coarser rounding or a wrong segment."""
    want = (1.26, 1.3025, 1.345, 1.3875, 1.43, 1.2867, 1.1433)
    assert through_points(((2, 1.26), (6, 1.43), (9, 1.0))) == want
    assert CALIBRATED_PACE.short_handed_factors == want
    xs = list(range(2, 9))
    interp = np.interp(xs, [2, 6, 9], [1.26, 1.43, 1.0])
    assert want == tuple(round(float(v), 4) for v in interp)


def test_short_handed_factors_outside_the_points_take_the_nearest_point() -> None:
    """Sizes below the first point take its factor, above the last point the last one's."""
    assert through_points([(4, 0.5), (6, 1.5)]) == (0.5, 0.5, 0.5, 1.0, 1.5, 1.5, 1.5)


def _paced(pace: DecisionPace, **decision: float) -> float:
    """``decision_pace`` of 4 s of think time; keys override a flop decision at 9 players."""
    d = {
        "think": 4.0, "street": 1, "bet": 0, "to_call": 0, "pot": 100, "stack": 1000,
        "big_blind": 10, "players": 9, "check_or_fold": False,
    }  # fmt: skip
    d.update(decision)
    return decision_pace(
        pace.packed(), 0, d["think"], int(d["street"]), int(d["bet"]), int(d["to_call"]),
        int(d["pot"]), int(d["stack"]), int(d["big_blind"]), int(d["players"]),
        bool(d["check_or_fold"]),
    )  # fmt: skip


FACING_X2 = DecisionPace(facing_bet_factor=2.0)


def test_pace_a_call_of_exactly_a_third_of_the_pot_is_facing_a_bet() -> None:
    """ "the call is a third of the pot or more": 20 into 60 is a third, so the factor applies;
    19 into 60 is less. Catches ``>`` for ``>=``."""
    assert _paced(FACING_X2, to_call=20, pot=60) == 8.0
    assert _paced(FACING_X2, to_call=19, pot=60) == 4.0


def test_pace_calling_just_the_big_blind_is_not_facing_a_bet() -> None:
    """ "after a bet above the big blind": calling the 10 big blind pre-flop, however large
    against the pot, is not facing a bet; 11 is. Catches ``>=`` for ``>``."""
    assert _paced(FACING_X2, street=0, bet=0, to_call=10, pot=15) == 4.0
    assert _paced(FACING_X2, street=0, bet=0, to_call=11, pot=15) == 8.0


def test_pace_a_call_that_puts_the_player_all_in_is_facing_a_bet() -> None:
    """A call of the whole stack is facing a bet even when small against the pot; a call of
    one chip less with the same pot is not. Catches ``>`` for ``>=``."""
    assert _paced(FACING_X2, to_call=10, stack=10, pot=1000) == 8.0
    assert _paced(FACING_X2, to_call=10, stack=11, pot=1000) == 4.0


def test_pace_nine_players_take_no_short_handed_factor() -> None:
    """Short-handed factors are for two to eight players dealt in; nine play at 1, whatever
    the other factors (here the pre-action one, next in the packed pace)."""
    pace = DecisionPace(pre_action_factor=0.25, short_handed_factors=(2.0,) * 7)
    assert _paced(pace, players=9) == 4.0
    assert _paced(pace, players=10) == 4.0
    assert _paced(pace, players=8) == 8.0


def test_pace_pre_action_is_strictly_under_its_threshold() -> None:
    """ "answered in under pre_action_below_seconds": at exactly the threshold the box is not
    ticked. Catches ``<=`` for ``<``."""
    pace = DecisionPace(pre_action_factor=0.25, pre_action_below_seconds=3.0)
    assert _paced(pace, think=3.0, check_or_fold=True) == 3.0
    assert _paced(pace, think=2.0, check_or_fold=True) == 0.5


def test_pace_the_check_factor_is_for_checks_after_the_flop_only() -> None:
    """``check_factor`` is for a free check after the flop; the big blind's free check
    pre-flop is not one. Catches the street condition dropped."""
    pace = DecisionPace(check_factor=0.5)
    assert _paced(pace, street=0, bet=10, check_or_fold=True) == 4.0
    assert _paced(pace, street=2, check_or_fold=True) == 2.0


def test_think_time_mean_is_the_log_normal_mean() -> None:
    """The mean of ``median * exp(sigma * Z)`` is ``median * exp(sigma**2 / 2)``: checked by
    integrating over the normal density, not by the formula in the code."""
    tt = ThinkTime(median_seconds=2.5, sigma=0.8)
    z = np.linspace(-12.0, 12.0, 200_001)
    density = np.exp(-0.5 * z * z) / math.sqrt(2.0 * math.pi)
    mean = float(np.sum(2.5 * np.exp(0.8 * z) * density) * (z[1] - z[0]))
    assert tt.mean_seconds == pytest.approx(mean, rel=1e-6)


def test_limits_that_are_equal_are_allowed_and_a_zero_period_is_not() -> None:
    """A bank that starts at its cap and a fixed think time (min = max) are valid settings;
    a top-up every 0 levels is a ConfigError (it would divide by zero)."""
    assert ActionClock(time_bank_seconds=30.0, bank_max_seconds=30.0).bank_max_seconds == 30.0
    assert ThinkTime(min_seconds=5.0, max_seconds=5.0).max_seconds == 5.0
    with pytest.raises(ConfigError, match="top_up_every_levels"):
        ActionClock(top_up_every_levels=0)
