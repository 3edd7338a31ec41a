"""Edges of the scenario loader (``pokersim.scenario``): bounds, defaults and parsed values.

Each bound of the documented format (``scenarios/README.md``) is tried on both sides where one
side is allowed: a value just inside loads, a value just past it is one ``ConfigError`` line
naming the file, the key and what was expected. Defaults are checked where a section or key is
left out, and parsed values where the file's minutes, clock times and lists become the record's
seconds and tuples. Expected values are worked out by hand from the documented format.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from pokersim.config import AnteKind
from pokersim.errors import ConfigError
from pokersim.scenario import (
    MAX_TOML_DEPTH,
    BreakKind,
    Scenario,
    check_toml_depth,
    load_scenario,
    parse_scenario,
)

FILE = "edges.toml"


def _data(**keys: Any) -> dict[str, Any]:
    """A small valid scenario (18 random players, three 10-minute levels) with ``keys`` set."""
    data: dict[str, Any] = {
        "name": "edges",
        "starting_stack": 1000,
        "level_minutes": 10,
        "players": {"count": 18, "mix": [{"model": "random", "percent": 100}]},
        "levels": [
            {"small_blind": 10, "big_blind": 20},
            {"small_blind": 20, "big_blind": 40},
            {"small_blind": 40, "big_blind": 80},
        ],
    }
    data.update(keys)
    return data


def _load(**keys: Any) -> Scenario:
    return parse_scenario(_data(**keys), source=FILE)


def _refused(key: str, **keys: Any) -> str:
    """The one-line error for ``keys``, checked to name the file and then ``key``."""
    with pytest.raises(ConfigError) as info:
        _load(**keys)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(f"{FILE}: {key}: "), message
    return message


# --------------------------------------------------------------------------------------------
# Start, table size, the clock limit
# --------------------------------------------------------------------------------------------


def test_a_start_with_sixty_seconds_is_not_a_clock_time() -> None:
    """``"HH:MM:SS"`` takes seconds 00..59: ``"10:00:59"`` is 36,059 s and ``"10:00:60"`` is
    refused on the ``start`` key."""
    assert _load(start="10:00:59").start_seconds == 10 * 3600 + 59
    _refused("start", start="10:00:60")


def test_the_start_is_the_clock_time_of_starts_at_seconds_included() -> None:
    """Without ``start`` the start is the clock time of ``starts_at``: 20:00:30 is 72,030 s
    after midnight, its 30 seconds included."""
    eastern = timezone(timedelta(hours=-4))
    sc = _load(starts_at=datetime(2026, 3, 14, 20, 0, 30, tzinfo=eastern))
    assert sc.start_seconds == 20 * 3600 + 30


def test_a_start_that_disagrees_with_starts_at_is_refused() -> None:
    """With both keys they must agree: ``starts_at`` at 20:00 and ``start = "20:01"`` is an
    error on ``start``; ``start = "20:00"`` loads."""
    eastern = timezone(timedelta(hours=-4))
    at = datetime(2026, 3, 14, 20, 0, tzinfo=eastern)
    assert _load(starts_at=at, start="20:00").start_seconds == 72_000
    _refused("start", starts_at=at, start="20:01")


def test_tables_default_to_nine_seats_and_a_final_table_of_nine() -> None:
    """Without the keys: ``seats_per_table = 9`` and ``final_table_size = seats_per_table``."""
    sc = _load()
    assert (sc.seats_per_table, sc.final_table_size) == (9, 9)


def test_the_clock_limit_is_at_least_one_minute() -> None:
    """``max_simulated_days`` is loaded as whole seconds, at least 60: 60/86400 days is 60 s
    and loads, 59/86400 days is 59 s and is refused on the key."""
    assert _load(max_simulated_days=60 / 86400).max_simulated_seconds == 60
    _refused("max_simulated_days", max_simulated_days=59 / 86400)


# --------------------------------------------------------------------------------------------
# Levels
# --------------------------------------------------------------------------------------------


def test_a_big_blind_equal_to_the_small_blind_is_allowed() -> None:
    """``big_blind`` is >= ``small_blind``: 20/20 loads, 20/19 is refused on the big blind."""
    sc = _load(levels=[{"small_blind": 20, "big_blind": 20}])
    assert (sc.levels[0].small_blind, sc.levels[0].big_blind) == (20, 20)
    _refused("levels[0].big_blind", levels=[{"small_blind": 20, "big_blind": 19}])


def test_an_ante_equal_to_the_big_blind_is_allowed() -> None:
    """``ante`` is at most ``big_blind`` without ``allow_ante_above_big_blind``: a big-blind
    ante of 20 at 10/20 loads, 21 is refused on the ante."""
    level = {"small_blind": 10, "big_blind": 20, "ante": 20, "ante_kind": "bb"}
    assert _load(levels=[level]).levels[0].ante == 20
    _refused("levels[0].ante", levels=[{**level, "ante": 21}])


def test_a_level_without_ante_is_stored_without_ante_kind() -> None:
    """A level's ``ante_kind`` is stored as ``"none"`` when its ``ante`` is 0, even under a
    top-level ``ante_kind = "bb"``; the level with an ante keeps ``"bb"``."""
    levels = [
        {"small_blind": 10, "big_blind": 20},
        {"small_blind": 20, "big_blind": 40, "ante": 40},
    ]
    sc = _load(ante_kind="bb", levels=levels)
    assert [level.ante_kind for level in sc.levels] == [AnteKind.NONE, AnteKind.BIG_BLIND]


def test_level_minutes_must_come_to_whole_seconds() -> None:
    """Minutes must come to whole seconds: 7.501 minutes (450.06 s) is refused, 7.5 minutes is
    450 s."""
    message = _refused(
        "levels[0].minutes", levels=[{"small_blind": 10, "big_blind": 20, "minutes": 7.501}]
    )
    assert "whole number of seconds" in message
    sc = _load(levels=[{"small_blind": 10, "big_blind": 20, "minutes": 7.5}])
    assert sc.level_seconds == (450,)


# --------------------------------------------------------------------------------------------
# Breaks
# --------------------------------------------------------------------------------------------


def test_breaks_default_to_five_minutes_at_55_and_a_three_minute_add_on_break() -> None:
    """Without ``[breaks]``: clock breaks at :55 lasting 300 s, an add-on break of 180 s."""
    b = _load().breaks
    assert (b.kind, b.minute_of_hour, b.length_seconds, b.addon_length_seconds) == (
        BreakKind.CLOCK,
        55,
        300,
        180,
    )


def test_a_clock_break_at_minute_sixty_is_refused() -> None:
    """``at`` is ``":00"``..``":59"``: ``":59"`` loads, ``":60"`` is refused."""
    assert _load(breaks={"at": ":59"}).breaks.minute_of_hour == 59
    _refused("breaks.at", breaks={"at": ":60"})


def test_an_interval_break_as_long_as_the_interval_is_refused() -> None:
    """A break must be shorter than ``every_minutes``: 9 minutes every 10 loads, 10 every 10
    is refused on ``length_minutes``."""
    sc = _load(breaks={"kind": "interval", "every_minutes": 10, "length_minutes": 9})
    assert (sc.breaks.every_seconds, sc.breaks.length_seconds) == (600, 540)
    _refused(
        "breaks.length_minutes",
        breaks={"kind": "interval", "every_minutes": 10, "length_minutes": 10},
    )


def test_no_breaks_may_have_a_length_of_zero() -> None:
    """``length_minutes`` is > 0, but >= 0 with ``kind = "none"``."""
    assert _load(breaks={"kind": "none", "length_minutes": 0}).breaks.length_seconds == 0
    _refused("breaks.length_minutes", breaks={"kind": "clock", "length_minutes": 0})


# --------------------------------------------------------------------------------------------
# Hand-for-hand
# --------------------------------------------------------------------------------------------


def test_a_players_stage_ending_where_it_starts_names_the_file_and_key() -> None:
    """``to_players`` must be < ``from_players``: 20 and 20 is one line naming the file and
    ``hand_for_hand.stages[0].to_players``."""
    stage = {"kind": "players", "from_players": 20, "to_players": 20}
    _refused("hand_for_hand.stages[0].to_players", hand_for_hand={"stages": [stage]})


def test_a_bubble_stage_without_margin_has_margin_one() -> None:
    """``margin`` defaults to 1: a bubble stage paying 3 is on for 4 players left only."""
    sc = _load(hand_for_hand={"stages": [{"kind": "bubble"}]})
    assert sc.hand_for_hand.stages[0].margin == 1
    assert sc.hand_for_hand.stages[0].active_range(3, 9) == (3, 4)


# --------------------------------------------------------------------------------------------
# Payouts
# --------------------------------------------------------------------------------------------

_THIRDS = [{"places": 1, "percent": 50}, {"places": 1, "percent": 30}, {"places": 1, "percent": 20}]
_ALL = [{"places": 1, "percent": 100}]


def test_a_band_may_pay_as_many_places_as_its_first_field_size() -> None:
    """No more places are paid than ``min_entries``: three places from 3 entries load, from 2
    entries they are refused on ``pay``."""
    bands = [{"min_entries": 3, "pay": _THIRDS}]
    assert len(_load(payouts={"bands": bands}).payouts.bands[0].shares) == 3
    _refused("payouts.bands[0].pay", payouts={"bands": [{"min_entries": 2, "pay": _THIRDS}]})


def test_places_may_share_one_percent_across_groups() -> None:
    """Percentages never increase from one place to the next; equal ones are fine: 50 then 50
    loads as two equal shares."""
    pay = [{"places": 1, "percent": 50}, {"places": 1, "percent": 50}]
    sc = _load(payouts={"bands": [{"min_entries": 2, "pay": pay}]})
    assert sc.payouts.bands[0].shares == (50_000_000, 50_000_000)


def test_overlapping_bands_are_refused() -> None:
    """Each band starts at the previous ``max_entries + 1``: 2..10 then 5.. is refused on the
    second band's ``min_entries``; 2..10 then 11.. loads."""
    first = {"min_entries": 2, "max_entries": 10, "pay": _ALL}
    ok = [first, {"min_entries": 11, "pay": _THIRDS}]
    assert len(_load(payouts={"bands": ok}).payouts.bands) == 2
    bad = [first, {"min_entries": 5, "pay": _THIRDS}]
    _refused("payouts.bands[1].min_entries", payouts={"bands": bad})


