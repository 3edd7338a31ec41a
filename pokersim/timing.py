"""Think time, the action clock, the time bank and disconnections, as pure functions (no simpy).

The engine owns simulated time and each player's state (time bank left, absent flag, connected
or not); this module only says what one decision costs and what happens when time runs out, so
the rules R-DIS-1..3 and R-HAND-6 can be tested without running a tournament.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from pokersim.errors import ConfigError


@dataclass(frozen=True, slots=True, kw_only=True)
class ThinkTime:
    """Seconds a player needs for one decision: log-normal around ``median_seconds``.

    Log-normal because response times are positive and right-skewed: most actions are quick,
    a few take long enough to run into the clock. Draws are clipped to
    ``[min_seconds, max_seconds]`` so a single draw can never stall the simulation.
    """

    median_seconds: float = 2.5
    sigma: float = 0.8
    min_seconds: float = 0.5
    max_seconds: float = 600.0

    def __post_init__(self) -> None:
        if not (math.isfinite(self.median_seconds) and self.median_seconds > 0):
            raise ConfigError(
                f"think time median_seconds must be a positive number, got {self.median_seconds}"
            )
        if not (math.isfinite(self.sigma) and self.sigma >= 0):
            raise ConfigError(f"think time sigma must be >= 0, got {self.sigma}")
        if not 0 <= self.min_seconds <= self.max_seconds:
            raise ConfigError(
                f"think time needs 0 <= min_seconds <= max_seconds, got "
                f"min_seconds={self.min_seconds}, max_seconds={self.max_seconds}"
            )

    def draw(self, rng: np.random.Generator) -> float:
        """One think time in seconds (one normal draw from ``rng``)."""
        t = self.median_seconds * math.exp(self.sigma * float(rng.standard_normal()))
        if t < self.min_seconds:
            return self.min_seconds
        if t > self.max_seconds:
            return self.max_seconds
        return t

    @property
    def mean_seconds(self) -> float:
        """Mean of the unclipped distribution (for pace estimates)."""
        return self.median_seconds * math.exp(0.5 * self.sigma * self.sigma)
