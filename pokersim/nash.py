"""Push-or-fold equilibria: shove and call ranges by stack, position and ICM pressure.

The game (as the published heads-up Nash charts define it): the first player in either shoves
all-in or folds; each player behind, facing the shove, calls or folds. Stacks are the effective
stack in big blinds *before* posting (blinds 0.5 and 1, an optional ante per player). The
heads-up game (small blind against big blind) is solved exactly at the level of the 169
starting-hand classes; with more players behind it is simplified in the documented way
(docs/players.md): each caller decides against the shover's range alone, as if the players
after them fold (no over-calls, no card removal between callers), and the shover meets at
most one caller (the first who calls).

Both sides play best responses to the other's average strategy (fictitious play) until the
ranges settle; a class is in a range when it plays in at least half of the iterations. Payoffs
are either chips, with a *bubble factor* weighing losses (a chip lost costs ``bf`` chips won;
``bf = 1`` is chip EV), or Malmuth-Harville ICM equity of the whole table (``icm_ranges``).

Equities come from the class-against-class matrix of :func:`pokersim.charts.class_equity_matrix`
(Monte Carlo through the project's evaluator), kept in ``data/class_equity.npz``; the charts
for every grid point are kept in ``data/push_fold.npz``. Both files name how they were made in
their header; ``python -m pokersim.nash --equity`` and ``--write`` remake them.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from bisect import bisect_right
from collections.abc import Sequence
from functools import cache
from pathlib import Path

import numpy as np

from pokersim.charts import N_CLASSES, class_combos, class_equity_matrix, compatible_weights
from pokersim.errors import ConfigError
from pokersim.frozen import frozen
from pokersim.icm import icm_exact

__all__ = [
    "BF_GRID",
    "CALLERS",
    "ICM_TIE",
    "ICM_TIE_DIGITS",
    "MAX_BEHIND",
    "STACKS_BB",
    "PushFoldCharts",
    "Ranges",
    "bubble_factor",
    "bubble_factors",
    "bf_slot",
    "charts",
    "class_equity",
    "icm_ranges",
    "range_width",
    "solve",
    "solve_chips",
]

DATA = Path(__file__).resolve().parent / "data"
EQUITY_FILE = DATA / "class_equity.npz"
CHARTS_FILE = DATA / "push_fold.npz"

EQUITY_SAMPLES = 10_000
EQUITY_SEED = 2024
ITERATIONS = 300
STACKS_BB: tuple[int, ...] = tuple(range(1, 21))
"""The charts' effective stacks, in big blinds (a lookup takes the nearest)."""
BF_GRID: tuple[float, ...] = (1.0, 1.5, 2.0, 3.0)
"""The charts' bubble factors (a lookup takes the nearest)."""
MAX_BEHIND = 8
"""Players left to act behind a shove: 1 (the small blind's shove) to 8 (under the gun of 9)."""
CALLERS: tuple[str, ...] = ("other", "sb", "bb")
"""Callers by seat: a player who has posted nothing, the small blind, the big blind."""
_N_STACKS = len(STACKS_BB)
_N_BF = len(BF_GRID)
_PUSH = 0  # kinds of range in the charts' array: the shove, then each caller of CALLERS
_KIND = {"other": 1, "sb": 2, "bb": 3}
ICM_TIE_DIGITS = 9
"""ICM payoffs of ``icm_ranges`` are rounded to this many decimals of the largest prize."""
ICM_TIE = 10.0**-ICM_TIE_DIGITS
"""A change of ICM equity within this share of the largest prize counts as none (float noise)."""


# -- the equity matrix ---------------------------------------------------------------------


def _header(arrays: np.lib.npyio.NpzFile) -> dict[str, object]:
    meta: dict[str, object] = json.loads(str(arrays["header"]))
    return meta


@cache
def class_equity() -> np.ndarray:
    """``E[h, v]``: pre-flop all-in equity of class h against class v (``E + E.T == 1``).

    Read from ``data/class_equity.npz`` (made by ``python -m pokersim.nash --equity``): the
    upper triangle, each entry in units of 1/65535.
    """
    with np.load(EQUITY_FILE) as arrays:
        upper = arrays["upper"].astype(np.float64) / 65535.0
    eq = np.full((N_CLASSES, N_CLASSES), 0.5)
    iu = np.triu_indices(N_CLASSES, 1)
    eq[iu] = upper
    eq[(iu[1], iu[0])] = 1.0 - upper
    eq.setflags(write=False)
    return eq