def test_bands_that_do_not_cover_the_field_are_refused() -> None:
    """Some band must cover ``players.count``: 2..10 entries for a field of 18 is refused."""
    bands = [{"min_entries": 2, "max_entries": 10, "pay": _ALL}]
    _refused("payouts.bands", payouts={"bands": bands})


def test_bands_may_end_exactly_at_the_entries_re_entries_can_make() -> None:
    """18 players with one re-entry each can make 36 entries: a last band ending at 36 loads,
    one ending at 35 is refused on ``payouts.bands``."""
    entries = {"reentries_per_player": 1}
    band = {"min_entries": 3, "max_entries": 36, "pay": _THIRDS}
    assert _load(entries=entries, payouts={"bands": [band]}).payouts.bands[0].max_entries == 36
    short = {**band, "max_entries": 35}
    _refused("payouts.bands", entries=entries, payouts={"bands": [short]})


# --------------------------------------------------------------------------------------------
# Timing
# --------------------------------------------------------------------------------------------


def test_a_bank_cap_equal_to_the_starting_bank_is_allowed() -> None:
    """``bank_max_seconds`` is >= ``time_bank_seconds``: 30 with a 30 s bank loads, 29 is
    refused."""
    assert _load(timing={"bank_max_seconds": 30}).timing.bank_max_seconds == 30
    _refused("timing.bank_max_seconds", timing={"bank_max_seconds": 29})


