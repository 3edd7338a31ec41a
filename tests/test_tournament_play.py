"""Tournament-aware play (``tournament = true``): bubble factors, the charts they pick, bounties.

The compiled decisions are held to these Python ones in tests/test_betting_kernel.py; here the
Python play itself is checked: the bubble-factor estimate against exact ICM, and that each
part of the play moves the ranges the way it should (and stops doing so when it is removed).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from pokersim import charts, nash, players
from pokersim.actions import DecisionView, LegalActions, TournamentContext
from pokersim.config import AnteKind, BettingStructure, Level
from pokersim.errors import ConfigError
from pokersim.model_params import PushFoldParams, TightAggressiveParams, pack, param_names
from pokersim.players import (
    PushFoldModel,
    RaiseTo,
    TightAggressiveModel,
    bubble_weight,
    seat_bubble_factor,
    tournament_inputs,
)

SNG = (5000, 3000, 2000)
LADDER = (3000, 2000, 1400, 1000, 800, 600, 500, 400, 300)


def _context(
    left: int, prizes: tuple[int, ...], average: float = 1000.0, **kw: Any
) -> TournamentContext:
    return TournamentContext(
        players_left=left,
        places_paid=len(prizes),
        average_stack=average,
        prizes_cents=prizes,
        **kw,
    )


@pytest.mark.parametrize(
    ("left", "prizes"),
    [(9, SNG), (6, SNG), (5, SNG), (4, SNG), (3, SNG), (12, LADDER), (10, LADDER), (9, LADDER)],
)
def test_bubble_weight_is_near_the_exact_icm_bubble_factor_of_equal_stacks(
    left: int, prizes: tuple[int, ...]
) -> None:
    exact = nash.bubble_factor([1000.0] * left, [float(p) for p in prizes], 0, 1)
    estimate = 1.0 + bubble_weight(_context(left, prizes))
    assert abs(estimate - exact) <= 0.25, (estimate, exact)
    # and it lands on the chart grid's nearest point or the next one
    assert abs(nash.bf_slot(estimate) - nash.bf_slot(exact)) <= 1


def test_bubble_weight_grows_towards_the_money_and_is_chips_heads_up() -> None:
    prizes = tuple(range(20_000, 1_000, -1_000))  # 19 places
    weights = [bubble_weight(_context(left, prizes)) for left in (400, 200, 100, 40, 25, 20)]
    assert weights == sorted(weights)
    assert weights[0] < 0.1 < weights[-1]
    assert bubble_weight(_context(2, SNG)) == 0.0
    flat = (1000,) * 9  # a satellite: no pay jumps in the money, a steep bubble
    assert bubble_weight(_context(9, flat)) == 0.0
    assert bubble_weight(_context(10, flat)) > 0.5


def test_a_seats_bubble_factor_by_its_stack() -> None:
    ti = tournament_inputs(_context(10, LADDER), list(range(10)))  # the bubble of a 9-paid table
    ladder, bubble, cap = ti[players.TI_LADDER], ti[players.TI_BUBBLE], ti[players.TI_CAP]
    assert ladder > 0.0 and bubble > 0.0 and cap > 1.0
    mid = seat_bubble_factor(ti, 1000)
    assert mid == 1.0 + ladder + bubble
    # bigger stacks risk a part of their chips: lower, floored at a quarter of each term
    assert seat_bubble_factor(ti, 2500) == seat_bubble_factor(ti, 9000) < mid
    assert seat_bubble_factor(ti, 9000) == 1.0 + 0.25 * (ladder + bubble)
    # short ones lose less of the ladder but more of the min cash (up to the cap)
    assert seat_bubble_factor(ti, 500) == 1.0 + ladder * 0.6 + bubble * min(2.0, cap)
    assert seat_bubble_factor(ti, 1) == 1.0 + ladder * (0.2 + 0.8 / 1000) + bubble * cap
    in_money = tournament_inputs(_context(9, LADDER), list(range(9)))
    assert in_money[players.TI_BUBBLE] == 0.0
    assert seat_bubble_factor(tournament_inputs(_context(2, SNG), [0, 1]), 400) == 1.0


def test_bounties_count_in_chips_at_the_prize_pools_price() -> None:
    ctx = _context(
        20, (60_000, 40_000), bounty_kind="pko", bounties_cents={7: 1000, 8: 3000}
    )  # 20 players x 1000 chips for 100,000 cents: a cent buys 0.2 chips, half paid in cash
    ti = tournament_inputs(ctx, [8, 9, 7])
    assert list(ti[players.TI_SEAT_BOUNTY :]) == [300.0, 0.0, 100.0]
    assert ti[players.TI_ON] == 1.0
    assert tournament_inputs(None, [1, 2])[players.TI_ON] == 0.0


def test_prize_pool_is_the_sum_of_the_table_it_is_given() -> None:
    big = tuple(range(15_000, 0, -1))  # a remembered table, then others, then it again
    assert players.prize_pool(big) == sum(big)
    assert players.prize_pool(LADDER) == sum(LADDER)
    assert players.prize_pool(big) == sum(big)
    table = list(LADDER)  # a list may change between calls: never remembered
    assert players.prize_pool(table) == sum(LADDER)
    table[0] += 5
    assert players.prize_pool(table) == sum(LADDER) + 5
    # the weights read the pool: a table of the same places with another sum moves them
    richer = (LADDER[0] + 9000, *LADDER[1:])
    assert bubble_weight(_context(10, LADDER)) != bubble_weight(_context(10, richer))


# -- decisions ------------------------------------------------------------------------------

HOLES = {charts.CLASS_OF_PAIR[a * 52 + b]: (a, b) for a in range(52) for b in range(a + 1, 52)}
LEVEL = Level(small_blind=50, big_blind=100)


def _view(
    stacks: list[int], bets: list[int], seat: int, cls: int, context: TournamentContext | None
) -> DecisionView:
    """Four players, the button at seat 0 (seat 1 the small blind, 2 the big, 3 first in)."""
    n = len(stacks)
    to_call = min(max(bets) - bets[seat], stacks[seat])
    top = stacks[seat] + bets[seat]
    return DecisionView(
        table_id=1, hand_no=1, seat=seat, player_id=seat, hole=HOLES[cls], board=(), street=0,
        button=0, player_ids=tuple(range(n)), stacks=tuple(stacks), bets=tuple(bets),
        in_hand=(True,) * n, pot=sum(bets),
        legal=LegalActions(to_call, min(2 * max(bets), top) if top > max(bets) else 0,
                           top if top > max(bets) else 0),
        level=LEVEL, structure=BettingStructure.NO_LIMIT, context=context,
    )  # fmt: skip


def _plays(model: Any, make: Any) -> set[int]:
    """The classes that put chips in (shove or call) in the view ``make(cls)``."""
    out = set()
    for cls in range(charts.N_CLASSES):
        view = make(cls)
        action = model.decide(view, None)
        if isinstance(action, RaiseTo) or (action is players.CHECK_CALL and view.legal.to_call):
            out.add(cls)
    return out


BUBBLE = _context(4, SNG)  # four left, three paid
CHIPS = _context(4, ())  # the same hand with no payout table to weigh: chips


def _first_in(stacks: list[int], context: TournamentContext) -> Any:
    return lambda cls: _view(stacks, [0, 50, 100, 0], 3, cls, context)


def _bubble_tightens_the_shoves() -> bool:
    model = PushFoldModel(tournament=True, bubble_range=1.0)  # the factors alone, no cap
    stacks = [1000, 1000, 3000, 1000]  # 10 big blinds first in, a big stack in the big blind
    bubble = _plays(model, _first_in(stacks, BUBBLE))
    chips = _plays(model, _first_in(stacks, CHIPS))
    return bool(bubble) and bubble < chips


def test_on_the_bubble_an_average_stack_shoves_fewer_hands_into_a_big_stack() -> None:
    """Its bubble factor is high, the big stack's low: the chart at (2, 1.5), not (1, 1)."""
    assert _bubble_tightens_the_shoves()


