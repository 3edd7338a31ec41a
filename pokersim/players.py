"""Player models: the ``PlayerModel`` protocol, the built-in models and plug-in loading.

A model only *chooses* among ``view.legal`` (it never re-implements the rules) and draws every
random number from the ``rng`` the engine hands it, so a run is reproducible: a plug-in gets the
player's own NumPy generator; the built-in models, which use only ``rng.random()`` and
``rng.standard_normal()`` (the :class:`Draws` protocol), get the hand's decision draws
(``rng.HandDraws``, keyed by seed, table and hand), which cost a list read instead of a
generator call. Decisions are on the hot path: models keep precomputed tables, return the
``FOLD``/``CHECK_CALL`` singletons and allocate nothing else but a ``RaiseTo``.

The engine calls, per decision::

    action = model.decide(view, rng)
    think = model.think_seconds(view, rng)
    outcome = timing.resolve_decision(...)   # clock, time bank, connection state

Build models with :func:`make_model` (a built-in name or ``package.module:ClassName``). A
built-in model is built from its parameter record (``pokersim.model_params``) and is the
readable reference of its play: the engine plays it compiled from the same record
(``pokersim.model_kernel``, ``pokersim.betting_kernel``), and tests hold the two together.
"""

from __future__ import annotations

import importlib
import inspect
import math
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, cast, runtime_checkable

import numpy as np

from pokersim import charts, nash
from pokersim.actions import (
    CHECK_CALL,
    FOLD,
    Action,
    DecisionView,
    LegalActions,
    RaiseTo,
    TournamentContext,
)
from pokersim.config import AnteKind
from pokersim.errors import ConfigError, PokerSimError
from pokersim.evaluator._kernel import (
    FLUSH_MASK,
    HIGH_MASK,
    LOW_MASK,
    LOW_SHIFT,
    class_of_sums,
    flush_suit,
    suit_rank_bit,
)
from pokersim.evaluator._tables import SUIT_BIAS, card_keys, get_tables
from pokersim.kernel_cache import njit
from pokersim.model_params import (
    BlendParams,
    CallingStationParams,
    ModelParams,
    PushFoldParams,
    RandomLegalParams,
    RandomParams,
    RecreationalParams,
    TightAggressiveParams,
    check_number,
    param_names,
)
from pokersim.timing import ThinkTime, checked_think_seconds, think_time

DEFAULT_NOISE = 0.5
"""Mistake probability at skill 0 (skill s plays a noise action with probability (1-s)*noise)."""


@runtime_checkable
class PlayerModel(Protocol):
    """What the engine asks of a player: an action and how long it took to choose it."""

    name: str

    def decide(self, view: DecisionView, rng: np.random.Generator) -> Action:
        """Return one of the legal actions of ``view.legal``."""
        ...

    def think_seconds(self, view: DecisionView, rng: np.random.Generator) -> float:
        """Seconds the player would need for this decision (before clock and time bank)."""
        ...


class Draws(Protocol):
    """The two draws the built-in models use (a NumPy ``Generator`` has both)."""

    def random(self) -> float:
        """A uniform draw in [0, 1)."""
        ...

    def standard_normal(self) -> float:
        """A standard normal draw."""
        ...


def random_action(legal: LegalActions, rng: Draws) -> Action:
    """A uniform draw over the legal action kinds, then over the legal raise totals.

    Fold is always a legal kind (even when checking is free), so this is the plain uniform
    baseline. Uses ``rng.random()`` rather than ``rng.integers`` because it is several times
    cheaper per call.
    """
    if legal.max_raise_to > 0:
        k = int(rng.random() * 3.0)
        if k == 2:
            lo = legal.min_raise_to
            span = legal.max_raise_to - lo
            if span <= 0:
                return RaiseTo(legal.max_raise_to)
            return RaiseTo(lo + min(span, int(rng.random() * (span + 1))))
    else:
        k = int(rng.random() * 2.0)
    return FOLD if k == 0 else CHECK_CALL


def random_legal_choice(rng: Draws, to_call: int, lo: int, hi: int) -> tuple[int, int]:
    """The benchmarks' random play: (0 fold | 1 check/call | 2 raise, the raise-to total).

    Facing a bet (``to_call > 0``) a uniform draw over fold, call and (when legal: ``hi > 0``)
    raise; otherwise over check and raise (one draw even when checking is all there is). A
    raise then draws its total uniformly in ``[lo, hi]``. ``model_kernel._random_legal`` is
    its compiled form.

    >>> class Fixed:
    ...     def __init__(self, *u): self.u = list(u)
    ...     def random(self): return self.u.pop(0)
    >>> random_legal_choice(Fixed(0.1), 50, 200, 1000)  # facing a bet: a third folds
    (0, 0)
    >>> random_legal_choice(Fixed(0.1), 0, 200, 1000)  # checked to: half check
    (1, 0)
    >>> random_legal_choice(Fixed(0.9, 0.5), 0, 200, 1000)
    (2, 600)
    """
    kinds = 3 if hi > 0 else 2
    if to_call > 0:
        k = int(rng.random() * kinds)
    else:
        k = 1 + int(rng.random() * (kinds - 1))
    if k == 2:
        span = hi - lo
        return 2, lo + min(span, int(rng.random() * (span + 1)))
    return k, 0


def noise_action(view: DecisionView, rng: Draws) -> Action:
    """A plausible mistake: uniform over the sensible kinds, raises sized by the pot.

    Unlike :func:`random_action` it never folds when checking is free, and a raise goes to
    the current bet plus 0.5 to 1.5 times the pot (clipped to the legal range), so a weak
    player's errors look like loose calls and badly sized bets, not random all-ins.
    """
    legal = view.legal
    free = legal.to_call == 0
    can_raise = legal.max_raise_to > 0
    kinds = (1 if free else 2) + (1 if can_raise else 0)
    k = int(rng.random() * kinds) + (1 if free else 0)
    if k == 0:
        return FOLD
    if k == 1:
        return CHECK_CALL
    target = max(view.bets) + int((0.5 + rng.random()) * view.pot)
    if target < legal.min_raise_to:
        target = legal.min_raise_to
    elif target > legal.max_raise_to:
        target = legal.max_raise_to
    return RaiseTo(target)


_check_fraction = check_number  # skill and noise are checked like the models' parameters


_NO_KEYWORDS: Mapping[str, Any] = {}


class _TimedModel:
    """What the built-in models share: their parameter record and its think time.

    The record (``pokersim.model_params``) is what the compiled rounds read too; the model is
    the readable reference of the play it drives.
    """

    __slots__ = ("params", "think", "_median", "_sigma", "_lo", "_hi")
    name = ""
    pace_factor = 1.0
    params_type: type[ModelParams]

    def __init__(
        self, params: ModelParams | None, kwargs: Mapping[str, Any] = _NO_KEYWORDS
    ) -> None:
        if params is None:
            params = self.params_type(**kwargs)
        elif kwargs or type(params) is not self.params_type:
            raise TypeError(
                f"{type(self).__name__} takes a {self.params_type.__name__} or keywords"
            )
        self.params = params
        think = self.think = params.think
        self._median = think.median_seconds
        self._sigma = think.sigma
        self._lo = think.min_seconds
        self._hi = think.max_seconds

    def think_seconds(self, view: DecisionView, rng: Draws) -> float:
        """``timing.think_time`` on one normal draw (longer after the flop)."""
        normal = rng.standard_normal()
        return think_time(self._median, self._sigma, self._lo, self._hi, normal, view.street)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.params!r})"


class RandomModel(_TimedModel):
    """``random``: uniform over legal action kinds and amounts (the benchmarks' baseline).

    Parameters (``RandomParams``): ``think_median_seconds`` (default 1.5), ``think_sigma`` (0.8).
    """

    __slots__ = ()
    name = RandomParams.name
    pace_factor = RandomParams.pace_factor
    params_type = RandomParams

    def __init__(self, params: RandomParams | None = None, **kwargs: Any) -> None:
        super().__init__(params, kwargs)

    def decide(self, view: DecisionView, rng: Draws) -> Action:
        """Uniform over fold / check-call / raise, then uniform over raise totals."""
        return random_action(view.legal, rng)


class RandomLegalModel(_TimedModel):
    """``random-legal``: the benchmarks' random play (:func:`random_legal_choice`).

    Unlike ``random`` it folds only when facing a bet. Parameters (``RandomLegalParams``):
    ``think_median_seconds`` (default 1.5), ``think_sigma`` (0.8).
    """

    __slots__ = ()
    name = RandomLegalParams.name
    pace_factor = RandomLegalParams.pace_factor
    params_type = RandomLegalParams

    def __init__(self, params: RandomLegalParams | None = None, **kwargs: Any) -> None:
        super().__init__(params, kwargs)

    def decide(self, view: DecisionView, rng: Draws) -> Action:
        """Uniform over the sensible kinds, then uniform over raise totals."""
        legal = view.legal
        k, amount = random_legal_choice(rng, legal.to_call, legal.min_raise_to, legal.max_raise_to)
        if k == 2:
            return RaiseTo(amount)
        return CHECK_CALL if k == 1 else FOLD