def write_equity(samples: int = EQUITY_SAMPLES, seed: int = EQUITY_SEED) -> None:
    """Compute the class matrix (minutes) and store it with a header saying how."""
    started = time.time()
    eq = class_equity_matrix(samples=samples, seed=seed)
    upper = np.rint(eq[np.triu_indices(N_CLASSES, 1)] * 65535.0).astype(np.uint16)
    header = {
        "what": "pre-flop all-in equity (win + tie/2) of each of the 169 hand classes against each",
        "how": "pokersim.charts.class_equity_matrix: random disjoint combinations and boards, "
        "evaluated by pokersim.evaluator",
        "samples_per_pair": samples,
        "seed": seed,
        "stderr_per_entry": round(0.5 / math.sqrt(samples), 4),
        "layout": "upper triangle (row < column) of the 13x13-grid class order, row-major, "
        "uint16 in units of 1/65535; E[v, h] = 1 - E[h, v], the diagonal 0.5",
        "seconds": round(time.time() - started, 1),
    }
    np.savez_compressed(EQUITY_FILE, header=json.dumps(header), upper=upper)


@cache
def _weights() -> np.ndarray:
    w = compatible_weights()
    w.setflags(write=False)
    return w


# -- the game --------------------------------------------------------------------------------


@frozen(slots=True)
class Ranges:
    """An equilibrium: the shove range and each caller's range, as 169 booleans per class."""

    push: np.ndarray
    calls: tuple[np.ndarray, ...]


def solve(
    u_fold: float,
    u_steal: float,
    u_win: Sequence[float],
    u_lose: Sequence[float],
    c_fold: Sequence[float],
    c_win: Sequence[float],
    c_lose: Sequence[float],
    *,
    iterations: int = ITERATIONS,
    equity: np.ndarray | None = None,
) -> Ranges:
    """The push-or-fold game with the given payoffs, by fictitious play.

    The shover's payoffs: folding ``u_fold``, everyone folding ``u_steal``, called by caller j
    (in order of action) and winning ``u_win[j]`` or losing ``u_lose[j]``. Caller j's: folding
    ``c_fold[j]``, calling and winning ``c_win[j]`` or losing ``c_lose[j]``. An all-in's value
    is its equity times the win payoff plus the rest times the loss payoff.
    """
    eq = class_equity() if equity is None else equity
    w = _weights()
    we = w * eq  # combinations times the shover's equity
    w_rows = w.sum(axis=1)
    lose_share = w * (1.0 - eq)  # [h, v]: combinations times the caller's equity
    m = len(u_win)
    thresholds = [
        (c_fold[j] - c_lose[j]) / (c_win[j] - c_lose[j]) if c_win[j] > c_lose[j] else 2.0
        for j in range(m)
    ]
    # callers with the same threshold play the same range: solve each distinct one once
    distinct = sorted(set(thresholds))
    which = [distinct.index(t) for t in thresholds]
    limits = np.array(distinct)
    push_avg = np.ones(N_CLASSES)
    call_avg = np.zeros((N_CLASSES, len(distinct)))
    for it in range(1, iterations + 1):
        # the shover's best response to the callers' average ranges
        call_w = (w @ call_avg) / w_rows[:, None]  # chance each caller calls, by shover class
        won = (we @ call_avg) / w_rows[:, None]  # called and winning, in probability
        ev = np.zeros(N_CLASSES)
        reach = np.ones(N_CLASSES)  # chance every caller so far folded
        for j in range(m):
            d = which[j]
            ev += reach * (won[:, d] * (u_win[j] - u_lose[j]) + call_w[:, d] * u_lose[j])
            reach = reach * (1.0 - call_w[:, d])
        ev += reach * u_steal
        push = (ev > u_fold).astype(np.float64)
        # each caller's best response to the shover's average range
        combos = w.T @ push_avg
        caller_eq = (lose_share.T @ push_avg) / np.maximum(combos, 1e-12)
        caller_eq[combos <= 0] = 0.0
        push_avg += (push - push_avg) / it
        call = (caller_eq[:, None] > limits[None, :]).astype(np.float64)
        call_avg += (call - call_avg) / it
    return Ranges(push=push_avg >= 0.5, calls=tuple(call_avg[:, d] >= 0.5 for d in which))


