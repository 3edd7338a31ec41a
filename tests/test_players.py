"""Player models: protocol, legality of every model's answers, make_model and plug-ins."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim.actions import (
    CHECK_CALL,
    FOLD,
    CheckCall,
    DecisionView,
    Fold,
    LegalActions,
    RaiseTo,
    TournamentContext,
)
from pokersim.config import AnteKind, BettingStructure, Level
from pokersim.errors import ConfigError
from pokersim.players import (
    PlayerModel,
    SkillBlend,
    builtin_models,
    make_model,
    noise_action,
    random_action,
)
from pokersim.timing import ThinkTime

ROOT = Path(__file__).resolve().parent.parent


def assert_legal(action: object, legal: LegalActions) -> None:
    """The hand's own acceptance test, restated: fold always, check/call always, raise in range."""
    if isinstance(action, Fold | CheckCall):
        return
    assert isinstance(action, RaiseTo), f"not an action: {action!r}"
    assert legal.max_raise_to > 0, f"raise {action} when raising is not legal ({legal})"
    assert isinstance(action.amount, int)
    assert legal.min_raise_to <= action.amount <= legal.max_raise_to, (action, legal)


@st.composite
def decision_views(draw: st.DrawFn) -> DecisionView:
    """A valid decision: distinct cards, consistent stacks, bets and legal actions."""
    n = draw(st.integers(2, 9))
    seat = draw(st.integers(0, n - 1))
    button = draw(st.integers(0, n - 1))
    bb = draw(st.sampled_from([2, 20, 100, 400, 1000]))
    sb = bb // 2
    ante = draw(st.sampled_from([0, 0, bb // 4, bb]))
    level = Level(
        small_blind=sb,
        big_blind=bb,
        ante=ante,
        ante_kind=AnteKind.CLASSIC if ante else AnteKind.NONE,
    )
    street = draw(st.integers(0, 3))
    nboard = (0, 3, 4, 5)[street]
    cards = draw(st.permutations(range(52)))
    hole = (cards[0], cards[1])
    board = tuple(cards[2 : 2 + nboard])
    stacks = list(draw(st.lists(st.integers(0, 300 * bb), min_size=n, max_size=n)))
    bets = list(draw(st.lists(st.integers(0, 40 * bb), min_size=n, max_size=n)))
    in_hand = list(draw(st.lists(st.booleans(), min_size=n, max_size=n)))
    in_hand[seat] = True
    other = (seat + 1 + draw(st.integers(0, n - 2))) % n
    in_hand[other] = True
    stacks[seat] = max(stacks[seat], 1)
    high = max(bets[i] for i in range(n) if in_hand[i])
    own = bets[seat]
    to_call = min(high - own, stacks[seat])
    can_raise = stacks[seat] > high - own and draw(st.booleans() | st.just(True))
    if can_raise:
        max_to = own + stacks[seat]
        min_to = min(max_to, max(high + bb, high * 2 if high else bb))
    else:
        max_to = min_to = 0
    legal = LegalActions(to_call=to_call, min_raise_to=min_to, max_raise_to=max_to)
    pot = sum(bets) + draw(st.integers(0, 100 * bb))
    ctx = draw(
        st.none()
        | st.builds(
            TournamentContext,
            players_left=st.integers(2, 1000),
            places_paid=st.integers(1, 150),
            average_stack=st.floats(1, 1e6),
        )
    )
    return DecisionView(
        table_id=0,
        hand_no=draw(st.integers(0, 10_000)),
        seat=seat,
        player_id=100 + seat,
        hole=hole,
        board=board,
        street=street,
        button=button,
        player_ids=tuple(100 + i for i in range(n)),
        stacks=tuple(stacks),
        bets=tuple(bets),
        in_hand=tuple(in_hand),
        pot=pot,
        legal=legal,
        level=level,
        structure=draw(st.sampled_from(list(BettingStructure))),
        context=ctx,
    )


MODEL_SPECS = [(name, 1.0) for name in builtin_models()] + [
    (name, 0.3) for name in builtin_models()
]


@pytest.mark.parametrize(("name", "skill"), MODEL_SPECS)
@settings(max_examples=150, deadline=None)
@given(view=decision_views(), seed=st.integers(0, 2**32 - 1))
def test_every_model_returns_only_legal_actions(
    name: str, skill: float, view: DecisionView, seed: int
) -> None:
    model = make_model(name, skill=skill)
    rng = np.random.default_rng(seed)
    for _ in range(3):
        assert_legal(model.decide(view, rng), view.legal)
        t = model.think_seconds(view, rng)
        assert isinstance(t, float) and t > 0


@settings(max_examples=200, deadline=None)
@given(view=decision_views(), seed=st.integers(0, 2**32 - 1))
def test_models_are_deterministic_given_the_stream(view: DecisionView, seed: int) -> None:
    for name in builtin_models():
        a = make_model(name, skill=0.5)
        b = make_model(name, skill=0.5)
        ra, rb = np.random.default_rng(seed), np.random.default_rng(seed)
        seq_a = [(a.decide(view, ra), a.think_seconds(view, ra)) for _ in range(5)]
        seq_b = [(b.decide(view, rb), b.think_seconds(view, rb)) for _ in range(5)]
        assert seq_a == seq_b


def test_random_model_is_uniform_over_kinds_and_amounts() -> None:
    legal = LegalActions(to_call=10, min_raise_to=40, max_raise_to=43)
    rng = np.random.default_rng(7)
    counts: dict[object, int] = {}
    n = 12_000
    for _ in range(n):
        a = random_action(legal, rng)
        counts[a] = counts.get(a, 0) + 1
    # 1/3 fold, 1/3 call, 1/12 for each of the 4 raise totals; 5 sigma bounds from the binomial.
    for action, p in [(FOLD, 1 / 3), (CHECK_CALL, 1 / 3)] + [
        (RaiseTo(x), 1 / 12) for x in range(40, 44)
    ]:
        sd = (n * p * (1 - p)) ** 0.5
        assert abs(counts.get(action, 0) - n * p) < 5 * sd, (action, counts)
    assert set(counts) == {FOLD, CHECK_CALL} | {RaiseTo(x) for x in range(40, 44)}


def test_random_model_never_raises_when_raising_is_illegal() -> None:
    legal = LegalActions(to_call=5, min_raise_to=0, max_raise_to=0)
    rng = np.random.default_rng(1)
    seen = {random_action(legal, rng) for _ in range(500)}
    assert seen == {FOLD, CHECK_CALL}


def test_random_model_all_in_only_raise() -> None:
    legal = LegalActions(to_call=5, min_raise_to=30, max_raise_to=30)
    rng = np.random.default_rng(2)
    raises = {a for a in (random_action(legal, rng) for _ in range(300)) if isinstance(a, RaiseTo)}
    assert raises == {RaiseTo(30)}


def test_calling_station_checks_or_calls_and_returns_the_singleton() -> None:
    model = make_model("calling-station")
    rng = np.random.default_rng(0)
    view = _simple_view(LegalActions(to_call=50, min_raise_to=100, max_raise_to=1000))
    for _ in range(50):
        assert model.decide(view, rng) is CHECK_CALL


def test_skill_one_is_the_model_itself_and_lower_skill_blends_noise() -> None:
    assert not isinstance(make_model("calling-station", skill=1.0), SkillBlend)
    blended = make_model("calling-station", skill=0.0, noise=1.0)
    assert isinstance(blended, SkillBlend) and blended.name == "calling-station"
    view = _simple_view(LegalActions(to_call=50, min_raise_to=100, max_raise_to=1000))
    rng = np.random.default_rng(3)
    actions = [blended.decide(view, rng) for _ in range(3000)]
    folds = sum(a is FOLD for a in actions)
    # skill 0, noise 1: always the random model, so fold is 1/3 of the answers.
    assert abs(folds - 1000) < 5 * (3000 * (1 / 3) * (2 / 3)) ** 0.5
    half = make_model("calling-station", skill=0.5, noise=0.5)  # mistakes 25%, folds 1/12
    rng = np.random.default_rng(4)
    folds = sum(half.decide(view, rng) is FOLD for _ in range(6000))
    assert abs(folds - 500) < 5 * (6000 * (1 / 12) * (11 / 12)) ** 0.5


def _simple_view(legal: LegalActions, *, street: int = 0) -> DecisionView:
    return DecisionView(
        table_id=0,
        hand_no=1,
        seat=0,
        player_id=1,
        hole=(51, 47),
        board=(0, 5, 10)[: (0, 3)[min(street, 1)]],
        street=street,
        button=1,
        player_ids=(1, 2),
        stacks=(1000, 1000),
        bets=(10, 20),
        in_hand=(True, True),
        pot=30,
        legal=legal,
        level=Level(small_blind=10, big_blind=20),
        structure=BettingStructure.NO_LIMIT,
    )


# --- make_model errors -----------------------------------------------------------------------


def test_unknown_model_name_lists_the_builtins() -> None:
    with pytest.raises(ConfigError, match=r"unknown model 'rnadom'.*calling-station.*random"):
        make_model("rnadom")


def test_unknown_parameter_is_named() -> None:
    with pytest.raises(ConfigError, match=r"'calling-station' has no parameter 'agression'"):
        make_model("calling-station", params={"agression": 2})


@pytest.mark.parametrize("skill", [-0.1, 1.5, float("nan"), "high"])
def test_bad_skill_is_rejected(skill: object) -> None:
    with pytest.raises(ConfigError, match="skill"):
        make_model("random", skill=skill)  # type: ignore[arg-type]


def test_bad_think_parameter_is_rejected() -> None:
    with pytest.raises(ConfigError, match="think_median_seconds"):
        make_model("random", params={"think_median_seconds": -1})


@pytest.mark.parametrize("width", [0.2, "wide", True])
def test_open_width_that_is_not_a_list_is_one_config_error(width: object) -> None:
    with pytest.raises(ConfigError, match=r"'open_width' must be a list of shares"):
        make_model("tight-aggressive", params={"open_width": width})


def test_a_slices_bad_parameter_names_the_file_and_the_slice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Model parameters are checked when the run builds its players: the line still says
    which file and which slice of the field, as a key the loader checks would."""
    from pokersim.cli import main  # noqa: PLC0415

    text = (ROOT / "scenarios" / "sng_9max.toml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace("open_width = [0.05, 0.07, 0.11, 0.17]", "open_width = 0.2"))
    assert main(["run", str(bad), "--seed", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"pokersim run: error: {bad}: players.mix[0]: ")
    assert "'open_width' must be a list" in err[0]


# --- plug-ins ----------------------------------------------------------------------------------


@pytest.fixture
def plugin_module(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    pkg = tmp_path / "myplug"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "bots.py").write_text(
        textwrap.dedent(
            """
            from pokersim.actions import CHECK_CALL, FOLD

            class Folder:
                name = "folder"
                def __init__(self, *, patience=1.0):
                    self.patience = patience
                def decide(self, view, rng):
                    return CHECK_CALL if view.legal.to_call == 0 else FOLD
                def think_seconds(self, view, rng):
                    return self.patience

            class NoThink:
                name = "no-think"
                def decide(self, view, rng):
                    return FOLD

            class WrongArity:
                name = "wrong"
                def decide(self, view):
                    return FOLD
                def think_seconds(self, view, rng):
                    return 1.0

            not_a_class = 3
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "myplug.bots"
    for mod in [m for m in sys.modules if m.startswith("myplug")]:
        del sys.modules[mod]


def test_plugin_is_loaded_by_module_and_class(plugin_module: str) -> None:
    model = make_model(f"{plugin_module}:Folder", params={"patience": 4.0})
    assert isinstance(model, PlayerModel)
    view = _simple_view(LegalActions(to_call=10, min_raise_to=40, max_raise_to=1000))
    rng = np.random.default_rng(0)
    assert model.decide(view, rng) is FOLD
    assert model.think_seconds(view, rng) == 4.0


def test_plugin_missing_a_method_names_it(plugin_module: str) -> None:
    with pytest.raises(ConfigError, match=r"missing think_seconds\(view, rng\)"):
        make_model(f"{plugin_module}:NoThink")


def test_plugin_with_wrong_signature_is_rejected(plugin_module: str) -> None:
    with pytest.raises(ConfigError, match=r"decide\(view, rng\) taking exactly"):
        make_model(f"{plugin_module}:WrongArity")


def test_plugin_errors_name_module_and_class(plugin_module: str) -> None:
    with pytest.raises(ConfigError, match="cannot import module 'myplug.nothere'"):
        make_model("myplug.nothere:X")
    with pytest.raises(ConfigError, match="has no 'Missing'"):
        make_model(f"{plugin_module}:Missing")
    with pytest.raises(ConfigError, match="is not a class"):
        make_model(f"{plugin_module}:not_a_class")
    with pytest.raises(ConfigError, match="cannot build Folder"):
        make_model(f"{plugin_module}:Folder", params={"nope": 1})


@pytest.mark.parametrize("spec", ["os:system()", "a b:C", "__import__('os'):x", ":X", "mod:"])
def test_plugin_spec_is_never_evaluated(spec: str) -> None:
    with pytest.raises(ConfigError, match="package.module:ClassName"):
        make_model(spec)


@settings(max_examples=200, deadline=None)
@given(view=decision_views(), seed=st.integers(0, 2**32 - 1))
def test_noise_action_is_legal_never_folds_a_free_check_and_sizes_by_the_pot(
    view: DecisionView, seed: int
) -> None:
    rng = np.random.default_rng(seed)
    legal = view.legal
    for _ in range(5):
        a = noise_action(view, rng)
        assert_legal(a, legal)
        if legal.to_call == 0:
            assert a is not FOLD
        if isinstance(a, RaiseTo):
            lo = max(view.bets) + view.pot // 2
            hi = max(view.bets) + int(1.5 * view.pot)
            assert a.amount in (legal.min_raise_to, legal.max_raise_to) or lo <= a.amount <= hi


def test_scenario_think_time_scales_by_each_models_pace() -> None:
    think = ThinkTime(median_seconds=4.0, sigma=0.0, min_seconds=0.0)
    view = _simple_view(LegalActions(to_call=10, min_raise_to=40, max_raise_to=1000))
    rng = np.random.default_rng(0)
    seconds = {
        name: make_model(name, think=think).think_seconds(view, rng) for name in builtin_models()
    }
    assert seconds == pytest.approx(
        {
            "random": 2.4,
            "random-legal": 2.4,
            "calling-station": 3.2,
            "push-fold": 3.2,
            "tight-aggressive": 4.0,
            "recreational": 4.0,
        }
    )
    own = make_model(
        "random", think=think, params={"think_median_seconds": 1.0, "think_sigma": 0.0}
    )
    assert own.think_seconds(view, rng) == pytest.approx(1.0)
    # After the flop decisions take longer.
    flop = _simple_view(LegalActions(to_call=0, min_raise_to=20, max_raise_to=1000), street=1)
    assert make_model("random", think=think).think_seconds(flop, rng) == pytest.approx(3.6)


def test_plugin_with_skill_below_one_is_blended(plugin_module: str) -> None:
    model = make_model(f"{plugin_module}:Folder", skill=0.0, noise=1.0)
    assert isinstance(model, SkillBlend) and model.name == "folder"
    view = _simple_view(LegalActions(to_call=10, min_raise_to=40, max_raise_to=1000))
    rng = np.random.default_rng(0)
    answers = {type(model.decide(view, rng)) for _ in range(200)}
    assert answers == {Fold, CheckCall, RaiseTo}  # the plug-in alone would only fold here
