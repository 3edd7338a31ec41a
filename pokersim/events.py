"""Frozen event records: past-tense facts, appended in the order they happened.

Hand-level events are what one hand emits (``pokersim.hand.play_hand``); together with the
hand's ``HandSetup`` they carry everything a PHH file or a PokerStars hand history needs.
``seat`` is always an index into ``HandSetup.seats`` (clockwise from table seat 1), never a
table seat number; ``player_id`` is repeated so a flattened log stays readable on its own.

Replaying the chip movements (``ForcedBetPosted``, ``ActionTaken.amount``,
``UncalledBetReturned``, ``PotAwarded.shares``) from the starting stacks reproduces the final
stacks: if it does not, an event was not emitted.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from enum import StrEnum
from typing import Any, TypeVar

from pokersim.frozen import compiled, frozen

# ---------------------------------------------------------------------------------------------
# Hand-level events
# ---------------------------------------------------------------------------------------------


class PostKind(StrEnum):
    """What a forced bet was (R-BLIND-1, R-ANTE-1)."""

    ANTE = "ante"  # classic ante, or the big blind's table ante (dead money)
    SMALL_BLIND = "small_blind"
    BIG_BLIND = "big_blind"


class ActionKind(StrEnum):
    """What a voluntary action amounted to once applied (``CheckCall`` becomes check or call)."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"  # first bet of a post-flop round
    RAISE = "raise"  # any bet over an existing bet (the big blind counts as the pre-flop bet)


STREET_NAMES = ("preflop", "flop", "turn", "river")


@frozen(slots=True, kw_only=True)
class HandStarted:
    """A hand began: who is dealt in, with what, and where the button is."""

    table_id: int
    hand_no: int
    button: int  # seat index of the button
    player_ids: tuple[int, ...]
    seat_nos: tuple[int, ...]  # table seat numbers (1-based) of each seat index
    stacks: tuple[int, ...]  # stacks before any forced bet


@frozen(slots=True, kw_only=True)
class ForcedBetPosted:
    """An ante or blind was posted; short stacks post what they have (``all_in``)."""

    seat: int
    player_id: int
    kind: PostKind
    amount: int  # chips actually posted (may be short of the level's amount)
    all_in: bool


@frozen(slots=True, kw_only=True)
class HoleCardsDealt:
    """A seat received its two hole cards (card codes, see ``pokersim.cards``)."""

    seat: int
    player_id: int
    cards: tuple[int, int]


@frozen(slots=True, kw_only=True)
class BoardDealt:
    """Community cards were dealt for a street (1 flop, 2 turn, 3 river)."""

    street: int
    cards: tuple[int, ...]  # the cards new on this street
    board: tuple[int, ...]  # the whole board so far


@frozen(slots=True, kw_only=True)
class ActionTaken:
    """A player acted.

    ``amount`` is the chips this action added; ``to`` is the player's total bet in this round
    after it (for bet/raise the raise-to total, as PHH's ``cbr``; blinds count, antes do not).
    ``timed_out`` marks the automatic check-or-fold of R-HAND-6.
    """

    seat: int
    player_id: int
    street: int  # 0 pre-flop, 1 flop, 2 turn, 3 river
    kind: ActionKind
    amount: int
    to: int
    all_in: bool
    timed_out: bool = False


@frozen(slots=True, kw_only=True)
class UncalledBetReturned:
    """The uncalled part of the last bet went back to its owner (R-HAND-3)."""

    seat: int
    player_id: int
    amount: int


@frozen(slots=True, kw_only=True)
class HandShown:
    """A player's hole cards were shown at showdown, with their evaluator rank (1 is best)."""

    seat: int
    player_id: int
    cards: tuple[int, int]
    rank: int


