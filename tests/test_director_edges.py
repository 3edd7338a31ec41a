"""Edges of the director (``pokersim.engine.director``): the clock, tables starting and stopping.

Each test plays a small run (a rule case of ``scenarios/rules`` with a few terms changed) and
checks its log against what the rules and the director's documented order say: timed faults
happen at their second in the order they were scheduled and never after the tournament is over
(R-FAULT-1, R-COND-1, R-FAULT-2); a satellite's last hands under way end before play stops
(R-ELIM-1); the add-on break starts as soon as every table is idle at the rebuy period's end
(R-BRK-3).
"""

from __future__ import annotations

from typing import Any

from test_cashier_edges import _case, _events, _run


def _one_table_case(faults: dict[str, Any]) -> dict[str, Any]:
    """R-ELIM-1's three-handed case: Ann's aces knock Cid out in hand 1 and Bob in hand 2, and
    the tournament ends after two hands (well inside its first minute), with ``faults``."""
    data = _case("R-ELIM-1-one-player-holds-every-chip")
    data["faults"] = faults
    data["expect"] = {}
    return data


def test_r_fault_1_a_failure_scheduled_at_the_first_second_comes_before_any_hand() -> None:
    """A server failure at minute 0 was scheduled before any table started: it happens first,
    with no hand in progress to roll back, and the first hand is dealt once the one-minute
    outage is over (second 60)."""
    out = _run(_one_table_case({"server_failure_at_minutes": [0], "outage_minutes": 1}))
    (failed,) = _events(out, "ServerFailed")
    assert failed["t"] == 0 and failed["tables_rolled_back"] == () and failed["resume_at"] == 60
    assert _events(out, "HandRolledBack") == []
    first = _events(out, "TableHandStarted")[0]
    assert first["hand_no"] == 1 and first["t"] == 60


def test_r_fault_1_faults_timed_after_the_end_never_happen() -> None:
    """A server failure at minute 20 and a disqualification at minute 25, but the tournament is
    over after two hands: nothing happens after its end, so neither is logged and Ann keeps the
    whole pool of 3,000 cents."""
    faults = {"server_failure_at_minutes": [20], "outage_minutes": 1, "disqualify_at_minutes": [25]}
    out = _run(_one_table_case(faults))
    (ended,) = _events(out, "TournamentEnded")
    assert ended["t"] < 20 * 60
    assert _events(out, "ServerFailed") == [] and _events(out, "PlayerDisqualified") == []
    prizes = {f.player_id: f.prize_cents for f in out.result.finishes}
    assert prizes == {0: 3000, 1: 0, 2: 0}


def test_r_fault_2_a_cancellation_timed_after_the_end_refunds_nothing() -> None:
    """The operator's cancellation is set for minute 20, after the tournament has ended: the
    tournament is not cancelled and Ann keeps the whole pool of 3,000 cents."""
    out = _run(_one_table_case({"cancel_at_minute": 20}))
    assert len(_events(out, "TournamentEnded")) == 1
    assert _events(out, "TournamentCancelled") == []
    prizes = {f.player_id: f.prize_cents for f in out.result.finishes}
    assert prizes == {0: 3000, 1: 0, 2: 0}


def _satellite_two_tables() -> dict[str, Any]:
    """Six players, 1,000 cents each, seats worth 1,500 cents: four seats. Table 1 (Ann 1,000,
    Bob and Cid 100) is all in preflop: Ann's aces knock both out, which leaves four players,
    one per seat. Table 2 (Dee, Eve, Fay, 1,000 each) is still playing its first hand then:
    Dee, on the button, thinks for 20 seconds before folding, then Eve (small blind) folds."""
    data = _case("R-ELIM-1-satellite-equal-prizes")
    names = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
    data["players"] = {
        "count": 6,
        "named": [{"name": n, "model": "calling-station"} for n in names],
    }
    data["seats_per_table"] = 3
    data["satellite"] = {"seat_value_cents": 1500}

    def seats(who: list[tuple[str, int]]) -> list[dict[str, Any]]:
        return [{"seat": i + 1, "player": p, "stack": s} for i, (p, s) in enumerate(who)]

    data["script"] = {
        "tables": [
            {"button": 1, "seats": seats([("Ann", 1000), ("Bob", 100), ("Cid", 100)])},
            {"button": 1, "seats": seats([("Dee", 1000), ("Eve", 1000), ("Fay", 1000)])},
        ],
        "decks": [
            {
                "table": 1,
                "hand": 1,
                "hole": {"1": "AsAh", "2": "7c 2d", "3": "8c 3d"},
                "board": "Kc 9d 5h 4s Jc",
            }
        ],
        "actions": [
            {"player": "Ann", "table": 1, "hand": 1, "do": ["allin"]},
            {"player": "Bob", "table": 1, "hand": 1, "do": ["allin"]},
            {"player": "Cid", "table": 1, "hand": 1, "do": ["allin"]},
            {"player": "Dee", "table": 2, "hand": 1, "do": ["fold @20"]},
            {"player": "Eve", "table": 2, "hand": 1, "do": ["fold"]},
        ],
    }
    data["expect"] = {}
    return data


def test_r_elim_1_a_satellites_hand_under_way_ends_before_play_stops() -> None:
    """R-ELIM-1: the four seats are decided when table 1's hand ends, while table 2's first
    hand is still under way. That hand is played to its end (Dee folds, Eve folds, Fay takes
    the blinds) before the tournament ends, at that hand's end: two hands in all, 4,200 chips
    still in play (Ann 1,200 and table 2's 3,000), and each of the four left wins a seat."""
    out = _run(_satellite_two_tables())
    ends = _events(out, "TableHandEnded")
    assert [(e["table_id"], e["hand_no"]) for e in ends] == [(1, 1), (2, 1)]
    (ended,) = _events(out, "TournamentEnded")
    assert ended["t"] == ends[1]["t"] > ends[0]["t"]
    assert ended["hands_played"] == 2 and ended["chips_in_play"] == 4200
    prizes = {f.player_id: f.prize_cents for f in out.result.finishes}
    assert prizes == {0: 1500, 1: 0, 2: 0, 3: 1500, 4: 1500, 5: 1500}


def test_r_brk_3_the_add_on_break_starts_when_a_hand_ends_as_the_period_ends() -> None:
    """R-BRK-3's case (three players at one table, hands of exactly 47 seconds: its 13th hand
    ends at 20:10:11, second 611) with the rebuy period cut to 9.4 minutes, 564 seconds: the
    12th hand ends exactly as the period ends, every table is idle then, so the add-on break
    starts at second 564 (not after one more hand), and the next hand waits for its end."""
    data = _case("R-BRK-3-addon-break")
    data["entries"]["rebuy_period_minutes"] = 9.4
    data["expect"] = {}
    out = _run(data)
    assert 564 in [e["t"] for e in _events(out, "TableHandEnded")]
    (brk,) = _events(out, "AddOnBreakStarted")
    assert brk["t"] == 564
    later = [e for e in _events(out, "TableHandStarted") if e["t"] > 564]
    assert later[0]["t"] == brk["scheduled_end"] and later[0]["hand_no"] == 13
