"""Shoot-outs through the tournament engine (tables play to one winner; R-DIS-4, R-SHOOT-1)."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from test_engine_helpers import (
    make_scenario,
    of_type,
    random_rule,
    replay_and_check,
    run_scripted,
    transfer,
)

from pokersim.errors import ConfigError
from pokersim.formats import advancing_player, round_places
from pokersim.hand import Deal, HandSetup, Knockout
from pokersim.payouts import prize_amounts, shares_for, split_tied
from pokersim.scenario import Connection, Scenario, Shootout, parse_scenario
from pokersim.verify import parse_case, run_case

Outcome = tuple[tuple[int, ...], tuple[Knockout, ...]]


def _shootout(n: int, seats: int = 4, **connection: Any) -> Scenario:
    sc = replace(make_scenario(n, seats=seats), shootout=Shootout(enabled=True))
    if connection:
        sc = replace(sc, connection=Connection(**connection))
    return sc


def test_r_shoot_1_tables_play_to_one_winner_and_the_last_rounds_table_is_final() -> None:
    """Shoot-outs: no moves or table breaks within a round; a new round starts only when every
    table is down to one player, and it seats exactly those winners."""
    result, events = run_scripted(_shootout(20), random_rule, seed=3)
    assert not of_type(events, "PlayerMoved")
    seated: dict[int, set[int]] = {}
    expected_winners: set[int] = set()
    for e in events:
        kind = e["type"]
        if kind == "TableOpened":
            seated[e["table_id"]] = set(e["player_ids"])
        elif kind == "PlayerEliminated" and e["hand_no"]:
            seated[e["table_id"]].discard(e["player_id"])
        elif kind == "ShootoutRoundStarted":
            assert all(len(s) == 1 for s in seated.values())
            winners = set().union(*seated.values())
            assert e["players"] == len(winners)
            seated = {}
            expected_winners = winners
        elif kind == "TableBroken":
            seated.pop(e["table_id"], None)
        if kind == "TableOpened" and e["t"] > 0:
            assert set(e["player_ids"]) <= expected_winners
    rounds = of_type(events, "ShootoutRoundStarted")
    assert [r["round"] for r in rounds] == list(range(2, 2 + len(rounds)))
    assert rounds[0]["players"] == 5  # five tables of four in round 1
    assert sorted({f.place for f in result.finishes})[0] == 1
    # R-SHOOT-1: the last round's chips are in play at the end (its players at 100 each)
    assert result.chips_in_play == rounds[-1]["chips_in_play"] == rounds[-1]["players"] * 100
    # the last round's one table is the final table, formed when that round starts
    assert rounds[-1]["tables"] == 1 and all(r["tables"] > 1 for r in rounds[:-1])
    (formed,) = of_type(events, "FinalTableFormed")
    assert (formed["t"], formed["players_left"]) == (rounds[-1]["t"], rounds[-1]["players"])
    assert result.final_table_seconds == formed["t"]


_PAY = [
    {
        "min_entries": 27,
        "max_entries": 27,
        "pay": [
            {"places": 1, "percent": 40},
            {"places": 1, "percent": 20},
            {"places": 2, "percent": 10},
            {"places": 4, "percent": 5},
        ],
    }
]


@pytest.mark.parametrize("keep_chips", [False, True])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_r_shoot_1_each_round_conserves_its_chips_and_shares_its_places(
    seed: int, keep_chips: bool
) -> None:
    """R-SHOOT-1: hand by hand each round's chips are conserved; a round starts when its
    winners hold every chip of the last, each at the round's stack (or with the chips won);
    everyone out in a round at several tables takes the round's shared place and an equal
    share of its places' prizes, to the cent, in the order they are out."""
    rule = Shootout(
        enabled=True, keep_chips=keep_chips, round_stacks=() if keep_chips else (150, 250)
    )
    sc = replace(make_scenario(27, seats=3, payouts=_PAY), shootout=rule)
    result, events = run_scripted(sc, random_rule, seed=seed)
    replay_and_check(events, tolerance=3)
    rounds = of_type(events, "ShootoutRoundStarted")
    assert [(r["players"], r["tables"]) for r in rounds] == [(9, 3), (3, 1)]
    if keep_chips:
        assert all(r["stacks"] == r["chips_won"] for r in rounds)
    else:
        assert [tuple(r["stacks"]) for r in rounds] == [(150,) * 9, (250,) * 3]
    levels = [e["level_index"] for e in of_type(events, "LevelStarted")]
    assert levels.count(0) == (1 if keep_chips else 3)
    prize_of = {f.player_id: f.prize_cents for f in result.finishes}
    assert sum(prize_of.values()) == result.prize_pool_cents == 27 * 1000
    table = prize_amounts(result.prize_pool_cents, shares_for(sc.payouts, 27))
    out = of_type(events, "PlayerEliminated")
    for players, tables in ((27, 9), (9, 3)):
        first, count = round_places(players, tables)
        in_round = [e["player_id"] for e in out if e["place"] == first]
        assert len(in_round) == count
        assert [prize_of[p] for p in in_round] == list(split_tied(table, first, count))
    final = sorted(e["place"] for e in out if e["place"] <= 3)  # by elimination (R-ELIM-2)
    assert len(final) == 3 and final[0] == 1 and final[1] == 2


