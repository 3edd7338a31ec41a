"""Edges of the structure designer (``pokersim.design``) and of the calibration's counts.

The lobby ladder stops at the first value that reaches what was asked; a schedule holds at most
``MAX_LEVELS`` levels; a starting stack, a break length or a late registration is checked at its
exact limit; the figures of a study read a single run, durations over an hour and missing values
written as NaN; the search accepts a candidate exactly at the tolerance, keeps the closest of the
candidates within it, and checks that two levels fit the target and that late registration
closes before it. The calibration's bust rate near the money counts the stretch from 30 to 10
players left to reach it, both ends included, and a table averaging exactly 40 big blinds is deep
enough for the showdown figure of cash-table depth. Expected values are worked out by hand from
the docstrings and R-STRUCT-1, R-BRK-2 and R-REG-1.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from pokersim.calibration import measure
from pokersim.clock import BreakSchedule
from pokersim.design import (
    MAX_LEVELS,
    DesignError,
    StructureParams,
    big_blind_ladder,
    blind_levels,
    design_structure,
    figures,
    format_report,
    parse_breaks,
    round_big_blind,
)
from pokersim.design import _next_x as next_x
from pokersim.errors import ConfigError
from pokersim.events import (
    BoardDealt,
    FieldListed,
    HandEnded,
    HandShown,
    HandStarted,
    LevelStarted,
    PlayerEliminated,
    TableHandStarted,
    TournamentStarted,
)
from pokersim.scenario import BreakKind, Breaks, Scenario, load_default_scenario

HOUR = 3600


class Medians:
    """A simulator whose candidates last the given durations, one run each, in call order."""

    def __init__(self, *durations: float) -> None:
        self.durations = list(durations)
        self.calls = 0

    def __call__(self, sc: Scenario) -> tuple[Sequence[Mapping[str, Any]], None]:
        d = self.durations[min(self.calls, len(self.durations) - 1)]
        self.calls += 1
        return [{"duration_seconds": d}], None


def _design(simulate: Medians, **kw: Any) -> Any:
    args: dict[str, Any] = dict(
        players=100,
        starting_stack=10000,
        level_minutes=10,
        target_seconds=4 * HOUR,
        simulate=simulate,
        breaks=Breaks(kind=BreakKind.NONE),
    )
    args.update(kw)
    return design_structure(load_default_scenario(), **args)


# --- the lobby ladder ----------------------------------------------------------------------------


def test_the_ladder_stops_at_a_lobby_value_that_is_asked_for_exactly() -> None:
    """100 is a lobby big blind, so the ladder up to 100 ends at 100 (it already reaches it);
    101 is not, so the ladder up to 101 goes one value beyond, to 120."""
    assert big_blind_ladder(100)[-3:] == [60, 80, 100]
    assert big_blind_ladder(101)[-2:] == [100, 120]


def test_a_value_at_the_geometric_middle_of_two_lobby_values_goes_to_the_larger() -> None:
    """The square root of 12 * 20 is as far from 12 as from 20 on a log scale: a tie, which goes
    to the larger, 20; likewise between 150 and 200, and between 300 and 400."""
    assert round_big_blind(math.sqrt(12 * 20)) == 20
    assert round_big_blind(math.sqrt(150 * 200)) == 200
    assert round_big_blind(math.sqrt(300 * 400)) == 400


# --- schedules -----------------------------------------------------------------------------------


def _one_step_per_level(starting_stack: int) -> StructureParams:
    """Two players from a big blind of 2 with growth so slow that every level is one ladder
    step: the lobby ladder has 4 values under 10 (2, 4, 6, 8), 8 from 10 to 80 and 10 in each
    later power of ten, so its 200th value is 5 * 10**20 and its 201st is 6 * 10**20."""
    return StructureParams(
        starting_stack=starting_stack,
        players=2,
        level_minutes=1,
        growth=1.0001,
        first_big_blind=2,
    )


def test_a_schedule_may_take_exactly_the_most_levels() -> None:
    """Half the chips in play is 5 * 10**20, the 200th ladder value: 200 levels, the most
    allowed, end on it."""
    levels = blind_levels(_one_step_per_level(5 * 10**20))
    assert len(levels) == MAX_LEVELS == 200
    assert levels[-1].big_blind == 5 * 10**20


def test_a_schedule_that_needs_one_level_more_than_the_most_is_an_error() -> None:
    """Half the chips in play is 6 * 10**20, the 201st ladder value: one level too many."""
    with pytest.raises(ConfigError, match="levels"):
        blind_levels(_one_step_per_level(6 * 10**20))


def test_an_odd_number_of_chips_ends_one_lobby_value_past_half_of_them() -> None:
    """Three players of 27 chips put 81 in play: half is 40.5, so 40 does not reach it and the
    schedule, one ladder step per level from 2, ends at the next lobby value, 50."""
    params = StructureParams(
        starting_stack=27, players=3, level_minutes=1, growth=1.0001, first_big_blind=2
    )
    bigs = [lv.big_blind for lv in blind_levels(params)]
    assert bigs == [2, 4, 6, 8, 10, 12, 20, 30, 40, 50]


def test_an_empty_starting_stack_is_refused_for_itself() -> None:
    """A starting stack of 0 chips is refused with a message about the starting stack."""
    with pytest.raises(ConfigError, match="starting stack must be >= 1"):
        StructureParams(
            starting_stack=0, players=10, level_minutes=5, growth=1.5, first_big_blind=2
        )


# --- breaks --------------------------------------------------------------------------------------


def test_a_break_of_no_length_is_refused() -> None:
    """Breaks every 60 minutes that last 0 minutes are no breaks: the length must be > 0."""
    with pytest.raises(ConfigError, match="break length"):
        parse_breaks("60", length_minutes=0)


# --- figures -------------------------------------------------------------------------------------


def test_the_figures_of_a_single_run_are_that_run() -> None:
    """With one run every percentile of the duration is that run's duration."""
    rep = figures([{"duration_seconds": 5000}])
    assert dict(rep.duration_percentiles) == {10: 5000, 25: 5000, 50: 5000, 75: 5000, 90: 5000}
    assert rep.bubble_seconds is None and rep.shove_share is None