@frozen(slots=True, kw_only=True)
class PotAwarded:
    """One pot (0 main, 1.. side pots) was formed and awarded on its own (R-HAND-4, R-HAND-5).

    ``winners`` are seat indices in order from the button's left; ``shares[i]`` is what
    ``winners[i]`` received (odd chips to the earliest). ``showdown`` is False when everyone
    else folded and the pot went uncontested.
    """

    pot_index: int
    amount: int
    eligible: tuple[int, ...]  # seat indices that had a claim on this pot (not folded)
    winners: tuple[int, ...]
    winner_ids: tuple[int, ...]
    shares: tuple[int, ...]
    showdown: bool


@frozen(slots=True, kw_only=True)
class HandEnded:
    """The hand is over; stacks per seat index after every pot was paid."""

    table_id: int
    hand_no: int
    final_stacks: tuple[int, ...]


HandEvent = (
    HandStarted
    | ForcedBetPosted
    | HoleCardsDealt
    | BoardDealt
    | ActionTaken
    | UncalledBetReturned
    | HandShown
    | PotAwarded
    | HandEnded
)


_R = TypeVar("_R")


def record_builder(cls: type[_R], order: tuple[str, ...] | None = None) -> Callable[..., _R]:
    """A constructor of a frozen, slotted dataclass, three to five times cheaper than its own.

    The hand engine builds a record per decision and, with events on, about 40 events per
    hand; a frozen dataclass pays for keyword parsing and an ``object.__setattr__`` call per
    field, which was most of the cost of a fast hand. The builder fills a plain twin class
    with the same ``__slots__`` (ordinary attribute stores) and then gives the object the
    record's class: ``__class__`` assignment is allowed between classes with the same slots.
    The result is an ordinary instance of ``cls``, equal to and as frozen as one from the
    keyword constructor. ``__post_init__`` does not run: only for values the caller built valid.

    Positional arguments are the fields in declaration order (defaults as declared), or in
    ``order`` when given (then every field must be passed), so that a caller passing many
    positional values does not silently depend on the record's field order. Keywords work too.
    Classes it cannot handle (slots not exactly the fields) get a wrapper of their own
    keyword constructor.
    """
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    names = tuple(f.name for f in fields)
    if order is not None and sorted(order) != sorted(names):
        raise TypeError(f"order {order} does not name the fields of {cls.__name__}: {names}")
    arg_names = names if order is None else order
    slots = getattr(cls, "__slots__", None)

    def by_keyword(*args: object, **kwargs: object) -> _R:
        return cls(**dict(zip(arg_names, args)), **kwargs)

    if tuple(slots or ()) != names or any(n.startswith("_") for n in names):
        return by_keyword
    twin = type(f"_{cls.__name__}Twin", (), {"__slots__": names})
    params = []
    defaults: dict[str, object] = {}
    for f in fields if order is None else ():
        if f.default is not dataclasses.MISSING:
            defaults[f"_d_{f.name}"] = f.default
            params.append(f"{f.name}=_d_{f.name}")
        elif f.default_factory is not dataclasses.MISSING:
            return by_keyword  # a fresh default per call: keep the dataclass's own logic
        else:
            params.append(f.name)
    if order is not None:
        params = list(order)
    body = "".join(f"    _v.{n} = {n}\n" for n in names)
    source = (
        f"def build({', '.join(params)}):\n"
        "    _v = _twin()\n"
        f"{body}"
        "    _v.__class__ = _cls\n"
        "    return _v\n"
    )
    scope: dict[str, Any] = {"_twin": twin, "_cls": cls, **defaults}
    exec(compiled(source), scope)  # generated from the field names, as dataclasses builds __init__
    build: Callable[..., _R] = scope["build"]
    build.__qualname__ = f"record_builder({cls.__name__})"
    build.__doc__ = f"``{cls.__name__}`` from its fields in order, unchecked (see record_builder)."
    try:
        probe = build(*[None] * len(names))
    except TypeError:  # layouts differ after all (another interpreter): the safe way
        return by_keyword
    if type(probe) is not cls:  # pragma: no cover - defensive
        return by_keyword
    return build


