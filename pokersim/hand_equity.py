"""Win/tie shares of 2..9 hold'em hands, by exact enumeration of the boards or seeded sampling.

Both paths run in one jitted loop over boards: the board's key sum is built incrementally (a
new card adds one key to the partial sum of the loop above) and each player's 7-card key is
that sum plus their two hole keys, so a board costs one table lookup per player. Ties are
counted by how many players shared the pot, so exact results are exact rationals
(``ties[p][k]`` boards split k ways).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from math import comb
from typing import Any

import numpy as np

from pokersim.cards import format_cards, parse_cards
from pokersim.evaluator._kernel import (
    FLUSH_MASK,
    HIGH_MASK,
    LOW_MASK,
    LOW_SHIFT,
    flush_suit,
    suit_rank_bit,
)
from pokersim.evaluator._tables import SUIT_BIAS, Tables, get_tables
from pokersim.frozen import frozen
from pokersim.kernel_cache import njit

__all__ = ["EquityResult", "equity"]

MIN_PLAYERS = 2
MAX_PLAYERS = 9
#: Exact enumeration is used when boards x players stays below this (always true for hands of
#: two known cards: at most C(48, 5) = 1,712,304 boards heads-up).
EXACT_LIMIT = 50_000_000
_CHUNK = 1 << 16
_BIAS = np.uint64(SUIT_BIAS)
_RANKS13 = np.uint64(0x1FFF)


@frozen(kw_only=True)
class EquityResult:
    """Equity of each hand, in the order given.

    ``wins[p]`` boards won alone; ``ties[p][k]`` boards where p split the pot k ways
    (k = 2..players, index 0 and 1 unused); ``boards`` boards in all. ``equity[p]`` is
    ``(wins + sum_k ties[k] / k) / boards``, ``win``/``tie`` the shares won alone / tied.
    """

    hands: tuple[str, ...]
    board: str
    dead: str
    wins: tuple[int, ...]
    ties: tuple[tuple[int, ...], ...]
    boards: int
    exact: bool
    seed: int | None

    @property
    def win(self) -> tuple[float, ...]:
        """Share of boards each hand wins outright."""
        return tuple(w / self.boards for w in self.wins)

    @property
    def tie(self) -> tuple[float, ...]:
        """Share of boards each hand ties for the best hand."""
        return tuple(sum(t) / self.boards for t in self.ties)

    @property
    def equity(self) -> tuple[float, ...]:
        """Expected share of the pot: wins plus split pots divided among the tied hands."""
        return tuple(
            (w + sum(n / k for k, n in enumerate(t) if k >= 2)) / self.boards
            for w, t in zip(self.wins, self.ties)
        )

    @property
    def stderr(self) -> tuple[float, ...]:
        """Standard error of each ``equity`` (0 when exact): the per-board pot share's spread."""
        if self.exact:
            return tuple(0.0 for _ in self.wins)
        out = []
        for w, t, e in zip(self.wins, self.ties, self.equity):
            mean_sq = (w + sum(n / (k * k) for k, n in enumerate(t) if k >= 2)) / self.boards
            out.append(max(mean_sq - e * e, 0.0) ** 0.5 / self.boards**0.5)
        return tuple(out)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready summary (the CLI's ``--json``)."""
        return {
            "hands": list(self.hands),
            "board": self.board,
            "dead": self.dead,
            "boards": self.boards,
            "exact": self.exact,
            "seed": self.seed,
            "equity": list(self.equity),
            "win": list(self.win),
            "tie": list(self.tie),
            "stderr": list(self.stderr),
        }


@njit(cache=True)
def _score(
    bkey, bmask, hkey, hmask, ranks, wins, ties, low_base, high_index, rank_table, flush_table
):
    """Rank every player on one board and credit the winner(s)."""
    p_count = hkey.shape[0]
    best = 1 << 14
    n_best = 0
    for p in range(p_count):
        # the lookup of class_of_sums written out: as a call it made this loop ~4x slower
        key = bkey + hkey[p]
        flush = key & FLUSH_MASK
        if flush:
            row = ((bmask + hmask[p]) >> np.uint64(16 * flush_suit(flush))) & np.uint64(0x1FFF)
            r = int(flush_table[row])
        else:
            low = low_base[key & LOW_MASK]
            r = int(rank_table[low + high_index[(key >> LOW_SHIFT) & HIGH_MASK]])
        ranks[p] = r
        if r < best:
            best = r
            n_best = 1
        elif r == best:
            n_best += 1
    for p in range(p_count):
        if ranks[p] == best:
            if n_best == 1:
                wins[p] += 1
            else:
                ties[p, n_best] += 1


@njit(cache=True)
def _enumerate(hole, board, rest, card_key, low_base, high_index, rank_table, flush_table):
    """Exact counts over every completion of ``board`` from the cards in ``rest``.

    Five nested loops, one per board card, each adding its card to the partial key of the
    loop above. Known board cards become "phantom" levels that take a single zero-key slot,
    so the same loops serve the flop, turn and river.
    """
    p_count = hole.shape[0]
    hkey = np.empty(p_count, dtype=np.uint64)
    hmask = np.empty(p_count, dtype=np.uint64)
    for p in range(p_count):
        hkey[p] = card_key[hole[p, 0]] + card_key[hole[p, 1]]
        hmask[p] = suit_rank_bit(hole[p, 0]) + suit_rank_bit(hole[p, 1])
    wins = np.zeros(p_count, dtype=np.int64)
    ties = np.zeros((p_count, p_count + 1), dtype=np.int64)
    ranks = np.empty(p_count, dtype=np.int64)
    phantom = board.shape[0]
    size = phantom + rest.shape[0]
    ckey = np.zeros(size, dtype=np.uint64)
    cmask = np.zeros(size, dtype=np.uint64)
    for i in range(rest.shape[0]):
        ckey[phantom + i] = card_key[rest[i]]
        cmask[phantom + i] = suit_rank_bit(rest[i])
    key0 = _BIAS
    mask0 = np.uint64(0)
    for c in board:
        key0 += card_key[c]
        mask0 += suit_rank_bit(c)
    # Level t runs over slots [previous + 1, hi[t]); a phantom level has exactly one slot.
    hi = np.empty(5, dtype=np.int64)
    for t in range(5):
        hi[t] = t + 1 if t < phantom else size - 4 + t
    boards = 0
    for a in range(0, hi[0]):
        ka = key0 + ckey[a]
        ma = mask0 + cmask[a]
        for b in range(a + 1, hi[1]):
            kb = ka + ckey[b]
            mb = ma + cmask[b]
            for c in range(b + 1, hi[2]):
                kc = kb + ckey[c]
                mc = mb + cmask[c]
                for d in range(c + 1, hi[3]):
                    kd = kc + ckey[d]
                    md = mc + cmask[d]
                    for e in range(d + 1, hi[4]):
                        _score(
                            kd + ckey[e], md + cmask[e], hkey, hmask, ranks, wins, ties,
                            low_base, high_index, rank_table, flush_table,
                        )  # fmt: skip
                        boards += 1
    return wins, ties, boards


@njit(cache=True)
def _sample(hole, board, rest, uniforms, card_key, low_base, high_index, rank_table, flush_table,
            wins, ties):  # fmt: skip
    """Add the counts of one chunk of sampled boards (partial Fisher-Yates from ``uniforms``)."""
    p_count = hole.shape[0]
    hkey = np.empty(p_count, dtype=np.uint64)
    hmask = np.empty(p_count, dtype=np.uint64)
    for p in range(p_count):
        hkey[p] = card_key[hole[p, 0]] + card_key[hole[p, 1]]
        hmask[p] = suit_rank_bit(hole[p, 0]) + suit_rank_bit(hole[p, 1])
    ranks = np.empty(p_count, dtype=np.int64)
    m = 5 - board.shape[0]
    n = rest.shape[0]
    deck = rest.copy()
    bkey0 = _BIAS
    bmask0 = np.uint64(0)
    for c in board:
        bkey0 += card_key[c]
        bmask0 += suit_rank_bit(c)
    for s in range(uniforms.shape[0]):
        bkey = bkey0
        bmask = bmask0
        for t in range(m):
            j = t + np.int64(uniforms[s, t] * (n - t))
            c = deck[j]
            deck[j] = deck[t]
            deck[t] = c
            bkey += card_key[c]
            bmask += suit_rank_bit(c)
        _score(
            bkey, bmask, hkey, hmask, ranks, wins, ties,
            low_base, high_index, rank_table, flush_table,
        )  # fmt: skip


# --- heads-up: the same loops with the two ranks kept in registers ----------------------------
#
# With two players the per-board work is two lookups and one comparison; the general scorer's
# arrays (ranks, wins, ties) cost more than the lookups. These are the fast paths of
# ``equity`` for two hands; tests check them against the general loops above.


@njit(cache=True)
def _rank7(key, mask, low_base, high_index, rank_table, flush_table):
    """Class of 7 cards from their biased key sum and their ``suit_rank_bit`` sum."""
    flush = key & FLUSH_MASK
    if flush:
        return flush_table[(mask >> np.uint64(16 * flush_suit(flush))) & _RANKS13]
    return rank_table[low_base[key & LOW_MASK] + high_index[(key >> LOW_SHIFT) & HIGH_MASK]]


@njit(cache=True)
def _enumerate_heads_up(hole, board, rest, card_key, low_base, high_index, rank_table,
                        flush_table):  # fmt: skip
    """``_enumerate`` for two players: (wins of 0, wins of 1, split boards, boards)."""
    key0 = _BIAS
    mask0 = np.uint64(0)
    for c in board:
        key0 += card_key[c]
        mask0 += suit_rank_bit(c)
    k0 = key0 + card_key[hole[0, 0]] + card_key[hole[0, 1]]
    k1 = key0 + card_key[hole[1, 0]] + card_key[hole[1, 1]]
    m0 = mask0 + suit_rank_bit(hole[0, 0]) + suit_rank_bit(hole[0, 1])
    m1 = mask0 + suit_rank_bit(hole[1, 0]) + suit_rank_bit(hole[1, 1])
    phantom = board.shape[0]
    size = phantom + rest.shape[0]
    ckey = np.zeros(size, dtype=np.uint64)
    cmask = np.zeros(size, dtype=np.uint64)
    for i in range(rest.shape[0]):
        ckey[phantom + i] = card_key[rest[i]]
        cmask[phantom + i] = suit_rank_bit(rest[i])
    hi = np.empty(5, dtype=np.int64)
    for t in range(5):
        hi[t] = t + 1 if t < phantom else size - 4 + t
    w0 = 0
    w1 = 0
    split = 0
    h0, h1, h2, h3, h4 = hi[0], hi[1], hi[2], hi[3], hi[4]
    for a in range(0, h0):
        ka = ckey[a]
        ma = cmask[a]
        for b in range(a + 1, h1):
            kb = ka + ckey[b]
            mb = ma + cmask[b]
            for c in range(b + 1, h2):
                kc = kb + ckey[c]
                mc = mb + cmask[c]
                for d in range(c + 1, h3):
                    kd = kc + ckey[d]
                    md = mc + cmask[d]
                    for e in range(d + 1, h4):
                        bk = kd + ckey[e]
                        bm = md + cmask[e]
                        r0 = _rank7(k0 + bk, m0 + bm, low_base, high_index, rank_table,
                                    flush_table)  # fmt: skip
                        r1 = _rank7(k1 + bk, m1 + bm, low_base, high_index, rank_table,
                                    flush_table)  # fmt: skip
                        if r0 < r1:
                            w0 += 1
                        elif r1 < r0:
                            w1 += 1
                        else:
                            split += 1
    return w0, w1, split, w0 + w1 + split


@njit(cache=True)
def _sample_heads_up(hole, board, rest, uniforms, card_key, low_base, high_index, rank_table,
                     flush_table, counts):  # fmt: skip
    """``_sample`` for two players: adds (wins of 0, wins of 1, split boards) to ``counts``."""
    key0 = _BIAS
    mask0 = np.uint64(0)
    for c in board:
        key0 += card_key[c]
        mask0 += suit_rank_bit(c)
    k0 = key0 + card_key[hole[0, 0]] + card_key[hole[0, 1]]
    k1 = key0 + card_key[hole[1, 0]] + card_key[hole[1, 1]]
    m0 = mask0 + suit_rank_bit(hole[0, 0]) + suit_rank_bit(hole[0, 1])
    m1 = mask0 + suit_rank_bit(hole[1, 0]) + suit_rank_bit(hole[1, 1])
    m = 5 - board.shape[0]
    n = rest.shape[0]
    deck = rest.copy()
    w0 = 0
    w1 = 0
    split = 0
    for s in range(uniforms.shape[0]):
        bk = np.uint64(0)
        bm = np.uint64(0)
        for t in range(m):
            j = t + np.int64(uniforms[s, t] * (n - t))
            c = deck[j]
            deck[j] = deck[t]
            deck[t] = c
            bk += card_key[c]
            bm += suit_rank_bit(c)
        r0 = _rank7(k0 + bk, m0 + bm, low_base, high_index, rank_table, flush_table)
        r1 = _rank7(k1 + bk, m1 + bm, low_base, high_index, rank_table, flush_table)
        if r0 < r1:
            w0 += 1
        elif r1 < r0:
            w1 += 1
        else:
            split += 1
    counts[0] += w0
    counts[1] += w1
    counts[2] += split


def _parse_hands(hands: Iterable[str | Sequence[int] | Sequence[str]]) -> list[list[int]]:
    if isinstance(hands, str):
        raise ValueError(
            f"hands must be a sequence of hands such as ['AhKh', 'QsQd'], got the string {hands!r}"
        )
    parsed = []
    for i, hand in enumerate(hands):
        cards = parse_cards(hand)
        if len(cards) != 2:
            raise ValueError(f"hand {i + 1} ({hand!r}) has {len(cards)} cards: expected 2")
        parsed.append(cards)
    if not MIN_PLAYERS <= len(parsed) <= MAX_PLAYERS:
        raise ValueError(f"expected {MIN_PLAYERS}..{MAX_PLAYERS} hands, got {len(parsed)}")
    return parsed


def check_inputs(
    hands: Iterable[str | Sequence[int] | Sequence[str]],
    board: str | Sequence[int] | Sequence[str] = (),
    dead: str | Sequence[int] | Sequence[str] = (),
) -> tuple[list[list[int]], list[int], list[int], np.ndarray]:
    """The hands, board and dead cards as codes and the cards left, or ``ValueError``.

    Nothing compiled runs here: a command checks its input with it before compiling anything.
    """
    hole = _parse_hands(hands)
    board_codes = parse_cards(board)
    dead_codes = parse_cards(dead)
    if len(board_codes) not in (0, 3, 4, 5):
        raise ValueError(f"board has {len(board_codes)} cards: expected 0, 3, 4 or 5")
    used = [c for h in hole for c in h] + board_codes + dead_codes
    repeats = sorted(c for c, n in Counter(used).items() if n > 1)
    if repeats:
        raise ValueError(f"card(s) {format_cards(repeats, ' ')} appear more than once")
    rest = np.array(sorted(set(range(52)) - set(used)), dtype=np.int64)
    m = 5 - len(board_codes)
    if len(rest) < m:
        raise ValueError(f"only {len(rest)} cards left to deal {m} board cards")
    return hole, board_codes, dead_codes, rest


def equity(
    hands: Iterable[str | Sequence[int] | Sequence[str]],
    board: str | Sequence[int] | Sequence[str] = (),
    dead: str | Sequence[int] | Sequence[str] = (),
    *,
    samples: int | None = None,
    seed: int | None = None,
) -> EquityResult:
    """Win/tie shares of 2..9 hands of two hole cards each.

    ``board`` holds 0, 3, 4 or 5 known community cards and ``dead`` cards known to be out of
    play. With ``samples=None`` every possible board is enumerated (exact); otherwise
    ``samples`` boards are drawn uniformly from a generator seeded by ``seed`` (same seed, same
    result; with ``seed=None`` a fresh seed is drawn and recorded in the result).
    Cards may be strings (``"AhKh"``) or codes 0..51; a repeated card raises ``ValueError``.
    """
    hole, board_codes, dead_codes, rest = check_inputs(hands, board, dead)
    m = 5 - len(board_codes)
    hole_arr = np.array(hole, dtype=np.int64)
    board_arr = np.array(board_codes, dtype=np.int64)
    t: Tables = get_tables()
    tables = (t.card_key, t.low_base, t.high_index, t.rank_table, t.flush_table)
    if samples is not None:
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise ValueError(f"samples must be a positive int or None, got {samples!r}")
    elif comb(len(rest), m) * len(hole) > EXACT_LIMIT:  # pragma: no cover - unreachable today
        samples = EXACT_LIMIT // len(hole)
    names = tuple(format_cards(h) for h in hole)
    if samples is None:
        wins, ties, boards = _exact_counts(hole_arr, board_arr, rest, tables)
        return EquityResult(
            hands=names,
            board=format_cards(board_codes),
            dead=format_cards(dead_codes),
            wins=wins,
            ties=ties,
            boards=boards,
            exact=True,
            seed=None,
        )
    if seed is None:
        seed = int(np.random.SeedSequence().generate_state(1, dtype=np.uint64)[0] >> 1)
    elif isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a non-negative int or None, got {seed!r}")
    wins, ties = _sampled_counts(hole_arr, board_arr, rest, tables, samples, seed)
    return EquityResult(
        hands=names,
        board=format_cards(board_codes),
        dead=format_cards(dead_codes),
        wins=wins,
        ties=ties,
        boards=samples,
        exact=False,
        seed=seed,
    )


Counts = tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]


