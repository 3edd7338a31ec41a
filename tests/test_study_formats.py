"""Study reductions of real logs with re-entries and late registration (R-REG-1, R-REG-2).

The log alone must tell the engine's story: the bubble time (the payout table and the field
change as entries come in) and the players left over time.
"""

from __future__ import annotations

import tomllib
from bisect import bisect_right
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from pokersim import run_rows, study
from pokersim.engine import TournamentResult, run_tournament
from pokersim.results import bubble_time, event_record
from pokersim.rng import derive_seed
from pokersim.scenario import ArrivalProcess, Scenario, default_scenario_path, load_scenario

ROOT = Path(__file__).resolve().parents[1]


def _late(players: int = 60) -> Scenario:
    """The default structure, 60 players, 30 % of them late over 30 minutes, one re-entry."""
    sc = load_scenario(default_scenario_path())
    sc = replace(sc, players=replace(sc.players, count=players))
    return replace(
        sc,
        entries=replace(
            sc.entries,
            late_arrivals_percent=30,
            late_registration_seconds=1800,
            reentries_per_player=1,
            arrival=ArrivalProcess.LATE_SURGE,
        ),
    )


def _run(sc: Scenario, seed: int) -> tuple[TournamentResult, list[Any]]:
    log: list[Any] = []
    result = run_tournament(sc, seed, emit=log.append)
    return result, log


def _check(result: TournamentResult, log: list[Any]) -> run_rows.LogReduction:
    red = run_rows.reduce_log(log, step=60)
    records = [event_record(e) for e in log]
    assert red.bubble_seconds is not None
    assert red.bubble_seconds == result.bubble_seconds == bubble_time(records)
    (burst,) = [e for e in records if e["type"] == "BubbleBurst"]
    assert red.players_at_bubble == burst["players_left"] <= burst["places_paid"]
    # players left, from the engine's own finishes: seated at the start + registered late -
    # out for good (eliminated_at: when they were out, also when ranked later)
    start = next(e for e in records if e["type"] == "TournamentStarted")["entries"]
    regs = sorted(e["t"] for e in records if e["type"] == "PlayerRegistered" and e["registered"])
    outs = sorted(f.eliminated_at for f in result.finishes if f.place > 1)
    expected = [start + bisect_right(regs, t) - bisect_right(outs, t) for t, _, _ in red.timeline]
    assert [n for _, n, _ in red.timeline] == expected
    assert red.timeline[-1][1] == 1
    return red


def test_r_reg_2_bubble_from_the_log_equals_the_engines_with_re_entries() -> None:
    """R-REG-2: with re-entries the payout table follows the entries, so counting eliminations
    from the entries at the start misses the bubble; the log's BubbleBurst is the engine's."""
    sc = load_scenario(ROOT / "scenarios" / "pko.toml")
    result, log = _run(sc, 1)
    assert result.entries > log[1].entries  # re-entries happened
    red = _check(result, log)
    (closed,) = [e for e in log if type(e).__name__ == "EntriesClosed"]
    assert closed.places_paid > log[1].places_paid  # more places paid than at the start
    # the count from the start's entries and places paid would have burst elsewhere
    out_t = sorted(e.t for e in log if type(e).__name__ == "PlayerEliminated" and e.place > 1)
    assert out_t[log[1].entries - log[1].places_paid - 1] != red.bubble_seconds


@pytest.mark.parametrize("seed", [1, 2])
def test_r_reg_1_bubble_and_players_left_with_late_registration(seed: int) -> None:
    """R-REG-1: late players join the field and players out during late registration leave it
    when they bust (they are ranked when it closes): the timeline follows both, the bubble is
    the engine's, and the chips in play grow with every stack bought in."""
    sc = _late()
    result, log = _run(sc, seed)
    registered = [e for e in log if type(e).__name__ == "PlayerRegistered" and e.registered]
    assert registered
    red = _check(result, log)
    stack = sc.starting_stack
    _t0, left0, avg0 = red.timeline[0]
    bb0 = next(e.big_blind for e in log if type(e).__name__ == "LevelStarted")
    assert left0 == log[1].entries
    assert avg0 == pytest.approx(log[1].entries * stack / left0 / bb0)  # before anyone bought in
    _t, left_end, avg_end = red.timeline[-1]
    bb_end = [e.big_blind for e in log if type(e).__name__ == "LevelStarted"][-1]
    assert avg_end == pytest.approx(result.chips_in_play / left_end / bb_end)
    assert result.chips_in_play > log[1].entries * stack
    assert max(n for _, n, _ in red.timeline) > log[1].entries  # late players counted


