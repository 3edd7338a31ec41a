"""One betting round: who acts, what is legal, and how an action changes the table.

The rules implemented here:

- R-BET-1: no-limit (raise up to all-in), pot-limit (raise at most the pot after calling),
  fixed-limit (bets of one unit: small bet pre-flop and flop, big bet turn and river; one bet
  and three raises per round, the big blind counting as the pre-flop bet).
- R-HAND-1: the minimum bet is the big blind; a raise adds at least the largest full bet or
  raise increment of the round (at least a big blind). A short all-in raises the price without
  changing that increment.
- R-HAND-2: an all-in short of a full raise does not reopen the betting for a player who has
  already acted, unless the price rose since that player last acted by at least a full raise
  (several short all-ins together).
- R-BLIND-1: before the flop the price is the level's big blind even if the big blind was
  posted short.
- R-BLIND-2: nobody acts who cannot change the hand: when every other player still in it is
  all-in and the player has put in at least as much as each of them, the player is not asked
  (even below the full price of R-BLIND-1); the excess comes back as an uncalled bet.
- A bet or raise is legal only while another player still in the hand could put in more than
  the current bet (as in PokerKit): a raise nobody can call would only come back uncalled.
- R-HAND-6: a decision answered with ``None`` (the player ran out of time) checks when
  checking is free and folds otherwise (``timed_out_action``).

The round runs as one loop over plain lists held by ``TableState``; it builds a
``DecisionView`` only for the decision being asked, nothing per seat or per street.
"""

from __future__ import annotations

import operator
from collections.abc import Callable

from pokersim.actions import (
    CHECK_CALL,
    FOLD,
    Action,
    CheckCall,
    DecisionView,
    Fold,
    LegalActions,
    RaiseTo,
    TournamentContext,
)
from pokersim.config import BettingStructure, Level
from pokersim.errors import IllegalActionError
from pokersim.events import ActionKind, record_builder
from pokersim.hand_log import HandLog

FIXED_LIMIT_BETS = 4  # one bet and three raises per round (R-BET-1)

_POT_LIMIT = BettingStructure.POT_LIMIT
_FIXED_LIMIT = BettingStructure.FIXED_LIMIT
_FOLD = ActionKind.FOLD
_CHECK = ActionKind.CHECK
_CALL = ActionKind.CALL
_BET = ActionKind.BET
_RAISE = ActionKind.RAISE

Decide = Callable[[DecisionView], Action | None]


def timed_out_action(to_call: int) -> Action:
    """What a player who ran out of time does (R-HAND-6): check when free, else fold.

    The one place the rule is written; the compiled rounds hand every time-out back here.

    >>> timed_out_action(0), timed_out_action(20)
    (CheckCall(), Fold())
    """
    return CHECK_CALL if to_call == 0 else FOLD


# One view and one legal-actions record are built per decision: through ``record_builder``
# they cost about a third of their keyword constructors (equal, equally frozen records).
# The positional order is stated here, so a reordering of the records' fields cannot shift
# values into the wrong field.
_VIEW_ORDER = (
    "table_id",
    "hand_no",
    "seat",
    "player_id",
    "hole",
    "board",
    "street",
    "button",
    "player_ids",
    "stacks",
    "bets",
    "in_hand",
    "pot",
    "legal",
    "level",
    "structure",
    "context",
)
make_view: Callable[..., DecisionView] = record_builder(DecisionView, _VIEW_ORDER)
make_legal: Callable[[int, int, int], LegalActions] = record_builder(
    LegalActions, ("to_call", "min_raise_to", "max_raise_to")
)


_NEXT_SEAT = [[(i + 1) % n for i in range(n)] for n in range(24)]  # never mutated

_MASK_TABLE_MAX = 10  # tables of up to 10 seats: 2**10 shared tuples at most
_IN_HAND_BY_MASK: dict[int, list[tuple[bool, ...]]] = {}


