"""Push-fold against its chart on fixed situations; tight-aggressive's equity and decisions."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest

import pokersim.players as players_module
from pokersim import charts
from pokersim.actions import CHECK_CALL, FOLD, DecisionView, LegalActions, RaiseTo
from pokersim.cards import parse_cards
from pokersim.config import BettingStructure, Level
from pokersim.errors import ConfigError
from pokersim.evaluator import evaluate
from pokersim.players import PushFoldModel, TightAggressiveModel, make_model, players_behind

BB = 20
LEVEL = Level(small_blind=10, big_blind=BB)


def view(
    *,
    hole: str,
    stacks: tuple[int, ...],
    bets: tuple[int, ...],
    seat: int,
    button: int,
    legal: LegalActions,
    board: str = "",
    in_hand: tuple[bool, ...] | None = None,
    pot: int | None = None,
) -> DecisionView:
    n = len(stacks)
    b = tuple(parse_cards(board)) if board else ()
    h = parse_cards(hole)
    return DecisionView(
        table_id=0,
        hand_no=1,
        seat=seat,
        player_id=seat,
        hole=(h[0], h[1]),
        board=b,
        street={0: 0, 3: 1, 4: 2, 5: 3}[len(b)],
        button=button,
        player_ids=tuple(range(n)),
        stacks=stacks,
        bets=bets,
        in_hand=in_hand or (True,) * n,
        pot=sum(bets) if pot is None else pot,
        legal=legal,
        level=LEVEL,
        structure=BettingStructure.NO_LIMIT,
    )


def representative(cls: int) -> str:
    """Two cards of a class, e.g. 'AsKs' for AKs."""
    name = charts.class_name(cls)
    if len(name) == 2:
        return f"{name[0]}s{name[1]}h"
    return f"{name[0]}s{name[1]}{'s' if name[2] == 's' else 'h'}"


RNG = np.random.default_rng(0)


def sb_unopened(hole: str, stack_bb: float) -> DecisionView:
    """Heads-up, small blind (the button) to act first with ``stack_bb`` big blinds in all."""
    total = int(stack_bb * BB)
    return view(
        hole=hole,
        stacks=(total - 10, total - 20),
        bets=(10, 20),
        seat=0,
        button=0,
        legal=LegalActions(to_call=10, min_raise_to=40, max_raise_to=total),
    )


@pytest.mark.parametrize("stack_bb", [2.0, 5.0, 8.0, 10.0, 12.5, 15.0])
def test_push_fold_small_blind_matches_the_push_chart_for_every_hand(stack_bb: float) -> None:
    model = PushFoldModel()
    total = int(stack_bb * BB)
    for cls in range(charts.N_CLASSES):
        action = model.decide(sb_unopened(representative(cls), stack_bb), RNG)
        expected = RaiseTo(total) if charts.PUSH_BB[cls] >= stack_bb else FOLD
        assert action == expected, (charts.class_name(cls), stack_bb, charts.PUSH_BB[cls])


@pytest.mark.parametrize("shove_bb", [3.0, 6.0, 8.0, 12.0, 15.0])
def test_push_fold_big_blind_matches_the_call_chart_for_every_hand(shove_bb: float) -> None:
    model = PushFoldModel()
    shove = int(shove_bb * BB)
    for cls in range(charts.N_CLASSES):
        v = view(
            hole=representative(cls),
            stacks=(0, 15 * BB - 20),  # the small blind is all-in; the big blind covers
            bets=(shove, 20),
            seat=1,
            button=0,
            legal=LegalActions(to_call=shove - 20, min_raise_to=0, max_raise_to=0),
        )
        expected = CHECK_CALL if charts.CALL_BB[cls] >= shove_bb else FOLD
        assert model.decide(v, RNG) == expected, (charts.class_name(cls), shove_bb)


def nine_handed_unopened(hole: str, seat: int, stack_bb: float) -> DecisionView:
    """Nine players, button at 0, blinds posted by 1 and 2; ``seat`` acts, all have the stack."""
    total = int(stack_bb * BB)
    bets = (0, 10, 20, 0, 0, 0, 0, 0, 0)
    stacks = tuple(total - b for b in bets)
    return view(
        hole=hole,
        stacks=stacks,
        bets=bets,
        seat=seat,
        button=0,
        legal=LegalActions(to_call=20 - bets[seat], min_raise_to=40, max_raise_to=total),
    )


def test_players_behind_follows_the_preflop_and_postflop_order() -> None:
    assert players_behind(nine_handed_unopened("AsAh", 3, 10)) == 8  # under the gun
    assert players_behind(nine_handed_unopened("AsAh", 0, 10)) == 2  # button
    assert players_behind(nine_handed_unopened("AsAh", 1, 10)) == 1  # small blind
    assert players_behind(nine_handed_unopened("AsAh", 2, 10)) == 0  # big blind
    assert players_behind(sb_unopened("AsAh", 10)) == 1  # heads-up button acts first


def test_push_fold_ranges_tighten_with_players_behind() -> None:
    """Under the gun shoves only the top of the range the small blind shoves heads-up."""
    model = PushFoldModel()
    utg = {
        c
        for c in range(charts.N_CLASSES)
        if isinstance(model.decide(nine_handed_unopened(representative(c), 3, 10), RNG), RaiseTo)
    }
    button = {
        c
        for c in range(charts.N_CLASSES)
        if isinstance(model.decide(nine_handed_unopened(representative(c), 0, 10), RNG), RaiseTo)
    }
    hu = {c for c in range(charts.N_CLASSES) if charts.PUSH_BB[c] >= 10}
    assert utg < button < hu
    for name in ("AA", "KK", "AKs", "AKo", "99"):
        assert charts.class_of_name(name) in utg
    for name in ("72o", "K5o", "J7s"):
        assert charts.class_of_name(name) not in utg


def test_push_fold_looseness_reads_the_chart_at_a_scaled_stack() -> None:
    # A hand that shoves heads-up up to 7 big blinds: at 10 it folds, unless loose enough.
    cls = next(c for c in range(charts.N_CLASSES) if 6.0 <= charts.PUSH_BB[c] <= 8.0)
    t = charts.PUSH_BB[cls]
    hole = representative(cls)
    tight, loose = PushFoldModel(looseness=1.0), PushFoldModel(looseness=11.0 / t)
    assert tight.decide(sb_unopened(hole, 10.0), RNG) is FOLD
    assert isinstance(loose.decide(sb_unopened(hole, 10.0), RNG), RaiseTo)
    assert PushFoldModel(looseness=0.5).decide(sb_unopened(hole, t * 0.9), RNG) is FOLD


def test_push_fold_checks_a_free_big_blind_instead_of_folding() -> None:
    v = view(
        hole="7c2d",
        stacks=(180, 180),
        bets=(20, 20),  # the small blind limped
        seat=1,
        button=0,
        legal=LegalActions(to_call=0, min_raise_to=40, max_raise_to=200),
    )
    assert PushFoldModel().decide(v, RNG) is CHECK_CALL


def test_push_fold_deep_stacks_open_raise_or_fold() -> None:
    model = PushFoldModel()
    deep = 40.0
    assert model.decide(nine_handed_unopened("AsKd", 0, deep), RNG) == RaiseTo(50)
    assert model.decide(nine_handed_unopened("7s2d", 0, deep), RNG) is FOLD
    assert model.decide(nine_handed_unopened("7s2d", 2, deep), RNG) is CHECK_CALL


def test_push_fold_parameters_are_validated() -> None:
    with pytest.raises(ConfigError, match="looseness"):
        make_model("push-fold", params={"looseness": 0})
    with pytest.raises(ConfigError, match="max_bb"):
        make_model("push-fold", params={"max_bb": 40})


# --- tight-aggressive ---------------------------------------------------------------------------


def exact_equity_vs_range(hole: str, board: str, cut: int = charts.N_CLASSES) -> float:
    """Heads-up equity against the top-``cut`` classes, every hand and run-out enumerated.

    Each unseen combination of the range counts once (uniform over combinations).
    """
    h = parse_cards(hole)
    b = parse_cards(board)
    rest = [c for c in range(52) if c not in h and c not in b]
    rows_h, rows_v = [], []
    for v in itertools.combinations(rest, 2):
        if charts.STRENGTH_RANK[charts.CLASS_OF_PAIR[v[0] * 52 + v[1]]] >= cut:
            continue
        left = [c for c in rest if c not in v]
        for run in itertools.combinations(left, 5 - len(b)):
            rows_h.append(h + b + list(run))
            rows_v.append(list(v) + b + list(run))
    rh = evaluate(np.array(rows_h, dtype=np.int8))
    rv = evaluate(np.array(rows_v, dtype=np.int8))
    return float(np.mean(np.where(rh < rv, 1.0, np.where(rh == rv, 0.5, 0.0))))


def exact_equity_vs_two_any(hole: str, board: str) -> float:
    """Pot share on a complete board against two opponents holding any two cards each."""
    h = parse_cards(hole)
    b = parse_cards(board)
    rest = [c for c in range(52) if c not in h and c not in b]
    combos = list(itertools.combinations(rest, 2))
    hero = int(evaluate(np.array([h + b], dtype=np.int8))[0])
    opp = evaluate(np.array([list(v) + b for v in combos], dtype=np.int8)).astype(np.int64)
    bits = np.array([(1 << v[0]) | (1 << v[1]) for v in combos], dtype=np.int64)
    disjoint = (bits[:, None] & bits[None, :]) == 0
    best = np.minimum(opp[:, None], opp[None, :])
    ties = (opp[:, None] == hero).astype(int) + (opp[None, :] == hero).astype(int)
    share = np.where(hero < best, 1.0, np.where(hero == best, 1.0 / (1 + ties), 0.0))
    return float(share[disjoint].mean())


def exact_equity_vs_any(hole: str, board: str) -> float:
    return exact_equity_vs_range(hole, board)


def assert_estimate_matches(v: DecisionView, cut: int, exact: float, seed: int) -> None:
    """Four 4,096-sample estimates average within five standard errors of the exact value."""
    model = TightAggressiveModel(samples=4096)
    rng = np.random.default_rng(seed)
    estimates = [model.equity(v, rng, cut) for _ in range(4)]
    se = 0.5 / np.sqrt(4 * 4096)
    assert abs(np.mean(estimates) - exact) < 5 * se, (estimates, exact)


@pytest.mark.parametrize(("hole", "board"), [("AhKh", "QhJh2c7d"), ("7c2d", "AsKsQd9h")])
def test_tight_aggressive_equity_estimate_is_unbiased(hole: str, board: str) -> None:
    v = view(
        hole=hole,
        board=board,
        stacks=(1000, 1000),
        bets=(0, 0),
        seat=0,
        button=1,
        legal=LegalActions(to_call=0, min_raise_to=20, max_raise_to=1000),
        pot=200,
    )
    assert_estimate_matches(v, charts.N_CLASSES, exact_equity_vs_any(hole, board), seed=42)


def _postflop(hole: str, board: str, to_call: int, pot: int = 400) -> DecisionView:
    return view(
        hole=hole,
        board=board,
        stacks=(2000, 2000 - to_call),
        bets=(0, to_call),
        seat=0,
        button=0,
        legal=LegalActions(to_call=to_call, min_raise_to=max(2 * to_call, BB), max_raise_to=2000),
        pot=pot + to_call,
    )


@pytest.mark.parametrize(
    ("hole", "board", "width"),
    [("KsQd", "Kh7c2d9s", 0.05), ("KsQd", "Kh7c2d9s", 0.3), ("8h8d", "As9c4h", 0.45)],
)
def test_tight_aggressive_equity_against_a_range_matches_enumeration(
    hole: str, board: str, width: float
) -> None:
    """Opponents' hands are uniform over the range's unseen combinations (exact reference)."""
    cut = charts.top_classes(width)
    exact = exact_equity_vs_range(hole, board, cut)
    assert_estimate_matches(_postflop(hole, board, 0), cut, exact, seed=7)


def test_tight_aggressive_equity_against_two_opponents_matches_enumeration() -> None:
    """Three-way pots: both opponents' cards sampled without overlap, ties split three ways."""
    hole, board = "AhQd", "Qs9c4h2d7s"
    v = view(
        hole=hole,
        board=board,
        stacks=(1000, 1000, 1000),
        bets=(0, 0, 0),
        seat=0,
        button=2,
        legal=LegalActions(to_call=0, min_raise_to=20, max_raise_to=1000),
        pot=300,
    )
    assert_estimate_matches(v, charts.N_CLASSES, exact_equity_vs_two_any(hole, board), seed=11)


