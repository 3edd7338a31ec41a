"""Push-fold hand-range charts: the 169 starting-hand classes, chart data and O(1) lookups.

The charts are *data*: for each hand class, the largest effective stack (in big blinds) at
which the small blind shoves heads-up (``PUSH_BB``), and the largest shove (in big blinds)
the big blind calls (``CALL_BB``). They were computed by :func:`solve_push_fold` (fictitious
play of the heads-up shove-or-fold game, blinds 0.5/1, no ante) on a class-versus-class
equity matrix from :func:`class_equity_matrix`; ``python -m pokersim.charts`` recomputes and
prints them. Values are capped at ``CHART_MAX_BB``: a hand at the cap shoves or calls at every
stack the chart covers.

More players behind the shover make a range tighter. The charts give one total order of hands
(``PUSH_ORDER``) and the heads-up range *width*; with k players left to act the width w
becomes ``w ** (1 + 0.4 (k - 1))`` (:func:`crowd_exponent`) — a rule of thumb, not an
equilibrium, documented in docs/players.md.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pokersim.cards import RANKS

N_CLASSES = 169
CHART_MAX_BB = 25.0
STACK_STEP_BB = 0.1
"""Resolution of the precomputed cut-off tables."""


def class_index(c1: int, c2: int) -> int:
    """Index 0..168 of a two-card hand in the 13x13 grid (row/column A first).

    Pairs lie on the diagonal, suited hands above it (row = higher rank), offsuit below.

    >>> [class_name(class_index(a, b)) for a, b in [(51, 47), (0, 4), (48, 45)]]
    ['AKs', '32s', 'AKo']
    """
    r1, r2 = c1 >> 2, c2 >> 2
    hi, lo = (r1, r2) if r1 >= r2 else (r2, r1)
    if (c1 & 3) == (c2 & 3):
        return 13 * (12 - hi) + (12 - lo)
    return 13 * (12 - lo) + (12 - hi)


def class_name(index: int) -> str:
    """``'AA'``, ``'AKs'`` or ``'AKo'`` for a grid index."""
    i, j = divmod(index, 13)
    if i == j:
        return RANKS[12 - i] * 2
    if i < j:
        return RANKS[12 - i] + RANKS[12 - j] + "s"
    return RANKS[12 - j] + RANKS[12 - i] + "o"


def class_of_name(name: str) -> int:
    """Grid index of ``'AA'``, ``'AKs'`` or ``'AKo'`` (raises ``ValueError`` otherwise)."""
    if len(name) == 2 and name[0] == name[1] and name[0] in RANKS:
        r = RANKS.index(name[0])
        return 14 * (12 - r)
    if len(name) == 3 and name[0] in RANKS and name[1] in RANKS and name[2] in "so":
        a, b = RANKS.index(name[0]), RANKS.index(name[1])
        if a > b:
            return 13 * (12 - a) + (12 - b) if name[2] == "s" else 13 * (12 - b) + (12 - a)
    raise ValueError(f"bad hand class {name!r}: expected e.g. 'AA', 'AKs' or 'T9o'")


def class_combos() -> np.ndarray:
    """Number of two-card combinations of each class (6 pairs, 4 suited, 12 offsuit)."""
    out = np.full(N_CLASSES, 12, dtype=np.int64)
    for idx in range(N_CLASSES):
        i, j = divmod(idx, 13)
        out[idx] = 6 if i == j else (4 if i < j else 12)
    return out


def _all_combos() -> tuple[np.ndarray, np.ndarray]:
    """The 1,326 two-card combinations as (pairs of codes, class of each)."""
    pairs = np.array([(a, b) for a in range(52) for b in range(a + 1, 52)], dtype=np.int64)
    classes = np.array([class_index(int(a), int(b)) for a, b in pairs], dtype=np.int64)
    return pairs, classes


def _build_pair_table() -> list[int]:
    """``class_index(a, b)`` at ``a * 52 + b``, computed on arrays (a loop was 3 ms at import)."""
    c1, c2 = np.arange(52)[:, None], np.arange(52)[None, :]
    hi, lo = np.maximum(c1 >> 2, c2 >> 2), np.minimum(c1 >> 2, c2 >> 2)
    suited = (c1 & 3) == (c2 & 3)
    table = np.where(suited, 13 * (12 - hi) + (12 - lo), 13 * (12 - lo) + (12 - hi))
    return [int(x) for x in table.ravel()]


CLASS_OF_PAIR: list[int] = _build_pair_table()
"""``CLASS_OF_PAIR[c1 * 52 + c2]``: the class of a hole-card pair (a list: fastest to index)."""


def compatible_weights() -> np.ndarray:
    """``W[h, v]``: combinations of class h and class v that share no card (card removal)."""
    pairs, classes = _all_combos()
    masks = (np.int64(1) << pairs[:, 0]) | (np.int64(1) << pairs[:, 1])
    disjoint = (masks[:, None] & masks[None, :]) == 0
    onehot = np.zeros((pairs.shape[0], N_CLASSES))
    onehot[np.arange(pairs.shape[0]), classes] = 1.0
    result: np.ndarray = onehot.T @ disjoint.astype(np.float64) @ onehot
    return result


def class_equity_matrix(samples: int = 4000, seed: int = 2024) -> np.ndarray:
    """``E[h, v]``: all-in pre-flop equity (win + tie/2) of class h against class v.

    Monte-Carlo over random disjoint combinations and boards, all evaluated in batches by the
    project's evaluator; ``E + E.T == 1`` is enforced. Standard error per entry is about
    ``0.5 / sqrt(samples)``.
    """
    from pokersim.evaluator import evaluate

    rng = np.random.default_rng(seed)
    pairs, classes = _all_combos()
    by_class = [pairs[classes == c] for c in range(N_CLASSES)]
    hs, vs = np.triu_indices(N_CLASSES)
    eq = np.zeros((N_CLASSES, N_CLASSES))
    chunk = max(1, 400_000 // samples)
    for start in range(0, hs.size, chunk):
        h_idx, v_idx = hs[start : start + chunk], vs[start : start + chunk]
        m = h_idx.size * samples
        hero = np.empty((m, 2), dtype=np.int64)
        vill = np.empty((m, 2), dtype=np.int64)
        for k, (h, v) in enumerate(zip(h_idx, v_idx)):
            sl = slice(k * samples, (k + 1) * samples)
            hero[sl] = by_class[h][rng.integers(0, len(by_class[h]), samples)]
            vill[sl] = by_class[v][rng.integers(0, len(by_class[v]), samples)]
        # Resample villain combos that clash with the hero's cards.
        while True:
            clash = (
                (vill[:, 0] == hero[:, 0])
                | (vill[:, 0] == hero[:, 1])
                | (vill[:, 1] == hero[:, 0])
                | (vill[:, 1] == hero[:, 1])
            )
            if not clash.any():
                break
            rows = np.nonzero(clash)[0]
            v_of_row = np.repeat(v_idx, samples)[rows]
            for v in np.unique(v_of_row):
                sel = rows[v_of_row == v]
                vill[sel] = by_class[v][rng.integers(0, len(by_class[v]), sel.size)]
        # Boards: random keys with the four dealt cards pushed to the end.
        keys = rng.random((m, 52))
        np.put_along_axis(keys, hero, 2.0, axis=1)
        np.put_along_axis(keys, vill, 2.0, axis=1)
        board = np.argpartition(keys, 5, axis=1)[:, :5]
        seven_h = np.concatenate([hero, board], axis=1).astype(np.int8)
        seven_v = np.concatenate([vill, board], axis=1).astype(np.int8)
        ranks = np.asarray(evaluate(np.concatenate([seven_h, seven_v])))
        rh, rv = ranks[:m], ranks[m:]
        share = np.where(rh < rv, 1.0, np.where(rh == rv, 0.5, 0.0)).reshape(-1, samples)
        eq[h_idx, v_idx] = share.mean(axis=1)
    upper = np.triu(eq, 1)
    eq = upper + (1.0 - upper.T) * np.tril(np.ones_like(eq), -1)
    np.fill_diagonal(eq, 0.5)
    return eq


def solve_push_fold(
    equity: np.ndarray, weights: np.ndarray, stack_bb: float, iterations: int = 400
) -> tuple[np.ndarray, np.ndarray]:
    """Heads-up shove-or-fold equilibrium at ``stack_bb`` (blinds 0.5/1) by fictitious play.

    Returns the push and call frequencies per class (0..1). The small blind shoves or folds;
    the big blind calls or folds. EVs are in big blinds relative to folding.
    """
    s = float(stack_bb)
    p_v_given_h = weights / weights.sum(axis=1, keepdims=True)
    # Value to the pusher of a called shove: 2S*E - S, relative to its stack.
    called = 2.0 * s * equity - s
    push = np.ones(N_CLASSES)
    call = np.zeros(N_CLASSES)
    push_avg = np.zeros(N_CLASSES)
    call_avg = np.zeros(N_CLASSES)
    for it in range(1, iterations + 1):
        # Small blind's best response to the average call strategy.
        c = call_avg if it > 1 else call
        ev_push = p_v_given_h @ (1.0 - c) * 1.0 + (p_v_given_h * called) @ c
        push = (ev_push > -0.5).astype(np.float64)
        push_avg += (push - push_avg) / it
        # Big blind's best response to the average push strategy.
        reach = weights * push_avg[:, None]  # reach[h, v]: SB combos h that shove vs v
        tot = reach.sum(axis=0)
        won = ((2.0 * s * equity - s) * reach.T).sum(axis=1)  # [v]: sum over pushers h
        ev_call = np.where(tot > 0, won / np.maximum(tot, 1e-12), -s)
        call = (ev_call > -1.0).astype(np.float64)
        call_avg += (call - call_avg) / it
    return push_avg, call_avg


def compute_charts(
    equity: np.ndarray, weights: np.ndarray, step: float = 0.5, top: float = CHART_MAX_BB
) -> tuple[np.ndarray, np.ndarray]:
    """Per class, the largest stack (big blinds) up to which it shoves / calls at equilibrium.

    Scans stacks upward from 1 big blind in ``step``s; a class's threshold is the last stack
    before it first stops shoving (calling). 0 means never, even at 1 big blind; ``top`` means
    at every stack up to ``top``.
    """
    push_t = np.zeros(N_CLASSES)
    call_t = np.zeros(N_CLASSES)
    push_open = np.ones(N_CLASSES, dtype=bool)
    call_open = np.ones(N_CLASSES, dtype=bool)
    for s in np.arange(1.0, top + step / 2, step):
        p, c = solve_push_fold(equity, weights, float(s))
        push_open &= p >= 0.5
        call_open &= c >= 0.5
        push_t[push_open] = s
        call_t[call_open] = s
    return push_t, call_t


def _grid_text(values: Sequence[float], fmt: str = "5.1f") -> str:
    width = int(fmt.split(".")[0])
    head = "   " + "".join(f"{r:>{width}}" for r in reversed(RANKS))
    rows = [head]
    for i in range(13):
        cells = "".join(f"{values[13 * i + j]:{fmt}}" for j in range(13))
        rows.append(f"{RANKS[12 - i]}  {cells}")
    return "\n".join(rows)


def _parse_grid(text: str) -> tuple[float, ...]:
    rows = [line.split() for line in text.strip().splitlines()[1:]]
    values = tuple(float(x) for row in rows for x in row[1:])
    if len(values) != N_CLASSES:
        raise ValueError(f"chart grid has {len(values)} cells, expected {N_CLASSES}")
    return values


# Rows: first card; columns: second card (A first). Above the diagonal suited, below offsuit.
# Small blind shoves heads-up at effective stacks up to this many big blinds:
_PUSH_GRID = """
       A    K    Q    J    T    9    8    7    6    5    4    3    2
