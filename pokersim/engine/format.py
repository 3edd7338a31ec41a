"""The tournament's format: what decides its prize table, its end and whether tables break.

One object made from the scenario replaces flags tested all over the engine. The rules
themselves are pure functions elsewhere (``pokersim.formats`` for satellites, shoot-outs and
Spin & Go pools, ``pokersim.multipliers`` for the published multiplier tables,
``pokersim.bounties`` for the knockout variants, ``pokersim.payouts`` for regular tables).
"""

from __future__ import annotations

from enum import Enum

import numpy as np

from pokersim.bounties import BountyKind
from pokersim.formats import round_stack, satellite_prizes, spin_prizes
from pokersim.frozen import frozen
from pokersim.multipliers import MultiplierTable, MultiplierTier, multiplier_table
from pokersim.scenario import MysteryBounty, Scenario

__all__ = ["Format", "FormatKind", "PrizeTable"]


class FormatKind(Enum):
    """How the tournament ends and pays."""

    REGULAR = "regular"  # plays to one winner, pays the payout table
    SATELLITE = "satellite"  # stops when everyone left wins the same seat (R-ELIM-1)
    SHOOTOUT = "shootout"  # each table plays to one winner; winners advance (R-DIS-4)
    SPIN_AND_GO = "spin-and-go"  # the pool is the buy-in times a drawn multiplier (F-SPIN-1)


@frozen(slots=True, kw_only=True)
class PrizeTable:
    """Prizes by place (cents), how many places are paid and how many play to the end."""

    prizes: tuple[int, ...]
    places_paid: int
    stop_at: int  # players left when play stops


def flight_table() -> PrizeTable:
    """F-FLIGHT-4: a day-1 flight pays no place; its prize parts go to the event's pool."""
    return PrizeTable(prizes=(), places_paid=0, stop_at=1)


@frozen(slots=True, kw_only=True)
class Format:
    """A scenario's format: its kind, the seat value of a satellite, the bounty variant.

    A mystery bounty (``mystery``) plays and pays places as its kind; only its bounties differ.

    >>> from pokersim.scenario import load_scenario
    >>> Format.of(load_scenario("scenarios/satellite.toml")).kind.value
    'satellite'
    """

    satellite_seat_cents: int  # 0: not a satellite
    shootout: bool
    bounty: BountyKind
    final_table_size: int
    spin: MultiplierTable | None = None  # a Spin & Go's published multiplier table
    keep_chips: bool = False  # shoot-outs: winners play on with their chips (R-SHOOT-1)
    round_stacks: tuple[int, ...] = ()
    starting_stack: int = 0
    day_one: bool = False  # a day-1 flight: nothing paid, the pool carried (F-FLIGHT-4)
    mystery: MysteryBounty = MysteryBounty()  # F-MYST-1..4: envelopes drawn in a bounty phase

    @classmethod
    def of(cls, scenario: Scenario, *, day_one: bool = False) -> Format:
        """The format a scenario describes (``day_one``: played as one of its flights)."""
        table = scenario.spin_and_go.table
        return cls(
            day_one=day_one,
            satellite_seat_cents=scenario.satellite.seat_value_cents,
            shootout=scenario.shootout.enabled,
            bounty=scenario.bounty.kind,
            final_table_size=scenario.final_table_size,
            spin=multiplier_table(table) if table else None,
            keep_chips=scenario.shootout.keep_chips,
            round_stacks=scenario.shootout.round_stacks,
            starting_stack=scenario.starting_stack,
            mystery=scenario.mystery_bounty,
        )

    @property
    def kind(self) -> FormatKind:
        """Satellite, shoot-out or regular (a satellite's seats decide its end first)."""
        if self.satellite_seat_cents:
            return FormatKind.SATELLITE
        if self.shootout:
            return FormatKind.SHOOTOUT
        if self.spin is not None:
            return FormatKind.SPIN_AND_GO
        return FormatKind.REGULAR

    @property
    def breaks_tables(self) -> bool:
        """Shoot-outs never break or balance tables; every other format does."""
        return not self.shootout

    def fresh_round_stack(self, round_no: int) -> int | None:
        """R-SHOOT-1: the stack every winner starts shoot-out round ``round_no`` with.

        ``None`` when winners keep their chips (and the clock runs on).
        """
        if self.keep_chips:
            return None
        return round_stack(self.round_stacks, round_no, self.starting_stack)

    def shares_round_places(self, tables: int) -> bool:
        """R-SHOOT-1: a shoot-out round at several tables; its players out share its places."""
        return self.shootout and tables > 1

    def final_table_at_start(self, players: int) -> bool:
        """The first table is the final one (a shoot-out's last round is its final table)."""
        return players <= self.final_table_size or self.shootout

    def prize_table(self, pool_cents: int, players: int) -> PrizeTable | None:
        """A format's own table: a flight's (no prize), a satellite's; ``None``: the payouts."""
        if self.day_one:
            return flight_table()
        return self.satellite_table(pool_cents, players)

    def satellite_table(self, pool_cents: int, players: int) -> PrizeTable | None:
        """A satellite's seats and remainder for ``pool_cents``; ``None`` for other formats."""
        if not self.satellite_seat_cents:
            return None
        table = satellite_prizes(pool_cents, self.satellite_seat_cents, players)
        return PrizeTable(prizes=table.prizes, places_paid=len(table.prizes), stop_at=table.seats)

    def draw_multiplier(
        self, rng: np.random.Generator, scripted: int | None = None
    ) -> MultiplierTier | None:
        """A Spin & Go's tier, drawn from ``rng`` (or the scripted multiplier's); else ``None``."""
        if self.spin is None:
            return None
        if scripted is not None:
            return self.spin.tier(scripted)
        return self.spin.draw(rng)

    def spin_table(self, tier: MultiplierTier | None, buy_in_cents: int) -> PrizeTable | None:
        """F-SPIN-1/2: the drawn pool's prizes (``None`` for other formats)."""
        if tier is None:
            return None
        won = spin_prizes(buy_in_cents, tier.multiplier, tier.split_percent)
        return PrizeTable(prizes=won.prizes, places_paid=len(won.prizes), stop_at=1)