# ---------------------------------------------------------------------------------------------
# Tournament-level events (emitted by pokersim.engine)
#
# Every tournament event carries ``t``, the simulated time in integer seconds since the start
# (negative before it: R-REG-4; a delay moves the start),
# and they are appended in the order they happened (same-time events in the engine's fixed
# order). Table seat numbers here are 1-based table seats, not hand seat indices.
# ---------------------------------------------------------------------------------------------


@frozen(slots=True, kw_only=True)
class FieldListed:
    """The field as the scenario lists it: each player's id, name and model; who comes late.

    Logged first, so that a run's results (names and models beside places and prizes) are a
    reduction of the log alone; ``t`` is 0, or that of the first event before the start
    (R-REG-4: a delay or an unregistration, negative). ``late_ids``: players who may register
    during late registration (R-REG-1) instead of being seated at the start.
    """

    t: int
    player_ids: tuple[int, ...]
    names: tuple[str, ...]
    models: tuple[str, ...]
    late_ids: tuple[int, ...]


@frozen(slots=True, kw_only=True)
class TournamentStarted:
    """Play began: the field, the money and the structure's key numbers."""

    t: int
    name: str
    seed: int
    entries: int
    starting_stack: int
    seats_per_table: int
    prize_pool_cents: int
    places_paid: int
    start_clock: int  # seconds after midnight at t = 0


@frozen(slots=True, kw_only=True)
class TableOpened:
    """A table was opened with players in seats drawn at random (R-SEAT-1, R-BAL-3).

    The final table (``final``) takes its players from the tables still open, which then break.
    """

    t: int
    table_id: int
    seat_nos: tuple[int, ...]
    player_ids: tuple[int, ...]
    final: bool = False


@frozen(slots=True, kw_only=True)
class LevelStarted:
    """A blind level took effect for hands starting from ``t`` on (R-ANTE-1)."""

    t: int
    level_index: int  # 0-based
    small_blind: int
    big_blind: int
    ante: int
    ante_kind: str


@frozen(slots=True, kw_only=True)
class BreakStarted:
    """A scheduled break began: hands in progress finish, no new hand starts (R-BRK-1/2)."""

    t: int
    break_index: int
    scheduled_end: int


@frozen(slots=True, kw_only=True)
class BreakEnded:
    """Every table finished its hand and the break is over; play resumes at ``t``."""

    t: int
    break_index: int


@frozen(slots=True, kw_only=True)
class TableHandStarted:
    """A table dealt a hand (one per hand; the hand's own events are optional)."""

    t: int
    table_id: int
    hand_no: int
    level_index: int
    button_seat: int  # table seat number of the button
    seat_nos: tuple[int, ...]
    player_ids: tuple[int, ...]
    stacks: tuple[int, ...]
    synchronized: bool


@frozen(slots=True, kw_only=True)
class TableHandEnded:
    """A table's hand is over; ``stacks`` per player of ``TableHandStarted`` (same order)."""

    t: int
    table_id: int
    hand_no: int
    stacks: tuple[int, ...]


@frozen(slots=True, kw_only=True)
class PlayerMoved:
    """A player changed seats between hands (``reason``: ``balance`` or ``break``)."""

    t: int
    player_id: int
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: str


@frozen(slots=True, kw_only=True)
class TableBroken:
    """A table closed: its players were moved (R-BAL-1) or went to the final table (R-BAL-3)."""

    t: int
    table_id: int


@frozen(slots=True, kw_only=True)
class FinalTableFormed:
    """Everyone left was seated at one table with seats drawn at random (R-BAL-3)."""

    t: int
    table_id: int
    players_left: int


@frozen(slots=True, kw_only=True)
class HandForHandStarted:
    """Synchronized hands began (R-SYNC-1): tables wait for each other between hands."""

    t: int
    players_left: int


@frozen(slots=True, kw_only=True)
class HandForHandEnded:
    """Synchronized hands ended (the stage is over, or one table is left)."""

    t: int
    players_left: int