def test_a_think_factor_of_zero_is_refused() -> None:
    """Each street factor is in (0, 100]: 0 is refused, 100 loads."""
    _refused("timing.think_street_factors", timing={"think_street_factors": [1, 0, 1, 1]})
    sc = _load(timing={"think_street_factors": [1, 100, 1, 1]})
    assert sc.timing.think_street_factors == (1.0, 100.0, 1.0, 1.0)


def test_short_handed_factors_are_seven_one_for_two_to_eight_players() -> None:
    """``think_short_handed_factors`` has 7 numbers (two to eight players dealt in): 7 load,
    8 are refused."""
    seven = [1.0, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6]
    assert _load(timing={"think_short_handed_factors": seven}).timing.think_short_handed_factors
    _refused(
        "timing.think_short_handed_factors", timing={"think_short_handed_factors": seven + [1]}
    )


# --------------------------------------------------------------------------------------------
# Entries and the totals
# --------------------------------------------------------------------------------------------


def test_entries_defaults() -> None:
    """Without ``[entries]``: late registration 20 minutes (1,200 s), a $10 + $1 buy-in."""
    e = _load().entries
    assert (e.late_registration_seconds, e.prize_cents, e.fee_cents) == (1200, 1000, 100)


def test_rebuys_default_to_the_starting_stack() -> None:
    """With rebuys, ``rebuy_chips`` and ``rebuy_max_stack`` default to ``starting_stack``."""
    e = _load(entries={"rebuys_per_player": 1, "rebuy_period_minutes": 60}).entries
    assert (e.rebuy_chips, e.rebuy_max_stack) == (1000, 1000)


