"""The tournament engine: a director that keeps time and desks that decide.

``run_tournament`` plays one tournament. ``director`` is the only module that imports simpy
(one process per table, the clock, one "every table is idle" event); the desks take state and
return events: ``floor`` (seats, button, balancing, table breaking, final table), ``schedule``
(levels, breaks), ``cashier`` (entries, the pool, payouts, bounties, deals), ``places``
(eliminations, ranking, ties), ``incidents`` (connections, time-outs, faults, disqualifications),
``dealer`` (one hand). ``format`` describes the tournament's format, ``state`` the tables and
the field, ``records`` what a run returns. See docs/ARCHITECTURE.md for the order of calls.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pokersim.connection import Connections
from pokersim.engine.director import Director
from pokersim.engine.records import Finish, HandPlayer, TournamentResult
from pokersim.engine.setup import Options
from pokersim.hand import HandResult, play_hand
from pokersim.players import PlayerModel
from pokersim.scenario import Scenario
from pokersim.script import StartPosition

__all__ = ["Finish", "HandPlayer", "TournamentResult", "run_tournament"]


def run_tournament(
    scenario: Scenario,
    seed: int = 0,
    *,
    emit: Callable[[Any], None] | None = None,
    on_hand: Callable[[HandResult], None] | None = None,
    record_actions: bool = False,
    progress: Callable[[int], None] | None = None,
    hand_player: HandPlayer | None = None,
    models: Sequence[PlayerModel] | None = None,
    start_position: StartPosition | None = None,
    connections: Connections | None = None,
    disqualified: Sequence[int] | None = None,
    disqualified_at_hands: Sequence[tuple[int, int]] = (),
    decks: Mapping[tuple[int, int], Sequence[tuple[int, int]]] | None = None,
) -> TournamentResult:
    """Play a whole tournament and return its result.

    ``emit`` receives every tournament event in order (the append-only log); with
    ``record_actions`` also each hand's own events (``pokersim.events`` hand section), just
    before that hand's ``TableHandEnded``. ``on_hand`` receives every ``HandResult`` (hand
    histories; the hands then record their events); ``progress`` the number of players
    eliminated at each elimination. ``hand_player`` replaces ``pokersim.hand.play_hand`` and
    ``models`` the scenario's player models (for scripted tests); ``start_position`` replaces
    the seat draw, starting stacks and first buttons, ``connections`` the drawn disconnections,
    ``disqualified`` the player each scheduled disqualification takes (``pokersim.script``),
    ``disqualified_at_hands`` scripted ``(N, player)`` disqualifications due when the N-th hand
    of the tournament ends (the count ``server_failure_at_hands`` uses; ``pokersim.faults``),
    ``decks`` the scripted ``(deck position, card)`` pairs of some ``(table, hand)``: those hands
    are dealt from the seed's deck with those cards swapped in (``pokersim.script.fix_cards``).
    """
    if not 0 <= seed < 2**63:
        raise ValueError(f"seed must be in 0..2**63-1, got {seed}")
    opts = Options(
        emit=emit,
        on_hand=on_hand,
        record_actions=record_actions,
        progress=progress,
        hand_player=hand_player if hand_player is not None else play_hand,
        models=models,
        connections=connections,
        disqualified=disqualified,
        disqualified_at_hands=disqualified_at_hands,
        decks=decks,
    )
    director = Director(scenario, seed, opts, start_position)
    director.start()
    director.env.run()
    return director.result()
