"""Records of the engine: the run's result, the hand player's signature, the models' records.

The result records are ``pokersim.tally``'s (a reduction of the event log); a decision reads
one record per model (``model_records``) shared by all the model's players.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

import numpy as np

from pokersim.actions import Action, DecisionView, TournamentContext
from pokersim.betting_kernel import model_row
from pokersim.hand import Deal, HandResult, HandSetup
from pokersim.players import PlayerModel, uses_hand_draws
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


def model_records(models: Sequence[PlayerModel]) -> tuple[dict[int, Record], list[list[float]]]:
    """One decision record per distinct model (by identity) and the compiled rounds' rows."""
    records: dict[int, Record] = {}
    kernel_rows: list[list[float]] = []
    for m in models:
        if id(m) not in records:
            own = uses_hand_draws(m)
            row = model_row(m) if own else None
            code = len(kernel_rows) if row is not None else -1
            records[id(m)] = (m.decide, m.think_seconds, own, code)
            if row is not None:
                kernel_rows.append(row)
    return records, kernel_rows
