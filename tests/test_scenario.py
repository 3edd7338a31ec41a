"""Scenario files: the shipped presets load, the loader rejects bad input naming file and key."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim.config import AnteKind, BettingStructure
from pokersim.errors import ConfigError
from pokersim.scenario import (
    SHARE_UNITS,
    BalancePolicy,
    BountyKind,
    BreakKind,
    MixEntry,
    NamedPlayer,
    Players,
    Scenario,
    SyncStage,
    SyncStageKind,
    default_scenario_path,
    load_default_scenario,
    load_scenario,
    mix_counts,
)

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
SHIPPED = sorted(SCENARIOS.glob("*.toml"))


def base() -> dict[str, Any]:
    """A small valid scenario; error tests break one thing in a copy."""
    return {
        "name": "test",
        "start": "07:25",
        "seats_per_table": 9,
        "starting_stack": 1000,
        "ante_kind": "bb",
        "level_minutes": 5,
        "players": {"count": 20, "mix": [{"model": "random", "percent": 100}]},
        "levels": [
            {"small_blind": 10, "big_blind": 20},
            {"small_blind": 15, "big_blind": 30},
            {"small_blind": 25, "big_blind": 50, "ante": 50},
            {"small_blind": 50, "big_blind": 100, "ante": 100, "minutes": 7.5},
        ],
    }


def write(tmp_path: Path, data: dict[str, Any], name: str = "case.toml") -> Path:
    path = tmp_path / name
    path.write_text(tomli_w.dumps(data))
    return path


def load(tmp_path: Path, data: dict[str, Any]) -> Scenario:
    return load_scenario(write(tmp_path, data))


# --- shipped files ---------------------------------------------------------------------------


def test_shipped_scenarios_exist() -> None:
    names = {p.name for p in SHIPPED}
    assert {"default.toml", "sng_9max.toml", "mtt_1000.toml", "mtt_10000.toml"} <= names


@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
def test_every_shipped_scenario_loads_and_fills_its_field(path: Path) -> None:
    """R-STRUCT-1: every preset is a complete, valid structure whose mix fills the field."""
    scenario = load_scenario(path)
    specs = scenario.players.expand()
    assert len(specs) == scenario.players.count
    assert [s.player_id for s in specs] == list(range(scenario.players.count))
    assert len({s.name for s in specs}) == len(specs)
    assert scenario.final_table_size <= scenario.seats_per_table
    for level in scenario.levels:
        assert level.big_blind >= level.small_blind
        assert (level.ante > 0) == (level.ante_kind is not AnteKind.NONE)
    assert scenario.source == str(path)


def test_scenarios_default_is_the_builtin_default() -> None:
    assert (SCENARIOS / "default.toml").read_bytes() == default_scenario_path().read_bytes()


def test_default_is_a_180_player_9max_turbo() -> None:
    """R-BRK-1, R-SYNC-1 defaults: :55 breaks of 5 minutes; hand-for-hand on the bubble."""
    s = load_default_scenario()
    assert s.players.count == 180
    assert s.seats_per_table == 9 and s.final_table_size == 9
    assert s.start_seconds == 7 * 3600 + 25 * 60
    assert set(s.level_seconds) == {300}
    assert s.structure is BettingStructure.NO_LIMIT
    assert s.breaks.kind is BreakKind.CLOCK and s.breaks.minute_of_hour == 55
    assert s.breaks.length_seconds == 300
    assert s.hand_for_hand.stages == (SyncStage(kind=SyncStageKind.BUBBLE, margin=1),)
    assert s.payouts.is_default
    assert s.balancing.policy is BalancePolicy.POKERSTARS and s.balancing.tolerance == 1
    assert any(level.ante > 0 for level in s.levels)
    assert s.levels[0].ante == 0


def test_mtt_presets_sizes_and_level_lengths() -> None:
    mtt = load_scenario(SCENARIOS / "mtt_1000.toml")
    assert mtt.players.count == 1000 and set(mtt.level_seconds) == {600}
    assert load_scenario(SCENARIOS / "mtt_10000.toml").players.count == 10_000
    sng = load_scenario(SCENARIOS / "sng_9max.toml")
    assert sng.players.count == 9 and sng.breaks.kind is BreakKind.NONE
    assert sng.hand_for_hand.stages == ()
    assert sng.payouts.bands[0].shares == (
        SHARE_UNITS // 2,
        SHARE_UNITS * 3 // 10,
        SHARE_UNITS // 5,
    )


# --- reading values ---------------------------------------------------------------------------


def test_values_and_defaults(tmp_path: Path) -> None:
    """R-ANTE-1: the top-level ante_kind applies to levels with an ante; minutes default."""
    s = load(tmp_path, base())
    assert s.start_seconds == 26_700
    assert s.final_table_size == 9  # defaults to seats_per_table
    assert [lv.ante_kind for lv in s.levels] == [
        AnteKind.NONE,
        AnteKind.NONE,
        AnteKind.BIG_BLIND,
        AnteKind.BIG_BLIND,
    ]
    assert s.level_seconds == (300, 300, 300, 450)
    data = base()
    data["levels"][0]["minutes"] = 0.1  # 6 seconds exactly, despite binary floating point
    data["levels"][1]["minutes"] = 10 / 60  # 10 seconds, as a program writing minutes would
    assert load(tmp_path, data).level_seconds[:2] == (6, 10)
    assert s.entries.late_registration_seconds == 1200  # R-REG-1 default 20 minutes
    assert s.hand_for_hand.stages == (SyncStage(kind=SyncStageKind.BUBBLE, margin=1),)
    assert s.bounty.kind is BountyKind.NONE
    assert s.timing.action_clock_seconds == 15


def test_start_with_seconds_and_interval_breaks(tmp_path: Path) -> None:
    """R-BRK-2: interval breaks every N minutes from the start."""
    data = base()
    data["start"] = "23:59:30"
    data["breaks"] = {"kind": "interval", "every_minutes": 60, "length_minutes": 3}
    s = load(tmp_path, data)
    assert s.start_seconds == 86_370
    assert s.breaks.kind is BreakKind.INTERVAL
    assert s.breaks.every_seconds == 3600 and s.breaks.length_seconds == 180


def test_hand_for_hand_stages_and_ranges(tmp_path: Path) -> None:
    """R-SYNC-1: bubble from paid + margin down to paid; more stages can be listed."""
    data = base()
    data["hand_for_hand"] = {
        "stages": [
            {"kind": "bubble", "margin": 2},
            {"kind": "final-table"},
            {"kind": "players", "from_players": 30, "to_players": 25},
        ]
    }
    stages = load(tmp_path, data).hand_for_hand.stages
    assert [st.active_range(27, 9) for st in stages] == [(27, 29), (9, 10), (25, 30)]


def test_hand_for_hand_can_be_switched_off(tmp_path: Path) -> None:
    data = base()
    data["hand_for_hand"] = {"stages": []}
    assert load(tmp_path, data).hand_for_hand.stages == ()


def test_params_are_frozen_deeply(tmp_path: Path) -> None:
    data = base()
    data["players"]["mix"][0]["params"] = {"open": [1, 2], "table": {"x": 1}}
    spec = load(tmp_path, data).players.expand()[0]
    assert spec.params == {"open": (1, 2), "table": {"x": 1}}
    with pytest.raises(TypeError):
        spec.params["table"]["x"] = 2
    # Hashable, so equal specs can share one model instance.
    assert hash(spec.params) == hash(load(tmp_path, data).players.expand()[1].params)
    assert hash(spec) == hash(load(tmp_path, data).players.expand()[0])


def test_custom_payout_bands(tmp_path: Path) -> None:
    """R-REG-3: payout table by number of entries; percentages exact to 6 decimals."""
    data = base()
    data["payouts"] = {
        "bands": [
            {"min_entries": 2, "max_entries": 10, "pay": [{"places": 1, "percent": 100}]},
            {
                "min_entries": 11,
                "pay": [
                    {"places": 1, "percent": 50.000002},
                    {"places": 2, "percent": 24.999999},
                ],
            },
        ]
    }
    bands = load(tmp_path, data).payouts.bands
    assert bands[0].shares == (SHARE_UNITS,)
    assert bands[1].shares == (50_000_002, 24_999_999, 24_999_999)
    assert bands[1].max_entries is None


def test_r_reg_3_payout_bands_must_cover_the_entries_reentries_can_make(tmp_path: Path) -> None:
    """A run used to stop mid-way at the re-entry past the last band; now the file is refused."""
    data = base()
    count = data["players"]["count"]
    data["payouts"] = {
        "bands": [{"min_entries": 2, "max_entries": count, "pay": [{"places": 1, "percent": 100}]}]
    }
    data["entries"] = {"reentries_per_player": 1, "late_registration_minutes": 20}
    with pytest.raises(ConfigError) as err:
        load(tmp_path, data)
    text = str(err.value)
    assert "payouts.bands: the last band ends at" in text and f"can make {2 * count}" in text
    data["entries"]["late_registration_minutes"] = 0  # no re-entry possible: fine
    assert load(tmp_path, data).payouts.bands[0].max_entries == count
    data["entries"]["late_registration_minutes"] = 20
    data["payouts"]["bands"][0].pop("max_entries")  # an open-ended last band covers any field
    assert load(tmp_path, data).payouts.bands[0].max_entries is None


def test_bounty_and_entries_sections(tmp_path: Path) -> None:
    """R-KO-1: a PKO takes its bounty part from every buy-in."""
    data = base()
    data["entries"] = {
        "prize_cents": 500,
        "bounty_cents": 500,
        "fee_cents": 100,
        "guarantee_cents": 100_000,
        "late_registration_minutes": 30,
    }
    data["bounty"] = {"kind": "pko"}
    s = load(tmp_path, data)
    assert s.bounty.kind is BountyKind.PKO
    assert s.entries.buy_in_cents == 1100 and s.entries.late_registration_seconds == 1800


# --- players mix ------------------------------------------------------------------------------


def test_mix_counts_example_from_the_issue(tmp_path: Path) -> None:
    data = base()
    data["players"] = {
        "count": 180,
        "mix": [
            {"model": "tight-aggressive", "percent": 10, "skill": 0.9},
            {"model": "tight-aggressive", "percent": 90, "skill": 0.4},
        ],
    }
    specs = load(tmp_path, data).players.expand()
    assert sum(1 for s in specs if s.skill == 0.9) == 18
    assert sum(1 for s in specs if s.skill == 0.4) == 162


def test_mix_largest_remainder_and_ties_to_first_listed() -> None:
    thirds = Players(
        count=10,
        mix=(
            MixEntry(model="a", percent=33.3333),
            MixEntry(model="b", percent=33.3333),
            MixEntry(model="c", percent=33.3334),
        ),
    )
    assert mix_counts(thirds) == (3, 3, 4)
    halves = Players(
        count=7, mix=(MixEntry(model="a", percent=50), MixEntry(model="b", percent=50))
    )
    assert mix_counts(halves) == (4, 3)


def test_named_players_first_and_counted_slices() -> None:
    players = Players(
        count=10,
        named=(NamedPlayer(name="Hero", model="tight-aggressive", skill=0.95),),
        mix=(MixEntry(model="calling-station", count=2), MixEntry(model="random", percent=100)),
    )
    specs = players.expand()
    assert [s.model for s in specs] == ["tight-aggressive"] + ["calling-station"] * 2 + [
        "random"
    ] * 7
    assert specs[0].name == "Hero" and specs[0].source == "named"
    assert [s.name for s in specs[1:3]] == ["P02", "P03"]
    assert specs[3].source == "mix[1]"


@settings(max_examples=200, deadline=None)
@given(
    count=st.integers(2, 5000),
    weights=st.lists(st.integers(1, 100), min_size=1, max_size=6),
    fixed=st.lists(st.integers(0, 3), max_size=3),
)
def test_mix_expansion_is_exact_and_fair(count: int, weights: list[int], fixed: list[int]) -> None:
    """Counts sum to the field; each percent slice gets the floor or ceiling of its quota."""
    total = sum(weights)
    # Integer percents summing to exactly 100: scale, then fix the rounding on the last one.
    percents = [w * 100 // total for w in weights]
    percents[-1] += 100 - sum(percents)
    if any(p <= 0 for p in percents) or sum(fixed) > count:
        return
    mix = tuple(MixEntry(model="random", percent=p) for p in percents) + tuple(
        MixEntry(model="calling-station", count=c) for c in fixed
    )
    players = Players(count=count, mix=mix)
    counts = mix_counts(players)
    assert sum(counts) == count
    rest = count - sum(fixed)
    for p, n in zip(percents, counts):
        quota = p * rest / 100
        assert int(quota) <= n <= int(quota) + 1
    assert counts[len(percents) :] == tuple(fixed)
    assert players.expand() == players.expand()


# --- errors -----------------------------------------------------------------------------------

Mutation = Callable[[dict[str, Any]], None]


def _set(path: str, value: Any) -> Mutation:
    def apply(data: dict[str, Any]) -> None:
        node: Any = data
        keys = path.split(".")
        for key in keys[:-1]:
            node = node[int(key)] if key.isdigit() else node.setdefault(key, {})
        last = keys[-1]
        if last.isdigit():
            node[int(last)] = value
        else:
            node[last] = value

    return apply


def _del(path: str) -> Mutation:
    def apply(data: dict[str, Any]) -> None:
        node: Any = data
        keys = path.split(".")
        for key in keys[:-1]:
            node = node[int(key)] if key.isdigit() else node[key]
        del node[keys[-1]]

    return apply


BAND = {"min_entries": 2, "pay": [{"places": 1, "percent": 60}, {"places": 1, "percent": 40}]}

ERRORS: list[tuple[str, Mutation, list[str]]] = [
    ("typo at top", _set("seats_per_tabel", 9), ["seats_per_tabel", "unknown key"]),
    ("typo in level", _set("levels.1.big_blnd", 30), ["levels[1].big_blnd", "unknown key"]),
    ("typo in section", _set("breaks.lenght_minutes", 5), ["breaks.lenght_minutes"]),
    (
        "big below small",
        _set("levels.3.big_blind", 40),
        ["levels[3].big_blind", "small_blind = 50"],
    ),
    ("no levels", _set("levels", []), ["levels", "at least one level"]),
    ("missing levels", _del("levels"), ["levels", "required"]),
    ("negative stack", _set("starting_stack", -5), ["starting_stack", ">= 1"]),
    ("stack as text", _set("starting_stack", "1000"), ["starting_stack", "expected an integer"]),
    ("stack as bool", _set("starting_stack", True), ["starting_stack", "expected an integer"]),
    (
        "final table too big",
        _set("final_table_size", 10),
        ["final_table_size", "seats_per_table = 9"],
    ),
    ("seats 11", _set("seats_per_table", 11), ["seats_per_table", "<= 10"]),
    ("bad start", _set("start", "7:25"), ["start", "HH:MM"]),
    ("start 24h", _set("start", "24:00"), ["start", "HH:MM"]),
    ("unknown betting", _set("betting", "nolimit"), ["betting", "'no-limit'"]),
    ("ante without kind", _set("ante_kind", "none"), ["levels[2].ante_kind", "'classic'"]),
    ("fractional seconds", _set("levels.0.minutes", 0.001), ["levels[0].minutes", "seconds"]),
    ("zero minutes", _set("levels.0.minutes", 0), ["levels[0].minutes", "> 0"]),
    ("tiny level", _set("levels.0.minutes", 1e-9), ["levels[0].minutes", "one second"]),
    ("endless level", _set("levels.0.minutes", 1e308), ["levels[0].minutes", "<= 1000000"]),
    ("no minutes", _del("level_minutes"), ["levels[0].minutes", "required"]),
    (
        "percents not 100",
        _set("players.mix", [{"model": "random", "percent": 90}]),
        ["players.mix", "add up to 100"],
    ),
    ("percent and count", _set("players.mix.0.count", 3), ["players.mix[0]", "exactly one"]),
    (
        "bad model",
        _set("players.mix.0.model", "Tight Aggressive!"),
        ["players.mix[0].model", "package.module:ClassName"],
    ),
    ("skill above 1", _set("players.mix.0.skill", 1.5), ["players.mix[0].skill", "<= 1"]),
    (
        "counts too small",
        _set("players.mix", [{"model": "random", "count": 5}]),
        ["players", "15 player(s)"],
    ),
    (
        "counts too large",
        _set("players.mix", [{"model": "random", "count": 25}]),
        ["players", "more than players.count"],
    ),
    ("one player", _set("players.count", 1), ["players.count", ">= 2"]),
    (
        "duplicate names",
        _set("players.named", [{"name": "A", "model": "random"}] * 2),
        ["players.named[1].name", "duplicate"],
    ),
    (
        "generated-looking name",
        _set("players.named", [{"name": "P7", "model": "random"}]),
        ["players.named[0].name", "generated"],
    ),
    ("break minute", _set("breaks", {"at": ":75"}), ["breaks.at", "':55'"]),
    (
        "every with clock",
        _set("breaks", {"every_minutes": 60}),
        ["breaks.every_minutes", "'interval'"],
    ),
    ("break kind", _set("breaks", {"kind": "hourly"}), ["breaks.kind", "'clock'"]),
    (
        "balancing policy",
        _set("balancing", {"policy": "random"}),
        ["balancing.policy", "'pokerstars', 'tda'"],
    ),
    ("tolerance 0", _set("balancing", {"tolerance": 0}), ["balancing.tolerance", ">= 1"]),
    (
        "stage kind",
        _set("hand_for_hand", {"stages": [{"kind": "bubbel"}]}),
        ["hand_for_hand.stages[0].kind", "'bubble'"],
    ),
    (
        "stage range",
        _set(
            "hand_for_hand", {"stages": [{"kind": "players", "from_players": 10, "to_players": 10}]}
        ),
        ["hand_for_hand.stages[0].to_players", "from_players = 10"],
    ),
    (
        "payout sum",
        _set(
            "payouts",
            {
                "bands": [
                    {
                        "min_entries": 2,
                        "pay": [{"places": 1, "percent": 60}, {"places": 1, "percent": 39}],
                    }
                ]
            },
        ),
        ["payouts.bands[0].pay", "summing to 100", "99"],
    ),
    (
        "payout sum a millionth short",
        _set(
            "payouts",
            {"bands": [{"min_entries": 9, "pay": [{"places": 9, "percent": 11.111111}]}]},
        ),
        ["payouts.bands[0].pay", "summing to 100 exactly, got 99.999999"],
    ),
    (
        "payout increasing",
        _set(
            "payouts",
            {
                "bands": [
                    {
                        "min_entries": 2,
                        "pay": [{"places": 1, "percent": 40}, {"places": 1, "percent": 60}],
                    }
                ]
            },
        ),
        ["payouts.bands[0].pay[1].percent", "never increase"],
    ),
    (
        "payout too precise",
        _set(
            "payouts",
            {
                "bands": [
                    {
                        "min_entries": 2,
                        "pay": [
                            {"places": 1, "percent": 60.0000001},
                            {"places": 1, "percent": 39.9999999},
                        ],
                    }
                ]
            },
        ),
        ["payouts.bands[0].pay[0].percent", "6 decimals"],
    ),
    (
        "payout places > entries",
        _set("payouts", {"bands": [{"min_entries": 1, "pay": BAND["pay"]}]}),
        ["payouts.bands[0].pay", "min_entries = 1"],
    ),
    (
        "payout gap",
        _set("payouts", {"bands": [dict(BAND, max_entries=10), dict(BAND, min_entries=12)]}),
        ["payouts.bands[1].min_entries", "expected 11"],
    ),
    (
        "payout open band not last",
        _set("payouts", {"bands": [BAND, dict(BAND, min_entries=30)]}),
        ["payouts.bands[1]", "open-ended"],
    ),
    (
        "payout not covering",
        _set("payouts", {"bands": [dict(BAND, max_entries=10)]}),
        ["payouts.bands", "players.count = 20"],
    ),
    ("payout unknown key", _set("payouts", {"table": "default"}), ["payouts.table", "unknown"]),
    ("ko without bounty", _set("bounty", {"kind": "ko"}), ["bounty.kind", "bounty_cents > 0"]),
    (
        "bounty without ko",
        _set("entries", {"bounty_cents": 100}),
        ["entries.bounty_cents", "expected 0"],
    ),
    (
        "fixed without targets",
        _set("bounty", {"kind": "fixed", "amount_cents": 100}),
        ["bounty.targets"],
    ),
    ("negative fee", _set("entries", {"fee_cents": -1}), ["entries.fee_cents", ">= 0"]),
    (
        "add-on without rebuys",
        _set("entries", {"addon_price_cents": 100, "addon_chips": 1000}),
        ["entries.addon_chips", "rebuy period"],
    ),
    (
        "deal keep above 5%",
        _set("deal", {"keep_for_first_percent": 6}),
        ["deal.keep_for_first_percent", "<= 5"],
    ),
    (
        "cancel probability",
        _set("faults", {"cancel_probability": 1.5}),
        ["faults.cancel_probability", "<= 1"],
    ),
    (
        "cancel stage before the money",
        _set("faults", {"cancel_at_stage": "before-money"}),
        ["faults.cancel_at_stage", "'in-money'", "cancel_at_minute"],
    ),
    (
        "cancel stage unknown",
        _set("faults", {"cancel_at_stage": "bubble"}),
        ["faults.cancel_at_stage", "'before-start'", "'bubble'"],
    ),
    (
        "cancel twice",
        _set("faults", {"cancel_at_stage": "in-money", "cancel_at_minute": 30}),
        ["faults.cancel_at_stage", "not both"],
    ),
    (
        "cancel at a negative minute",
        _set("faults", {"cancel_at_minute": -1}),
        ["faults.cancel_at_minute", ">= 0"],
    ),
    (
        "cancel in-money policy",
        _set("faults", {"cancellation_in_money_policy": "icm"}),
        ["faults.cancellation_in_money_policy", "'next-payout-plus-chips'"],
    ),
    (
        "refund fees flag",
        _set("faults", {"cancellation_refunds_fees": "yes"}),
        ["faults.cancellation_refunds_fees", "true or false"],
    ),
    (
        "dq prize",
        _set("faults", {"disqualified_prize": "split"}),
        ["faults.disqualified_prize", "'forfeit'"],
    ),
    (
        "R-COND-3 confiscation in a shoot-out",
        lambda data: data.update(
            shootout={"enabled": True},
            conduct={"infractions_per_hour": 10, "confiscate": "all"},
        ),
        ["conduct.confiscate", "shoot-out", "expected 'none'"],
    ),
    (
        "connection typo",
        _set("connection", {"disconnect_rate": 0.1}),
        ["connection.disconnect_rate", "unknown"],
    ),
    ("section not a table", _set("timing", 5), ["timing", "expected a table"]),
    ("negative deal time", _set("timing", {"deal_seconds": -1}), ["timing.deal_seconds"]),
]


@pytest.mark.parametrize(
    "mutate, expected", [(m, e) for _, m, e in ERRORS], ids=[name for name, _, _ in ERRORS]
)
def test_bad_scenarios_name_file_key_and_expectation(
    tmp_path: Path, mutate: Mutation, expected: list[str]
) -> None:
    data = copy.deepcopy(base())
    mutate(data)
    path = write(tmp_path, data, "broken_case.toml")
    with pytest.raises(ConfigError) as info:
        load_scenario(path)
    message = str(info.value)
    assert message.startswith(str(path))
    for fragment in expected:
        assert fragment in message


def test_base_scenario_is_valid(tmp_path: Path) -> None:
    """The error cases above each break exactly one thing in this valid scenario."""
    assert load(tmp_path, base()).name == "test"


def test_missing_file_and_bad_toml(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="nope.toml: no such scenario file"):
        load_scenario(tmp_path / "nope.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\nseats_per_table = \n')
    with pytest.raises(ConfigError, match="bad.toml: not valid TOML"):
        load_scenario(bad)


def test_records_validate_when_built_directly() -> None:
    """Tests and property generators build records without TOML; they check themselves too."""
    with pytest.raises(ConfigError, match="exactly one of percent, count"):
        MixEntry(model="random")
    with pytest.raises(ConfigError, match="add up to"):
        Players(count=10, mix=(MixEntry(model="random", count=20),))
    with pytest.raises(ConfigError, match="to_players < from_players"):
        SyncStage(kind=SyncStageKind.PLAYERS, from_players=5, to_players=6)


@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
def test_shipped_scenarios_name_models_that_exist(path: Path) -> None:
    """The loader only checks the spelling; the shipped presets must also run."""
    from pokersim.players import make_model

    scenario = load_scenario(path)
    kinds = {(s.model, s.skill, s.params) for s in scenario.players.expand()}
    for model, skill, params in sorted(kinds, key=repr):
        assert make_model(model, skill=skill, params=params).name


def test_r_bal_2_r_bet_1_policy_tolerance_and_structure(tmp_path: Path) -> None:
    """R-BAL-2: TDA policy and a wider tolerance can be chosen; R-BET-1: pot-limit."""
    data = base()
    data["balancing"] = {"policy": "tda", "tolerance": 2}
    data["betting"] = "pot-limit"
    s = load(tmp_path, data)
    assert s.balancing.policy is BalancePolicy.TDA and s.balancing.tolerance == 2
    assert s.structure is BettingStructure.POT_LIMIT


def test_r_deal_1_keep_for_first_at_most_5_percent_and_r_dis_4_default(tmp_path: Path) -> None:
    """R-DEAL-1: up to 5 % kept for first is accepted, more is not; R-DIS-4 default 250 hands."""
    data = base()
    data["deal"] = {"enabled": True, "method": "chip-chop", "keep_for_first_percent": 5}
    s = load(tmp_path, data)
    assert s.deal.enabled and s.deal.keep_for_first_percent == 5 and s.deal.at_players == 3
    assert s.connection.absent_hands_to_end_match == 250
    data["deal"]["keep_for_first_percent"] = 5.5
    with pytest.raises(ConfigError, match=r"deal\.keep_for_first_percent"):
        load(tmp_path, data)


def test_r_deal_2_negotiation_minutes(tmp_path: Path) -> None:
    """R-DEAL-2: 3 minutes by default, 0 for a deal put at once; bad values are one line."""
    data = base()
    data["deal"] = {"enabled": True}
    assert load(tmp_path, data).deal.negotiation_seconds == 180
    data["deal"]["negotiation_minutes"] = 0
    assert load(tmp_path, data).deal.negotiation_seconds == 0
    data["deal"]["negotiation_minutes"] = 2.5
    assert load(tmp_path, data).deal.negotiation_seconds == 150
    for bad in (-1, "long", 0.001):
        data["deal"]["negotiation_minutes"] = bad
        with pytest.raises(ConfigError, match=r"deal\.negotiation_minutes") as err:
            load(tmp_path, data)
        assert "\n" not in str(err.value)