def _seats(behind: int) -> list[str]:
    """The callers behind a shove with ``behind`` players left to act, in order of action."""
    if not 1 <= behind <= MAX_BEHIND:
        raise ConfigError(f"players behind a shove must be 1..{MAX_BEHIND}, got {behind}")
    if behind == 1:
        return ["bb"]  # the small blind's shove
    return ["other"] * (behind - 2) + ["sb", "bb"]


def _weigh(delta: float, bf: float) -> float:
    return delta if delta >= 0.0 else bf * delta


def solve_chips(
    stack_bb: float,
    behind: int,
    *,
    bf_pusher: float = 1.0,
    bf_callers: float = 1.0,
    ante_bb: float = 0.0,
    iterations: int = ITERATIONS,
    equity: np.ndarray | None = None,
) -> Ranges:
    """Equal stacks of ``stack_bb`` big blinds, ``behind`` players left to act after the shove.

    Payoffs are chips won or lost in the hand, losses weighed by each side's bubble factor
    (1: chip EV). Every player at the table (``behind + 1`` and the folded seats before the
    shover, taken as a full table of ``MAX_BEHIND + 1``) posts ``ante_bb``.
    """
    post = {"other": 0.0, "sb": 0.5, "bb": 1.0}
    seats = _seats(behind)
    p0 = 0.5 if behind == 1 else 0.0
    dead = 1.5 + ante_bb * (MAX_BEHIND + 1)  # everything in the middle before the shove
    x = stack_bb - ante_bb  # chips each can put in after the ante
    u_win, u_lose, c_fold, c_win, c_lose = [], [], [], [], []
    for seat in seats:
        pj = post[seat]
        others = dead - p0 - pj  # the money of the other players, won by the showdown's winner
        win = x + others - ante_bb
        lose = -stack_bb
        u_win.append(_weigh(win, bf_pusher))
        u_lose.append(_weigh(lose, bf_pusher))
        c_fold.append(_weigh(-(pj + ante_bb), bf_callers))
        c_win.append(_weigh(win, bf_callers))
        c_lose.append(_weigh(lose, bf_callers))
    return solve(
        _weigh(-(p0 + ante_bb), bf_pusher),
        _weigh(dead - p0 - ante_bb, bf_pusher),
        u_win,
        u_lose,
        c_fold,
        c_win,
        c_lose,
        iterations=iterations,
        equity=equity,
    )


# -- ICM ---------------------------------------------------------------------------------------


def _icm(stacks: Sequence[float] | np.ndarray, prizes: Sequence[float]) -> np.ndarray:
    """ICM equity of each player, a player with no chips taking the place they finish in."""
    s = np.asarray(stacks, dtype=np.float64)
    alive = s > 0
    out = np.zeros(s.size)
    n = int(alive.sum())
    prize = list(prizes) + [0.0] * max(0, s.size - len(prizes))
    busted = np.flatnonzero(~alive)
    for k, i in enumerate(busted):  # at most one bust per outcome here
        out[i] = prize[n + k] if n + k < len(prize) else 0.0
    out[alive] = icm_exact(s[alive].tolist(), prize[:n])
    return out


def _tie(prizes: Sequence[float]) -> float:
    """How close two ICM equities may be and still count as equal: ``ICM_TIE`` of the top prize."""
    return ICM_TIE * max((abs(float(x)) for x in prizes), default=0.0)


