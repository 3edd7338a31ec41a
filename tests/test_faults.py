"""Server failures, cancellation and disqualifications (R-FAULT-1, R-FAULT-2, R-COND-1).

Scripted hands (``FakeHands``) through the real tournament engine, plus the pure fault plan.
"""

from __future__ import annotations

import tomllib
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from test_engine_helpers import make_scenario, of_type, one_bust_rule, run_scripted, transfer

from pokersim.cancellation import cancellation_shares, redistribute_forfeited_prize
from pokersim.engine import run_tournament
from pokersim.errors import ConfigError
from pokersim.events import event_record
from pokersim.faults import lowest_open_place, pick_player, plan_faults
from pokersim.hand import Deal, HandSetup, Knockout
from pokersim.payouts import prize_amounts, shares_for, split_tied
from pokersim.results import prizes
from pokersim.scenario import (
    BountyKind,
    CancellationPolicy,
    CancelStage,
    DealMethod,
    DealTerms,
    Faults,
    Satellite,
    Scenario,
    parse_scenario,
)
from pokersim.scenario_toml import scenario_toml

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


# --- R-FAULT-2 ---------------------------------------------------------------------------------


def _pko(count: int, **faults: Any) -> Scenario:
    pay = [{"min_entries": 3, "pay": _PAY3}]
    sc = make_scenario(count, seats=6, prize_cents=1001, payouts=pay)
    entries = replace(sc.entries, bounty_cents=333, fee_cents=77)
    pko = replace(sc.bounty, kind=BountyKind.PKO)
    return _faulty(replace(sc, entries=entries, bounty=pko), **faults)


@settings(max_examples=12, deadline=None)
@given(second=st.integers(0, 600), seed=st.integers(0, 3))
@example(second=90, seed=0)  # before the money, five left
@example(second=420, seed=0)  # in the money, three left
@example(second=600, seed=0)  # over before the time came
def test_r_fault_2_cancelled_at_any_time_every_cent_is_accounted(second: int, seed: int) -> None:
    """R-FAULT-2: cancelled at any minute, every cent paid in is paid out or kept as a fee:
    prizes + bounties + refunds + fees kept = everything paid in; the fees kept are those of
    the players out before a cancellation before the money; in the money each player left
    gets at least the lowest prize not yet awarded."""
    sc = _pko(12, cancel_at_seconds=second)
    events: list[Any] = []
    result = run_tournament(sc, seed, emit=events.append)
    recs = [event_record(e) for e in events]
    (m,) = of_type(recs, "MoneyReconciled")
    paid = sum(f.prize_cents + f.bounty_cents + f.refund_cents for f in result.finishes)
    assert paid + m["fees_cents"] == 12 * (1001 + 333 + 77)
    assert m["prizes_paid_cents"] == m["prize_pool_cents"] == 12 * 1001
    assert m["bounties_on_heads_cents"] == 0  # every head returned or won
    cancels = of_type(recs, "TournamentCancelled")
    if not cancels:  # over before the minute came
        assert m["fees_cents"] == 12 * 77
        return
    (cancel,) = cancels
    left = set(cancel["player_ids"])
    if cancel["stage"] == "before-money":
        assert m["fees_cents"] == 77 * (12 - len(left))
        assert all(f.refund_cents == (77 if f.player_id in left else 0) for f in result.finishes)
    else:
        assert cancel["stage"] == "in-money" and m["fees_cents"] == 12 * 77
        next_payout = prize_amounts(12 * 1001, shares_for(sc.payouts, 12))[len(left) - 1]
        assert min(cancel["shares_cents"]) >= next_payout


