"""The tournament engine: a director that keeps time and desks that decide.

``run_tournament`` plays one tournament. ``director`` is the only module that imports simpy
(one process per table, the clock, one "every table is idle" event); the desks take state and
return events: ``floor`` (seats, button, balancing, table breaking, final table), ``schedule``
(levels, breaks), ``cashier`` (entries, the pool, payouts, bounties, deals), ``places``
(eliminations, ranking, ties), ``incidents`` (connections, time-outs, faults, disqualifications),
``dealer`` (one hand). ``format`` describes the tournament's format, ``state`` the tables and
the field, ``records`` what a run returns. See docs/ARCHITECTURE.md for the order of calls.
"""

from pokersim.engine.director import run_tournament
from pokersim.engine.records import Finish, HandPlayer, TournamentResult

__all__ = ["Finish", "HandPlayer", "TournamentResult", "run_tournament"]