def test_tight_aggressive_equity_is_reproducible_from_the_stream() -> None:
    model = TightAggressiveModel()
    v = _postflop("AsKd", "Ah7c2d", 0)
    a = [model.equity(v, np.random.default_rng(3), 50) for _ in range(2)]
    b = model.equity(v, np.random.default_rng(4), 50)
    assert a[0] == a[1]
    assert b != a[0]


def test_tight_aggressive_bets_strong_hands_and_folds_air_to_a_big_bet() -> None:
    model = TightAggressiveModel()
    rng = np.random.default_rng(5)
    set_of_aces = _postflop("AsAd", "Ah7c2d", 0)
    assert model.decide(set_of_aces, rng) == RaiseTo(int(0.66 * 400))
    air = _postflop("5s4d", "AhKcQd", 400)
    assert model.decide(air, rng) is FOLD
    weak_free = _postflop("5s4d", "AhKcQd", 0)
    assert model.decide(weak_free, rng) is CHECK_CALL


def test_tight_aggressive_preflop_opens_its_range_and_folds_trash() -> None:
    model = TightAggressiveModel()
    rng = np.random.default_rng(0)
    assert model.decide(nine_handed_unopened("AsKd", 3, 100), rng) == RaiseTo(50)
    assert model.decide(nine_handed_unopened("9s4d", 3, 100), rng) is FOLD
    # Short-stacked it plays the push-fold charts.
    short = nine_handed_unopened("AsKd", 3, 10)
    assert model.decide(short, rng) == RaiseTo(200)