class CallingStationModel(_TimedModel):
    """``calling-station``: never folds, never raises; checks or calls everything.

    Parameters (``CallingStationParams``): ``think_median_seconds`` (default 2.0),
    ``think_sigma`` (0.8).
    """

    __slots__ = ()
    name = CallingStationParams.name
    pace_factor = CallingStationParams.pace_factor
    params_type = CallingStationParams

    def __init__(self, params: CallingStationParams | None = None, **kwargs: Any) -> None:
        super().__init__(params, kwargs)

    def decide(self, view: DecisionView, rng: Draws) -> Action:
        """Check when free, else call (all-in when short)."""
        return CHECK_CALL


class SkillBlend:
    """A model blended with noise: a mistake with probability ``(1-skill)*noise``.

    One knob that weakens any model continuously (skill 1 is the model itself), so a study can
    vary skill without a model knowing about it. The mistake is :func:`noise_action`.
    """

    __slots__ = ("inner", "blend", "skill", "noise", "mistake_p", "name", "think_seconds")

    def __init__(self, inner: PlayerModel, *, skill: float, noise: float = DEFAULT_NOISE) -> None:
        self.inner = inner
        self.blend = BlendParams(skill=skill, noise=noise)
        self.skill = skill
        self.noise = noise
        self.mistake_p = self.blend.mistake_p
        self.name = inner.name
        # skill does not change pace: the inner model's think time, without a wrapper call
        # (the rng is the hand's draws for a built-in inner model, a Generator for a plug-in)
        self.think_seconds: Callable[[DecisionView, Any], float] = inner.think_seconds

    def decide(self, view: DecisionView, rng: Draws) -> Action:
        """One uniform draw decides between a mistake and the inner model's choice."""
        if rng.random() < self.mistake_p:
            return noise_action(view, rng)
        return self.inner.decide(view, rng)  # type: ignore[arg-type]  # see __init__

    def __repr__(self) -> str:
        return f"SkillBlend({self.inner!r}, skill={self.skill}, noise={self.noise})"


def players_behind(view: DecisionView) -> int:
    """Players still in the hand with chips who act after this seat in the current round.

    Pre-flop the order starts left of the big blind (heads-up: the button first); after the
    flop it starts left of the button.
    """
    n = len(view.in_hand)
    button = view.button
    first = (3 if n > 2 else 0) if view.street == 0 else 1
    mine = (view.seat - button - first) % n
    count = 0
    stacks = view.stacks
    for i, alive in enumerate(view.in_hand):
        if alive and stacks[i] > 0 and i != view.seat and (i - button - first) % n > mine:
            count += 1
    return count


def behind_slot(behind: int, seats: int) -> int:
    """The share of ``tight-aggressive``'s widths read with ``behind`` players to act after it.

    0 for 6 or more, 1 for 5 (under the gun at six), 2 for 4, 3 for 3 (the cut-off), 4 for 2
    (the button), 5 for 1 or none (the small blind, a big blind over limpers):
    ``model_params.BEHIND_GROUPS``. Heads-up (``seats`` 2) the small blind is the button: 4.
    """
    if seats == 2 or behind == 2:
        return 4
    return 0 if behind >= 6 else 1 if behind == 5 else 2 if behind == 4 else 3 if behind == 3 else 5


def pressed_slot(slot: int) -> int:
    """The share a big stack pressing the bubble reads from ``slot``: one group fewer behind.

    The groups are those before the button and the fourth seat had their own shares (6+, 4-5,
    2-3 and 1): 6+ reads the 5 share, 4 and 5 the cut-off's, the cut-off and the button the
    small blind's.
    """
    return 1 if slot == 0 else 3 if slot < 3 else 5


def _shove(legal: LegalActions) -> Action:
    return RaiseTo(legal.max_raise_to) if legal.max_raise_to > 0 else CHECK_CALL


def _raise_to(legal: LegalActions, target: int) -> Action:
    """A raise to ``target`` clipped into the legal range (or a call when raising is closed)."""
    if legal.max_raise_to <= 0:
        return CHECK_CALL
    if target < legal.min_raise_to:
        target = legal.min_raise_to
    elif target > legal.max_raise_to:
        target = legal.max_raise_to
    return RaiseTo(target)


def _made_hand(hole: tuple[int, int], board: tuple[int, ...]) -> bool:
    """A pocket pair or a hole card paired on the board: the simple post-flop test."""
    r1, r2 = hole[0] >> 2, hole[1] >> 2
    if r1 == r2:
        return True
    for c in board:
        r = c >> 2
        if r == r1 or r == r2:
            return True
    return False


# -- playing the tournament (``tournament = true``) -------------------------------------------

# columns of ``tournament_inputs``: whether the hand has a context, the ladder and bubble
# weights of the bubble factor, the bubble term's cap, the average stack, how near the money's
# door the hand is (``bubble_nearness``), the big blinds a stack pays in forced bets before the
# money (``wait_bb``), then the bounty (in chips) on each seat's head
TI_ON, TI_LADDER, TI_BUBBLE, TI_CAP, TI_AVERAGE, TI_NEAR, TI_WAIT_BB = 0, 1, 2, 3, 4, 5, 6
TI_SEAT_BOUNTY = 7
EXPECTED_BUSTS_PER_TABLE_HAND = 0.06
"""The busts a player expects per hand dealt at each table near the money, to count the hands
it must last before the money (``wait_bb``): about what the shipped fields bust there (6 to 8
per 100 table-hands within 30 players of the money of `mtt_1000`, docs/players.md)."""
NEAR_SPAN_PER_TABLE = 0.5
"""Players to the money, per full table still in play, at which ``bubble_nearness`` is half
its value at the door: the field busts players table by table, so a table's worth of players
from the money of a big field and two players from the money of one table are alike."""
NEAR_TABLE_SEATS = 9
"""The seats of a full table, counting the tables in play as ``players_left / NEAR_TABLE_SEATS``
(at least one)."""
NASH_MAX_BB = float(nash.STACKS_BB[-1])
"""The deepest stack of the equilibrium charts: deeper all-ins are called by the plain play."""


_POOL: list[Any] = [(), 0]  # the prize table last summed, and its sum


def prize_pool(prizes: Sequence[int]) -> int:
    """``sum(prizes)``, remembered for the last prize table (a tuple) it was asked about.

    Every tournament-aware hand asks for it and the table rarely changes, while summing it
    costs a step per place paid (15,000 at 100,000 players: benchmarks/bench_hand_inputs.py).
    """
    last = _POOL
    if prizes is last[0]:
        return int(last[1])
    pool = sum(prizes)
    if type(prizes) is tuple:  # immutable: the sum holds while this object is the table
        last[0] = prizes
        last[1] = pool
    return pool


def bubble_weights(context: TournamentContext) -> tuple[float, float, float]:
    """How ICM weighs on this hand's stacks: (ladder weight, bubble weight, bubble cap).

    A cheap fit to exact ICM bubble factors (docs/players.md, *Playing the tournament*), from
    the payout table and the field only: ``N`` players left, ``P`` places paid, ``m`` players
    to the money, ``q = min(1, min cash / (pool / N))`` what a min cash is worth against an
    average stack. Closeness to the money ``c = 1 / (1 + (m - 1) / P)`` (1 in the money)
    scales the ladder, the pay jumps ahead: ``min(0.7, 0.3 ln min(N, P)) * min(1, sqrt(9 /
    N))`` times how top-heavy the table is (``min(1, 1.6 (1 - min cash / first prize))``);
    before the money the bubble weighs ``0.9 c^2 q``, capped for short stacks at ``1 / q``
    times that. Heads-up (N <= 2) both are 0: chips.
    """
    n = context.players_left
    paid = context.places_paid
    prizes = context.prizes_cents
    if n <= 2 or paid < 1 or not prizes:
        return 0.0, 0.0, 1.0
    pool = prize_pool(prizes)
    first = prizes[0]
    min_cash = prizes[min(paid, len(prizes)) - 1]
    if pool <= 0 or first <= 0 or min_cash <= 0:
        return 0.0, 0.0, 1.0
    to_money = context.players_to_money
    close = 1.0 if to_money == 0 else 1.0 / (1.0 + (to_money - 1) / paid)
    k = min(n, paid)
    ladder = 0.0
    if k > 1:
        ladder = min(0.7, 0.3 * math.log(k)) * min(1.0, math.sqrt(9.0 / n))
        ladder *= close * min(1.0, 1.6 * (1.0 - min_cash / first))
    if to_money == 0:
        return ladder, 0.0, 1.0
    q = min(1.0, min_cash * n / pool)
    return ladder, 0.9 * close * close * q, 1.0 / q


