"""Edges of a day-1 flight's stop and bags (F-FLIGHT-1, F-FLIGHT-4) and of what a run's format
decides (F-MYST-1, R-ELIM-1, R-SHOOT-1).

Each test plays a small run (random players, no breaks, or a rule case with one term changed)
and checks its log against docs/formats.md: a hand that ends exactly as the stop level ends is
the flight's last, and the bags are told with the level that just ended; the bags hold every
chip and the entries' money is carried, none paid; late registration still open closes with
the day, and the players out during it are placed then, as are those out in the last
synchronized round; a flight down to one player bags that player; the log holds every
disconnection. Of the formats: the mystery bounty's phase waits for its level and for entries
to close, a satellite stops as soon as no more players are left than seats, and the last round
of a shoot-out places its players one by one.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_cashier_edges import _case, _events, _run
from test_engine_dis import FixedConnections

import pokersim.engine.incidents as engine_incidents
from pokersim.engine import run_tournament
from pokersim.events import (
    BountyPaid,
    DayEnded,
    EntriesClosed,
    EnvelopeDrawn,
    EnvelopesFilled,
    PlayerDisconnected,
    PlayerEliminated,
    PlayerReconnected,
    PlayerRegistered,
    PrizePaid,
    TableHandEnded,
    TableHandStarted,
    TableOpened,
    TournamentEnded,
)
from pokersim.flights import DayEnd
from pokersim.scenario import Scenario, parse_scenario

STACK = 1000
PRIZE = 1000  # cents of each entry's prize part
FEE = 100  # cents of each entry's fee


def _scenario(
    players: int, level_minutes: float, late_minutes: int = 0, late_percent: int = 0
) -> Scenario:
    """One table of random players with 1,000 chips, blinds 10/20 doubling every level, no
    breaks; ``late_percent`` of the players arrive during ``late_minutes`` of late
    registration."""
    data: dict[str, Any] = {
        "name": "day edge",
        "start": "07:25",
        "seats_per_table": 9,
        "starting_stack": STACK,
        "players": {"count": players, "mix": [{"model": "random", "percent": 100}]},
        "levels": [
            {"small_blind": 10 * 2**i, "big_blind": 20 * 2**i, "minutes": level_minutes}
            for i in range(6)
        ],
        "breaks": {"kind": "none"},
        "entries": {
            "prize_cents": PRIZE,
            "fee_cents": FEE,
            "late_registration_minutes": late_minutes,
            "late_arrivals_percent": late_percent,
        },
    }
    return parse_scenario(data, source="<day edge>")


def _flight(sc: Scenario, seed: int, stop_at_level: int) -> list[Any]:
    log: list[Any] = []
    run_tournament(sc, seed, emit=log.append, day=DayEnd(flight="1A", stop_at_level=stop_at_level))
    return log


def _of(log: list[Any], kind: type) -> list[Any]:
    return [e for e in log if isinstance(e, kind)]


@pytest.fixture(scope="module")
def boundary() -> list[Any]:
    """Six players, 3-minute levels, bag at the end of level 1 (180 s); seed 224 has a hand
    that ends at exactly 180 s, with four players left."""
    return _flight(_scenario(6, 3), 224, stop_at_level=1)


def test_f_flight_1_a_hand_ending_as_the_stop_level_ends_is_the_last(boundary: list[Any]) -> None:
    """Level 1 ends at 180 s: the stop is due then, so the hand that ends at exactly 180 s is
    the flight's last and no hand starts at 180 s or later. The day ends at 180 s, by level,
    and tells level 1 as the last played (index 0), not level 2, which only started."""
    ends = [e.t for e in _of(boundary, TableHandEnded)]
    assert ends[-1] == 180  # the case: a hand ends exactly as level 1 ends
    assert all(e.t < 180 for e in _of(boundary, TableHandStarted))
    (day,) = _of(boundary, DayEnded)
    assert (day.t, day.reason, day.level_index) == (180, "level", 0)


def test_f_flight_1_a_last_hand_that_outlasts_a_whole_level_tells_the_stop_level() -> None:
    """Fifteen-second levels, bag at the end of level 2 (30 s): the last hand (seed 1) starts
    at 29 s, in level 2, and ends at 48 s, in level 4. The day tells level 2 as the last played
    (index 1), the stop's level, so that day 2 goes on at level 3: level 3 was never dealt."""
    log = _flight(_scenario(6, 0.25), 1, stop_at_level=2)
    last_start = max(e.t for e in _of(log, TableHandStarted))
    (day,) = _of(log, DayEnded)
    assert last_start < 30 and day.t >= 45  # the case: the last hand ends after level 3
    assert (day.reason, day.level_index) == ("level", 1)


