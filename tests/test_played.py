"""A hand played compiled and kept as a ``PlayedHand`` reads as the full result would.

The engine keeps a hand as a ``PlayedHand`` (``engine.played``) when nobody reads its pots (no
``on_hand``): its chips, knockouts and showdown at once, its events when recorded, its
``HandSetup`` and ``Deal`` built only if read (a bust, a rebuy, a time-out, a rollback). The
same tournament played with an ``on_hand`` keeps every hand's full ``HandResult``; hand by hand
the two must say the same, and the runs must end the same and log the same events.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, get_args

import pytest

from pokersim.engine import run_tournament
from pokersim.engine import upkeep as engine_upkeep
from pokersim.engine.played import PlayedHand
from pokersim.events import HandEvent
from pokersim.hand import HandResult
from pokersim.scenario import load_scenario
from pokersim.verify import load_case

ROOT = Path(__file__).resolve().parent.parent
_HAND_EVENTS = get_args(HandEvent)  # a hand's own events, logged only when recorded


def _hands(
    scenario: Any, seed: int, monkeypatch: pytest.MonkeyPatch, *, full: bool, record: bool
) -> Any:
    """Every hand the run applied, in order, the run's result and its event log."""
    seen: list[Any] = []
    account = engine_upkeep.Upkeep._account

    def keeping(self: Any, tab: Any, result: Any, now: int) -> Any:
        seen.append(result)
        return account(self, tab, result, now)

    log: list[Any] = []
    monkeypatch.setattr(engine_upkeep.Upkeep, "_account", keeping)
    on_hand = (lambda hand: None) if full else None
    result = run_tournament(scenario, seed, emit=log.append, on_hand=on_hand, record_actions=record)
    monkeypatch.setattr(engine_upkeep.Upkeep, "_account", account)
    return seen, result, log


def _same_hands(lazy: list[Any], full: list[Any]) -> tuple[int, int]:
    """Each lean hand reads as the full run's: (how many were lean, their knockouts)."""
    lean = busts = 0
    for quick, whole in zip(lazy, full, strict=True):
        if isinstance(quick, PlayedHand):
            lean += 1
            assert quick.final_stacks == whole.final_stacks
            assert quick.knockouts == whole.knockouts
            assert quick.showdown == whole.showdown
            assert quick.player_ids == whole.player_ids
            assert quick.starting_stacks == whole.starting_stacks
            assert quick.setup == whole.setup
            assert quick.deal == whole.deal
            busts += len(quick.knockouts)
    return lean, busts


@pytest.mark.parametrize(
    "source",
    [
        "scenarios/sng_9max.toml",
        "scenarios/pko.toml",
        "scenarios/rebuy_addon.toml",
        "scenarios/rules/R-FAULT-1-server-crash-rolls-back-every-table.toml",
    ],
)
def test_a_played_hand_reads_as_the_recorded_result(
    source: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = ROOT / source
    scenario = load_case(path).scenario if "rules" in source else load_scenario(path)
    lazy, lazy_result, lazy_log = _hands(scenario, 3, monkeypatch, full=False, record=False)
    full, full_result, full_log = _hands(scenario, 3, monkeypatch, full=True, record=True)
    recorded, _, recorded_log = _hands(scenario, 3, monkeypatch, full=False, record=True)
    assert lazy_result.finishes == full_result.finishes
    assert lazy_result.hands_played == full_result.hands_played
    assert lazy_log == [e for e in full_log if not isinstance(e, _HAND_EVENTS)]
    assert recorded_log == full_log  # a lean hand's recorded events are the full hand's
    assert len(lazy) == len(full) == len(recorded)
    assert [type(h) for h in recorded] == [type(h) for h in lazy]
    for k, hand in enumerate(recorded):
        if isinstance(hand, PlayedHand):
            assert list(hand.events) == list(full[k].events)
    assert all(isinstance(hand, HandResult) for hand in full)
    lean, busts = _same_hands(lazy, full)
    assert lean > 0.6 * len(lazy)  # most hands are kept lean
    assert busts > 0  # knockouts were read from the lean hands too


CASES = sorted(
    path
    for path in (ROOT / "scenarios" / "rules").glob("*.toml")
    if load_case(path).expect.error is None
)


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_every_rule_case_plays_the_same_lean(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Time-outs, disqualifications, rebuys, deals, shoot-outs...: lean or full, the same run."""
    scenario = load_case(path).scenario
    lazy, lazy_result, lazy_log = _hands(scenario, 3, monkeypatch, full=False, record=False)
    full, full_result, full_log = _hands(scenario, 3, monkeypatch, full=True, record=True)
    assert lazy_result == full_result
    assert lazy_log == [e for e in full_log if not isinstance(e, _HAND_EVENTS)]
    _same_hands(lazy, full)


def test_the_rule_cases_play_lean_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test above is not empty: most cases play lean hands."""
    lean = 0
    for path in CASES:
        hands, _, _ = _hands(load_case(path).scenario, 3, monkeypatch, full=False, record=False)
        lean += any(isinstance(hand, PlayedHand) for hand in hands)
    assert lean > len(CASES) // 2


def test_a_played_hand_builds_its_records_once_and_only_when_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sng = load_scenario(ROOT / "scenarios/sng_9max.toml")
    lazy, _, _ = _hands(sng, 1, monkeypatch, full=False, record=False)
    quiet = [h for h in lazy if isinstance(h, PlayedHand) and not h.knockouts]
    assert quiet
    # a hand without a bust was applied without building its setup or its deal
    assert all(h._setup is None and h._deal is None for h in quiet)
    hand = quiet[0]
    assert hand.setup is hand.setup and hand.deal is hand.deal
    assert [s.player_id for s in hand.setup.seats] == list(hand.player_ids)
    assert len(hand.deal.hole) == len(hand.player_ids)