def _in_hand_tuples(n: int) -> list[tuple[bool, ...]] | None:
    """Every ``in_hand`` tuple of an ``n``-seat table, indexed by its bit mask (seat i: bit i).

    A fold then reads a ready tuple instead of building one (a view shares it, immutable).
    """
    if n > _MASK_TABLE_MAX:
        return None
    table = _IN_HAND_BY_MASK.get(n)
    if table is None:
        table = [tuple([(m >> k) & 1 == 1 for k in range(n)]) for m in range(1 << n)]
        _IN_HAND_BY_MASK[n] = table
    return table


class TableState:
    """The mutable state of one hand in progress (internal to the hand engine).

    Lists are per seat index. ``totals`` is everything a seat put in (classic antes included,
    the big-blind ante excluded: it is ``dead`` money of the main pot); ``pot`` is every chip in
    the middle, this round's bets included.
    """

    __slots__ = (
        "active",
        "bets",
        "board",
        "button",
        "context",
        "decide",
        "events",
        "folded",
        "hand_no",
        "hole",
        "in_bits",
        "in_hand",
        "level",
        "live",
        "n",
        "nxt",
        "player_ids",
        "pot",
        "stacks",
        "structure",
        "table_id",
        "totals",
    )

    def __init__(
        self,
        *,
        stacks: list[int],
        player_ids: tuple[int, ...],
        hole: tuple[tuple[int, int], ...],
        button: int,
        level: Level,
        structure: BettingStructure,
        table_id: int,
        hand_no: int,
        decide: Decide,
        events: HandLog | None,
        context: TournamentContext | None,
    ) -> None:
        n = len(stacks)
        self.n = n
        self.nxt = _NEXT_SEAT[n] if n < len(_NEXT_SEAT) else [(i + 1) % n for i in range(n)]
        self.stacks = stacks
        self.bets = [0] * n
        self.totals = [0] * n
        self.folded = [False] * n
        self.in_hand = (True,) * n
        self.in_bits = (1 << n) - 1  # the mask of in_hand
        self.live = n
        self.active = n
        self.pot = 0
        self.player_ids = player_ids
        self.hole = hole
        self.board: tuple[int, ...] = ()
        self.button = button
        self.level = level
        self.structure = structure
        self.table_id = table_id
        self.hand_no = hand_no
        self.decide = decide
        self.events = events
        self.context = context

    def set_in_hand(self, in_bits: int) -> None:
        """Set who is still in the hand from a bit mask (seat i: bit i), folding the others."""
        self.in_bits = in_bits
        by_mask = _in_hand_tuples(self.n)
        if by_mask is not None:
            self.in_hand = by_mask[in_bits]
        else:
            self.in_hand = tuple([(in_bits >> k) & 1 == 1 for k in range(self.n)])
        self.folded[:] = [not alive for alive in self.in_hand]


def _illegal(what: str, to_call: int, lo: int, hi: int) -> IllegalActionError:
    legal = ["fold", f"call {to_call}" if to_call else "check"]
    if hi:
        legal.append(f"raise to {lo}" if lo == hi else f"raise to {lo}..{hi}")
    return IllegalActionError(f"{what} is not legal; legal: {', '.join(legal)}")


def raise_to(action: RaiseTo, to_call: int, lo: int, hi: int) -> int:
    """The total of a raise answer, or ``IllegalActionError`` naming what was legal.

    Legal when raising is open (``hi`` > 0) and ``lo <= total <= hi``.

    >>> raise_to(RaiseTo(40), 10, 30, 100)
    40
    """
    amount = action.amount
    if amount.__class__ is not int:
        try:
            amount = operator.index(amount)
        except TypeError:
            raise _illegal(f"raise to {amount!r}", to_call, lo, hi) from None
    if not hi:
        raise _illegal(f"raise to {amount}", to_call, lo, hi)
    if amount < lo or amount > hi:
        raise _illegal(f"raise to {amount}", to_call, lo, hi)
    return amount