def test_limp_widths_by_players_behind_limp_each_position_its_own_share() -> None:
    """Four limp widths (6+, 4-5, 2-3, 1 behind) as the opens: one width limps everywhere."""
    rng = np.random.default_rng(0)
    hole = "9s4d"  # opened by no position at these widths, inside a full limp range
    by_position = make_model("recreational", params={"limp_width": [0.0, 0.0, 0.0, 1.0]})
    everywhere = make_model("recreational", params={"limp_width": 1.0})
    utg, button, small_blind = 3, 0, 1  # 8, 2 and 1 players behind
    assert by_position.decide(nine_handed_unopened(hole, utg, 100), rng) is FOLD
    assert by_position.decide(nine_handed_unopened(hole, button, 100), rng) is FOLD
    assert by_position.decide(nine_handed_unopened(hole, small_blind, 100), rng) is CHECK_CALL
    for seat in (utg, button, small_blind):
        assert everywhere.decide(nine_handed_unopened(hole, seat, 100), rng) is CHECK_CALL
    with pytest.raises(ConfigError, match="limp_width"):
        make_model("recreational", params={"limp_width": [0.3, 0.4]})
    listed = make_model("recreational", params={"limp_width": [0.0, 0.0, 0.0, 1.0]}).params
    assert listed == by_position.params  # a scenario's array is held as a tuple, like open_width
    hash(listed)