@frozen(slots=True, kw_only=True)
class PlayerEliminated:
    """A player finished (R-ELIM-2): ``place`` is shared by players tied on starting stack.

    ``starting_stack`` is the stack at the start of the hand they busted in; ``by`` the winners
    of the pot that took their last chips (empty for the tournament winner).
    """

    t: int
    player_id: int
    place: int
    table_id: int
    hand_no: int
    starting_stack: int
    by: tuple[int, ...]
    synchronized: bool


@frozen(slots=True, kw_only=True)
class PrizePaid:
    """A finishing player received prize money in cents (R-MONEY-1, tied places split)."""

    t: int
    player_id: int
    place: int
    prize_cents: int


@frozen(slots=True, kw_only=True)
class BubbleBurst:
    """The field was first down to the places paid: the bubble burst (logged once, if ever).

    ``players_left`` players had no finishing place yet, at most ``places_paid`` (the payout
    table in force then; with re-entries and late registration it follows the entries). Logged
    right after the eliminations (or the disqualification) that burst it; with late
    registration, places are given when it closes, so the bubble cannot burst before then.
    """

    t: int
    players_left: int
    places_paid: int


@frozen(slots=True, kw_only=True)
class TournamentEnded:
    """One player holds every chip (R-ELIM-1)."""

    t: int
    winner_id: int
    hands_played: int
    chips_in_play: int
    places_paid: int  # by the payout table in force at the end (it follows the entries)


TournamentEvent = (
    FieldListed
    | TournamentStarted
    | TableOpened
    | LevelStarted
    | BreakStarted
    | BreakEnded
    | TableHandStarted
    | TableHandEnded
    | PlayerMoved
    | TableBroken
    | FinalTableFormed
    | HandForHandStarted
    | HandForHandEnded
    | PlayerEliminated
    | PrizePaid
    | BubbleBurst
    | TournamentEnded
)


# ---------------------------------------------------------------------------------------------
# Entries, money and special formats (emitted by pokersim.engine; rules in pokersim.entries,
# pokersim.formats, pokersim.faults)
# ---------------------------------------------------------------------------------------------


@frozen(slots=True, kw_only=True)
class EliminationsDeferred:
    """Players out for good while late registration is open (R-REG-1).

    Their places are given when registration closes (``PlayerEliminated`` then); this records
    when they were out.
    """

    t: int
    player_ids: tuple[int, ...]


@frozen(slots=True, kw_only=True)
class EntryBought:
    """A player paid for a re-entry, a rebuy or the add-on (R-REG-2), in integer cents.

    ``kind`` is ``"reentry"``, ``"rebuy"`` or ``"addon"``; ``chips`` were added to the stack.
    """

    t: int
    player_id: int
    kind: str
    prize_cents: int
    bounty_cents: int
    fee_cents: int
    chips: int
    stack_after: int


@frozen(slots=True, kw_only=True)
class EntriesClosed:
    """Registration and rebuys closed: the payout table is final from here (R-REG-3)."""

    t: int
    entries: int
    prize_pool_cents: int
    overlay_cents: int
    bounty_pool_cents: int
    places_paid: int
    reason: str


@frozen(slots=True, kw_only=True)
class PrizePoolDrawn:
    """A Spin & Go's prize pool was drawn at registration (F-SPIN-1, F-SPIN-2).

    The pool is ``buy_in_cents`` times ``multiplier``, drawn with probability ``weight`` /
    ``out_of`` from the published ``table`` (``scripted``: a regression case chose it), and pays
    ``prizes_cents`` by place. ``prize_parts_cents`` is what the buy-ins' prize parts brought in:
    the operator adds or keeps the difference.
    """

    t: int
    table: str
    multiplier: int
    weight: int
    out_of: int
    scripted: bool
    buy_in_cents: int
    prize_parts_cents: int
    prize_pool_cents: int
    prizes_cents: tuple[int, ...]


