"""A run's result as a reduction of its event log: places, prizes, bounties, times, counts.

The engine returns ``tally(log)`` and ``summary.json`` is written from it, so the log is the one
source of truth: rebuilding the summary from ``events.jsonl`` alone gives the same bytes. The
reduction reads JSON records (``events.event_record``), one at a time, keeping a few numbers
per player, so it streams a log of any length.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from pokersim.errors import InvariantError
from pokersim.events import record_builder
from pokersim.frozen import frozen

__all__ = ["TALLIED", "Finish", "Tally", "TournamentResult", "tally"]


@frozen(slots=True, kw_only=True)
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
    # paid back: an unregistration or a cancelled start (R-REG-4), a cancellation (R-FAULT-2)
    refund_cents: int = 0


@frozen(slots=True, kw_only=True)
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
    spin_multiplier: int | None = None  # a Spin & Go's drawn multiplier (F-SPIN-1); else None
    start_delay_seconds: int = 0  # R-REG-4: how long the operator delayed the start
    cancelled_before_start: bool = False  # R-REG-4: every buy-in and fee refunded, no play
    # synchronized play on the money bubble only (up to its burst; the final-table stage apart)
    bubble_hand_for_hand_seconds: int = 0


_FINISH_ORDER = (
    "player_id",
    "name",
    "model",
    "place",
    "prize_cents",
    "bounty_cents",
    "eliminated_at",
    "timeouts",
    "disconnects",
    "entries",
    "refund_cents",
)
# one record per player at the end of a run: a third of the keyword constructor's cost
_finish_record: Callable[..., Finish] = record_builder(Finish, _FINISH_ORDER)

# The event types the reduction reads (the engine feeds it only these).
TALLIED = frozenset(
    {
        "FieldListed",
        "TournamentStarted",
        "PlayerRegistered",
        "PrizePoolDrawn",
        "PlayerUnregistered",
        "StartDelayed",
        "StartCancelled",
        "EntryBought",
        "EliminationsDeferred",
        "PlayerEliminated",
        "PrizePaid",
        "PrizeTopUp",
        "BountyPaid",
        "BuyInRefunded",
        "PlayerTimedOut",
        "PlayerDisconnected",
        "BubbleBurst",
        "FinalTableFormed",
        "HandForHandStarted",
        "HandForHandEnded",
        "TournamentCancelled",
        "MoneyReconciled",
        "DayEnded",
        "TournamentEnded",
    }
)


class Tally:
    """Running totals of one log; ``add`` each record in order, then ``result``."""

    def __init__(self) -> None:
        self.ids: list[int] = []
        self.names: list[str] = []
        self.models: list[str] = []
        self.run: dict[str, Any] = {}  # TournamentStarted, MoneyReconciled, TournamentEnded
        self.entries: dict[int, int] = {}
        self.place: dict[int, int] = {}
        self.out_at: dict[int, int] = {}
        self.deferred_at: dict[int, int] = {}
        self.prize: dict[int, int] = {}
        self.bounty: dict[int, int] = {}
        self.refund: dict[int, int] = {}
        self.timeouts: dict[int, int] = {}
        self.disconnects: dict[int, int] = {}
        self.bubble: int | None = None
        self.final: int | None = None
        self.sync_since: int | None = None
        self.sync_seconds = 0
        self.bubble_sync_seconds = 0
        self.cancelled = False
        self.delay = 0
        self.cancelled_before_start = False
        self.bagged = 0  # players who bagged chips at the end of a day-1 flight (F-FLIGHT-1)

    def add(self, rec: Mapping[str, Any]) -> None:
        """Take one record of the log (records of other types are ignored)."""
        handler = getattr(self, "_" + rec["type"], None)
        if handler is not None:
            handler(rec)

    @staticmethod
    def _bump(counts: dict[int, int], p: int, by: int = 1) -> None:
        counts[p] = counts.get(p, 0) + by

    def _FieldListed(self, rec: Mapping[str, Any]) -> None:
        self.ids = list(rec["player_ids"])
        self.names = list(rec["names"])
        self.models = list(rec["models"])
        late = set(rec["late_ids"])
        self.entries = {p: 0 if p in late else 1 for p in self.ids}

    def _TournamentStarted(self, rec: Mapping[str, Any]) -> None:
        self.run.update(name=rec["name"], seed=rec["seed"])

    def _PrizePoolDrawn(self, rec: Mapping[str, Any]) -> None:
        self.run["multiplier"] = rec["multiplier"]

    def _PlayerRegistered(self, rec: Mapping[str, Any]) -> None:
        if rec["registered"]:
            self._bump(self.entries, rec["player_id"])

    def _PlayerUnregistered(self, rec: Mapping[str, Any]) -> None:
        if rec["granted"]:
            p = rec["player_id"]
            self.entries[p] = 0
            self._bump(self.refund, p, rec["refund_cents"])

    def _StartDelayed(self, rec: Mapping[str, Any]) -> None:
        self.delay = rec["delay_seconds"]

    def _StartCancelled(self, rec: Mapping[str, Any]) -> None:
        self.cancelled_before_start = True
        for p, cents in zip(rec["player_ids"], rec["refunds_cents"], strict=True):
            self.entries[p] = 0
            self._bump(self.refund, p, cents)
        self.run.update(
            name=rec["name"], seed=rec["seed"], end=rec["t"], winner=-1, hands=0, chips=0
        )
        self.run["places_paid"] = 0

    def _EntryBought(self, rec: Mapping[str, Any]) -> None:
        if rec["kind"] == "reentry":
            self._bump(self.entries, rec["player_id"])

    def _EliminationsDeferred(self, rec: Mapping[str, Any]) -> None:
        for p in rec["player_ids"]:
            self.deferred_at[p] = rec["t"]

    def _PlayerEliminated(self, rec: Mapping[str, Any]) -> None:
        p = rec["player_id"]
        if p in self.place:
            raise InvariantError(f"player {p} finished twice in the log")
        self.place[p] = rec["place"]
        self.out_at[p] = self.deferred_at.get(p, rec["t"])  # when out, not when ranked

    def _PrizePaid(self, rec: Mapping[str, Any]) -> None:
        self._bump(self.prize, rec["player_id"], rec["prize_cents"])

    def _PrizeTopUp(self, rec: Mapping[str, Any]) -> None:
        self._bump(self.prize, rec["player_id"], rec["cents"])

    def _BountyPaid(self, rec: Mapping[str, Any]) -> None:
        self._bump(self.bounty, rec["winner_id"], rec["cash_cents"])

    def _BuyInRefunded(self, rec: Mapping[str, Any]) -> None:
        self._bump(self.refund, rec["player_id"], rec["prize_cents"] + rec["fee_cents"])

    def _PlayerTimedOut(self, rec: Mapping[str, Any]) -> None:
        self._bump(self.timeouts, rec["player_id"])

    def _PlayerDisconnected(self, rec: Mapping[str, Any]) -> None:
        self._bump(self.disconnects, rec["player_id"])

    def _BubbleBurst(self, rec: Mapping[str, Any]) -> None:
        if self.bubble is None:
            self.bubble = rec["t"]

    def _FinalTableFormed(self, rec: Mapping[str, Any]) -> None:
        if self.final is None:
            self.final = rec["t"]

    def _HandForHandStarted(self, rec: Mapping[str, Any]) -> None:
        self.sync_since = rec["t"]

    def _HandForHandEnded(self, rec: Mapping[str, Any]) -> None:
        if self.sync_since is not None:
            self._synced(self.sync_since, rec["t"])
        self.sync_since = None

    def _synced(self, start: int, end: int) -> None:
        """A stretch of hand-for-hand play; the part before the money bubble burst is its own."""
        self.sync_seconds += end - start
        bubble_end = end if self.bubble is None else min(end, self.bubble)
        self.bubble_sync_seconds += max(0, bubble_end - start)

    def _TournamentCancelled(self, rec: Mapping[str, Any]) -> None:
        self.cancelled = True  # a cancellation does not count the stage under way

    def _MoneyReconciled(self, rec: Mapping[str, Any]) -> None:
        self.run["prize_pool_cents"] = rec["prize_pool_cents"]

    def _DayEnded(self, rec: Mapping[str, Any]) -> None:
        """A flight bags: its players still in have no place; the pool goes to day 2."""
        self.bagged = len(rec["player_ids"])
        self.run["prize_pool_cents"] = rec["carried_prize_cents"]

    def _TournamentEnded(self, rec: Mapping[str, Any]) -> None:
        if "end" in self.run:
            return
        t = rec["t"]
        self.run.update(
            end=t,
            winner=rec["winner_id"],
            hands=rec["hands_played"],
            chips=rec["chips_in_play"],
            places_paid=rec["places_paid"],
        )
        if self.sync_since is not None and not self.cancelled:
            self._synced(self.sync_since, t)
            self.sync_since = None

    def result(self) -> TournamentResult:
        """The run's result; ``InvariantError`` if the log does not tell a finished run."""
        run = self.run
        if "end" not in run:
            raise InvariantError("the tournament stopped before one player held every chip")
        places = sorted(self.place.get(p, 0) for p in self.ids)
        if self.cancelled_before_start:
            places = [1]  # nobody played: no places to check
        if places and places[0] == 0:  # late arrivals who never registered have no place
            places = [p for p in places if p] or [1 + self.bagged if self.bagged else 0]
        if not places or places[0] != 1 + self.bagged:  # a flight's places start below its bags
            raise InvariantError("not every player has a finishing place")
        return TournamentResult(
            scenario=run["name"],
            seed=run["seed"],
            entries=sum(self.entries.values()),
            prize_pool_cents=run["prize_pool_cents"],
            places_paid=run["places_paid"],
            hands_played=run["hands"],
            duration_seconds=run["end"],
            chips_in_play=run["chips"],
            winner_id=run["winner"],
            bubble_seconds=self.bubble,
            final_table_seconds=self.final,
            hand_for_hand_seconds=self.sync_seconds,
            finishes=self._finishes(),
            spin_multiplier=run.get("multiplier"),
            start_delay_seconds=self.delay,
            bubble_hand_for_hand_seconds=self.bubble_sync_seconds,
            cancelled_before_start=self.cancelled_before_start,
        )

    def _finishes(self) -> tuple[Finish, ...]:
        """Every player's finish, by player id (one per entry of ``FieldListed``)."""
        place, prize, bounty, out_at = self.place, self.prize, self.bounty, self.out_at
        timeouts, disconnects, entries, refund = (
            self.timeouts,
            self.disconnects,
            self.entries,
            self.refund,
        )
        return tuple(
            [
                _finish_record(
                    p,
                    name,
                    model,
                    place.get(p, 0),
                    prize.get(p, 0),
                    bounty.get(p, 0),
                    out_at.get(p, 0),
                    timeouts.get(p, 0),
                    disconnects.get(p, 0),
                    entries.get(p, 0),
                    refund.get(p, 0),
                )
                for p, name, model in zip(self.ids, self.names, self.models, strict=True)
            ]
        )


def tally(records: Iterable[Mapping[str, Any]]) -> TournamentResult:
    """The result of a run from its log's records (``results.read_events`` of events.jsonl)."""
    t = Tally()
    for rec in records:
        t.add(rec)
    return t.result()
