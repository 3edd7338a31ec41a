"""The scenario loader's bounds and typo messages: one ConfigError line naming file, key, bound."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pokersim.errors import ConfigError
from pokersim.scenario import (
    BUILTIN_MODELS,
    DEFAULT_MAX_SIMULATED_DAYS,
    LIMITS,
    load_scenario,
    parse_scenario,
)

ROOT = Path(__file__).resolve().parent.parent
SNG = (ROOT / "scenarios" / "sng_9max.toml").read_text(encoding="utf-8")


def _load(tmp_path: Path, text: str) -> object:
    path = tmp_path / "case.toml"
    path.write_text(text, encoding="utf-8")
    return load_scenario(path)


def _sub(old: str, new: str) -> str:
    assert old in SNG
    return SNG.replace(old, new, 1)


BAD = [
    # (what, file text, the parts the one-line message must hold)
    ("stack 10**30", _sub("starting_stack = 1500", f"starting_stack = {10**30}"),
     ["starting_stack", str(LIMITS.chips)]),
    ("stack 2**63-1", _sub("starting_stack = 1500", f"starting_stack = {2**63 - 1}"),
     ["starting_stack", str(LIMITS.chips)]),
    ("stack 2e15", _sub("starting_stack = 1500", "starting_stack = 2000000000000000"),
     ["starting_stack", str(LIMITS.chips)]),
    ("deal 1e300", _sub("[timing]\n", "[timing]\ndeal_seconds = 1e300\n"),
     ["timing.deal_seconds", str(LIMITS.action_seconds)]),
    ("bank 1e12", _sub("[timing]\n", "[timing]\ntime_bank_seconds = 1e12\n"),
     ["timing.time_bank_seconds", str(LIMITS.bank_seconds)]),
    ("sigma 100", _sub("think_sigma = 0.5", "think_sigma = 100"), ["timing.think_sigma"]),
    ("prize 2**63-1", _sub("prize_cents = 1000", f"prize_cents = {2**63 - 1}"),
     ["entries.prize_cents", str(LIMITS.cents)]),
    ("guarantee 2**63-1",
     _sub("fee_cents = 100", f"fee_cents = 100\nguarantee_cents = {2**63 - 1}"),
     ["entries.guarantee_cents", str(LIMITS.money_cents)]),
    ("pool past 10**15", _sub("fee_cents = 100", "fee_cents = 100\nreentries_per_player = 1000")
     .replace("prize_cents = 1000", f"prize_cents = {LIMITS.cents}")
     .replace("late_registration_minutes = 0", "late_registration_minutes = 10"),
     ["entries.prize_cents", "cents could be paid in", f"{LIMITS.money_cents:,}"]),
    ("ante above big blind", _sub("ante = 25\n", "ante = 500\n"),
     ["levels[6].ante", "big_blind = 200", "allow_ante_above_big_blind"]),
    ("big_blnd", _sub("big_blind = 20\n", "big_blnd = 20\n"),
     ["levels[0].big_blnd", "unknown key", "did you mean 'big_blind'"]),
    ("blinds_levles", SNG.replace("[[levels]]", "[[blinds_levles]]"),
     ["blinds_levles", "unknown key", "did you mean 'levels'"]),
    ("level_minuts", _sub("level_minutes = 10", "level_minuts = 10"),
     ["level_minuts", "did you mean 'level_minutes'"]),
    ("key in the wrong table", _sub("level_minutes = 10", "level_minutes = 10\ndeal_seconds = 3"),
     ["deal_seconds", "belongs in [timing]"]),
    ("model typo", _sub('model = "recreational"', 'model = "recreatoinal"'),
     ["players.mix[1].model", "recreatoinal", "did you mean 'recreational'"]),
    ("model unknown", _sub('model = "recreational"', 'model = "shark"'),
     ["players.mix[1].model", "'shark'", "package.module:ClassName"]),
    ("clock limit 0", _sub("level_minutes = 10", "level_minutes = 10\nmax_simulated_days = 0"),
     ["max_simulated_days", "> 0"]),
    ("clock limit 1000", _sub("level_minutes = 10", "level_minutes = 10\nmax_simulated_days = 1e3"),
     ["max_simulated_days", str(LIMITS.simulated_days)]),
    ("hands 2**62", SNG + f"\n[faults]\nserver_failure_at_hands = [{2**62}]\n",
     ["faults.server_failure_at_hands[0]"]),
    ("places 10**12",
     SNG.replace("{ places = 1, percent = 50 }", f"{{ places = {10**12}, percent = 50 }}"),
     ["payouts.bands[0].pay[0].places"]),
]  # fmt: skip


@pytest.mark.parametrize(("what", "text", "parts"), BAD, ids=[b[0] for b in BAD])
def test_bad_value_is_one_line_naming_file_key_and_bound(
    tmp_path: Path, what: str, text: str, parts: list[str]
) -> None:
    with pytest.raises(ConfigError) as info:
        _load(tmp_path, text)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(f"{tmp_path / 'case.toml'}: "), message
    for part in parts:
        assert part in message, (part, message)


def test_unknown_keys_come_before_missing_ones() -> None:
    """A typo'd required key is named as the unknown key, not as the missing one."""
    data = {"name": "x", "starting_stack": 100, "playres": {"count": 2}}
    with pytest.raises(ConfigError, match=r"^t\.toml: playres: unknown key.*'players'"):
        parse_scenario(data, source="t.toml")