def test_r_fault_2_cancelled_the_moment_the_money_is_reached() -> None:
    """R-FAULT-2 (``cancel_at_stage = "in-money"``): the hand that bursts the bubble is the
    last; three paid places, three left, each gets at least the third prize."""
    sc = _pko(6, cancel_at_stage=CancelStage.IN_MONEY)
    result, events = run_scripted(sc, _slow_bust)
    (cancel,) = of_type(events, "TournamentCancelled")
    assert cancel["stage"] == "in-money" and len(cancel["player_ids"]) == 3
    third = prize_amounts(6 * 1001, shares_for(sc.payouts, 6))[2]
    assert min(cancel["shares_cents"]) >= third
    assert sum(cancel["shares_cents"]) == 6 * 1001 - sum(
        f.prize_cents for f in result.finishes if f.player_id not in cancel["player_ids"]
    )
    _check_money(result, events)


def test_r_fault_2_stage_policies_are_configurable_and_written_back() -> None:
    """R-FAULT-2: the defaults can be changed; the scenario writer keeps the new keys."""
    sc = _pko(
        6,
        cancel_at_seconds=10,
        cancellation_in_money_policy=CancellationPolicy.EQUAL,
        cancellation_refunds_fees=False,
        cancellation_returns_bounties=False,
    )
    back = parse_scenario(tomllib.loads(scenario_toml(sc)))
    assert back.faults == sc.faults
    staged = _pko(6, cancel_at_stage=CancelStage.BEFORE_START)
    assert parse_scenario(tomllib.loads(scenario_toml(staged))).faults == staged.faults
    result, events = run_scripted(sc, _slow_bust)
    (cancel,) = of_type(events, "TournamentCancelled")
    assert cancel["stage"] == "before-money" and cancel["t"] == 10
    assert not of_type(events, "BuyInRefunded")  # no fee back
    assert all(f.bounty_cents == 0 for f in result.finishes)  # heads kept: nothing returned
    (m,) = of_type(events, "MoneyReconciled")
    assert m["bounties_on_heads_cents"] == 6 * 333 and m["fees_cents"] == 6 * 77


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


_PAY6 = [{"places": 1, "percent": p} for p in (30, 20, 15, 13, 12, 10)]


def _tie_then_bust(setup: HandSetup, deal: Deal) -> Outcome:
    """20 quiet hands; then one bust a hand, except hand 22 where the last two seats (equal
    stacks of 100) bust together (R-ELIM-2: they tie for the better of their places)."""
    ids = setup.player_ids
    if setup.hand_no <= 20:
        return setup.stacks, ()
    if setup.hand_no == 22:
        return transfer(setup, [(ids[-1], ids[0], -1), (ids[-2], ids[0], -1)])
    return transfer(setup, [(ids[0], ids[1], -1)])


def _table6(count: int) -> tuple[int, ...]:
    sc = make_scenario(count, payouts=[{"min_entries": 6, "pay": _PAY6}])
    return prize_amounts(count * 1001, shares_for(sc.payouts, count))


def _forfeit_run(count: int, times: tuple[int, ...], seed: int) -> tuple[Any, list[dict[str, Any]]]:
    sc = make_scenario(count, prize_cents=1001, payouts=[{"min_entries": 6, "pay": _PAY6}])
    sc = _faulty(sc, disqualify_at_seconds=times, disqualified_prize_forfeited=True)
    return run_scripted(sc, _tie_then_bust, seed=seed)


