"""The end of a day-1 flight (F-FLIGHT-1): bag and tag at a level's end or at a count.

A flight run (``Options.day_end``, played by ``pokersim.multiday``) stops like a break: when its
stop is due every table finishes the hand in progress and deals no other; once every table is
idle the players still in bag their chips (``DayEnded``) and the run ends. A flight pays
nothing: its prize parts are carried to the event's pool (F-FLIGHT-4).

Choices where RULES.md is silent:

- ``stop_at_level = L``: the stop is due when level L ends (level L + 1 would start); hands
  dealt before then are finished, even if they end later.
- ``stop_at_players_left = N``: the stop is due once N or fewer players are left after a hand.
  Hands in progress at the other tables are finished and their players out are out: fewer than
  N may bag (nobody is brought back). A flight down to one player bags that player.
"""

from __future__ import annotations

from pokersim.engine.setup import Run
from pokersim.engine.state import Bust
from pokersim.errors import InvariantError
from pokersim.events import DayEnded, TournamentEnded

__all__ = ["Days"]


class Days(Run):
    """The day-end stop of a flight and its bags (no clock)."""

    def _day_due(self, now: int) -> bool:
        """F-FLIGHT-1: the flight's stop is due (every table stops after its hand)."""
        end = self.day_end
        if end is None:
            return False
        if 0 < end.stop_at_players_left and self.field.remaining <= end.stop_at_players_left:
            return True
        return self._day_over_by_level(now)

    def _day_over_by_level(self, now: int) -> bool:
        """The end of level ``stop_at_level`` has come (the clock's breaks and pauses counted)."""
        end = self.day_end
        if end is None or not end.stop_at_level:
            return False
        return now >= self.schedule.levels.start_of(end.stop_at_level)

    def _day_ended(self) -> bool:
        """Every table is idle: end the day if its stop is due; True when it ended."""
        if not self._day_due(self.now):
            return False
        self._end_day()
        return True

    def _end_day(self) -> None:
        """F-FLIGHT-1: the players still in bag their chips; the flight's money is carried."""
        now = self.now
        end = self.day_end
        if end is None:
            raise InvariantError("a day ended in a run that is not a flight")
        if self.arrival_at or self.places.deferred:
            self._flush_places()  # late registration ends with the day
        if self.sync.busts:
            self._place(self.sync.busts, synchronized=True)
            self.sync.busts = []
        if sum(self.places.prize):
            raise InvariantError(f"flight {end.flight} paid {sum(self.places.prize)} cents")
        field = self.field
        bagged = field.holding()
        by_level = self._day_over_by_level(now)
        # by level: the stop's level (a last hand may have outlasted the level after it too)
        level = end.stop_at_level - 1 if by_level else self.schedule.level_at(now)
        book = self.cashier.book
        self.sync.stop()
        self._log(
            [
                DayEnded(
                    t=now,
                    flight=end.flight,
                    reason="level" if by_level else "players",
                    level_index=level,
                    player_ids=tuple(bagged),
                    stacks=tuple(field.stack[p] for p in bagged),
                    entries=book.total_entries,
                    carried_prize_cents=book.prize_collected,
                    fees_cents=book.fees_collected,
                ),
                *self.incidents.last_connection_events(now),
            ]
        )
        leader = min(bagged, key=lambda p: (-field.stack[p], p))
        self._log(
            [
                TournamentEnded(
                    t=now,
                    winner_id=leader,
                    hands_played=self.hands_played,
                    chips_in_play=field.total_chips,
                    places_paid=0,
                )
            ]
        )
        self.over = True
        self.end_time = now
        self.winner = leader

    def _place(self, busts: list[Bust], *, synchronized: bool) -> None:
        raise NotImplementedError  # Endings'

    def _flush_places(self) -> None:
        raise NotImplementedError  # Endings'