def bubble_factor(stacks: Sequence[float], prizes: Sequence[float], i: int, j: int) -> float:
    """Player i's bubble factor against player j: ICM lost by losing to j over ICM won by winning.

    The chips at stake are the smaller stack of the two. 1 means chips and prize money move
    together (chip EV); above 1, a chip lost is worth more than a chip won.

    A change of ICM equity within ``ICM_TIE`` of the largest prize counts as none (the float
    noise of the equities). When neither winning nor losing changes i's prize money (every
    place still open pays the same, or nothing is at stake), the chips do not matter and the
    factor is 1: nothing weighs a loss more than a win. When winning gains nothing but losing
    costs something, it is ``math.inf``.
    """
    s = np.asarray(stacks, dtype=np.float64)
    if i == j:
        raise ConfigError(f"a bubble factor is of one player against another, got {i} twice")
    at_stake = min(s[i], s[j])
    now = _icm(s, prizes)[i]
    won, lost = s.copy(), s.copy()
    won[i] += at_stake
    won[j] -= at_stake
    lost[i] -= at_stake
    lost[j] += at_stake
    gain = _icm(won, prizes)[i] - now
    cost = now - _icm(lost, prizes)[i]
    tie = _tie(prizes)
    if gain <= tie:
        return 1.0 if abs(cost) <= tie else math.inf
    return float(cost / gain) if abs(cost) > tie else 0.0


def bubble_factors(stacks: Sequence[float], prizes: Sequence[float]) -> np.ndarray:
    """``B[i, j]``: each player's bubble factor against each other player (the diagonal 1)."""
    n = len(stacks)
    out = np.ones((n, n))
    for i in range(n):
        for j in range(n):
            if i != j:
                out[i, j] = bubble_factor(stacks, prizes, i, j)
    return out


def icm_ranges(
    stacks: Sequence[float],
    prizes: Sequence[float] | None,
    pusher: int,
    callers: Sequence[int],
    *,
    big_blind: float,
    posts: Sequence[float] | None = None,
    iterations: int = ITERATIONS,
    equity: np.ndarray | None = None,
) -> Ranges:
    """Shove and call ranges at these stacks, under ICM (or in chips when ``prizes`` is None).

    ``stacks`` are the chips of every player in the ICM (at most ``icm.EXACT_MAX_PLAYERS``),
    before posting; ``posts`` what each has posted (default: the player before the last caller
    the small blind, the last caller the big blind, as when the shover is under the gun up to
    the small blind). If the shover folds, the last caller takes what was posted.

    Ties: each ICM payoff is rounded to ``ICM_TIE_DIGITS`` decimals of the largest prize (as a
    share of it), so payoffs that differ only by the float noise of the equities are equal and
    the solver's rule for ties applies: a class shoves or calls only when that pays strictly
    more than folding. When every player left is paid the same whatever happens (flat prizes
    for every place still open), every payoff is that prize: nobody shoves and nobody calls.
    """
    s = np.asarray(stacks, dtype=np.float64)
    if posts is None:
        p = np.zeros(s.size)
        p[callers[-1]] = big_blind
        p[callers[-2] if len(callers) > 1 else pusher] = big_blind / 2
    else:
        p = np.asarray(posts, dtype=np.float64)
    pot = float(p.sum())

    top = 0.0 if prizes is None else max((abs(float(x)) for x in prizes), default=0.0)

    def value(final: np.ndarray, who: int) -> float:
        if prizes is None:
            return float(final[who] - s[who])
        equity = float(_icm(final, prizes)[who])
        return round(equity / top, ICM_TIE_DIGITS) * top if top > 0.0 else equity

    folded = s - p
    folded[callers[-1]] += pot
    stolen = s - p
    stolen[pusher] += pot
    u_win, u_lose, c_fold, c_win, c_lose = [], [], [], [], []
    for j in callers:
        x = min(s[pusher], s[j])
        others = pot - p[pusher] - p[j]
        won = s - p  # the shover wins: x from the caller and the others' money
        won[pusher] = s[pusher] + x + others
        won[j] = s[j] - x
        lost = s - p
        lost[pusher] = s[pusher] - x
        lost[j] = s[j] + x + others
        u_win.append(value(won, pusher))
        u_lose.append(value(lost, pusher))
        c_fold.append(value(stolen, j))
        c_win.append(value(lost, j))
        c_lose.append(value(won, j))
    return solve(
        value(folded, pusher),
        value(stolen, pusher),
        u_win,
        u_lose,
        c_fold,
        c_win,
        c_lose,
        iterations=iterations,
        equity=equity,
    )