def test_late_arrivals_need_late_registration() -> None:
    """``late_arrivals_percent`` needs ``late_registration_minutes > 0``: with 0 it is refused
    on ``late_arrivals_percent``."""
    entries = {"late_arrivals_percent": 10, "late_registration_minutes": 0}
    _refused("entries.late_arrivals_percent", entries=entries)


def test_an_add_on_needs_a_rebuy_period() -> None:
    """The add-on is offered at the end of the rebuy period: an add-on without
    ``rebuy_period_minutes`` is refused on ``addon_chips``."""
    _refused("entries.addon_chips", entries={"addon_price_cents": 500, "addon_chips": 1000})


def test_chips_in_play_may_reach_the_bound_exactly() -> None:
    """At most 10**15 chips can come into play: 1,000 players of 10**12 chips is exactly the
    bound and loads; one re-entry each doubles it and is refused on ``starting_stack``, the
    largest term."""
    players = {"count": 1000, "mix": [{"model": "random", "percent": 100}]}
    stack = 10**12
    assert _load(players=players, starting_stack=stack).starting_stack == stack
    _refused(
        "starting_stack",
        players=players,
        starting_stack=stack,
        entries={"reentries_per_player": 1},
    )


def test_money_past_the_bound_names_the_largest_term() -> None:
    """1,000,000 players paying a $10,000,000 prize part each is 10**15 cents, and the $1 fee
    takes the total past 10**15: the error names ``entries.prize_cents``, the largest term."""
    players = {"count": 1_000_000, "mix": [{"model": "random", "percent": 100}]}
    _refused(
        "entries.prize_cents", players=players, entries={"prize_cents": 10**9, "fee_cents": 100}
    )


# --------------------------------------------------------------------------------------------
# Deal, faults, conduct
# --------------------------------------------------------------------------------------------


def test_a_heads_up_final_table_deals_at_two_players() -> None:
    """``at_players`` defaults to 3, or ``final_table_size`` if smaller: 2 with 2-seat tables."""
    sc = _load(seats_per_table=2)
    assert sc.deal.at_players == 2


def test_faults_defaults_and_sorted_failure_times() -> None:
    """Outages last 10 minutes (600 s) by default; failure times written out of order are
    held sorted, in seconds: 30 and 10 minutes are 600 s then 1,800 s."""
    f = _load(faults={"server_failure_at_minutes": [30, 10]}).faults
    assert f.outage_seconds == 600
    assert f.server_failure_at_seconds == (600, 1800)


def test_a_failure_after_zero_hands_is_refused() -> None:
    """``server_failure_at_hands`` are >= 1: 1 loads, 0 is refused on the item."""
    assert _load(faults={"server_failure_at_hands": [1]}).faults.server_failure_at_hands == (1,)
    _refused("faults.server_failure_at_hands[0]", faults={"server_failure_at_hands": [0]})


def test_a_cancel_stage_and_a_cancel_minute_are_not_both_allowed() -> None:
    """``cancel_at_stage`` is not with ``cancel_at_minute``."""
    faults = {"cancel_at_stage": "in-money", "cancel_at_minute": 30}
    _refused("faults.cancel_at_stage", faults=faults)


def test_the_ladder_has_at_most_twenty_steps() -> None:
    """1..20 steps: 20 warnings load, 21 are refused on ``ladder``."""
    assert len(_load(conduct={"ladder": ["warning"] * 20}).conduct.ladder) == 20
    _refused("conduct.ladder", conduct={"ladder": ["warning"] * 21})