def bubble_weight(context: TournamentContext) -> float:
    """An average stack's bubble factor less 1 (the sum of ``bubble_weights``' two terms)."""
    ladder, bubble, _ = bubble_weights(context)
    return ladder + bubble


def bubble_nearness(context: TournamentContext) -> float:
    """How near the money's door the hand is, 1 there and 0 in the money.

    1 on hand-for-hand or one player away, ``1 / (1 + (m - 1) / span)`` with ``m`` players
    to the money and ``span = NEAR_SPAN_PER_TABLE`` times the tables in play (160 players left
    of whom 150 are paid: 1/2; a sit-and-go of nine paying three: 1/11 at its first hand, 1/3
    two players from the money), 0 in the money or heads-up: the weight of ``bubble_caution`` and
    ``bubble_range`` (real players fold more the fewer busts the field needs, and a field of
    many tables needs a bust at each for every one a single table needs).
    """
    to_money = context.players_to_money
    if to_money <= 0 or context.players_left <= 2 or context.places_paid < 1:
        return 0.0
    if context.hand_for_hand:
        return 1.0
    return 1.0 / (1.0 + (to_money - 1) / (NEAR_SPAN_PER_TABLE * tables_in_play(context)))


def tables_in_play(context: TournamentContext) -> float:
    """The full tables the players left fill (``NEAR_TABLE_SEATS`` a table), at least one."""
    return max(1.0, context.players_left / NEAR_TABLE_SEATS)


def wait_bb(context: TournamentContext, seats: int) -> float:
    """The big blinds a stack at a table of ``seats`` pays in forced bets until the money.

    The hands it waits: the players still to bust over the busts the field makes per hand dealt
    at every table (``EXPECTED_BUSTS_PER_TABLE_HAND`` times the tables in play, counted as
    ``bubble_nearness`` counts them); each costs its share of an orbit's forced bets (a small
    and a big blind, and a big-blind ante once an orbit or a classic ante every hand). 0 in the
    money, heads-up or without a level. A stack shorter than this cannot fold its way into the
    money: it is blinded out first (``aware_push``).
    """
    to_money = context.players_to_money
    level = context.level
    if to_money <= 0 or context.players_left <= 2 or context.places_paid < 1 or level is None:
        return 0.0
    hands = to_money / (EXPECTED_BUSTS_PER_TABLE_HAND * tables_in_play(context))
    orbit = level.small_blind + level.big_blind
    if level.ante_kind is AnteKind.BIG_BLIND:
        orbit += level.ante
    elif level.ante_kind is AnteKind.CLASSIC:
        orbit += seats * level.ante
    return hands * orbit / (max(1, seats) * level.big_blind)


def tournament_inputs(context: TournamentContext | None, player_ids: Sequence[int]) -> np.ndarray:
    """What a tournament-aware decision reads of the hand, once per hand (``TI_*`` columns).

    The bounty on a head counts in chips: its cash part (``bounty_cash_share``) times the chips
    a cent of prize money buys at the tournament's price, the chips in play over the prize
    pool (``average_stack * players_left / sum(prizes_cents)``).
    """
    n = len(player_ids)
    out = np.zeros(TI_SEAT_BOUNTY + n, dtype=np.float64)
    if context is None:
        return out
    out[TI_ON] = 1.0
    out[TI_LADDER], out[TI_BUBBLE], out[TI_CAP] = bubble_weights(context)
    out[TI_AVERAGE] = context.average_stack
    out[TI_NEAR] = bubble_nearness(context)
    out[TI_WAIT_BB] = wait_bb(context, n)
    share = context.bounty_cash_share
    if share <= 0.0:
        return out
    pool = prize_pool(context.prizes_cents)
    if pool > 0:
        rate = share * context.average_stack * context.players_left / pool
        get = context.bounties_cents.get
        for k, p in enumerate(player_ids):
            out[TI_SEAT_BOUNTY + k] = rate * get(p, 0)
    return out


def resized_inputs(ti: np.ndarray, context: TournamentContext, seats: int) -> np.ndarray:
    """``tournament_inputs`` of a table of ``seats`` from another size's, the same context's.

    Without bounties, of the hand's inputs only the wait until the money depends on the seats
    (``wait_bb``): a new size costs that one, not every one.
    """
    out = np.zeros(TI_SEAT_BOUNTY + seats, dtype=np.float64)
    out[:TI_SEAT_BOUNTY] = ti[:TI_SEAT_BOUNTY]
    if out[TI_ON]:
        out[TI_WAIT_BB] = wait_bb(context, seats)
    return out


def seat_bubble_factor(ti: np.ndarray, chips: float) -> float:
    """A seat's bubble factor from its chips against the average stack (``r = chips / avg``).

    ``1 + ladder * g(r) + bubble * b(r)``: ``g`` is 1 for an average stack, falls to 0.52 at
    0.4 of it (``0.2 + 0.8 r``: a short stack has less to lose of the ladder) and, above the
    average, by half the excess down to 0.25 at 2.5 times it (a big stack risks a part of its
    chips); ``b`` is ``g`` above the average and ``min(1 / r, cap)`` below it: on the money
    bubble a short stack's equity is mostly the min cash it would lose.
    """
    average = ti[TI_AVERAGE]
    if average <= 0.0:
        return 1.0
    r = chips / average
    if r < 1.0:
        g = 0.2 + 0.8 * r
        b = ti[TI_CAP]
        if r * b > 1.0:
            b = 1.0 / r
    else:
        g = 1.0 - 0.5 * (r - 1.0)
        if g < 0.25:
            g = 0.25
        b = g
    return 1.0 + ti[TI_LADDER] * g + ti[TI_BUBBLE] * b


def pair_bubble_factor(ti: np.ndarray, mine: float, theirs: float, caution: float) -> float:
    """A seat's bubble factor in a confrontation with one opponent (chips ``mine``, ``theirs``).

    The seat's factor (``seat_bubble_factor``, fitted against an average stack) has its excess
    over 1 scaled by the chips at risk, ``min(mine, theirs)``, against ``min(mine, average)``
    (to second order a loss of ``E`` chips costs ``E`` times the curvature): a stack that covers
    a short one risks little. It adds ``caution * bubble_nearness`` times the share of its own
    chips at risk, ``min(mine, theirs) / mine``: real players over-fold at the money's door
    beyond ICM, all of it when they can bust, half of it when half their chips are at stake.
    """
    bf = seat_bubble_factor(ti, mine)
    average = ti[TI_AVERAGE]
    base = mine if mine < average else average
    if base <= 0.0:
        return bf
    risk = mine if mine < theirs else theirs
    return 1.0 + (bf - 1.0) * risk / base + caution * ti[TI_NEAR] * risk / mine


def over_folds(ti: np.ndarray, cls: int, cut: int, weight: float) -> bool:
    """Whether a stack that can lose its tournament folds ``cls`` at the money's door.

    It keeps the classes whose strength rank times ``bubble_nearness`` times ``weight`` is
    below ``cut`` (the record's ``bubble_cut``, from ``bubble_range``): with weight 1 the top
    ``bubble_range`` at the door, more classes farther away (twice as many nine players from
    the money), all of them in the money. ``weight`` says how much this decision risks: a call
    weighs the share of the caller's chips at stake (``caller_share``); a first-in shove or a
    limp weighs the nearness once more, so that a short stack folds and waits at the door but
    still picks its spots thirty players away.
    """
    near = ti[TI_NEAR]
    return near > 0.0 and charts.STRENGTH_RANK[cls] * near * weight >= cut


def caller_share(mine: float, theirs: float, all_in: bool) -> float:
    """The share of a caller's chips at stake against ``theirs`` (``over_folds``' weight).

    1 when the shover covers it (it can bust), ``theirs / mine`` when it covers an all-in, 0
    when it covers a raise that is not all-in (the answer is its own re-shove, a bet that can
    win the pot: the chart's play).
    """
    if theirs >= mine:
        return 1.0
    return theirs / mine if all_in else 0.0


def weighed_bar(bar: float, bf: float) -> float:
    """An equity bar for putting chips in, when a chip lost weighs ``bf`` and one won 1.

    The odds the bar asks, ``bar / (1 - bar)``, times ``bf``: the call's pot odds with the
    call weighed (``bf * to_call / (pot + bf * to_call)``) is the same rule, so a bet or a
    raise that can be called or re-raised asks what a call of it would (0.6 at a factor of 2:
    0.75).
    """
    if bf == 1.0 or bar >= 1.0:
        return bar
    return bf * bar / (1.0 - bar + bf * bar)


