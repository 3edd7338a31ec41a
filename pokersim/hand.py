"""One hand of hold'em at one table: a synchronous state machine that knows nothing of SimPy.

``play_hand(setup, deal, decide)`` posts antes and blinds, asks ``decide`` for every decision,
deals the board, returns uncalled bets, builds and awards the pots and reports knockouts.
The inputs are frozen records, so the starting state of a hand is always at hand for a
rollback (R-FAULT-1): replaying or discarding a hand never needs a copy.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from pokersim.actions import TournamentContext
from pokersim.betting import Decide, TableState, betting_round
from pokersim.config import AnteKind, BettingStructure, Level
from pokersim.errors import ConfigError, InvariantError
from pokersim.events import HandEvent, PostKind, record_builder
from pokersim.frozen import frozen
from pokersim.hand_log import HandLog
from pokersim.pots import best_of, build_pots, order_from_button, split, uncalled

__all__ = [
    "Deal",
    "HandResult",
    "HandSetup",
    "Knockout",
    "Pot",
    "Seat",
    "play_hand",
    "unchecked_deal",
    "unchecked_seat",
    "unchecked_setup",
]


@frozen(slots=True, kw_only=True)
class Seat:
    """A player dealt into the hand: id, chips at the start of the hand, table seat (1-based)."""

    player_id: int
    stack: int
    seat_no: int


@frozen(slots=True, kw_only=True)
class HandSetup:
    """Everything a hand starts from; restoring it is the rollback of R-FAULT-1.

    ``seats`` are the players dealt in (stack > 0) in clockwise table order from table seat 1;
    ``button`` is an index into ``seats``. ``level_index`` and ``start_time`` (simulated
    seconds) are carried for hand histories only.
    """

    seats: tuple[Seat, ...]
    button: int
    level: Level
    structure: BettingStructure = BettingStructure.NO_LIMIT
    table_id: int = 0
    hand_no: int = 0
    level_index: int = 0
    start_time: int = 0

    def __post_init__(self) -> None:
        n = len(self.seats)
        if n < 2:
            raise ConfigError(f"a hand needs at least 2 seats dealt in, got {n}")
        if not 0 <= self.button < n:
            raise ConfigError(f"button index {self.button} is not a seat index in 0..{n - 1}")
        ids = set()
        last_no = 0
        for s in self.seats:
            if s.stack <= 0:
                raise ConfigError(
                    f"player {s.player_id} has stack {s.stack}: only players with chips are "
                    "dealt in"
                )
            if s.seat_no <= last_no:
                raise ConfigError(
                    f"seat numbers must increase in table order, got {s.seat_no} after {last_no}"
                )
            last_no = s.seat_no
            ids.add(s.player_id)
        if len(ids) != n:
            got = [s.player_id for s in self.seats]
            raise ConfigError(f"player ids must be distinct, got {got}")

    @property
    def stacks(self) -> tuple[int, ...]:
        """Stacks per seat index at the start of the hand."""
        return tuple(s.stack for s in self.seats)

    @property
    def player_ids(self) -> tuple[int, ...]:
        """Player id per seat index."""
        return tuple(s.player_id for s in self.seats)


@frozen(slots=True, kw_only=True)
class Deal:
    """The cards of one hand: two hole cards per seat index and the five board cards.

    ``strengths`` are the evaluator's ranks (1 best .. 7462) of each seat's seven cards with
    the full board, when the caller evaluated a block of hands ahead; ``None`` lets the hand
    evaluate what it needs itself (one evaluator call at most).
    """

    hole: tuple[tuple[int, int], ...]
    board: tuple[int, ...]
    strengths: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if len(self.board) != 5:
            raise ConfigError(f"a deal needs 5 board cards, got {len(self.board)}")
        cards = list(self.board)
        for pair in self.hole:
            if len(pair) != 2:
                raise ConfigError(f"each seat needs exactly 2 hole cards, got {pair}")
            cards += pair
        if len(set(cards)) != len(cards) or min(cards) < 0 or max(cards) > 51:
            raise ConfigError(f"deal cards must be distinct codes in 0..51, got {cards}")
        if self.strengths is not None and len(self.strengths) != len(self.hole):
            raise ConfigError(
                f"strengths has {len(self.strengths)} entries for {len(self.hole)} seats"
            )


@frozen(slots=True, kw_only=True)
class Pot:
    """One pot (0 main, then side pots) as awarded: seat indices eligible, winners and shares.

    ``winners`` are in order from the button's left; ``shares[i]`` went to ``winners[i]``.
    """

    index: int
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]


@frozen(slots=True, kw_only=True)
class Knockout:
    """A player went broke: the pot in which they were all-in with their last chips (R-KO-2).

    ``winners`` (seat indices) and ``winner_ids`` are that pot's winners in order from the
    button's left, the order in which an indivisible bounty remainder is given (R-KO-3).
    """

    seat: int
    player_id: int
    pot_index: int
    winners: tuple[int, ...]
    winner_ids: tuple[int, ...]


@frozen(slots=True, kw_only=True)
class HandResult:
    """What a hand gives back.

    ``final_stacks`` are per seat index. ``events`` holds every hand event when the hand was
    played with ``record_actions=True`` (a ``hand_log.HandEvents``: its records are decoded
    when first read) and is empty otherwise. ``setup`` and ``deal`` are the
    inputs unchanged: the starting state to restore on a rollback (R-FAULT-1).
    """

    setup: HandSetup
    deal: Deal
    final_stacks: tuple[int, ...]
    pots: tuple[Pot, ...]
    knockouts: tuple[Knockout, ...]
    showdown: bool
    events: Sequence[HandEvent] = ()

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """Stacks per seat index when the hand began (what a rollback restores)."""
        return self.setup.stacks

    @property
    def player_ids(self) -> tuple[int, ...]:
        """Player ids per seat index."""
        return tuple([s.player_id for s in self.setup.seats])

    @property
    def eliminated(self) -> tuple[int, ...]:
        """Player ids that went broke in this hand, in seat order."""
        return tuple(
            s.player_id for s, left in zip(self.setup.seats, self.final_stacks) if left == 0
        )


_STREET_CARDS = ((0, 3), (3, 4), (4, 5))  # board slices of the flop, turn and river

# Enum members looked up once: attribute access on an Enum class costs about 0.1 us each.
_CLASSIC = AnteKind.CLASSIC
_BB_ANTE = AnteKind.BIG_BLIND
_FIXED_LIMIT = BettingStructure.FIXED_LIMIT
_ANTE = PostKind.ANTE
_SMALL_BLIND = PostKind.SMALL_BLIND
_BIG_BLIND = PostKind.BIG_BLIND

# Records built through ``record_builder``: equal to their keyword constructors' and about
# four times cheaper (a hand builds a few). Its events, when recorded, are rows of a
# ``HandLog`` (about 40 a hand), made records only when read.
_new_pot: Callable[..., Pot] = record_builder(Pot)
_new_knockout: Callable[..., Knockout] = record_builder(Knockout)
_new_hand_result: Callable[..., HandResult] = record_builder(HandResult)

# Unchecked constructors for callers that build valid inputs themselves (the tournament engine,
# benchmarks): the same frozen records as the keyword constructors, by keyword, without their
# validation, about four times cheaper (a checked 9-handed setup and deal cost about as much as
# a third of the hand itself). A bad value is then not reported at the boundary, so anything
# built from user input keeps the checked constructors.
if TYPE_CHECKING:

    def unchecked_seat(*, player_id: int, stack: int, seat_no: int) -> Seat: ...

    def unchecked_setup(
        *,
        seats: tuple[Seat, ...],
        button: int,
        level: Level,
        structure: BettingStructure = BettingStructure.NO_LIMIT,
        table_id: int = 0,
        hand_no: int = 0,
        level_index: int = 0,
        start_time: int = 0,
    ) -> HandSetup: ...

    def unchecked_deal(
        *,
        hole: tuple[tuple[int, int], ...],
        board: tuple[int, ...],
        strengths: tuple[int, ...] | None = None,
    ) -> Deal: ...

else:
    unchecked_seat = record_builder(Seat)
    unchecked_setup = record_builder(HandSetup)
    unchecked_deal = record_builder(Deal)


def big_blind_and_ante(stack: int, big_blind: int, ante: int) -> tuple[int, int]:
    """What the big blind posts under a big-blind ante: ``(blind, ante)`` (R-ANTE-1).

    The blind comes first and the ante takes what is left; a stack short of both is all-in
    (R-BLIND-1).

    >>> [big_blind_and_ante(stack, 10, 10) for stack in (1000, 15, 8)]
    [(10, 10), (10, 5), (8, 0)]
    """
    blind = big_blind if big_blind < stack else stack
    left = stack - blind
    return blind, ante if ante < left else left


def preflop_price(big_blind: int, posted: int) -> int:
    """The price to call before the flop (R-BLIND-1): the level's big blind.

    Whatever was ``posted``: a big blind short of chips is all-in and does not lower the price.

    >>> preflop_price(10, 6), preflop_price(10, 10)
    (10, 10)
    """
    return big_blind


def _evaluate(deal: Deal, seats: Sequence[int]) -> dict[int, int]:
    """Ranks of the given seats' seven-card hands in one evaluator call.

    The deal was validated when it was built, so the unchecked kernel is enough.
    """
    import numpy as np

    from pokersim.evaluator import evaluate_unchecked

    rows = np.array([(*deal.hole[i], *deal.board) for i in seats], dtype=np.int8)
    ranks = evaluate_unchecked(rows).tolist()
    return dict(zip(seats, ranks))


def play_hand(
    setup: HandSetup,
    deal: Deal,
    decide: Decide,
    *,
    record_actions: bool = True,
    context: TournamentContext | None = None,
    rounds: Callable[[TableState, int], bool] | None = None,
) -> HandResult:
    """Play one hand to the end and return its result.

    ``decide(view)`` answers each decision with ``Fold()``, ``CheckCall()``, ``RaiseTo(total)``
    or ``None`` for a player who ran out of time (R-HAND-6). An illegal answer raises
    ``IllegalActionError`` naming what was legal; the setup is untouched, so the hand can be
    replayed from it. With ``record_actions=False`` no events are built (the fast path the
    tournament uses); stacks, pots and knockouts are the same either way.
    ``rounds(state, first_seat)``, when given, may play every betting round of the hand in
    place of the loop below, appending the same events to ``state.events`` when they are
    recorded (True when it did; the engine's compiled rounds, ``pokersim.betting_kernel``).
    """
    seats = setup.seats
    n = len(seats)
    if len(deal.hole) != n:
        raise ConfigError(f"deal has hole cards for {len(deal.hole)} seats, the hand has {n}")
    level = setup.level
    button = setup.button
    stacks = [s.stack for s in seats]
    start_total = sum(stacks)
    player_ids = tuple([s.player_id for s in seats])
    events = HandLog() if record_actions else None
    t = TableState(
        stacks=stacks,
        player_ids=player_ids,
        hole=deal.hole,
        button=button,
        level=level,
        structure=setup.structure,
        table_id=setup.table_id,
        hand_no=setup.hand_no,
        decide=decide,
        events=events,
        context=context,
    )
    bets = t.bets
    totals = t.totals
    if n == 2:  # R-BTN-2: heads-up, the button posts the small blind
        sb_seat, bb_seat = button, 1 - button
    else:
        sb_seat, bb_seat = (button + 1) % n, (button + 2) % n
    if events is not None:
        events.started(
            setup.table_id,
            setup.hand_no,
            button,
            player_ids,
            [s.seat_no for s in seats],
            stacks,
            deal.board,
        )

    # Forced bets: short stacks post what they have and are all-in (R-BLIND-1, R-ANTE-1).
    pot = 0
    dead = 0
    ante = level.ante
    ante_kind = level.ante_kind
    if ante and ante_kind is _CLASSIC and events is None and min(stacks) > ante:
        # Everyone covers the ante and nothing is recorded: post them all at once.
        stacks[:] = [s - ante for s in stacks]
        totals[:] = [ante] * n
        pot = ante * n
    elif ante and ante_kind is _CLASSIC:
        for k in range(1, n + 1):
            i = (button + k) % n
            paid = ante if ante < stacks[i] else stacks[i]
            stacks[i] -= paid
            totals[i] += paid
            pot += paid
            if events is not None:
                events.forced_bet(i, _ANTE, paid, stacks[i] == 0)
    big_blind_post = level.big_blind
    bb_ante = 0
    if ante and ante_kind is _BB_ANTE:
        big_blind_post, bb_ante = big_blind_and_ante(stacks[bb_seat], level.big_blind, ante)
    for i, amount, kind in (
        (sb_seat, level.small_blind, _SMALL_BLIND),
        (bb_seat, big_blind_post, _BIG_BLIND),
    ):
        paid = amount if amount < stacks[i] else stacks[i]
        if paid == 0:
            continue
        stacks[i] -= paid
        bets[i] = paid
        totals[i] += paid
        pot += paid
        if events is not None:
            events.forced_bet(i, kind, paid, stacks[i] == 0)
    if bb_ante:
        # The big blind's table ante is dead money of the main pot.
        dead = bb_ante
        stacks[bb_seat] -= dead
        pot += dead
        if events is not None:
            events.forced_bet(bb_seat, _ANTE, dead, stacks[bb_seat] == 0)
    t.pot = pot
    t.active = n - stacks.count(0)
    if events is not None:
        events.hole_cards(button, deal.hole)  # each seat's, from the button's left

    # Betting rounds.
    structure = setup.structure
    big_blind = level.big_blind
    limit = structure is _FIXED_LIMIT
    board = deal.board
    if rounds is None or not rounds(t, (bb_seat + 1) % n):
        zeros = [0] * n
        for street in range(4):
            if street:
                lo_card, hi_card = _STREET_CARDS[street - 1]
                t.board = tuple(board[:hi_card])
                if events is not None:
                    events.board(street)
                if t.active < 2:
                    continue  # everyone (or everyone but one) is all-in: run the board out
                first = (button + 1) % n
                price = 0
            else:
                first = (bb_seat + 1) % n
                price = preflop_price(big_blind, bets[bb_seat])
            unit = big_blind * 2 if limit and street >= 2 else big_blind
            betting_round(t, street, first, price, unit)
            seat, back = uncalled(bets)
            if back:
                if stacks[seat] == 0 and not t.folded[seat]:
                    t.active += 1  # an all-in bettor has chips again
                stacks[seat] += back
                totals[seat] -= back
                t.pot -= back
                if events is not None:
                    events.uncalled(seat, street, back)
            bets[:] = zeros
            if t.live == 1:
                break

    # Pots: each awarded on its own to its best eligible hand(s) (R-HAND-4, R-HAND-5).
    in_hand = t.in_hand  # kept with ``folded`` by the rounds
    live_seats = [i for i in range(n) if in_hand[i]]
    showdown = len(live_seats) > 1
    raw_pots, refunds = build_pots(totals, in_hand, dead)
    for i, back in enumerate(refunds) if any(refunds) else ():
        if back:
            stacks[i] += back
            if events is not None:
                events.uncalled(i, 0, back)
    ranks: Sequence[int] = ()
    if showdown:
        if deal.strengths is not None:
            ranks = deal.strengths
        else:
            by_seat = _evaluate(deal, live_seats)
            ranks = [by_seat.get(i, 0) for i in range(n)]
        if events is not None:
            for i in order_from_button(live_seats, button, n):
                events.shown(i, deal.hole[i], ranks[i])
    pots = []
    for index, (amount, eligible) in enumerate(raw_pots):
        best = best_of(eligible, ranks) if len(eligible) > 1 else eligible
        if len(best) > 1:
            winners = order_from_button(best, button, n)
            shares = split(amount, winners)
            for w, share in zip(winners, shares):
                stacks[w] += share
        else:
            winners = (best[0],)
            shares = (amount,)
            stacks[best[0]] += amount
        pots.append(
            _new_pot(index=index, amount=amount, eligible=eligible, winners=winners, shares=shares)
        )
        if events is not None:
            events.pot(index, amount, eligible, winners, shares, showdown)

    # Chips are conserved and never negative, every hand (R-COND-2).
    if sum(stacks) != start_total or min(stacks) < 0:
        raise InvariantError(
            f"table {setup.table_id} hand {setup.hand_no}: stacks {stacks} after the hand, "
            f"{start_total} chips before"
        )

    # Knockouts: the pot in which each broke player was all-in with their last chips (R-KO-2).
    knockouts = []
    for i in range(n) if 0 in stacks else ():
        if stacks[i] == 0:
            last = max(p.index for p in pots if i in p.eligible)
            winners = pots[last].winners
            knockouts.append(
                _new_knockout(
                    seat=i,
                    player_id=player_ids[i],
                    pot_index=last,
                    winners=winners,
                    winner_ids=tuple(player_ids[w] for w in winners),
                )
            )
    final = tuple(stacks)
    if events is not None:
        events.ended(final)
    return _new_hand_result(
        setup=setup,
        deal=deal,
        final_stacks=final,
        pots=tuple(pots),
        knockouts=tuple(knockouts),
        showdown=showdown,
        events=events.events() if events is not None else (),
    )
