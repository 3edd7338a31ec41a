"""Lookup tables of the fast evaluator, built deterministically and cached per user.

Layout (all sums are over the cards of one hand, so a hand's key is a plain integer sum):

* ``card_key[c]`` (uint64): bits 0..16 hold ``5**r`` for ranks r < 7 and bits 17..30 hold
  ``5**(r-7)`` for ranks r >= 7, so the sum of a hand's keys spells its rank counts in base 5
  (a count is at most 4, so digits never carry). Bits 32.. hold one 4-bit counter per suit;
  the kernel starts them at 3, so a suit with five or more cards sets the counter's top bit.
* ``low_base[L] + high_index[H]`` is a dense index into ``rank_table`` for the low (2..8) and
  high (9..A) halves of the rank counts: high multisets are numbered by size first, so the
  ones that fit beside a low multiset of size s are a prefix, and each low multiset owns a
  block just big enough for them. No search and no hashing: a perfect index by construction.
* ``rank_table[i]`` is the best non-flush class of that rank multiset (5, 6 or 7 cards) and
  ``flush_table[m]`` the best flush or straight flush among the ranks in mask m (>= 5 bits).
  With 7 cards a flush excludes quads and full houses, so a flush always wins.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

import numpy as np

from pokersim.errors import InvariantError
from pokersim.evaluator import reference
from pokersim.frozen import frozen

LOW_RANKS = 7  # ranks 2..8 in the low base-5 field, 9..A in the high one
LOW_BITS = 17  # 5**7 - 1 = 78124 < 2**17
LOW_SIZE = 5**LOW_RANKS
HIGH_SIZE = 5 ** (13 - LOW_RANKS)
SUIT_SHIFT = 32
SUIT_BIAS = 0x3333 << SUIT_SHIFT  # start every suit counter at 3: five cards set bit 3
FLUSH_BITS = 0x8888 << SUIT_SHIFT
MAX_CARDS = 7

#: Bump when the layout changes; the cache file name carries it with the digest.
TABLES_VERSION = 1
#: SHA-256 of the built tables (see ``Tables.digest``); a test pins the same value.
TABLES_SHA256 = "88c2cf1b9a34544092159209a1cdaaf8c20552d7aedf2d2b1688a741b54bdb9d"


@frozen(kw_only=True, eq=False)
class Tables:
    """The evaluator's arrays; passed to the jitted kernel as plain arguments."""

    card_key: np.ndarray  # uint64 (52,)
    low_base: np.ndarray  # int32 (5**7,)
    high_index: np.ndarray  # int32 (5**6,)
    rank_table: np.ndarray  # int16 (n,)
    flush_table: np.ndarray  # int16 (8192,)

    FIELDS = ("card_key", "low_base", "high_index", "rank_table", "flush_table")

    def digest(self) -> str:
        """SHA-256 over every array's dtype, shape and little-endian bytes, in a fixed order."""
        h = hashlib.sha256()
        for name in self.FIELDS:
            arr = getattr(self, name)
            arr = np.ascontiguousarray(arr, dtype=arr.dtype.newbyteorder("<"))
            h.update(f"{name}:{arr.dtype.str}:{arr.shape};".encode())
            h.update(arr.tobytes())
        return h.hexdigest()


def _multisets(n_ranks: int, max_size: int) -> Iterator[tuple[int, ...]]:
    """Count vectors over ``n_ranks`` ranks (each count 0..4) with total <= ``max_size``."""

    def rec(prefix: tuple[int, ...], left: int) -> Iterator[tuple[int, ...]]:
        if len(prefix) == n_ranks:
            yield prefix
            return
        for c in range(min(4, left) + 1):
            yield from rec((*prefix, c), left - c)

    yield from rec((), max_size)


def _base5(counts: tuple[int, ...]) -> int:
    return sum(c * 5**i for i, c in enumerate(counts))


def card_keys() -> np.ndarray:
    """Each card's key: its rank's base-5 digit (low or high field) plus one in its suit counter.

    Cheap and without the other tables, for callers that precompute sums of keys.
    """
    card_key = np.zeros(52, dtype=np.uint64)
    for code in range(52):
        r, s = code >> 2, code & 3
        field = 5**r if r < LOW_RANKS else (5 ** (r - LOW_RANKS)) << LOW_BITS
        card_key[code] = field + (1 << (SUIT_SHIFT + 4 * s))
    return card_key