def preflop_order(i: int, n: int, button: int) -> int:
    """Seat ``i``'s place in the pre-flop order (0 first to act, the big blind last)."""
    return (i - button - (3 if n > 2 else 0)) % n


def aware_push(
    view: DecisionView,
    ti: np.ndarray,
    cls: int,
    stack_bb: float,
    behind: int,
    caution: float,
    cut: int,
) -> bool:
    """Whether to shove first in, by the equilibrium chart at both sides' bubble factors.

    The factors are per pair, against every player who can still call (behind, or a limper
    in front): the shover's its highest (the biggest risk), the callers' the lowest of theirs
    against it (the loosest caller decides); everyone is taken to be as cautious as this
    player (``caution``). A shover that one of them covers also keeps only its
    ``bubble_range`` (``over_folds``, weighed by the nearness), unless it is too short to
    last until the money (``wait_bb``): waiting, it would be blinded out, so it shoves its
    chart.
    """
    seat = view.seat
    stacks, bets = view.stacks, view.bets
    chips = stacks[seat] + bets[seat]
    bf = 0.0
    bf_callers = 0.0
    covered = False
    for i, alive in enumerate(view.in_hand):
        if alive and stacks[i] > 0 and i != seat:
            theirs = stacks[i] + bets[i]
            covered = covered or theirs >= chips
            b = pair_bubble_factor(ti, chips, theirs, caution)
            if b > bf:
                bf = b
            b = pair_bubble_factor(ti, theirs, chips, caution)
            if bf_callers == 0.0 or b < bf_callers:
                bf_callers = b
    if bf_callers == 0.0:
        bf, bf_callers = seat_bubble_factor(ti, chips), 1.0
    elif (
        covered
        and chips > ti[TI_WAIT_BB] * view.level.big_blind
        and over_folds(ti, cls, cut, ti[TI_NEAR])
    ):
        return False
    return nash.charts().shoves(cls, stack_bb, behind, bf, bf_callers)


def presses(view: DecisionView, ti: np.ndarray, caution: float) -> bool:
    """Whether a big stack presses the bubble: it opens as if fewer players were behind.

    It does when it covers every player behind and their bubble factor against it (the lowest
    of theirs) sits higher on the charts' grid than its own against the biggest of them.
    """
    seat, n, button = view.seat, len(view.stacks), view.button
    stacks, bets = view.stacks, view.bets
    if ti[TI_LADDER] <= 0.0 and ti[TI_BUBBLE] <= 0.0:
        return False
    chips = stacks[seat] + bets[seat]
    mine = preflop_order(seat, n, button)
    lowest = 0.0
    biggest = 0
    for i, alive in enumerate(view.in_hand):
        if alive and stacks[i] > 0 and i != seat and preflop_order(i, n, button) > mine:
            theirs = stacks[i] + bets[i]
            if theirs > chips:
                return False
            biggest = theirs if theirs > biggest else biggest
            b = pair_bubble_factor(ti, theirs, chips, caution)
            if lowest == 0.0 or b < lowest:
                lowest = b
    if lowest == 0.0:
        return False
    return nash.bf_slot(lowest) > nash.bf_slot(pair_bubble_factor(ti, chips, biggest, caution))


def shover_of(view: DecisionView) -> int:
    """The one player other than this seat who bet more than a big blind (-1: none or more)."""
    bb = view.level.big_blind
    found = -1
    for i, alive in enumerate(view.in_hand):
        if alive and i != view.seat and view.bets[i] > bb:
            if found >= 0:
                return -1
            found = i
    return found


def raiser_of(view: DecisionView) -> int:
    """The first player other than this seat with the biggest bet of the round."""
    found = -1
    for i, alive in enumerate(view.in_hand):
        if alive and i != view.seat and (found < 0 or view.bets[i] > view.bets[found]):
            found = i
    return found


def aware_call(
    view: DecisionView,
    ti: np.ndarray,
    cls: int,
    shover: int,
    dead: int,
    inv_loose: float,
    caution: float,
    cut: int,
) -> bool:
    """Whether to call the shove of ``shover``: the caller's chart at both bubble factors.

    A raise that is not all-in is read as a shove of the raiser's whole stack: the answer (a
    short stack's re-shove) commits the stack against a range that chose to raise, so it takes
    the hands that call an all-in of that size (reading it at the raise's size, 2.5 big blinds,
    re-shoved most hands).

    ``dead``: chips in the pot outside this round's bets (antes); the bounty on the shover's
    head (``TI_SEAT_BOUNTY``), when this seat covers them, counts as more dead money, which the
    chart reads as a shorter shove (as the antes: in units of a 1.5-big-blind pot).
    """
    seat, n, button = view.seat, len(view.stacks), view.button
    stacks, bets = view.stacks, view.bets
    bb = view.level.big_blind
    mine = stacks[seat] + bets[seat]
    theirs = stacks[shover] + bets[shover]
    if over_folds(ti, cls, cut, caller_share(mine, theirs, stacks[shover] == 0)):
        return False
    high = bets[shover] if stacks[shover] == 0 else theirs
    extra = float(dead)
    if mine >= theirs:
        extra += ti[TI_SEAT_BOUNTY + shover]
    scale = inv_loose
    if extra > 0.0:
        scale *= 1.5 * bb / (1.5 * bb + extra)
    shove_bb = (high if high < mine else mine) / bb
    at = preflop_order(shover, n, button)
    behind = 0
    for i in range(n):
        if i != shover and stacks[i] + bets[i] > 0 and preflop_order(i, n, button) > at:
            behind += 1
    me = preflop_order(seat, n, button)
    if me == n - 1:
        kind = "bb"
    elif me == n - 2 and n > 2 and behind >= 2:
        kind = "sb"
    else:
        kind = "other"
        if behind < 3:
            behind = 3
    bf = pair_bubble_factor(ti, mine, theirs, caution)
    bf_pusher = pair_bubble_factor(ti, theirs, mine, caution)
    return nash.charts().calls(cls, shove_bb * scale, behind, kind, bf, bf_pusher)


