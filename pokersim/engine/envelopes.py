"""Mystery bounty envelopes in the engine (F-MYST-1..4): the ledger, the phase, the events.

The cashier keeps the tournament's bounty ledger; for a mystery bounty it is a
``pokersim.mystery.MysteryLedger`` and these functions open its phase and turn its draws into
events. For every other format they do nothing, so the cashier calls them unconditionally; a
run without a mystery bounty does not import ``pokersim.mystery``.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokersim.bounties import BountyLedger
from pokersim.engine.format import Format
from pokersim.events import EnvelopeDrawn, EnvelopesFilled
from pokersim.rng import Streams
from pokersim.scenario import PlayerSpec, Scenario

__all__ = ["bounty_ledger", "envelope_events", "reach_stage"]


def bounty_ledger(
    scenario: Scenario, fmt: Format, specs: Sequence[PlayerSpec], streams: Streams
) -> BountyLedger:
    """The run's bounty ledger: the envelope pool of a mystery bounty, else heads (R-KO-1)."""
    if fmt.mystery.enabled:
        from pokersim.mystery import MysteryLedger  # noqa: PLC0415

        return MysteryLedger(
            terms=fmt.mystery,
            bounty_cents=scenario.entries.bounty_cents,
            rng=streams.mystery_bounty(),
        )
    return BountyLedger.from_terms(
        scenario.bounty,
        entry_bounty_cents=scenario.entries.bounty_cents,
        ids_by_name={s.name: s.player_id for s in specs},
    )


def reach_stage(
    ledger: BountyLedger,
    *,
    players_left: int,
    places_paid: int,
    level: int,
    entries_closed: bool,
) -> None:
    """F-MYST-1: open the bounty phase once its stage is reached (before a hand's knockouts)."""
    if type(ledger) is BountyLedger:  # heads, not envelopes
        return
    from pokersim.mystery import MysteryLedger, phase_reached  # noqa: PLC0415

    if not isinstance(ledger, MysteryLedger) or ledger.phase_open:
        return
    if phase_reached(
        ledger.terms,
        players_left=players_left,
        places_paid=places_paid,
        level=level,
        entries_closed=entries_closed,
    ):
        ledger.open_phase()


def envelope_events(ledger: BountyLedger, now: int) -> list[EnvelopesFilled | EnvelopeDrawn]:
    """The envelopes filled and drawn since the last call, as events (none for other ledgers)."""
    if type(ledger) is BountyLedger:  # heads, not envelopes
        return []
    from pokersim.mystery import MysteryLedger  # noqa: PLC0415

    if not isinstance(ledger, MysteryLedger):
        return []
    filled, draws = ledger.take_draws()
    events: list[EnvelopesFilled | EnvelopeDrawn] = []
    if filled is not None:
        events.append(EnvelopesFilled(t=now, pool_cents=sum(filled), envelopes_cents=filled))
    events += [
        EnvelopeDrawn(
            t=now,
            eliminated_id=d.eliminated,
            envelope_cents=d.cents,
            winner_ids=d.winners,
            shares_cents=d.shares,
            envelopes_left=d.left,
            reason=d.reason,
        )
        for d in draws
    ]
    return events
