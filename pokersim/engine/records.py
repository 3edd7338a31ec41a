"""What a run returns: frozen records of the result, and the hand player's signature."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from pokersim.actions import Action, DecisionView, TournamentContext
from pokersim.hand import Deal, HandResult, HandSetup

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


@dataclass(frozen=True, slots=True, kw_only=True)
class Finish:
    """How one player finished: place (shared by ties), prize and bounty cash in cents."""

    player_id: int
    name: str
    model: str
    place: int
    prize_cents: int
    bounty_cents: int
    eliminated_at: int  # simulated seconds (the winner: the end of the tournament)
    timeouts: int = 0  # R-DIS-1 time-outs
    disconnects: int = 0  # disconnections that started while the player was in
    entries: int = 1  # the first entry and every re-entry (R-REG-2)


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentResult:
    """What a run produced; the event log holds the full story."""

    scenario: str
    seed: int
    entries: int
    prize_pool_cents: int
    places_paid: int
    hands_played: int
    duration_seconds: int
    chips_in_play: int
    winner_id: int
    bubble_seconds: int | None  # when the field first reached the places paid
    final_table_seconds: int | None  # when the final table was formed
    hand_for_hand_seconds: int  # simulated time spent in synchronized play
    finishes: tuple[Finish, ...]  # by player id