class PushFoldModel(_TimedModel):
    """``push-fold``: shove or fold by effective stack in big blinds, from the charts.

    At or below ``max_bb`` big blinds (default 15) the model shoves the chart's range when the
    pot is unopened and calls (or re-shoves) a raise with the chart's calling range; ranges
    tighten with more players behind (see ``pokersim.charts``). ``looseness`` scales the stack
    the chart is read at: 1.0 is the chart, 1.3 plays as if 30% shorter (looser), 0.7 tighter.
    Antes scale it too: the stack is read in units of a 1.5-big-blind pot, so a pot swollen by
    antes widens the ranges. Above ``max_bb`` it plays a simple default: open-raise
    ``open_raise_bb`` with a positional range, continue against raises with premium hands, and
    after the flop bet half the pot with a pair or better (calling a bet only when it costs at
    most a third of its chips), check-folding otherwise.

    Parameters: ``looseness`` (0.25..4, default 1.0), ``max_bb`` (1..25, default 15),
    ``open_raise_bb`` (2..5, default 2.5), ``think_median_seconds`` (2.0), ``think_sigma`` (0.8).
    """

    __slots__ = ("looseness", "max_bb", "open_raise_bb", "_inv_loose", "_open_cuts", "_premium_cut", "_call_cut", "_aware", "_caution", "_bubble_cut")  # fmt: skip # noqa: E501
    name = PushFoldParams.name
    pace_factor = PushFoldParams.pace_factor
    params_type = PushFoldParams

    def __init__(self, params: PushFoldParams | None = None, **kwargs: Any) -> None:
        super().__init__(params, kwargs)
        p = cast(PushFoldParams, self.params)
        self.looseness = p.looseness
        self.max_bb = p.max_bb
        self.open_raise_bb = p.open_raise_bb
        self._inv_loose = p.inv_loose
        self._open_cuts = p.open_cuts
        self._premium_cut = p.premium_cut
        self._call_cut = p.call_cut
        self._aware = p.tournament
        self._caution = p.bubble_caution
        self._bubble_cut = p.bubble_cut

    def decide(self, view: DecisionView, rng: Draws) -> Action:
        """Chart lookups only: no random draws, so a given situation always plays the same."""
        legal = view.legal
        bb = view.level.big_blind
        seat = view.seat
        stacks, bets, in_hand = view.stacks, view.bets, view.in_hand
        mine = stacks[seat] + bets[seat]
        biggest = 0
        aggressors = 0
        for i, alive in enumerate(in_hand):
            if alive and i != seat:
                total = stacks[i] + bets[i]
                if total > biggest:
                    biggest = total
                if bets[i] > bb:
                    aggressors += 1
        eff_bb = (mine if mine < biggest else biggest) / bb
        if view.street != 0:
            return _postflop_default(view)
        cls = charts.CLASS_OF_PAIR[view.hole[0] * 52 + view.hole[1]]
        behind = players_behind(view)
        high = max(bets)
        if eff_bb <= self.max_bb:
            # The charts assume a pot of 1.5 big blinds; antes (dead money outside this
            # round's bets) make shoving and calling cheaper, read as a shorter stack.
            dead = view.pot - sum(bets)
            scale = self._inv_loose
            if dead > 0:
                scale *= 1.5 * bb / (1.5 * bb + dead)
            if self._aware and view.context is not None:
                return self._aware_short(view, cls, eff_bb * scale, behind, high, dead)
            if high <= bb:
                if charts.PUSH_TABLE.contains(cls, eff_bb * scale, behind):
                    return _shove(legal)
                return CHECK_CALL if legal.to_call == 0 else FOLD
            shove_bb = (high if high < mine else mine) / bb
            k = behind + (aggressors if aggressors > 0 else 1)
            if charts.CALL_TABLE.contains(cls, shove_bb * scale, k):
                return _shove(legal) if legal.max_raise_to > 0 else CHECK_CALL
            return CHECK_CALL if legal.to_call == 0 else FOLD
        return self._deep_preflop(view, cls, behind, high, bb)

    def _aware_short(
        self, view: DecisionView, cls: int, stack_bb: float, behind: int, high: int, dead: int
    ) -> Action:
        """``tournament = true``: the equilibrium charts at the hand's bubble factors.

        Facing more than one player in for more than a big blind, the answer is read against
        the biggest bet (``raiser_of``).
        """
        legal = view.legal
        ti = tournament_inputs(view.context, view.player_ids)
        caution = self._caution
        if high <= view.level.big_blind:
            if aware_push(view, ti, cls, stack_bb, behind, caution, self._bubble_cut):
                return _shove(legal)
            return CHECK_CALL if legal.to_call == 0 else FOLD
        shover = shover_of(view)
        if shover < 0:
            shover = raiser_of(view)
        if aware_call(view, ti, cls, shover, dead, self._inv_loose, caution, self._bubble_cut):
            return _shove(legal) if legal.max_raise_to > 0 else CHECK_CALL
        return CHECK_CALL if legal.to_call == 0 else FOLD

    def _deep_preflop(
        self, view: DecisionView, cls: int, behind: int, high: int, bb: int
    ) -> Action:
        legal = view.legal
        rank = charts.STRENGTH_RANK[cls]
        if high <= bb:
            slot = 0 if behind >= 6 else 1 if behind >= 4 else 2 if behind >= 2 else 3
            if rank < self._open_cuts[slot]:
                return _raise_to(legal, int(self.open_raise_bb * bb) + (high - bb))
            return CHECK_CALL if legal.to_call == 0 else FOLD
        if rank < self._premium_cut:
            return _raise_to(legal, 3 * high)
        if rank < self._call_cut and legal.to_call * 10 <= view.stacks[view.seat]:
            return CHECK_CALL
        return CHECK_CALL if legal.to_call == 0 else FOLD


