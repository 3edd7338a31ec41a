"""Entries, bounties, satellites and the money reconciliation through the tournament engine.

Scripted hands (``FakeHands``) decide who busts whom, so each test pins one rule of RULES.md in
a situation chosen by hand; the hypothesis property runs random small fields.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_engine_helpers import (
    FakeHands,
    ScriptedModel,
    make_scenario,
    of_type,
    one_bust_rule,
    random_rule,
    run_scripted,
)

from pokersim.engine import run_tournament
from pokersim.errors import ConfigError
from pokersim.hand import Deal, HandSetup, Knockout
from pokersim.payouts import places_paid, prize_amounts, shares_for
from pokersim.results import event_record, summary
from pokersim.scenario import Bounty, BountyKind, DealMethod, DealTerms, Satellite, Scenario

Outcome = tuple[tuple[int, ...], tuple[Knockout, ...]]
_PAY3 = [{"places": 1, "percent": 50}, {"places": 1, "percent": 30}, {"places": 1, "percent": 20}]


def _with(sc: Scenario, **entries: Any) -> Scenario:
    return replace(sc, entries=replace(sc.entries, **entries))


def _money(events: list[dict[str, Any]]) -> dict[str, Any]:
    (m,) = of_type(events, "MoneyReconciled")
    return m


def _check_identity(result: Any, events: list[dict[str, Any]]) -> None:
    m = _money(events)
    prizes = sum(e["prize_cents"] for e in of_type(events, "PrizePaid"))
    cash = sum(e["cash_cents"] for e in of_type(events, "BountyPaid"))
    assert prizes == m["prizes_paid_cents"] == sum(f.prize_cents for f in result.finishes)
    assert cash == m["bounties_paid_cents"] == sum(f.bounty_cents for f in result.finishes)
    assert (
        m["prizes_paid_cents"] + m["bounties_paid_cents"] + m["bounties_on_heads_cents"]
        == m["prize_pool_cents"] + m["bounty_pool_cents"]
    )


# --- R-REG-2, R-REG-3: rebuys, re-entries, the add-on -----------------------------------------


def test_r_reg_2_busted_player_rebuys_once_in_the_period_then_is_out() -> None:
    """R-REG-2: a player at or below the threshold in the rebuy period buys rebuy_chips for the
    rebuy price, up to the limit; R-REG-3: every rebuy's prize part is in the pool."""
    sc = _with(
        make_scenario(6),
        rebuys_per_player=1,
        rebuy_price_cents=500,
        rebuy_chips=100,
        rebuy_period_seconds=3600,
        rebuy_max_stack=0,
    )
    result, events = run_scripted(sc, one_bust_rule)
    bought = of_type(events, "EntryBought")
    assert bought and {e["kind"] for e in bought} == {"rebuy"}
    per_player: dict[int, int] = {}
    for e in bought:
        per_player[e["player_id"]] = per_player.get(e["player_id"], 0) + 1
        assert e["prize_cents"] == 500 and e["chips"] == 100 and e["stack_after"] == 100
    assert max(per_player.values()) == 1  # the limit
    rebuys = len(bought)
    assert result.chips_in_play == 6 * 100 + rebuys * 100
    (closed,) = of_type(events, "EntriesClosed")
    assert closed["prize_pool_cents"] == 6 * 1000 + rebuys * 500 == result.prize_pool_cents
    assert sum(f.prize_cents for f in result.finishes) == result.prize_pool_cents
    _check_identity(result, events)


class _Broke(ScriptedModel):
    """A player with no money left after the first buy-in."""

    budget_cents = 0


class _Declines(ScriptedModel):
    """A player who never rebuys."""

    def wants_rebuy(self, stack: int, price_cents: int, budget_cents: int | None) -> bool:
        return False


@pytest.mark.parametrize("model", [_Broke(), _Declines()])
def test_r_reg_2_no_funds_or_no_wish_no_rebuy(model: ScriptedModel) -> None:
    """R-REG-2: a player without funds for a rebuy (or whose model declines) leaves."""
    sc = _with(
        make_scenario(4),
        rebuys_per_player=3,
        rebuy_price_cents=500,
        rebuy_chips=100,
        rebuy_period_seconds=3600,
        rebuy_max_stack=0,
    )
    events: list[Any] = []
    result = run_tournament(
        sc, 1, emit=events.append, hand_player=FakeHands(one_bust_rule), models=[model] * 4
    )
    assert not [e for e in events if type(e).__name__ == "EntryBought"]
    assert result.prize_pool_cents == 4 * 1000


