"""Edges of the drawn unregistrations before the start (R-REG-4, ``pokersim.lobby``).

The module's rules: ``unregister_percent`` of the players registered before the start, rounded
down and leaving at least two, ask to unregister, each at a whole second drawn over the
``unregister_window_minutes`` before the scheduled start (so from ``-window`` to ``-1``).
"""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pytest
from test_engine_helpers import ScriptedModel, make_scenario

from pokersim.bounties import BountyLedger
from pokersim.engine.cashier import Cashier
from pokersim.engine.format import Format
from pokersim.engine.state import Field
from pokersim.lobby import drawn_unregistrations, plan_lobby
from pokersim.scenario import Entries, Registration


@pytest.mark.parametrize(
    ("players", "percent", "expected"),
    [
        (10, 15, 1),  # 1.5 requests: rounded down to 1, not to 2
        (10, 25, 2),  # 2.5: 2 (round-half-even would also say 2; floor is the rule)
        (10, 35, 3),  # 3.5: 3, not 4
        (20, 19, 3),  # 3.8: 3, not 4
        (7, 99, 5),  # 6.93 capped so that two players stay
    ],
)
def test_the_share_asking_is_rounded_down(players: int, percent: int, expected: int) -> None:
    """The count of drawn requests is the percent of the field rounded down, never up."""
    for seed in (1, 2, 3):
        asked = drawn_unregistrations(list(range(players)), percent, 600, seed)
        assert len(asked) == expected


def test_a_one_second_window_puts_every_request_one_second_before_the_start() -> None:
    """A window of one second leaves one whole second to draw: one second before the scheduled
    start (-1), never the start itself (0, when the player would be too late to ask)."""
    for seed in range(5):
        asked = drawn_unregistrations(list(range(12)), 50, 1, seed)
        assert len(asked) == 6
        assert set(asked.values()) == {-1}


def test_drawn_times_cover_the_whole_window_and_never_the_start() -> None:
    """Over a two-second window the times are -2 or -1, both drawn over many seeds."""
    seen: set[int] = set()
    for seed in range(40):
        seen |= set(drawn_unregistrations(list(range(10)), 50, 2, seed).values())
    assert seen == {-2, -1}


def test_requests_are_drawn_among_the_players_given_with_their_own_ids() -> None:
    """The drawn players are ids from the list given (players registered before the start),
    not positions in it."""
    registered = [5, 9, 12, 30]
    for seed in range(10):
        asked = drawn_unregistrations(registered, 50, 60, seed)
        assert len(asked) == 2 and set(asked) <= set(registered)


def test_drawn_requests_come_only_from_players_registered_before_the_start() -> None:
    """Late players (R-REG-1) are not registered before the start: the drawn share is of the
    on-time players only (4 of 10 here, so 50 % is 2 requests), and no late player asks."""
    names = [f"P{k:02d}" for k in range(10)]
    late = frozenset(range(6))
    reg = Registration(unregister_percent=50, unregister_window_seconds=600)
    terms = Entries(prize_cents=1000, fee_cents=100)
    for seed in range(8):
        plan = plan_lobby(reg, terms, names, late, seed)
        assert len(plan.requests) == 2
        assert all(r.player_id not in late and r.granted for r in plan.requests)
        assert plan.gone == {r.player_id for r in plan.requests}


# Late registration at the door of the money (R-REG-1): registration, re-entries and rebuys
# close once the field is down to the places paid (``EntriesClosed``, "in the money"), and a
# late player arriving then is refused. Eight players, six on time and two late, three places
# paid (50 / 30 / 20 from three entries), an hour of late registration.
_ON_TIME, _LATE, _PAID = 6, (6, 7), 3


def _cashier(remaining: int) -> Cashier:
    """The cashier with ``remaining`` of the six on-time players still holding chips."""
    pay3 = [{"places": 1, "percent": x} for x in (50, 30, 20)]
    bands = [
        {"min_entries": 1, "max_entries": 2, "pay": [{"places": 1, "percent": 100}]},
        {"min_entries": 3, "pay": pay3},
    ]
    sc = make_scenario(8, payouts=bands)
    sc = replace(sc, entries=replace(sc.entries, late_registration_seconds=3600))
    field = Field(8, sc.starting_stack)
    for p in range(8):
        if p in _LATE or p >= remaining:
            field.stack[p] = 0
    field.remaining = field.unplaced = remaining
    field.registered = _ON_TIME
    field.total_chips = remaining * sc.starting_stack
    ledger = BountyLedger.from_terms(sc.bounty, entry_bounty_cents=0, ids_by_name={})
    models: list[Any] = [ScriptedModel() for _ in range(8)]
    cashier = Cashier(sc, Format.of(sc), field, models, list(_LATE), bounty=ledger, arrivals=True)
    assert cashier.places_paid == _PAID and cashier.book_open
    return cashier


def test_r_reg_1_a_late_player_is_refused_once_the_field_is_down_to_the_places_paid() -> None:
    """Three left for three places paid: everyone left is in the money, so a late player
    arriving now is refused (not registered, place 0) and the field stays at three."""
    cashier = _cashier(remaining=_PAID)
    admitted, events = cashier.admit(6, 100, someone_out=True, full_tables=0)
    assert not admitted
    assert [(e.player_id, e.registered) for e in events] == [(6, False)]
    assert cashier.field.remaining == _PAID


def test_r_reg_1_a_late_player_is_admitted_on_the_bubble() -> None:
    """Four left for three places paid: one more bust before the money, so registration is
    still open and a late player arriving now is admitted with a starting stack (five left)."""
    cashier = _cashier(remaining=_PAID + 1)
    admitted, events = cashier.admit(6, 100, someone_out=True, full_tables=0)
    assert admitted and events == []
    assert cashier.field.remaining == _PAID + 2
    assert cashier.field.stack[6] == cashier.sc.starting_stack


def _bust_one(cashier: Cashier) -> tuple[list[Any], list[Any]]:
    """A hand after which the last on-time player still holding chips is out."""
    last = cashier.field.remaining - 1
    cashier.field.stack[last] = 0
    out: list[Any] = [SimpleNamespace(player_id=last)]
    result: Any = SimpleNamespace(setup=SimpleNamespace(seats=()), knockouts=())
    return cashier.buy_back(result, out, 100, someone_out=True)


def test_r_reg_1_entries_close_in_the_money_when_a_bust_leaves_the_places_paid() -> None:
    """Four left, one busts: three left for three places paid, so the entries close at once,
    "in the money", and the busted player is out (no re-entry at the money's door)."""
    cashier = _cashier(remaining=_PAID + 1)
    events, out = _bust_one(cashier)
    assert [(type(e).__name__, e.reason) for e in events] == [("EntriesClosed", "in the money")]
    assert len(out) == 1 and not cashier.book_open


def test_r_reg_1_entries_stay_open_when_a_bust_leaves_the_bubble() -> None:
    """Five left, one busts: four left for three places paid, the bubble: entries stay open."""
    cashier = _cashier(remaining=_PAID + 2)
    events, out = _bust_one(cashier)
    assert events == [] and len(out) == 1 and cashier.book_open