def _postflop_default(view: DecisionView) -> Action:
    """Bet half the pot or call with a pair or better; check or fold without one.

    A pair does not call off a big stack: a call of more than a third of its chips folds.
    """
    legal = view.legal
    if _made_hand(view.hole, view.board):
        if legal.to_call == 0:
            if legal.max_raise_to > 0:
                return _raise_to(legal, max(view.pot // 2, view.level.big_blind))
            return CHECK_CALL
        if 3 * legal.to_call <= view.stacks[view.seat] + view.bets[view.seat]:
            return CHECK_CALL
    return CHECK_CALL if legal.to_call == 0 else FOLD


_CLASS_OF_PAIR = charts.CLASS_OF_PAIR
_STRENGTH_RANK = charts.STRENGTH_RANK


def _combos_by_strength() -> tuple[np.ndarray, list[int]]:
    """All 1,326 two-card combinations, strongest class first, and how many lie in each range.

    ``combos[:in_range[cut]]`` are exactly the combinations whose class has
    ``STRENGTH_RANK < cut``, so a hand from a top range is one uniform index into a prefix.
    Each row holds what the sampler needs of the two cards, precomputed (``COMBO_*`` columns):
    the cards, their dead-card bits, their summed evaluator keys and ``suit_rank_bit`` sum.
    """
    a, b = np.triu_indices(52, 1)  # the pairs a < b, in order of a then b
    rank = np.asarray(_STRENGTH_RANK)[np.asarray(_CLASS_OF_PAIR)[a * 52 + b]]
    order = np.argsort(rank, kind="stable")
    a, b, ranks = a[order].astype(np.int64), b[order].astype(np.int64), rank[order]
    keys = card_keys().astype(np.int64)
    bits = np.array([int(suit_rank_bit.py_func(c)) for c in range(52)], dtype=np.int64)
    one = np.int64(1)
    combos = np.stack([a, b, (one << a) | (one << b), keys[a] + keys[b], bits[a] + bits[b]], 1)
    in_range = np.searchsorted(ranks, np.arange(charts.N_CLASSES + 1), side="left")
    return combos, [int(x) for x in in_range]


COMBO_COLUMNS = 5
COMBO_A, COMBO_B, COMBO_DEAD, COMBO_KEY, COMBO_BITS = range(COMBO_COLUMNS)
COMBOS, IN_RANGE = _combos_by_strength()

MAX_RANGE_TRIES = 200
"""Draws for one opponent's hand from the range before any two unseen cards are taken."""

# splitmix64: a tiny counter-based generator seeded from the player's stream. It runs inside
# the jitted sampler, where seeding NumPy's Mersenne Twister for every decision cost more than
# the sampling itself.
_BIAS = np.uint64(SUIT_BIAS)
_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_U30, _U27, _U31, _U32 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(32)
_ONE = np.uint64(1)
_RANKS = np.uint64(0x1FFF)  # a suit's 13 rank bits in a ``suit_rank_bit`` sum
_NO_BOARD = np.empty(0, dtype=np.int64)  # pre-flop (numba cannot type an empty tuple)
_SEED_SPAN = float(2**53)  # the sampler's seed: one uniform draw from the player's stream

NO_BAR = float("nan")
"""A decision bar the caller does not have (``range_equity``): it never holds the sampling."""
CHUNK = 8
"""Deals the sampler draws between two looks at its estimate."""
BAND = 3.0
"""Standard errors between the estimate and every bar before the sampler stops early."""


@njit(cache=True)
def _draw_below(state, m):  # pragma: no cover - compiled
    """Next generator state and a uniform integer in ``[0, m)`` (multiply-shift, m < 2**32)."""
    state = state + _GAMMA
    z = state
    z = (z ^ (z >> _U30)) * _MIX1
    z = (z ^ (z >> _U27)) * _MIX2
    z = z ^ (z >> _U31)
    return state, np.int64(((z >> _U32) * np.uint64(m)) >> _U32)


@njit(cache=True)
def clear_of(estimate, bar, n):  # pragma: no cover - compiled
    """Whether the estimate of ``n`` deals lies more than ``BAND`` standard errors from ``bar``.

    The standard error is the one the estimate would have if its true value were the bar,
    ``sqrt(bar * (1 - bar) / n)`` (a share of the pot varies at most as a coin of that
    chance): the band is the same on both sides of the bar, so an estimate above it stops
    as readily as one the same distance below (judged at the estimate instead, the band
    narrows towards 0 and 1 and the low side stops sooner: a bias to the passive side).
    A bar outside (0, 1] (or ``NO_BAR``) is clear: no estimate is on its other side.
    """
    if not 0.0 < bar <= 1.0:
        return True
    return abs(estimate - bar) > BAND * np.sqrt(bar * (1.0 - bar) / n)


@njit(cache=True)
def range_equity(  # pragma: no cover - compiled
    seed, hole0, hole1, board, k, n_opp, combos, n_range,
    card_key, low_base, high_index, rank_table, flush_table, bar, other_bar,
):  # fmt: skip
    """Mean share of the pot won in up to ``k`` sampled deals against ``n_opp`` range hands.

    ``bar`` and ``other_bar``: the equities the caller compares the estimate with
    (``NO_BAR`` for none). Deals are drawn ``CHUNK`` at a time, and after each chunk the
    sampler stops with the estimate so far once it is ``clear_of`` both bars: far from both,
    more deals would hardly move the caller's decision. Without any bar it deals all ``k``.

    Each deal gives every opponent a combination drawn uniformly from the first ``n_range`` of
    ``combos`` until both its cards are unseen (after ``MAX_RANGE_TRIES`` draws, any two unseen
    cards), then completes the board from the unseen cards, and splits ties among the tied
    hands. Hands are scored from running key sums (``class_of_sums``): no card array is built,
    a combination's bits and sums are read from its row, and a deal stops being scored at the
    first opponent that beats the hero (it wins the hero nothing whatever the others hold).
    """
    state = np.uint64(seed)
    base_dead = (_ONE << np.uint64(hole0)) | (_ONE << np.uint64(hole1))
    bkey0 = _BIAS
    bbits0 = np.uint64(0)
    for c in board:
        base_dead |= _ONE << np.uint64(c)
        bkey0 += card_key[c]
        bbits0 += suit_rank_bit(c)
    hkey = card_key[hole0] + card_key[hole1]
    hbits = suit_rank_bit(hole0) + suit_rank_bit(hole1)
    okey = np.empty(n_opp, dtype=np.uint64)
    obits = np.empty(n_opp, dtype=np.uint64)
    missing = 5 - len(board)
    # on the river the hero's hand is fixed: score it once, not once per deal
    hero_river = (
        class_of_sums(bkey0 + hkey, bbits0 + hbits, low_base, high_index, rank_table, flush_table)
        if missing == 0
        else 0
    )
    sequential = bar == bar or other_bar == other_bar  # NO_BAR is a NaN
    total = 0.0
    for n in range(1, k + 1):
        dead = base_dead
        for o in range(n_opp):
            found = False
            row = 0
            bits = np.uint64(0)
            for _attempt in range(MAX_RANGE_TRIES if n_range > 0 else 0):
                state, row = _draw_below(state, n_range)
                bits = np.uint64(combos[row, COMBO_DEAD])
                if not dead & bits:
                    found = True
                    break
            if found:
                dead |= bits
                okey[o] = np.uint64(combos[row, COMBO_KEY])
                obits[o] = np.uint64(combos[row, COMBO_BITS])
                continue
            # the range is (almost) all seen: any two unseen cards
            while True:
                state, a = _draw_below(state, 52)
                if not dead & (_ONE << np.uint64(a)):
                    break
            dead |= _ONE << np.uint64(a)
            while True:
                state, b = _draw_below(state, 52)
                if not dead & (_ONE << np.uint64(b)):
                    break
            dead |= _ONE << np.uint64(b)
            okey[o] = card_key[a] + card_key[b]
            obits[o] = suit_rank_bit(a) + suit_rank_bit(b)
        bkey = bkey0
        bbits = bbits0
        for _card in range(missing):
            while True:
                state, c = _draw_below(state, 52)
                if not dead & (_ONE << np.uint64(c)):
                    break
            dead |= _ONE << np.uint64(c)
            bkey += card_key[c]
            bbits += suit_rank_bit(c)
        # the hero's hand (o = -1, unless the river fixed it) and then each opponent's, scored
        # by class_of_sums written out: called, it counted a reference on each of its four
        # table arguments and dropped it again, eight calls into numba's runtime a hand scored
        hero = hero_river
        ties = 0
        for o in range(-1 if missing else 0, n_opp):
            if o < 0:
                key, bits = bkey + hkey, bbits + hbits
            else:
                key, bits = bkey + okey[o], bbits + obits[o]
            flush = key & FLUSH_MASK
            if flush:
                v = flush_table[(bits >> np.uint64(16 * flush_suit(flush))) & _RANKS]
            else:
                low = low_base[key & LOW_MASK]
                v = rank_table[low + high_index[(key >> LOW_SHIFT) & HIGH_MASK]]
            if o < 0:
                hero = v
            elif v < hero:
                break
            elif v == hero:
                ties += 1
        else:
            total += 1.0 / (1.0 + ties)
        if sequential and n % CHUNK == 0 and n < k:
            p = total / n
            if clear_of(p, bar, n) and clear_of(p, other_bar, n):
                return p
    return total / k


class TightAggressiveModel(_TimedModel):
    """``tight-aggressive``: positional pre-flop ranges, equity-driven post-flop play.

    Pre-flop: at or below ``short_bb`` big blinds it plays the push-fold charts; deeper it opens
    the top ``open_width`` share of hands (by players behind: 6+, 5, 4, 3, 2, 1; or five shares,
    4 and 5 sharing one, or four, 2 and 3 sharing one too), to ``open_raise_bb`` plus one big
    blind per limper, and limps (completes, over-limps) the next hands up to ``limp_width``
    (none by default; one share, or shares by players behind as the opens'); against a raise it
    re-raises to three times the top ``three_bet_width`` and calls the next hands up to
    ``call_width`` when the price is at most a tenth of its stack; against a re-raise it
    continues only with the top ``three_bet_width`` hands: the top ``premium_width`` (aces and
    kings) re-raise 2.3 times (all-in once that is 40% of the effective stack), the others call
    when the effective stack is at most ``commit_bb`` big blinds or the price at most a fifth of
    its stack, else fold. After the flop it estimates its equity against every opponent still in
    the hand holding the top ``range_width`` of hands (narrowed to ``bet_range_width`` when
    facing a bet, and to ``raise_range_width`` when its own bet was raised) with up to
    ``samples`` seeded Monte-Carlo deals in ONE jitted call (it stops once clear of the bars the
    estimate is compared with: ``range_equity``), then bets ``bet_fraction`` of the pot at
    equity >= ``value_equity`` (checked to, at >= ``stab_equity`` times two over the players in
    the hand when that is lower: a stab, off by default), raises at >= ``raise_equity``, calls
    when equity beats the pot odds by ``call_margin``, and otherwise checks or folds. Any bet
    or raise that would leave fewer than ``all_in_left`` pots behind goes all-in (off by
    default).
    """

    __slots__ = (
        "samples",
        "short_bb",
        "open_raise_bb",
        "bet_fraction",
        "value_equity",
        "stab_equity",
        "raise_equity",
        "call_margin",
        "all_in_left",
        "_open_cuts",
        "_open_widest",
        "_limp_cut",
        "_limp_cuts",
        "commit_bb",
        "commit_fraction",
        "_three_bet_cut",
        "_premium_cut",
        "_call_cut",
        "_range_cut",
        "_bet_range_cut",
        "_raise_range_cut",
        "_commit_range_cut",
        "_tables",
        "_push_fold",
        "_aware",
        "_caution",
    )
    name = TightAggressiveParams.name
    pace_factor = TightAggressiveParams.pace_factor
    params_type = TightAggressiveParams

    def __init__(self, params: TightAggressiveParams | None = None, **kwargs: Any) -> None:
        super().__init__(params, kwargs)
        p = cast(TightAggressiveParams, self.params)
        self.samples = p.samples
        self.short_bb = p.short_bb
        self._open_cuts = p.open_cuts
        self._open_widest = p.open_widest
        self._limp_cut = p.limp_cut
        self._limp_cuts = p.limp_cuts
        self.open_raise_bb = p.open_raise_bb
        self._three_bet_cut = p.three_bet_cut
        self._premium_cut = p.premium_cut
        self.commit_bb = p.commit_bb
        self.commit_fraction = p.commit_fraction
        self._call_cut = p.call_cut
        self._range_cut = p.range_cut
        self._bet_range_cut = p.bet_range_cut
        self._raise_range_cut = p.raise_range_cut
        self._commit_range_cut = p.commit_range_cut
        self.bet_fraction = p.bet_fraction
        self.value_equity = p.value_equity
        self.stab_equity = p.stab_equity
        self.raise_equity = p.raise_equity
        self.call_margin = p.call_margin
        self.all_in_left = p.all_in_left
        self._push_fold = PushFoldModel(p.push_fold)
        self._tables = get_tables()
        self._aware = p.tournament
        self._caution = p.bubble_caution

    def decide(self, view: DecisionView, rng: Draws) -> Action:
        """Pre-flop by table lookups; post-flop by one sampled equity estimate."""
        if view.street == 0:
            return self._preflop(view, rng)
        return self._postflop(view, rng)

    def _preflop(self, view: DecisionView, rng: Draws) -> Action:
        legal = view.legal
        bb = view.level.big_blind
        seat = view.seat
        stacks, bets = view.stacks, view.bets
        # the effective stack is above short_bb exactly when this player and some other
        # player still in the hand both are (the loop stops at the first such player)
        short = self.short_bb * bb
        deep = False
        if stacks[seat] + bets[seat] > short:
            for i, alive in enumerate(view.in_hand):
                if alive and i != seat and stacks[i] + bets[i] > short:
                    deep = True
                    break
        if not deep:
            return self._push_fold.decide(view, rng)
        rank = _STRENGTH_RANK[_CLASS_OF_PAIR[view.hole[0] * 52 + view.hole[1]]]
        high = max(bets)
        if high <= bb:
            if rank >= self._open_widest and rank >= self._limp_cut:  # played by no position
                return CHECK_CALL if legal.to_call == 0 else FOLD
            slot = behind_slot(players_behind(view), len(view.stacks))
            limp_cut = self._limp_cuts[slot]
            if slot < 5 and self._aware and view.context is not None:
                if presses(view, tournament_inputs(view.context, view.player_ids), self._caution):
                    slot = pressed_slot(slot)
            if rank >= self._open_cuts[slot] and rank >= limp_cut:
                return CHECK_CALL if legal.to_call == 0 else FOLD
            if self._aware and view.context is not None and self._door_folds(view):
                return CHECK_CALL if legal.to_call == 0 else FOLD
            if rank < self._open_cuts[slot]:
                return self._raise(view, int(self.open_raise_bb * bb) + (high - bb))
            return CHECK_CALL  # limps (completes, over-limps) what it does not open
        if high > 4 * bb and self._aware and view.context is not None:
            called = self._aware_all_in(view, high)
            if called is not None:
                return called
        if high <= 4 * bb:  # facing an open raise
            if self._aware and view.context is not None and self._door_folds(view):
                return CHECK_CALL if legal.to_call == 0 else FOLD
            if rank < self._three_bet_cut:
                return self._raise(view, 3 * high)
            if rank < self._call_cut and legal.to_call * 10 <= stacks[seat]:
                return CHECK_CALL
            return CHECK_CALL if legal.to_call == 0 else FOLD
        if rank < self._three_bet_cut:  # facing a re-raise or a shove
            mine = stacks[seat] + bets[seat]
            eff = 0
            for i, alive in enumerate(view.in_hand):
                if alive and i != seat and stacks[i] + bets[i] > eff:
                    eff = stacks[i] + bets[i]
            if mine < eff:
                eff = mine
            committed = eff <= self.commit_bb * bb
            if rank < self._premium_cut:
                target = high * 23 // 10
                if committed or 10 * target >= 4 * eff:
                    target = legal.max_raise_to
                return self._raise(view, target)
            if committed or legal.to_call * 5 <= stacks[seat]:
                return CHECK_CALL
        return CHECK_CALL if legal.to_call == 0 else FOLD

    def _raise(self, view: DecisionView, target: int) -> Action:
        """``_raise_to``, or all-in when it would leave fewer than ``all_in_left`` pots behind.

        A stack-to-pot rule: chips left behind that small a share of the pot are committed
        anyway, and real players put them in now (0, the default: never).
        """
        action = _raise_to(view.legal, target)
        top = view.legal.max_raise_to
        if isinstance(action, RaiseTo) and action.amount < top:
            put_in = action.amount - view.bets[view.seat]
            if view.stacks[view.seat] - put_in < self.all_in_left * (view.pot + put_in):
                return RaiseTo(top)
        return action

    def _door_folds(self, view: DecisionView) -> bool:
        """Whether a stack that a player in the hand covers folds what it would play deep.

        At the money's door an open, a limp, or a call or 3-bet of an open risks chips a
        covered stack cannot spare (the covering player can put it all-in): it keeps its
        ``bubble_range`` (``over_folds``, weighed by the nearness, as a first-in shove).
        """
        seat = view.seat
        mine = view.stacks[seat] + view.bets[seat]
        for i, alive in enumerate(view.in_hand):
            if alive and i != seat and view.stacks[i] + view.bets[i] >= mine:
                ti = tournament_inputs(view.context, view.player_ids)
                cls = _CLASS_OF_PAIR[view.hole[0] * 52 + view.hole[1]]
                return over_folds(ti, cls, self._push_fold._bubble_cut, ti[TI_NEAR])
        return False

    def _aware_all_in(self, view: DecisionView, high: int) -> Action | None:
        """``tournament = true``: one all-in within the charts' stacks, by the caller's chart.

        The chart is read at both bubble factors; None leaves the decision to the plain play.
        """
        shover = shover_of(view)
        if shover < 0 or view.stacks[shover] > 0:
            return None
        seat = view.seat
        mine = view.stacks[seat] + view.bets[seat]
        if (high if high < mine else mine) > NASH_MAX_BB * view.level.big_blind:
            return None
        ti = tournament_inputs(view.context, view.player_ids)
        cls = _CLASS_OF_PAIR[view.hole[0] * 52 + view.hole[1]]
        cut = self._push_fold._bubble_cut
        if aware_call(view, ti, cls, shover, view.pot - sum(view.bets), 1.0, self._caution, cut):
            return CHECK_CALL
        return CHECK_CALL if view.legal.to_call == 0 else FOLD

    def _postflop(self, view: DecisionView, rng: Draws) -> Action:
        legal = view.legal
        to_call = legal.to_call
        seat = view.seat
        narrow = self._commit_range_cut
        if to_call == 0:
            cut = self._range_cut
        elif view.bets[seat] > 0:  # its own bet was raised: a narrower range
            cut = self._raise_range_cut
        else:
            cut = self._bet_range_cut
        pot = view.pot
        # A bet, raise or call of more than commit_fraction of its chips must also hold up
        # against the commit range: one pair does not stack off deep (one more estimate).
        big = self.commit_fraction * (view.stacks[seat] + view.bets[seat])
        bf = 1.0  # a chip lost weighs its bubble factor: in a call, a bet and a raise alike
        if self._aware and view.context is not None:
            bf = self._aware_factor(view)
        can_raise = legal.max_raise_to > 0
        # each estimate is told the bars it is held to (``range_equity`` stops once clear)
        if to_call == 0:
            bar = self.value_equity
            if self.stab_equity < bar:  # checked to: bets a lower equity, scaled to a fair share
                bar = self.stab_equity * 2.0 / sum(view.in_hand)
            bar = weighed_bar(bar, bf)
            if self.equity(view, rng, cut, bar if can_raise else NO_BAR) >= bar and can_raise:
                target = max(int(self.bet_fraction * pot), view.level.big_blind)
                if min(target, legal.max_raise_to) > big and cut != narrow:
                    if self.equity(view, rng, narrow, bar) < bar:
                        return CHECK_CALL
                return self._raise(view, target)
            return CHECK_CALL
        raise_bar = weighed_bar(self.raise_equity, bf)
        risk = bf * to_call
        call_bar = risk / (pot + risk) + self.call_margin
        eq = self.equity(view, rng, cut, raise_bar if can_raise else NO_BAR, call_bar)
        if eq >= raise_bar and can_raise:
            target = max(view.bets) + int(self.bet_fraction * (pot + to_call))
            put_in = min(target, legal.max_raise_to) - view.bets[seat]
            if put_in <= big or cut == narrow:
                return self._raise(view, target)
            eq = self.equity(view, rng, narrow, raise_bar, call_bar)
            cut = narrow
            if eq >= raise_bar:
                return self._raise(view, target)
        if to_call > big and cut != narrow:
            eq = self.equity(view, rng, narrow, call_bar)
        if eq >= call_bar:
            return CHECK_CALL
        return FOLD

    def _aware_factor(self, view: DecisionView) -> float:
        """The seat's bubble factor against the biggest opponent in the hand (per pair)."""
        ti = tournament_inputs(view.context, view.player_ids)
        seat = view.seat
        biggest = 0
        for i, alive in enumerate(view.in_hand):
            if alive and i != seat and view.stacks[i] + view.bets[i] > biggest:
                biggest = view.stacks[i] + view.bets[i]
        chips = view.stacks[seat] + view.bets[seat]
        return pair_bubble_factor(ti, chips, biggest, self._caution)

    def equity(
        self,
        view: DecisionView,
        rng: Draws,
        range_cut: int,
        bar: float = NO_BAR,
        other_bar: float = NO_BAR,
    ) -> float:
        """Share of the pot won against every opponent in the hand holding a top range.

        Up to ``samples`` deals of the opponents' cards (each uniform over the unseen
        combinations of the range) and the rest of the board, in one jitted call seeded by one
        draw from ``rng``. ``range_cut``: opponents hold classes with ``STRENGTH_RANK <
        range_cut`` (``charts.top_classes(width)``; 169 for any two cards). ``bar`` and
        ``other_bar``: the equities the estimate will be compared with; the sampling stops
        early once the estimate is clear of both (``range_equity``), and deals all
        ``samples`` without one.
        """
        seat = view.seat
        n_opp = 0
        for i, alive in enumerate(view.in_hand):
            if alive and i != seat:
                n_opp += 1
        if n_opp < 1:
            n_opp = 1
        t = self._tables
        return float(
            range_equity(
                int(rng.random() * _SEED_SPAN),
                view.hole[0],
                view.hole[1],
                # an array, whatever the street: a tuple's type is its length's, and the kernels
                # built ahead of time hold one function for one type (``kernel_cache``)
                np.array(view.board, dtype=np.int64) if view.board else _NO_BOARD,
                self.samples,
                n_opp,
                COMBOS,
                IN_RANGE[range_cut],
                t.card_key,
                t.low_base,
                t.high_index,
                t.rank_table,
                t.flush_table,
                float(bar),
                float(other_bar),
            )
        )


class RecreationalModel(TightAggressiveModel):
    """``recreational``: the tight-aggressive play with a recreational player's record.

    Same decisions, other parameters (``RecreationalParams``): it raises few hands, limps and
    calls many, and reads a bet as weaker than a regular does, so it sees many flops and calls
    them down. Compiled exactly as ``tight-aggressive`` (the record decides).
    """

    __slots__ = ()
    name = RecreationalParams.name
    pace_factor = RecreationalParams.pace_factor
    params_type = RecreationalParams


_BUILTINS: dict[str, type[_TimedModel]] = {
    cls.name: cls
    for cls in (
        RandomModel,
        RandomLegalModel,
        CallingStationModel,
        PushFoldModel,
        TightAggressiveModel,
        RecreationalModel,
    )
}

_PLUGIN = re.compile(r"^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*:[A-Za-z_]\w*$")


def uses_hand_draws(model: object) -> bool:
    """True for a model known to draw only ``random()`` and ``standard_normal()``.

    Exactly the built-in classes (a subclass may draw anything) and skill blends of them: the
    engine hands these the hand's decision draws, every other model the player's generator.
    """
    return model_record(model) is not None


def model_record(model: object) -> tuple[ModelParams, BlendParams | None] | None:
    """The parameter record a model plays by (and its blend), or None when it is not built in.

    Exactly the built-in classes (a subclass may play and draw anything: it is a plug-in) and
    skill blends of them; the compiled rounds play these from the record
    (``model_params.pack``), and ask every other model in Python.
    """
    blend = None
    if type(model) is SkillBlend:
        blend = model.blend
        model = model.inner
    if _BUILTINS.get(getattr(model, "name", None)) is not type(model):  # type: ignore[arg-type]
        return None
    return model.params, blend


def builtin_models() -> tuple[str, ...]:
    """Names of the built-in models, sorted."""
    return tuple(sorted(_BUILTINS))


def _build_builtin(name: str, params: Mapping[str, Any]) -> PlayerModel:
    """The model from its record: ``params`` checked against the record's fields."""
    cls = _BUILTINS[name]
    names = param_names(cls.params_type)
    unknown = sorted(set(params) - set(names))
    if unknown:
        raise ConfigError(
            f"model {name!r} has no parameter {unknown[0]!r}; "
            f"expected some of: {', '.join(names) or '(none)'}"
        )
    return cast(PlayerModel, cls(cls.params_type(**params)))


def missing_protocol_members(obj: object) -> list[str]:
    """What ``obj`` lacks to be a :class:`PlayerModel` (empty when it is one)."""
    missing: list[str] = []
    if not isinstance(getattr(obj, "name", None), str):
        missing.append("name: str")
    for meth in ("decide", "think_seconds"):
        fn = getattr(obj, meth, None)
        if not callable(fn):
            missing.append(f"{meth}(view, rng)")
            continue
        try:
            inspect.signature(fn).bind(None, None)
        except TypeError:
            missing.append(f"{meth}(view, rng) taking exactly (view, rng)")
        except ValueError:  # builtins without a signature: accept
            pass
    return missing


def load_plugin(spec: str, params: Mapping[str, Any]) -> PlayerModel:
    """Import ``package.module:ClassName`` (importlib, never eval) and check the protocol.

    The class is built with ``**params``; a clear ``ConfigError`` names whatever is missing.
    """
    if not _PLUGIN.match(spec):
        raise ConfigError(
            f"model {spec!r}: expected a built-in name ({', '.join(builtin_models())}) "
            f"or 'package.module:ClassName'"
        )
    module_name, class_name = spec.split(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ConfigError(f"model {spec!r}: cannot import module {module_name!r}: {exc}") from exc
    except Exception as exc:  # the plug-in's own code failed (a SyntaxError, a RuntimeError, ...)
        raise ConfigError(
            f"model {spec!r}: plug-in {spec} raised {type(exc).__name__} at import: {exc}"
        ) from exc
    cls = getattr(module, class_name, None)
    if cls is None:
        raise ConfigError(f"model {spec!r}: module {module_name!r} has no {class_name!r}")
    if not inspect.isclass(cls):
        raise ConfigError(f"model {spec!r}: {class_name!r} is not a class")
    try:
        model = cls(**params)
    except TypeError as exc:
        raise ConfigError(
            f"model {spec!r}: cannot build {class_name} with parameters {sorted(params)}: {exc}"
        ) from exc
    except Exception as exc:  # the plug-in's __init__ failed: its bug or its parameters
        raise ConfigError(
            f"model {spec!r}: plug-in {spec} raised {type(exc).__name__} when built "
            f"with parameters {sorted(params)}: {exc}"
        ) from exc
    missing = missing_protocol_members(model)
    if missing:
        raise ConfigError(
            f"model {spec!r} does not implement the PlayerModel protocol: "
            f"missing {', '.join(missing)}"
        )
    return cast(PlayerModel, model)


def plugin_spec(model: object) -> str:
    """``module:ClassName`` of the model a player plays (the inner model of a skill blend)."""
    while type(model) is SkillBlend:
        model = model.inner
    cls = type(model)
    return f"{cls.__module__}:{cls.__qualname__}"


def plugin_answer(
    model: PlayerModel,
    decide: Callable[[DecisionView, Any], Action],
    think_seconds: Callable[[DecisionView, Any, Action], float],
    view: DecisionView,
    rng: np.random.Generator,
) -> tuple[Action, float]:
    """A plug-in's answer and think time (``decide`` and ``think_seconds`` of its record).

    A plug-in's bug is the user's input: an exception it raises, or a think time that is not
    a finite number >= 0 (``timing.checked_think_seconds``), is one ``ConfigError`` naming the
    plug-in and the player. The built-in models never come here (the engine asks them
    directly, or plays them compiled); pokersim's own errors pass unchanged.
    """
    step = "decide"
    try:
        action = decide(view, rng)
        step = "think_seconds"
        think = think_seconds(view, rng, action)
    except PokerSimError:
        raise
    except Exception as exc:
        raise ConfigError(
            f"{_asked(model, view)}: {step} raised {type(exc).__name__}: {exc}"
        ) from exc
    try:
        return action, checked_think_seconds(think)
    except ValueError as exc:
        raise ConfigError(f"{_asked(model, view)}: {exc}") from None


def _asked(model: object, view: DecisionView) -> str:
    name = getattr(model, "name", "?")
    where = f"table {view.table_id}, hand {view.hand_no}"
    return (
        f"plug-in model {plugin_spec(model)} (name {name!r}) of player {view.player_id} ({where})"
    )


def make_model(
    name: str,
    *,
    skill: float = 1.0,
    params: Mapping[str, Any] | None = None,
    noise: float = DEFAULT_NOISE,
    think: ThinkTime | None = None,
) -> PlayerModel:
    """Build a model from a scenario's model spec.

    ``name`` is a built-in (``random``, ``random-legal``, ``calling-station``, ``push-fold``,
    ``tight-aggressive``, ``recreational``) or ``package.module:ClassName``; ``params`` are
    the model's keyword parameters; ``skill`` in [0, 1] blends it with noise (see
    :class:`SkillBlend`, skill 1 is the model unchanged). ``think`` is the scenario's think
    time: a built-in model without its own ``think_*`` parameters then thinks
    ``think.median_seconds * pace_factor`` (random and random-legal 0.6, calling-station and
    push-fold 0.8, tight-aggressive 1.0) with ``think.sigma``. Plug-ins keep their own
    ``think_seconds``. Bad input raises ``ConfigError`` naming the problem.
    """
    if not isinstance(name, str) or not name:
        raise ConfigError(f"model name must be a non-empty string, got {name!r}")
    skill = _check_fraction(name, "skill", skill)
    noise = _check_fraction(name, "noise", noise)
    p = dict(params or {})
    for key in p:
        if not isinstance(key, str):
            raise ConfigError(f"model {name!r}: parameter names must be strings, got {key!r}")
    if name in _BUILTINS:
        if think is not None:
            factor = _BUILTINS[name].params_type.pace_factor
            p.setdefault("think_median_seconds", think.median_seconds * factor)
            p.setdefault("think_sigma", think.sigma)
        model = _build_builtin(name, p)
    elif ":" in name:
        model = load_plugin(name, p)
    else:
        raise ConfigError(
            f"unknown model {name!r}: expected one of {', '.join(builtin_models())} "
            f"or 'package.module:ClassName'"
        )
    if skill < 1.0 and noise > 0.0:
        return SkillBlend(model, skill=skill, noise=noise)
    return model