@frozen(slots=True, kw_only=True)
class DayEnded:
    """A day-1 flight stopped and its players still in bagged their chips (F-FLIGHT-1).

    ``reason`` is ``"level"`` (the end of level ``stop_at_level``) or ``"players"`` (the count
    was reached); ``level_index`` is the last level played (0-based). ``player_ids`` and
    ``stacks`` are the bags; ``carried_prize_cents`` and ``fees_cents`` what the flight's
    entries paid: the prize parts go to the event's pool, paid on day 2 (F-FLIGHT-4).
    """

    t: int
    flight: str
    reason: str
    level_index: int
    player_ids: tuple[int, ...]
    stacks: tuple[int, ...]
    entries: int
    carried_prize_cents: int
    fees_cents: int


@frozen(slots=True, kw_only=True)
class AddOnBreakStarted:
    """The extra break at the end of the rebuy period in which add-ons are bought (R-BRK-3)."""

    t: int
    scheduled_end: int


@frozen(slots=True, kw_only=True)
class BountyPaid:
    """Bounty cash paid for a knockout (R-KO-2, R-KO-3), or to the winner (R-KO-4).

    ``onto_head_cents`` is the progressive half added to the winner's own bounty (PKO).
    """

    t: int
    eliminated_id: int
    winner_id: int
    cash_cents: int
    onto_head_cents: int


@frozen(slots=True, kw_only=True)
class EnvelopesFilled:
    """A mystery bounty's envelopes filled from the bounty parts collected (F-MYST-4).

    At the first knockout of the bounty phase (or at the end if the phase never opened):
    ``envelopes_cents`` in the order the scenario writes them, adding up to ``pool_cents``.
    """

    t: int
    pool_cents: int
    envelopes_cents: tuple[int, ...]


@frozen(slots=True, kw_only=True)
class EnvelopeDrawn:
    """A mystery bounty envelope drawn by a knockout, or opened by the winner (F-MYST-2..4).

    ``reason`` is ``"knockout"`` (drawn at random by the knockout of ``eliminated_id``) or
    ``"winner"`` (an envelope left at the end, opened by the winner: ``eliminated_id`` is the
    winner). ``shares_cents`` go to ``winner_ids`` (R-KO-3); the cash is also a ``BountyPaid``.
    """

    t: int
    eliminated_id: int
    envelope_cents: int
    winner_ids: tuple[int, ...]
    shares_cents: tuple[int, ...]
    envelopes_left: int
    reason: str


@frozen(slots=True, kw_only=True)
class MoneyReconciled:
    """Every cent accounted for at the end of a run (R-MONEY-1, R-KO-1..4).

    Prizes + bounties paid + bounties left on heads == prize pool + bounty pool; the engine
    raises ``InvariantError`` otherwise. After a cancellation (R-FAULT-2) ``prizes_paid_cents``
    counts the prize parts refunded; ``fees_cents`` is the fees kept (collected minus refunded).
    """

    t: int
    prize_pool_cents: int
    bounty_pool_cents: int
    prizes_paid_cents: int
    bounties_paid_cents: int
    bounties_on_heads_cents: int
    fees_cents: int


# ---------------------------------------------------------------------------------------------
# Connection and time-out events (R-DIS-1..3; emitted by pokersim.engine)
#
# A hand is played in one go when it starts, so what happened to a player during it (or, for
# disconnections, since their table's previous hand) is logged when the hand ends, just before
# its ``TableHandEnded``: ``t`` is that time (the log stays in time order) and ``at`` the second
# it actually happened.
# ---------------------------------------------------------------------------------------------


@frozen(slots=True, kw_only=True)
class PlayerTimedOut:
    """A player ran out of clock, protection and time bank (R-DIS-1, R-HAND-6).

    ``action`` is what was taken for them: ``"check"`` when checking was free, else ``"fold"``.
    ``connected`` tells a slow player from a disconnected one; a connected one is absent
    afterwards, until they act again, a disconnected one is not (R-DIS-1: their next decision
    runs the clock again).
    """

    t: int
    player_id: int
    table_id: int
    hand_no: int
    at: int
    action: str
    connected: bool