def build_tables() -> Tables:
    """Build every table from the reference evaluator (about a second of pure Python)."""
    card_key = card_keys()

    # High multisets numbered by size first, so sizes <= m form a prefix of length prefix[m].
    highs = sorted(_multisets(13 - LOW_RANKS, MAX_CARDS), key=lambda c: (sum(c), c))
    high_index = np.full(HIGH_SIZE, -1, dtype=np.int32)
    prefix = [0] * (MAX_CARDS + 1)
    for i, counts in enumerate(highs):
        high_index[_base5(counts)] = i
        for m in range(sum(counts), MAX_CARDS + 1):
            prefix[m] = i + 1
    low_base = np.full(LOW_SIZE, -1, dtype=np.int32)
    offset = 0
    for counts in sorted(_multisets(LOW_RANKS, MAX_CARDS), key=lambda c: (sum(c), c)):
        low_base[_base5(counts)] = offset
        offset += prefix[MAX_CARDS - sum(counts)]

    # Best non-flush class of every rank multiset of 5..7 cards: size 5 from the reference,
    # then each bigger multiset is the best of the multisets with one card removed.
    class_of = reference.class_of_key()
    best: dict[int, int] = {}
    full = list(_multisets(13, MAX_CARDS))
    for size in range(5, MAX_CARDS + 1):
        for counts in full:
            if sum(counts) != size:
                continue
            key = _base5(counts)
            if size == 5:
                ranks = [r for r, c in enumerate(counts) for _ in range(c)]
                best[key] = class_of[reference.strength_key(ranks, False)]
            else:
                best[key] = min(best[key - 5**r] for r, c in enumerate(counts) if c)
    rank_table = np.zeros(offset, dtype=np.int16)
    for key, value in best.items():
        low, high = key % LOW_SIZE, key // LOW_SIZE
        rank_table[low_base[low] + high_index[high]] = value

    # Best flush of the ranks in a mask: five ranks from the reference, more ranks the best
    # of the masks with one rank removed (masks in order of size, so those are done).
    flush_table = np.zeros(1 << 13, dtype=np.int16)
    for mask in sorted(range(1 << 13), key=lambda m: m.bit_count()):
        ranks = [r for r in range(13) if mask >> r & 1]
        if len(ranks) == 5:
            flush_table[mask] = class_of[reference.strength_key(ranks, True)]
        elif len(ranks) > 5:
            flush_table[mask] = min(flush_table[mask & ~(1 << r)] for r in ranks)
    return Tables(
        card_key=card_key,
        low_base=low_base,
        high_index=high_index,
        rank_table=rank_table,
        flush_table=flush_table,
    )


def cache_path() -> Path:
    """Where the tables are cached: the user's cache dir, named by version and digest."""
    from platformdirs import user_cache_dir

    name = f"evaluator-tables-v{TABLES_VERSION}-{TABLES_SHA256[:16]}.npz"
    return Path(user_cache_dir("pokersim")) / name


def _load(path: Path) -> Tables | None:
    try:
        with np.load(path, allow_pickle=False) as data:
            tables = Tables(**{name: data[name] for name in Tables.FIELDS})
    except (OSError, KeyError, ValueError):
        return None
    return tables if tables.digest() == TABLES_SHA256 else None


def _save(tables: Tables, path: Path) -> None:
    """Write atomically (temp file + rename), so a reader never sees half a file."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                np.savez(fh, **{name: getattr(tables, name) for name in Tables.FIELDS})
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        pass  # an unwritable cache dir only costs a rebuild next time


@lru_cache(maxsize=1)
def get_tables() -> Tables:
    """The tables: from the user cache when valid, else built (and cached if possible)."""
    path = cache_path()
    tables = _load(path)
    if tables is not None:
        return tables
    tables = build_tables()
    digest = tables.digest()
    if digest != TABLES_SHA256:
        raise InvariantError(
            f"evaluator tables digest {digest} differs from the pinned {TABLES_SHA256}: "
            "the table builder changed without updating TABLES_SHA256"
        )
    _save(tables, path)
    return tables