# --------------------------------------------------------------------------------------------
# Shoot-out, registration, series, Spin & Go
# --------------------------------------------------------------------------------------------


def test_a_round_stack_may_bring_exactly_the_chip_bound_into_play() -> None:
    """A round stack for each of 1,000 players may total 10**15 chips, the bound: 10**12 each
    loads."""
    players = {"count": 1000, "mix": [{"model": "random", "percent": 100}]}
    shootout = {"enabled": True, "round_stacks": [10**12]}
    sc = _load(players=players, shootout=shootout, entries={"late_registration_minutes": 0})
    assert sc.shootout.round_stacks == (10**12,)


def test_a_player_unregisters_at_most_once() -> None:
    """Each player is in the scripted ``unregister`` list at most once: a second request of
    the same player is refused on that item's ``player``."""
    named = [{"name": "Ann", "model": "random"}]
    players = {"count": 18, "named": named, "mix": [{"model": "random", "percent": 100}]}
    unregister = [{"player": "Ann", "at_minutes": -30}, {"player": "Ann", "at_minutes": -10}]
    _refused(
        "registration.unregister[1].player",
        players=players,
        registration={"unregister": unregister},
    )


def test_drawn_unregistrations_come_within_an_hour_by_default() -> None:
    """``unregister_window_minutes`` defaults to 60 (3,600 s)."""
    sc = _load(registration={"unregister_percent": 10})
    assert sc.registration.unregister_window_seconds == 3600


def test_a_series_target_must_be_a_toml_file() -> None:
    """``series.target`` names a scenario file ending in ``.toml``."""
    _refused(
        "series.target",
        satellite={"seat_value_cents": 1100},
        series={"target": "target.txt"},
    )


def test_a_spin_and_go_needs_three_seats() -> None:
    """A Spin & Go seats its 3 players at one table: 2-seat tables are refused on
    ``seats_per_table``."""
    players = {"count": 3, "mix": [{"model": "random", "percent": 100}]}
    _refused("seats_per_table", players=players, seats_per_table=2, spin_and_go={})


# --------------------------------------------------------------------------------------------
# Flights and mystery bounties
# --------------------------------------------------------------------------------------------


def test_flights_need_two_names() -> None:
    """A multi-day event has at least two day-1 flights: one name is refused on ``names``."""
    flights = {"names": ["1A"], "entries": [18], "stop_at_players_left": 5}
    _refused("flights.names", flights=flights)


def test_a_flight_stops_at_the_latest_before_the_last_level() -> None:
    """``stop_at_level`` is 0..levels - 1: with three levels, 2 loads and 3 is refused."""
    flights = {"names": ["1A", "1B"], "entries": [9, 9], "stop_at_level": 2}
    assert _load(flights=flights).flights.stop_at_level == 2
    _refused("flights.stop_at_level", flights={**flights, "stop_at_level": 3})


_MYSTERY_ENTRIES = {"bounty_cents": 500}
_ENVELOPES = [{"cents": 500, "count": 18}]


def test_a_mystery_phase_starts_with_two_players_left_at_the_latest() -> None:
    """``players_left`` is 2..``players.count``: 2 loads, 1 is refused."""
    mystery = {"starts_at": "players-left", "players_left": 2, "envelopes": _ENVELOPES}
    sc = _load(entries=_MYSTERY_ENTRIES, mystery_bounty=mystery)
    assert sc.mystery_bounty.players_left == 2
    _refused(
        "mystery_bounty.players_left",
        entries=_MYSTERY_ENTRIES,
        mystery_bounty={**mystery, "players_left": 1},
    )


def test_a_mystery_phase_may_start_at_the_last_level() -> None:
    """``level`` is 1..the number of levels: level 3 of three loads, 4 is refused."""
    mystery = {"starts_at": "level", "level": 3, "envelopes": _ENVELOPES}
    assert _load(entries=_MYSTERY_ENTRIES, mystery_bounty=mystery).mystery_bounty.level == 3
    _refused(
        "mystery_bounty.level",
        entries=_MYSTERY_ENTRIES,
        mystery_bounty={**mystery, "level": 4},
    )


