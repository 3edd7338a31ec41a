"""Which reader a history file needs (``pokersim import``): PokerStars, WPN, Betclic.fr or PHH.

A file starting with ``PokerStars`` is PokerStars text, one starting with ``Game Hand #`` Winning
Poker Network text, one starting with ``*** HEADER ***`` and naming ``Site: Betclic.fr`` that
site's export; a ``.phh``/``.phhs`` file, or any other file that reads as TOML, is PHH.
Anything else is refused in one line naming the file and what was expected. Each hand comes
back as an ``ImportedHand`` or the ``HandError`` that stops it, so one bad hand does not stop
the others. The Winning Poker Network and Betclic.fr readers keep hands the engine cannot replay
(for measurement); here they are refused like the other readers' (``check_replayable``).
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

from pokersim.errors import ConfigError
from pokersim.history.imported import (
    HandError,
    ImportedHand,
    as_the_engine_plays,
    check_replayable,
)
from pokersim.history.read_betclic import is_betclic, read_betclic
from pokersim.history.read_phh import read_phh
from pokersim.history.read_pokerstars import read_pokerstars
from pokersim.history.read_wpn import HEADER_START, read_wpn

__all__ = ["read_history"]

MAX_HISTORY_CHARS = 64 * 1024 * 1024
"""The longest history file read (64 Mi characters; ``/dev/zero`` is refused, not read whole)."""
_EXPECTED = (
    "expected a PokerStars, Winning Poker Network or Betclic.fr tournament hand history or a "
    "PHH file (.phh, .phhs)"
)


def read_history(path: str | os.PathLike[str]) -> list[ImportedHand | HandError]:
    """Every hand of a history file; a file that is no history at all is a ``ConfigError``."""
    source = os.fspath(path)
    try:
        with open(source, encoding="utf-8-sig") as handle:  # universal newlines, as before
            text = handle.read(MAX_HISTORY_CHARS + 1)
        if len(text) > MAX_HISTORY_CHARS:
            raise ConfigError(
                f"{source}: larger than {MAX_HISTORY_CHARS // 2**20} Mi characters: {_EXPECTED}, "
                "split into files of at most that size"
            )
    except FileNotFoundError:
        raise ConfigError(f"{source}: no such file") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{source}: not UTF-8 text: {_EXPECTED}") from None
    except OSError as exc:
        raise ConfigError(f"{source}: cannot read: {exc.strerror}") from None
    body = text.strip()
    if not body:
        raise ConfigError(f"{source}: empty: {_EXPECTED}")
    if body.startswith("PokerStars "):
        return read_pokerstars(text, source)
    if body.startswith(HEADER_START):
        return [_replayable(hand) for hand in read_wpn(text, source)]
    if is_betclic(body):
        return [_replayable(hand) for hand in read_betclic(text, source)]
    if Path(source).suffix in (".phh", ".phhs") or _is_toml(body):
        return read_phh(text, source)
    first = body.splitlines()[0]
    raise ConfigError(f"{source}: {_EXPECTED}, got a first line {first[:60]!r}")


def _replayable(hand: ImportedHand | HandError) -> ImportedHand | HandError:
    if isinstance(hand, HandError):
        return hand
    try:
        check_replayable(hand)
    except HandError as exc:
        return exc
    return as_the_engine_plays(hand)


def _is_toml(text: str) -> bool:
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return False
    except RecursionError:  # TOML nested too deeply: the PHH reader says so
        return True
    return True