def _drip(setup: HandSetup, deal: Deal) -> Outcome:
    """Chips drift to the first seat; nobody ever busts."""
    ids = setup.player_ids
    return transfer(setup, [(ids[1], ids[0], 3)]) if setup.stacks[1] > 3 else (setup.stacks, ())


def test_r_dis_4_table_all_away_for_n_hands_ends_and_biggest_stack_advances() -> None:
    """R-DIS-4: when everyone at a shoot-out table has been disconnected for the configured
    number of consecutive hands (3 here), the match ends: the biggest stack advances."""
    sc = _shootout(
        8,
        disconnects_per_player_hour=60,
        reconnect_median_seconds=1e6,
        absent_hands_to_end_match=3,
    )
    result, events = run_scripted(sc, _drip, seed=3)
    ended = of_type(events, "MatchEnded")
    assert ended and all(e["hands"] == 3 for e in ended)
    last_stacks: dict[int, dict[int, int]] = {}
    starts: dict[int, dict[str, Any]] = {}
    for e in events:
        if e["type"] == "TableHandStarted":
            starts[e["table_id"]] = e
        elif e["type"] == "TableHandEnded":
            s = starts[e["table_id"]]
            last_stacks[e["table_id"]] = dict(zip(s["player_ids"], e["stacks"]))
        elif e["type"] == "MatchEnded":
            stacks = last_stacks[e["table_id"]]
            assert e["winner_id"] == advancing_player(stacks)
            out = [
                x for x in of_type(events, "PlayerEliminated") if x["t"] == e["t"] and not x["by"]
            ]
            assert {x["player_id"] for x in out} >= set(stacks) - {e["winner_id"]}
    assert result.chips_in_play == 2 * 100  # the final: two players at the round's stack
    assert len(of_type(events, "PlayerEliminated")) == 8


def test_shootout_key_is_read_and_cannot_be_a_satellite() -> None:
    base: dict[str, Any] = {
        "name": "s",
        "starting_stack": 100,
        "players": {"count": 9, "mix": [{"model": "random", "percent": 100}]},
        "levels": [{"small_blind": 1, "big_blind": 2, "minutes": 10}],
    }
    assert parse_scenario({**base, "shootout": {"enabled": True}}).shootout.enabled
    with pytest.raises(ConfigError, match="shootout.enabled"):
        parse_scenario(
            {**base, "shootout": {"enabled": True}, "satellite": {"seat_value_cents": 100}}
        )


