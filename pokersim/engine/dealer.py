"""The dealer: one hand at one table, from the seats to the result and its duration.

The hot path. Decks, hand strengths and decision draws are dealt a block of hands at a time
per table (the shoe); a decision asks the player's model, then the player's clock
(``Incidents.clocked``) when the answer took longer than the action clock or the player is
away. The hand is compiled (``pokersim.betting_kernel``, asking ``decide`` for the players it
does not play), with the same result as in Python; when no one reads its pots (no
``on_hand``), it gives back a ``PlayedHand``, whose records are built only if read (its events,
when recorded, logged by the machine as always). The director keeps the time.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable, Mapping, Sequence

import numpy as np

from pokersim.actions import FOLD, Action, DecisionView, TournamentContext
from pokersim.betting_kernel import (
    machine_params,
    play_quick_hand,
    play_table_hand,
    play_whole_hand,
    whole_hand_head,
)
from pokersim.config import BettingStructure, Level
from pokersim.engine.context import Contexts
from pokersim.engine.incidents import Incidents
from pokersim.engine.played import Outcome, PlayedHand
from pokersim.engine.records import (
    HandPlayer,
    Record,
    decision_pace_of,
    hand_pace_of,
    model_records,
)
from pokersim.engine.schedule import Schedule
from pokersim.engine.shoe import Shoe
from pokersim.engine.state import Field, Kernel, Table
from pokersim.engine.watch import Watching
from pokersim.hand import (
    Deal,
    HandResult,
    HandSetup,
    Seat,
    play_hand,
    unchecked_seat,
    unchecked_setup,
)
from pokersim.hand_log import HandLog
from pokersim.players import PlayerModel, plugin_answer
from pokersim.rng import Streams
from pokersim.scenario import Scenario
from pokersim.timing import others_all_in, sitting_out_action

__all__ = ["Dealer"]


class Dealer(Shoe):
    """Plays the hands: decisions on the clock, the result."""

    _kernel: Kernel  # the hand's compiled inputs and head (`_kernel_table`), set as it starts
    # False: every hand in Python (``hand.play_hand``), the reference the compiled hand is held
    # to (tests, the rule mutants: a mutated reference plays every hand)
    compiled = True

    def __init__(
        self,
        scenario: Scenario,
        field: Field,
        schedule: Schedule,
        streams: Streams,
        incidents: Incidents,
        models: Sequence[PlayerModel],
        contexts: Contexts,
        *,
        hand_player: HandPlayer,
        record_actions: bool,
        started: Callable[..., object] | None,
        fixed_decks: Mapping[tuple[int, int], Sequence[tuple[int, int]]] | None = None,
        lean: bool = True,
        watching: Watching | None = None,
    ) -> None:
        super().__init__(scenario, streams, fixed_decks)
        self.sc = scenario
        self.field = field
        self.schedule = schedule
        self.incidents = incidents
        self.models = models
        self.play_hand = hand_player
        self.record_actions = record_actions
        # a watch's players' hands recorded (``recording``: whether this hand is)
        self.watching, self.recording = watching or Watching(None), record_actions
        self.started = started  # the start event's maker (a record or a row); None: no log
        self.pace = hand_pace_of(scenario.timing)
        self.action_seconds = incidents.action_seconds
        self.rngs: list[np.random.Generator | None] = [None] * field.n
        pace = decision_pace_of(scenario.timing)
        self.decision_pace = pace.packed()  # the compiled rounds' copy of the records' pace
        self.records, kernel_rows = model_records(models, pace)
        # ``ask[p]`` is None while player p sits out: the decision then goes the away path
        self.ask: list[Record | None] = [self.records[id(m)] for m in models]
        self.kernel_params = machine_params(kernel_rows)
        # The compiled rounds need the real hand engine, no-limit betting, nobody able to
        # disconnect and a built-in model somewhere; they ask the others in Python (`_ask`).
        self.kernel_on = (
            self.compiled
            and hand_player is play_hand
            and scenario.structure is BettingStructure.NO_LIMIT
            and len(kernel_rows) > 0
            and not incidents.conn_on
        )
        # ``lean``: nobody reads a hand's pots (no ``on_hand``): its records are built only if
        # read (``PlayedHand``), its events (recorded) logged by the machine all the same
        self.quick = self.kernel_on and lean and self.evaluate is not None
        self.missing: dict[int, int] = {}  # R-COND-3: hands each penalized player still misses
        self.dealt_out: frozenset[int] = frozenset()  # this hand's penalized players
        self.seat_cache: list[Seat | None] = [None] * field.n
        self.contexts = contexts  # each hand's TournamentContext
        # per-hand scratch (the decide callback is one bound method for every hand)
        self._present = 0  # counts the changes of `ask` (someone away or back)
        self._elapsed = 0.0
        self._t0 = 0.0
        self._street = 0
        self._paid = 0

    def player_rng(self, p: int) -> np.random.Generator:
        """The player's own generator (plug-in models, time-out absences), made when first used."""
        gen = self.rngs[p]
        if gen is None:
            gen = self.rngs[p] = self.streams.player(p)
        return gen

    def deal_out(self, p: int, hands: int) -> None:
        """R-COND-3: ``p`` misses the next ``hands`` hands dealt to them (blinds still posted)."""
        self.missing[p] = self.missing.get(p, 0) + hands

    def _missed(self, ids: Sequence[int]) -> frozenset[int]:
        """The players of this hand who miss it; each has one hand fewer left to miss."""
        out = frozenset(p for p in ids if p in self.missing)
        self.missing = {p: k - (p in out) for p, k in self.missing.items() if k - (p in out)}
        return out

    def play(
        self,
        tab: Table,
        seat_nos: list[int],
        button: int,
        now: int,
        synchronized: bool,
        places_paid: int,
    ) -> tuple[tuple[Outcome, int], object]:
        """Play the table's next hand: (its result, its seconds) and its start event."""
        tab.hand_no += 1
        li = self.schedule.level_at(now)
        ids = tab.ids if seat_nos is tab.order else [tab.seats[s] for s in seat_nos]
        if self.missing or self.dealt_out:
            self.dealt_out = self._missed(ids)
        stack = self.field.stack
        stacks = [stack[p] for p in ids]
        tab.chips = sum(stacks)
        started = None
        if self.started is not None:  # TableHandStarted's fields, in order
            started = self.started(
                now, tab.table_id, tab.hand_no, li, seat_nos[button], tuple(seat_nos), tuple(ids),
                tuple(stacks), synchronized,
            )  # fmt: skip
        self._paid = places_paid
        self._t0 = now + self.pace.deal_seconds
        self._elapsed = 0.0
        self._street = 0
        context = self.contexts.for_hand(now, li, synchronized)
        level = self.schedule.level_now
        seen = self.watching.dealing(tab.table_id, ids)
        self.recording = self.record_actions or seen
        kernel = self._kernel = self._kernel_table(tab, seat_nos, ids, level)
        if self.quick and kernel is not None and not self.scripted(tab) and not seen:
            at = (tab.table_id, tab.hand_no, li, now)
            dealt = (seat_nos, ids, stacks, button)
            return self._quick(tab, at, level, kernel, dealt, context), started
        cache = self.seat_cache
        seats = []
        for s, p, c in zip(seat_nos, ids, stacks):
            seat = cache[p]  # a Seat is immutable: reuse it while stack and seat are unchanged
            if seat is None or seat.stack != c or seat.seat_no != s:
                seat = cache[p] = unchecked_seat(player_id=p, stack=c, seat_no=s)
            seats.append(seat)
        setup = unchecked_setup(
            seats=tuple(seats),
            button=button,
            level=level,
            structure=self.sc.structure,
            table_id=tab.table_id,
            hand_no=tab.hand_no,
            level_index=li,
            start_time=now,
        )
        return self._run(tab, setup, seat_nos, context), started

    def _quick(
        self,
        tab: Table,
        at: tuple[int, int, int, int],
        level: Level,
        kernel: tuple[list[int], array[int]],
        seats: tuple[list[int], list[int], list[int], int],
        context: TournamentContext,
    ) -> tuple[Outcome, int]:
        """The hand compiled whole from the shoe's cards, kept as a ``PlayedHand``."""
        seat_nos, ids, stacks, button = seats
        inputs, head = kernel
        player_ids = tuple(ids)
        structure = self.sc.structure
        if not self.record_actions:  # nothing of the hand in Python, unless a seat is asked
            i, j = self.rows_at(tab)
            assert tab.strengths is not None  # ``quick``: the shoe evaluates its blocks
            blocks = (tab.rows, tab.strengths, tab.uniforms, tab.normals)
            where = (button, i, j, self.seats_per_table)
            got = play_table_hand(
                head, self.field.stack, blocks, self.kernel_params, self.incidents.bank,
                self.decision_pace, context, player_ids, where, self.action_seconds,
            )  # fmt: skip
            if got is not None:
                final, knockouts, showdown, self._elapsed, self._street = got
                base = 52 * i - 2
                board = base + 2 + 2 * self.seats_per_table
                ranks = self.ranks(tab, i, seat_nos)
                assert ranks is not None
                hand = PlayedHand(
                    at, level, structure, (seat_nos, player_ids, stacks, button),
                    (tab.rows, base, board, ranks), final, knockouts, showdown,
                )  # fmt: skip
                return hand, self._seconds(at[0], showdown)
        ranks = self.cards(tab, seat_nos)
        assert ranks is not None  # ``quick``: the shoe evaluates its blocks
        rows, base, board = self._kernel_rows, self._kernel_base, self._kernel_board
        events = None
        if self.record_actions:
            events = HandLog()
            events.started(
                at[0], at[1], button, player_ids, seat_nos, stacks, rows[board : board + 5]
            )
        final, knockouts, showdown, self._elapsed, self._street = play_quick_hand(
            (at[0], at[1], level, button, None, structure), list(stacks), ranks, player_ids,
            inputs, rows, base, board, self.kernel_params, self.draws, self._elapsed,
            self.action_seconds, self.incidents.bank, self._ask, self.decision_pace, context,
            self.decide, head, events,
        )  # fmt: skip
        cards = (rows, base, board, ranks)
        hand = PlayedHand(
            at, level, structure, (seat_nos, player_ids, stacks, button), cards, final, knockouts,
            showdown, () if events is None else events.events(),
        )  # fmt: skip
        return hand, self._seconds(at[0], showdown)

    def _run(
        self,
        tab: Table,
        setup: HandSetup,
        seat_nos: list[int],
        context: TournamentContext,
    ) -> tuple[Outcome, int]:
        """Deal and play the hand (compiled whole when its players allow it): result, seconds."""
        deal = self.deal(tab, seat_nos)
        if self._kernel is None:
            result = self.play_hand(
                setup, deal, self.decide, record_actions=self.recording, context=context
            )
        else:
            result = self.whole_hand(setup, deal, context)
        return result, self._seconds(tab.table_id, result.showdown)

    def _seconds(self, table_id: int, showdown: bool) -> int:
        """The hand's whole seconds: dealing, its streets, its decisions."""
        if self.incidents.timed_out:  # kept with the table until the hand's result takes effect
            self.incidents.hand_over(table_id)
        streets = 3 if showdown else self._street
        seconds = self.pace.overhead_seconds(streets, showdown) + self._elapsed
        return max(1, math.ceil(seconds))

    def decide(self, view: DecisionView) -> Action | None:
        """Ask the player's model, then apply the action clock and time bank (R-DIS-1).

        ``None`` is a time-out: the hand checks when free, else folds (R-HAND-6), and logs it.
        """
        p = view.player_id
        if view.street > self._street:
            self._street = view.street
        if self.dealt_out and p in self.dealt_out:  # R-COND-3: a missed hand is folded
            return sitting_out_action(view.legal, others_all_in(view))
        ask = self.ask[p]
        inc = self.incidents
        if ask is None or (inc.conn_on and self._t0 + self._elapsed >= inc.conn.start[p]):
            return self._decide_away(view, p)  # absent, or maybe disconnected
        action, think = self._answer(p, ask, view)
        if 0.0 <= think <= self.action_seconds:
            self._elapsed += think  # answered within the action clock: nothing else applies
            return action
        return self._clocked(view, p, action, think, absent=False, back_in=0.0)

    def _kernel_table(self, tab: Table, seats: list[int], ids: list[int], level: Level) -> Kernel:
        """The compiled hand's inputs and head at a table (None: Python plays, R-DIS-2).

        Kept (``Table.kernel``) while the seats (``Table.order``), level, absences and log stay.
        """
        if not self.kernel_on or self.dealt_out:
            return None
        got = tab.kernel
        key = (self._present, self.recording)
        if got is None or got[0] is not seats or got[1] is not level or got[2] != key:
            codes, made = self._kernel_codes(ids), None
            if codes is not None:
                inputs = codes + seats + ids
                made = inputs, whole_hand_head(len(ids), level, inputs, self.recording)
            got = tab.kernel = (seats, level, key, made)
        return got[3]

    def _kernel_codes(self, ids: list[int]) -> list[int] | None:
        """Rows in the compiled rounds' records (-1: plug-in); None: Python plays (R-DIS-2)."""
        ask = self.ask
        try:
            codes = [ask[p][3] for p in ids]  # type: ignore[index]
        except TypeError:  # someone away: their every decision is cheaper in the Python rounds
            return None
        return None if max(codes) < 0 else codes

    def whole_hand(self, setup: HandSetup, deal: Deal, context: TournamentContext) -> HandResult:
        """Play the hand compiled from its forced bets to its knockouts, its events as rows.

        The seats it does not play are asked by `_ask`; think time beyond the clock comes from
        the bank (R-DIS-1); recorded, the machine logs the hand's events (`pokersim.hand_log`).
        """
        inputs, head = self._kernel  # type: ignore[misc]
        result, self._elapsed, self._street = play_whole_hand(
            setup, deal, inputs, self._kernel_rows, self._kernel_base,
            self._kernel_board, self.kernel_params, self.draws, self._elapsed, self.action_seconds,
            self.incidents.bank, self._ask, self.decision_pace, context, self.decide,
            self.recording, head,
        )  # fmt: skip
        return result

    def _ask(self, view: DecisionView, elapsed: float) -> tuple[Action | None, float, bool]:
        """A decision the compiled rounds leave to `decide`: answer, seconds, still compiled."""
        self._elapsed = elapsed
        action = self.decide(view)
        record = self.ask[view.player_id]
        return action, self._elapsed, record is not None and record[3] >= 0

    def _decide_away(self, view: DecisionView, p: int) -> Action | None:
        """A decision of a player who is absent or disconnected (R-DIS-1, R-DIS-2, R-DIS-3).

        A sitting-out player who is not back folds (or checks, when everyone else is all-in)
        unasked, in no time; a disconnected player who cannot be back before clock, protection
        and bank run out times out, also unasked. Otherwise the model answers once back.
        """
        inc = self.incidents
        now = self._t0 + self._elapsed
        back_in = inc.conn.back_in(p, now)
        absent = inc.absent[p]
        if absent:
            if back_in == 0.0:
                back_in = max(0.0, inc.away_until[p] - now)
            if back_in > 0.0:
                return sitting_out_action(view.legal, others_all_in(view))
        elif back_in > self.action_seconds + inc.protection_seconds(self._paid) + inc.bank[p]:
            return self._clocked(view, p, FOLD, 0.0, absent=False, back_in=back_in)
        action, think = self._answer(p, self.records[id(self.models[p])], view)
        return self._clocked(view, p, action, think, absent=absent, back_in=back_in)

    def _answer(self, p: int, record: Record, view: DecisionView) -> tuple[Action, float]:
        """A model's answer and think time; a plug-in's are checked (``plugin_answer``)."""
        decide, think_seconds, own, _row = record
        if own:
            action = decide(view, self.draws)
            return action, think_seconds(view, self.draws, action)
        return plugin_answer(self.models[p], decide, think_seconds, view, self.player_rng(p))

    def _clocked(
        self, view: DecisionView, p: int, action: Action, think: float, *, absent: bool,
        back_in: float,
    ) -> Action | None:  # fmt: skip
        inc = self.incidents
        answer, seconds = inc.clocked(
            view, action, think, self._t0 + self._elapsed, absent=absent, back_in=back_in,
            places_paid=self._paid,
        )  # fmt: skip
        if self.ask[p] is not (ask := None if inc.absent[p] else self.records[id(self.models[p])]):
            self.ask[p], self._present = ask, self._present + 1
            if self.arrays is not None:  # the tables' loop makes heads from the players' codes
                self.arrays.player_code(p, -2 if ask is None else ask[3])
        self._elapsed += seconds
        return answer