def test_f_flight_1_a_flight_already_at_its_stop_bags_everyone_at_once() -> None:
    """Nine players and a stop at nine players left: the stop is due before any hand, so the
    day ends at 0 s with every player bagging 1,000, and the log ends with the tournament's end
    (no level started after it), naming the chip leader of nine equal bags: the lowest id."""
    log: list[Any] = []
    day = DayEnd(flight="1A", stop_at_players_left=9)
    run_tournament(_scenario(9, 3), 1, emit=log.append, day=day)
    (ended,) = _of(log, DayEnded)
    assert (ended.t, ended.reason, ended.stacks) == (0, "players", (STACK,) * 9)
    assert _of(log, TableHandStarted) == []
    assert type(log[-1]).__name__ == "TournamentEnded"
    assert log[-1].winner_id == 0  # the chip leader among nine equal bags: the lowest id


def test_f_flight_4_the_bags_hold_every_chip_and_the_entries_money_is_carried(
    boundary: list[Any],
) -> None:
    """F-FLIGHT-4: a flight pays nothing; its six entries' prize parts (6 x 1,000 cents) are
    carried and its fees (6 x 100 cents) told apart. Every chip (6 x 1,000) is in the bags, the
    players out and the players bagging are the six, and the run's end names the biggest bag
    (the chip leader, as for a satellite's seat winners) with no place paid."""
    (day,) = _of(boundary, DayEnded)
    (end,) = _of(boundary, TournamentEnded)
    out = {e.player_id for e in _of(boundary, PlayerEliminated)}
    assert day.entries == 6
    assert day.carried_prize_cents == 6 * PRIZE
    assert day.fees_cents == 6 * FEE
    assert sum(day.stacks) == 6 * STACK
    assert 1 < len(day.player_ids) < 6  # the case: some bag, some are out
    assert sorted([*out, *day.player_ids]) == list(range(6))
    assert _of(boundary, PrizePaid) == []
    assert end.places_paid == 0
    assert end.chips_in_play == 6 * STACK
    top = max(day.stacks)
    assert day.stacks.count(top) == 1
    assert end.winner_id == day.player_ids[day.stacks.index(top)]


def test_f_flight_1_late_registration_closes_with_the_day_and_places_those_out() -> None:
    """Nine players of whom 30 % arrive late during 30 minutes of late registration; the flight
    bags at the end of level 1 (5 minutes), before any late player came. Registration closes
    with the day: the entries are the seven seated at the start, and the three players out
    while it was open are placed when the day ends, each once: the first out 7th of the seven
    entries, the two out in one later hand 5th and 6th, the one who started that hand with more
    chips ahead (R-ELIM-2)."""
    log = _flight(_scenario(9, 5, late_minutes=30, late_percent=30), 2, stop_at_level=1)
    (day,) = _of(log, DayEnded)
    seated = {p for e in _of(log, TableOpened) for p in e.player_ids}
    assert _of(log, PlayerRegistered) == []
    assert day.entries == len(seated) == 7
    out = _of(log, PlayerEliminated)
    assert sorted([*(e.player_id for e in out), *day.player_ids]) == sorted(seated)
    assert log.index(day) > max(log.index(e) for e in out)
    first, *together = sorted(out, key=lambda e: e.t)
    assert first.place == 7
    assert {e.t for e in together} == {together[0].t} and len(together) == 2
    ahead, behind = sorted(together, key=lambda e: -e.starting_stack)
    assert ahead.starting_stack > behind.starting_stack
    assert (ahead.place, behind.place) == (5, 6)


def test_f_flight_1_a_flight_down_to_one_player_bags_that_player() -> None:
    """F-FLIGHT-1: a flight plays on heads-up and ends when one player is left, who bags every
    chip: with seed 0 two of the six players are left at 76 s and the last of them out at
    145 s, well before level 1 ends (300 s), so the day ends then with one bag of 6,000."""
    log = _flight(_scenario(6, 5), 0, stop_at_level=1)
    (day,) = _of(log, DayEnded)
    out = _of(log, PlayerEliminated)
    assert len(out) == 5
    assert sorted(e.t for e in out)[-2:] == [76, 145]
    assert day.t == 145 and len(day.player_ids) == 1
    assert day.stacks == (6 * STACK,)


