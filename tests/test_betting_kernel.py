"""The compiled betting machine plays exactly as the Python rounds and reference models do.

``pokersim.betting_kernel`` (with ``pokersim.model_kernel``) plays the no-limit betting rules
and the built-in models from their packed parameter records, and asks Python for every other
seat; these tests hold it to the Python rounds and models: single hands from random states and
random parameter records (hypothesis), built-in models mixed with plug-ins and subclasses,
with and without recorded actions, then whole tournaments played once with the machine and
once without it, event for event. The rules the kernel repeats are pinned by
their own tests on the Python side; here it is held to the same answers: R-HAND-1 and R-HAND-2
(minimum raises, short all-ins), R-BLIND-1 (the pre-flop price), R-HAND-3 (uncalled bets),
R-HAND-6 and R-DIS-1 (the action clock and the time bank, as ``timing.resolve_decision``).
The whole hand in the machine (``play_whole_hand``: forced bets, pots, knockouts too) is held
to the same hands, its recorded events to the same rows as the Python hand's, and the
tournaments play it, with recorded actions or without.
"""

from __future__ import annotations

from array import array
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokersim.engine.dealer as engine_dealer
from pokersim import engine, rng
from pokersim.actions import CHECK_CALL, Action, DecisionView, RaiseTo, TournamentContext
from pokersim.betting import TableState
from pokersim.betting_kernel import (
    LOG_ENTRIES,
    machine_params,
    play_quick_hand,
    play_rounds,
    play_table_hand,
    play_whole_hand,
)
from pokersim.config import AnteKind, Level
from pokersim.events import (
    ForcedBetPosted,
    PotAwarded,
)
from pokersim.hand import Deal, HandResult, HandSetup, Seat, play_hand
from pokersim.hand_log import HandEvents, decode
from pokersim.model_params import PushFoldParams, TightAggressiveParams, pack
from pokersim.players import (
    CallingStationModel,
    PushFoldModel,
    RandomLegalModel,
    RandomModel,
    RecreationalModel,
    SkillBlend,
    TightAggressiveModel,
    model_record,
    random_action,
)
from pokersim.scenario import load_scenario, parse_scenario
from pokersim.timing import NO_PACE, ActionClock, resolve_decision


class _Plugin:
    """A plug-in: plays from its own generator, so the machine must ask it in Python."""

    name = "plug-in"

    def decide(self, view: DecisionView, rng: np.random.Generator) -> Action:
        return random_action(view.legal, rng)

    def think_seconds(self, view: DecisionView, rng: np.random.Generator) -> float:
        return float(rng.uniform(0.5, 20.0))


class _Sub(PushFoldModel):
    """A subclass of a built-in model is a plug-in too (it may play and draw anything)."""

    __slots__ = ()

    def decide(self, view: DecisionView, rng: Any) -> Action:
        if view.legal.max_raise_to > 0 and rng.random() < 0.3:
            return RaiseTo(view.legal.min_raise_to)
        return super().decide(view, rng)


MODELS: list[Any] = [
    TightAggressiveModel(),
    TightAggressiveModel(short_bb=25.0, open_width=(0.2, 0.3, 0.4, 0.6), commit_bb=15.0),
    RecreationalModel(),
    PushFoldModel(),
    PushFoldModel(looseness=2.0, max_bb=25.0, open_raise_bb=3.0),
    RandomModel(),
    CallingStationModel(),
    SkillBlend(TightAggressiveModel(), skill=0.3, noise=1.0),
    SkillBlend(PushFoldModel(looseness=0.5), skill=0.5),
    SkillBlend(RandomModel(), skill=0.0, noise=1.0),
    RandomLegalModel(),
    SkillBlend(RandomLegalModel(), skill=0.5),
]
PLUGINS: list[Any] = [_Plugin(), _Sub(), SkillBlend(_Plugin(), skill=0.5)]
BUILT_IN = len(MODELS)  # codes from here on are asked in Python


def _params(models: list[Any]) -> tuple[np.ndarray, list[int]]:
    """The packed records of the built-in models and each model's row in them (-1: none)."""
    records = [model_record(m) for m in models]
    built_in = [r for r in records if r is not None]
    rows = []
    for r in records:
        rows.append(-1 if r is None else built_in.index(r))
    return machine_params(pack(built_in)), rows