def test_ante_above_big_blind_with_the_opt_in(tmp_path: Path) -> None:
    text = _sub("ante = 25\n", "ante = 500\n").replace(
        "level_minutes = 10", "level_minutes = 10\nallow_ante_above_big_blind = true"
    )
    scenario = _load(tmp_path, text)
    assert scenario.levels[6].ante == 500  # type: ignore[attr-defined]


def test_clock_limit_default_and_key(tmp_path: Path) -> None:
    assert _load(tmp_path, SNG).max_simulated_seconds == DEFAULT_MAX_SIMULATED_DAYS * 86400  # type: ignore[attr-defined]
    text = _sub("level_minutes = 10", "level_minutes = 10\nmax_simulated_days = 1.5")
    assert _load(tmp_path, text).max_simulated_seconds == 129600  # type: ignore[attr-defined]


def test_the_bounds_in_the_readme_are_the_loaders() -> None:
    readme = (ROOT / "scenarios" / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Bounds", 1)[1].split("\n## ", 1)[0]
    numbers = {int(n.replace(",", "")) for n in re.findall(r"\b\d[\d,]*\b", section)}
    numbers |= {10 ** int(e) for e in re.findall(r"10\^(\d+)", section)}
    for name in ("players", "chips", "chips_in_play", "cents", "money_cents", "buys_per_player",
                 "entries", "hands", "minutes", "action_seconds", "bank_seconds", "think_sigma",
                 "failures_per_hour", "events_per_hour", "disconnects_per_player_hour",
                 "simulated_days"):  # fmt: skip
        assert getattr(LIMITS, name) in numbers, name


def test_builtin_model_names_match_the_players_module() -> None:
    from pokersim.players import builtin_models

    assert tuple(sorted(BUILTIN_MODELS)) == builtin_models()


def test_a_file_saved_with_a_byte_order_mark_is_named_as_such(tmp_path: Path) -> None:
    """Windows editors save "UTF-8 with BOM": the TOML reader only said "Invalid statement (at
    line 1, column 1)"; the loader says what the file starts with and what it expects."""
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + SNG.encode("utf-8"))
    with pytest.raises(ConfigError) as err:
        load_scenario(path)
    message = str(err.value)
    assert message.startswith(f"{path}: starts with a byte order mark")
    assert "without one" in message and "\n" not in message


def test_a_case_file_that_is_not_utf8_fails_that_case_only(tmp_path: Path) -> None:
    """``pokersim verify`` over several cases: a file that is not UTF-8 is a failed case naming
    the file; the others are verified (it stopped the whole command, naming no file)."""
    from pokersim.verify import verify_paths

    bad = tmp_path / "a-binary.toml"
    bad.write_bytes(bytes(range(128, 256)) * 4)
    good = ROOT / "scenarios" / "rules" / "R-ELIM-1-one-player-holds-every-chip.toml"
    results = verify_paths([bad, good])
    assert [r.file for r in results] == [str(bad), str(good)]
    assert "not valid UTF-8 TOML" in results[0].failures[0].actual
    assert str(bad) in results[0].failures[0].actual
    assert not results[1].failures


def test_a_sweeps_scenario_file_is_read_as_the_loader_reads_it(tmp_path: Path) -> None:
    """``sweep``, ``compare`` and ``design`` read a scenario file as TOML data: a file that is
    not UTF-8 escaped as a bare "'utf-8' codec can't decode", naming no file."""
    from pokersim.study import scenario_data_of

    bad = tmp_path / "binary.toml"
    bad.write_bytes(bytes(range(128, 256)))
    with pytest.raises(ConfigError, match=r"binary\.toml: not valid UTF-8 TOML"):
        scenario_data_of(bad)