def test_r_cond_1_forfeit_tops_up_the_places_already_paid() -> None:
    """R-COND-1 (forfeit): the prize is shared among ALL the other paid places. Seven players,
    six paid; 4th and the tie for 5th-6th are paid before the player in 3rd is disqualified:
    1st and 2nd are paid their raised prizes, 4th and the tied pair get a PrizeTopUp at once,
    the pair splitting theirs as they split their prize (odd cent to the first of them)."""
    result, events = _forfeit_run(7, (23,), seed=2)
    (dq,) = of_type(events, "PlayerDisqualified")
    assert dq["place"] == 3 and dq["prize_forfeited"]
    before = _table6(7)
    after = redistribute_forfeited_prize(before, 3)
    raise_by = [b - a for a, b in zip(before, after)]
    assert all(x > 0 for i, x in enumerate(raise_by) if i != 2)
    ups = of_type(events, "PrizeTopUp")
    assert all(u["t"] == dq["t"] and u["reason"] == "forfeit" for u in ups)
    assert events.index(ups[0]) > events.index(dq)
    assert [(u["place"], u["cents"]) for u in ups] == [
        (4, raise_by[3]),
        *zip((5, 5), split_tied(raise_by, 5, 2)),
    ]
    tied = [e["player_id"] for e in of_type(events, "PrizePaid") if e["place"] == 5]
    assert [u["player_id"] for u in ups[1:]] == tied
    by_place: dict[int, list[int]] = {}
    for f in result.finishes:
        by_place.setdefault(f.place, []).append(f.prize_cents)
    assert by_place[1] == [after[0]] and by_place[2] == [after[1]] and by_place[3] == [0]
    assert by_place[4] == [after[3]]
    assert sorted(by_place[5]) == sorted(split_tied(after, 5, 2))
    assert by_place[7] == [0]
    assert prizes(events) == {f.player_id: f.prize_cents for f in result.finishes if f.prize_cents}
    _check_money(result, events)


def test_r_cond_1_forfeit_of_second_place_with_two_left_tops_up_every_paid_place() -> None:
    """R-COND-1 (forfeit), the last place still open below first: drawn with three left and
    applied when the hand ends with two left, the player takes 2nd; its prize goes to 1st
    (the winner is paid the raised first prize) and to every place already paid (3rd, 4th,
    the pair tied for 5th-6th), each in proportion to its prize, leftovers to first."""
    sc = make_scenario(7, prize_cents=1001, payouts=[{"min_entries": 6, "pay": _PAY6}])
    sc = _faulty(sc, disqualify_at_seconds=(47,), disqualified_prize_forfeited=True)
    seconds = {(1, k): 2.0 for k in range(1, 40)}
    result, events = run_scripted(sc, _tie_then_bust, seed=1, seconds=seconds)
    (dq,) = of_type(events, "PlayerDisqualified")
    assert dq["place"] == 2 and dq["prize_forfeited"]
    before = _table6(7)
    after = redistribute_forfeited_prize(before, 2)
    d = [b - a for a, b in zip(before, after)]
    ups = of_type(events, "PrizeTopUp")
    assert [(u["place"], u["cents"]) for u in ups] == [
        (3, d[2]),
        (4, d[3]),
        *zip((5, 5), split_tied(d, 5, 2)),
    ]
    got = {f.place: f.prize_cents for f in result.finishes if f.place != 5}
    assert got == {1: after[0], 2: 0, 3: after[2], 4: after[3], 7: 0}
    assert sum(f.prize_cents for f in result.finishes) == 7007
    assert prizes(events) == {f.player_id: f.prize_cents for f in result.finishes if f.prize_cents}
    _check_money(result, events)