class _Engineish:
    """The engine's decision path (`Dealer.decide`, `_clocked` for a present player: the bank
    pays beyond the clock, else a time-out): built-in models on the hand's draws, plug-ins on
    their own generator."""

    def __init__(
        self, seat_models: list[Any], draws: rng.HandDraws, clock: float, banks: list[float]
    ) -> None:
        self.seat_models = seat_models
        self.own = [np.random.default_rng(1000 + s) for s in range(len(seat_models))]
        self.draws = draws
        self.clock = clock
        self.sim_seconds = 0.0
        self.street = 0  # the last street on which a player was asked
        self.timed_out = False
        self.asked = 0  # decisions asked here while the machine played the hand
        self.banks = array("d", banks)  # by player id (= seat index here), as the engine's

    def decide(self, view: DecisionView) -> Any:
        model = self.seat_models[view.seat]
        self.street = max(self.street, view.street)
        draws = self.draws if model_record(model) is not None else self.own[view.seat]
        action = model.decide(view, draws)
        think = model.think_seconds(view, draws)
        if 0.0 <= think <= self.clock:
            self.sim_seconds += think
            return action
        out = resolve_decision(
            action, think, view.legal, ActionClock(action_seconds=self.clock),
            bank_seconds=self.banks[view.seat],
        )  # fmt: skip
        self.banks[view.seat] -= out.bank_used
        self.sim_seconds += out.seconds
        if out.timed_out:
            self.timed_out = True
            return None
        return out.action

    def ask(self, view: DecisionView, elapsed: float) -> tuple[Any, float, bool]:
        self.asked += 1
        self.sim_seconds = elapsed
        action = self.decide(view)
        return action, self.sim_seconds, True


def _play(
    stacks: list[int], button: int, level: Level, codes: list[int], deck: list[int], seed: int,
    clock: float, banks: list[float], kernel: bool, record: bool = False,
    models: list[Any] | None = None, context: TournamentContext | None = None,
    whole: bool = False,
):  # fmt: skip
    """One hand, its betting in the machine or not (``whole``: all of it); returns the result,
    the draws, the path."""
    n = len(stacks)
    pool = models if models is not None else MODELS + PLUGINS
    seat_models = [pool[c] for c in codes]
    params, rows_of = _params(seat_models)
    seat_nos = list(range(1, n + 1))
    rows = bytes(deck)  # laid out as the engine's deck rows: seat s holds cards 2s-2, 2s-1
    hole = tuple((rows[2 * s - 2], rows[2 * s - 1]) for s in seat_nos)
    deal = Deal(hole=hole, board=tuple(deck[2 * n : 2 * n + 5]))
    setup = HandSetup(
        seats=tuple(Seat(player_id=i, stack=c, seat_no=i + 1) for i, c in enumerate(stacks)),
        button=button,
        level=level,
    )
    uniforms, normals = rng.decision_block(seed, 1, 1, 1)
    draws = rng.HandDraws()
    draws.start(uniforms, normals, 0, seed, 1, 1)
    path = _Engineish(seat_models, draws, clock, banks)

    def rounds(t: TableState, first: int) -> bool:
        ids = list(range(n))
        elapsed, street = play_rounds(
            t, rows_of + seat_nos + ids, rows, -2, 2 * n, params, draws, first,
            path.sim_seconds, clock, path.banks, path.ask,
        )  # fmt: skip
        path.sim_seconds = elapsed
        path.street = street
        return True

    if whole:
        result, path.sim_seconds, path.street = play_whole_hand(
            setup, deal, rows_of + seat_nos + list(range(n)), rows, -2, 2 * n, params, draws,
            path.sim_seconds, clock, path.banks, path.ask, NO_PACE, context, path.decide, record,
        )  # fmt: skip
        return result, draws, path
    result = play_hand(
        setup,
        deal,
        path.decide,
        record_actions=record,
        rounds=rounds if kernel else None,
        context=context,
    )
    return result, draws, path


def _same(a: HandResult, b: HandResult) -> None:
    assert a.final_stacks == b.final_stacks
    assert a.pots == b.pots
    assert a.knockouts == b.knockouts
    assert a.showdown == b.showdown
    assert a.events == b.events
    if b.events:  # the same rows (the event log's lines are written from them), row for row
        assert isinstance(a.events, HandEvents) and isinstance(b.events, HandEvents)
        assert a.events.rows == b.events.rows