def _heads_up_counts(w0: int, w1: int, split: int) -> Counts:
    """The two-player kernels' three numbers as ``wins`` and ``ties`` (splits are 2-way)."""
    return (int(w0), int(w1)), ((0, 0, int(split)), (0, 0, int(split)))


def _exact_counts(
    hole: np.ndarray, board: np.ndarray, rest: np.ndarray, tables: Any,
    *, fast: bool = True,
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], int]:  # fmt: skip
    """Wins, ties and boards of the exact enumeration; ``fast``: two hands take their own loop."""
    if fast and hole.shape[0] == 2:
        w0, w1, split, boards = _enumerate_heads_up(hole, board, rest, *tables)
        return (*_heads_up_counts(w0, w1, split), int(boards))
    wins, ties, boards = _enumerate(hole, board, rest, *tables)
    return (
        tuple(int(w) for w in wins),
        tuple(tuple(int(x) for x in row) for row in ties),
        int(boards),
    )


def _sampled_counts(
    hole: np.ndarray, board: np.ndarray, rest: np.ndarray, tables: Any,
    samples: int, seed: int, *, fast: bool = True,
) -> Counts:  # fmt: skip
    """Wins and ties over ``samples`` boards drawn from ``seed``.

    The uniforms come in chunks of ``_CHUNK`` rows (the deck is shuffled afresh each chunk)
    into one reused buffer, so the draws, and the result, do not depend on ``fast``.
    """
    rng = np.random.default_rng(seed)
    m = 5 - board.shape[0]
    buffer = np.empty((min(_CHUNK, samples), max(m, 1)))
    heads_up = fast and hole.shape[0] == 2
    key, low, high, ranks, flush = tables
    counts = np.zeros(3, dtype=np.int64)
    wins = np.zeros(hole.shape[0], dtype=np.int64)
    ties = np.zeros((hole.shape[0], hole.shape[0] + 1), dtype=np.int64)
    done = 0
    while done < samples:
        uniforms = buffer[: min(_CHUNK, samples - done)]
        rng.random(out=uniforms)
        if heads_up:
            _sample_heads_up(hole, board, rest, uniforms, key, low, high, ranks, flush, counts)
        else:
            _sample(hole, board, rest, uniforms, key, low, high, ranks, flush, wins, ties)
        done += uniforms.shape[0]
    if heads_up:
        return _heads_up_counts(*counts)
    return tuple(int(w) for w in wins), tuple(tuple(int(x) for x in row) for row in ties)
