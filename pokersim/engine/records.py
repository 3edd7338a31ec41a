"""Records of the engine: the run's result, the hand player's signature, the models' records.

The result records are ``pokersim.tally``'s (a reduction of the event log); a decision reads
one record per model (``model_records``) shared by all the model's players.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import numpy as np

from pokersim.actions import Action, CheckCall, DecisionView, Fold, TournamentContext
from pokersim.hand import Deal, HandResult, HandSetup
from pokersim.model_params import BlendParams, ModelParams, pack
from pokersim.players import PlayerModel, model_record
from pokersim.scenario import Timing
from pokersim.tally import Finish, TournamentResult
from pokersim.timing import ActionClock, DecisionPace, HandPace, decision_pace

__all__ = [
    "Finish",
    "HandPlayer",
    "HandWatch",
    "Record",
    "TournamentResult",
    "action_clock_of",
    "decision_pace_of",
    "hand_pace_of",
    "model_records",
    "seat_rows",
]


class HandPlayer(Protocol):
    """The signature of ``pokersim.hand.play_hand`` (tests may pass a scripted stand-in)."""

    def __call__(
        self,
        setup: HandSetup,
        deal: Deal,
        decide: Callable[[DecisionView], Action | None],
        *,
        record_actions: bool = ...,
        context: TournamentContext | None = ...,
    ) -> HandResult: ...


class HandWatch(Protocol):
    """What follows a few players' hands (one player's hand histories): theirs whole, others' ends.

    ``dealt`` gets each hand one of ``players`` was dealt in, recorded; ``passed`` the number of
    every other hand the engine applies itself (each one in which someone busted, and the first
    a table deals after one of them last played there: where its last hand is). ``order``: the
    hand's place among every hand ended so far (1 for the first), as an ``on_hand`` would count.
    """

    players: frozenset[int]

    def dealt(self, result: HandResult, order: int) -> None: ...

    def passed(self, table_id: int, hand_no: int, order: int) -> None: ...


# What a decision reads about its player, one record per model shared by its players: its
# decide and think_seconds, whether it reads the hand's decision draws (built-in models;
# plug-ins get their own generator) and its row in the compiled rounds' parameters (-1: none).
Record = tuple[
    Callable[[DecisionView, Any], Action],
    Callable[[DecisionView, Any, Action], float],
    bool,
    int,
]


def seat_rows(seats: int) -> np.ndarray:
    """Per seat, the positions in a deck row of its two hole cards and the five board cards."""
    board = range(2 * seats, 2 * seats + 5)
    return np.array([[2 * s, 2 * s + 1, *board] for s in range(seats)], dtype=np.intp)


def model_records(
    models: Sequence[PlayerModel], pace: DecisionPace | None = None
) -> tuple[dict[int, Record], np.ndarray]:
    """One decision record per distinct model (by identity) and the compiled rounds' records.

    A built-in model (or a skill blend of one) reads the hand's draws and has a row in the
    packed parameter records (``model_params.pack``); any other model is asked in Python.
    With a ``pace`` that is on, a built-in model's think time is paced by the decision
    (``paced_think``), as the compiled rounds pace it; a plug-in keeps its own.
    """
    records: dict[int, Record] = {}
    built_in: list[tuple[ModelParams, BlendParams | None]] = []
    for m in models:
        if id(m) not in records:
            record = model_record(m)
            code = len(built_in) if record is not None else -1
            if pace is not None and pace.on and record is not None:
                think = paced_think(m.think_seconds, pace.packed())
            else:
                think = unpaced_think(m.think_seconds)
            records[id(m)] = (m.decide, think, record is not None, code)
            if record is not None:
                built_in.append(record)
    return records, pack(built_in)


def unpaced_think(
    think_seconds: Callable[[DecisionView, Any], float],
) -> Callable[[DecisionView, Any, Action], float]:
    """``think_seconds`` as a record holds it: told the answer, which it does not need."""

    def think(view: DecisionView, rng: Any, _action: Action) -> float:
        return think_seconds(view, rng)

    return think


def paced_think(
    think_seconds: Callable[[DecisionView, Any], float], pace: tuple[float, ...]
) -> Callable[[DecisionView, Any, Action], float]:
    """``think_seconds`` paced by ``timing.decision_pace`` for the decision and its answer."""

    def paced(view: DecisionView, rng: Any, action: Action) -> float:
        i = view.seat
        to_call = view.legal.to_call
        check_or_fold = isinstance(action, Fold) or (isinstance(action, CheckCall) and not to_call)
        return decision_pace(
            pace, 0, think_seconds(view, rng), view.street, view.bets[i], to_call,
            view.pot, view.stacks[i], view.level.big_blind, len(view.player_ids), check_or_fold,
        )  # fmt: skip

    return paced


def decision_pace_of(timing: Timing) -> DecisionPace:
    """The scenario's ``[timing]`` pace: its preset, with the keys it sets over it."""
    return DecisionPace.for_scenario(
        timing.pace.value,
        street_factors=timing.think_street_factors,
        unopened_factor=timing.think_unopened_factor,
        facing_bet_factor=timing.think_facing_bet_factor,
        short_handed_factors=timing.think_short_handed_factors,
        reaction_seconds=timing.think_reaction_seconds,
        pre_action_factor=timing.think_pre_action_factor,
        pre_action_below_seconds=timing.think_pre_action_below_seconds,
        check_factor=timing.think_check_factor,
    )


def hand_pace_of(timing: Timing) -> HandPace:
    """The scenario's time per hand outside decisions: dealing, streets, showdown."""
    return HandPace(
        deal_seconds=timing.deal_seconds,
        street_seconds=timing.street_seconds,
        showdown_seconds=timing.showdown_seconds,
    )


def action_clock_of(timing: Timing) -> ActionClock:
    """The scenario's action clock and time bank, with its top-ups (R-DIS-1).

    The clock is a float whatever the file wrote (``15`` or ``15.0``, or no key): the compiled
    hands take it as an argument, and the kernels built ahead of time hold one type for it.
    """
    cap = timing.bank_max_seconds
    return ActionClock(
        action_seconds=float(timing.action_clock_seconds),
        time_bank_seconds=timing.time_bank_seconds,
        bank_top_up_seconds=timing.bank_top_up_seconds,
        bank_max_seconds=math.inf if cap is None else cap,
        top_up_every_levels=timing.bank_top_up_every_levels,
    )