def not_an_action(action: object, to_call: int, lo: int, hi: int) -> IllegalActionError:
    """The error for an answer that is no action at all."""
    return _illegal(f"{action!r} (not an action)", to_call, lo, hi)


# An answer as the compiled rounds take it: (what, raise-to total, timed out).
FOLD_CODE, CHECK_CALL_CODE, RAISE_CODE = 0, 1, 2


def answer_code(action: Action | None, to_call: int, lo: int, hi: int) -> tuple[int, int, bool]:
    """A decision's answer checked as ``betting_round`` checks it, as (what, amount, timed out).

    ``None`` (a time-out) is ``timed_out_action`` (R-HAND-6).

    >>> answer_code(None, 20, 0, 0), answer_code(RaiseTo(40), 10, 30, 100)
    ((0, 0, True), (2, 40, False))
    """
    timed_out = action is None
    if action is None:
        action = timed_out_action(to_call)
    cls = action.__class__
    if cls is CheckCall:
        return CHECK_CALL_CODE, 0, timed_out
    if cls is Fold:
        return FOLD_CODE, 0, timed_out
    if cls is RaiseTo:
        return RAISE_CODE, raise_to(action, to_call, lo, hi), False  # type: ignore[arg-type]
    raise not_an_action(action, to_call, lo, hi)


def min_raise_to(to_match: int, largest_increment: int, big_blind: int) -> int:
    """The smallest legal raise (R-HAND-1): the price plus the round's largest full increment.

    The increment is never below the big blind (``largest_increment`` starts at it).

    >>> min_raise_to(30, 20, 10), min_raise_to(0, 10, 10)
    (50, 10)
    """
    return to_match + (largest_increment if largest_increment > big_blind else big_blind)


def reopened(faced: int, to_match: int, largest_increment: int) -> bool:
    """Whether the betting is open to a seat that could raise (R-HAND-2).

    It is when the seat has not acted in this round (``faced`` is -1) or the price rose since
    it last acted by at least a full raise (several short all-ins together).

    >>> reopened(-1, 100, 90), reopened(100, 150, 90), reopened(100, 200, 90)
    (True, False, True)
    """
    return faced < 0 or to_match - faced >= largest_increment


def _matched(bets: list[int], folded: list[bool], bet: int) -> bool:
    """Whether ``bet`` is at least the bet of every player still in the hand (R-BLIND-2)."""
    for b, f in zip(bets, folded):
        if b > bet and not f:
            return False
    return True