@frozen(slots=True, kw_only=True)
class PlayerDisconnected:
    """A player lost their connection at ``at`` (they stay dealt in and keep posting, R-DIS-2)."""

    t: int
    player_id: int
    table_id: int
    at: int


@frozen(slots=True, kw_only=True)
class PlayerReconnected:
    """A disconnected player was back at ``at`` (they act again at their next decision)."""

    t: int
    player_id: int
    table_id: int
    at: int


ConnectionEvent = PlayerTimedOut | PlayerDisconnected | PlayerReconnected


@frozen(slots=True, kw_only=True)
class DealMade:
    """Every remaining player agreed to a deal at the final table (R-DEAL-1).

    ``amounts_cents`` (same order as ``player_ids``) replace the prizes of the places left;
    ``kept_for_first_cents`` stays in play and goes to the eventual winner on top of theirs.
    Bounties are not part of a deal.
    """

    t: int
    method: str
    player_ids: tuple[int, ...]
    stacks: tuple[int, ...]
    amounts_cents: tuple[int, ...]
    kept_for_first_cents: int


@frozen(slots=True, kw_only=True)
class DealDeclined:
    """A deal was offered and these players refused it: play goes on for the prizes."""

    t: int
    player_ids: tuple[int, ...]
    players_left: int


@frozen(slots=True, kw_only=True)
class DealNegotiationStarted:
    """A deal is put to the players left (R-DEAL-2): the tournament stops while they talk.

    No hand starts before ``scheduled_end`` and the level clock waits, as for a break. The
    deal's outcome (``DealMade`` or ``DealDeclined``) follows at the same time.
    """

    t: int
    player_ids: tuple[int, ...]
    scheduled_end: int


@frozen(slots=True, kw_only=True)
class DealNegotiationEnded:
    """The negotiation's time is over and play may resume at ``t`` (R-DEAL-2)."""

    t: int


@frozen(slots=True, kw_only=True)
class ServerFailed:
    """The server failed (R-FAULT-1); the hands in progress at these tables roll back.

    No hand starts before ``resume_at``; ``cancelled`` when the tournament is cancelled now.
    """

    t: int
    tables_rolled_back: tuple[int, ...]
    resume_at: int
    cancelled: bool


@frozen(slots=True, kw_only=True)
class HandRolledBack:
    """A hand in progress at a failure never happened: ``stacks`` stand as at its start."""

    t: int
    table_id: int
    hand_no: int
    stacks: tuple[int, ...]


@frozen(slots=True, kw_only=True)
class TournamentCancelled:
    """The tournament was cancelled (R-FAULT-1/2) at ``stage``.

    ``stage``: "before-money" or "in-money" (before the start nothing was played: that
    cancellation is a ``StartCancelled``). ``shares_cents``: each player's
    share of the remaining prize money by the stage's policy (refunds and returned bounties
    are their own records).
    """

    t: int
    stage: str
    player_ids: tuple[int, ...]
    stacks: tuple[int, ...]
    shares_cents: tuple[int, ...]


@frozen(slots=True, kw_only=True)
class BuyInRefunded:
    """A cancellation paid a player back parts of what they paid in (R-FAULT-2), in cents.

    Before the money: the fees of every buy-in the player made. (Bounty parts come back as
    ``BountyPaid`` to the carrier; before the start everything comes back in ``StartCancelled``.)
    """

    t: int
    player_id: int
    prize_cents: int
    fee_cents: int


@frozen(slots=True, kw_only=True)
class PlayerDisqualified:
    """A player was disqualified (R-COND-1): their chips left play.

    They took the lowest place still open; ``prize_forfeited`` when that place's prize went
    to the other paid places.
    """

    t: int
    player_id: int
    place: int
    chips_removed: int
    prize_forfeited: bool