def test_r_reg_2_reentry_pays_the_old_bounty_and_places_a_new_one() -> None:
    """R-REG-2: a busted player re-enters (full buy-in, starting stack) while late registration
    is open; R-KO-2: the entry that ended pays its bounty; summary.json counts the entries."""
    sc = replace(
        _with(
            make_scenario(5),
            bounty_cents=200,
            fee_cents=50,
            reentries_per_player=1,
            late_registration_seconds=3600,
        ),
        bounty=Bounty(kind=BountyKind.KO),
    )
    result, events = run_scripted(sc, one_bust_rule)
    re = of_type(events, "EntryBought")
    assert re and all(e["kind"] == "reentry" for e in re)
    assert all((e["prize_cents"], e["bounty_cents"], e["fee_cents"]) == (1000, 200, 50) for e in re)
    first = re[0]
    paid = [e for e in of_type(events, "BountyPaid") if e["eliminated_id"] == first["player_id"]]
    assert paid and paid[0]["cash_cents"] == 200 and paid[0]["t"] == first["t"]
    entries = len(re) + 5
    assert result.entries == entries
    s = summary(result)
    assert s["entries"] == entries
    assert sum(p["entries"] for p in s["players"]) == entries
    m = _money(events)
    assert m["bounty_pool_cents"] == entries * 200
    assert m["fees_cents"] == entries * 50
    _check_identity(result, events)


def test_r_reg_3_payout_table_chosen_from_final_entries_with_overlay() -> None:
    """R-REG-3: when rebuys close, the table is the one for the final number of entries, and the
    guarantee tops up the collected prize parts (overlay)."""
    pay3 = _PAY3
    bands = [
        {"min_entries": 1, "max_entries": 7, "pay": [{"places": 1, "percent": 100}]},
        {"min_entries": 8, "pay": pay3},
    ]
    sc = _with(
        make_scenario(6, payouts=bands),
        reentries_per_player=2,
        late_registration_seconds=3600,
        guarantee_cents=20_000,
    )
    assert places_paid(sc.payouts, 6) == 1
    result, events = run_scripted(sc, one_bust_rule)
    (closed,) = of_type(events, "EntriesClosed")
    entries = closed["entries"]
    assert entries >= 8
    assert closed["places_paid"] == places_paid(sc.payouts, entries) == 3
    collected = entries * 1000
    assert closed["prize_pool_cents"] == max(collected, 20_000)
    assert closed["overlay_cents"] == max(0, 20_000 - collected)
    expected = prize_amounts(closed["prize_pool_cents"], shares_for(sc.payouts, entries))
    got = sorted((f.place, f.prize_cents) for f in result.finishes if f.prize_cents)
    assert [c for _p, c in got] == list(expected)


def _quiet_then_random(setup: HandSetup, deal: Deal) -> Outcome:
    return (setup.stacks, ()) if setup.hand_no < 400 else random_rule(setup, deal)


def test_r_brk_3_addon_break_at_the_end_of_the_rebuy_period() -> None:
    """R-BRK-3: an extra break at the end of the rebuy period; every player still in buys the
    add-on once (R-REG-2) and no hand starts before the break ends."""
    sc = _with(
        make_scenario(6, stack=1000),
        rebuys_per_player=1,
        rebuy_price_cents=500,
        rebuy_chips=1000,
        rebuy_period_seconds=120,
        rebuy_max_stack=1000,
        addon_price_cents=700,
        addon_chips=2000,
    )
    result, events = run_scripted(sc, _quiet_then_random)
    (brk,) = of_type(events, "AddOnBreakStarted")
    assert brk["t"] >= 120
    addons = [e for e in of_type(events, "EntryBought") if e["kind"] == "addon"]
    assert sorted(e["player_id"] for e in addons) == list(range(6))
    assert all(e["t"] == brk["t"] and e["chips"] == 2000 for e in addons)
    later = [e["t"] for e in of_type(events, "TableHandStarted") if e["t"] >= brk["t"]]
    assert later and min(later) >= brk["scheduled_end"] == brk["t"] + 180
    rebuys = [e for e in of_type(events, "EntryBought") if e["kind"] == "rebuy"]
    assert all(e["t"] < 120 for e in rebuys)
    assert result.prize_pool_cents == 6 * 1000 + 500 * len(rebuys) + 700 * 6
    assert result.chips_in_play == 6 * 1000 + 1000 * len(rebuys) + 2000 * 6
    _check_identity(result, events)