def test_without_the_bubble_factor_the_shoves_do_not_tighten(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The test above fails when the bubble factor is ignored (a mutant: every factor 1)."""
    monkeypatch.setattr(players, "pair_bubble_factor", lambda ti, mine, theirs, caution: 1.0)
    assert not _bubble_tightens_the_shoves()


def test_the_big_blind_calls_a_shove_tighter_on_the_bubble() -> None:
    model = PushFoldModel(tournament=True)
    stacks, bets = [1000, 1000, 1000, 0], [0, 50, 100, 1000]  # first in shoved 10 big blinds
    calls = {
        name: _plays(model, lambda cls, c=ctx: _view(stacks, bets, 2, cls, c))
        for name, ctx in (("bubble", BUBBLE), ("chips", CHIPS))
    }
    assert calls["bubble"] and calls["bubble"] < calls["chips"]


def test_a_big_stack_presses_the_bubble_against_covered_players() -> None:
    model = PushFoldModel(tournament=True, max_bb=20.0)
    stacks = [1000, 1000, 1000, 3000]  # it covers everyone: 10 big blinds effective
    bubble = _plays(model, _first_in(stacks, BUBBLE))
    chips = _plays(model, _first_in(stacks, CHIPS))
    assert bubble > chips
    tag = TightAggressiveModel(tournament=True, short_bb=5.0)
    deep = [4000, 4000, 4000, 12000]  # deep: the tight-aggressive model opens (or does not)
    opens = {
        name: _plays(tag, lambda cls, c=ctx: _view(deep, [0, 50, 100, 0], 3, cls, c))
        for name, ctx in (("bubble", _context(4, SNG, 6000.0)), ("chips", _context(4, (), 6000.0)))
    }
    assert opens["bubble"] > opens["chips"]


def test_a_bounty_on_the_shovers_head_widens_the_call() -> None:
    model = PushFoldModel(tournament=True, bubble_range=1.0)  # the chart alone, no door cap
    stacks, bets = [1000, 1000, 1200, 0], [0, 50, 100, 1000]  # the big blind covers the shover
    plain = _context(40, (5000,) * 5)
    ko = _context(40, (5000,) * 5, bounty_kind="ko", bounties_cents={3: 4000})
    calls = {
        name: _plays(model, lambda cls, c=ctx: _view(stacks, bets, 2, cls, c))
        for name, ctx in (("plain", plain), ("ko", ko))
    }
    assert calls["ko"] > calls["plain"]
    covered = [1000, 1000, 800, 0]  # not covering the shover: the bounty is out of reach
    ko_covered = _plays(model, lambda cls: _view(covered, bets, 2, cls, ko))
    plain_covered = _plays(model, lambda cls: _view(covered, bets, 2, cls, plain))
    assert ko_covered == plain_covered


def test_the_parameter_is_a_flag_off_by_default() -> None:
    assert "tournament" in param_names(PushFoldParams)
    assert "tournament" in param_names(TightAggressiveParams)
    rows = pack([(PushFoldParams(), None), (TightAggressiveParams(tournament=True), None)])
    assert list(rows["aware"]) == [0, 1]
    assert TightAggressiveParams(tournament=True).push_fold.tournament
    with pytest.raises(ConfigError, match="'tournament' must be true or false"):
        PushFoldParams(tournament="yes")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="'tournament' must be true or false"):
        players.make_model("tight-aggressive", params={"tournament": 1})


def test_after_the_flop_a_call_weighs_the_chips_at_risk_by_the_bubble_factor(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Equity 0.45 against a price of 0.375 (+ the 0.03 margin) calls in chips; on the bubble
    the call risks a bubble factor's worth of chips and folds."""
    tag = TightAggressiveModel(tournament=True)
    monkeypatch.setattr(TightAggressiveModel, "equity", lambda self, view, rng, cut, *bars: 0.45)

    def facing_a_bet(context: TournamentContext) -> DecisionView:
        view = _view([700, 900, 1000, 1000], [0, 0, 0, 300], 2, 0, context)
        return replace(
            view, street=1, board=(0, 5, 10), pot=500, legal=LegalActions(300, 600, 1000)
        )

    assert tag.decide(facing_a_bet(CHIPS), None) is players.CHECK_CALL
    assert tag.decide(facing_a_bet(BUBBLE), None) is players.FOLD
    plain = TightAggressiveModel()
    assert plain.decide(facing_a_bet(BUBBLE), None) is players.CHECK_CALL


# -- mutants: each part of the play, removed, fails its check -------------------------------


def _calls_tighten() -> bool:
    model = PushFoldModel(tournament=True, bubble_range=1.0)
    stacks, bets = [1000, 1000, 1000, 0], [0, 50, 100, 1000]
    bubble = _plays(model, lambda cls: _view(stacks, bets, 2, cls, BUBBLE))
    return bool(bubble) and bubble < _plays(model, lambda cls: _view(stacks, bets, 2, cls, CHIPS))


def _tag_presses() -> bool:
    tag = TightAggressiveModel(tournament=True, short_bb=5.0)
    deep = [4000, 4000, 4000, 12000]
    bubble = _plays(tag, lambda cls: _view(deep, [0, 50, 100, 0], 3, cls, _context(4, SNG, 6000.0)))
    chips = _plays(tag, lambda cls: _view(deep, [0, 50, 100, 0], 3, cls, _context(4, (), 6000.0)))
    return bubble > chips


def _bounty_widens() -> bool:
    model = PushFoldModel(tournament=True, bubble_range=1.0)  # the chart alone, no door cap
    stacks, bets = [1000, 1000, 1200, 0], [0, 50, 100, 1000]
    ko = _context(40, (5000,) * 5, bounty_kind="ko", bounties_cents={3: 4000})
    plain = _context(40, (5000,) * 5)
    with_bounty = _plays(model, lambda cls: _view(stacks, bets, 2, cls, ko))
    return with_bounty > _plays(model, lambda cls: _view(stacks, bets, 2, cls, plain))


def _postflop_weighs() -> bool:
    tag = TightAggressiveModel(tournament=True)
    view = _view([700, 900, 1000, 1000], [0, 0, 0, 300], 2, 0, BUBBLE)
    bet = replace(view, street=1, board=(0, 5, 10), pot=500, legal=LegalActions(300, 600, 1000))
    original = TightAggressiveModel.equity
    TightAggressiveModel.equity = lambda self, view, rng, cut, *bars: 0.45  # type: ignore[method-assign]
    try:
        return tag.decide(bet, None) is players.FOLD
    finally:
        TightAggressiveModel.equity = original  # type: ignore[method-assign]


def _no_bounties(context: Any, player_ids: Any) -> Any:
    out = REAL_INPUTS(context, player_ids)
    out[players.TI_SEAT_BOUNTY :] = 0.0
    return out


REAL_INPUTS = players.tournament_inputs
CHECKS = {
    "shoves": _bubble_tightens_the_shoves,
    "calls": _calls_tighten,
    "presses": _tag_presses,
    "bounty": _bounty_widens,
    "postflop": _postflop_weighs,
}
MUTANTS = [
    ("every bubble factor 1", "pair_bubble_factor", lambda ti, mine, theirs, caution: 1.0,
     ["shoves", "calls", "postflop"]),
    ("bounties ignored", "tournament_inputs", _no_bounties, ["bounty"]),
    ("no big stack presses", "presses", lambda view, ti, caution: False, ["presses"]),
]  # fmt: skip


def test_every_check_holds_on_the_real_play() -> None:
    assert all(check() for check in CHECKS.values())


@pytest.mark.parametrize(
    ("what", "name", "wrong", "killed_by"), MUTANTS, ids=[m[0] for m in MUTANTS]
)
def test_a_mutant_fails_the_checks_that_name_it(
    what: str, name: str, wrong: Any, killed_by: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(players, name, wrong)
    for check in killed_by:
        assert not CHECKS[check](), f"{what}: the {check} check still passes"


# -- the money's door: per-pair factors, bubble_caution, bubble_range, the re-shove ----------

DOOR = _context(10, LADDER, 2000.0)  # one player from the money of a 9-paid table
FAR = _context(60, LADDER, 2000.0)  # fifty from it: the door's over-fold has all but faded
OFF = 1.0  # bubble_range 1: no over-fold cap


def _shoves_covered(
    caution: float, context: TournamentContext = DOOR, rng: float = OFF
) -> set[int]:
    """First in with 10 big blinds, every player behind covering it."""
    model = PushFoldModel(tournament=True, bubble_caution=caution, bubble_range=rng)
    return _plays(model, _first_in([3000, 3000, 3000, 1000], context))


def _caution_tightens() -> bool:
    cautious, icm_only = _shoves_covered(2.0), _shoves_covered(0.0)
    return bool(cautious) and cautious < icm_only


def _range_caps() -> bool:
    """bubble_range 0.05: at the door a covered stack shoves only the top 5 % of hands."""
    capped = _shoves_covered(1.0, rng=0.05)
    top = {c for c in range(charts.N_CLASSES) if charts.STRENGTH_RANK[c] < charts.top_classes(0.05)}
    return bool(capped) and capped <= top and capped < _shoves_covered(1.0)


def _reshove_reads_the_raisers_stack() -> bool:
    """Facing a 2.5-big-blind open from a covering stack, the re-shove (10 big blinds) takes the
    hands that call an all-in of that size, not those that call 2.5 big blinds."""
    model = PushFoldModel(tournament=True, bubble_range=OFF)
    over_open = _plays(
        model, lambda cls: _view([3000, 3000, 1000, 2750], [0, 50, 100, 250], 2, cls, DOOR)
    )
    over_shove = _plays(
        model, lambda cls: _view([3000, 3000, 1000, 0], [0, 50, 100, 3000], 2, cls, DOOR)
    )
    return over_open == over_shove and len(over_open) < 30


def test_nearness_counts_players_to_the_money_per_table_in_play() -> None:
    """Ten from the money of a 150-paid field is half the door; six from the money of a
    sit-and-go paying three (its first hand) is far from it: a table busts one at a time."""
    big_field = _context(160, tuple(range(150, 0, -1)))
    sit_and_go = _context(9, (50, 30, 20))
    assert players.bubble_nearness(big_field) == pytest.approx(0.5, abs=0.03)
    assert players.bubble_nearness(sit_and_go) == pytest.approx(1 / 11)
    assert players.bubble_nearness(_context(5, (50, 30, 20))) == pytest.approx(1 / 3)
    assert players.bubble_nearness(_context(4, (50, 30, 20))) == 1.0


def test_bubble_caution_tightens_a_covered_stack_at_the_door_and_fades_away_from_it() -> None:
    assert _caution_tightens()
    pair = players.pair_bubble_factor
    for context, near in ((DOOR, 1.0), (FAR, players.bubble_nearness(FAR))):
        ti = tournament_inputs(context, list(range(4)))
        assert pair(ti, 1000, 3000, 2.0) == pytest.approx(pair(ti, 1000, 3000, 0.0) + 2.0 * near)
    assert players.bubble_nearness(DOOR) == 1.0
    assert 0.05 < players.bubble_nearness(FAR) < 0.1
    assert players.bubble_nearness(_context(9, LADDER)) == 0.0  # in the money
    assert players.bubble_nearness(_context(30, LADDER, hand_for_hand=True)) == 1.0


def test_the_pair_factor_is_the_seats_against_an_average_and_jumps_when_covered() -> None:
    ti = tournament_inputs(DOOR, list(range(4)))
    seat = seat_bubble_factor(ti, 1000)
    pair = players.pair_bubble_factor
    assert pair(ti, 1000, 999, 0.0) == pytest.approx(1.0 + (seat - 1.0) * 0.999)
    assert pair(ti, 1000, 5000, 0.0) == seat  # its whole stack at risk, as the fit assumes
    assert pair(ti, 1000, 5000, 2.0) == seat + 2.0  # covered at the door: the caution on top
    assert pair(ti, 4000, 1000, 0.0) < seat_bubble_factor(ti, 4000)  # a quarter at risk
    # and a quarter of the caution
    assert pair(ti, 4000, 1000, 2.0) == pytest.approx(pair(ti, 4000, 1000, 0.0) + 0.5)


def test_bubble_range_caps_what_a_covered_stack_plays_at_the_door() -> None:
    assert _range_caps()
    far = _shoves_covered(1.0, FAR, rng=0.05)
    assert len(far) > len(_shoves_covered(1.0, rng=0.05))  # the cap widens away from the door
    assert "bubble_range" in param_names(PushFoldParams)
    assert "bubble_caution" in param_names(TightAggressiveParams)
    with pytest.raises(ConfigError, match="'bubble_range' must be a number in"):
        players.make_model("push-fold", params={"bubble_range": 1.5})
    with pytest.raises(ConfigError, match="'bubble_caution' must be a number in"):
        players.make_model("tight-aggressive", params={"bubble_caution": -1})


def test_a_reshove_over_an_open_reads_the_raisers_stack() -> None:
    assert _reshove_reads_the_raisers_stack()


def _open_is_a_shove_of_its_size(
    view: DecisionView, ti: Any, cls: int, shover: int, *a: Any
) -> Any:
    """The old reading: the raise as an all-in of its own size (2.5 big blinds)."""
    stacks = tuple(0 if i == shover else s for i, s in enumerate(view.stacks))
    return REAL_CALL(replace(view, stacks=stacks), ti, cls, shover, *a)


REAL_CALL = players.aware_call
DOOR_CHECKS = {
    "caution": _caution_tightens,
    "range": _range_caps,
    "reshove": _reshove_reads_the_raisers_stack,
}
DOOR_MUTANTS = [
    ("one factor per seat", "pair_bubble_factor",
     lambda ti, mine, theirs, caution: seat_bubble_factor(ti, mine), ["caution"]),
    ("no nearness", "bubble_nearness", lambda context: 0.0, ["caution", "range"]),
    ("no cap", "over_folds", lambda ti, cls, cut, weight: False, ["range"]),
    ("an open read at its size", "aware_call", _open_is_a_shove_of_its_size, ["reshove"]),
]  # fmt: skip


def test_every_door_check_holds_on_the_real_play() -> None:
    assert {name: check() for name, check in DOOR_CHECKS.items()} == dict.fromkeys(
        DOOR_CHECKS, True
    )


@pytest.mark.parametrize(
    ("what", "name", "wrong", "killed_by"), DOOR_MUTANTS, ids=[m[0] for m in DOOR_MUTANTS]
)
def test_a_door_mutant_fails_the_checks_that_name_it(
    what: str, name: str, wrong: Any, killed_by: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(players, name, wrong)
    for check in killed_by:
        assert not DOOR_CHECKS[check](), f"{what}: the {check} check still passes"


# -- calls at the door: the caller's own risk ------------------------------------------------

MEDIUM = [3000, 2950, 2900, 0]  # the big blind (seat 2) holds 1.5 average stacks of DOOR/FAR
SHOVE = [0, 50, 100, 1500]  # seat 3 is all-in for 1,500 chips: the big blind covers it
DEFAULT = PushFoldParams()


def _calls(
    context: TournamentContext, caution: float, cut: int, *, compiled: bool = False
) -> set[int]:
    """The classes with which the medium big blind calls the shove (the Python reference or
    the compiled decision, on the same spot)."""
    from pokersim import model_kernel  # noqa: PLC0415 - compiles; only these checks need it

    ti = tournament_inputs(context, list(range(4)))
    out = set()
    for cls in range(charts.N_CLASSES):
        if compiled:
            calls = model_kernel._aware_call(
                model_kernel.CHART_TABLES, ti, np.array(MEDIUM, dtype=np.int64),
                np.array(SHOVE, dtype=np.int64), 4, 2, 0, cls, 3, 0, 1.0, 100, caution, cut,
            )  # fmt: skip
        else:
            view = _view(MEDIUM, SHOVE, 2, cls, context)
            calls = players.aware_call(view, ti, cls, 3, 0, 1.0, caution, cut)
        if calls:
            out.add(cls)
    return out


def _callers_risk_weighs_its_caution() -> bool:
    """A covering caller adds the caution times the share of its chips at risk (half here)."""
    ti = tournament_inputs(DOOR, list(range(4)))
    pair = players.pair_bubble_factor
    return pair(ti, 3000, 1500, 1.0) == pytest.approx(pair(ti, 3000, 1500, 0.0) + 0.5)


def _covering_caller_keeps_its_range() -> bool:
    """At the door the medium stack that covers the shover calls within its ``bubble_range``
    (widened by the share at risk), and the cap takes fewer hands away from the door."""
    caution, cut, off = DEFAULT.bubble_caution, DEFAULT.bubble_cut, charts.N_CLASSES
    door, door_off = _calls(DOOR, caution, cut), _calls(DOOR, caution, off)
    far, far_off = _calls(FAR, caution, cut), _calls(FAR, caution, off)
    return bool(door) and door < door_off and len(far_off - far) < len(door_off - door)


def _old_pair_factor(ti: Any, mine: float, theirs: float, caution: float) -> float:
    """The caution only when covered: a stack that covers its opponent read no over-fold."""
    bf = REAL_PAIR(ti, mine, theirs, 0.0)
    return bf + caution * ti[players.TI_NEAR] if theirs >= mine else bf


def _old_over_folds(ti: Any, cls: int, cut: int, weight: float) -> bool:
    """The cap only for a covered caller."""
    return weight >= 1.0 and REAL_OVER_FOLDS(ti, cls, cut, 1.0)


REAL_PAIR, REAL_OVER_FOLDS = players.pair_bubble_factor, players.over_folds
CALLER_CHECKS = {"risk": _callers_risk_weighs_its_caution, "cap": _covering_caller_keeps_its_range}


def test_a_covering_medium_stack_folds_more_to_a_shove_at_the_door() -> None:
    assert {name: check() for name, check in CALLER_CHECKS.items()} == dict.fromkeys(
        CALLER_CHECKS, True
    )
    # with the caution and the cap off (ICM alone) it calls more hands
    assert _calls(DOOR, 0.0, charts.N_CLASSES) > _calls(
        DOOR, DEFAULT.bubble_caution, DEFAULT.bubble_cut
    )


def test_the_compiled_call_of_a_shove_at_the_door_is_the_references() -> None:
    for context in (DOOR, FAR):
        for caution, cut in ((DEFAULT.bubble_caution, DEFAULT.bubble_cut), (0.0, 169)):
            assert _calls(context, caution, cut, compiled=True) == _calls(context, caution, cut)


@pytest.mark.parametrize(
    ("name", "wrong", "check"),
    [("pair_bubble_factor", _old_pair_factor, "risk"), ("over_folds", _old_over_folds, "cap")],
)
def test_a_caller_mutant_fails_its_check(
    name: str, wrong: Any, check: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The caution or the cap read only by a covered caller (the play before): killed."""
    monkeypatch.setattr(players, name, wrong)
    assert not CALLER_CHECKS[check]()


# -- after the flop at the door: a bet or a raise weighs the chips at risk as a call does -----


def _checked_to(context: TournamentContext) -> DecisionView:
    """After the flop, checked to the big blind (1,000 chips, covered) in a 500-chip pot."""
    view = _view([700, 900, 1000, 1000], [0, 0, 0, 0], 2, 0, context)
    return replace(view, street=1, board=(0, 5, 10), pot=500, legal=LegalActions(0, 100, 1000))


def _facing_a_bet(context: TournamentContext) -> DecisionView:
    view = _view([700, 900, 1000, 1000], [0, 0, 0, 200], 2, 0, context)
    return replace(view, street=1, board=(0, 5, 10), pot=700, legal=LegalActions(200, 400, 1000))


def _at_equity(eq: float, view: DecisionView) -> Any:
    """The aware regular's action with its equity estimate fixed at ``eq``."""
    tag = TightAggressiveModel(tournament=True)
    original = TightAggressiveModel.equity
    TightAggressiveModel.equity = lambda self, view, rng, cut, *bars: eq  # type: ignore[method-assign]
    try:
        return tag.decide(view, None)
    finally:
        TightAggressiveModel.equity = original  # type: ignore[method-assign]


def _bets_weigh() -> bool:
    """Equity 0.65 bets for value in chips (bar 0.6); on the bubble, covered, it checks; 0.85
    raises a bet in chips (bar 0.8) and only calls it on the bubble."""
    return (
        isinstance(_at_equity(0.65, _checked_to(CHIPS)), RaiseTo)
        and _at_equity(0.65, _checked_to(BUBBLE)) is players.CHECK_CALL
        and isinstance(_at_equity(0.85, _facing_a_bet(CHIPS)), RaiseTo)
        and _at_equity(0.85, _facing_a_bet(BUBBLE)) is players.CHECK_CALL
    )


def test_after_the_flop_a_bet_or_raise_weighs_the_chips_at_risk_by_the_bubble_factor() -> None:
    assert _bets_weigh()
    # the bar in odds: 0.6 asks 1.5 to 1; at a factor of 2, 3 to 1
    assert players.weighed_bar(0.6, 2.0) == pytest.approx(0.75)
    assert players.weighed_bar(0.6, 1.0) == 0.6
    assert players.weighed_bar(1.0, 3.0) == 1.0  # a bar that bets nothing stays so
    # the call's rule is the same: equity >= bf * c / (pot + bf * c) is the chip bar weighed
    pot, call, bf = 700.0, 200.0, 1.7
    chip_bar = call / (pot + call)
    assert players.weighed_bar(chip_bar, bf) == pytest.approx(bf * call / (pot + bf * call))


def test_the_compiled_bar_is_the_references() -> None:
    from pokersim import model_kernel  # noqa: PLC0415 - compiles; only this check needs it

    for bar in (0.0, 0.1, 0.25, 0.6, 0.8, 0.99, 1.0, 2.0):
        for bf in (1.0, 1.01, 1.5, 2.0, 3.7):
            assert model_kernel._weighed_bar(bar, bf) == players.weighed_bar(bar, bf)


@pytest.mark.parametrize(
    ("name", "wrong"),
    [
        ("weighed_bar", lambda bar, bf: bar),
        ("pair_bubble_factor", lambda ti, mine, theirs, caution: 1.0),
    ],
)
def test_a_bet_mutant_fails_its_check(
    name: str, wrong: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bets and raises read at the chip bar (the play before), or no factor: killed."""
    monkeypatch.setattr(players, name, wrong)
    assert not _bets_weigh()


# -- a limper who covers the shover can call it: the shove is covered --------------------------

ISO = [1000, 500, 500, 4000]  # seat 3 limped (4,000 behind); the button (seat 0) has 10 bb
LIMPED = [0, 50, 100, 100]


def _iso_shoves(
    stacks: list[int], *, compiled: bool = False, context: TournamentContext = DOOR
) -> set[int]:
    """The classes the button shoves over one limper at the door (the blinds are shorter)."""
    from pokersim import model_kernel  # noqa: PLC0415 - compiles; only these checks need it

    model = PushFoldModel(tournament=True)
    if not compiled:
        return _plays(model, lambda cls: _view(stacks, LIMPED, 0, cls, context))
    ti = tournament_inputs(context, list(range(4)))
    others = max(s + b for s, b in zip(stacks[1:], LIMPED[1:]))
    stack_bb = min(stacks[0], others) / 100  # the effective stack; no antes
    out = set()
    for cls in range(charts.N_CLASSES):
        if model_kernel._aware_push(
            model_kernel.CHART_TABLES, ti, np.zeros(4, dtype=np.bool_),
            np.array(stacks, dtype=np.int64),
            np.array(LIMPED, dtype=np.int64), 4, 0, 0, cls, stack_bb, 2,
            DEFAULT.bubble_caution, DEFAULT.bubble_cut, LEVEL.big_blind,
        ):  # fmt: skip
            out.add(cls)
    return out


def _limper_covers() -> bool:
    """Over a covering limper the button keeps its ``bubble_range``; over a short one it
    shoves its chart."""
    covering = _iso_shoves(ISO)
    short = _iso_shoves([1000, 500, 500, 400])
    top = {c for c in range(charts.N_CLASSES) if charts.STRENGTH_RANK[c] < DEFAULT.bubble_cut}
    return bool(covering) and covering <= top and covering < short


def test_a_shove_over_a_covering_limper_keeps_its_bubble_range() -> None:
    assert _limper_covers()


def test_the_compiled_shove_over_a_limper_is_the_references() -> None:
    for stacks in (ISO, [1000, 500, 500, 400], [1000, 3000, 500, 400]):
        assert _iso_shoves(stacks, compiled=True) == _iso_shoves(stacks)


def _limpers_ignored(view: DecisionView, ti: Any, cls: int, *a: Any) -> Any:
    """The play before: only the players behind could call (a limper in front was not read)."""
    n, at = len(view.stacks), players.preflop_order(view.seat, len(view.stacks), view.button)
    in_hand = tuple(
        alive and (i == view.seat or players.preflop_order(i, n, view.button) > at)
        for i, alive in enumerate(view.in_hand)
    )
    return REAL_PUSH(replace(view, in_hand=in_hand), ti, cls, *a)


REAL_PUSH = players.aware_push


def test_a_limper_mutant_fails_its_check(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(players, "aware_push", _limpers_ignored)
    assert not _limper_covers()


# -- a stack too short to last until the money does not fold its way there -----------------------

BBA = Level(small_blind=50, big_blind=100, ante=100, ante_kind=AnteKind.BIG_BLIND)
BIG_FIELD = tuple(range(150, 0, -1))  # 150 paid


def _big_field(left: int) -> TournamentContext:
    return _context(left, BIG_FIELD, 2000.0, level=BBA)


def test_wait_counts_the_forced_bets_until_the_money() -> None:
    """Ten from the money of 160 players (about 18 tables): 10 / (0.06 x 17.8) = 9.4 hands of
    a four-handed orbit's 2.5 big blinds, 5.9 big blinds; one from it, 0.6; none in it."""
    ten = players.wait_bb(_big_field(160), 4)
    assert ten == pytest.approx(10 / (0.06 * 160 / 9) * 2.5 / 4)
    assert 5.5 < ten < 6.5
    assert players.wait_bb(_big_field(151), 4) == pytest.approx(1 / (0.06 * 151 / 9) * 2.5 / 4)
    assert players.wait_bb(_big_field(150), 4) == 0.0  # in the money
    classic = _context(160, BIG_FIELD, level=replace(BBA, ante_kind=AnteKind.CLASSIC, ante=10))
    assert players.wait_bb(classic, 4) == pytest.approx(10 / (0.06 * 160 / 9) * 1.9 / 4)
    assert players.wait_bb(_context(160, BIG_FIELD), 4) == 0.0  # no level: nothing to pay
    ti = tournament_inputs(_big_field(160), list(range(4)))
    assert ti[players.TI_WAIT_BB] == ten


def _short_stack_gambles() -> bool:
    """A covered 4-big-blind button cannot fold its way over 9.4 hands (5.9 big blinds of
    forced bets) ten from the money: it shoves its chart, as with no cap; one from the money it
    waits (0.6), keeping only its ``bubble_range``; 8 big blinds ten away waits too."""
    over = [400, 500, 500, 4000]
    far = _iso_shoves(over, context=_big_field(160))
    chart = _plays(
        PushFoldModel(tournament=True, bubble_range=OFF),
        lambda cls: _view(over, LIMPED, 0, cls, _big_field(160)),
    )
    door = _iso_shoves(over, context=_big_field(151))
    deeper = _iso_shoves([800, 500, 500, 4000], context=_big_field(160))
    deeper_chart = _plays(
        PushFoldModel(tournament=True, bubble_range=OFF),
        lambda cls: _view([800, 500, 500, 4000], LIMPED, 0, cls, _big_field(160)),
    )
    return far == chart and door < far and deeper < deeper_chart


def test_a_stack_too_short_to_last_until_the_money_shoves_its_chart() -> None:
    assert _short_stack_gambles()


def test_a_stack_that_waits_to_be_blinded_out_fails_the_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The play before: every covered stack kept its cap, however short (no wait read)."""
    monkeypatch.setattr(players, "wait_bb", lambda context, seats: 0.0)
    assert not _short_stack_gambles()


def test_the_compiled_short_stack_is_the_references() -> None:
    for left in (151, 160, 200):
        for stacks in ([400, 500, 500, 4000], [800, 500, 500, 4000], [250, 500, 500, 400]):
            context = _big_field(left)
            assert _iso_shoves(stacks, compiled=True, context=context) == _iso_shoves(
                stacks, context=context
            )


# -- a covered deep stack at the door plays only its bubble range --------------------------------

DEEP_COVERED = [5000, 5000, 5000, 4000]  # seat 3 first in with 40 big blinds, both blinds cover it
OPENED = [0, 50, 100, 250]  # seat 3 opened to 2.5 big blinds; the button (seat 0) answers


def _deep_entries(context: TournamentContext) -> tuple[set[int], set[int]]:
    """The classes a deep covered ``tight-aggressive`` stack puts chips in with: first in (open
    or limp) and facing a covering player's open (call or 3-bet)."""
    model = TightAggressiveModel(tournament=True, limp_width=0.3)
    first_in = _plays(model, lambda cls: _view(DEEP_COVERED, [0, 50, 100, 0], 3, cls, context))
    facing = _plays(model, lambda cls: _view([4000, 4950, 4900, 4750], OPENED, 0, cls, context))
    return first_in, facing


def _deep_door_folds() -> bool:
    """One player from the money both keep the top classes of ``bubble_range``; fifty players
    from it, the plain ranges (wider)."""
    top = {c for c in range(charts.N_CLASSES) if charts.STRENGTH_RANK[c] < DEFAULT.bubble_cut}
    door, far = _deep_entries(DOOR), _deep_entries(FAR)
    chips = _deep_entries(CHIPS)
    return all(
        bool(d) and d <= top and d < f and f == c for d, f, c in zip(door, far, chips, strict=True)
    )


def test_a_covered_deep_stack_enters_only_its_bubble_range_at_the_door() -> None:
    assert _deep_door_folds()


def test_a_deep_stack_that_ignores_the_door_fails_the_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No door read deep (opens and answers to an open were played as in chips): killed."""
    monkeypatch.setattr(TightAggressiveModel, "_door_folds", lambda self, view: False)
    assert not _deep_door_folds()
