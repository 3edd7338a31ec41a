"""What a run returns (records of ``pokersim.tally``) and the hand player's signature."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from pokersim.actions import Action, DecisionView, TournamentContext
from pokersim.hand import Deal, HandResult, HandSetup
from pokersim.tally import Finish, TournamentResult

__all__ = ["Finish", "HandPlayer", "TournamentResult"]


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