# --- R-KO-1..4 ---------------------------------------------------------------------------------


def _two_winner_rule(setup: HandSetup, deal: Deal) -> Outcome:
    """Hand 1 at each table: the player after the button's left busts to the next two, who tie;
    then one bust a hand."""
    if setup.hand_no != 1 or len(setup.seats) < 3:
        return one_bust_from_first(setup, deal)
    n = len(setup.seats)
    lo, w1, w2 = ((setup.button + k) % n for k in (1, 2, 3))
    stacks = list(setup.stacks)
    chips = stacks[lo]
    stacks[lo] = 0
    stacks[w1] += chips - chips // 2
    stacks[w2] += chips // 2
    ids = setup.player_ids
    ko = Knockout(
        seat=lo, player_id=ids[lo], pot_index=0, winners=(w1, w2), winner_ids=(ids[w1], ids[w2])
    )
    return tuple(stacks), (ko,)


def one_bust_from_first(setup: HandSetup, deal: Deal) -> Outcome:
    return one_bust_rule(setup, deal)


@pytest.mark.parametrize("kind", [BountyKind.KO, BountyKind.PKO])
def test_r_ko_3_tied_winners_split_with_the_odd_cent_nearest_the_button(kind: BountyKind) -> None:
    """R-KO-3: a bounty of 101 cents won by two tied winners: 51 to the one nearest the button,
    50 to the other; in PKO each share is halved with the odd cent in the cash half (26 + 25)."""
    sc = replace(_with(make_scenario(5), bounty_cents=101), bounty=Bounty(kind=kind))
    result, events = run_scripted(sc, _two_winner_rule)
    first = of_type(events, "PlayerEliminated")[0]
    assert len(first["by"]) == 2
    paid = [e for e in of_type(events, "BountyPaid") if e["eliminated_id"] == first["player_id"]]
    assert [e["winner_id"] for e in paid] == list(first["by"])
    if kind is BountyKind.KO:
        assert [(e["cash_cents"], e["onto_head_cents"]) for e in paid] == [(51, 0), (50, 0)]
    else:
        assert [(e["cash_cents"], e["onto_head_cents"]) for e in paid] == [(26, 25), (25, 25)]
    _check_identity(result, events)


def test_r_ko_1_r_ko_2_r_ko_4_knockout_bounties_paid_to_the_eliminator_and_winner() -> None:
    """R-KO-1: every entry carries the bounty part; R-KO-2: it goes to the winner of the pot that
    took the player's last chips (the log's ``by``); R-KO-4: the winner collects their own."""
    sc = replace(_with(make_scenario(7), bounty_cents=300), bounty=Bounty(kind=BountyKind.KO))
    result, events = run_scripted(sc, one_bust_rule)
    elim = {e["player_id"]: e for e in of_type(events, "PlayerEliminated")}
    paid = of_type(events, "BountyPaid")
    assert len(paid) == 7
    for e in paid:
        if e["eliminated_id"] == result.winner_id:
            assert e["winner_id"] == result.winner_id  # R-KO-4
        else:
            assert (e["winner_id"],) == tuple(elim[e["eliminated_id"]]["by"])
        assert e["cash_cents"] == 300
    assert _money(events)["bounties_on_heads_cents"] == 0
    _check_identity(result, events)


def test_r_ko_1_pko_half_cash_half_onto_the_eliminators_head() -> None:
    """R-KO-1 (PKO): the eliminator takes half in cash and half goes onto their own bounty, so a
    later knockout of that player pays more; the winner collects what is on their head."""
    sc = replace(_with(make_scenario(4), bounty_cents=200), bounty=Bounty(kind=BountyKind.PKO))
    result, events = run_scripted(sc, one_bust_rule)
    paid = of_type(events, "BountyPaid")
    knock = [e for e in paid if e["eliminated_id"] != e["winner_id"]]
    assert all(e["cash_cents"] == e["onto_head_cents"] for e in knock)
    head = {p: 200 for p in range(4)}
    for e in knock:
        assert e["cash_cents"] + e["onto_head_cents"] == head[e["eliminated_id"]]
        head[e["winner_id"]] += e["onto_head_cents"]
    (own,) = [e for e in paid if e["eliminated_id"] == e["winner_id"]]
    assert own["cash_cents"] == head[result.winner_id] > 200
    assert sum(f.bounty_cents for f in result.finishes) == 800
    _check_identity(result, events)


