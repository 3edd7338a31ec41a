"""Player models: the ``PlayerModel`` protocol, the built-in models and plug-in loading.

A model only *chooses* among ``view.legal`` (it never re-implements the rules) and draws every
random number from the generator the engine hands it (the player's own seeded stream), so a run
is reproducible. Decisions are on the hot path: models keep precomputed tables, return the
``FOLD``/``CHECK_CALL`` singletons and allocate nothing else but a ``RaiseTo``.

The engine calls, per decision::

    action = model.decide(view, rng)
    think = model.think_seconds(view, rng)
    outcome = timing.resolve_decision(...)   # clock, time bank, connection state

Build models with :func:`make_model` (a built-in name or ``package.module:ClassName``).
"""

from __future__ import annotations

import importlib
import inspect
import math
import re
from collections.abc import Callable, Mapping
from typing import Any, Protocol, cast, runtime_checkable

import numpy as np

from pokersim.actions import CHECK_CALL, FOLD, Action, DecisionView, LegalActions, RaiseTo
from pokersim.errors import ConfigError
from pokersim.timing import ThinkTime

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


def random_action(legal: LegalActions, rng: np.random.Generator) -> Action:
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


def _check_fraction(model: str, key: str, value: float, lo: float = 0.0, hi: float = 1.0) -> float:
    try:
        v = float(value)
    except (TypeError, ValueError):
        raise ConfigError(
            f"model {model!r}: parameter {key!r} must be a number in [{lo}, {hi}], got {value!r}"
        ) from None
    if not (math.isfinite(v) and lo <= v <= hi):
        raise ConfigError(
            f"model {model!r}: parameter {key!r} must be a number in [{lo}, {hi}], got {value!r}"
        )
    return v


def _think(model: str, median: float, sigma: float) -> ThinkTime:
    median = _check_fraction(model, "think_median_seconds", median, 0.01, 600.0)
    sigma = _check_fraction(model, "think_sigma", sigma, 0.0, 5.0)
    return ThinkTime(median_seconds=median, sigma=sigma)


class _TimedModel:
    """Shared think-time behaviour of the built-in models (log-normal, per-model defaults)."""

    __slots__ = ("think",)
    name = ""

    def __init__(self, think: ThinkTime) -> None:
        self.think = think

    def think_seconds(self, view: DecisionView, rng: np.random.Generator) -> float:
        """A log-normal draw: the view does not matter for the built-in models."""
        return self.think.draw(rng)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r}, think={self.think!r})"


class RandomModel(_TimedModel):
    """``random``: uniform over legal action kinds and amounts (the benchmarks' baseline).

    Parameters: ``think_median_seconds`` (default 1.5), ``think_sigma`` (0.6).
    """

    __slots__ = ()
    name = "random"

    def __init__(self, *, think_median_seconds: float = 1.5, think_sigma: float = 0.6) -> None:
        super().__init__(_think(self.name, think_median_seconds, think_sigma))

    def decide(self, view: DecisionView, rng: np.random.Generator) -> Action:
        """Uniform over fold / check-call / raise, then uniform over raise totals."""
        return random_action(view.legal, rng)


class CallingStationModel(_TimedModel):
    """``calling-station``: never folds, never raises; checks or calls everything.

    Parameters: ``think_median_seconds`` (default 2.0), ``think_sigma`` (0.6).
    """

    __slots__ = ()
    name = "calling-station"

    def __init__(self, *, think_median_seconds: float = 2.0, think_sigma: float = 0.6) -> None:
        super().__init__(_think(self.name, think_median_seconds, think_sigma))

    def decide(self, view: DecisionView, rng: np.random.Generator) -> Action:
        """Check when free, else call (all-in when short)."""
        return CHECK_CALL


class SkillBlend:
    """A model blended with noise: a random legal action with probability ``(1-skill)*noise``.

    One knob that weakens any model continuously (skill 1 is the model itself), so a study can
    vary skill without a model knowing about it. The noise action is :func:`random_action`.
    """

    __slots__ = ("inner", "skill", "noise", "mistake_p", "name")

    def __init__(self, inner: PlayerModel, *, skill: float, noise: float = DEFAULT_NOISE) -> None:
        self.inner = inner
        self.skill = skill
        self.noise = noise
        self.mistake_p = (1.0 - skill) * noise
        self.name = inner.name

    def decide(self, view: DecisionView, rng: np.random.Generator) -> Action:
        """One uniform draw decides between a mistake and the inner model's choice."""
        if rng.random() < self.mistake_p:
            return random_action(view.legal, rng)
        return self.inner.decide(view, rng)

    def think_seconds(self, view: DecisionView, rng: np.random.Generator) -> float:
        """The inner model's think time: skill does not change pace."""
        return self.inner.think_seconds(view, rng)

    def __repr__(self) -> str:
        return f"SkillBlend({self.inner!r}, skill={self.skill}, noise={self.noise})"


_BUILTINS: dict[str, Callable[..., PlayerModel]] = {
    RandomModel.name: RandomModel,
    CallingStationModel.name: CallingStationModel,
}

_PLUGIN = re.compile(r"^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*:[A-Za-z_]\w*$")


def builtin_models() -> tuple[str, ...]:
    """Names of the built-in models, sorted."""
    return tuple(sorted(_BUILTINS))


def register_builtin(name: str, factory: Callable[..., PlayerModel]) -> None:
    """Add a built-in model (used by this module for models defined further down)."""
    _BUILTINS[name] = factory


def _accepted_params(factory: Callable[..., Any]) -> tuple[set[str], bool]:
    sig = inspect.signature(factory)
    names = {
        p.name
        for p in sig.parameters.values()
        if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)
    }
    var_kw = any(p.kind is p.VAR_KEYWORD for p in sig.parameters.values())
    return names, var_kw


def _build_builtin(name: str, params: Mapping[str, Any]) -> PlayerModel:
    factory = _BUILTINS[name]
    names, _ = _accepted_params(factory)
    unknown = sorted(set(params) - names)
    if unknown:
        raise ConfigError(
            f"model {name!r} has no parameter {unknown[0]!r}; "
            f"expected some of: {', '.join(sorted(names)) or '(none)'}"
        )
    return factory(**params)


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
    missing = missing_protocol_members(model)
    if missing:
        raise ConfigError(
            f"model {spec!r} does not implement the PlayerModel protocol: "
            f"missing {', '.join(missing)}"
        )
    return cast(PlayerModel, model)


def make_model(
    name: str,
    *,
    skill: float = 1.0,
    params: Mapping[str, Any] | None = None,
    noise: float = DEFAULT_NOISE,
) -> PlayerModel:
    """Build a model from a scenario's model spec.

    ``name`` is a built-in (``random``, ``calling-station``, ``push-fold``,
    ``tight-aggressive``) or ``package.module:ClassName``; ``params`` are the model's keyword
    parameters; ``skill`` in [0, 1] blends it with noise (see :class:`SkillBlend`, skill 1 is
    the model unchanged). Bad input raises ``ConfigError`` naming the problem.
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
