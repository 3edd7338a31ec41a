"""Who is connected when: each player's disconnections over simulated time (no simpy).

The engine asks at each decision whether the player is connected and, if not, how long until
they are back; at the end of each hand it collects the disconnections and reconnections that
happened at that table, for the log. A player's disconnections are a Poisson process drawn
*lazily* from that player's own stream (``rng.generator(seed, STREAM_TIMING, player_id)``):
only the current or next disconnection interval is stored, and it is advanced when a question
about a later time comes. So the cost is a comparison per question, nothing runs for players
who never decide, and a player's intervals depend only on the seed and their id: whatever the
models do, the same player disconnects at the same simulated times (common random numbers).

Disconnections that start and end while the player has no decision are still counted and
logged (with their exact times) when the player's table next finishes a hand.
"""

from __future__ import annotations

import math

import numpy as np

from pokersim import rng as rngs
from pokersim.timing import DisconnectModel

__all__ = ["Connections"]

_INF = math.inf


class Connections:
    """Per-player connection state for one run (engine-private, mutable).

    ``start[p] <= t < end[p]`` means player ``p`` is disconnected at time ``t``, where
    ``(start[p], end[p])`` is the first of their disconnections that ends after every time asked
    about so far. With a rate of 0 (or ``model=None``) nobody ever disconnects and no stream is
    drawn from. ``disconnects[p]`` counts the disconnections that started by the last time asked
    about; ``timeouts[p]`` is kept by the engine (R-DIS-1 time-outs of the player).
    """

    __slots__ = (
        "enabled",
        "model",
        "seed",
        "start",
        "end",
        "disconnects",
        "timeouts",
        "_rngs",
        "_reported",
        "_pending",
    )

    def __init__(self, n: int, model: DisconnectModel | None, seed: int) -> None:
        self.enabled = model is not None and model.rate_per_hour > 0
        self.model = model
        self.seed = seed
        self.start: list[float] = [_INF] * n
        self.end: list[float] = [_INF] * n
        self.disconnects = [0] * n
        self.timeouts = [0] * n
        self._rngs: list[np.random.Generator | None] = [None] * n
        self._reported = [False] * n  # the current interval's start was logged
        # changes not logged yet, per player: (time, True for a disconnection)
        self._pending: dict[int, list[tuple[float, bool]]] = {}
        if self.enabled:
            for p in range(n):
                self._draw_after(p, 0.0)

    def _draw_after(self, p: int, t: float) -> None:
        """Draw player ``p``'s next disconnection, starting after time ``t``."""
        gen = self._rngs[p]
        if gen is None:
            gen = self._rngs[p] = rngs.generator(self.seed, rngs.STREAM_TIMING, p)
        model = self.model
        assert model is not None
        begin = t + model.next_disconnect_in(gen)
        self.start[p] = begin
        self.end[p] = begin + model.duration(gen)
        self._reported[p] = False

    def _advance(self, p: int, t: float) -> None:
        """Move past every disconnection of ``p`` that ended at or before ``t``."""
        pending = self._pending.setdefault(p, [])
        while self.end[p] <= t:
            if not self._reported[p]:
                self.disconnects[p] += 1
                pending.append((self.start[p], True))
            pending.append((self.end[p], False))
            self._draw_after(p, self.end[p])
        if self.start[p] <= t and not self._reported[p]:
            self.disconnects[p] += 1
            self._reported[p] = True
            pending.append((self.start[p], True))

    def back_in(self, p: int, t: float) -> float:
        """Seconds from ``t`` until player ``p`` is connected again (0 when connected now)."""
        if not self.enabled or t < self.start[p]:
            return 0.0
        self._advance(p, t)
        s = self.start[p]
        return self.end[p] - t if s <= t else 0.0

    def connected(self, p: int, t: float) -> bool:
        """Whether player ``p`` is connected at time ``t`` (times asked must not go back)."""
        return self.back_in(p, t) == 0.0

    def observe(self, players: list[int], t: float) -> list[tuple[int, float, bool]]:
        """What happened to ``players`` up to time ``t``: (player, time, disconnected) records.

        ``disconnected`` is True for a disconnection starting at ``time``, False for a
        reconnection. Each is reported once; records come per player in the order given, each
        player's in time order.
        """
        if not self.enabled:
            return []
        out: list[tuple[int, float, bool]] = []
        pending = self._pending
        for p in players:
            if t >= self.start[p]:
                self._advance(p, t)
            got = pending.pop(p, None)
            if got:
                out.extend((p, at, d) for at, d in got)
        return out

    def all_away(self, players: list[int], t: float, absent: list[bool]) -> bool:
        """True when every one of ``players`` is disconnected or absent at ``t`` (R-DIS-4)."""
        for p in players:
            if not absent[p] and self.back_in(p, t) == 0.0:
                return False
        return bool(players)
