"""Shoot-outs through the tournament engine (tables play to one winner; R-DIS-4)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from test_engine_helpers import make_scenario, of_type, random_rule, run_scripted, transfer

from pokersim.errors import ConfigError
from pokersim.formats import advancing_player
from pokersim.hand import Deal, HandSetup, Knockout
from pokersim.scenario import Connection, Scenario, Shootout, parse_scenario

Outcome = tuple[tuple[int, ...], tuple[Knockout, ...]]


def _shootout(n: int, seats: int = 4, **connection: Any) -> Scenario:
    sc = replace(make_scenario(n, seats=seats), shootout=Shootout(enabled=True))
    if connection:
        sc = replace(sc, connection=Connection(**connection))
    return sc


def test_shootout_tables_play_to_one_winner_and_winners_advance() -> None:
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
    assert result.chips_in_play == 20 * 100


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
    assert result.chips_in_play == 800
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