# -- the charts ------------------------------------------------------------------------------


def range_width(mask: np.ndarray) -> float:
    """Share of the 1,326 starting hands in a range."""
    return float(class_combos()[np.asarray(mask, dtype=bool)].sum()) / 1326.0


_BF_MIDS = tuple((a + b) / 2 for a, b in zip(BF_GRID, BF_GRID[1:]))


def bf_slot(bf: float) -> int:
    """The index of the nearest point of ``BF_GRID`` (as the lookups take it)."""
    return bisect_right(_BF_MIDS, bf)


def _bf_index(bf: float) -> int:
    """The nearest point of ``BF_GRID``."""
    return bisect_right(_BF_MIDS, bf)


class PushFoldCharts:
    """The precomputed ranges with O(1) lookups (nearest stack and bubble factor on the grid).

    ``masks[kind, bf_pusher, bf_callers, behind - 1, stack - 1, class]``: kind 0 the shove,
    then the callers of ``CALLERS`` (a caller kind that does not exist for ``behind`` is empty).
    A lookup reads ``bits``, the same ranges as one Python integer per grid point (bit ``class``
    set when the class plays): a few integer operations, no NumPy call.
    """

    __slots__ = ("masks", "header", "_bits")

    def __init__(self, masks: np.ndarray, header: dict[str, object]) -> None:
        self.masks = masks
        self.header = header
        self._bits: list[int] | None = None

    @property
    def bits(self) -> list[int]:
        """Each grid point's classes as one integer, made at the first lookup.

        Bit ``class`` is set when the class plays. The compiled play reads ``masks``: a run of
        built-in models never needs these.
        """
        bits = self._bits
        if bits is None:
            # each grid point's classes as bytes, bit ``class`` of the little-endian integer set
            packed = np.packbits(self.masks.reshape(-1, N_CLASSES), axis=1, bitorder="little")
            width = packed.shape[1]
            raw = packed.tobytes()
            bits = [
                int.from_bytes(raw[at : at + width], "little") for at in range(0, len(raw), width)
            ]
            self._bits = bits
        return bits

    @classmethod
    def load(cls, path: Path = CHARTS_FILE) -> PushFoldCharts:
        """The charts of ``data/push_fold.npz``."""
        with np.load(path) as arrays:
            header = _header(arrays)
            shape = tuple(int(x) for x in arrays["shape"])
            masks = np.unpackbits(arrays["packed"], axis=-1, count=N_CLASSES).astype(bool)
        masks = masks.reshape(shape)
        masks.setflags(write=False)
        return cls(masks, header)

    @staticmethod
    def _row(kind: int, bp: int, bc: int, stack_bb: float, behind: int) -> int:
        s = int(stack_bb + 0.5) - 1
        s = 0 if s < 0 else (_N_STACKS - 1 if s >= _N_STACKS else s)
        k = 1 if behind < 1 else (MAX_BEHIND if behind > MAX_BEHIND else behind)
        return (((kind * _N_BF + bp) * _N_BF + bc) * MAX_BEHIND + k - 1) * _N_STACKS + s

    def shoves(
        self, cls: int, stack_bb: float, behind: int, bf: float = 1.0, bf_callers: float = 1.0
    ) -> bool:
        """Whether class ``cls`` shoves first in with ``behind`` players left to act."""
        s = int(stack_bb + 0.5) - 1
        s = 0 if s < 0 else (_N_STACKS - 1 if s >= _N_STACKS else s)
        k = 1 if behind < 1 else (MAX_BEHIND if behind > MAX_BEHIND else behind)
        bp = bisect_right(_BF_MIDS, bf)
        bc = bisect_right(_BF_MIDS, bf_callers)
        row = ((bp * _N_BF + bc) * MAX_BEHIND + k - 1) * _N_STACKS + s  # kind 0: the shove
        return (self.bits[row] >> cls) & 1 == 1

    def calls(
        self,
        cls: int,
        stack_bb: float,
        behind: int,
        caller: str = "bb",
        bf: float = 1.0,
        bf_pusher: float = 1.0,
    ) -> bool:
        """Whether ``caller`` (a seat of ``CALLERS``) calls a shove made with ``behind`` to act."""
        kind = _KIND.get(caller)
        if kind is None:
            raise ConfigError(f"caller must be one of {', '.join(CALLERS)}, got {caller!r}")
        row = self._row(kind, _bf_index(bf_pusher), _bf_index(bf), stack_bb, behind)
        return (self.bits[row] >> cls) & 1 == 1

    def push_range(self, stack_bb: float, behind: int, bf: float = 1.0) -> np.ndarray:
        """The shove range (169 booleans), callers at chip EV."""
        return self._range(self._row(_PUSH, _bf_index(bf), 0, stack_bb, behind))

    def call_range(
        self, stack_bb: float, behind: int, caller: str = "bb", bf: float = 1.0
    ) -> np.ndarray:
        """A caller's range (169 booleans), the shover at chip EV."""
        return self._range(self._row(_KIND[caller], 0, _bf_index(bf), stack_bb, behind))

    def _range(self, row: int) -> np.ndarray:
        return np.asarray(self.masks.reshape(-1, N_CLASSES)[row])


