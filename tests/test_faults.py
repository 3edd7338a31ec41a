"""Server failures, cancellation and disqualifications (R-FAULT-1, R-COND-1).

Scripted hands (``FakeHands``) through the real tournament engine, plus the pure fault plan.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from test_engine_helpers import make_scenario, of_type, one_bust_rule, run_scripted

from pokersim.cancellation import cancellation_shares, redistribute_forfeited_prize
from pokersim.errors import ConfigError
from pokersim.faults import lowest_open_place, pick_player, plan_faults
from pokersim.hand import Deal, HandSetup, Knockout
from pokersim.payouts import prize_amounts, shares_for
from pokersim.scenario import CancellationPolicy, Faults, Scenario, parse_scenario

Outcome = tuple[tuple[int, ...], tuple[Knockout, ...]]
_PAY3 = [{"places": 1, "percent": 50}, {"places": 1, "percent": 30}, {"places": 1, "percent": 20}]


def _faulty(sc: Scenario, **kw: Any) -> Scenario:
    return replace(sc, faults=replace(sc.faults, **kw))


def _slow_bust(setup: HandSetup, deal: Deal) -> Outcome:
    """Nothing happens in the first 20 hands at a table, then one bust a hand."""
    if setup.hand_no <= 20:
        return setup.stacks, ()
    return one_bust_rule(setup, deal)


def _check_money(result: Any, events: list[dict[str, Any]]) -> None:
    (m,) = of_type(events, "MoneyReconciled")
    assert sum(f.prize_cents for f in result.finishes) == m["prizes_paid_cents"]
    assert m["prizes_paid_cents"] == m["prize_pool_cents"] == result.prize_pool_cents


# --- R-FAULT-1 ---------------------------------------------------------------------------------


def test_r_fault_1_hands_in_progress_roll_back_and_play_resumes_after_the_outage() -> None:
    """R-FAULT-1: at the failure every hand in progress at every table rolls back (stacks as at
    its start, no chips created or lost); no hand starts before play resumes."""
    sc = _faulty(make_scenario(18), server_failure_at_seconds=(30,), outage_seconds=300)
    result, events = run_scripted(sc, _slow_bust, seconds={(1, 10): 15, (2, 10): 15})
    (fail,) = of_type(events, "ServerFailed")
    assert fail["t"] == 30 and fail["resume_at"] == 330 and not fail["cancelled"]
    rolled = of_type(events, "HandRolledBack")
    assert sorted(e["table_id"] for e in rolled) == sorted(fail["tables_rolled_back"]) == [1, 2]
    started = {(e["table_id"], e["hand_no"]): e for e in of_type(events, "TableHandStarted")}
    ended = {(e["table_id"], e["hand_no"]) for e in of_type(events, "TableHandEnded")}
    for e in rolled:
        key = (e["table_id"], e["hand_no"])
        assert key not in ended
        assert started[key]["t"] <= 30 and e["stacks"] == started[key]["stacks"]
    assert not [e for e in started.values() if 30 < e["t"] < 330]
    assert min(e["t"] for e in started.values() if e["t"] > 30) >= 330
    assert result.chips_in_play == 18 * 100  # conserved
    _check_money(result, events)


def test_r_fault_1_failure_when_a_hand_count_is_reached() -> None:
    """R-FAULT-1 (scheduled by hand count): the failure comes the moment the 5th hand ends."""
    sc = _faulty(make_scenario(18), server_failure_at_hands=(5,), outage_seconds=120)
    result, events = run_scripted(sc, _slow_bust)
    (fail,) = of_type(events, "ServerFailed")
    ends = of_type(events, "TableHandEnded")
    assert ends[4]["t"] == fail["t"]
    i = events.index(fail)
    assert sum(1 for e in events[:i] if e["type"] == "TableHandEnded") == 5
    assert fail["tables_rolled_back"] == (ends[4]["table_id"] % 2 + 1,)
    _check_money(result, events)


@pytest.mark.parametrize("policy", list(CancellationPolicy))
def test_r_fault_1_cancellation_shares_the_remaining_prize_money(
    policy: CancellationPolicy,
) -> None:
    """R-FAULT-1: a failure that cancels shares the prizes of the places still open among the
    players left by the configured policy, to the cent; places by chips."""
    sc = make_scenario(6, prize_cents=1001, payouts=[{"min_entries": 3, "pay": _PAY3}])
    sc = _faulty(
        sc,
        server_failure_at_seconds=(50,),
        cancel_probability=1.0,
        cancellation_policy=policy,
        cancellation_equal_percent=40.0,
    )

    def rule(setup: HandSetup, deal: Deal) -> Outcome:  # one bust, then uneven stacks
        if setup.hand_no == 1:
            return one_bust_rule(setup, deal)
        ids = setup.player_ids
        return transfer_some(setup, ids[1], ids[2], 7)

    result, events = run_scripted(sc, rule, seconds={(1, k): 9 for k in range(1, 50)})
    (cancel,) = of_type(events, "TournamentCancelled")
    pool = 6 * 1001
    prizes = prize_amounts(pool, shares_for(sc.payouts, 6))
    left = len(cancel["player_ids"])
    assert left == 5
    expected = cancellation_shares(
        cancel["stacks"], sum(prizes[:left]), policy=policy, equal_percent=40.0
    )
    assert cancel["shares_cents"] == expected
    by_id = {f.player_id: f for f in result.finishes}
    for p, share, chips in zip(cancel["player_ids"], cancel["shares_cents"], cancel["stacks"]):
        assert by_id[p].prize_cents == share
        better = sum(1 for c in cancel["stacks"] if c > chips)
        assert by_id[p].place == better + 1
    _check_money(result, events)


def transfer_some(setup: HandSetup, src: int, dst: int, chips: int) -> Outcome:
    idx = {s.player_id: i for i, s in enumerate(setup.seats)}
    stacks = list(setup.stacks)
    move = min(chips, stacks[idx[src]] - 1)
    stacks[idx[src]] -= move
    stacks[idx[dst]] += move
    return tuple(stacks), ()


# --- R-COND-1 ----------------------------------------------------------------------------------


def test_r_cond_1_disqualified_chips_leave_play_lowest_open_place() -> None:
    """R-COND-1: the disqualified player's chips are removed and they take the lowest place
    still open at that moment, as if eliminated then, keeping that place's prize."""
    sc = _faulty(make_scenario(12), disqualify_at_seconds=(5,))
    result, events = run_scripted(sc, _slow_bust)
    (dq,) = of_type(events, "PlayerDisqualified")
    assert dq["t"] == 5 and dq["place"] == 12 and not dq["prize_forfeited"]
    assert dq["chips_removed"] == 100
    assert result.chips_in_play == 12 * 100 - 100
    end = of_type(events, "TournamentEnded")[0]
    assert end["chips_in_play"] == 1100
    places = sorted(f.place for f in result.finishes)
    assert places == list(range(1, 13))
    _check_money(result, events)


