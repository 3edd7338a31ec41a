"""The sanctions ladder (R-COND-3): which sanction an infraction earns, and what it takes.

Pure rules; the engine (``engine/incidents.py``, ``engine/upkeep.py``) applies them. Infractions
come from their own keyed stream (``rng.STREAM_CONDUCT``), so turning them on changes no deck,
seat, decision or fault draw.

Choices where RULES.md is silent:

- Each infraction moves its player one step up the ladder; past the last step the last step
  repeats (a ladder without disqualification never disqualifies).
- Missed hands: the offender stays seated and is dealt in, posts blinds and antes, and folds at
  every turn (as a player sitting out does, R-DIS-2) for that many hands dealt to them.
- Chips removed: a percent of the offender's stack, rounded down, leaves play once the
  offender is between hands (the player always keeps a chip).
- Confiscation takes a percent of the disqualified player's place prize, rounded down to the
  cent; the confiscated cents are shared among the other paid places as R-COND-1 shares a
  forfeited prize (``cancellation.redistribute_forfeited_prize``).
"""

from __future__ import annotations

from collections.abc import Sequence

from pokersim import rng as rngs
from pokersim.faults import HORIZON_SECONDS, poisson_times
from pokersim.scenario import Conduct, Confiscation, SanctionKind

__all__ = ["chips_to_remove", "confiscated_cents", "pick_offender", "plan_infractions", "step_of"]


def step_of(ladder: Sequence[SanctionKind], infraction: int) -> SanctionKind:
    """The sanction the ``infraction``-th infraction (1-based) of a player earns.

    >>> ladder = (SanctionKind.WARNING, SanctionKind.DISQUALIFICATION)
    >>> [step_of(ladder, n).value for n in (1, 2, 3)]
    ['warning', 'disqualification', 'disqualification']
    """
    if infraction < 1:
        raise ValueError(f"infractions are counted from 1, got {infraction}")
    return ladder[min(infraction, len(ladder)) - 1]


def chips_to_remove(stack: int, percent: int) -> int:
    """Chips a ``chips_removed`` sanction takes from ``stack``: rounded down, one chip kept.

    >>> chips_to_remove(1005, 10), chips_to_remove(1, 50)
    (100, 0)
    """
    return min(stack * percent // 100, max(0, stack - 1))


def confiscated_cents(prize_cents: int, conduct: Conduct) -> int:
    """Cents of a disqualified offender's prize that are confiscated (to the cent, down).

    >>> confiscated_cents(1001, Conduct(confiscate=Confiscation.PART, confiscate_percent=30))
    300
    """
    if conduct.confiscate is Confiscation.ALL:
        return prize_cents
    if conduct.confiscate is Confiscation.PART:
        return prize_cents * conduct.confiscate_percent // 100
    return 0


def plan_infractions(
    conduct: Conduct, seed: int, horizon: int = HORIZON_SECONDS
) -> tuple[int, ...]:
    """The times of the run's random infractions (a Poisson process of the field's rate)."""
    if conduct.infractions_per_hour <= 0:
        return ()  # off: not even a generator is made
    gen = rngs.generator(seed, rngs.STREAM_CONDUCT, 0)
    return tuple(poisson_times(gen, conduct.infractions_per_hour, horizon))


def pick_offender(seed: int, index: int, candidates: Sequence[int]) -> int:
    """The player who commits the ``index``-th random infraction, among ``candidates``."""
    if not candidates:
        raise ValueError("no player left to commit an infraction")
    gen = rngs.generator(seed, rngs.STREAM_CONDUCT, 1, index)
    ordered = sorted(candidates)
    return ordered[int(gen.integers(len(ordered)))]
