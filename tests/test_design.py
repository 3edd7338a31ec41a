"""The structure designer: lobby rounding, schedules, the scenario file it writes, the search.

The search is tested twice: against a fake simulator whose duration is a known function of the
schedule (fast, exact: convergence, the impossible targets and determinism), and against the
real engine on a small field (``test_design_engine.py``).
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim.clock import BreakSchedule
from pokersim.config import AnteKind
from pokersim.design import (
    MAX_GROWTH,
    SHOVE_FEST_BB,
    DesignError,
    StructureParams,
    big_blind_ladder,
    blind_levels,
    classic_ante,
    design_structure,
    figures,
    format_report,
    late_registration_seconds,
    parse_breaks,
    round_big_blind,
    scenario_toml,
    scenario_with_structure,
)
from pokersim.errors import ConfigError
from pokersim.scenario import (
    BreakKind,
    Breaks,
    Scenario,
    load_default_scenario,
    load_scenario,
    parse_scenario,
)

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
LOBBY_MANTISSAS = {10, 12, 15, 20, 25, 30, 40, 50, 60, 80}


def _mantissa(value: int) -> int:
    """The two leading digits of a lobby value (1200 -> 12, 50 -> 50, 8 -> 80)."""
    while value >= 100:
        assert value % 10 == 0, value
        value //= 10
    return value * 10 if value < 10 else value


# --- rounding ------------------------------------------------------------------------------------


def test_ladder_holds_only_even_lobby_values() -> None:
    """R-STRUCT-1: every big blind a lobby shows, even so the small blind is exactly half."""
    ladder = big_blind_ladder(10**7)
    assert ladder[:12] == [2, 4, 6, 8, 10, 12, 20, 30, 40, 50, 60, 80]
    assert ladder == sorted(set(ladder))
    for v in ladder:
        assert v % 2 == 0
        assert _mantissa(v) in LOBBY_MANTISSAS
    assert ladder[-1] >= 10**7


@given(st.floats(min_value=0.5, max_value=1e9))
def test_round_big_blind_is_the_nearest_lobby_value_on_a_log_scale(value: float) -> None:
    """R-STRUCT-1: rounding picks the lobby value with the smallest ratio error."""
    got = round_big_blind(value)
    ladder = big_blind_ladder(math.ceil(value) * 2)
    assert got in ladder
    best = min(abs(math.log(v / value)) for v in ladder)
    assert abs(math.log(got / value)) == pytest.approx(best)


@given(st.floats(min_value=1, max_value=1e8), st.floats(min_value=1, max_value=1e8))
def test_round_big_blind_is_monotone(a: float, b: float) -> None:
    """A larger wanted blind never rounds to a smaller lobby value (no level goes backwards)."""
    lo, hi = sorted((a, b))
    assert round_big_blind(lo) <= round_big_blind(hi)


@pytest.mark.parametrize("bad", [0.0, -3.0, math.inf, math.nan])
def test_round_big_blind_rejects_non_positive_values(bad: float) -> None:
    with pytest.raises(ValueError, match="positive finite"):
        round_big_blind(bad)


@given(st.sampled_from(big_blind_ladder(10**8)))
def test_classic_ante_is_a_small_lobby_value(bb: int) -> None:
    """R-ANTE-1: a classic ante is at least 1, at most the small blind, about BB/8 or less."""
    ante = classic_ante(bb)
    assert 1 <= ante <= bb // 2
    assert ante <= max(1, bb / 8)
    if bb >= 80:  # large enough to round onto the finer ante ladder without hitting 1
        assert ante >= bb / 8 / 1.34


# --- schedules -----------------------------------------------------------------------------------

structure_params = st.builds(
    StructureParams,
    starting_stack=st.sampled_from([1000, 1500, 3000, 5000, 10000, 20000, 50000]),
    players=st.integers(min_value=2, max_value=20000),
    level_minutes=st.sampled_from([3, 5, 7.5, 10, 20, 60]),
    growth=st.floats(min_value=1.001, max_value=MAX_GROWTH),
    first_big_blind=st.sampled_from([2, 10, 20, 50, 100]),
    ante_kind=st.sampled_from(list(AnteKind)),
    ante_from=st.integers(min_value=1, max_value=12),
)


@settings(max_examples=200, deadline=None)
@given(structure_params)
def test_schedule_is_monotone_legal_and_never_repeats(params: StructureParams) -> None:
    """R-STRUCT-1 / R-ANTE-1: strictly rising big blinds on the lobby ladder, small blind exactly
    half (never above the big blind), antes from their level on and never decreasing, the last
    big blind at least half the chips in play."""
    if params.first_big_blind * 10 > params.starting_stack:
        return
    levels = blind_levels(params)
    bigs = [lv.big_blind for lv in levels]
    assert bigs == sorted(set(bigs)), "repeated or decreasing levels"
    assert bigs[0] == params.first_big_blind
    assert bigs[-1] >= params.chips_in_play / 2
    assert all(b < params.chips_in_play / 2 for b in bigs[:-1])
    ladder = set(big_blind_ladder(bigs[-1]))
    antes = [lv.ante for lv in levels]
    for i, lv in enumerate(levels):
        assert lv.small_blind * 2 == lv.big_blind
        assert lv.small_blind <= lv.big_blind
        assert lv.big_blind in ladder or i == 0
        assert lv.minutes == params.level_minutes
        if params.ante_kind is AnteKind.NONE or i + 1 < params.ante_from:
            assert lv.ante == 0 and lv.ante_kind is AnteKind.NONE
        else:
            assert lv.ante > 0 and lv.ante_kind is params.ante_kind
            if params.ante_kind is AnteKind.BIG_BLIND:
                assert lv.ante == lv.big_blind
    assert antes == sorted(antes)
    assert len(levels) <= 1 + math.ceil(math.log(bigs[-1] / bigs[0]) / math.log(1.2)) + 1


def test_faster_growth_gives_fewer_levels() -> None:
    """The search relies on it: more growth per level reaches the end in fewer levels."""
    counts = [
        len(
            blind_levels(
                StructureParams(
                    starting_stack=10000,
                    players=1000,
                    level_minutes=10,
                    growth=g,
                    first_big_blind=100,
                )
            )
        )
        for g in (1.2, 1.3, 1.5, 1.8, 2.0)
    ]
    assert counts == sorted(counts, reverse=True)
    assert counts[0] > counts[-1]


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("growth", 1.0, "blind growth"),
        ("growth", 2.5, "blind growth"),
        ("first_big_blind", 15, "even number"),
        ("first_big_blind", 200, "under 10 big blinds"),
        ("level_minutes", 0, "level minutes"),
        ("level_minutes", 0.001, "whole number of seconds"),
        ("ante_from", 0, "ante-from"),
        ("players", 1, "players"),
    ],
)
def test_structure_params_reject_bad_values(field: str, value: Any, message: str) -> None:
    good: dict[str, Any] = dict(
        starting_stack=1500, players=180, level_minutes=5, growth=1.5, first_big_blind=20
    )
    good[field] = value
    with pytest.raises(ConfigError, match=message):
        StructureParams(**good)


def test_classic_antes_follow_the_big_blind() -> None:
    """R-ANTE-1 classic: every dealt-in player posts about an eighth of the big blind."""
    levels = blind_levels(
        StructureParams(
            starting_stack=1500,
            players=180,
            level_minutes=5,
            growth=1.5,
            first_big_blind=20,
            ante_kind=AnteKind.CLASSIC,
            ante_from=3,
        )
    )
    assert [lv.ante for lv in levels[:2]] == [0, 0]
    assert levels[2].ante == classic_ante(levels[2].big_blind)
    assert all(lv.ante_kind is AnteKind.CLASSIC for lv in levels[2:])


# --- breaks and late registration ----------------------------------------------------------------


def test_breaks_option_clock_at_55() -> None:
    """R-BRK-1: '55' means breaks at :55 of every clock hour."""
    b = parse_breaks("55", length_minutes=5)
    assert (b.kind, b.minute_of_hour, b.length_seconds) == (BreakKind.CLOCK, 55, 300)
    assert parse_breaks(":30").minute_of_hour == 30


def test_breaks_option_interval_and_none() -> None:
    """R-BRK-2: a number of minutes is an interval from the start; 'none' switches breaks off."""
    b = parse_breaks("90", length_minutes=10)
    assert (b.kind, b.every_seconds, b.length_seconds) == (BreakKind.INTERVAL, 5400, 600)
    assert parse_breaks("none").kind is BreakKind.NONE


@pytest.mark.parametrize("bad", ["soon", ":75", "0", "-5", "5"])
def test_breaks_option_rejects_bad_values(bad: str) -> None:
    with pytest.raises(ConfigError, match="--breaks"):
        parse_breaks(bad, length_minutes=5)


def test_late_registration_closes_at_the_end_of_its_level() -> None:
    """R-REG-1: late registration is rounded up to the end of the level it falls in."""
    none = Breaks(kind=BreakKind.NONE)
    assert late_registration_seconds(22, 5, none, 0) == 25 * 60
    assert late_registration_seconds(25, 5, none, 0) == 25 * 60
    assert late_registration_seconds(0, 5, none, 0) == 0
    # Breaks at :55 from a 00:00 start: 60 minutes of play end at 65 clock minutes.
    clock = Breaks(kind=BreakKind.CLOCK, minute_of_hour=55, length_seconds=300)
    assert late_registration_seconds(58, 20, clock, 0) == 65 * 60
    with pytest.raises(ConfigError, match="late registration"):
        late_registration_seconds(-1, 5, none, 0)


# --- the scenario file ---------------------------------------------------------------------------


def _designed(base: Scenario, players: int = 180, growth: float = 1.5) -> Scenario:
    params = StructureParams(
        starting_stack=3000, players=players, level_minutes=7.5, growth=growth, first_big_blind=20
    )
    return scenario_with_structure(
        base,
        name="designed",
        players=players,
        levels=blind_levels(params),
        starting_stack=3000,
        breaks=parse_breaks("60", length_minutes=5),
        late_registration=late_registration_seconds(30, 7.5, parse_breaks("60"), 0),
    )


@pytest.mark.parametrize(
    ("base_file", "players"),
    [
        ("default.toml", 1000),
        ("mtt_1000.toml", 180),
        ("mtt_10000.toml", 10000),
        ("sng_9max.toml", 9),
    ],
)
def test_written_file_loads_back_as_the_same_scenario(
    base_file: str, players: int, tmp_path: Path
) -> None:
    """R-STRUCT-1: the file written is the structure designed, key for key."""
    sc = _designed(load_scenario(SCENARIOS / base_file), players=players)
    path = tmp_path / "out.toml"
    path.write_text(scenario_toml(sc), encoding="utf-8")
    back = load_scenario(path)
    assert replace(back, source=None) == replace(sc, source=None)


def test_base_payouts_that_do_not_cover_the_field_are_a_clear_error() -> None:
    sng = load_scenario(SCENARIOS / "sng_9max.toml")  # pays 9 entries; its field is in shares
    sc = _designed(sng, players=1000)
    with pytest.raises(ConfigError, match="no band covers players.count = 1000"):
        scenario_toml(sc)


def test_base_field_in_counts_cannot_be_resized_and_says_so() -> None:
    """A mix given in counts (the sit-and-go's field as 2 + 7) fits only its own player count."""
    sng = load_scenario(SCENARIOS / "sng_9max.toml")
    counted = tuple(
        replace(entry, percent=None, count=count)
        for entry, count in zip(sng.players.mix, (2, 7), strict=True)
    )
    base = replace(sng, players=replace(sng.players, mix=counted))
    with pytest.raises(DesignError, match=r"sng_9max.toml: its field cannot be resized to 1000"):
        _designed(base, players=1000)


def test_written_file_keeps_payout_bands_and_optional_sections(tmp_path: Path) -> None:
    """Custom payouts, bounties, deals, faults, conduct and connection terms survive the trip."""
    data: dict[str, Any] = {
        "name": "custom",
        "starting_stack": 1000,
        "players": {"count": 30, "mix": [{"model": "random", "count": 30, "params": {"a": [1]}}]},
        "levels": [{"small_blind": 5, "big_blind": 10, "minutes": 3}],
        "payouts": {
            "bands": [
                {
                    "min_entries": 10,
                    "max_entries": 99,
                    "pay": [
                        {"places": 1, "percent": 33.333334},
                        {"places": 2, "percent": 33.333333},
                    ],
                },
                {"min_entries": 100, "pay": [{"places": 1, "percent": 100}]},
            ]
        },
        "entries": {"bounty_cents": 500, "late_registration_minutes": 12.5},
        "bounty": {"kind": "pko"},
        "deal": {"enabled": True, "method": "chip-chop", "at_players": 2},
        "faults": {"server_failures_per_hour": 0.25, "disqualified_prize": "forfeit"},
        "conduct": {
            "ladder": ["warning", "chips_removed", "disqualification"],
            "chips_removed_percent": 25,
            "confiscate": "part",
            "confiscate_percent": 40,
            "infractions_per_hour": 0.5,
        },
        "connection": {"disconnects_per_player_hour": 0.5, "protection_players_left": 9},
        "hand_for_hand": {"stages": [{"kind": "players", "from_players": 12, "to_players": 9}]},
    }
    sc = parse_scenario(data)
    back = parse_scenario(tomllib.loads(scenario_toml(sc)))
    assert replace(back, source=None) == replace(sc, source=None)


# --- figures -------------------------------------------------------------------------------------


def _rows(durations: list[int], ft_bb: list[float | None] | None = None) -> list[dict[str, Any]]:
    ft_bb = ft_bb if ft_bb is not None else [20.0] * len(durations)
    return [
        {
            "duration_seconds": d,
            "bubble_seconds": d // 2,
            "level_at_bubble": 7,
            "avg_stack_bb_at_bubble": 25.0,
            "final_table_seconds": d * 3 // 4,
            "level_at_final_table": 10 + i,
            "avg_stack_bb_at_final_table": bb,
        }
        for i, (d, bb) in enumerate(zip(durations, ft_bb))
    ]


def test_figures_percentiles_and_shove_fest_share() -> None:
    rows = _rows([100, 200, 300, 400, 500], [5.0, 9.9, 10.0, 30.0, None])
    rep = figures(rows, target_seconds=250)
    assert dict(rep.duration_percentiles) == {10: 140, 25: 200, 50: 300, 75: 400, 90: 460}
    assert rep.median_seconds == 300
    assert rep.deviation == pytest.approx(0.2)
    assert rep.level_at_final_table == 12
    assert rep.shove_share == pytest.approx(2 / 4)  # runs without a final table are left out
    text = format_report(rep)
    assert "+20.0% from the target" in text
    assert f"under {SHOVE_FEST_BB:g} BB average in 50% of runs" in text
    assert "WARNING" in text


def test_figures_without_a_shove_fest_print_no_warning() -> None:
    text = format_report(figures(_rows([100, 110, 120])))
    assert "0% of runs" in text and "WARNING" not in text and "target" not in text


# --- the search against a fake simulator ---------------------------------------------------------


class FakeField:
    """Duration = clock time when the schedule's big blind reaches chips / ``end_depth``,
    plus a per-run spread: a known, monotone function of the structure."""

    def __init__(
        self, end_depth: float = 25.0, *, fixed: int = 0, blind_share: float = 1.0
    ) -> None:
        self.end_depth = end_depth
        self.fixed = fixed
        self.blind_share = blind_share
        self.calls: list[Scenario] = []

    def __call__(self, sc: Scenario) -> tuple[list[dict[str, Any]], None]:
        self.calls.append(sc)
        chips = sc.starting_stack * sc.players.count
        idx = next(
            (i for i, lv in enumerate(sc.levels) if lv.big_blind >= chips / self.end_depth),
            len(sc.levels) - 1,
        )
        schedule = BreakSchedule.from_breaks(sc.breaks, sc.start_seconds)
        end = schedule.time_of_play(sum(sc.level_seconds[:idx]) + 1)
        end = self.fixed + round(self.blind_share * end)
        return _rows([end - 120, end - 60, end, end + 60, end + 180]), None


def _search(fake: FakeField, **kw: Any) -> Any:
    args: dict[str, Any] = dict(
        players=1000,
        starting_stack=10000,
        level_minutes=10,
        target_seconds=4 * 3600,
        simulate=fake,
        breaks=parse_breaks("55"),
    )
    args.update(kw)
    return design_structure(load_default_scenario(), **args)


@pytest.mark.parametrize(
    ("players", "minutes", "hours"),
    [(180, 5, 2), (180, 20, 8), (1000, 6, 2), (1000, 12, 4), (10000, 10, 4), (10000, 20, 8)],
)
def test_search_converges_within_five_percent(players: int, minutes: int, hours: int) -> None:
    """The median of the accepted candidate's own runs is within 5% of the target, in a few
    candidates, and the structure returned is the one that was simulated."""
    fake = FakeField()
    d = _search(fake, players=players, level_minutes=minutes, target_seconds=hours * 3600)
    assert abs(d.report.median_seconds / (hours * 3600) - 1) <= 0.05
    assert len(fake.calls) == len(d.trials) <= 6
    assert fake.calls[-1] == d.scenario
    assert d.scenario.players.count == players
    assert d.report.target_seconds == hours * 3600


def test_search_converges_when_part_of_the_pace_ignores_the_blinds() -> None:
    """Weak players bust at their own pace: only part of the duration follows the blinds, so a
    proportional step alone would crawl; the secant step still gets there in a few candidates."""
    fake = FakeField(fixed=2 * 3600, blind_share=0.3)
    d = _search(fake, target_seconds=4 * 3600, level_minutes=10)
    assert abs(d.report.median_seconds / (4 * 3600) - 1) <= 0.05
    assert len(fake.calls) <= 3  # proportional steps alone need 4 here


def test_search_is_deterministic() -> None:
    a, b = _search(FakeField()), _search(FakeField())
    assert a.trials == b.trials
    assert scenario_toml(a.scenario) == scenario_toml(b.scenario)


def test_target_too_short_for_the_field_is_a_clear_error() -> None:
    """Even doubling the blinds every level is too slow: say so, and what to change."""
    with pytest.raises(DesignError, match="too short for this field.*shorter levels"):
        _search(FakeField(), players=10000, level_minutes=30, target_seconds=2 * 3600)


def test_target_beyond_the_slowest_ladder_is_a_clear_error() -> None:
    """Even one lobby step per level ends too soon: the stack cannot last that long."""
    with pytest.raises(DesignError, match="slowest lobby ladder.*longer levels"):
        _search(
            FakeField(), players=180, starting_stack=1500, level_minutes=3, target_seconds=36000
        )


def test_levels_too_long_for_the_target_fail_before_simulating() -> None:
    fake = FakeField()
    with pytest.raises(DesignError, match="fewer than two levels"):
        _search(fake, level_minutes=90, target_seconds=2 * 3600)
    assert fake.calls == []


def test_late_registration_after_the_target_fails_before_simulating() -> None:
    fake = FakeField()
    with pytest.raises(DesignError, match="late registration"):
        _search(fake, late_registration_minutes=5 * 60)
    assert fake.calls == []


def test_late_registration_is_written_to_the_file() -> None:
    """R-REG-1: the designed file carries late registration, rounded to the end of its level."""
    # Start 07:25, break 07:55-08:00: at 42 clock minutes level 4 is in force (37 minutes of
    # play); its 40th minute of play is the 45th clock minute.
    d = _search(FakeField(), late_registration_minutes=42)
    assert d.scenario.entries.late_registration_seconds == 45 * 60


def test_a_tighter_aim_buys_a_margin_against_run_noise() -> None:
    """With an aim inside the tolerance the search keeps going until it lands closer."""
    loose = _search(FakeField(), level_minutes=12)
    tight = _search(FakeField(), level_minutes=12, aim=0.01)
    assert abs(tight.report.deviation or 0) <= abs(loose.report.deviation or 0)
    assert len(tight.trials) >= len(loose.trials)


def test_an_unreachable_aim_keeps_the_closest_candidate_within_tolerance() -> None:
    d = _search(FakeField(), aim=1e-9, max_trials=5)
    assert abs(d.report.deviation or 0) <= 0.05
    best = min(abs(t.median_seconds / (4 * 3600) - 1) for t in d.trials)
    assert abs(d.report.median_seconds / (4 * 3600) - 1) == pytest.approx(best)


def test_aim_outside_the_tolerance_is_rejected() -> None:
    with pytest.raises(ConfigError, match="aim must be in"):
        _search(FakeField(), aim=0.1)