@frozen(slots=True, kw_only=True)
class InfractionCommitted:
    """R-COND-3: a player committed their ``infraction``-th infraction; it earns ``sanction``.

    The step of the ladder (``conduct.ladder``) the player has now reached; the sanction takes
    effect in a ``SanctionImposed`` (at once, or once the player is between hands).
    """

    t: int
    player_id: int
    infraction: int
    sanction: str


@frozen(slots=True, kw_only=True)
class SanctionImposed:
    """R-COND-3: a sanction took effect.

    ``kind``: ``warning``; ``missed_hands`` (the player is dealt out of the next
    ``missed_hands`` hands: blinds posted, hand folded); ``chips_removed`` (that many chips left
    play: the chips in play drop by exactly that); ``disqualification`` (a
    ``PlayerDisqualified`` follows; ``confiscated_cents`` of the place's prize are shared among
    the other paid places as R-COND-1 shares a forfeited prize).
    """

    t: int
    player_id: int
    kind: str
    infraction: int
    missed_hands: int = 0
    chips_removed: int = 0
    confiscated_cents: int = 0


@frozen(slots=True, kw_only=True)
class PrizeTopUp:
    """A player already paid received more prize money, in cents (R-COND-1).

    ``reason = "forfeit"``: a disqualified player's prize was forfeited and shared among the
    other paid places in proportion to their prizes; this place had been decided (and paid by
    ``PrizePaid``) before, so its share is paid at once. Players tied for a place split its
    top-up as they split its prize (R-ELIM-2). A player's prize is the sum of their
    ``PrizePaid`` and ``PrizeTopUp`` records.
    """

    t: int
    player_id: int
    place: int
    cents: int
    reason: str


@frozen(slots=True, kw_only=True)
class ShootoutRoundStarted:
    """Shoot-outs: every table was down to one player; the winners were drawn to new tables.

    R-SHOOT-1: ``chips_won`` are the winners' stacks when the last round ended (together every
    chip of that round), ``stacks`` those they start this round with: the round's stack, or
    the chips won when they keep them. Chips come into play only here and through buys, so a
    replay of the log checks each round's chips separately (``chips_in_play``: this round's).
    """

    t: int
    round: int
    players: int
    tables: int
    player_ids: tuple[int, ...]
    chips_won: tuple[int, ...]
    stacks: tuple[int, ...]
    chips_in_play: int


@frozen(slots=True, kw_only=True)
class MatchEnded:
    """R-DIS-4: everyone at the table was away for ``hands`` hands in a row.

    The biggest stack advanced with every chip at the table; the others were out.
    """

    t: int
    table_id: int
    winner_id: int
    hands: int


@frozen(slots=True, kw_only=True)
class PlayerRegistered:
    """A late player arrived (R-REG-1) and was seated at random in a free seat.

    A new table opens when no seat is free; ``registered`` is false (table and seat 0) when
    registration had closed: that player never plays.
    """

    t: int
    player_id: int
    registered: bool
    table_id: int
    seat_no: int


@frozen(slots=True, kw_only=True)
class RegistrationClosed:
    """Late registration closed early (R-REG-1): no more first entries or re-entries.

    Logged for ``reason = "every seat taken"``: a late player found every seat of the
    ``tables`` open tables (``entries.max_tables``) taken. Rebuys and the add-on go on.
    """

    t: int
    reason: str
    tables: int
    seats: int


@frozen(slots=True, kw_only=True)
class PlayerUnregistered:
    """A player asked to unregister before the start (R-REG-4).

    ``granted``: before the deadline, so ``refund_cents`` (the whole buy-in, fee included) went
    back and the player never plays; otherwise ``reason`` says why and the player plays. ``t``
    is negative: seconds before the start played.
    """

    t: int
    player_id: int
    granted: bool
    refund_cents: int
    reason: str


@frozen(slots=True, kw_only=True)
class StartDelayed:
    """The operator delayed the start (R-REG-4): at the scheduled start, ``t = -delay_seconds``.

    The clocks are seconds after midnight; play, levels and late registration run from
    ``start_clock``.
    """

    t: int
    delay_seconds: int
    scheduled_clock: int
    start_clock: int


