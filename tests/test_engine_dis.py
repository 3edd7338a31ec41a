"""Time-outs, sitting out, disconnections and protection through the engine (R-DIS-1..3, R-HAND-6).

Two kinds of runs: a probe hand player that asks the engine one decision per seat in a
situation the test chooses (so free checks and all-in opponents can be set up exactly), and
the real hand engine with scripted models. Disconnections are either fixed by the test (a
``Connections`` whose intervals are given) or drawn from the scenario's ``[connection]``.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from test_engine_helpers import make_scenario, of_type, transfer

import pokersim.engine.incidents as engine_incidents
from pokersim.actions import CHECK_CALL, FOLD, Action, DecisionView, LegalActions, RaiseTo
from pokersim.connection import Connections
from pokersim.engine import TournamentResult, run_tournament
from pokersim.hand import Deal, HandResult, HandSetup
from pokersim.results import event_record, summary
from pokersim.scenario import Connection, Scenario, Timing

Think = Callable[[DecisionView], float]


class Scripted:
    """Checks or calls (or answers ``answer``), thinks ``think(view)`` seconds, logs each call."""

    name = "scripted"

    def __init__(
        self, think: Think, answer: Callable[[DecisionView], Action] = lambda v: CHECK_CALL
    ) -> None:
        self.think = think
        self.answer = answer
        self.calls: list[tuple[int, int, int]] = []  # (table, hand, street) of each decide

    def decide(self, view: DecisionView, rng: np.random.Generator) -> Action:
        self.calls.append((view.table_id, view.hand_no, view.street))
        return self.answer(view)

    def think_seconds(self, view: DecisionView, rng: np.random.Generator) -> float:
        return self.think(view)


class Probe:
    """A hand player asking one decision per seat: checking free, others all-in per ``all_in``.

    Chips never move until hand ``last``, where seat 0 takes everything (the run then ends).
    Records what the engine answered for each (hand, player).
    """

    def __init__(self, last: int, all_in: Callable[[int], bool] = lambda hand_no: False) -> None:
        self.last = last
        self.all_in = all_in
        self.answers: dict[tuple[int, int], Action | None] = {}

    def __call__(
        self,
        setup: HandSetup,
        deal: Deal,
        decide: Callable[[DecisionView], Action | None],
        *,
        record_actions: bool = True,
        context: Any = None,
    ) -> HandResult:
        n = len(setup.seats)
        for i, seat in enumerate(setup.seats):
            others_all_in = self.all_in(setup.hand_no)
            stacks = tuple(
                0 if (others_all_in and j != i) else s for j, s in enumerate(setup.stacks)
            )
            view = DecisionView(
                table_id=setup.table_id,
                hand_no=setup.hand_no,
                seat=i,
                player_id=seat.player_id,
                hole=deal.hole[i],
                board=(),
                street=0,
                button=setup.button,
                player_ids=setup.player_ids,
                stacks=stacks,
                bets=(0,) * n,
                in_hand=(True,) * n,
                pot=0,
                legal=LegalActions(to_call=0, min_raise_to=0, max_raise_to=0),
                level=setup.level,
                structure=setup.structure,
                context=context,
            )
            self.answers[(setup.hand_no, seat.player_id)] = decide(view)
        finals, kos = setup.stacks, ()
        if setup.hand_no >= self.last:
            win = setup.seats[0].player_id
            finals, kos = transfer(setup, [(s.player_id, win, -1) for s in setup.seats[1:]])
        return HandResult(
            setup=setup, deal=deal, final_stacks=finals, pots=(), knockouts=kos, showdown=False
        )


def _scenario(
    count: int = 2,
    *,
    clock: float = 15,
    bank: float = 30,
    connection: Connection | None = None,
    stack: int = 100,
) -> Scenario:
    sc = make_scenario(count, stack=stack)
    timing = Timing(deal_seconds=0, action_clock_seconds=clock, time_bank_seconds=bank)
    return dataclasses.replace(sc, timing=timing, connection=connection or Connection())


def _run(
    sc: Scenario, models: list[Scripted], **kw: Any
) -> tuple[TournamentResult, list[dict[str, Any]]]:
    events: list[Any] = []
    result = run_tournament(sc, 3, emit=events.append, models=models, **kw)
    return result, [event_record(e) for e in events]


def _shove(view: DecisionView) -> Action:
    return RaiseTo(view.legal.max_raise_to) if view.legal.can_raise else CHECK_CALL


def _first_to_act(events: list[dict[str, Any]], hand_no: int) -> int:
    """The player the probe asks first in a hand (seat order)."""
    return next(e for e in of_type(events, "TableHandStarted") if e["hand_no"] == hand_no)[
        "player_ids"
    ][0]


def _durations(events: list[dict[str, Any]]) -> dict[int, int]:
    start = {e["hand_no"]: e["t"] for e in of_type(events, "TableHandStarted")}
    return {e["hand_no"]: e["t"] - start[e["hand_no"]] for e in of_type(events, "TableHandEnded")}


class FixedConnections(Connections):
    """Connections with the disconnections given by the test: {player: [(start, end), ...]}."""

    plan: dict[int, list[tuple[float, float]]] = {}

    def __init__(self, n: int, model: Any, seed: int) -> None:
        super().__init__(n, None, seed)
        self.enabled = True
        self._left = {p: list(v) for p, v in self.plan.items()}
        for p in self._left:
            self._draw_after(p, 0.0)

    def _draw_after(self, p: int, t: float) -> None:
        left = self._left.get(p)
        self.start[p], self.end[p] = left.pop(0) if left else (math.inf, math.inf)
        self._reported[p] = False


@pytest.fixture
def fixed_connections(monkeypatch: pytest.MonkeyPatch) -> type[FixedConnections]:
    monkeypatch.setattr(engine_incidents, "Connections", FixedConnections)
    return FixedConnections


# --- R-DIS-1 / R-HAND-6: the clock, the bank, the time-out ------------------------------------


def test_r_dis_1_time_bank_is_drawn_on_then_the_player_times_out() -> None:
    """R-DIS-1: past the 15 s clock the 30 s bank pays (20 s, then 40 s: 5 + 25 from it); with
    the bank spent, a 16 s answer times out after exactly the clock, and is logged and counted."""
    thinks = {1: 20.0, 2: 40.0, 3: 16.0}
    slow = Scripted(lambda v: thinks.get(v.hand_no, 1.0))
    fast = Scripted(lambda v: 1.0)
    probe = Probe(last=6)
    result, events = _run(_scenario(), [slow, fast], hand_player=probe)
    d = _durations(events)
    assert (d[1], d[2], d[3]) == (21, 41, 16)
    assert probe.answers[(1, 0)] is CHECK_CALL and probe.answers[(2, 0)] is CHECK_CALL
    assert probe.answers[(3, 0)] is None  # the hand applies R-HAND-6
    outs = of_type(events, "PlayerTimedOut")
    assert [(e["player_id"], e["hand_no"], e["action"], e["connected"]) for e in outs] == [
        (0, 3, "check", True)
    ]
    wait = 15 if _first_to_act(events, 3) == 0 else 16
    assert outs[0]["at"] == of_type(events, "TableHandStarted")[2]["t"] + wait
    assert [f.timeouts for f in result.finishes] == [1, 0]
    assert [p["timeouts"] for p in summary(result)["players"]] == [1, 0]


def test_r_hand_6_timed_out_player_checks_when_free_else_folds() -> None:
    """R-HAND-6 with the real hand engine: a player who never answers in time checks as the big
    blind after a limp and folds as the small blind facing the big blind."""
    slow = Scripted(lambda v: 1000.0)
    caller = Scripted(lambda v: 1.0)
    sc = _scenario(stack=40)
    result, events = _run(sc, [slow, caller], record_actions=True)
    button = -1
    timed_out = []
    for e in events:
        if e["type"] == "HandStarted":
            button = e["button"]
        elif e["type"] == "ActionTaken" and e["timed_out"]:
            assert e["player_id"] == 0
            timed_out.append((e["street"], e["seat"] == button, e["kind"]))
    pre = [(sb, kind) for street, sb, kind in timed_out if street == 0]
    assert ("fold" in {k for sb, k in pre if sb}) and {k for sb, k in pre if sb} == {"fold"}
    assert {k for sb, k in pre if not sb} == {"check"}
    # every model call of the slow player timed out, and each is logged once
    assert len(slow.calls) == len(timed_out) == len(of_type(events, "PlayerTimedOut"))
    assert result.finishes[0].timeouts == len(timed_out)


# --- R-DIS-2: sitting out ---------------------------------------------------------------------


def test_r_dis_2_sitting_out_player_folds_even_when_check_is_free_unless_others_all_in() -> None:
    """R-DIS-2: after a time-out the player is folded at each decision without asking the model,
    even when checking is free, but checks when every other player is all-in; once back (after
    the drawn absence) the model is asked again."""
    slow = Scripted(lambda v: 1000.0 if v.hand_no == 1 else 1.0)
    fast = Scripted(lambda v: 1.0)
    probe = Probe(last=80, all_in=lambda hand_no: hand_no % 3 == 0)
    _run(_scenario(), [slow, fast], hand_player=probe)
    asked = {hand for _t, hand, _s in slow.calls}
    assert probe.answers[(1, 0)] is None
    sat_out = [h for h in range(2, 80) if h not in asked]
    assert len(sat_out) >= 4 and sat_out == list(range(2, 2 + len(sat_out)))  # until back
    for h in sat_out:
        expected = CHECK_CALL if h % 3 == 0 else FOLD
        assert probe.answers[(h, 0)] is expected, h
    assert {h % 3 == 0 for h in sat_out} == {True, False}
    back = 2 + len(sat_out)
    assert all(probe.answers[(h, 0)] is CHECK_CALL for h in range(back, 80))


# --- Disconnections ---------------------------------------------------------------------------


def test_r_dis_1_disconnected_player_keeps_posting_and_times_out(
    fixed_connections: type[FixedConnections],
) -> None:
    """R-DIS-1, R-DIS-2: a player disconnected from 0 s to 400 s is still dealt in and posts, times
    out at the first decision (clock + bank) and, not being marked absent (only a connected
    player is), at every later one while away (the clock each time), and acts again once back."""
    fixed_connections.plan = {0: [(0.0, 400.0)]}
    p0 = Scripted(lambda v: 1.0)
    p1 = Scripted(lambda v: 1.0, _shove)
    result, events = _run(_scenario(stack=2000), [p0, p1], record_actions=True)
    ends = {e["hand_no"]: e["t"] for e in of_type(events, "TableHandEnded")}
    away = [h for h, t in ends.items() if t <= 400]
    posted: set[int] = set()
    acts = []
    hand = 0
    for e in events:  # hand events carry no hand number: they follow their HandStarted
        if e["type"] == "HandStarted":
            hand = e["hand_no"]
        elif e["type"] in ("ForcedBetPosted", "ActionTaken") and e["player_id"] == 0:
            if e["type"] == "ForcedBetPosted":
                posted.add(hand)
            else:
                acts.append({**e, "hand_no": hand})
    assert set(away) <= posted  # heads-up: a blind every hand, while away too
    first = acts[0]
    assert first["timed_out"] and first["hand_no"] == 1
    timed_out = [e for e in acts if e["timed_out"]]
    assert len(timed_out) > 1  # not sitting out after the first: the clock ran again
    assert all(e["timed_out"] for e in acts if e["hand_no"] in away)
    assert not any(e["timed_out"] for e in acts if e["hand_no"] > max(away) + 1)
    asked = {hand for _t, hand, _s in p0.calls}
    assert not asked & set(away)  # never asked while away
    assert max(away) + 1 in asked  # asked again after reconnecting
    out = of_type(events, "PlayerTimedOut")
    wait = 45 if _first_to_act(events, 1) == 0 else 46
    assert (out[0]["player_id"], out[0]["connected"], out[0]["at"]) == (0, False, wait)
    assert len(out) == len(timed_out) and all(not e["connected"] for e in out)
    down = of_type(events, "PlayerDisconnected")
    up = of_type(events, "PlayerReconnected")
    assert [(e["player_id"], e["at"]) for e in down] == [(0, 0)]
    assert [(e["player_id"], e["at"]) for e in up] == [(0, 400)]
    assert up[0]["t"] >= 400
    n = len(out)
    assert [(f.timeouts, f.disconnects) for f in result.finishes] == [(n, 1), (0, 0)]
    s = summary(result)["players"]
    assert [(p["timeouts"], p["disconnects"]) for p in s] == [(n, 1), (0, 0)]


def test_r_dis_1_short_disconnection_within_the_clock_is_not_a_time_out(
    fixed_connections: type[FixedConnections],
) -> None:
    """R-DIS-1: a player back within the clock answers normally; the wait counts as their time."""
    fixed_connections.plan = {0: [(0.0, 10.0)]}
    p0 = Scripted(lambda v: 1.0)
    probe = Probe(last=3)
    result, events = _run(_scenario(), [p0, Scripted(lambda v: 1.0)], hand_player=probe)
    assert probe.answers[(1, 0)] is CHECK_CALL
    # 10 s away + 1 s think and the other player's 1 s (during which p0 may already be away)
    assert _durations(events)[1] == (12 if _first_to_act(events, 1) == 0 else 11)
    assert result.finishes[0].timeouts == 0 and result.finishes[0].disconnects == 1


@pytest.mark.parametrize(
    ("seconds", "players_left", "times_out"),
    [(60.0, 2, False), (0.0, 2, True), (60.0, 1, True)],
)
def test_r_dis_3_disconnect_protection_in_late_stages(
    fixed_connections: type[FixedConnections],
    seconds: float,
    players_left: int,
    times_out: bool,
) -> None:
    """R-DIS-3: a player disconnected for 50 s gets 60 s extra once at most ``players_left``
    remain, so they are back in time; without protection, or before that stage, the 15 s clock
    and 30 s bank run out first."""
    fixed_connections.plan = {0: [(0.0, 50.0)]}
    conn = Connection(protection_seconds=seconds, protection_players_left=players_left)
    p0 = Scripted(lambda v: 1.0)
    probe = Probe(last=3)
    result, events = _run(
        _scenario(connection=conn), [p0, Scripted(lambda v: 1.0)], hand_player=probe
    )
    assert (probe.answers[(1, 0)] is None) == times_out
    first = _first_to_act(events, 1) == 0
    assert _durations(events)[1] == (46 if times_out else 52 if first else 51)
    assert result.finishes[0].timeouts == int(times_out)


def test_drawn_disconnections_are_counted_logged_and_deterministic() -> None:
    """R-DIS-1, R-DIS-2 with disconnections drawn from the scenario: every time-out of these
    always-quick players is a disconnected one of a decision begun inside a logged
    disconnection, the counts in the
    summary equal the log, and the same seed gives the same log."""
    conn = Connection(disconnects_per_player_hour=6.0, reconnect_median_seconds=90.0)
    sc = _scenario(6, connection=conn)

    def run() -> tuple[TournamentResult, list[dict[str, Any]]]:
        return _run(sc, [Scripted(lambda v: 2.0) for _ in range(6)], hand_player=Probe(last=300))

    result, events = run()
    assert run()[1] == events
    down: dict[int, list[int]] = {}
    up: dict[int, list[int]] = {}
    for e in of_type(events, "PlayerDisconnected"):
        down.setdefault(e["player_id"], []).append(e["at"])
    for e in of_type(events, "PlayerReconnected"):
        up.setdefault(e["player_id"], []).append(e["at"])
    outs = of_type(events, "PlayerTimedOut")
    assert outs and sum(map(len, down.values())) >= 3
    for e in outs:
        p = e["player_id"]
        assert not e["connected"]
        ends = up.get(p, []) + [math.inf] * (len(down[p]) - len(up.get(p, [])))
        # a decision begun while away: the time-out may come after the reconnection, when the
        # player was back too late to answer within the clock (not sitting out: R-DIS-1)
        clock = sc.timing.action_clock_seconds
        assert any(a <= e["at"] <= b + clock for a, b in zip(down[p], ends))
    for f in result.finishes:
        assert f.disconnects == len(down.get(f.player_id, []))
        assert f.timeouts == sum(1 for e in outs if e["player_id"] == f.player_id)
    ts = [e["t"] for e in events]
    assert ts == sorted(ts)  # the log stays in time order


@pytest.mark.parametrize(("median", "timed_out"), [(100.0, True), (1.0, False)])
def test_r_dis_1_scenario_think_time_reaches_the_models(median: float, timed_out: bool) -> None:
    """R-DIS-1 with the scenario's own models: ``[timing]`` think time is what they think (a
    100 s median with no spread runs past the 15 s clock and 30 s bank, 1 s never does)."""
    sc = _scenario(3)
    sc = dataclasses.replace(
        sc,
        timing=dataclasses.replace(sc.timing, think_median_seconds=median, think_sigma=0.0),
    )
    probe = Probe(last=2)
    events: list[Any] = []
    run_tournament(sc, 5, emit=events.append, hand_player=probe)
    first = [probe.answers[(1, p)] for p in range(3)]
    assert all(a is None for a in first) if timed_out else not any(a is None for a in first)
    outs = [event_record(e) for e in events if type(e).__name__ == "PlayerTimedOut"]
    assert len([e for e in outs if e["hand_no"] == 1]) == (3 if timed_out else 0)
    assert bool(outs) == timed_out