def test_r_ko_4_fixed_bounty_on_the_winner_or_unregistered_is_not_paid() -> None:
    """R-KO-4: a fixed bounty on a player who wins stays on their head; one on a name that never
    registered is never placed; the money still reconciles to the cent."""
    sc = make_scenario(4)
    names = [s.name for s in sc.players.expand()]
    sc = replace(
        sc, bounty=Bounty(kind=BountyKind.FIXED, amount_cents=500, targets=(*names, "Nobody"))
    )
    result, events = run_scripted(sc, one_bust_rule)
    m = _money(events)
    assert m["bounty_pool_cents"] == 4 * 500  # "Nobody" never registered
    assert m["bounties_paid_cents"] == 3 * 500
    assert m["bounties_on_heads_cents"] == 500  # on the winner, not paid
    assert not [e for e in of_type(events, "BountyPaid") if e["eliminated_id"] == result.winner_id]
    _check_identity(result, events)


# --- R-ELIM-1: satellites ----------------------------------------------------------------------


def test_r_elim_1_satellite_ends_when_every_player_left_wins_a_seat() -> None:
    """R-ELIM-1: a pool of 10 x 10.00 buys 3 seats of 30.00; play stops with 3 players left, who
    each get a seat; the next place gets the 10.00 remainder (R-MONEY-1)."""
    sc = replace(make_scenario(10), satellite=Satellite(seat_value_cents=3000))
    result, events = run_scripted(sc, one_bust_rule)
    seats = [f for f in result.finishes if f.place == 1]
    assert len(seats) == 3 and all(f.prize_cents == 3000 for f in seats)
    (fourth,) = [f for f in result.finishes if f.place == 4]
    assert fourth.prize_cents == 1000
    assert sum(f.prize_cents for f in result.finishes) == 10_000
    end = of_type(events, "TournamentEnded")[0]
    assert end["winner_id"] in {f.player_id for f in seats}
    assert result.places_paid == 4
    _check_identity(result, events)


def test_r_elim_1_satellite_with_a_pool_too_small_for_a_seat_is_a_config_error() -> None:
    """A satellite whose pool buys no seat (or a seat for everyone) is rejected by name."""
    for value in (20_000, 1000):
        sc = replace(make_scenario(10), satellite=Satellite(seat_value_cents=value))
        with pytest.raises(ConfigError, match="seat_value_cents"):
            run_scripted(sc, one_bust_rule)


# --- the money identity, as a property ----------------------------------------------------------


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(3, 14),
    kind=st.sampled_from([BountyKind.NONE, BountyKind.KO, BountyKind.PKO]),
    bounty=st.integers(1, 333),
    prize=st.integers(0, 777),
    rebuys=st.integers(0, 2),
    reentries=st.integers(0, 2),
    addon=st.booleans(),
    guarantee=st.integers(0, 20_000),
    seed=st.integers(0, 1000),
)
def test_money_reconciles_to_the_cent_over_random_small_fields(
    n: int,
    kind: BountyKind,
    bounty: int,
    prize: int,
    rebuys: int,
    reentries: int,
    addon: bool,
    guarantee: int,
    seed: int,
) -> None:
    """R-MONEY-1, R-REG-3, R-KO-1..4: prizes + bounties paid + bounties on heads = prize pool +
    bounty pool; the pool is every prize part collected topped up to the guarantee."""
    sc = make_scenario(n, seats=6, prize_cents=prize)
    sc = _with(
        sc,
        bounty_cents=bounty if kind is not BountyKind.NONE else 0,
        guarantee_cents=guarantee,
        reentries_per_player=reentries,
        late_registration_seconds=600,
        rebuys_per_player=rebuys,
        rebuy_price_cents=prize // 2,
        rebuy_chips=100 if rebuys else 0,
        rebuy_period_seconds=300 if rebuys or addon else 0,
        rebuy_max_stack=50 if rebuys else 0,
        addon_price_cents=99 if addon else 0,
        addon_chips=150 if addon else 0,
    )
    sc = replace(sc, bounty=Bounty(kind=kind))
    result, events = run_scripted(sc, random_rule, seed=seed)
    _check_identity(result, events)
    bought = of_type(events, "EntryBought")
    prize_parts = n * prize + sum(e["prize_cents"] for e in bought)
    assert result.prize_pool_cents == max(prize_parts, guarantee)
    assert result.chips_in_play == n * 100 + sum(e["chips"] for e in bought)
    assert _money(events)["bounty_pool_cents"] == (
        n + sum(1 for e in bought if e["kind"] == "reentry")
    ) * (bounty if kind is not BountyKind.NONE else 0)
    assert sorted({f.place for f in result.finishes})[0] == 1


