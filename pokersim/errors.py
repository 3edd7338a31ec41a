"""One error hierarchy, so callers can catch everything pokersim raises on purpose."""

from __future__ import annotations


class PokerSimError(Exception):
    """Base of every error pokersim raises deliberately."""


class ConfigError(PokerSimError, ValueError):
    """A scenario or option is invalid; the message names the file, key and what was expected."""


class IllegalActionError(PokerSimError, ValueError):
    """A player returned an action the rules do not allow; the message says what was legal."""


class InvariantError(PokerSimError, AssertionError):
    """An internal invariant (chips conserved, unique places, ...) failed: a bug, not bad input."""