@frozen(slots=True, kw_only=True)
class StartCancelled:
    """The operator cancelled the tournament before the start (R-REG-4, R-FAULT-2): nothing played.

    Every player registered then got the whole buy-in back, fee included: ``refunds_cents``
    per player of ``player_ids``, ``refunded_cents`` in all (the cashier checks it is every
    cent collected).
    """

    t: int
    name: str
    seed: int
    player_ids: tuple[int, ...]
    refunds_cents: tuple[int, ...]
    refunded_cents: int
    start_clock: int


# ---------------------------------------------------------------------------------------------
# Records of the log as JSON
# ---------------------------------------------------------------------------------------------

_FIELDS: dict[type, tuple[str, ...]] = {}


def event_record(event: Any) -> dict[str, Any]:
    """A JSON-ready dict of one event record: ``{"type": <class name>, <fields>...}``."""
    cls = type(event)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(event))
    out: dict[str, Any] = {"type": cls.__name__}
    for name in names:
        out[name] = getattr(event, name)
    return out


# ``event_line`` writes the same bytes as ``json.dumps(event_record(event), separators=(",", ":"),
# ensure_ascii=False)`` at a fraction of the cost (a run with ``--actions`` writes about 35 events
# a hand): the keys of each record class are encoded once, and the values the records hold
# (integers, strings, booleans, None, tuples of them) directly; anything else goes through
# json's own encoder. ``tests/test_event_lines.py`` holds the two equal.
_encode_str = json.encoder.encode_basestring  # json's string encoding with ensure_ascii=False
_encode_other = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
_LINES: dict[type, Callable[[Any], str]] = {}
_INT = {int}


def json_value(value: Any) -> str:
    """``value`` as compact JSON, byte for byte as ``json.dumps`` writes it in ``event_line``."""
    kind = type(value)
    if kind is int:
        return int.__repr__(value)
    if kind is tuple or kind is list:
        if set(map(type, value)) <= _INT:  # most are: seats, ids, stacks, cards
            return "[" + ",".join(map(int.__repr__, value)) + "]"
        return "[" + ",".join([json_value(v) for v in value]) + "]"
    if kind is bool:
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, str):
        return _encode_str(value)
    return _encode_other(value)


def _line_writer(cls: type) -> Callable[[Any], str]:
    """The line of a record of ``cls``, as a function written for its fields.

    One f-string of the encoded keys (constants) and the values, each read as an attribute
    and written by ``int.__repr__`` when an int (most are), else by ``json_value``: a line
    costs about half what a loop over the fields' names did.
    """
    names = [f.name for f in dataclasses.fields(cls)]
    keys = ["," + _encode_str(name) + ":" for name in names]
    head = '{"type":' + _encode_str(cls.__name__)
    if keys:
        keys[0] = head + keys[0]
    space: dict[str, Any] = {"I": int.__repr__, "V": json_value, "INT": int, "E": "}"}
    space |= {f"K{k}": key for k, key in enumerate(keys)}
    reads = "".join(f"    v{k} = event.{name}\n" for k, name in enumerate(names))
    parts = "".join(
        f"{{K{k}}}{{I(v{k}) if type(v{k}) is INT else V(v{k})}}" for k in range(len(names))
    )
    if not names:
        space["K"] = head
        parts = "{K}"
    source = f'def line(event):\n{reads}    return f"{parts}{{E}}"\n'
    exec(compiled(source), space)  # noqa: S102 # its code kept as the records' (pokersim.frozen)
    line: Callable[[Any], str] = space["line"]
    return line


def event_line(event: Any) -> str:
    """One line of ``events.jsonl`` (compact JSON, field order fixed by the record)."""
    cls = type(event)
    line = _LINES.get(cls)
    if line is None:
        line = _LINES[cls] = _line_writer(cls)
    return line(event)