def betting_round(t: TableState, street: int, first: int, to_match: int, unit: int) -> None:
    """Play one betting round from seat ``first`` until it closes or one player is left.

    ``to_match`` is the price at the start (the big blind pre-flop, else 0) and ``unit`` the
    big blind (no-limit, pot-limit) or the fixed-limit bet of this street.
    """
    n = t.n
    nxt = t.nxt
    stacks = t.stacks
    bets = t.bets
    totals = t.totals
    folded = t.folded
    player_ids = t.player_ids
    decide = t.decide
    events = t.events
    structure = t.structure
    limit = structure is _FIXED_LIMIT
    pot_limit = structure is _POT_LIMIT
    min_inc = unit
    full_bets = 1 if street == 0 else 0  # the big blind is the pre-flop opening bet
    faced = [-1] * n  # the price a seat left the round at when it last acted; -1: not yet
    # Chips each seat has for this round (stack + bet) do not change while it calls or raises,
    # so the number of live seats able to put in more than the price changes only on a raise
    # or a fold. A raise is legal only if another such seat exists to call it.
    reach = list(map(operator.add, stacks, bets))
    deep = len([r for r, f in zip(reach, folded) if r > to_match and not f])
    pot = t.pot
    active = t.active
    live = t.live
    hole = t.hole
    board = t.board
    table_id = t.table_id
    hand_no = t.hand_no
    button = t.button
    level = t.level
    context = t.context
    in_hand = t.in_hand
    in_bits = t.in_bits
    by_mask = _in_hand_tuples(n)
    i = first
    settled = 0  # seats in a row, since the last raise, that owe no action
    # The views' stack and bet tuples are rebuilt only after chips move (most answers are
    # folds and checks, which share the previous view's tuples).
    stacks_now: tuple[int, ...] | None = None
    bets_now: tuple[int, ...] = ()
    try:
        while settled < n:
            stack = stacks[i]
            if folded[i] or stack == 0:
                settled += 1
                i = nxt[i]
                continue
            bet = bets[i]
            last = faced[i]
            if (bet >= to_match and last >= 0) or (active == 1 and _matched(bets, folded, bet)):
                # R-BLIND-2: the only player with chips who already matched every all-in has
                # nothing to decide (even below a short big blind's full price).
                settled += 1
                i = nxt[i]
                continue
            owe = to_match - bet
            to_call = owe if owe < stack else stack
            all_in_to = bet + stack
            if (
                stack > owe
                and deep > 1
                and reopened(last, to_match, min_inc)
                and (not limit or full_bets < FIXED_LIMIT_BETS)
            ):
                lo = min_raise_to(to_match, min_inc, unit)
                if limit:
                    hi = lo
                elif pot_limit:
                    hi = to_match + pot + owe
                else:
                    hi = all_in_to
                if hi > all_in_to:
                    hi = all_in_to
                if lo > all_in_to:
                    lo = all_in_to
                if hi < lo:
                    hi = lo
            else:
                lo = hi = 0
            if stacks_now is None:
                stacks_now = tuple(stacks)
                bets_now = tuple(bets)
            action = decide(
                make_view(
                    table_id,
                    hand_no,
                    i,
                    player_ids[i],
                    hole[i],
                    board,
                    street,
                    button,
                    player_ids,
                    stacks_now,
                    bets_now,
                    in_hand,
                    pot,
                    make_legal(to_call, lo, hi),
                    level,
                    structure,
                    context,
                )
            )
            cls = action.__class__
            timed_out = action is None
            if timed_out:
                action = timed_out_action(to_call)
                cls = action.__class__
            if cls is CheckCall:
                if to_call:
                    stack -= to_call
                    stacks[i] = stack
                    bets[i] = bet + to_call
                    totals[i] += to_call
                    pot += to_call
                    stacks_now = None
                    if stack == 0:
                        active -= 1
                faced[i] = to_match
                settled += 1
                if events is not None:
                    events.action(
                        i,
                        street,
                        _CALL if to_call else _CHECK,
                        to_call,
                        bet + to_call,
                        stack == 0,
                        timed_out,
                    )
            elif cls is RaiseTo:
                amount = raise_to(action, to_call, lo, hi)  # type: ignore[arg-type]
                add = amount - bet
                stack -= add
                stacks[i] = stack
                bets[i] = amount
                totals[i] += add
                pot += add
                stacks_now = None
                if stack == 0:
                    active -= 1
                increment = amount - to_match
                kind = _BET if to_match == 0 else _RAISE
                if increment >= min_inc:
                    if not limit:
                        min_inc = increment
                    full_bets += 1
                to_match = amount
                faced[i] = amount
                settled = 1
                deep = len([r for r, f in zip(reach, folded) if r > amount and not f])
                if events is not None:
                    events.action(i, street, kind, add, amount, stack == 0)
            elif cls is Fold:
                folded[i] = True
                live -= 1
                active -= 1
                if reach[i] > to_match:
                    deep -= 1
                in_bits &= ~(1 << i)
                t.in_bits = in_bits
                if by_mask is not None:
                    in_hand = t.in_hand = by_mask[in_bits]
                else:
                    in_hand = t.in_hand = in_hand[:i] + (False,) + in_hand[i + 1 :]
                if events is not None:
                    events.action(i, street, _FOLD, 0, bet, False, timed_out)
                if live == 1:
                    break
                settled += 1
            else:
                raise not_an_action(action, to_call, lo, hi)
            i = nxt[i]
    finally:
        t.pot = pot
        t.active = active
        t.live = live