# --------------------------------------------------------------------------------------------
# Players, percentages, bounds, nesting
# --------------------------------------------------------------------------------------------


def test_half_and_half_of_seven_gives_the_odd_player_to_the_first_slice() -> None:
    """Largest remainder, ties to the slice listed first: 50 % / 50 % of 7 is 4 / 3."""
    mix = [{"model": "random", "percent": 50}, {"model": "push-fold", "percent": 50}]
    specs = _load(players={"count": 7, "mix": mix}).players.expand()
    assert [s.model for s in specs].count("random") == 4
    assert [s.model for s in specs].count("push-fold") == 3


def test_a_named_player_cannot_take_a_generated_name() -> None:
    """Unnamed players are called P + digits, so a named player ``P7`` is refused."""
    named = [{"name": "P7", "model": "random"}]
    players = {"count": 18, "named": named, "mix": [{"model": "random", "percent": 100}]}
    _refused("players.named[0].name", players=players)


def test_percentages_have_at_most_six_decimals_and_add_up_to_100() -> None:
    """A slice of 33.3333333 % (seven decimals) is refused; slices of 50 % and 40 % add up to
    90 and are refused on ``players.mix``."""
    seven = [{"model": "random", "percent": 33.3333333}, {"model": "random", "percent": 66.6666667}]
    _refused("players.mix[0].percent", players={"count": 18, "mix": seven})
    ninety = [{"model": "random", "percent": 50}, {"model": "random", "percent": 40}]
    _refused("players.mix", players={"count": 18, "mix": ninety})


def test_lowest_values_are_inside_their_bounds() -> None:
    """Bounds are inclusive: a skill of 0 and a starting stack of 1 load."""
    players = {"count": 18, "mix": [{"model": "random", "percent": 100, "skill": 0}]}
    sc = _load(players=players, starting_stack=1, levels=[{"small_blind": 0, "big_blind": 1}])
    assert (sc.players.mix[0].skill, sc.starting_stack) == (0, 1)


def _nested(depth: int) -> dict[str, Any]:
    """A table holding arrays inside arrays: ``depth`` levels of arrays and tables in all."""
    value: list[Any] = []
    for _ in range(depth - 2):
        value = [value]
    return {"a": value}


def test_nesting_may_reach_the_depth_bound_exactly() -> None:
    """At most ``MAX_TOML_DEPTH`` levels of arrays and tables: exactly that many pass, one
    more is refused naming the file."""
    assert check_toml_depth(_nested(MAX_TOML_DEPTH), FILE) == _nested(MAX_TOML_DEPTH)
    with pytest.raises(ConfigError, match=re.escape(f"{FILE}: too deeply nested")):
        check_toml_depth(_nested(MAX_TOML_DEPTH + 1), FILE)


# --------------------------------------------------------------------------------------------
# More refusals, each one line naming the file and the key
# --------------------------------------------------------------------------------------------


def test_defaults_of_the_top_level() -> None:
    """Without ``start`` the start is 00:00 (0 s); without ``max_simulated_days`` a run may
    last 7 days (604,800 s)."""
    sc = _load()
    assert (sc.start_seconds, sc.max_simulated_seconds) == (0, 7 * 86400)


def test_starts_at_with_a_fraction_of_a_second_is_refused() -> None:
    """``starts_at`` is in whole seconds: 20:00:00.5 is refused on the key."""
    eastern = timezone(timedelta(hours=-4))
    _refused("starts_at", starts_at=datetime(2026, 3, 14, 20, 0, 0, 500_000, tzinfo=eastern))


def test_table_sizes_past_their_bounds_name_file_and_key() -> None:
    """``seats_per_table`` is 2..10, ``final_table_size`` at most ``seats_per_table`` and
    ``balancing.tolerance`` at most ``seats_per_table - 1``: 11 seats, a final table of 10 at
    9-max and a tolerance of 9 at 9-max are each refused on their key; a tolerance of 8 loads."""
    _refused("seats_per_table", seats_per_table=11)
    _refused("final_table_size", final_table_size=10)
    _refused("balancing.tolerance", balancing={"tolerance": 9})
    assert _load(balancing={"tolerance": 8}).balancing.tolerance == 8