def _opens(model: Any, seat: int, hole: str) -> bool:
    rng = np.random.default_rng(0)
    return isinstance(model.decide(nine_handed_unopened(hole, seat, 100), rng), RaiseTo)


def _own_shares() -> bool:
    """Six open widths (6+, 5, 4, 3, 2, 1 behind): the fourth seat from the button (4 behind)
    and the button (2 behind, or heads-up) open their own shares, the seats beside them theirs;
    five widths read their 4-5 share for 5 and for 4 and play as six with that share twice,
    four widths their 2-3 share for 3 and for 2 as well."""
    hole = "Js9s"  # inside the top 35 % of hands, outside the top 20 %
    six = make_model("tight-aggressive", params={"open_width": [0.1, 0.1, 0.35, 0.2, 0.35, 0.2]})
    five_behind, four_behind, cutoff, button, small_blind = 6, 7, 8, 0, 1
    five = make_model("tight-aggressive", params={"open_width": [0.1, 0.1, 0.2, 0.35, 0.2]})
    four = make_model("tight-aggressive", params={"open_width": [0.1, 0.1, 0.2, 0.2]})
    six_of_five = make_model(
        "tight-aggressive", params={"open_width": [0.1, 0.1, 0.1, 0.2, 0.35, 0.2]}
    )
    six_of_four = make_model(
        "tight-aggressive", params={"open_width": [0.1, 0.1, 0.1, 0.2, 0.2, 0.2]}
    )
    heads_up = isinstance(six.decide(sb_unopened(hole, 100), np.random.default_rng(0)), RaiseTo)
    return (
        _opens(six, four_behind, hole)
        and _opens(six, button, hole)
        and heads_up  # heads-up the small blind is the button
        and not _opens(six, five_behind, hole)
        and not _opens(six, cutoff, hole)
        and not _opens(six, small_blind, hole)
        and not _opens(five, four_behind, hole)
        and _opens(five, button, hole)
        and not _opens(four, button, hole)
        and five.params.open_cuts == six_of_five.params.open_cuts
        and four.params.open_cuts == six_of_four.params.open_cuts
    )