def test_same_seed_same_log_with_rebuys_and_pko() -> None:
    """Determinism: the same scenario and seed give the same events, money included."""
    sc = replace(
        _with(
            make_scenario(12, seats=6),
            bounty_cents=150,
            reentries_per_player=1,
            late_registration_seconds=600,
        ),
        bounty=Bounty(kind=BountyKind.PKO),
    )
    logs = []
    for _ in range(2):
        events: list[Any] = []
        run_tournament(
            sc,
            7,
            emit=events.append,
            hand_player=FakeHands(random_rule),
            models=[ScriptedModel()] * 12,
        )
        logs.append([event_record(e) for e in events])
    assert logs[0] == logs[1]
    assert of_type(logs[0], "EntryBought")


# --- R-DEAL-1: deals at the final table --------------------------------------------------------


def _deal_scenario(method: DealMethod, keep: float) -> Scenario:
    sc = make_scenario(6, prize_cents=1001, payouts=[{"min_entries": 3, "pay": _PAY3}])
    return replace(
        sc, deal=DealTerms(enabled=True, method=method, at_players=3, keep_for_first_percent=keep)
    )


@pytest.mark.parametrize("method", [DealMethod.ICM, DealMethod.CHIP_CHOP])
def test_r_deal_1_deal_when_three_left_and_play_continues_for_the_kept_amount(
    method: DealMethod,
) -> None:
    """R-DEAL-1: with 3 left every player agrees; each is paid their deal whatever place they
    finish, and the winner also gets the amount kept in play (2 % of the pool, to the cent)."""
    sc = _deal_scenario(method, 2.0)
    result, events = run_scripted(sc, one_bust_rule)
    (deal,) = of_type(events, "DealMade")
    assert len(deal["player_ids"]) == 3 and deal["method"] == method.value
    pool = 6 * 1001
    prizes = prize_amounts(pool, shares_for(sc.payouts, 6))
    assert deal["kept_for_first_cents"] == pool * 2 // 100
    assert sum(deal["amounts_cents"]) + deal["kept_for_first_cents"] == sum(prizes[:3])
    assert min(deal["amounts_cents"]) >= prizes[2]  # everyone gets at least the next payout
    by_id = {f.player_id: f for f in result.finishes}
    for p, amount in zip(deal["player_ids"], deal["amounts_cents"]):
        extra = deal["kept_for_first_cents"] if p == result.winner_id else 0
        assert by_id[p].prize_cents == amount + extra
    if method is DealMethod.CHIP_CHOP:  # bigger stack, bigger deal
        order = sorted(zip(deal["stacks"], deal["amounts_cents"]))
        assert [a for _s, a in order] == sorted(a for _s, a in order)
    assert sum(f.prize_cents for f in result.finishes) == pool
    _check_identity(result, events)


class _Refuses(ScriptedModel):
    def accepts_deal(self, stacks: Any, amounts: Any, index: int) -> bool:
        return False