A   25.0 25.0 25.0 25.0 25.0 25.0 25.0 25.0 25.0 25.0 25.0 25.0 25.0
K   25.0 25.0 25.0 25.0 25.0 25.0 25.0 25.0 25.0 25.0 25.0 20.0 18.5
Q   25.0 25.0 25.0 25.0 25.0 25.0 25.0 25.0 25.0 20.0 16.0 13.5 12.0
J   25.0 25.0 25.0 25.0 25.0 25.0 25.0 25.0 17.0 16.0 14.0 10.5  7.5
T   25.0 25.0 25.0 25.0 25.0 25.0 25.0 25.0 20.0 11.0 10.0  7.5  6.5
9   25.0 24.5 21.0 25.0 25.0 25.0 25.0 25.0 25.0 14.5  6.5  4.5  3.0
8   25.0 18.0 12.5 12.0 18.5 20.0 25.0 25.0 25.0 20.0  9.0  2.5  2.5
7   25.0 15.5 10.0  8.5  9.0 10.5 14.5 25.0 25.0 20.0 13.5  2.0  2.0
6   25.0 15.0  9.5  6.5  5.5  4.5  6.5 10.5 25.0 25.0 16.0  2.0  2.0
5   25.0 14.0  9.0  6.0  4.0  3.0  2.5  2.5  2.5 25.0 22.0  2.0  2.0
4   25.0 13.0  7.5  5.5  3.5  2.5  2.0  2.0  2.0  2.0 25.0  2.0  1.5
3   25.0 12.0  7.5  5.0  3.0  2.5  2.0  1.5  1.5  1.5  1.5 25.0  1.5
2   25.0 11.5  7.0  4.5  2.5  2.0  1.5  1.5  1.5  1.5  1.0  1.0 25.0
"""

# Big blind calls a heads-up shove of up to this many big blinds:
_CALL_GRID = """
       A    K    Q    J    T    9    8    7    6    5    4    3    2