def test_study_rows_carry_the_engines_bubble_with_late_entries(tmp_path: Path) -> None:
    """A study's ``bubble_seconds`` is the engine's with late registration and re-entries."""
    data = tomllib.loads(default_scenario_path().read_text(encoding="utf-8"))
    data["players"]["count"] = 45
    data.setdefault("entries", {}).update(
        late_arrivals_percent=30, late_registration_minutes=30, reentries_per_player=1
    )
    path = tmp_path / "late.toml"
    path.write_bytes(tomli_w.dumps(data).encode())
    res = study.run_study(path, runs=2, seed=5, out=tmp_path / "o", jobs=1, progress=False)
    scenario = load_scenario(path)
    for i in range(2):
        result = run_tournament(scenario, derive_seed(5, i))
        row = res.runs[res.runs["run"] == i].iloc[0]
        assert row["bubble_seconds"] == result.bubble_seconds


def test_r_reg_2_study_rows_count_each_players_entries_rebuys_and_addons(tmp_path: Path) -> None:
    """R-REG-2: a player's cost is every purchase they made, priced by the scenario's terms.

    Checked against the engine's own entry count per player and the scenario's prices, so a
    study's ROI of a rebuy tournament charges rebuys and add-ons.
    """
    path = ROOT / "scenarios" / "rebuy_addon.toml"
    scenario = load_scenario(path)
    terms = scenario.entries
    res = study.run_study(path, runs=1, seed=3, out=tmp_path / "o", jobs=1, progress=False)
    result = run_tournament(scenario, derive_seed(3, 0))
    rows = res.finishes.set_index("player_id")
    assert rows["rebuys"].sum() > 0 and rows["addons"].sum() > 0
    for f in result.finishes:
        row = rows.loc[f.player_id]
        assert row["entries"] == f.entries
        cost = (
            row["entries"] * terms.buy_in_cents
            + row["rebuys"] * terms.rebuy_price_cents
            + row["addons"] * terms.addon_price_cents
        )
        assert row["cost_cents"] == cost
        assert row["profit_cents"] == f.prize_cents + f.bounty_cents - cost
    assert set(rows["addons"]) <= {0, 1}
    # every prize-pool cent was paid by some player (no guarantee in this scenario)
    fees = rows["entries"].sum() * terms.fee_cents
    assert rows["cost_cents"].sum() - fees == result.prize_pool_cents


def test_r_shoot_1_average_stack_counts_the_first_rounds_chips(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A shoot-out's log ends with the final round's chips (its winners started again at 1,500):
    the first round's average stack was those over the first round's 36 players, a sixth of the
    truth (12.5 big blinds at the start for 1,500 chips at 10/20). Each round counts its own."""
    from pokersim.cli import main  # noqa: PLC0415

    scenario = load_scenario(ROOT / "scenarios" / "shootout.toml")
    log: list[Any] = []
    run_tournament(scenario, 1, emit=log.append)
    red = run_rows.reduce_log(log)
    stack, bb = scenario.starting_stack, scenario.levels[0].big_blind
    assert red.timeline[0] == (0, 36, stack / bb)
    final = next(e for e in log if type(e).__name__ == "ShootoutRoundStarted")
    after = [row for row in red.timeline if row[0] >= final.t]
    assert after and after[0][2] == final.chips_in_play / after[0][1] / bb  # level 1 again
    assert main(["run", str(ROOT / "scenarios" / "shootout.toml"), "--seed", "1", "--report",
                 "--out", str(tmp_path / "r")]) == 0  # fmt: skip
    sheet = (tmp_path / "r" / "report.md").read_text(encoding="utf-8")
    assert "| 1 | 20:30 | 0:00 | 10/20 | – | 36 | 75.0 | 75.0 | 75.0 | 100% |" in sheet
    assert "A shoot-out starts each round after the first again at level 1" in sheet