def test_durations_over_an_hour_print_as_hours_minutes_seconds() -> None:
    """3,900 seconds is 1 hour 5 minutes: printed 1:05:00; 7,384 seconds is 2:03:04."""
    text = format_report(figures([{"duration_seconds": 3900}, {"duration_seconds": 7384}]))
    # the 10th percentile is 3,900 + 0.1 * 3,484 = 4,248.4 seconds: 1:10:48
    assert text.startswith("duration over 2 runs: p10 1:10:48")
    assert "p50 1:34:02" in text  # the middle of 3,900 and 7,384 is 5,642
    bare = format_report(figures([{"duration_seconds": 3900}]))
    assert "p50 1:05:00" in bare
    assert "p50 2:03:04" in format_report(figures([{"duration_seconds": 7384}]))


def test_missing_values_read_as_nan_are_left_out_like_none() -> None:
    """A table of runs writes a missing figure as NaN: such runs are left out of the medians and
    of the shove-fest share, as runs without a final table are."""
    nan = float("nan")
    rows = [
        {"duration_seconds": 100, "avg_stack_bb_at_final_table": 5.0, "bubble_seconds": 40},
        {"duration_seconds": 200, "avg_stack_bb_at_final_table": nan, "bubble_seconds": nan},
        {"duration_seconds": 300, "avg_stack_bb_at_final_table": 30.0, "bubble_seconds": 60},
    ]
    rep = figures(rows)
    assert rep.avg_stack_bb_at_final_table == pytest.approx(17.5)
    assert rep.bubble_seconds == pytest.approx(50)
    assert rep.shove_share == pytest.approx(0.5)
    assert rep.level_at_bubble is None