A   25.0 25.0 25.0 25.0 25.0 25.0 25.0 25.0 25.0 25.0 25.0 24.5 23.0
K   25.0 25.0 25.0 25.0 25.0 22.5 17.5 15.5 14.0 13.0 12.0 11.0 10.5
Q   25.0 25.0 25.0 25.0 20.5 15.5 12.5 10.5 10.0  8.5  8.0  7.5  7.0
J   25.0 25.0 19.5 25.0 18.0 13.0 10.5  8.5  7.0  6.5  6.0  5.5  5.5
T   25.0 23.0 15.0 12.5 25.0 11.5  9.0  7.5  6.0  5.0  5.0  4.5  4.5
9   25.0 16.5 11.5  9.5  8.0 25.0  8.0  7.0  5.5  5.0  4.0  4.0  3.5
8   25.0 13.5  9.5  7.5  6.5  6.0 25.0  6.5  5.5  4.5  4.0  3.5  3.5
7   25.0 12.0  8.0  6.0  5.5  5.0  4.5 25.0  5.5  4.5  4.0  3.5  3.0
6   21.5 11.0  7.0  5.0  4.5  4.0  4.0  4.0 25.0  4.5  4.0  3.5  3.0
5   20.5 10.0  6.5  5.0  4.0  3.5  3.5  3.5  3.5 25.0  4.5  4.0  3.5
4   18.5  9.0  6.0  4.5  3.5  3.0  3.0  3.0  3.0  3.0 25.0  3.5  3.0
3   16.5  8.5  5.5  4.0  3.5  3.0  2.5  2.5  2.5  3.0  3.0 24.0  3.0
2   15.5  8.0  5.5  4.0  3.5  3.0  2.5  2.5  2.5  2.5  2.5  2.5 15.0
"""

# All-in equity against one random hand (the strength order of the non-chart ranges):
_VS_RANDOM_GRID = """
        A     K     Q     J     T     9     8     7     6     5     4     3     2