def test_a_boolean_is_not_an_integer() -> None:
    """``starting_stack = true`` is refused: a boolean is not the integer 1 (which would be a
    valid stack)."""
    _refused("starting_stack", starting_stack=True)


def test_no_levels_names_the_file_and_key() -> None:
    """``levels = []`` is refused on ``levels``: at least one level."""
    _refused("levels", levels=[])


def test_named_players_are_distinct_and_no_more_than_the_field() -> None:
    """A second named ``Ann`` is refused on that item's ``name``; three named players in a
    field of two are refused on ``players.named``."""
    ann = {"name": "Ann", "model": "random"}
    mix = [{"model": "random", "percent": 100}]
    _refused("players.named[1].name", players={"count": 18, "named": [ann, ann], "mix": mix})
    three = [{"name": n, "model": "random"} for n in ("Ann", "Bob", "Cy")]
    _refused("players.named", players={"count": 2, "named": three})


def test_count_slices_larger_than_the_field_are_refused() -> None:
    """A slice of 20 players in a field of 18 is refused on ``players``: the counts add up to
    20, more than the 18 players."""
    message = _refused("players", players={"count": 18, "mix": [{"model": "random", "count": 20}]})
    assert "add up to 20" in message


def test_six_decimal_thirds_add_up_to_exactly_100() -> None:
    """Percentages are read as the decimals written: 33.333333 + 33.333333 + 33.333334 is
    exactly 100, so the field of 18 loads (6 + 6 + 6 players)."""
    mix = [
        {"model": "random", "percent": 33.333333},
        {"model": "push-fold", "percent": 33.333333},
        {"model": "calling-station", "percent": 33.333334},
    ]
    specs = _load(players={"count": 18, "mix": mix}).players.expand()
    assert [s.model for s in specs].count("push-fold") == 6


def test_a_typo_in_a_level_is_named_as_the_unknown_key_it_is() -> None:
    """A misspelt ``big_blnd`` is reported as an unknown key with the key it stands for, not
    as a missing ``big_blind``."""
    message = _refused("levels[0].big_blnd", levels=[{"small_blind": 10, "big_blnd": 20}])
    assert "did you mean 'big_blind'?" in message


def test_a_typo_is_matched_to_a_key_that_is_absent_first() -> None:
    """``mall_blind`` beside a ``small_blind`` stands for the missing ``big_blind``: the
    absent keys are tried first."""
    message = _refused("levels[0].mall_blind", levels=[{"small_blind": 10, "mall_blind": 20}])
    assert "did you mean 'big_blind'?" in message


def test_timing_bounds() -> None:
    """The action clock is > 0 (0 refused), every number is finite (``nan`` refused), the
    reaction time is 0..600 (600 loads, 601 refused) and a factor at most 100 (101 refused)."""
    _refused("timing.action_clock_seconds", timing={"action_clock_seconds": 0})
    _refused("timing.deal_seconds", timing={"deal_seconds": float("nan")})
    assert _load(timing={"think_reaction_seconds": 600}).timing.think_reaction_seconds == 600
    _refused("timing.think_reaction_seconds", timing={"think_reaction_seconds": 601})
    assert _load(timing={"think_unopened_factor": 100}).timing.think_unopened_factor == 100
    _refused("timing.think_unopened_factor", timing={"think_unopened_factor": 101})


def test_bounty_refusals() -> None:
    """``"ko"`` needs ``entries.bounty_cents > 0``; ``"fixed"`` needs ``amount_cents > 0``."""
    _refused("bounty.kind", bounty={"kind": "ko"})
    _refused("bounty.amount_cents", bounty={"kind": "fixed", "targets": ["Ann"]})


def test_fixed_bounties_may_total_exactly_the_money_bound() -> None:
    """1,000 targets of 10**12 cents each is 10**15 cents, the bound: it loads."""
    targets = [f"T{i}" for i in range(1000)]
    sc = _load(bounty={"kind": "fixed", "amount_cents": 10**12, "targets": targets})
    assert len(sc.bounty.targets) == 1000


def test_a_deal_keeps_at_most_five_percent_for_first() -> None:
    """``keep_for_first_percent`` is 0..5: 5 loads, 5.5 is refused."""
    assert _load(deal={"keep_for_first_percent": 5}).deal.keep_for_first_percent == 5
    _refused("deal.keep_for_first_percent", deal={"keep_for_first_percent": 5.5})