hands = st.fixed_dictionaries(
    {
        "n": st.integers(2, 10),
        "stacks": st.lists(st.integers(1, 6000), min_size=10, max_size=10),
        "button": st.integers(0, 9),
        "bb": st.sampled_from([2, 20, 100, 400]),
        "ante": st.sampled_from(["none", "classic", "bb"]),
        "codes": st.lists(st.integers(0, len(MODELS) - 1), min_size=10, max_size=10),
        "plugins": st.lists(st.integers(-6, len(PLUGINS) - 1), min_size=10, max_size=10),
        "seed": st.integers(0, 2**32),
        "clock": st.sampled_from([1.0, 4.0, 15.0, 1000.0]),
        "banks": st.lists(st.sampled_from([0.0, 0.5, 3.0, 60.0]), min_size=10, max_size=10),
        "record": st.booleans(),
    }
)


def _level(bb: int, ante: str) -> Level:
    kind = {"none": AnteKind.NONE, "classic": AnteKind.CLASSIC, "bb": AnteKind.BIG_BLIND}[ante]
    return Level(
        small_blind=bb // 2,
        big_blind=bb,
        ante=0 if kind is AnteKind.NONE else max(1, bb // 8 if kind is AnteKind.CLASSIC else bb),
        ante_kind=kind,
    )


def _both_ways(
    h: dict[str, Any],
    codes: list[int],
    models: list[Any] | None = None,
    context: TournamentContext | None = None,
) -> Any:
    """The hand played by the machine and by the Python rounds: every output must match."""
    n = h["n"]
    deck = [int(c) for c in np.random.default_rng(h["seed"]).permutation(52)]
    args = (
        h["stacks"][:n], h["button"] % n, _level(h["bb"], h["ante"]), codes, deck, h["seed"],
        h["clock"], h["banks"][:n],
    )  # fmt: skip
    kw: dict[str, Any] = {"record": h["record"], "models": models, "context": context}
    whole, whole_draws, whole_path = _play(*args, kernel=True, whole=True, **kw)
    fast, fast_draws, fast_path = _play(*args, kernel=True, **kw)
    slow, slow_draws, slow_path = _play(*args, kernel=False, **kw)
    _same(fast, slow)
    _same(whole, slow)  # forced bets, pots and knockouts compiled too
    assert whole_draws.position() == fast_draws.position()
    assert whole_path.sim_seconds == fast_path.sim_seconds
    assert whole_path.banks == fast_path.banks
    assert whole_path.street == fast_path.street
    assert whole_path.timed_out == fast_path.timed_out
    assert fast_draws.position()[1:3] == slow_draws.position()[1:3]
    assert fast_draws.position()[4:] == slow_draws.position()[4:]
    # the same simulated think seconds, summed in the same order (simulated, not measured)
    assert fast_path.sim_seconds == slow_path.sim_seconds
    assert fast_path.banks == slow_path.banks  # the same seconds taken from the same banks
    assert fast_path.street == slow_path.street
    assert fast_path.timed_out == slow_path.timed_out
    return fast_path


@settings(max_examples=300, deadline=None)
@given(hands)
def test_kernel_round_equals_the_python_round(h: dict[str, Any]) -> None:
    """Built-in models, plug-ins and subclasses mixed: the machine asks Python for the latter."""
    n = h["n"]
    codes = [BUILT_IN + p if p >= 0 else c for c, p in zip(h["codes"][:n], h["plugins"][:n])]
    _both_ways(h, codes)


push_fold_params = st.builds(
    PushFoldParams,
    looseness=st.floats(0.25, 4.0),
    max_bb=st.floats(1.0, 25.0),
    open_raise_bb=st.floats(2.0, 5.0),
    bubble_caution=st.floats(0.0, 5.0),
    bubble_range=st.floats(0.0, 1.0),
    think_median_seconds=st.floats(0.01, 20.0),
    think_sigma=st.floats(0.0, 3.0),
)
widths = st.floats(0.0, 1.0)
tight_params = st.builds(
    TightAggressiveParams,
    samples=st.integers(8, 64),
    short_bb=st.floats(0.0, 25.0),
    open_width=st.one_of(*[st.tuples(*[widths] * k) for k in (6, 5, 4)]),
    open_raise_bb=st.floats(2.0, 5.0),
    limp_width=st.one_of(widths, *[st.tuples(*[widths] * k) for k in (6, 5, 4)]),
    three_bet_width=widths,
    premium_width=widths,
    commit_bb=st.floats(0.0, 200.0),
    call_width=widths,
    range_width=widths,
    bet_range_width=widths,
    raise_range_width=widths,
    commit_fraction=widths,
    commit_range_width=widths,
    bet_fraction=st.floats(0.1, 3.0),
    value_equity=widths,
    stab_equity=widths,
    raise_equity=widths,
    call_margin=st.floats(-0.5, 0.5),
    all_in_left=st.one_of(st.just(0.0), st.floats(0.0, 5.0)),
    bubble_caution=st.floats(0.0, 5.0),
    bubble_range=st.floats(0.0, 1.0),
    think_median_seconds=st.floats(0.01, 20.0),
    think_sigma=st.floats(0.0, 3.0),
)
record_models = st.one_of(
    push_fold_params.map(PushFoldModel),
    tight_params.map(TightAggressiveModel),
    st.builds(
        SkillBlend,
        st.one_of(push_fold_params.map(PushFoldModel), tight_params.map(TightAggressiveModel)),
        skill=widths,
        noise=widths,
    ),
)


@settings(max_examples=150, deadline=None)
@given(hands, st.lists(record_models, min_size=10, max_size=10))
def test_any_parameter_record_plays_the_same_both_ways(h: dict[str, Any], models: Any) -> None:
    """The packed record drives the compiled decisions as the record drives the Python model."""
    _both_ways(h, list(range(h["n"])), models)


aware_models = st.one_of(
    push_fold_params.map(lambda p: PushFoldModel(replace(p, tournament=True))),
    tight_params.map(lambda p: TightAggressiveModel(replace(p, tournament=True))),
    st.builds(
        SkillBlend,
        push_fold_params.map(lambda p: PushFoldModel(replace(p, tournament=True))),
        skill=widths,
        noise=widths,
    ),
    st.sampled_from(MODELS),
)


@st.composite
def contexts(draw: Any) -> TournamentContext | None:
    """A hand's context anywhere in a tournament: far from, near, on and past the money
    bubble, hand-for-hand or not, with or without bounties on the seats' heads (player ids
    0..9)."""
    if draw(st.integers(0, 9)) == 0:
        return None
    paid = draw(st.integers(1, 30))
    left = draw(st.integers(2, paid + 40))
    prizes = sorted(draw(st.lists(st.integers(1, 100_000), min_size=paid, max_size=paid)))
    kind = draw(st.sampled_from(["none", "ko", "pko"]))
    bounties = draw(st.lists(st.integers(0, 5000), min_size=10, max_size=10))
    return TournamentContext(
        players_left=left,
        places_paid=paid,
        average_stack=draw(st.floats(50.0, 8000.0)),
        prizes_cents=tuple(reversed(prizes)),
        bounty_kind=kind,
        bounties_cents={} if kind == "none" else dict(enumerate(bounties)),
        hand_for_hand=draw(st.booleans()),
    )


@settings(max_examples=200, deadline=None)
@given(hands, st.lists(aware_models, min_size=10, max_size=10), contexts())
def test_tournament_aware_records_play_the_same_both_ways(
    h: dict[str, Any], models: Any, context: TournamentContext | None
) -> None:
    """``tournament = true``: bubble factors, the equilibrium charts and bounties in chips are
    read the same by the compiled decisions as by the Python models, with and without a
    context."""
    _both_ways(h, list(range(h["n"])), models, context)


def test_the_compiled_tournament_play_differs_from_the_plain_play() -> None:
    """The comparison above is not vacuous: on a bubble the compiled tournament-aware records
    play some random hands differently from the same records without the flag."""
    bubble = TournamentContext(
        players_left=12, places_paid=9, average_stack=1500.0,
        prizes_cents=(3000, 2000, 1400, 1000, 800, 600, 500, 400, 300),
    )  # fmt: skip
    aware = [PushFoldModel(tournament=True), TightAggressiveModel(tournament=True, short_bb=10.0)]
    plain = [PushFoldModel(), TightAggressiveModel(short_bb=10.0)]
    gen = np.random.default_rng(11)
    differ = 0
    for k in range(150):
        n = int(gen.integers(3, 10))
        stacks = [int(x) for x in gen.integers(300, 4000, n)]
        codes = [int(x) for x in gen.integers(0, 2, n)]
        deck = [int(c) for c in gen.permutation(52)]
        args = (stacks, k % n, Level(small_blind=50, big_blind=100), codes, deck, k, 1000.0)
        a, _, _ = _play(*args, [60.0] * n, kernel=True, models=aware, context=bubble)
        b, _, _ = _play(*args, [60.0] * n, kernel=True, models=plain, context=bubble)
        differ += a.final_stacks != b.final_stacks
    assert differ >= 30, differ


@given(push_fold_params, tight_params)
def test_a_packed_record_holds_what_the_python_model_reads(
    pf: PushFoldParams, ta: TightAggressiveParams
) -> None:
    rows = pack([(pf, None), (ta, None)])
    model = PushFoldModel(pf)
    assert rows[0]["pf_inv_loose"] == model._inv_loose
    assert rows[0]["caution"] == model._caution
    assert rows[0]["bubble_cut"] == model._bubble_cut
    assert tuple(rows[0]["pf_open_cuts"]) == model._open_cuts
    assert rows[0]["think_median"] == model.think.median_seconds
    tight = TightAggressiveModel(ta)
    assert tuple(rows[1]["open_cuts"]) == tight._open_cuts
    assert rows[1]["pf_max_bb"] == tight._push_fold.max_bb
    assert rows[1]["commit_range_cut"] == tight._commit_range_cut
    assert rows[1]["samples"] == tight.samples
    assert rows[1]["limp_cut"] == tight._limp_cut
    assert tuple(rows[1]["limp_cuts"]) == tight._limp_cuts
    assert rows[1]["stab_equity"] == tight.stab_equity
    assert rows[1]["caution"] == tight._caution == tight._push_fold._caution


def test_kernel_plays_most_decisions_of_random_hands() -> None:
    """The comparison above is not vacuous: the machine plays most decisions itself, and asks
    Python for the plug-ins' and a time-out's."""
    compiled = banked = asked = 0
    gen = np.random.default_rng(7)
    for k in range(200):
        n = int(gen.integers(2, 11))
        stacks = [int(x) for x in gen.integers(50, 5000, n)]
        codes = [int(x) for x in gen.integers(0, len(MODELS), n)]
        if k % 2:
            codes[0] = BUILT_IN  # one plug-in at the table
        deck = [int(c) for c in gen.permutation(52)]
        level = Level(small_blind=25, big_blind=50)
        _, _, path = _play(stacks, k % n, level, codes, deck, k, 4.0, [60.0] * n, kernel=True)
        compiled += path.asked == 0
        asked += path.asked > 0
        banked += min(path.banks) < 60.0
    assert compiled >= 80
    assert asked >= 50  # the plug-ins were asked in Python, the others played compiled
    assert banked >= 20  # and it drew on time banks past a 4-second clock


def _row_kinds(rows: Any) -> Counter[str]:
    """What a hand's log holds of the rows the whole hand logs around its rounds."""
    kinds: Counter[str] = Counter()
    for event in decode(rows):
        name = type(event).__name__
        if isinstance(event, ForcedBetPosted):
            kinds[f"forced {event.kind}{' all-in' if event.all_in else ''}"] += 1
        elif isinstance(event, PotAwarded):
            kinds["side pot" if event.pot_index else "pot"] += 1
            kinds["split pot"] += len(event.winners) > 1
        else:
            kinds[name] += 1
    return kinds


def test_recorded_whole_hands_log_every_row_as_the_python_hand() -> None:
    """Recorded, the whole hand logs the rows ``play_hand`` logs, row for row, over random
    hands that hold the kinds of rows it writes: antes of both kinds and blinds, all-in among
    them, shown hands, side pots and split pots. (The refunds of what no live player matched
    are logged as ``play_hand`` logs them too, but none came up here: the rounds return the
    bets nobody called, and a player who folds has always been matched.)"""
    kinds: Counter[str] = Counter()
    gen = np.random.default_rng(11)
    for k in range(240):
        n = int(gen.integers(2, 11))
        stacks = [int(x) for x in gen.integers(1, 2500, n)]
        codes = [int(x) for x in gen.integers(0, len(MODELS), n)]
        if k % 4 == 1:
            codes[0] = BUILT_IN + k % len(PLUGINS)  # asked in Python
        deck = [int(c) for c in gen.permutation(52)]
        args = (stacks, k % n, _level(100, ("none", "classic", "bb")[k % 3]), codes, deck, k)
        whole, _, _ = _play(*args, 15.0, [30.0] * n, kernel=True, record=True, whole=True)
        python, _, _ = _play(*args, 15.0, [30.0] * n, kernel=False, record=True)
        assert isinstance(whole.events, HandEvents) and isinstance(python.events, HandEvents)
        assert whole.events.rows == python.events.rows
        kinds += _row_kinds(python.events.rows)
    for kind in ("ante", "small_blind", "big_blind"):
        assert kinds[f"forced {kind}"] >= 20 and kinds[f"forced {kind} all-in"] >= 1, kind
    assert kinds["HandShown"] >= 50 and kinds["side pot"] >= 10 and kinds["split pot"] >= 3


class _MinRaiser:
    """A plug-in that raises the least it may whenever it may, else calls: a raising war."""

    name = "min-raiser"

    def decide(self, view: DecisionView, rng: np.random.Generator) -> Action:
        legal = view.legal
        return RaiseTo(legal.min_raise_to) if legal.can_raise else CHECK_CALL

    def think_seconds(self, view: DecisionView, rng: np.random.Generator) -> float:
        return 1.0


def test_a_recorded_hand_longer_than_the_machines_log_is_logged_whole() -> None:
    """Two deep plug-in stacks raise the minimum until one is all-in: hundreds of raises, more
    than the machine's log holds (``LOG_ENTRIES``), each answer's row kept as Python hands it
    back. The whole hand logs the rows ``play_hand`` logs. (The machine hands a full log to
    Python with ``FLUSH``, once equal to ``DONE``, which would have ended the hand unsettled; no
    shipped model's hand logs that many entries between two answers from Python: the longest of
    300 deep ten-handed random-legal hands had 31 actions.)"""
    models = [_MinRaiser(), _MinRaiser()]
    deck = [int(c) for c in np.random.default_rng(5).permutation(52)]
    args = ([40_000, 50_000], 0, _level(100, "none"), [0, 1], deck, 3)
    kw: dict[str, Any] = {"record": True, "models": models}
    whole, _, _ = _play(*args, 15.0, [30.0, 30.0], kernel=True, whole=True, **kw)
    python, _, _ = _play(*args, 15.0, [30.0, 30.0], kernel=False, **kw)
    assert whole.final_stacks == python.final_stacks
    assert sum(whole.final_stacks) == 90_000
    assert isinstance(whole.events, HandEvents) and whole.events.rows == python.events.rows
    raises = _row_kinds(python.events.rows)["ActionTaken"]
    assert raises > 2 * LOG_ENTRIES


def _scenario(seats: int, ante_kind: str, clock: int, aware: bool = False) -> Any:
    mix = [
        {"model": "tight-aggressive", "percent": 30, "skill": 0.9},
        {"model": "tight-aggressive", "percent": 15, "params": {"short_bb": 20, "commit_bb": 20}},
        {"model": "push-fold", "percent": 15, "params": {"looseness": 1.5}},
        {"model": "recreational", "percent": 10, "skill": 0.6},
        {"model": "random", "percent": 10},
        {"model": "calling-station", "percent": 10},
        {"model": "random", "percent": 10, "skill": 0.5},
    ]
    data = {
        "name": "kernel check",
        "start": "19:00",
        "seats_per_table": seats,
        "final_table_size": seats,
        "starting_stack": 3000,
        "players": {"count": 60, "mix": mix},
        "levels": [
            {
                "small_blind": 10 * k,
                "big_blind": 20 * k,
                "ante": 20 * k if ante_kind == "bb" else (3 * k if ante_kind == "classic" else 0),
                "minutes": 6,
            }
            for k in (1, 2, 3, 5, 8, 12, 20, 30, 50, 80, 120, 200)
        ],  # fmt: skip
        "ante_kind": ante_kind,
        "breaks": {"kind": "clock", "at": ":55", "length_minutes": 5},
        "timing": {"deal_seconds": 6, "action_clock_seconds": clock, "time_bank_seconds": 30},
        "entries": {"prize_cents": 1000, "fee_cents": 0, "late_registration_minutes": 0},
    }
    if aware:  # every push-fold and tight-aggressive player plays the tournament, for bounties
        for m in mix:
            if m["model"] in ("push-fold", "tight-aggressive", "recreational"):
                m["params"] = {**m.get("params", {}), "tournament": True}  # type: ignore[dict-item]
        data["entries"] = {
            "prize_cents": 500,
            "bounty_cents": 500,
            "fee_cents": 0,
            "late_registration_minutes": 0,
        }
        data["bounty"] = {"kind": "pko"}
    if ante_kind == "none":
        del data["ante_kind"]
        for lv in data["levels"]:
            del lv["ante"]
    return parse_scenario(data, source="<kernel test>")


def _both_paths(
    sc: Any, seed: int, monkeypatch: pytest.MonkeyPatch, **kwargs: Any
) -> tuple[Any, list[Any], int]:
    """The tournament with the machine and with the Python rounds; the log, the hands played
    by the machine."""
    calls = [0]

    def counting_whole(*args: Any) -> tuple[HandResult, float, int]:
        calls[0] += 1
        return play_whole_hand(*args)

    def counting_quick(*args: Any) -> Any:
        calls[0] += 1
        return play_quick_hand(*args)

    def counting_table(*args: Any) -> Any:
        got = play_table_hand(*args)
        calls[0] += got is not None  # None: played again by play_quick_hand (counted there)
        return got

    fast_log: list[Any] = []
    monkeypatch.setattr(engine_dealer, "play_whole_hand", counting_whole)
    monkeypatch.setattr(engine_dealer, "play_quick_hand", counting_quick)
    monkeypatch.setattr(engine_dealer, "play_table_hand", counting_table)
    fast = engine.run_tournament(sc, seed, emit=fast_log.append, **kwargs)
    slow_log: list[Any] = []
    monkeypatch.setattr(engine_dealer.Dealer, "compiled", False)
    slow = engine.run_tournament(sc, seed, emit=slow_log.append, **kwargs)
    assert fast_log == slow_log
    assert fast.finishes == slow.finishes
    assert fast.hands_played == slow.hands_played
    return fast, fast_log, calls[0]


@pytest.mark.parametrize(
    ("seats", "ante_kind", "clock", "seed"),
    [(9, "bb", 15, 1), (6, "classic", 8, 2), (10, "none", 30, 3), (2, "bb", 15, 4)],
)
def test_tournament_is_the_same_with_and_without_the_kernel(
    seats: int, ante_kind: str, clock: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast, _, compiled = _both_paths(_scenario(seats, ante_kind, clock), seed, monkeypatch)
    assert compiled > 0.6 * fast.hands_played  # the machine played most hands


def test_recorded_actions_are_the_same_with_and_without_the_kernel(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the hands' own events recorded (``--actions``) the machine still plays them."""
    fast, log, compiled = _both_paths(_scenario(9, "bb", 8), 5, monkeypatch, record_actions=True)
    assert compiled > 0.6 * fast.hands_played
    assert sum(type(e).__name__ == "ActionTaken" for e in log) > 5 * fast.hands_played


def test_a_table_with_plug_ins_is_the_same_with_and_without_the_kernel(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Plug-ins and subclasses among built-in models: the machine asks them in Python."""
    sc = _scenario(9, "classic", 15)
    models = [(PLUGINS + MODELS)[p % (len(PLUGINS) + len(MODELS))] for p in range(sc.players.count)]
    fast, _, compiled = _both_paths(sc, 6, monkeypatch, models=models, record_actions=True)
    # most hands compiled (a table left with plug-ins only plays in Python: 80 % of this seed's)
    assert compiled > 0.75 * fast.hands_played


def test_a_tournament_aware_field_is_the_same_with_and_without_the_kernel(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every built-in model with ``tournament = true`` in a knockout tournament, both ways."""
    sc = _scenario(9, "bb", 15, aware=True)
    fast, _, compiled = _both_paths(sc, 7, monkeypatch)
    assert compiled > 0.6 * fast.hands_played


SHIPPED = sorted(
    p for p in (Path(__file__).parent.parent / "scenarios").glob("*.toml") if "10000" not in p.name
)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_scenarios_are_the_same_with_and_without_the_kernel(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every shipped format (bounties, rebuys, satellites, shoot-outs...) with both paths."""
    fast, _, compiled = _both_paths(load_scenario(path), 2, monkeypatch)
    assert compiled > 0.8 * fast.hands_played
