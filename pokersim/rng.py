"""One seed, keyed streams: every random draw in a run is derived from (seed, purpose, key).

Decks and the hands' decision draws are keyed by (seed, table, hand number), so hand n at table
t deals the same cards and reads the same draws whatever else changes (common random numbers
across structures and strategies). Both come from a counter-based hash (splitmix64): a whole
block of hands costs one compiled call instead of one generator per hand, and the tables'
compiled loop makes them itself. Other streams are NumPy generators spawned by key.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence

import numpy as np

# Purposes of the keyed generator streams (never reuse a number for another purpose).
STREAM_SEATING = 1
STREAM_PLAYER = 2
STREAM_TIMING = 3
STREAM_ARRIVALS = 4
STREAM_FAULTS = 5
STREAM_MODELS = 6
STREAM_RUN = 7
STREAM_DECISIONS = 8  # a hand's decision draws past its row (``HandDraws``)
STREAM_PRIZE_DRAW = 9
STREAM_CONDUCT = 10  # R-COND-3 infractions: when, and who
STREAM_FLIGHTS = 11  # F-FLIGHT-1..4: who enters which day-1 flight; each day's seed
STREAM_MYSTERY_BOUNTY = 12  # F-MYST-2: the envelope each knockout of the bounty phase draws

# Draws kept ready per hand. The calibrated fields (limps, calls, post-flop play) ran out of 32
# uniforms in about 13 % of hands, each then finished in Python (benchmarks/RESULTS-tournament.md).
DECISION_UNIFORMS = 64  # uniform draws kept ready per hand
DECISION_NORMALS = 48  # standard normal draws kept ready per hand


def _u64(value: int) -> np.uint64:
    return np.uint64(value & 0xFFFFFFFFFFFFFFFF)


def deck_block(seed: int, table: int, first_hand: int, count: int) -> np.ndarray:
    """Shuffled decks for hands ``first_hand .. first_hand+count-1`` of one table.

    Returns an ``int8`` array of shape ``(count, 52)``. Row i depends only on
    ``(seed, table, first_hand + i)``, so blocks of any size agree hand by hand. With
    splitmix64's finalizer ``mix`` and constants (arithmetic modulo 2**64), a table's key is
    ``t = mix(mix(seed ^ G) ^ (table * M2 + G))``, a hand's ``h = mix(t + hand * G)``, and the
    deck is the cards 0..51 sorted stably by ``mix(h ^ card * M1)``.
    """
    from pokersim.deck_kernel import decks  # noqa: PLC0415 (numba only when decks are dealt)

    return decks(_u64(seed), _u64(table), first_hand, count)


def deck(seed: int, table: int, hand: int) -> np.ndarray:
    """The shuffled deck of one hand (shape ``(52,)``)."""
    return deck_block(seed, table, hand, 1)[0]


def generator(seed: int, purpose: int, *key: int) -> np.random.Generator:
    """A NumPy generator for one purpose and key, e.g. ``generator(seed, STREAM_PLAYER, pid)``."""
    ss = np.random.SeedSequence(seed, spawn_key=(purpose, *key))
    return np.random.Generator(np.random.PCG64(ss))


def decision_block(
    seed: int, table: int, first_hand: int, count: int
) -> tuple[array[float], array[float]]:
    """Decision draws for hands ``first_hand .. first_hand+count-1`` of one table.

    Returns flat arrays: ``DECISION_UNIFORMS`` uniforms and ``DECISION_NORMALS`` standard
    normals per hand, hand by hand. Like the decks, each hand's draws depend only on (seed,
    table, hand): a counter-based hash of that key (``deck_kernel.draws``: its own domain, the
    normals by Box-Muller), so blocks of any size, made here or inside the tables' compiled
    loop, agree hand by hand.
    """
    from pokersim.deck_kernel import draws  # noqa: PLC0415 (numba only when hands are dealt)

    us, zs = draws(_u64(seed), _u64(table), first_hand, count, DECISION_UNIFORMS,
                   DECISION_NORMALS)  # fmt: skip
    # arrays of doubles, not lists of floats: a quarter of the memory (a block per table)
    return array("d", us.tobytes()), array("d", zs.tobytes())


class HandDraws:
    """The random numbers of one hand's decisions, read in order by the built-in models.

    It offers the two draws the built-in models use, ``random()`` and ``standard_normal()``,
    from arrays filled a block of hands at a time: an array read instead of a call into a NumPy
    generator per player (about 0.3 µs per draw, several draws per decision, ~10 decisions per
    hand). A hand that needs more than the block holds goes on with a generator keyed by
    (seed, table, hand). The engine points it at each hand with :meth:`start`.
    """

    __slots__ = ("_u", "_ui", "_uend", "_z", "_zi", "_zend", "_extra", "_key")

    def __init__(self) -> None:
        self.start((), (), 0, 0, 0, 0)

    def start(
        self,
        uniforms: Sequence[float],
        normals: Sequence[float],
        row: int,
        seed: int,
        table: int,
        hand: int,
    ) -> None:
        """Read hand ``row`` of a block from :func:`decision_block` from now on."""
        self._u = uniforms
        self._ui = row * DECISION_UNIFORMS
        self._uend = self._ui + DECISION_UNIFORMS if uniforms else 0
        self._z = normals
        self._zi = row * DECISION_NORMALS
        self._zend = self._zi + DECISION_NORMALS if normals else 0
        self._extra: np.random.Generator | None = None
        self._key = (seed, table, hand)

    def random(self) -> float:
        """A uniform draw in [0, 1)."""
        i = self._ui
        if i < self._uend:
            self._ui = i + 1
            return self._u[i]
        return float(self._overflow().random())

    def standard_normal(self) -> float:
        """A standard normal draw."""
        i = self._zi
        if i < self._zend:
            self._zi = i + 1
            return self._z[i]
        return float(self._overflow().standard_normal())

    def position(self) -> tuple[Sequence[float], int, int, Sequence[float], int, int]:
        """(uniforms, next, end, normals, next, end): where a compiled reader starts."""
        return self._u, self._ui, self._uend, self._z, self._zi, self._zend

    def seek(self, uniform: int, normal: int) -> None:
        """Go on after a compiled reader that took the draws before these indices."""
        self._ui = uniform
        self._zi = normal

    def _overflow(self) -> np.random.Generator:
        if self._extra is None:
            seed, table, hand = self._key
            self._extra = generator(seed, STREAM_DECISIONS, table, hand, 1)
        return self._extra


def derive_seed(seed: int, *key: int) -> int:
    """A 63-bit seed derived from ``seed`` and a key (e.g. the run index of a study)."""
    ss = np.random.SeedSequence(seed, spawn_key=(STREAM_RUN, *key))
    return int(ss.generate_state(2, dtype=np.uint32).view(np.uint64)[0] >> np.uint64(1))


class Streams:
    """The run's random streams by name: one object made from the seed, one method a stream.

    Every keyed stream of the tournament engine is named here, so no call site carries a bare
    integer sub-key. Modules of pure rules that draw for themselves (late arrivals, fault plans,
    disconnections) take :attr:`seed` and key their own streams (``entries``, ``faults``,
    ``connection``).

    >>> s = Streams(7)
    >>> bool((s.deck_block(1, 1, 2) == deck_block(7, 1, 1, 2)).all())
    True
    >>> s.seats().random() == generator(7, STREAM_SEATING, 0).random()
    True
    """

    __slots__ = ("seed",)

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def deck_block(self, table: int, first_hand: int, count: int) -> np.ndarray:
        """Decks of hands ``first_hand ..`` at ``table`` (see :func:`deck_block`)."""
        return deck_block(self.seed, table, first_hand, count)

    def decision_block(
        self, table: int, first_hand: int, count: int
    ) -> tuple[array[float], array[float]]:
        """Decision draws of hands ``first_hand ..`` at ``table`` (see :func:`decision_block`)."""
        return decision_block(self.seed, table, first_hand, count)

    def player(self, player: int) -> np.random.Generator:
        """A player's own generator (plug-in models, time-out absences)."""
        return generator(self.seed, STREAM_PLAYER, player)

    def seats(self) -> np.random.Generator:
        """The seat draw at the start (R-SEAT-1)."""
        return generator(self.seed, STREAM_SEATING, 0)

    def table_break(self, table: int) -> np.random.Generator:
        """Free seats drawn for a broken table's players (R-BAL-1, every policy)."""
        return generator(self.seed, STREAM_SEATING, 1, table)

    def final_table(self) -> np.random.Generator:
        """The final table's seat draw (R-BAL-3)."""
        return generator(self.seed, STREAM_SEATING, 2)

    def shootout_round(self, round_no: int) -> np.random.Generator:
        """The seat draw of a shoot-out round."""
        return generator(self.seed, STREAM_SEATING, 3, round_no)

    def arrival_seat(self, player: int) -> np.random.Generator:
        """The free seat a late player is given (R-REG-1)."""
        return generator(self.seed, STREAM_ARRIVALS, 1, player)

    def prize_draw(self) -> np.random.Generator:
        """A Spin & Go's prize multiplier, drawn once at registration (F-SPIN-1)."""
        return generator(self.seed, STREAM_PRIZE_DRAW, 0)

    def mystery_bounty(self) -> np.random.Generator:
        """The envelopes drawn by the knockouts of a mystery bounty's phase (F-MYST-2)."""
        return generator(self.seed, STREAM_MYSTERY_BOUNTY, 0)