def test_r_cond_1_several_forfeits_compose_and_out_of_the_money_forfeits_nothing() -> None:
    """R-COND-1 (forfeit), three disqualifications among nine players, six paid: the first is
    out of the money (9th: nothing to share, nobody topped up); the second (5th) shares among
    1st-4th and the pair tied for 6th-7th (only 6th pays, so only 6th's share is theirs);
    the third (3rd) shares the raised table among 1st, 2nd, 4th and the pair. A forfeited
    place is never topped up; every share is to the cent."""
    result, events = _forfeit_run(9, (0, 22, 23), seed=1)
    dqs = of_type(events, "PlayerDisqualified")
    assert [(d["place"], d["prize_forfeited"]) for d in dqs] == [(9, False), (5, True), (3, True)]
    t0 = _table6(9)
    t1 = redistribute_forfeited_prize(t0, 5)
    t2 = redistribute_forfeited_prize(t1, 3)
    d1 = [b - a for a, b in zip(t0, t1)]
    d2 = [b - a for a, b in zip(t1, t2)]
    ups = of_type(events, "PrizeTopUp")
    assert all(events.index(u) > events.index(dqs[1]) for u in ups)
    assert [(u["t"], u["place"], u["cents"]) for u in ups] == [
        (dqs[1]["t"], 6, split_tied(d1, 6, 2)[0]),
        (dqs[1]["t"], 6, split_tied(d1, 6, 2)[1]),
        (dqs[2]["t"], 4, d2[3]),
        (dqs[2]["t"], 6, split_tied(d2, 6, 2)[0]),
        (dqs[2]["t"], 6, split_tied(d2, 6, 2)[1]),
    ]
    by_place: dict[int, list[int]] = {}
    for f in result.finishes:
        by_place.setdefault(f.place, []).append(f.prize_cents)
    assert by_place[1] == [t2[0]] and by_place[2] == [t2[1]] and by_place[4] == [t2[3]]
    assert by_place[3] == by_place[5] == by_place[8] == by_place[9] == [0]
    assert sum(by_place[6]) == t2[5] and max(by_place[6]) - min(by_place[6]) <= 1
    assert prizes(events) == {f.player_id: f.prize_cents for f in result.finishes if f.prize_cents}
    _check_money(result, events)


def test_r_cond_1_satellite_forfeit_of_the_remainder_is_shared_equally_by_the_seats() -> None:
    """R-COND-1 (forfeit) in a satellite (R-ELIM-1): ten players, 3 seats of 30.00 and a 10.00
    remainder for 4th. A disqualification needs more players left than seats, so the only paid
    place it can take is 4th; its remainder goes to the seat places in proportion to their
    (equal) prizes, so the three seat winners share it equally, the odd cent to the first."""
    sc = replace(make_scenario(10, seats=10), satellite=Satellite(seat_value_cents=3000))
    sc = _faulty(sc, disqualify_at_seconds=(11,), disqualified_prize_forfeited=True)
    seconds = {(1, k): 2.0 for k in range(1, 20)}
    result, events = run_scripted(sc, one_bust_rule, seed=1, seconds=seconds)
    (dq,) = of_type(events, "PlayerDisqualified")  # drawn at 0:11, out when hand 6 ends
    assert dq["place"] == 4 and dq["prize_forfeited"]
    assert not of_type(events, "PrizeTopUp")  # no paid place below 4th
    seats = sorted(f.prize_cents for f in result.finishes if f.place == 1)
    assert seats == [3333, 3333, 3334]
    assert [f.prize_cents for f in result.finishes if f.place == 4] == [0]
    assert sum(f.prize_cents for f in result.finishes) == 10_000
    _check_money(result, events)


def test_r_cond_1_after_a_deal_the_deal_stands_and_nothing_is_forfeited() -> None:
    """R-COND-1 with R-DEAL-1: once a deal is made the amounts are agreed, so a player
    disqualified after it receives their deal amount even under "forfeit"; nobody is topped up."""
    sc = make_scenario(6, prize_cents=1001, payouts=[{"min_entries": 3, "pay": _PAY3}])
    sc = replace(sc, deal=DealTerms(enabled=True, method=DealMethod.CHIP_CHOP, at_players=3))
    sc = _faulty(sc, disqualify_at_seconds=(7,), disqualified_prize_forfeited=True)
    seconds = {(1, k): 2.0 for k in range(1, 20)}
    result, events = run_scripted(sc, one_bust_rule, seed=4, seconds=seconds)
    (deal,) = of_type(events, "DealMade")
    (dq,) = of_type(events, "PlayerDisqualified")
    assert events.index(deal) < events.index(dq) and not dq["prize_forfeited"]
    amounts = dict(zip(deal["player_ids"], deal["amounts_cents"]))
    by_id = {f.player_id: f for f in result.finishes}
    assert by_id[dq["player_id"]].prize_cents == amounts[dq["player_id"]] > 0
    assert not of_type(events, "PrizeTopUp")
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
