"""Injected faults as pure data: server failures (R-FAULT-1) and disqualifications (R-COND-1).

A ``FaultPlan`` is drawn once from the run's seed (its own keyed stream, so turning faults on
changes no deck, seat or decision draw): the times of the server failures and disqualifications
in a horizon, merged from the scenario's scheduled times and its random rates (Poisson
processes), and for each failure whether it cancels the tournament. The engine only asks the
plan what happens next.

Choices where RULES.md is silent:

- A failure rolls back every hand in progress (stacks as they were when the hand began, a new
  hand number and deck afterwards, the same button); time banks spent in a rolled-back hand
  stay spent.
- Play resumes ``outage_seconds`` after the failure, or when the last rolled-back hand would
  have ended if that is later (the engine plays a hand in one step, so a hand's end is known).
- ``server_failure_at_hands = [N]``: the server fails the moment the N-th hand of the
  tournament has ended (the hands still running elsewhere roll back).
- A disqualified player is drawn at random among those still in; a player in a hand is
  disqualified when that hand ends (if they did not bust in it).
- A scripted disqualification at hand N (``disqualify_at_hands``) uses the same count as
  ``server_failure_at_hands``: it is due the moment the N-th hand of the tournament (all
  tables, rolled-back hands not counted) has ended, after that hand's busts are placed; a
  player then still in a hand at another table is disqualified when that hand ends.
- R-FAULT-2: ``cancel_at_minute`` cancels at that time, the hands in progress rolling back
  first (as in a failure, but with no outage: nothing resumes); ``cancel_at_stage =
  "in-money"`` cancels the moment a hand's end leaves no more players than places paid (after
  that hand's players out are placed); ``"before-start"`` cancels before the first hand,
  as R-REG-4's cancellation (``pokersim.engine.lobby``: every buy-in back whole, no places).
- A forfeited prize (``disqualified_prize = "forfeit"``) is shared among the paid places still
  open, in proportion to their prizes (the places already paid are not reopened).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pokersim import rng as rngs
from pokersim.frozen import frozen
from pokersim.scenario import CancelStage, Faults

__all__ = ["FaultPlan", "lowest_open_place", "pick_player", "plan_faults", "poisson_times"]

HORIZON_SECONDS = 14 * 24 * 3600  # random faults are drawn for two weeks of simulated play


@frozen(slots=True, kw_only=True)
class FaultPlan:
    """When the server fails (and which failure cancels) and when a player is disqualified."""

    failures: tuple[int, ...]  # simulated seconds, sorted
    cancels: tuple[bool, ...]  # per failure
    failure_hands: tuple[int, ...]  # hand counts, sorted
    failure_hand_cancels: tuple[bool, ...]
    outage_seconds: int
    disqualifications: tuple[int, ...]  # simulated seconds, sorted
    disqualification_hands: tuple[int, ...] = ()  # hand counts, sorted (scripted only)
    cancel_at: int | None = None  # R-FAULT-2: the operator cancels at this time
    cancel_in_money: bool = False  # R-FAULT-2: cancelled when the money is reached

    @property
    def empty(self) -> bool:
        """No fault of any kind."""
        return not (
            self.failures
            or self.failure_hands
            or self.disqualifications
            or self.disqualification_hands
            or self.cancel_at is not None
            or self.cancel_in_money
        )


def poisson_times(gen: np.random.Generator, per_hour: float, horizon: int) -> list[int]:
    """Event times of a Poisson process of ``per_hour``, whole seconds in ``[1, horizon)``."""
    out: list[int] = []
    if per_hour <= 0:
        return out
    t = 0.0
    mean = 3600.0 / per_hour
    while True:
        t += float(gen.exponential(mean))
        s = max(1, int(t))
        if s >= horizon:
            return out
        out.append(s)


def plan_faults(
    faults: Faults,
    seed: int,
    *,
    horizon: int = HORIZON_SECONDS,
    disqualify_at_hands: Sequence[int] = (),
) -> FaultPlan:
    """Draw every fault of a run from its seed (R-FAULT-1, R-COND-1).

    ``disqualify_at_hands`` are the hand counts of scripted disqualifications (each >= 1);
    they draw nothing, so they change no other fault.

    >>> plan_faults(Faults(server_failure_at_seconds=(60,)), 1).failures
    (60,)
    """
    gen = rngs.generator(seed, rngs.STREAM_FAULTS, 0)
    failures = sorted(
        [
            *faults.server_failure_at_seconds,
            *poisson_times(gen, faults.server_failures_per_hour, horizon),
        ]
    )
    dq_gen = rngs.generator(seed, rngs.STREAM_FAULTS, 1)
    dqs = sorted(
        [
            *faults.disqualify_at_seconds,
            *poisson_times(dq_gen, faults.disqualifications_per_hour, horizon),
        ]
    )
    cancel_gen = rngs.generator(seed, rngs.STREAM_FAULTS, 2)
    q = faults.cancel_probability
    hands = sorted(faults.server_failure_at_hands)
    bad = [h for h in disqualify_at_hands if h < 1]
    if bad:
        raise ValueError(f"disqualify_at_hands: expected hand counts >= 1, got {bad}")
    return FaultPlan(
        failures=tuple(failures),
        cancels=tuple(bool(cancel_gen.random() < q) for _ in failures),
        failure_hands=tuple(hands),
        failure_hand_cancels=tuple(bool(cancel_gen.random() < q) for _ in hands),
        outage_seconds=faults.outage_seconds,
        disqualifications=tuple(dqs),
        disqualification_hands=tuple(sorted(disqualify_at_hands)),
        cancel_at=faults.cancel_at_seconds,
        cancel_in_money=faults.cancel_at_stage is CancelStage.IN_MONEY,
    )


def pick_player(seed: int, index: int, candidates: Sequence[int]) -> int:
    """The player disqualified by the ``index``-th disqualification, among ``candidates``."""
    if not candidates:
        raise ValueError("no player left to disqualify")
    gen = rngs.generator(seed, rngs.STREAM_FAULTS, 3, index)
    ordered = sorted(candidates)
    return ordered[int(gen.integers(len(ordered)))]


def lowest_open_place(unplaced: int) -> int:
    """R-COND-1: the lowest place still open when ``unplaced`` players have no place yet."""
    if unplaced < 2:
        raise ValueError(f"cannot disqualify with {unplaced} player(s) left to place")
    return unplaced