A   0.852 0.670 0.663 0.653 0.646 0.628 0.621 0.610 0.600 0.600 0.591 0.582 0.574
K   0.654 0.823 0.635 0.625 0.618 0.599 0.583 0.575 0.567 0.558 0.549 0.540 0.531
Q   0.645 0.615 0.799 0.602 0.593 0.577 0.560 0.543 0.536 0.526 0.518 0.511 0.501
J   0.637 0.606 0.582 0.775 0.575 0.557 0.541 0.523 0.506 0.501 0.490 0.483 0.473
T   0.627 0.598 0.573 0.552 0.750 0.540 0.523 0.507 0.488 0.472 0.466 0.458 0.449
9   0.607 0.578 0.552 0.533 0.516 0.721 0.508 0.492 0.475 0.457 0.439 0.433 0.424
8   0.598 0.560 0.536 0.515 0.498 0.482 0.690 0.479 0.463 0.446 0.427 0.409 0.403
7   0.588 0.551 0.518 0.497 0.479 0.463 0.449 0.662 0.454 0.437 0.419 0.400 0.382
6   0.576 0.543 0.511 0.478 0.462 0.445 0.433 0.423 0.633 0.432 0.414 0.395 0.377
5   0.577 0.533 0.501 0.471 0.443 0.426 0.413 0.404 0.400 0.604 0.414 0.397 0.379
4   0.567 0.523 0.490 0.463 0.436 0.406 0.395 0.386 0.379 0.381 0.570 0.386 0.369
3   0.559 0.514 0.482 0.453 0.426 0.401 0.375 0.367 0.361 0.362 0.352 0.537 0.361
2   0.549 0.505 0.473 0.444 0.416 0.391 0.369 0.346 0.341 0.342 0.332 0.324 0.505
"""

PUSH_BB: tuple[float, ...] = _parse_grid(_PUSH_GRID)
CALL_BB: tuple[float, ...] = _parse_grid(_CALL_GRID)
VS_RANDOM: tuple[float, ...] = _parse_grid(_VS_RANDOM_GRID)


def _order(thresholds: Sequence[float], tiebreak: Sequence[float]) -> tuple[int, ...]:
    return tuple(sorted(range(N_CLASSES), key=lambda c: (-thresholds[c], -tiebreak[c], c)))


STRENGTH_ORDER: tuple[int, ...] = _order(VS_RANDOM, VS_RANDOM)
"""Classes from strongest to weakest by equity against a random hand."""
STRENGTH_RANK: list[int] = [0] * N_CLASSES
for _pos, _c in enumerate(STRENGTH_ORDER):
    STRENGTH_RANK[_c] = _pos
_STRENGTH_CUM = np.cumsum(class_combos()[list(STRENGTH_ORDER)]) / 1326.0


def top_classes(width: float) -> int:
    """How many classes of ``STRENGTH_ORDER`` make up the top ``width`` share of combinations.

    A class is in a top-``width`` range when ``STRENGTH_RANK[c] < top_classes(width)``.
    """
    return int(np.searchsorted(_STRENGTH_CUM, width + 1e-12, side="right"))


def crowd_exponent(players: int) -> float:
    """Exponent that narrows a heads-up range width for ``players`` opponents to act.

    ``width_k = width_1 ** (1 + 0.4 (k - 1))``: a rule of thumb chosen to land near commonly
    published multi-way shove ranges (ten big blinds: 57% heads-up, 46% on the button, 12%
    under the gun at nine-handed), not an equilibrium computation.
    """
    return 1.0 + 0.4 * (max(players, 1) - 1)


class RangeTable:
    """O(1) range membership: is a class in the range for this stack and crowd.

    ``rank_of[c]`` is class c's position in a total order of hands (0 = best); ``cut[k, s]``
    the number of leading classes in range with k players to act behind and stack index s
    (stack ``s * STACK_STEP_BB`` big blinds). Membership is one list index and one compare.
    """

    __slots__ = ("rank_of", "cut", "max_index", "max_behind")

    def __init__(
        self, thresholds: Sequence[float], tiebreak: Sequence[float], max_behind: int = 9
    ) -> None:
        order = _order(thresholds, tiebreak)
        rank_of = [0] * N_CLASSES
        for pos, c in enumerate(order):
            rank_of[c] = pos
        by_class = class_combos()  # made once here: it was a tenth of the start-up
        combos = by_class[list(order)]
        cum = np.cumsum(combos) / combos.sum()  # width after including each class
        stacks = np.arange(0, int(round(CHART_MAX_BB / STACK_STEP_BB)) + 1) * STACK_STEP_BB
        th = np.asarray(thresholds, dtype=np.float64)
        # the combinations of the classes at or over each stack's threshold (exact integers)
        hu_width = np.where(th >= stacks[:, None] - 1e-9, by_class, 0).sum(axis=1) / 1326.0
        cut = np.zeros((max_behind + 1, stacks.size), dtype=np.int64)
        for k in range(1, max_behind + 1):
            width = hu_width ** crowd_exponent(k)
            # Number of classes whose cumulative width stays within the target width.
            cut[k] = np.searchsorted(cum, width + 1e-12, side="right")
        cut[0] = cut[1]
        self.rank_of = rank_of
        self.cut = cut.tolist()
        self.max_index = stacks.size - 1
        self.max_behind = max_behind

    def contains(self, cls: int, stack_bb: float, behind: int) -> bool:
        """Whether class ``cls`` is in range at ``stack_bb`` with ``behind`` players to act."""
        s = int(stack_bb / STACK_STEP_BB + 0.5)
        if s > self.max_index:
            s = self.max_index
        elif s < 0:
            s = 0
        k = behind if behind <= self.max_behind else self.max_behind
        return self.rank_of[cls] < self.cut[k][s]

    def width(self, stack_bb: float, behind: int) -> float:
        """Share of the 1,326 combinations in range (for docs and tests)."""
        s = min(self.max_index, max(0, int(stack_bb / STACK_STEP_BB + 0.5)))
        k = min(behind, self.max_behind)
        n = self.cut[k][s]
        in_range = [c for c in range(N_CLASSES) if self.rank_of[c] < n]
        return float(class_combos()[in_range].sum()) / 1326.0


PUSH_TABLE = RangeTable(PUSH_BB, VS_RANDOM)
"""Shove ranges: ``PUSH_TABLE.contains(cls, stack_bb, players_behind)``."""
CALL_TABLE = RangeTable(CALL_BB, VS_RANDOM)
"""Calling ranges: ``CALL_TABLE.contains(cls, shove_bb, players_involved)``."""


def chart_range(thresholds: Sequence[float], stack_bb: float) -> frozenset[str]:
    """Names of the classes a heads-up chart plays at ``stack_bb`` (for docs and tests)."""
    return frozenset(class_name(c) for c in range(N_CLASSES) if thresholds[c] >= stack_bb)


def main() -> None:  # pragma: no cover - regenerates the chart data above
    """Recompute and print the charts (a few minutes on one core)."""
    eq = class_equity_matrix()
    w = compatible_weights()
    push_t, call_t = compute_charts(eq, w)
    vs_random = (eq * w).sum(axis=1) / w.sum(axis=1)
    for name, values, fmt in (
        ("_PUSH_GRID", push_t, "5.1f"),
        ("_CALL_GRID", call_t, "5.1f"),
        ("_VS_RANDOM_GRID", vs_random, "6.3f"),
    ):
        print(f'{name} = """\n{_grid_text(values.tolist(), fmt)}\n"""\n')


if __name__ == "__main__":  # pragma: no cover
    main()


__all__ = [
    "CALL_BB",
    "CALL_TABLE",
    "PUSH_TABLE",
    "STRENGTH_ORDER",
    "STRENGTH_RANK",
    "VS_RANDOM",
    "chart_range",
    "top_classes",
    "CHART_MAX_BB",
    "CLASS_OF_PAIR",
    "N_CLASSES",
    "PUSH_BB",
    "RangeTable",
    "class_combos",
    "class_equity_matrix",
    "class_index",
    "class_name",
    "class_of_name",
    "compatible_weights",
    "compute_charts",
    "crowd_exponent",
    "solve_push_fold",
]