def test_r_cond_1_forfeited_prize_is_shared_among_the_other_paid_places() -> None:
    """R-COND-1 (forfeit): disqualified in 3rd place, their prize goes to 1st and 2nd in
    proportion to their prizes, to the cent, leftovers to first."""
    sc = make_scenario(3, prize_cents=1001, payouts=[{"min_entries": 3, "pay": _PAY3}])
    sc = _faulty(sc, disqualify_at_seconds=(5,), disqualified_prize_forfeited=True)
    result, events = run_scripted(sc, _slow_bust)
    (dq,) = of_type(events, "PlayerDisqualified")
    assert dq["place"] == 3 and dq["prize_forfeited"]
    prizes = prize_amounts(3003, shares_for(sc.payouts, 3))
    after = redistribute_forfeited_prize(prizes, 3)
    got = {f.place: f.prize_cents for f in result.finishes}
    assert got == {1: after[0], 2: after[1], 3: 0}
    assert after[0] > prizes[0] and after[1] > prizes[1]
    _check_money(result, events)


# --- the plan (pure) ---------------------------------------------------------------------------


def test_fault_plan_is_drawn_from_the_seed_and_merges_scheduled_times() -> None:
    """Same seed, same plan; scheduled times are kept; a rate draws a Poisson process."""
    f = Faults(
        server_failures_per_hour=2.0, server_failure_at_seconds=(77,), cancel_probability=0.5
    )
    a, b = plan_faults(f, 3), plan_faults(f, 3)
    assert a == b and 77 in a.failures
    assert list(a.failures) == sorted(a.failures)
    hours = 14 * 24
    assert abs(len(a.failures) - 1 - 2 * hours) < 5 * (2 * hours) ** 0.5
    assert 0 < sum(a.cancels) < len(a.cancels)
    assert plan_faults(Faults(), 3).empty
    assert plan_faults(f, 4) != a


def test_pick_player_and_lowest_open_place() -> None:
    picks = {pick_player(1, i, [4, 9, 2]) for i in range(40)}
    assert picks == {2, 4, 9}
    assert pick_player(1, 5, [9, 4, 2]) == pick_player(1, 5, [2, 4, 9])
    assert lowest_open_place(7) == 7
    with pytest.raises(ValueError, match="disqualify"):
        lowest_open_place(1)


def test_fault_keys_are_read_and_checked() -> None:
    """The loader reads scheduled failures and disqualifications in minutes; bad items name
    the key."""
    base: dict[str, Any] = {
        "name": "f",
        "starting_stack": 100,
        "players": {"count": 9, "mix": [{"model": "random", "percent": 100}]},
        "levels": [{"small_blind": 1, "big_blind": 2, "minutes": 10}],
    }
    sc = parse_scenario(
        {
            **base,
            "faults": {
                "server_failure_at_minutes": [30, 1.5],
                "server_failure_at_hands": [100],
                "outage_minutes": 4,
                "disqualify_at_minutes": [10],
            },
        }
    )
    assert sc.faults.server_failure_at_seconds == (90, 1800)
    assert sc.faults.server_failure_at_hands == (100,)
    assert sc.faults.outage_seconds == 240
    assert sc.faults.disqualify_at_seconds == (600,)
    with pytest.raises(ConfigError, match=r"faults.server_failure_at_hands\[0\]"):
        parse_scenario({**base, "faults": {"server_failure_at_hands": [0]}})
    with pytest.raises(ConfigError, match=r"faults.disqualify_at_minutes\[1\]"):
        parse_scenario({**base, "faults": {"disqualify_at_minutes": [1, "x"]}})