def test_fault_refusals() -> None:
    """``cancel_at_stage = "before-money"`` is refused (a minute is given for that), and a
    failure at 0.001 minutes is not a whole second."""
    _refused("faults.cancel_at_stage", faults={"cancel_at_stage": "before-money"})
    _refused("faults.server_failure_at_minutes[0]", faults={"server_failure_at_minutes": [0.001]})


def test_conduct_refusals() -> None:
    """A percent without ``confiscate = "part"`` is refused, and so is a disqualification
    before the last step of the ladder."""
    message = _refused("conduct.confiscate_percent", conduct={"confiscate_percent": 50})
    assert "confiscate = 'part'" in message
    _refused("conduct.ladder", conduct={"ladder": ["disqualification", "warning"]})


_ANN = {
    "count": 18,
    "named": [{"name": "Ann", "model": "random"}],
    "mix": [{"model": "random", "percent": 100}],
}


def test_registration_refusals() -> None:
    """A request at 0.001 minutes is not a whole second; a player not in the field cannot
    unregister; a scripted list and a percent are not both allowed."""
    _refused(
        "registration.unregister[0].at_minutes",
        players=_ANN,
        registration={"unregister": [{"player": "Ann", "at_minutes": 0.001}]},
    )
    _refused(
        "registration.unregister[0].player",
        players=_ANN,
        registration={"unregister": [{"player": "Nobody", "at_minutes": -10}]},
    )
    _refused(
        "registration.unregister_percent",
        players=_ANN,
        registration={
            "unregister": [{"player": "Ann", "at_minutes": -10}],
            "unregister_percent": 5,
        },
    )


def test_a_series_needs_a_satellite() -> None:
    """Only a satellite has a target: ``[series]`` without ``seat_value_cents`` is refused on
    ``series.target``."""
    _refused("series.target", series={"target": "target.toml"})


def test_a_shoot_out_keeping_chips_has_no_round_stacks() -> None:
    """``keep_chips = true`` and ``round_stacks`` are not both allowed."""
    shootout = {"enabled": True, "keep_chips": True, "round_stacks": [2000]}
    _refused("shootout.round_stacks", shootout=shootout, entries={"late_registration_minutes": 0})


def test_a_spin_and_go_has_three_players() -> None:
    """A Spin & Go of 4 players is refused on ``players.count``."""
    players = {"count": 4, "mix": [{"model": "random", "percent": 100}]}
    _refused("players.count", players=players, spin_and_go={})


def test_flight_entries_are_distinct_flights_summing_to_the_field() -> None:
    """Two flights named ``1A`` are refused on ``names``; entries of 9 and 8 for a field of 18
    are refused on ``entries``."""
    flights = {"names": ["1A", "1B"], "entries": [9, 9], "stop_at_players_left": 5}
    _refused("flights.names", flights={**flights, "names": ["1A", "1A"]})
    _refused("flights.entries", flights={**flights, "entries": [9, 8]})


def test_envelopes_add_up_to_the_bounty_parts() -> None:
    """18 players with a $5 bounty part fill $90 of envelopes: 17 envelopes of $5 are
    refused on ``envelopes``."""
    mystery = {"envelopes": [{"cents": 500, "count": 17}]}
    _refused("mystery_bounty.envelopes", entries=_MYSTERY_ENTRIES, mystery_bounty=mystery)


def test_a_bubble_stage_takes_no_player_range() -> None:
    """``from_players`` belongs to a ``"players"`` stage: with ``"bubble"`` it is refused."""
    stage = {"kind": "bubble", "from_players": 20}
    message = _refused("hand_for_hand.stages[0].from_players", hand_for_hand={"stages": [stage]})
    assert "only used with kind = 'players'" in message


def test_a_file_with_a_byte_order_mark_is_named_as_such(tmp_path: Path) -> None:
    """A file saved as UTF-8 with a byte order mark is refused saying so, naming the file."""
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + b'name = "bom"\n')
    with pytest.raises(ConfigError, match="byte order mark") as info:
        load_scenario(path)
    assert str(info.value).startswith(f"{path}: ")
