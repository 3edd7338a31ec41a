"""Seat draws and the moving button: pure functions over seat numbers (R-SEAT-1/2, R-BTN-1).

A table is described here only by its occupied seat numbers (1-based, any order accepted, always
handled sorted) and the seat of the last hand's button (``None`` before the table's first hand).
Nothing here knows about stacks, time or SimPy, so the engine and the balancing rules share one
definition of "who is big blind next".
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pokersim.errors import ConfigError


def tables_needed(players: int, seats_per_table: int) -> int:
    """The fewest tables that seat ``players``.

    >>> tables_needed(180, 9), tables_needed(181, 9), tables_needed(1, 9)
    (20, 21, 1)
    """
    if seats_per_table < 2:
        raise ConfigError(f"seats per table must be >= 2, got {seats_per_table}")
    if players < 0:
        raise ConfigError(f"player count must be >= 0, got {players}")
    return max(1, -(-players // seats_per_table))


def draw_seats(
    players: int, seats_per_table: int, rng: np.random.Generator
) -> list[dict[int, int]]:
    """Draw every player's table and seat at random (R-SEAT-1).

    Returns one ``{seat_no: player_id}`` dict per table (tables in id order, player ids
    ``0..players-1``). Table sizes differ by at most one, so play starts balanced (R-BAL-2);
    which players share a table and which seats stay empty are both random.
    """
    if players < 2:
        raise ConfigError(f"a tournament needs at least 2 players, got {players}")
    n_tables = tables_needed(players, seats_per_table)
    order = rng.permutation(players)
    tables: list[dict[int, int]] = []
    for t in range(n_tables):
        members = order[t::n_tables]
        seat_nos = rng.choice(seats_per_table, size=len(members), replace=False) + 1
        tables.append({int(s): int(p) for s, p in sorted(zip(seat_nos, members))})
    return tables


def redraw_seats(
    player_ids: Sequence[int], seats_per_table: int, rng: np.random.Generator
) -> dict[int, int]:
    """Seat the given players at one table in random seats (the final table, R-BAL-3)."""
    if len(player_ids) > seats_per_table:
        raise ConfigError(
            f"{len(player_ids)} players do not fit a table of {seats_per_table} seats"
        )
    seat_nos = rng.choice(seats_per_table, size=len(player_ids), replace=False) + 1
    order = rng.permutation(len(player_ids))
    return {int(s): int(player_ids[int(i)]) for s, i in sorted(zip(seat_nos, order))}


def next_button(occupied: Sequence[int], last_button: int | None) -> int:
    """Seat of the next hand's button: the next occupied seat clockwise (R-BTN-1).

    Before a table's first hand (``last_button is None``) the button is at seat 1, or at the
    first occupied seat after it when seat 1 is empty (R-SEAT-2). The last button's own seat
    need not be occupied any more (its player may be gone).

    >>> next_button([1, 4, 7], None), next_button([2, 4, 7], None)
    (1, 2)
    >>> next_button([1, 4, 7], 4), next_button([1, 4, 7], 7), next_button([1, 4, 7], 5)
    (7, 1, 7)
    """
    if not occupied:
        raise ValueError("next_button: the table has no occupied seat")
    seats = sorted(occupied)
    if last_button is None:
        return seats[0]
    for s in seats:
        if s > last_button:
            return s
    return seats[0]


def big_blind_order(occupied: Sequence[int], last_button: int | None) -> list[int]:
    """Occupied seats in the order they will post the big blind, starting with the next hand.

    Assumes nobody arrives or leaves: with the moving button (R-BTN-1) the big blind then
    advances one occupied seat per hand. With two players the big blind is the one without
    the button (R-BTN-2); with more, the second seat after the button. ``result[0]`` is "big
    blind next", ``result[-1]`` the next hand's small blind (or button heads-up).

    >>> big_blind_order([1, 3, 5, 8], 1)
    [8, 1, 3, 5]
    >>> big_blind_order([2, 6], None)
    [6, 2]
    """
    seats = sorted(occupied)
    if len(seats) < 2:
        return list(seats)
    button = next_button(seats, last_button)
    i = seats.index(button)
    first = (i + 1) % len(seats) if len(seats) == 2 else (i + 2) % len(seats)
    return seats[first:] + seats[:first]


def hands_until_big_blind(occupied: Sequence[int], last_button: int | None) -> dict[int, int]:
    """``{seat: hands before that seat posts the big blind}`` (0 is big blind next hand)."""
    return {s: k for k, s in enumerate(big_blind_order(occupied, last_button))}


def position_of_free_seat(occupied: Sequence[int], last_button: int | None, seat: int) -> int:
    """Hands before a player placed in free ``seat`` would post the big blind."""
    if seat in occupied:
        raise ValueError(f"seat {seat} is not free")
    return hands_until_big_blind([*occupied, seat], last_button)[seat]