def test_the_fourth_seat_and_the_button_open_their_own_shares() -> None:
    assert _own_shares()


_REAL_SLOT = players_module.behind_slot


@pytest.mark.parametrize(
    "wrong",
    [  # the groups before (6+, 4-5, 3, 2, 1): the fourth seat read the first seat's share
        lambda behind, seats: 1 if behind == 4 else _REAL_SLOT(behind, seats),
        # the groups before that (6+, 4-5, 2-3, 1): the button read the cut-off's share
        lambda behind, seats: 3 if behind == 2 else _REAL_SLOT(behind, seats),
        lambda behind, seats: _REAL_SLOT(behind, 9),  # heads-up read as the small blind
    ],
    ids=["fourth seat with the first", "button with the cut-off", "heads-up as the small blind"],
)
def test_a_seat_read_with_another_share_fails_the_check(
    wrong: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(players_module, "behind_slot", wrong)
    assert not _own_shares()


def test_tight_aggressive_parameters_are_validated() -> None:
    with pytest.raises(ConfigError, match="samples"):
        make_model("tight-aggressive", params={"samples": 2})
    with pytest.raises(ConfigError, match="open_width"):
        make_model("tight-aggressive", params={"open_width": [0.1, 0.2]})
    with pytest.raises(ConfigError, match="value_equity"):
        make_model("tight-aggressive", params={"value_equity": 1.5})


def test_push_fold_antes_widen_the_shoving_range() -> None:
    """With antes in the pot the stack is read as shorter: 10 BB with 1.5 BB of antes plays
    like 5 BB of an ante-free chart."""
    model = PushFoldModel()
    cls = next(c for c in range(charts.N_CLASSES) if 5.0 <= charts.PUSH_BB[c] < 9.5)
    hole = representative(cls)
    plain = sb_unopened(hole, 10.0)
    assert model.decide(plain, RNG) is FOLD
    with_antes = view(
        hole=hole,
        stacks=plain.stacks,
        bets=plain.bets,
        seat=0,
        button=0,
        legal=plain.legal,
        pot=sum(plain.bets) + 30,  # 1.5 big blinds of antes
    )
    assert model.decide(with_antes, RNG) == RaiseTo(200)


def test_tight_aggressive_equity_is_lower_against_a_narrower_range() -> None:
    """Top pair is ahead of any two cards but not of the top 5% of hands."""
    model = TightAggressiveModel(samples=2048)
    v = view(
        hole="KsQd",
        board="Kh7c2d",
        stacks=(1000, 1000),
        bets=(0, 0),
        seat=0,
        button=1,
        legal=LegalActions(to_call=0, min_raise_to=20, max_raise_to=1000),
        pot=200,
    )
    rng = np.random.default_rng(3)
    wide = model.equity(v, rng, charts.N_CLASSES)
    narrow = model.equity(v, rng, charts.top_classes(0.05))
    assert wide > 0.75
    assert narrow < wide - 0.1


def facing_a_four_bet(hole: str, stack_bb: float, shove: bool) -> DecisionView:
    """Heads-up in the pot: seat 0 three-bet to 10 BB, seat 1 four-bet to 25 BB (or shoved)."""
    total = int(stack_bb * BB)
    high = total if shove else 25 * BB
    bets = (10 * BB, high)
    return view(
        hole=hole,
        stacks=(total - bets[0], total - high),
        bets=bets,
        seat=0,
        button=1,
        legal=LegalActions(
            to_call=high - bets[0],
            min_raise_to=0 if shove else 2 * high - bets[0],
            max_raise_to=0 if shove else total,
        ),
        in_hand=(True, True),
    )


def test_tight_aggressive_stacks_off_deep_preflop_only_with_aces_or_kings() -> None:
    model = TightAggressiveModel()
    rng = np.random.default_rng(0)
    # 200 big blinds deep: kings re-raise a four-bet (not all-in) and call a shove ...
    five_bet = 25 * BB * 23 // 10
    assert model.decide(facing_a_four_bet("KsKd", 200, shove=False), rng) == RaiseTo(five_bet)
    assert model.decide(facing_a_four_bet("KsKd", 200, shove=True), rng) is CHECK_CALL
    # ... tens and ace-king do not call off 200 big blinds
    assert model.decide(facing_a_four_bet("TsTd", 200, shove=True), rng) is FOLD
    assert model.decide(facing_a_four_bet("AsKd", 200, shove=True), rng) is FOLD
    # 40 big blinds deep the whole re-raising range gets it in
    assert model.decide(facing_a_four_bet("TsTd", 40, shove=True), rng) is CHECK_CALL
    assert model.decide(facing_a_four_bet("KsKd", 40, shove=False), rng) == RaiseTo(40 * BB)


def river_all_in_raise(hole: str, board: str, stack: int) -> DecisionView:
    """Seat 0 bet 20 big blinds into 40 on the river; seat 1 raised all-in."""
    bet = 20 * BB
    return view(
        hole=hole,
        board=board,
        stacks=(stack - bet, 0),
        bets=(bet, stack),
        seat=0,
        button=1,
        legal=LegalActions(to_call=stack - bet, min_raise_to=0, max_raise_to=0),
        pot=40 * BB + bet + stack,
        in_hand=(True, True),
    )


def test_tight_aggressive_does_not_stack_off_deep_with_one_pair() -> None:
    """A call of most of its chips must hold up against the narrow commit range."""
    model = TightAggressiveModel(samples=512)
    rng = np.random.default_rng(1)
    board = "8c5d4c6h4h"
    # Two tens 200 big blinds deep: the call is 90% of its chips: fold.
    assert model.decide(river_all_in_raise("TsTd", board, 200 * BB), rng) is FOLD
    # With the caution off, the same spot calls (the 10% raise range has tens beaten less).
    loose = TightAggressiveModel(samples=512, commit_fraction=1.0)
    assert loose.decide(river_all_in_raise("TsTd", board, 200 * BB), rng) is CHECK_CALL
    # A straight calls.
    assert model.decide(river_all_in_raise("7s3d", board, 200 * BB), rng) is CHECK_CALL


def test_tight_aggressive_puts_in_what_a_bet_would_leave_too_small_a_share_of_the_pot() -> None:
    """``all_in_left``: a bet leaving fewer than that many pots behind goes all-in instead."""
    rng = np.random.default_rng(3)
    spot = _postflop("KsKd", "Kh7c2d", 0)  # top set, checked to: 400 in the pot, 2,000 behind
    # bets 264 (two thirds of the pot), leaving 1,736 behind a pot of 664: 2.6 pots
    assert TightAggressiveModel().decide(spot, rng) == RaiseTo(264)
    assert TightAggressiveModel(all_in_left=2.5).decide(spot, rng) == RaiseTo(264)
    assert TightAggressiveModel(all_in_left=2.7).decide(spot, rng) == RaiseTo(2000)
    # it sizes a bet, it does not make one: nothing to bet with, it checks as before
    air = _postflop("3s4d", "Kh9c2d", 0)
    assert TightAggressiveModel(all_in_left=5.0).decide(air, rng) is CHECK_CALL


def test_tight_aggressive_new_parameters_are_validated() -> None:
    for key, bad in (
        ("premium_width", 1.5),
        ("commit_bb", -1.0),
        ("raise_range_width", 2.0),
        ("commit_fraction", -0.1),
        ("commit_range_width", 1.01),
        ("all_in_left", 5.5),
    ):
        with pytest.raises(ConfigError, match=key):
            make_model("tight-aggressive", params={key: bad})


def test_push_fold_deep_calls_small_bets_with_a_pair_but_not_its_stack() -> None:
    """Above max_bb a pair calls a bet of up to a third of its chips, and folds to more."""
    model = PushFoldModel()
    rng = np.random.default_rng(0)
    pair = "KsQd"
    board = "Kh7c2d"
    assert model.decide(_postflop(pair, board, 400), rng) is CHECK_CALL  # 400 of 2,000 chips
    assert model.decide(river_all_in_raise(pair, board, 200 * BB), rng) is FOLD
    assert model.decide(_postflop("5s4d", board, 100), rng) is FOLD  # no pair: fold