def test_r_sync_2_the_last_synchronized_rounds_players_out_are_placed_as_the_day_ends() -> None:
    """Eighteen players at two tables play hand for hand from 14 players left; the flight bags
    once 12 or fewer are left. With seed 1, 13 are left when the synchronized round at 68 s
    knocks out four players at both tables, and the day ends with it: those four are placed
    together as one hand (R-SYNC-2), by the stacks they started it with: the three with 1,000
    chips share 10th, the one with 223 is 13th. Every player not bagging is out exactly once."""
    data: dict[str, Any] = {
        "name": "day edge, hand for hand",
        "start": "07:25",
        "seats_per_table": 9,
        "starting_stack": STACK,
        "players": {"count": 18, "mix": [{"model": "random", "percent": 100}]},
        "levels": [
            {"small_blind": 10 * 2**i, "big_blind": 20 * 2**i, "minutes": 5} for i in range(6)
        ],
        "breaks": {"kind": "none"},
        "entries": {"prize_cents": PRIZE, "fee_cents": FEE, "late_registration_minutes": 0},
        "hand_for_hand": {"stages": [{"kind": "players", "from_players": 14, "to_players": 2}]},
    }
    log: list[Any] = []
    stop = DayEnd(flight="1A", stop_at_players_left=12)
    run_tournament(parse_scenario(data, source="<day edge>"), 1, emit=log.append, day=stop)
    (day,) = _of(log, DayEnded)
    out = _of(log, PlayerEliminated)
    assert sorted([*(e.player_id for e in out), *day.player_ids]) == list(range(18))
    last = [e for e in out if e.t == day.t]
    assert day.t == 68 and all(e.synchronized for e in last)
    assert {e.table_id for e in last} == {1, 2}
    assert sorted((e.starting_stack, e.place) for e in last) == [
        (223, 13),
        (1000, 10),
        (1000, 10),
        (1000, 10),
    ]