@pytest.mark.parametrize(
    ("shootout", "extra", "match"),
    [
        (
            {"enabled": True, "round_stacks": [0]},
            {},
            r"shootout\.round_stacks\[0\]: expected an integer >= 1",
        ),
        ({"enabled": True, "round_stacks": [2.5]}, {}, r"shootout\.round_stacks\[0\]"),
        (
            {"enabled": True, "round_stacks": [10**15]},
            {},
            r"shootout\.round_stacks\[0\]: .* chips in play",
        ),
        (
            {"enabled": True, "keep_chips": True, "round_stacks": [100]},
            {},
            r"shootout\.round_stacks: ",
        ),
        ({"keep_chips": True}, {}, r"shootout\.keep_chips: applies to a shoot-out"),
        (
            {"enabled": True, "keep_chips": "yes"},
            {},
            r"shootout\.keep_chips: expected true or false",
        ),
        (
            {"enabled": True},
            {"entries": {"late_arrivals_percent": 10}},
            r"entries\.late_arrivals_percent: a shoot-out",
        ),
        (
            {"enabled": True},
            {"faults": {"disqualified_prize": "forfeit"}},
            r"faults\.disqualified_prize: a shoot-out",
        ),
        # a pool that grows after the start paid a round's shared place unequally (the first out
        # from the smaller pool) and did not reconcile
        (
            {"enabled": True},
            {"entries": {"reentries_per_player": 1, "late_registration_minutes": 30}},
            r"entries\.reentries_per_player: a shoot-out round's shared place",
        ),
        (
            {"enabled": True},
            {
                "entries": {
                    "rebuys_per_player": 1,
                    "rebuy_price_cents": 100,
                    "rebuy_chips": 100,
                    "rebuy_max_stack": 100,
                    "rebuy_period_minutes": 30,
                    "prize_cents": 100,
                }
            },
            r"entries\.rebuys_per_player: a shoot-out round's shared place",
        ),
    ],
)
def test_r_shoot_1_bad_round_keys_are_one_line_errors(
    shootout: dict[str, Any], extra: dict[str, Any], match: str
) -> None:
    base: dict[str, Any] = {
        "name": "s",
        "starting_stack": 100,
        "players": {"count": 9, "mix": [{"model": "random", "percent": 100}]},
        "levels": [{"small_blind": 1, "big_blind": 2, "minutes": 10}],
    }
    with pytest.raises(ConfigError, match=match):
        parse_scenario({**base, **extra, "shootout": shootout}, source="s.toml")


def test_r_shoot_1_round_keys_are_read() -> None:
    base: dict[str, Any] = {
        "name": "s",
        "starting_stack": 100,
        "players": {"count": 9, "mix": [{"model": "random", "percent": 100}]},
        "levels": [{"small_blind": 1, "big_blind": 2, "minutes": 10}],
    }
    sc = parse_scenario({**base, "shootout": {"enabled": True, "round_stacks": [300, 500]}})
    assert sc.shootout == Shootout(enabled=True, round_stacks=(300, 500))
    assert parse_scenario({**base, "shootout": {"enabled": True}}).shootout.keep_chips is False


def test_r_shoot_1_a_disqualified_player_shares_the_round_place() -> None:
    """R-SHOOT-1 with R-COND-1: a player disqualified in a round that shares its places takes
    the shared place and the next share; a table's winner waits for the next round's table.

    The heads-up bracket case, with Cid (who wins table 2 in round 1) to be disqualified after
    the first hand: Cid is alone at the table then, so the disqualification waits for round 2
    and removes the round's 1,000 chips; Cid, out first, takes 3rd and 1,051 cents and Ann,
    beaten at table 6, 3rd and 1,050."""
    path = Path(__file__).resolve().parents[1] / "scenarios" / "rules"
    data = tomllib.loads((path / "R-SHOOT-1-heads-up-bracket-shares-places.toml").read_text())
    script = data["script"]
    script["actions"] = [a for a in script["actions"] if a.get("table") != 5]
    script["decks"] = [d for d in script["decks"] if d["table"] != 5]
    script["disqualify"] = [{"player": "Cid", "at_hand": 1}]
    data["expect"] = {"hands_played": 6}
    out = run_case(parse_case(data, source="dq.toml"))
    dq = [e for e in out.events if e["type"] == "PlayerDisqualified"]
    assert [(e["player_id"], e["place"], e["chips_removed"]) for e in dq] == [(2, 3, 1000)]
    places = {f.player_id: (f.place, f.prize_cents) for f in out.result.finishes}
    assert places[2] == (3, 1051) and places[0] == (3, 1050)
    assert [places[p][0] for p in (1, 3, 5, 7)] == [5, 5, 5, 5]
    assert sum(c for _p, c in places.values()) == out.result.prize_pool_cents
    rounds = [e for e in out.events if e["type"] == "ShootoutRoundStarted"]
    assert [r["chips_in_play"] for r in rounds] == [4000, 2000]


