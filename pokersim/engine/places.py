"""The places desk: who finished where, with which prize, and when the bubble burst.

Players out together are ranked by their stacks at the start of the hand; equal stacks share
the best of their places and split those places' prizes to the cent (R-ELIM-2, R-SYNC-2).
During late registration places wait until it closes (R-REG-1). In a shoot-out round played
at several tables, everyone out in the round shares its places (R-SHOOT-1). It takes the prize
table and any deal from the cashier as arguments and returns the events; it never calls another
desk.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pokersim.engine.state import Bust, Field
from pokersim.errors import InvariantError
from pokersim.events import BubbleBurst, PlayerEliminated, PrizePaid, PrizeTopUp, record_builder
from pokersim.faults import lowest_open_place
from pokersim.formats import round_places
from pokersim.payouts import split_tied, tied_share

__all__ = ["Places"]

Events = list[Any]
# the events of every player out, built without the keyword constructor (fields named in order)
_ELIMINATED = ("t", "player_id", "place", "table_id", "hand_no", "starting_stack", "by",
               "synchronized")  # fmt: skip
_eliminated: Callable[..., PlayerEliminated] = record_builder(PlayerEliminated, _ELIMINATED)
_paid: Callable[..., PrizePaid] = record_builder(
    PrizePaid, ("t", "player_id", "place", "prize_cents")
)


class Places:
    """Finishing places and prizes by player id, and the places still open."""

    def __init__(self, field: Field) -> None:
        self.field = field
        n = field.n
        self.place = [0] * n
        self.prize = [0] * n
        self.out_at = [0] * n
        # players tied for a place (R-ELIM-2), in the order their prizes were split
        self.tied: dict[int, list[int]] = {}
        # out during late registration, placed when it closes: (when, busts, synchronized)
        self.deferred: list[tuple[int, list[Bust], bool]] = []
        self.bubble_at: int | None = None
        # R-SHOOT-1: the place shared in the current round (0: none), how many share it and
        # how many of them are out so far
        self.round_place = 0
        self.round_count = 0
        self.round_out = 0

    def start_round(self, players: int, tables: int, *, shared: bool) -> None:
        """R-SHOOT-1: a round starts; when ``shared``, its players out share its places."""
        if self.round_out != self.round_count:
            raise InvariantError(
                f"a shoot-out round ended with {self.round_out} of {self.round_count} out"
            )
        self.round_place, self.round_count = round_places(players, tables) if shared else (0, 0)
        self.round_out = 0

    def _round_share(self, p: int, prizes: Sequence[int]) -> tuple[int, int]:
        """R-SHOOT-1: the round's shared place and the next share of its prizes, to the cent.

        Shares are handed out in the order players are out (R-ELIM-2's order within a hand),
        so the odd cents of the split go to the first out (``split_tied``'s order).
        """
        place, k = self.round_place, self.round_out
        if k >= self.round_count:
            raise InvariantError(f"more players out than the round's {self.round_count}")
        self.round_out += 1
        self.tied.setdefault(place, []).append(p)
        return place, tied_share(prizes, place, self.round_count, k)

    def someone_out(self) -> bool:
        """A player is out for good (placed, or out during late registration)."""
        return bool(self.deferred) or self.field.unplaced < self.field.registered

    def _settle(self, p: int, place: int, cents: int, now: int) -> None:
        self.place[p] = place
        self.prize[p] = cents
        self.out_at[p] = now

    def defer(self, busts: list[Bust], now: int, *, synchronized: bool) -> None:
        """R-REG-1: players out while late players may still arrive are placed later."""
        self.deferred.append((now, busts, synchronized))

    def place_busts(
        self,
        busts: list[Bust],
        now: int,
        prizes: Sequence[int],
        deal: Mapping[int, int],
        places_paid: int,
        *,
        synchronized: bool,
    ) -> Events:
        """Give places to players out together (R-ELIM-2, R-SYNC-2; a deal replaces prizes)."""
        events: Events = []
        ordered = sorted(busts, key=lambda b: (-b[1], b[2], b[0]))
        if self.round_place:
            for p, start, tid, hand_no, by in ordered:
                place, cents = self._round_share(p, prizes)
                self._settle(p, place, cents, now)
                events += self._out(p, place, cents, now, tid, hand_no, start, by, synchronized)
            self.field.unplaced -= len(ordered)
            return events + self.bubble(now, places_paid)
        place = self.field.unplaced - len(ordered) + 1
        i = 0
        while i < len(ordered):
            j = i
            while j < len(ordered) and ordered[j][1] == ordered[i][1]:
                j += 1
            group = ordered[i:j]
            shares = split_tied(prizes, place, len(group))
            if len(group) > 1:
                self.tied[place] = [b[0] for b in group]
            for (p, start, tid, hand_no, by), cents in zip(group, shares):
                if p in deal:  # R-DEAL-1: the deal replaces the place's prize (placed later,
                    cents = deal[p]  # R-REG-1, one out before the deal has the place's own)
                self._settle(p, place, cents, now)
                events += self._out(p, place, cents, now, tid, hand_no, start, by, synchronized)
            place += len(group)
            i = j
        self.field.unplaced -= len(ordered)
        return events + self.bubble(now, places_paid)

    @staticmethod
    def _out(
        p: int,
        place: int,
        cents: int,
        now: int,
        table_id: int,
        hand_no: int,
        start: int,
        by: tuple[int, ...],
        synchronized: bool,
    ) -> Events:
        events: Events = [_eliminated(now, p, place, table_id, hand_no, start, by, synchronized)]
        if cents:
            events.append(_paid(now, p, place, cents))
        return events

    def flush(self, prizes: Sequence[int], deal: Mapping[int, int], places_paid: int) -> Events:
        """Registration is over: rank the players out during it, earliest out lowest."""
        deferred, self.deferred = self.deferred, []
        events: Events = []
        for at, busts, synchronized in deferred:
            events += self.place_busts(
                busts, at, prizes, deal, places_paid, synchronized=synchronized
            )
            for b in busts:
                self.out_at[b[0]] = at  # when they were out, not when ranked
        return events

    def bubble(self, now: int, places_paid: int) -> Events:
        """After places are given: the first time the field is down to the places paid."""
        unplaced = self.field.unplaced
        if self.bubble_at is None and unplaced <= places_paid:
            self.bubble_at = now
            return [BubbleBurst(t=now, players_left=unplaced, places_paid=places_paid)]
        return []

    def winner(self, p: int, cents: int, now: int, table_id: int) -> Events:
        """The last player left takes first place."""
        field = self.field
        if field.stack[p] != field.total_chips:
            raise InvariantError(f"winner {p} holds {field.stack[p]} of {field.total_chips} chips")
        if field.unplaced != 1:
            raise InvariantError(f"{field.unplaced} players without a place at the end")
        self._settle(p, 1, cents, now)
        field.unplaced = 0
        out = self._out(p, 1, 0, now, table_id, 0, field.total_chips, (), False)
        out.append(PrizePaid(t=now, player_id=p, place=1, prize_cents=cents))
        return out

    def satellite_seats(
        self, survivors: Sequence[int], prizes: Sequence[int], now: int, tables: Sequence[int]
    ) -> Events:
        """R-ELIM-1: every player left wins a seat; they share first place."""
        field = self.field
        if len(survivors) != field.unplaced:
            raise InvariantError(f"{field.unplaced} unplaced players but {len(survivors)} left")
        if sum(field.stack[p] for p in survivors) != field.total_chips:
            raise InvariantError("the players left do not hold every chip")
        events: Events = []
        shares = split_tied(prizes, 1, len(survivors))
        for p, cents, tid in zip(survivors, shares, tables):
            self._settle(p, 1, cents, now)
            events += self._out(p, 1, 0, now, tid, 0, field.stack[p], (), False)
            events.append(PrizePaid(t=now, player_id=p, place=1, prize_cents=cents))
        field.unplaced = 0
        return events

    def cancelled(
        self,
        players: Sequence[int],
        stacks: Sequence[int],
        cents: Sequence[int],
        now: int,
        tables: Sequence[int],
    ) -> Events:
        """R-FAULT-1: ranked by chips, equal stacks sharing a place; each paid its share.

        In a shoot-out round sharing its places (R-SHOOT-1) only the places above the round's
        are given by chips (equal stacks across its edge parted by player id); every other
        player left shares the round's place with its players out: still a ranking.
        """
        events: Events = []
        order = sorted(range(len(players)), key=lambda i: (-stacks[i], players[i]))
        place, edge = 1, self.round_place or len(players) + 1
        for rank, i in enumerate(order, start=1):
            if rank > 1 and stacks[i] != stacks[order[rank - 2]]:
                place = rank
            p, at = players[i], (place if rank < edge else edge)
            self._settle(p, at, cents[i], now)
            events += self._out(p, at, cents[i], now, tables[i], 0, stacks[i], (), False)
        self.field.unplaced = 0
        return events

    def open_prizes(self, prizes: Sequence[int]) -> Sequence[int]:
        """The prizes of the places the players left may still take, best first (R-FAULT-2).

        In a shoot-out round sharing its places (R-SHOOT-1) those below the tables' winners
        are the round's shares not paid yet: the places below them were shared already.
        """
        place, count = self.round_place, self.round_count
        if not place:
            return prizes
        shares = [tied_share(prizes, place, count, k) for k in range(self.round_out, count)]
        return [*prizes[: place - 1], *shares]

    def lowest_open(self) -> int:
        """The lowest place not given yet (R-COND-1: a disqualified player's place)."""
        return lowest_open_place(self.field.unplaced)

    def disqualified_place(self, p: int, prizes: Sequence[int]) -> tuple[int, int] | None:
        """R-SHOOT-1: in a round sharing its places, a disqualified player's place and share."""
        return self._round_share(p, prizes) if self.round_place else None

    def disqualified(
        self, p: int, place: int, chips: int, cents: int, now: int, table: tuple[int, int]
    ) -> Events:
        """R-COND-1: ``p`` takes ``place`` as if eliminated now; ``table``: (id, hand number)."""
        self.field.unplaced -= 1
        self._settle(p, place, cents, now)
        return self._out(p, place, cents, now, table[0], table[1], chips, (), False)

    def top_up(self, old: Sequence[int], new: Sequence[int], place: int, now: int) -> Events:
        """R-COND-1 (forfeit): each place decided below ``place`` gets its raise at once.

        A ``PrizeTopUp`` to its holder, or split among players tied for it as their prize was
        (R-ELIM-2, same order); the places still open are paid the raised table later.
        """
        raise_by = [b - a for a, b in zip(old, new)]
        holders: dict[int, list[int]] = {}
        for p in range(self.field.n):
            q = self.place[p]
            if q > place:
                holders.setdefault(q, []).append(p)
        events: Events = []
        q = place + 1
        while q <= len(new):
            group = self.tied.get(q) or holders.get(q, [])
            if not group:
                if raise_by[q - 1]:
                    raise InvariantError(f"paid place {q} has no player for its top-up")
                q += 1
                continue
            for p, cents in zip(group, split_tied(raise_by, q, len(group))):
                if cents:
                    self.prize[p] += cents
                    events.append(
                        PrizeTopUp(t=now, player_id=p, place=q, cents=cents, reason="forfeit")
                    )
            q += len(group)
        return events