# --- the search ----------------------------------------------------------------------------------


def test_two_levels_exactly_fill_the_target_and_the_search_runs() -> None:
    """30-minute levels for a one-hour target leave exactly two levels: allowed, so the search
    simulates; a candidate lasting the target is accepted."""
    sim = Medians(HOUR)
    design = _design(sim, level_minutes=30, target_seconds=HOUR)
    assert sim.calls == 1
    assert design.report.median_seconds == HOUR


def test_late_registration_closing_at_the_target_is_an_error() -> None:
    """60 minutes of late registration with 10-minute levels and no breaks closes at 1:00:00,
    the end of level 6; a one-hour target is then not after it: refused before simulating."""
    sim = Medians(HOUR)
    with pytest.raises(DesignError, match="late registration"):
        _design(sim, target_seconds=HOUR, late_registration_minutes=60)
    assert sim.calls == 0


def test_a_candidate_exactly_at_the_tolerance_is_accepted() -> None:
    """A median 25 % over a four-hour target (5 hours) is within a 25 % tolerance."""
    sim = Medians(5 * HOUR)
    design = _design(sim, tolerance=0.25)
    assert sim.calls == 1
    assert design.report.deviation == 0.25


def test_when_the_aim_is_missed_the_closest_candidate_within_the_tolerance_is_kept() -> None:
    """Two candidates, 30 % and then 10 % over the target, both within a 50 % tolerance and
    neither within the 1 % aim: the second, closer one is the design."""
    target = 4 * HOUR
    sim = Medians(1.3 * target, 1.1 * target)
    design = _design(sim, tolerance=0.5, aim=0.01, max_trials=2)
    assert sim.calls == 2
    assert [t.median_seconds for t in design.trials] == [1.3 * target, 1.1 * target]
    assert design.report.deviation == pytest.approx(0.1)
    assert design.growth == design.trials[1].growth
    assert not math.isclose(design.trials[0].growth, design.trials[1].growth)


def test_the_first_candidate_reaches_a_twentieth_of_the_chips_at_the_target() -> None:
    """100 players of 10,000 chips start at a big blind of 100 (a hundredth of the stack); the
    rule of thumb ends the game when the big blind is a twentieth of the 1,000,000 chips,
    50,000, 500 times the first. Four hours of 10-minute levels without breaks are 24 levels,
    so the first candidate grows by 500 ** (1 / 24) per level."""
    design = _design(Medians(4 * HOUR))
    assert design.trials[0].growth == pytest.approx(500 ** (1 / 24))
    assert design.scenario.levels[0].big_blind == 100


def test_the_breaks_given_replace_the_base_scenarios() -> None:
    """The base scenario has breaks at :55 of every hour; asked for none, the design has none."""
    assert load_default_scenario().breaks.kind is BreakKind.CLOCK
    design = _design(Medians(4 * HOUR), breaks=Breaks(kind=BreakKind.NONE))
    assert design.scenario.breaks.kind is BreakKind.NONE


def test_a_target_of_no_time_is_refused() -> None:
    """A target of 0 hours is a configuration error about the target."""
    with pytest.raises(ConfigError, match="target must be > 0"):
        _design(Medians(HOUR), target_seconds=0)


NO_BREAKS = BreakSchedule.from_breaks(Breaks(kind=BreakKind.NONE), 0)


def test_inside_a_bracket_the_step_interpolates_between_the_closest_points() -> None:
    """Medians 800 (x = 2) and 1,200 (x = 4) are the closest below and above a target of 1,000;
    the straight line between them reaches 1,000 at x = 3. Farther points do not count."""
    points = [(1.0, 100.0), (2.0, 800.0), (4.0, 1200.0), (5.0, 1500.0)]
    assert next_x(points, 1000, NO_BREAKS) == pytest.approx(3.0)


