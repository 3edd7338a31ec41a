"""Special formats as pure rules: satellites (R-ELIM-1), shoot-outs (R-DIS-4, R-SHOOT-1), Spin & Go.

A satellite pays equal prizes, seats to a bigger tournament, each worth ``seat_value_cents``.
The prize pool buys ``pool // seat_value`` seats and what is left over is a remainder prize
for the next place (R-MONEY-1: nothing is rounded away). Play stops as soon as every player
left would receive the same prize (R-ELIM-1): when no more players remain than there are seats.

Choices where RULES.md is silent:

- The number of seats follows the prize pool (guarantee included) when entries close.
- A pool too small for one seat, or buying a seat for every player, is a ``ConfigError``: such a
  satellite has nothing to play for.
- Shoot-outs: each table plays to one winner with no balancing or breaking; when every table
  is down to one player the winners are drawn to new tables (as at the start). A match ended by
  R-DIS-4 goes to the biggest stack (ties: the lowest player id), who takes the others' chips;
  the others are out, ranked by stack (R-ELIM-2), no bounty paid.
- R-SHOOT-1: each later round starts like a fresh sit-and-go, every winner at the round's stack
  (``round_stack``); players out in a round played at several tables share its places
  (``round_places``). A round at one table is a sit-and-go's final: places by elimination.
- Spin & Go (F-SPIN-1, F-SPIN-2 in ``docs/formats.md``): the pool is the whole buy-in (prize
  part and fee) times the multiplier drawn, shared by the tier's split; each share is truncated
  to the cent and the cents left over go to first place, as every payout table (R-MONEY-1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pokersim.errors import ConfigError
from pokersim.frozen import frozen
from pokersim.payouts import prize_amounts
from pokersim.scenario import SHARE_UNITS

__all__ = [
    "SatellitePrizes",
    "SpinPrizes",
    "advancing_player",
    "round_places",
    "round_stack",
    "satellite_over",
    "satellite_prizes",
    "spin_prizes",
]


@frozen(slots=True, kw_only=True)
class SatellitePrizes:
    """Seats and the remainder prize of one satellite, in cents."""

    seats: int
    seat_value_cents: int
    remainder_cents: int

    @property
    def prizes(self) -> tuple[int, ...]:
        """Prize per place, place 1 first: every seat, then the remainder (if any)."""
        tail = (self.remainder_cents,) if self.remainder_cents else ()
        return (self.seat_value_cents,) * self.seats + tail


def satellite_prizes(pool_cents: int, seat_value_cents: int, players: int) -> SatellitePrizes:
    """Split a satellite's pool into equal seats and a remainder prize (R-ELIM-1, R-MONEY-1).

    >>> satellite_prizes(10_500, 3_000, 10).prizes
    (3000, 3000, 3000, 1500)
    """
    if seat_value_cents <= 0:
        raise ValueError(f"seat_value_cents must be > 0, got {seat_value_cents}")
    if pool_cents < 0:
        raise ValueError(f"pool_cents must be >= 0, got {pool_cents}")
    seats = pool_cents // seat_value_cents
    if seats < 1:
        raise ConfigError(
            f"satellite.seat_value_cents: the prize pool of {pool_cents} cents does not buy one "
            f"seat of {seat_value_cents} cents; expected a seat value at most the pool"
        )
    if seats >= players:
        raise ConfigError(
            f"satellite.seat_value_cents: the pool of {pool_cents} cents buys {seats} seats for "
            f"{players} players, so nothing is played for; expected fewer seats than players"
        )
    return SatellitePrizes(
        seats=seats,
        seat_value_cents=seat_value_cents,
        remainder_cents=pool_cents - seats * seat_value_cents,
    )


def satellite_over(players_left: int, seats: int) -> bool:
    """R-ELIM-1: every player left would receive the same prize (a seat)."""
    return players_left <= seats


def advancing_player(stacks: Mapping[int, int]) -> int:
    """R-DIS-4: the player with the largest stack advances (ties: the lowest player id).

    >>> advancing_player({4: 300, 2: 500, 7: 500})
    2
    """
    if not stacks:
        raise ValueError("no players at the table")
    return min(stacks, key=lambda p: (-stacks[p], p))


@frozen(slots=True, kw_only=True)
class SpinPrizes:
    """A Spin & Go's drawn pool and its prizes by place, in cents."""

    pool_cents: int
    prizes: tuple[int, ...]


def spin_prizes(buy_in_cents: int, multiplier: int, split_percent: Sequence[int]) -> SpinPrizes:
    """F-SPIN-1/2: the pool is the buy-in times the multiplier, shared by the tier's split.

    >>> spin_prizes(100, 25, (80, 12, 8)).prizes
    (2000, 300, 200)
    """
    if buy_in_cents <= 0 or multiplier <= 0:
        raise ValueError(f"expected a positive buy-in and multiplier, got {buy_in_cents}, "
                         f"{multiplier}")  # fmt: skip
    pool = buy_in_cents * multiplier
    shares = [SHARE_UNITS * p // 100 for p in split_percent]
    return SpinPrizes(pool_cents=pool, prizes=prize_amounts(pool, shares))


def round_stack(round_stacks: Sequence[int], round_no: int, starting_stack: int) -> int:
    """R-SHOOT-1: the stack every winner starts round ``round_no`` (2, 3, ...) with.

    ``round_stacks`` lists rounds 2, 3, ...; the last repeats; none: the starting stack.

    >>> [round_stack((3000, 5000), r, 1500) for r in (2, 3, 4)], round_stack((), 2, 1500)
    ([3000, 5000, 5000], 1500)
    """
    if round_no < 2:
        raise ValueError(f"expected a round after the first, got {round_no}")
    if not round_stacks:
        return starting_stack
    return round_stacks[min(round_no - 2, len(round_stacks) - 1)]


def round_places(players: int, tables: int) -> tuple[int, int]:
    """R-SHOOT-1: (the place shared, how many share it) for a round's players out.

    Each table has one winner, so the ``players - tables`` out in the round share places
    ``tables + 1 .. players``. An 8-player heads-up bracket's semi-finals (4 players, 2 tables):

    >>> round_places(4, 2)
    (3, 2)
    """
    if not 1 <= tables <= players:
        raise ValueError(f"expected 1 <= tables <= players, got {tables} tables, {players}")
    return tables + 1, players - tables
