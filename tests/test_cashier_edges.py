"""Edges of the cashier (``pokersim.engine.cashier``): the money of a deal and of the entries.

Each test runs a small scripted case (a rule case of ``scenarios/rules`` with one term changed)
and checks the money against figures worked out by hand from the rules.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from pokersim.verify import Outcome, parse_case, run_case

RULES = Path(__file__).resolve().parents[1] / "scenarios" / "rules"


def _case(name: str) -> dict[str, Any]:
    return tomllib.loads((RULES / f"{name}.toml").read_text(encoding="utf-8"))


def _run(data: dict[str, Any]) -> Outcome:
    return run_case(parse_case(data, source="<edge case>"))


def _events(out: Outcome, kind: str) -> list[dict[str, Any]]:
    return [e for e in out.events if e["type"] == kind]


def _deal_case(pay: list[int], keep_percent: float) -> dict[str, Any]:
    """R-DEAL-1's chip-chop case (pool 3,000 cents; Cid out first; Ann 1,105 and Bob 995
    chips left) with its first two places paying ``pay`` percent and ``keep_percent`` of the
    pool kept in play for first."""
    data = _case("R-DEAL-1-chip-chop")
    data["payouts"]["bands"][0]["pay"] = [{"places": 1, "percent": p} for p in pay]
    data["deal"]["keep_for_first_percent"] = keep_percent
    data.pop("expect")
    data["expect"] = {}
    return data


def test_r_deal_1_what_is_kept_for_first_goes_to_the_winner_on_top_of_the_deal() -> None:
    """Pay 2,100 / 900, 4 % (120 cents) kept for first. The chop shares 3,000 - 120 = 2,880:
    each the next payout (900), then 1,080 by chips: Ann 1,080 * 1,105 / 2,100 = 568.29, Bob
    511.71, whole cents 568 + 511 and the cent left to the larger fraction (Bob): Ann 1,468,
    Bob 1,412. Whoever wins the rest of the play gets the 120 on top."""
    out = _run(_deal_case([70, 30], 4))
    (deal,) = _events(out, "DealMade")
    assert tuple(deal["amounts_cents"]) == (1468, 1412) and deal["kept_for_first_cents"] == 120
    prizes = {f.player_id: f.prize_cents for f in out.result.finishes}
    ann, bob, cid = 0, 1, 2
    winner = out.result.winner_id
    assert winner in (ann, bob)
    assert prizes[winner] == {ann: 1468, bob: 1412}[winner] + 120
    assert prizes[bob if winner == ann else ann] == {ann: 1468, bob: 1412}[1 - winner]
    assert prizes[cid] == 0 and sum(prizes.values()) == 3000


def test_r_deal_1_no_more_is_kept_than_first_prize_can_spare() -> None:
    """Pay 1,530 / 1,470 and 5 % of the pool (150 cents) asked to be kept for first: a
    chip-chop gives each of the two the next payout (1,470), so of the 3,000 only 60 can stay
    in play. Each gets 1,470; the winner 1,470 + 60 = 1,530."""
    out = _run(_deal_case([51, 49], 5))
    (deal,) = _events(out, "DealMade")
    assert deal["kept_for_first_cents"] == 60
    assert tuple(deal["amounts_cents"]) == (1470, 1470)
    prizes = {f.player_id: f.prize_cents for f in out.result.finishes}
    assert prizes[out.result.winner_id] == 1530
    assert sorted(prizes.values()) == [0, 1470, 1530]


def _rebuy_case(period_minutes: float, *, addon: bool) -> dict[str, Any]:
    """R-BRK-3's rebuy case (three calling stations, hands of 47 s each with no think-time
    spread) with a rebuy period of ``period_minutes``, with or without its add-on."""
    data = _case("R-BRK-3-addon-break")
    data["entries"]["rebuy_period_minutes"] = period_minutes
    if not addon:
        del data["entries"]["addon_price_cents"], data["entries"]["addon_chips"]
    data["expect"] = {}
    return data


def test_r_brk_3_entries_close_in_an_add_on_break_that_starts_as_the_period_ends() -> None:
    """Hands take 47 s, so hand 12 ends at 564 s. A rebuy period of 9.4 minutes ends then:
    the add-on break starts at 564, the add-ons are bought in it, and the entries close at
    once (R-REG-3: the rebuy period is over), not at the end of the next hand."""
    out = _run(_rebuy_case(9.4, addon=True))
    (brk,) = _events(out, "AddOnBreakStarted")
    assert brk["t"] == 564
    assert [e["t"] for e in _events(out, "EntryBought") if e["kind"] == "addon"] == [564] * 3
    (closed,) = _events(out, "EntriesClosed")
    assert (closed["t"], closed["reason"]) == (564, "period over")


def test_r_reg_2_entries_close_at_a_hand_that_ends_as_the_rebuy_period_ends() -> None:
    """No add-on: the rebuy period of 9.4 minutes ends as hand 12 ends (564 s); the entries
    close then, not a hand later."""
    out = _run(_rebuy_case(9.4, addon=False))
    (closed,) = _events(out, "EntriesClosed")
    assert (closed["t"], closed["reason"]) == (564, "period over")
