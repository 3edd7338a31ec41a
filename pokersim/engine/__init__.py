"""The tournament engine: a director that keeps time and desks that decide.

``run_tournament`` plays one tournament. ``director`` is the only module that imports simpy
(one process per table, the clock, one "every table is idle" event); the desks take state and
return events: ``floor`` (seats, button, balancing, table breaking, final table), ``schedule``
(levels, breaks), ``cashier`` (entries, the pool, payouts, bounties, deals), ``places``
(eliminations, ranking, ties), ``incidents`` (connections, time-outs, faults, disqualifications),
``dealer`` (one hand). ``format`` describes the tournament's format, ``state`` the tables and
the field, ``records`` what a run returns. See docs/ARCHITECTURE.md for the order of calls.

Every run ends with ``MoneyReconciled`` (prizes + bounties paid + bounties on heads = prize
pool + bounty pool, to the cent) or an ``InvariantError``; the result is a reduction of the log
(``pokersim.tally``).

Choices where the rules are silent (each desk's docstring names its own):

- A hand lasts its dealing time (``deal_seconds``, 1.5 s per street dealt, 3 s at showdown)
  plus every decision's time, rounded up to whole seconds.
- Breaks (R-BRK-1): a hand that started before the break finishes; no hand starts until every
  table is done and the scheduled end has come, so the break ends at the later of the two. The
  level clock stops during the scheduled break window.
- The table broken (R-BAL-1) is the one that finishes a hand when the field fits on one table
  fewer (with every table idle: the smallest, ties the highest id). Its players draw free seats
  at the smallest tables at random, under every policy. A table left with one player waits and
  is refilled by the next table that finishes a hand, whatever the tolerance.
- The final table (R-BAL-3) is a new table, formed once every table has finished its hand;
  like every new table its button starts at seat 1 or the first occupied seat after it.
- Hand-for-hand (R-SYNC-1) starts once the hands in progress when the stage is reached have
  finished (their eliminations count one hand at a time) and ends when the field leaves the
  stage or one table is left.
- Players tied on starting stack (R-ELIM-2) share the best of their places; indivisible cents
  go one each in order of table id, then player id. Eliminations at different tables outside
  hand-for-hand are separate, in the order the hands ended, even within one second.
- A connected player who times out is absent for a drawn time (``timing.DisconnectModel``
  defaults), a disconnected one until they reconnect. Disconnections (``pokersim.connection``)
  are logged when the hand at the player's table ends, with the second they happened; a
  disconnection that is over before the player's next decision still counts. The time-outs
  and disconnections of a hand rolled back by a server failure are logged too; at the end,
  disconnections counted but not yet logged are.
- A run whose simulated clock passes ``max_simulated_days`` stops with a ``ConfigError`` naming
  the level and the average stack in big blinds (a structure that cannot finish).
- One run at a time in a process (``ONE_RUN``): the compiled machine's buffers and the caches of
  the tournament inputs and prize tables belong to the process, and a thread switch inside a
  run let another thread's run overwrite them (chips lost, or other results). Compiled hands
  hold the GIL, so threads never played two hands at once anyway: a Dask worker's threads (its
  default) now run their runs one after another, with the same results as one thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pokersim.connection import Connections
from pokersim.engine.director import Director
from pokersim.engine.records import Finish, HandPlayer, HandWatch, TournamentResult
from pokersim.engine.setup import Options
from pokersim.events import HandEvent
from pokersim.hand import HandResult, play_hand
from pokersim.players import PlayerModel
from pokersim.scenario import Scenario
from pokersim.script import StartPosition

if TYPE_CHECKING:  # flights load only for a multi-day event
    from pokersim.flights import Carried, DayEnd

__all__ = ["ONE_RUN", "Finish", "HandPlayer", "HandWatch", "TournamentResult", "run_tournament"]

ONE_RUN = threading.RLock()  # held by every run; re-entrant: never blocks a run's own thread


def run_tournament(
    scenario: Scenario,
    seed: int = 0,
    *,
    emit: Callable[[Any], None] | None = None,
    emit_hand: Callable[[Sequence[HandEvent]], None] | None = None,
    emit_rows: Callable[[bytes], None] | None = None,
    emit_log: Callable[[bytes], None] | None = None,
    on_hand: Callable[[HandResult], None] | None = None,
    watch: HandWatch | None = None,
    record_actions: bool = False,
    progress: Callable[[int], None] | None = None,
    hand_player: HandPlayer | None = None,
    models: Sequence[PlayerModel] | None = None,
    start_position: StartPosition | None = None,
    connections: Connections | None = None,
    disqualified: Sequence[int] | None = None,
    disqualified_at_hands: Sequence[tuple[int, int]] = (),
    infractions_at_hands: Sequence[tuple[int, int]] = (),
    decks: Mapping[tuple[int, int], Sequence[tuple[int, int]]] | None = None,
    multiplier: int | None = None,
    arrivals: Mapping[int, int] | None = None,
    day: DayEnd | Carried | None = None,
) -> TournamentResult:
    """Play a whole tournament and return its result.

    ``emit`` receives every tournament event in order (the log), with ``record_actions`` each
    hand's own events too (or ``emit_hand``, a hand at once) before its ``TableHandEnded``;
    ``emit_rows`` (if given) every hand's two table events as rows (``hand_log``), ``emit_log``
    (if given too) a stretch of unsynchronized hands' rows at once (own events' too);
    ``on_hand`` every ``HandResult``, or ``watch`` (``HandWatch``) only its players' hands
    whole; ``progress`` the number out at each elimination. ``hand_player`` replaces
    ``play_hand``, ``models`` the player models (scripted tests), ``start_position`` the seat
    draw, starting stacks and first buttons, ``connections`` the drawn disconnections,
    ``disqualified`` the player each scheduled disqualification takes (``pokersim.script``),
    ``disqualified_at_hands`` and ``infractions_at_hands`` scripted ``(N, player)``
    disqualifications and infractions (R-COND-3) due when the run's N-th hand ends, ``decks``
    the scripted ``(deck position, card)`` pairs of some ``(table, hand)``: those hands are
    dealt from the seed's deck with those cards swapped in (``pokersim.script.fix_cards``),
    ``multiplier`` a Spin & Go's drawn multiplier (F-SPIN-1), ``arrivals`` some registration
    times (``{player: seconds}``, 0 or less: at the start; R-SAT-1), ``day`` a multi-day event's
    flight (``DayEnd``) or day 2 (``Carried``; F-FLIGHT-1..4).
    """
    opts = Options(
        emit=emit, emit_hand=emit_hand, emit_rows=emit_rows, emit_log=emit_log, on_hand=on_hand,
        watch=watch,
        record_actions=record_actions, progress=progress,
        hand_player=hand_player if hand_player is not None else play_hand,
        models=models, connections=connections, disqualified=disqualified,
        disqualified_at_hands=disqualified_at_hands, infractions_at_hands=infractions_at_hands,
        decks=decks, multiplier=multiplier, arrivals=arrivals, day=day,
    )  # fmt: skip
    with ONE_RUN:
        director = Director(scenario, seed, opts, start_position)
        director.start()
        return _played(director)


def _played(director: Director) -> TournamentResult:
    """Play to the end, under the collector's own schedule.

    Until 2026-12-06 the set-up's objects were frozen out of the collector's way for the run
    (``gc.freeze``, then released): that moved every object alive at the start, the previous
    runs' uncollected garbage with it, to the oldest generation and emptied the generations'
    counts, so no full collection came and a process playing run after run kept every run's
    garbage (1.4 MiB a 9-player sit-and-go; a 3,000-run study peaked at 4.8 GB). Freezing no
    longer saved anything measurable either (collector CPU at 10,000, 30,000 and 100,000
    players: 0.09 / 0.26 / 1.10 s frozen against 0.05 / 0.23 / 1.29 s not, runs of 4 to 40 s).
    """
    director.env.run()
    return director.result()
