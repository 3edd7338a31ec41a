"""Before the start (R-REG-4): unregistrations, their deadline, a delayed or cancelled start.

Pure rules, no simulation: which players ask to unregister and when, which requests are granted,
what each refund is, when play actually starts. The engine applies the plan before seating
anyone (``engine/lobby.py``).

Choices where RULES.md is silent:

- Times of requests are fixed on the clock: ``at_minutes`` after the *scheduled* start
  (negative: before it). The deadline is ``unregister_deadline_minutes`` before the start that
  is actually played, so a delayed start moves it: players may unregister during the delay.
- A request is granted strictly before the deadline; one at the deadline or later is refused
  and the player plays.
- Only players registered before the start can unregister: a player drawn to arrive during late
  registration (R-REG-1) has nothing to give back, so their request is refused.
- Drawn requests (``unregister_percent``): that share of the players registered before the
  start (rounded down, at least two stay) asks at a whole second drawn uniformly over the
  ``unregister_window_minutes`` before the scheduled start, from the seed's arrival stream.
- The refund of an unregistration, and of every entry when the operator cancels before the
  start, is the whole buy-in: prize, bounty and fee parts. An unregistered player is no entry:
  the prize pool and the payout table count only the players who stay.
- A cancellation before the start is announced at the (possibly delayed) start; late players
  have not registered yet and never do.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from pokersim import rng as rngs
from pokersim.frozen import frozen
from pokersim.scenario import CancelStage, Entries, Faults, Registration

__all__ = [
    "LobbyPlan",
    "Request",
    "cancellation_before_start_refunds",
    "cancelled_by_stage",
    "drawn_unregistrations",
    "may_unregister",
    "plan_lobby",
    "played_start",
    "unregistration_refund_cents",
]

NOT_REGISTERED = "not registered before the start"
AFTER_DEADLINE = "after the deadline"


@frozen(slots=True, kw_only=True)
class Request:
    """One request to unregister: ``t`` seconds from the start played (negative: before)."""

    player_id: int
    t: int
    granted: bool
    refund_cents: int
    reason: str  # why it was refused; "" when granted


@frozen(slots=True, kw_only=True)
class LobbyPlan:
    """What happens before the start: the requests in time order, the delay, a cancellation."""

    requests: tuple[Request, ...] = ()
    delay_seconds: int = 0
    cancelled: bool = False

    @property
    def gone(self) -> frozenset[int]:
        """The players who unregistered: never seated, no entry."""
        return frozenset(r.player_id for r in self.requests if r.granted)


def unregistration_refund_cents(terms: Entries) -> int:
    """The whole buy-in back, fee included (R-REG-4).

    >>> unregistration_refund_cents(Entries(prize_cents=1000, bounty_cents=200, fee_cents=100))
    1300
    """
    return terms.prize_cents + terms.bounty_cents + terms.fee_cents


def cancelled_by_stage(faults: Faults) -> bool:
    """R-FAULT-2's cancellation "before-start" is R-REG-4's: the lobby cancels the start for it.

    One path for one event: nothing seated, nobody placed, every buy-in back whole.
    """
    return faults.cancel_at_stage is CancelStage.BEFORE_START


def cancellation_before_start_refunds(terms: Entries, players: Sequence[int]) -> tuple[int, ...]:
    """R-REG-4: the operator cancels before the start: every buy-in and fee back, per player."""
    return tuple(unregistration_refund_cents(terms) for _ in players)


def played_start(start_seconds: int, delay_seconds: int) -> int:
    """The clock time (seconds after midnight) play starts at: a delay moves it (R-REG-4).

    >>> played_start(23 * 3600 + 50 * 60, 20 * 60)  # 23:50 delayed 20 minutes: 00:10
    600
    """
    return (start_seconds + delay_seconds) % 86400


def may_unregister(t: int, deadline_seconds: int) -> bool:
    """A request ``t`` seconds from the start is granted before the deadline (R-REG-4).

    >>> may_unregister(-60, 0), may_unregister(0, 0), may_unregister(-60, 300)
    (True, False, False)
    """
    return t < -deadline_seconds


def drawn_unregistrations(
    registered: Sequence[int], percent: float, window_seconds: int, seed: int
) -> dict[int, int]:
    """``{player: seconds after the scheduled start}`` (negative) of the drawn requests.

    >>> drawn_unregistrations([0, 1, 2], 0, 3600, 1)
    {}
    """
    count = min(int(len(registered) * percent / 100), len(registered) - 2)
    if count <= 0:
        return {}
    gen = rngs.generator(seed, rngs.STREAM_ARRIVALS, 1)
    who = gen.choice(len(registered), size=count, replace=False)
    times = gen.integers(1, window_seconds + 1, size=count)
    return {int(registered[i]): -int(t) for i, t in zip(who, times, strict=True)}


def plan_lobby(
    reg: Registration,
    terms: Entries,
    names: Sequence[str],
    late: Collection[int],
    seed: int,
) -> LobbyPlan:
    """The plan of what happens before the start, for players named ``names`` (by id)."""
    delay = reg.delay_start_seconds
    if reg.unregister:
        ids = {name: p for p, name in enumerate(names)}
        asked = {ids[u.player]: u.at_seconds for u in reg.unregister}
    else:
        on_time = [p for p in range(len(names)) if p not in late]
        asked = drawn_unregistrations(
            on_time, reg.unregister_percent, reg.unregister_window_seconds, seed
        )
    refund = unregistration_refund_cents(terms)
    requests = []
    for at, p in sorted((at, p) for p, at in asked.items()):
        t = at - delay
        reason = (
            NOT_REGISTERED
            if p in late
            else ("" if may_unregister(t, reg.unregister_deadline_seconds) else AFTER_DEADLINE)
        )
        granted = not reason
        requests.append(
            Request(
                player_id=p,
                t=t,
                granted=granted,
                refund_cents=refund if granted else 0,
                reason=reason,
            )
        )
    return LobbyPlan(
        requests=tuple(requests), delay_seconds=delay, cancelled=reg.cancel_before_start
    )