def test_r_shoot_1_a_restarted_rounds_breaks_are_logged_once() -> None:
    """R-SHOOT-1 with R-BRK-1: each round restarts the levels, not the breaks, and each break
    is logged once. The round before a restart kept its clock waiting on the next change; woken
    after the restart, it logged that break again beside the new round's clock (the levels-reset
    case with a 6-second break every 12 seconds: breaks 1 and 2 were logged twice)."""
    path = Path(__file__).resolve().parents[1] / "scenarios" / "rules"
    data = tomllib.loads((path / "R-SHOOT-1-stacks-and-levels-reset-each-round.toml").read_text())
    data["breaks"] = {"kind": "interval", "every_minutes": 0.2, "length_minutes": 0.1}
    data["expect"] = {}
    out = run_case(parse_case(data, source="breaks.toml"))
    rounds = [e["t"] for e in out.events if e["type"] == "ShootoutRoundStarted"]
    breaks = [(e["break_index"], e["t"]) for e in out.events if e["type"] == "BreakStarted"]
    assert len(rounds) >= 2 and breaks[-1][1] > rounds[-1]  # a break after the last restart
    assert breaks == [(k, 12 * (k + 1)) for k in range(len(breaks))]


@pytest.mark.parametrize("seat_cents", [1650, 1100])
def test_r_elim_1_a_satellite_of_ten_seats_and_more_ends_after_the_hands_under_way(
    seat_cents: int,
) -> None:
    """R-ELIM-1 with seats at two tables: the last seat's bust ends play only once the other
    tables' hands under way have ended (those busts are placed with it, R-SYNC-2). Play used to
    stop at once, and the hand still under way ended into a finished tournament ('0 unplaced
    players but 10 left', or a closed bounty ledger), on two seeds of four."""
    from pokersim.engine import run_tournament

    root = Path(__file__).resolve().parent.parent
    data = tomllib.loads((root / "scenarios" / "satellite.toml").read_text(encoding="utf-8"))
    data["satellite"] = {"seat_value_cents": seat_cents}
    sc = parse_scenario(data, source="satellite.toml")
    seats = sc.players.count * sc.entries.prize_cents // seat_cents
    assert seats > sc.final_table_size  # the seats are won at more than one table
    for seed in range(4):
        result = run_tournament(sc, seed)
        paid = [f for f in result.finishes if f.prize_cents > 0]
        assert len(paid) == seats and {f.prize_cents for f in paid} == {seat_cents}
        assert sum(f.prize_cents for f in result.finishes) == result.prize_pool_cents


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_r_deal_1_a_shoot_outs_final_is_offered_its_deal_when_it_forms(seed: int) -> None:
    """The last round's one table is the final table: a deal due there is put before its first
    hand (it came after that hand, or never when that hand ended the final)."""
    from pokersim.scenario import DealTerms

    sc = replace(_shootout(8, seats=2), deal=DealTerms(enabled=True, at_players=2))
    _result, events = run_scripted(sc, random_rule, seed=seed)
    (formed,) = of_type(events, "FinalTableFormed")
    (put,) = of_type(events, "DealNegotiationStarted")
    final_hands = [
        e["t"] for e in of_type(events, "TableHandStarted") if e["table_id"] == formed["table_id"]
    ]
    assert put["t"] == formed["t"] and put["t"] < min(final_hands)