@cache
def charts() -> PushFoldCharts:
    """The shipped charts, loaded once."""
    return PushFoldCharts.load()


def compute_masks(
    stacks: Sequence[int] = STACKS_BB,
    bfs: Sequence[float] = BF_GRID,
    behinds: Sequence[int] = tuple(range(1, MAX_BEHIND + 1)),
) -> np.ndarray:
    """Every grid point's ranges: ``[kind, bf_pusher, bf_callers, behind, stack, class]``."""
    out = np.zeros((4, len(bfs), len(bfs), len(behinds), len(stacks), N_CLASSES), dtype=bool)
    for a, bp in enumerate(bfs):
        for b, bc in enumerate(bfs):
            for k, behind in enumerate(behinds):
                seats = _seats(behind)
                for s, stack in enumerate(stacks):
                    r = solve_chips(float(stack), behind, bf_pusher=bp, bf_callers=bc)
                    out[_PUSH, a, b, k, s] = r.push
                    for seat, call in zip(seats, r.calls):  # every "other" seat plays alike
                        out[_KIND[seat], a, b, k, s] = call
    return out


def write_charts() -> None:
    """Compute every grid point (a few minutes) and store the ranges with their header."""
    started = time.time()
    masks = compute_masks()
    with np.load(EQUITY_FILE) as arrays:
        eq_header = _header(arrays)
    header = {
        "what": "push-or-fold equilibrium ranges of the 169 hand classes",
        "how": "pokersim.nash.solve_chips: fictitious play, shover against callers behind, "
        "each caller against the shove alone (docs/players.md)",
        "iterations": ITERATIONS,
        "blinds": [0.5, 1.0],
        "ante_bb": 0.0,
        "stacks_bb": list(STACKS_BB),
        "bubble_factors": list(BF_GRID),
        "behind": list(range(1, MAX_BEHIND + 1)),
        "kinds": ["push", *CALLERS],
        "axes": "kind, bf_pusher, bf_callers, behind, stack, class (bits, packed)",
        "equity": eq_header,
        "seconds": round(time.time() - started, 1),
    }
    packed = np.packbits(masks, axis=-1)
    np.savez_compressed(
        CHARTS_FILE,
        header=json.dumps(header),
        shape=np.array(masks.shape, dtype=np.int64),
        packed=packed,
    )


def main(argv: Sequence[str] | None = None) -> None:  # pragma: no cover - regenerates data
    """``python -m pokersim.nash --equity`` / ``--write``: remake the data files."""
    parser = argparse.ArgumentParser(prog="python -m pokersim.nash", description=main.__doc__)
    parser.add_argument("--equity", action="store_true", help="recompute the class matrix")
    parser.add_argument("--write", action="store_true", help="recompute the charts")
    args = parser.parse_args(argv)
    if args.equity:
        write_equity()
    if args.write:
        class_equity.cache_clear()
        write_charts()


if __name__ == "__main__":  # pragma: no cover
    main()