def test_before_a_bracket_a_slope_of_the_wrong_sign_doubles_the_proportional_step() -> None:
    """Without breaks the proportional step from (x = 3, 900 s) to a 2,000-second target is
    x = 3 * 2000 / 900 = 6.67. Slower growth (x from 2 to 3) gave a shorter game (1,000 s to
    900 s): no usable slope, so the step goes twice as far as the proportional one: 3 + 2 *
    3.67 = 10.33."""
    points = [(2.0, 1000.0), (3.0, 900.0)]
    proportional = 3 * 2000 / 900
    assert next_x(points, 2000, NO_BREAKS) == pytest.approx(3 + 2 * (proportional - 3))


# --- the calibration's stretch near the money ----------------------------------------------------


def _table_hand(t: int, players: int = 9, stack: int = 1000) -> TableHandStarted:
    pids = tuple(range(players))
    return TableHandStarted(
        t=t,
        table_id=1,
        hand_no=t,
        level_index=0,
        button_seat=1,
        seat_nos=tuple(p + 1 for p in pids),
        player_ids=pids,
        stacks=(stack,) * players,
        synchronized=False,
    )


def _out(t: int, player: int, place: int) -> PlayerEliminated:
    return PlayerEliminated(
        t=t,
        player_id=player,
        place=place,
        table_id=1,
        hand_no=t,
        starting_stack=10,
        by=(0,),
        synchronized=False,
    )


def test_ten_players_from_the_money_is_still_near_it() -> None:
    """20 entries and 10 places paid: 10 players left to reach the money, the near end of the
    stretch, so the hand and the bust there count near the money; once 9 are left to reach it
    the next hand counts neither near nor earlier."""
    started = TournamentStarted(
        t=0,
        name="t",
        seed=0,
        entries=20,
        starting_stack=1000,
        seats_per_table=9,
        prize_pool_cents=100,
        places_paid=10,
        start_clock=0,
    )
    counts = measure([started, _table_hand(1), _out(2, 19, 20), _table_hand(3)])
    assert counts.get("hands_near") == 1
    assert counts.get("busts_near") == 1
    assert counts.get("table_hands") == 2
    assert "hands_early" not in counts and "busts_early" not in counts


def _shown_hand(stack: int) -> list[Any]:
    """Four players of model "m" at a big blind of 100, each with ``stack``: all see the flop
    and the first shows down."""
    pids = (0, 1, 2, 3)
    return [
        FieldListed(
            t=0, player_ids=pids, names=("A", "B", "C", "D"), models=("m",) * 4, late_ids=()
        ),
        LevelStarted(t=0, level_index=0, small_blind=50, big_blind=100, ante=0, ante_kind="none"),
        _table_hand(1, players=4, stack=stack),
        HandStarted(
            table_id=1,
            hand_no=1,
            button=0,
            player_ids=pids,
            seat_nos=(1, 2, 3, 4),
            stacks=(stack,) * 4,
        ),
        BoardDealt(street=1, cards=(0, 1, 2), board=(0, 1, 2)),
        HandShown(seat=0, player_id=0, cards=(3, 4), rank=1),
        HandEnded(table_id=1, hand_no=1, final_stacks=(stack,) * 4),
    ]


def test_a_table_averaging_exactly_forty_big_blinds_is_at_cash_depth() -> None:
    """Stacks of 4,000 at a big blind of 100 average 40 big blinds, deep enough ("40 big blinds
    or more"): its four flops and one showdown count at that depth; at 3,900 chips (39 big
    blinds) they do not."""
    deep = measure(_shown_hand(4000))
    assert (deep.get("flop_deep|m"), deep.get("showdown_deep|m")) == (4, 1)
    shallow = measure(_shown_hand(3900))
    assert "flop_deep|m" not in shallow and shallow.get("flop|m") == 4
