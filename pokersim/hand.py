"""One hand of hold'em at one table: a synchronous state machine that knows nothing of SimPy.

``play_hand(setup, deal, decide)`` posts antes and blinds, asks ``decide`` for every decision,
deals the board, returns uncalled bets, builds and awards the pots and reports knockouts.
The inputs are frozen records, so the starting state of a hand is always at hand for a
rollback (R-FAULT-1): replaying or discarding a hand never needs a copy.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokersim.config import BettingStructure, Level
from pokersim.errors import ConfigError
from pokersim.events import HandEvent

__all__ = ["Deal", "HandResult", "HandSetup", "Knockout", "Pot", "Seat"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Seat:
    """A player dealt into the hand: id, chips at the start of the hand, table seat (1-based)."""

    player_id: int
    stack: int
    seat_no: int


@dataclass(frozen=True, slots=True, kw_only=True)
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


@dataclass(frozen=True, slots=True, kw_only=True)
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
        cards = [c for pair in self.hole for c in pair]
        if any(len(pair) != 2 for pair in self.hole):
            raise ConfigError("each seat needs exactly 2 hole cards")
        cards.extend(self.board)
        if len(set(cards)) != len(cards) or not all(0 <= c < 52 for c in cards):
            raise ConfigError(f"deal cards must be distinct codes in 0..51, got {cards}")
        if self.strengths is not None and len(self.strengths) != len(self.hole):
            raise ConfigError(
                f"strengths has {len(self.strengths)} entries for {len(self.hole)} seats"
            )


@dataclass(frozen=True, slots=True, kw_only=True)
class Pot:
    """One pot (0 main, then side pots) as awarded: seat indices eligible, winners and shares.

    ``winners`` are in order from the button's left; ``shares[i]`` went to ``winners[i]``.
    """

    index: int
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
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


@dataclass(frozen=True, slots=True, kw_only=True)
class HandResult:
    """What a hand gives back.

    ``final_stacks`` are per seat index. ``events`` holds every hand event when the hand was
    played with ``record_actions=True`` and is empty otherwise. ``setup`` and ``deal`` are the
    inputs unchanged: the starting state to restore on a rollback (R-FAULT-1).
    """

    setup: HandSetup
    deal: Deal
    final_stacks: tuple[int, ...]
    pots: tuple[Pot, ...]
    knockouts: tuple[Knockout, ...]
    showdown: bool
    events: tuple[HandEvent, ...] = ()

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """Stacks per seat index when the hand began (what a rollback restores)."""
        return self.setup.stacks

    @property
    def eliminated(self) -> tuple[int, ...]:
        """Player ids that went broke in this hand, in seat order."""
        return tuple(
            s.player_id for s, left in zip(self.setup.seats, self.final_stacks) if left == 0
        )