def test_r_dis_1_disconnections_no_hand_told_are_logged_when_the_day_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The log holds every disconnection, as at the end of any run: players 0 and 5, out in the
    second hand (66 s), are away later (player 0 from 150 s to 170 s, player 5 from 100 s on);
    no hand of theirs tells it, so it is logged when the day ends at 180 s."""
    plan = {0: [(150.0, 170.0)], 5: [(100.0, 400.0)]}
    monkeypatch.setattr(
        engine_incidents, "Connections", type("Plan", (FixedConnections,), {"plan": plan})
    )
    log = _flight(_scenario(6, 3), 224, stop_at_level=1)
    (day,) = _of(log, DayEnded)
    assert {e.player_id for e in _of(log, PlayerEliminated)} == {0, 5}
    assert day.t == 180
    told = [
        (type(e).__name__, e.player_id, e.at)
        for e in log
        if isinstance(e, PlayerDisconnected | PlayerReconnected)
    ]
    assert sorted(told) == [
        ("PlayerDisconnected", 0, 150),
        ("PlayerDisconnected", 5, 100),
        ("PlayerReconnected", 0, 170),
    ]
    assert all(e.t == 180 for e in _of(log, PlayerDisconnected))


def _mystery_case(mystery: dict[str, Any]) -> dict[str, Any]:
    """F-MYST-1's case (Dan, 200 chips, knocked out by Ann's aces in hand 1, at level 1, with
    four players left before the hand) with another bounty phase."""
    data = _case("F-MYST-1-no-bounty-before-the-phase")
    data["mystery_bounty"] = {**mystery, "envelopes": [{"cents": 1000, "count": 4}]}
    data["expect"] = {}
    return data


def test_f_myst_1_a_knockout_before_the_phase_level_draws_nothing() -> None:
    """F-MYST-1 with the phase starting at level 2 (counted from 1): Dan's knockout in hand 1
    ends at level 1, before the phase, so no envelope is drawn for it and Ann is paid no
    bounty for him."""
    out = _run(_mystery_case({"starts_at": "level", "level": 2}))
    (dan,) = [e for e in _events(out, "PlayerEliminated") if e["player_id"] == 3]
    assert dan["hand_no"] == 1
    assert [e for e in _events(out, "EnvelopeDrawn") if e["eliminated_id"] == 3] == []
    assert [e for e in _events(out, "BountyPaid") if e["eliminated_id"] == 3] == []


def _nine(**extra: Any) -> Scenario:
    """Nine random players with 1,000 chips and 1,000-cent prize parts (no fee), blinds 10/20
    doubling every five minutes, no breaks; ``extra`` adds sections."""
    data: dict[str, Any] = {
        "name": "format edge",
        "start": "07:25",
        "seats_per_table": 9,
        "starting_stack": STACK,
        "players": {"count": 9, "mix": [{"model": "random", "percent": 100}]},
        "levels": [
            {"small_blind": 10 * 2**i, "big_blind": 20 * 2**i, "minutes": 5} for i in range(6)
        ],
        "breaks": {"kind": "none"},
        "entries": {"prize_cents": PRIZE, "fee_cents": 0, "late_registration_minutes": 0},
    }
    data.update(extra)
    return parse_scenario(data, source="<format edge>")


def _played(sc: Scenario, seed: int) -> list[Any]:
    log: list[Any] = []
    run_tournament(sc, seed, emit=log.append)
    return log


def test_r_elim_1_a_satellite_stops_once_no_more_are_left_than_seats() -> None:
    """R-ELIM-1: a 9,000-cent pool buys three 3,000-cent seats, and play stops as soon as three
    players are left, not before: with seed 3 two players are out together leaving four, and
    play goes on until the fourth is out. The three left share first place and each is paid
    one seat; the fourth is paid nothing."""
    log = _played(_nine(satellite={"seat_value_cents": 3000}), 3)
    out = _of(log, PlayerEliminated)
    placed = sorted((e.place, e.player_id) for e in out)
    assert [place for place, _ in placed] == [1, 1, 1, 4, 5, 6, 7, 8, 9]
    winners = {p for place, p in placed if place == 1}
    (fourth,) = [e for e in out if e.place == 4]
    assert fourth.t == max(e.t for e in out)  # the last hand played left three
    assert sorted((e.player_id, e.prize_cents) for e in _of(log, PrizePaid)) == [
        (p, 3000) for p in sorted(winners)
    ]


def test_r_shoot_1_the_last_rounds_table_places_its_players_one_by_one() -> None:
    """R-SHOOT-1: a shoot-out of three tables of three; the six out in the first round share
    places 4 to 9 (none paid). The last round is one table, a final table: its two players out
    take places 3 and 2 in the order they are out, paid 20 % and 30 % of the 9,000-cent pool
    (1,800 and 2,700), and the winner 50 % (4,500); nothing is shared there."""
    payouts = {
        "bands": [
            {
                "min_entries": 9,
                "max_entries": 9,
                "pay": [{"places": 1, "percent": p} for p in (50, 30, 20)],
            }
        ]
    }
    sc = _nine(
        seats_per_table=3,
        final_table_size=3,
        payouts=payouts,
        shootout={"enabled": True},
        hand_for_hand={"stages": []},
    )
    log = _played(sc, 1)
    out = sorted(_of(log, PlayerEliminated), key=lambda e: (e.t, -e.place))
    assert [e.place for e in out[:6]] == [4] * 6
    assert [e.place for e in out[6:]] == [3, 2, 1]
    paid = {e.place: e.prize_cents for e in _of(log, PrizePaid)}
    assert paid == {3: 1800, 2: 2700, 1: 4500}


def test_f_myst_1_the_phase_never_opens_while_entries_are_open() -> None:
    """F-MYST-1: the phase never opens while entries are open. Nine players with 500-cent
    bounty parts in nine envelopes, the phase at nine players left (the whole field), 30 % of
    the players arriving during 10 minutes of late registration: with seed 2, five players
    are out before entries close, and none of them draws an envelope; the envelopes are
    filled, drawn and paid only once entries are closed."""
    sc = _nine(
        entries={
            "prize_cents": PRIZE,
            "bounty_cents": 500,
            "fee_cents": 0,
            "late_registration_minutes": 10,
            "late_arrivals_percent": 30,
        },
        mystery_bounty={
            "starts_at": "players-left",
            "players_left": 9,
            "envelopes": [{"cents": 500, "count": 9}],
        },
    )
    log = _played(sc, 2)
    (closed,) = _of(log, EntriesClosed)
    early = [e for e in _of(log, PlayerEliminated) if e.t < closed.t]
    assert len(early) == 5
    drawn = _of(log, EnvelopeDrawn)
    assert not {e.player_id for e in early} & {e.eliminated_id for e in drawn}
    for kind in (EnvelopesFilled, EnvelopeDrawn, BountyPaid):
        assert all(e.t >= closed.t for e in _of(log, kind)), kind.__name__
