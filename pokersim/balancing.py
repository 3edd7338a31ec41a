"""Table breaking and balancing as pure plans of moves (R-BAL-1, R-BAL-2).

The engine calls these between hands for the one table that has just finished a hand (the
"source"): only a table between hands may give players away, while the destination tables may
still be in a hand (a moved player joins their next one). The functions never change their
inputs; they return the moves, in the order they are to be applied.

Positions are measured as "hands until this seat posts the big blind" (see
``pokersim.seating.big_blind_order``). Two policies:

- ``pokerstars`` (default): a balancing move keeps the player's position relative to the
  blinds where possible: the pair (player, free seat) whose positions match best is chosen, so
  the player who is big blind next goes to the seat that is big blind next elsewhere.
- ``tda``: the player who is big blind next is moved, into the worst free position (the one
  closest to the big blind).

Players of a broken table are seated by random draw under either policy (R-BAL-1): the
policies differ only in balancing moves (R-BAL-2).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Mapping, Sequence

import numpy as np

from pokersim.errors import ConfigError
from pokersim.frozen import frozen
from pokersim.scenario import BalancePolicy
from pokersim.seating import big_blind_order, hands_until_big_blind, position_of_free_seat


@frozen(slots=True, kw_only=True)
class TableSeats:
    """What the balancing rules need to know of a table: who sits where, and the button."""

    table_id: int
    seats: Mapping[int, int]  # seat_no -> player_id
    last_button: int | None  # seat of the last hand's button, None before the first hand


@frozen(slots=True, kw_only=True)
class Move:
    """One player to move from one seat to another (applied in list order)."""

    player_id: int
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int


def must_break(players: int, tables: int, seats_per_table: int) -> bool:
    """True when the field fits on one table fewer (R-BAL-1).

    >>> must_break(18, 3, 9), must_break(19, 3, 9), must_break(5, 1, 9)
    (True, False, False)
    """
    return tables > 1 and players <= (tables - 1) * seats_per_table


def out_of_balance(source_count: int, smallest_other: int, tolerance: int) -> bool:
    """True when the source table has more than ``tolerance`` players over the smallest table."""
    return source_count - smallest_other > tolerance


class _Dest:
    """A mutable working copy of a destination table while a plan is being built."""

    __slots__ = ("table_id", "occupied", "last_button", "free", "_positions")

    def __init__(self, t: TableSeats, seats_per_table: int) -> None:
        self.table_id = t.table_id
        self.occupied = sorted(t.seats)
        self.last_button = t.last_button
        self.free = [s for s in range(1, seats_per_table + 1) if s not in t.seats]
        self._positions: list[tuple[int, int]] | None = None

    def positions(self) -> list[tuple[int, int]]:
        """``(hands until big blind, seat)`` of every free seat (kept until a seat is taken)."""
        if self._positions is None:
            self._positions = [
                (position_of_free_seat(self.occupied, self.last_button, s), s) for s in self.free
            ]
        return self._positions

    def take(self, seat: int) -> None:
        self.free.remove(seat)
        self.occupied.append(seat)
        self.occupied.sort()
        self._positions = None


def _validate(source: TableSeats, others: Sequence[TableSeats], seats_per_table: int) -> None:
    ids = [t.table_id for t in others]
    if source.table_id in ids or len(set(ids)) != len(ids):
        raise ValueError(f"table ids must be distinct, got source {source.table_id} and {ids}")
    for t in (source, *others):
        for s in t.seats:
            if not 1 <= s <= seats_per_table:
                raise ValueError(f"table {t.table_id} has seat {s}: expected 1..{seats_per_table}")


def _smallest(dests: Sequence[_Dest]) -> list[_Dest]:
    """Destinations with free seats and the fewest players, in table-id order."""
    open_ = [d for d in dests if d.free]
    if not open_:
        return []
    low = min(len(d.occupied) for d in open_)
    return sorted((d for d in open_ if len(d.occupied) == low), key=lambda d: d.table_id)


def plan_break(
    source: TableSeats,
    others: Sequence[TableSeats],
    *,
    seats_per_table: int,
    rng: np.random.Generator,
) -> list[Move]:
    """Moves that empty ``source`` into the free seats of ``others`` (R-BAL-1).

    Each player goes to one of the tables with the fewest players at that moment, so the field
    stays balanced, and takes a free seat of those tables drawn at random from ``rng`` (under
    every balancing policy: position matching is for balancing moves only, R-BAL-2). Players
    draw in order, big-blind-next first.
    """
    _validate(source, others, seats_per_table)
    # the destinations with free seats by how many players they hold, each list in table-id
    # order: [table id, free seats in order]; a player goes to the fewest players' list
    by_count: dict[int, list[tuple[int, list[int]]]] = {}
    free_total = 0
    for t in sorted(others, key=lambda t: t.table_id):
        seats = t.seats
        free = [s for s in range(1, seats_per_table + 1) if s not in seats]
        if free:
            by_count.setdefault(len(seats), []).append((t.table_id, free))
            free_total += len(free)
    if free_total < len(source.seats):
        raise ConfigError(
            f"cannot break table {source.table_id}: {len(source.seats)} players but only "
            f"{free_total} free seats elsewhere"
        )
    src_pos = hands_until_big_blind(list(source.seats), source.last_button)
    order = sorted(source.seats, key=lambda s: (src_pos[s], s))
    moves: list[Move] = []
    for from_seat in order:
        low = min(by_count)
        group = by_count[low]
        # the k-th (table, free seat) pair of the fewest players' tables, in table-id order
        k = int(rng.integers(sum([len(free) for _tid, free in group])))
        g = 0
        while k >= len(group[g][1]):
            k -= len(group[g][1])
            g += 1
        tid, free = group.pop(g)
        seat = free.pop(k)
        if not group:
            del by_count[low]
        if free:
            insort(by_count.setdefault(low + 1, []), (tid, free))
        moves.append(
            Move(
                player_id=source.seats[from_seat],
                from_table=source.table_id,
                from_seat=from_seat,
                to_table=tid,
                to_seat=seat,
            )
        )
    return moves


def plan_balance(
    source: TableSeats,
    others: Sequence[TableSeats],
    *,
    seats_per_table: int,
    tolerance: int = 1,
    policy: BalancePolicy = BalancePolicy.POKERSTARS,
) -> list[Move]:
    """Moves from ``source`` to the smallest tables until it is within ``tolerance`` (R-BAL-2).

    Under ``pokerstars`` each move takes the (player, free seat) pair whose positions relative to
    the blinds match best (ties: the seat nearer the big blind, then the player nearer it, then
    the lower table id and seat). Under ``tda`` the player who is big blind next moves into the
    free seat nearest the big blind.
    """
    if tolerance < 1:
        raise ConfigError(f"balancing tolerance must be >= 1, got {tolerance}")
    _validate(source, others, seats_per_table)
    dests = [_Dest(t, seats_per_table) for t in others]
    remaining = dict(source.seats)
    moves: list[Move] = []
    while dests:
        low = min(len(d.occupied) for d in dests)
        if not out_of_balance(len(remaining), low, tolerance):
            break
        candidates = _smallest(dests)
        # the free seat nearest the big blind (ties: the lower table id, then seat)
        p, _, seat, dest = min((p, d.table_id, s, d) for d in candidates for p, s in d.positions())
        bb_order = big_blind_order(list(remaining), source.last_button)
        if policy is BalancePolicy.TDA:
            from_seat = bb_order[0]  # the player who is big blind next
        else:
            # The pair of best matching positions: the remaining players' positions are
            # 0 .. n-1, so a free seat at p is matched by the player at min(p, n-1), and the
            # closest match, then the seat nearer the big blind, is that nearest free seat.
            from_seat = bb_order[min(p, len(bb_order) - 1)]
        dest.take(seat)
        moves.append(
            Move(
                player_id=remaining.pop(from_seat),
                from_table=source.table_id,
                from_seat=from_seat,
                to_table=dest.table_id,
                to_seat=seat,
            )
        )
    return moves
