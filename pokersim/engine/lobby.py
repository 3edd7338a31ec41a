"""The lobby desk: what happens before the start (R-REG-4), as events.

Unregistrations, a delayed start and a cancellation before the start; the rules are
``pokersim.lobby``'s. It takes what it needs and returns the events; it never calls another
desk. The refund of a cancellation before the start is the whole buy-in of every player
registered then, and it must be every cent the entry book collected. A scenario cancelled
"before-start" by its faults (R-FAULT-2) is cancelled here the same way: nothing is seated,
no place or prize is given, every buy-in, bounty part and fee goes back.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from pokersim.entries import EntryBook
from pokersim.errors import ConfigError, InvariantError
from pokersim.events import MoneyReconciled, PlayerUnregistered, StartCancelled, StartDelayed
from pokersim.lobby import (
    LobbyPlan,
    cancellation_before_start_refunds,
    cancelled_by_stage,
    plan_lobby,
    played_start,
)
from pokersim.scenario import Scenario

__all__ = ["before_start", "cancelled_before_start", "make_plan", "start_clock"]


def start_clock(scenario: Scenario, plan: LobbyPlan) -> int:
    """The clock time (seconds after midnight) at which play starts: a delay moves it."""
    return played_start(scenario.start_seconds, plan.delay_seconds)


def make_plan(
    scenario: Scenario, names: Sequence[str], late: Sequence[int], seed: int
) -> LobbyPlan:
    """The plan before the start; ``ConfigError`` if fewer than two players would be left."""
    plan = plan_lobby(scenario.registration, scenario.entries, names, frozenset(late), seed)
    if cancelled_by_stage(scenario.faults) and not plan.cancelled:
        plan = dataclasses.replace(plan, cancelled=True)
    staying = len(names) - len(late) - len(plan.gone)
    if staying < 2 and not plan.cancelled:
        raise ConfigError(
            f"{scenario.source or '<scenario>'}: registration.unregister: {staying} player(s) "
            "would be registered at the start; expected at least 2"
        )
    return plan


def before_start(scenario: Scenario, plan: LobbyPlan, clock: int) -> list[Any]:
    """The events before the start in time order: the delay, then each request."""
    timed: list[tuple[int, int, Any]] = []
    if plan.delay_seconds:
        timed.append(
            (
                -plan.delay_seconds,
                0,
                StartDelayed(
                    t=-plan.delay_seconds,
                    delay_seconds=plan.delay_seconds,
                    scheduled_clock=scenario.start_seconds,
                    start_clock=clock,
                ),
            )
        )
    for i, r in enumerate(plan.requests):
        event = PlayerUnregistered(
            t=r.t,
            player_id=r.player_id,
            granted=r.granted,
            refund_cents=r.refund_cents,
            reason=r.reason,
        )
        timed.append((r.t, 1 + i, event))
    return [event for _t, _i, event in sorted(timed, key=lambda x: (x[0], x[1]))]


def cancelled_before_start(
    scenario: Scenario, seed: int, book: EntryBook, registered: Sequence[int], clock: int
) -> list[Any]:
    """R-REG-4: the operator cancels at the start: every buy-in and fee back, to the cent."""
    refunds = cancellation_before_start_refunds(scenario.entries, registered)
    collected = book.prize_collected + book.bounty_collected + book.fees_collected
    if sum(refunds) != collected:
        raise InvariantError(
            f"cancelled before the start: refunds of {sum(refunds)} cents != "
            f"{collected} cents collected"
        )
    return [
        StartCancelled(
            t=0,
            name=scenario.name,
            seed=seed,
            player_ids=tuple(registered),
            refunds_cents=refunds,
            refunded_cents=sum(refunds),
            start_clock=clock,
        ),
        MoneyReconciled(
            t=0,
            prize_pool_cents=0,
            bounty_pool_cents=0,
            prizes_paid_cents=0,
            bounties_paid_cents=0,
            bounties_on_heads_cents=0,
            fees_cents=0,
        ),
    ]
