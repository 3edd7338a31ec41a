"""Multi-day events with day-1 flights (F-FLIGHT-1..4): who plays which flight, bags, day 2.

Pure rules, no engine: ``pokersim.multiday`` plays the days and the engine stops a flight with
``DayEnd`` and starts day 2 with ``Carried``.

Choices where RULES.md is silent (``docs/formats.md``, "Multi-day events"):

- Who enters which flight is drawn from the flights stream of the event's seed: the field is
  shuffled once and split by ``entries`` (first entries); before each later flight every player
  who played an earlier one draws once: a player holding a bag enters with
  ``survivor_reentry_percent``, a player out of every flight played with ``reentry_percent``.
- A player bagging in several flights carries one bag (``carry``); the others are forfeited:
  their chips leave the event, as at real events.
- Day 2 starts at the level after the highest level any flight reached (the last one repeats),
  so no level is played twice; seats are drawn as at any start.
- Flights pay nothing: every prize part goes to the one pool paid on day 2, whose payout table
  follows the event's entries (first entries and re-entries of every flight).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pokersim import rng
from pokersim.errors import InvariantError
from pokersim.frozen import frozen
from pokersim.payouts import prize_pool_cents
from pokersim.scenario import CarryRule, Flights

__all__ = [
    "Bag",
    "Carried",
    "DayEnd",
    "carried_bag",
    "day_seed",
    "day_two_level",
    "first_flights",
    "reconcile_event",
    "returning_players",
]


@frozen(slots=True, kw_only=True)
class DayEnd:
    """When a day-1 flight stops and bags (F-FLIGHT-1): the end of a level or a count.

    ``stop_at_level`` is 1-based (0: off); ``stop_at_players_left`` 0: off.
    """

    flight: str
    stop_at_level: int = 0
    stop_at_players_left: int = 0


@frozen(slots=True, kw_only=True)
class Carried:
    """What day 2 starts from (F-FLIGHT-3/4): bagged stacks by player, the flights' money."""

    stacks: tuple[int, ...]
    entries: int  # every flight's first entries and re-entries: the payout table's count
    prize_cents: int  # every flight's prize parts
    first_level: int = 0  # day 2's first level (0-based; ``day_two_level``)


@frozen(slots=True, kw_only=True)
class Bag:
    """A stack bagged at the end of a flight (``flight`` is its index in the event)."""

    flight: int
    stack: int


def day_seed(seed: int, day: int) -> int:
    """The seed of flight ``day`` (0, 1, ...) or, with ``day = len(flights)``, of day 2.

    >>> day_seed(1, 0) != day_seed(1, 1) != day_seed(1, 2)
    True
    """
    return rng.derive_seed(seed, rng.STREAM_FLIGHTS, day)


def first_flights(seed: int, players: int, entries: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The players (ids ``0..players-1``) entering each flight for the first time.

    The field is shuffled once from the flights stream and split by ``entries``; each flight's
    players in id order.

    >>> [len(f) for f in first_flights(3, 10, [4, 6])]
    [4, 6]
    >>> sorted(sum(first_flights(3, 10, [4, 6]), ()))
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    """
    if sum(entries) != players:
        raise ValueError(f"first entries {list(entries)} do not sum to {players} players")
    order = rng.generator(seed, rng.STREAM_FLIGHTS, 0).permutation(players)
    out = []
    at = 0
    for count in entries:
        out.append(tuple(sorted(int(p) for p in order[at : at + count])))
        at += count
    return tuple(out)


def returning_players(
    seed: int,
    flight: int,
    played: Sequence[int],
    bagged: frozenset[int] | set[int],
    terms: Flights,
) -> tuple[int, ...]:
    """Players of earlier flights who enter flight ``flight`` too (re-entry across flights).

    One draw each, in id order, from the flight's own stream: a player holding a bag enters
    with ``survivor_reentry_percent``, any other with ``reentry_percent``.

    >>> from pokersim.scenario import Flights
    >>> everyone = Flights(names=("1A", "1B"), entries=(3, 0), reentry_percent=100)
    >>> returning_players(1, 1, [0, 1, 2], {1}, everyone)
    (0, 2)
    """
    gen = rng.generator(seed, rng.STREAM_FLIGHTS, 1, flight)
    back = []
    for p in sorted(played):
        share = terms.survivor_reentry_percent if p in bagged else terms.reentry_percent
        if gen.random() * 100 < share:
            back.append(p)
    return tuple(back)


def carried_bag(bags: Sequence[Bag], rule: CarryRule) -> tuple[Bag, tuple[Bag, ...]]:
    """F-FLIGHT-2: the bag a player takes to day 2 and the bags forfeited.

    ``best``: the largest stack, ties to the earliest flight; ``first``/``last``: by flight.

    >>> from pokersim.scenario import CarryRule
    >>> carried_bag([Bag(flight=0, stack=900), Bag(flight=2, stack=4000)], CarryRule.BEST)
    (Bag(flight=2, stack=4000), (Bag(flight=0, stack=900),))
    """
    if not bags:
        raise ValueError("a player with no bag carries nothing")
    by_flight = sorted(bags, key=lambda b: b.flight)
    if rule is CarryRule.BEST:
        kept = max(by_flight, key=lambda b: (b.stack, -b.flight))
    elif rule is CarryRule.FIRST:
        kept = by_flight[0]
    else:
        kept = by_flight[-1]
    return kept, tuple(b for b in by_flight if b is not kept)


def day_two_level(reached: Sequence[int], levels: int) -> int:
    """F-FLIGHT-3: day 2's first level (0-based): after the highest any flight reached.

    >>> day_two_level([5, 6, 5], 12), day_two_level([11], 12)
    (7, 11)
    """
    return min(max(reached) + 1, levels - 1)


def reconcile_event(
    carried_cents: Sequence[int],
    paid_in_cents: Sequence[int],
    day_two: Mapping[str, int],
    guarantee_cents: int,
) -> int:
    """F-FLIGHT-4: the event's money to the cent; returns the prize pool, else InvariantError.

    ``carried_cents[k]`` is what flight ``k`` logged as carried, ``paid_in_cents[k]`` its
    prize parts counted from its purchases; ``day_two`` is day 2's ``MoneyReconciled`` record.
    The pool is the flights' prize parts topped up to the guarantee, and day 2 pays all of it.
    """
    if list(carried_cents) != list(paid_in_cents):
        raise InvariantError(
            f"flights carried {list(carried_cents)} cents but took {list(paid_in_cents)}"
        )
    pool = prize_pool_cents(sum(carried_cents), guarantee_cents)
    if day_two["prize_pool_cents"] != pool or day_two["prizes_paid_cents"] != pool:
        raise InvariantError(
            f"the event's pool is {pool} cents (flights {list(carried_cents)}), day 2 had "
            f"{day_two['prize_pool_cents']} and paid {day_two['prizes_paid_cents']}"
        )
    return pool
