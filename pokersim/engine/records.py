"""Records of the engine: the run's result, the hand player's signature, the models' records.

The result records are ``pokersim.tally``'s (a reduction of the event log); a decision reads
one record per model (``model_records``) shared by all the model's players.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

import numpy as np

from pokersim.actions import Action, DecisionView, TournamentContext
from pokersim.hand import Deal, HandResult, HandSetup
from pokersim.model_params import BlendParams, ModelParams, pack
from pokersim.players import PlayerModel, model_record
from pokersim.tally import Finish, TournamentResult

__all__ = ["Finish", "HandPlayer", "Record", "TournamentResult", "model_records", "seat_rows"]


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


# What a decision reads about its player, one record per model shared by its players: its
# decide and think_seconds, whether it reads the hand's decision draws (built-in models;
# plug-ins get their own generator) and its row in the compiled rounds' parameters (-1: none).
Record = tuple[
    Callable[[DecisionView, Any], Action], Callable[[DecisionView, Any], float], bool, int
]


def seat_rows(seats: int) -> np.ndarray:
    """Per seat, the positions in a deck row of its two hole cards and the five board cards."""
    board = range(2 * seats, 2 * seats + 5)
    return np.array([[2 * s, 2 * s + 1, *board] for s in range(seats)], dtype=np.intp)


def model_records(models: Sequence[PlayerModel]) -> tuple[dict[int, Record], np.ndarray]:
    """One decision record per distinct model (by identity) and the compiled rounds' records.

    A built-in model (or a skill blend of one) reads the hand's draws and has a row in the
    packed parameter records (``model_params.pack``); any other model is asked in Python.
    """
    records: dict[int, Record] = {}
    built_in: list[tuple[ModelParams, BlendParams | None]] = []
    for m in models:
        if id(m) not in records:
            record = model_record(m)
            code = len(built_in) if record is not None else -1
            records[id(m)] = (m.decide, m.think_seconds, record is not None, code)
            if record is not None:
                built_in.append(record)
    return records, pack(built_in)