def test_r_deal_1_a_deal_must_include_every_player() -> None:
    """R-DEAL-1: one refusal and there is no deal; the places pay the table's prizes."""
    sc = _deal_scenario(DealMethod.ICM, 0.0)
    events: list[Any] = []
    models = [ScriptedModel()] * 6
    models[5] = _Refuses()  # one player (player 5) refuses every deal
    result = run_tournament(
        sc, 1, emit=events.append, hand_player=FakeHands(one_bust_rule), models=models
    )
    recs = [event_record(e) for e in events]
    assert not of_type(recs, "DealMade")
    declined = of_type(recs, "DealDeclined")
    by_id = {f.player_id: f for f in result.finishes}
    assert by_id[5].place <= 3  # this seed: player 5 is among the last three
    assert [list(e["player_ids"]) for e in declined] == [[5]]
    prizes = prize_amounts(6 * 1001, shares_for(sc.payouts, 6))
    assert sorted(f.prize_cents for f in result.finishes if f.prize_cents) == sorted(prizes)


@pytest.mark.parametrize("pause", [0, 120])
def test_r_deal_2_a_refused_deal_was_negotiated_too(pause: int) -> None:
    """R-DEAL-2: the table waits while a deal is put, even one that is refused, and the level
    clock waits with it: hands of 60 s, the third ends at 3:00 with three left; hand 4 starts
    at 3:00 plus the pause, and level 2 (nominally at 4:00) starts the pause's length later."""
    sc = make_scenario(6, prize_cents=1001, payouts=[{"min_entries": 3, "pay": _PAY3}])
    sc = replace(
        sc,
        levels=tuple(replace(lv, minutes=4) for lv in sc.levels),
        deal=DealTerms(enabled=True, at_players=3, negotiation_seconds=pause),
    )
    seconds = {(1, h): 60.0 for h in range(1, 10)}
    models = [ScriptedModel(seconds)] * 5 + [_Refuses(seconds)]
    events: list[Any] = []
    run_tournament(sc, 1, emit=events.append, hand_player=FakeHands(one_bust_rule), models=models)
    recs = [event_record(e) for e in events]
    (declined,) = of_type(recs, "DealDeclined")
    assert declined["t"] == 180
    started = of_type(recs, "DealNegotiationStarted")
    ended = of_type(recs, "DealNegotiationEnded")
    if pause:
        assert [(e["t"], e["scheduled_end"], len(e["player_ids"])) for e in started] == [
            (180, 300, 3)
        ]
        assert [e["t"] for e in ended] == [300]
    else:  # no negotiation time: the deal is put and play goes on at once
        assert not started and not ended
    hands = {e["hand_no"]: e for e in of_type(recs, "TableHandStarted")}
    assert hands[4]["t"] == 180 + pause
    (level_2,) = [e for e in of_type(recs, "LevelStarted") if e["level_index"] == 1]
    assert level_2["t"] == 240 + pause
    assert hands[5]["t"] == 240 + pause and hands[5]["level_index"] == 1


@pytest.mark.parametrize("closes", [True, False])
def test_r_reg_1_registration_closes_at_first_elimination_option(closes: bool) -> None:
    """R-REG-1 option: once a player is out for good, nobody re-enters; without it re-entries
    go on while late registration is open."""
    sc = _with(
        make_scenario(12),
        reentries_per_player=2,
        late_registration_seconds=3600,
        late_registration_closes_at_first_elimination=closes,
    )
    _result, events = run_scripted(sc, random_rule)
    first_out = of_type(events, "PlayerEliminated")[0]["t"]
    late = [e for e in of_type(events, "EntryBought") if e["t"] > first_out]
    assert of_type(events, "EntryBought")
    assert (not late) if closes else bool(late)


# --- the shipped format scenarios, through the real hand engine and models ----------------------


@pytest.mark.parametrize("name", ["pko", "rebuy_addon", "satellite", "shootout"])
def test_shipped_format_scenarios_reconcile_to_the_cent(name: str) -> None:
    """Each shipped format (smaller field, real hands): the money reconciles to the cent and the
    same seed gives the same log."""
    from pathlib import Path

    from pokersim.scenario import load_scenario

    path = Path(__file__).resolve().parents[1] / "scenarios" / f"{name}.toml"
    sc = load_scenario(path)
    sc = replace(sc, players=replace(sc.players, count=18))
    logs = []
    for _ in range(2):
        events: list[Any] = []
        result = run_tournament(sc, 2, emit=events.append)
        logs.append([event_record(e) for e in events])
    assert logs[0] == logs[1]
    _check_identity(result, logs[0])
    assert sum(f.prize_cents for f in result.finishes) == result.prize_pool_cents
