"""Edges of the built-in models' parameter records, the push-fold charts and the calibration bands.

The records (``pokersim.model_params``) take a number only (never a string or a boolean) inside
its documented range, bounds included (docs/players.md gives each range), and derive chart cuts
from shares of hands: the top ``w`` share of the 1,326 combinations is
``charts.top_classes(w)`` classes, capped at every class. Widths by players behind come as six
shares (6+, 5, 4, 3, 2 and 1), or five (6+, 4-5, 3, 2, 1) or four (6+, 4-5, 2-3, 1) spread over
the six groups. The charts (``pokersim.charts``) name the 169 classes and read ranges by stack
and players behind. The calibration targets file (``pokersim.calibration_targets``) holds bands
``[lo, hi]`` with ``lo <= hi`` (bounds inside), each naming its sources; a statistic without a
band is reported and never judged. Every expected value is worked out from those rules.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pokersim import charts
from pokersim.calibration import Statistic
from pokersim.calibration_targets import judge, load_targets, unmatched
from pokersim.errors import ConfigError
from pokersim.model_params import (
    PUSH_FOLD,
    RANDOM_LEGAL,
    TIGHT,
    BlendParams,
    CallingStationParams,
    PushFoldParams,
    RandomLegalParams,
    RecreationalParams,
    TightAggressiveParams,
    check_flag,
    check_number,
    pack,
    param_names,
)

# --- numbers and flags -------------------------------------------------------------------------


def test_a_number_at_either_bound_is_taken_and_an_int_reads_as_a_float() -> None:
    """The range is closed: 0 and 1 are inside [0, 1]; an int 1 is the number 1.0."""
    assert check_number("m", "k", 0) == 0.0
    assert check_number("m", "k", 1) == 1.0
    assert isinstance(check_number("m", "k", 1), float)


@pytest.mark.parametrize("value", [True, False, np.bool_(True), "0.3", None])
def test_a_boolean_or_text_is_not_a_number(value: object) -> None:
    """``true`` is not 1 and ``"0.3"`` is not 0.3: the error names the model and the key."""
    with pytest.raises(ConfigError, match=r"model 'm': parameter 'k' must be a number"):
        check_number("m", "k", value)


def test_a_flag_is_true_or_false_only() -> None:
    """A TOML 1 or 0 is not a flag."""
    assert check_flag("m", "tournament", True) is True
    with pytest.raises(ConfigError, match=r"'tournament' must be true or false, got 1"):
        check_flag("m", "tournament", 1)


def test_think_median_below_a_hundredth_of_a_second_is_refused() -> None:
    """``think_median_seconds`` lies in 0.01..600: 0.005 is out, 0.01 is in."""
    assert CallingStationParams(think_median_seconds=0.01).think_median_seconds == 0.01
    with pytest.raises(ConfigError, match="think_median_seconds"):
        CallingStationParams(think_median_seconds=0.005)


def test_think_sigma_up_to_five() -> None:
    """``think_sigma`` lies in 0..5: 5 is in, 5.5 is out."""
    assert CallingStationParams(think_sigma=5).think.sigma == 5.0
    with pytest.raises(ConfigError, match="think_sigma"):
        CallingStationParams(think_sigma=5.5)


def test_a_packed_row_carries_the_think_time_bounds() -> None:
    """The think time of a record clips its draws to 0.5..600 seconds around its median."""
    row = pack([(CallingStationParams(think_median_seconds=3.0, think_sigma=0.4), None)])[0]
    assert row["think_median"] == 3.0 and row["think_sigma"] == 0.4
    assert row["think_min"] == 0.5 and row["think_max"] == 600.0


# --- push-fold ---------------------------------------------------------------------------------


def test_push_fold_looseness_scales_the_deep_opening_and_calling_shares() -> None:
    """At looseness 2 the deep open shares 12/18/28/40 % double (24/36/56/80 %), the premium
    share 3 % becomes 6 % and the call share 8 % becomes 16 %; the chart reads the stack times
    1/looseness, 0.5."""
    p = PushFoldParams(looseness=2.0)
    assert p.open_cuts == tuple(charts.top_classes(w) for w in (0.24, 0.36, 0.56, 0.8))
    assert p.premium_cut == charts.top_classes(0.06)
    assert p.call_cut == charts.top_classes(0.16)
    row = pack([(p, None)])[0]
    assert row["kind"] == PUSH_FOLD and row["pf_inv_loose"] == 0.5


def test_push_fold_default_cuts_are_the_documented_shares() -> None:
    """Looseness 1: open 12, 18, 28 and 40 % of hands, premium 3 %, call 8 %."""
    p = PushFoldParams()
    assert p.open_cuts == tuple(charts.top_classes(w) for w in (0.12, 0.18, 0.28, 0.4))
    assert p.premium_cut == charts.top_classes(0.03)
    assert p.call_cut == charts.top_classes(0.08)


def test_push_fold_at_the_loosest_opens_every_hand_last_to_act() -> None:
    """Looseness 4 makes the 40 % share 160 %: capped, every one of the 169 classes."""
    assert PushFoldParams(looseness=4.0).open_cuts[3] == charts.N_CLASSES


def test_push_fold_bubble_caution_up_to_five() -> None:
    """``bubble_caution`` lies in 0..5: 5 is in and packed as given, 5.5 is out."""
    row = pack([(PushFoldParams(bubble_caution=5.0, tournament=True), None)])[0]
    assert row["caution"] == 5.0 and row["aware"] == 1
    with pytest.raises(ConfigError, match="bubble_caution"):
        PushFoldParams(bubble_caution=5.5)


def test_push_fold_not_playing_the_tournament_packs_unaware() -> None:
    """``tournament = false`` (the default) packs aware 0, true packs 1."""
    assert pack([(PushFoldParams(), None)])[0]["aware"] == 0
    assert pack([(PushFoldParams(tournament=True), None)])[0]["aware"] == 1


# --- tight-aggressive: widths by players behind ------------------------------------------------


def _tight(**params: Any) -> TightAggressiveParams:
    """A tight-aggressive record from a scenario's parameters (arrays come as lists)."""
    return TightAggressiveParams(**params)


def _cuts(*widths: float) -> tuple[int, ...]:
    return tuple(charts.top_classes(w) for w in widths)


def test_four_open_shares_spread_over_the_six_groups() -> None:
    """Four shares are 6+, 4-5, 2-3 and 1 behind: the 4-5 share is read for 5 and 4, the 2-3
    one for 3 and 2."""
    p = TightAggressiveParams(open_width=(0.1, 0.2, 0.3, 0.4))
    assert p.open_cuts == _cuts(0.1, 0.2, 0.2, 0.3, 0.3, 0.4)


def test_five_open_shares_spread_over_the_six_groups() -> None:
    """Five shares are 6+, 4-5, 3, 2 and 1 behind: the 4-5 share is read for 5 and for 4."""
    p = TightAggressiveParams(open_width=(0.1, 0.2, 0.3, 0.4, 0.5))
    assert p.open_cuts == _cuts(0.1, 0.2, 0.2, 0.3, 0.4, 0.5)


@pytest.mark.parametrize("n", [3, 7])
def test_open_shares_other_than_four_five_or_six_are_refused(n: int) -> None:
    """Three or seven shares fit no grouping of the players behind."""
    with pytest.raises(ConfigError, match=r"'open_width' needs 6 shares"):
        TightAggressiveParams(open_width=(0.1,) * n)


def test_the_widest_open_and_limp_cuts_are_the_widest_of_any_group() -> None:
    """The widest cut is the largest of the six, wherever it lies (here last to act)."""
    p = _tight(open_width=(0.1, 0.1, 0.1, 0.4), limp_width=[0.2, 0.2, 0.2, 0.5])
    assert p.open_widest == charts.top_classes(0.4)
    assert p.limp_cut == charts.top_classes(0.5)
    row = pack([(p, None)])[0]
    assert row["open_widest"] == charts.top_classes(0.4)
    assert row["limp_cut"] == charts.top_classes(0.5)


def test_one_limp_share_is_every_groups_and_a_list_is_kept_as_a_tuple() -> None:
    """A single ``limp_width`` limps the same share in all six groups; a scenario's array
    is kept as a tuple, as ``open_width`` is."""
    assert TightAggressiveParams(limp_width=0.3).limp_cuts == _cuts(*(0.3,) * 6)
    p = _tight(limp_width=[0.3, 0.3, 0.3, 0.3, 0.3, 0.4])
    assert p.limp_width == (0.3, 0.3, 0.3, 0.3, 0.3, 0.4)
    assert list(pack([(p, None)])[0]["limp_cuts"]) == list(_cuts(0.3, 0.3, 0.3, 0.3, 0.3, 0.4))


# --- tight-aggressive: other parameters --------------------------------------------------------


@pytest.mark.parametrize("samples", [8, 4096])
def test_samples_at_either_bound_are_taken(samples: int) -> None:
    """``samples`` is an int in 8..4096, bounds included."""
    assert pack([(TightAggressiveParams(samples=samples), None)])[0]["samples"] == samples


@pytest.mark.parametrize("samples", [7, 4097, True, 32.0])
def test_samples_out_of_range_or_not_an_int_are_refused(samples: object) -> None:
    """7 and 4097 are out; ``true`` and 32.0 are not ints."""
    with pytest.raises(ConfigError, match=r"'samples' must be an int in 8\.\.4096"):
        _tight(samples=samples)


def test_short_bb_zero_never_plays_the_charts_yet_keeps_a_valid_short_record() -> None:
    """``short_bb`` 0 is allowed (0..25); the short-stack record it carries still shoves up
    to at least 1 big blind, the least a push-fold ``max_bb`` may be."""
    p = TightAggressiveParams(short_bb=0.0)
    assert p.short_bb == 0.0 and p.push_fold.max_bb == 1.0
    row = pack([(p, None)])[0]
    assert row["short_bb"] == 0.0 and row["pf_max_bb"] == 1.0


def test_the_short_stack_record_plays_the_tournament_as_its_owner() -> None:
    """A tournament-aware tight-aggressive model is tournament-aware when short too."""
    p = TightAggressiveParams(tournament=True, bubble_caution=2.0, bubble_range=0.1)
    assert p.push_fold.tournament is True
    row = pack([(p, None)])[0]
    assert row["aware"] == 1 and row["caution"] == 2.0
    assert row["bubble_cut"] == charts.top_classes(0.1)


@pytest.mark.parametrize(
    ("key", "inside", "outside"),
    [
        ("commit_bb", 1000.0, 1000.5),
        ("call_margin", -0.5, -0.51),
        ("all_in_left", 5.0, 5.01),
        ("bet_fraction", 0.1, 0.09),
        ("open_raise_bb", 5.0, 1.99),
    ],
)
def test_documented_bounds_are_inside_and_just_past_them_is_out(
    key: str, inside: float, outside: float
) -> None:
    """commit_bb 0..1000, call_margin -0.5..0.5, all_in_left 0..5, bet_fraction 0.1..3 and
    open_raise_bb 2..5: the bound is taken and packed, a step past it is refused."""
    row = pack([(_tight(**{key: inside}), None)])[0]
    assert row[key] == inside
    with pytest.raises(ConfigError, match=key):
        _tight(**{key: outside})


def test_the_packed_open_size_is_the_models_own() -> None:
    """A deep open raise of 3 big blinds packs 3, not the short-stack record's 2.5."""
    row = pack([(TightAggressiveParams(open_raise_bb=3.0), None)])[0]
    assert row["kind"] == TIGHT and row["open_raise_bb"] == 3.0


def test_recreational_packs_its_own_defaults() -> None:
    """The recreational record calls 35 % of hands, stabs at 0.4 and calls 0.04 worse."""
    row = pack([(RecreationalParams(), None)])[0]
    assert row["call_cut"] == charts.top_classes(0.35)
    assert row["stab_equity"] == pytest.approx(0.4) and row["call_margin"] == pytest.approx(-0.04)


# --- blends, kinds, names ----------------------------------------------------------------------


def test_a_blend_makes_mistakes_at_one_minus_skill_times_noise() -> None:
    """Skill 0.8 and noise 0.5: a mistake at (1 - 0.8) x 0.5 = 0.1 of the decisions."""
    blend = BlendParams(skill=0.8, noise=0.5)
    assert blend.mistake_p == pytest.approx(0.1)
    rows = pack([(CallingStationParams(), blend), (CallingStationParams(), None)])
    assert rows[0]["blend"] == 1 and rows[0]["mistake"] == pytest.approx(0.1)
    assert rows[1]["blend"] == 0 and rows[1]["mistake"] == 0.0


def test_random_legal_is_a_kind_of_its_own() -> None:
    """``random-legal`` has the random record's think time but its own kind."""
    row = pack([(RandomLegalParams(), None)])[0]
    assert row["kind"] == RANDOM_LEGAL and row["think_median"] == 1.5


def test_param_names_are_what_a_scenario_may_set_not_what_is_derived() -> None:
    """Push-fold's settable parameters, sorted; derived cuts are not among them."""
    assert param_names(PushFoldParams) == [
        "bubble_caution",
        "bubble_range",
        "looseness",
        "max_bb",
        "open_raise_bb",
        "think_median_seconds",
        "think_sigma",
        "tournament",
    ]


# --- the charts --------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", ["AAs", "KAs", "AKx", "A", "AKso", "1Ks"])
def test_a_class_name_must_be_a_pair_or_a_higher_card_first_with_s_or_o(bad: str) -> None:
    """A pair has no suitedness and the higher rank comes first: 'AAs' and 'KAs' are no class."""
    with pytest.raises(ValueError, match="bad hand class"):
        charts.class_of_name(bad)


@pytest.mark.parametrize(
    ("name", "index"), [("AA", 0), ("22", 168), ("AKs", 1), ("AKo", 13), ("32s", 155)]
)
def test_class_names_sit_on_the_grid(name: str, index: int) -> None:
    """Row and column A first: pairs on the diagonal, suited above it, offsuit below."""
    assert charts.class_of_name(name) == index
    assert charts.class_name(index) == name


def test_each_class_counts_its_combinations() -> None:
    """6 combinations of a pair, 4 of a suited hand, 12 of an offsuit one: 1,326 in all."""
    combos = charts.class_combos()
    assert combos[charts.class_of_name("AA")] == 6
    assert combos[charts.class_of_name("AKs")] == 4
    assert combos[charts.class_of_name("AKo")] == 12
    assert int(combos.sum()) == 1326


def test_top_classes_counts_whole_classes_within_the_share() -> None:
    """Strongest first: AA (6 combinations), KK, QQ. A share of exactly 6/1326 holds AA, one
    combination less holds nothing, 18/1326 holds the three pairs, 0 nothing, 1 everything."""
    assert [charts.class_name(c) for c in charts.STRENGTH_ORDER[:3]] == ["AA", "KK", "QQ"]
    assert charts.top_classes(6 / 1326) == 1
    assert charts.top_classes(5 / 1326) == 0
    assert charts.top_classes(18 / 1326) == 3
    assert charts.top_classes(0.0) == 0
    assert charts.top_classes(1.0) == charts.N_CLASSES


def test_a_share_short_of_a_class_by_a_rounding_error_still_takes_it() -> None:
    """A share written as a decimal may fall a hair under a class's end: 18/1326 less 1e-15
    is the three pairs AA, KK and QQ all the same."""
    assert charts.top_classes(18 / 1326 - 1e-15) == 3


def test_crowd_exponent_is_one_plus_four_tenths_per_extra_player() -> None:
    """1 player to act: 1; 2: 1.4; 3: 1.8; none counts as one."""
    assert charts.crowd_exponent(1) == 1.0
    assert charts.crowd_exponent(2) == pytest.approx(1.4)
    assert charts.crowd_exponent(3) == pytest.approx(1.8)
    assert charts.crowd_exponent(0) == 1.0


def test_a_chart_stack_on_the_threshold_is_in_range() -> None:
    """Q7o shoves heads-up up to 10 big blinds: at exactly 10 it shoves."""
    q7o = charts.class_of_name("Q7o")
    assert charts.PUSH_BB[q7o] == 10.0
    assert "Q7o" in charts.chart_range(charts.PUSH_BB, 10.0)
    assert "Q7o" not in charts.chart_range(charts.PUSH_BB, 10.1)
    assert charts.PUSH_TABLE.contains(q7o, 10.0, 1)


def test_range_table_reads_the_nearest_tenth_of_a_big_blind() -> None:
    """10.04 big blinds reads the 10.0 column (Q7o shoves), 10.06 the 10.1 one (it folds)."""
    q7o = charts.class_of_name("Q7o")
    assert charts.PUSH_TABLE.contains(q7o, 10.04, 1)
    assert not charts.PUSH_TABLE.contains(q7o, 10.06, 1)


def test_range_table_reads_stacks_past_the_chart_at_its_last_column() -> None:
    """Past 25 big blinds the chart's last column holds: AA shoves, 72o does not."""
    aa, seven_deuce = charts.class_of_name("AA"), charts.class_of_name("72o")
    for stack in (25.0, 60.0, 1000.0):
        assert charts.PUSH_TABLE.contains(aa, stack, 1)
        assert not charts.PUSH_TABLE.contains(seven_deuce, stack, 1)


def test_range_table_reads_more_than_nine_behind_as_nine_and_none_as_one() -> None:
    """The table holds up to 9 players behind; 12 behind plays as 9, 0 behind as 1."""
    table = charts.PUSH_TABLE
    for c in range(charts.N_CLASSES):
        for stack in (3.0, 8.0, 14.0):
            assert table.contains(c, stack, 12) == table.contains(c, stack, 9)
            assert table.contains(c, stack, 0) == table.contains(c, stack, 1)
    # the ninth player behind still narrows the range (10 big blinds: 0.57 ** 4.2 < 0.57 ** 3.8)
    in_range = [sum(table.contains(c, 10.0, k) for c in range(charts.N_CLASSES)) for k in (8, 9)]
    assert in_range[1] < in_range[0]


def test_a_crowded_range_keeps_the_stronger_of_hands_charted_alike() -> None:
    """KK and AKs both shove heads-up at every charted stack; with more players behind the
    range narrows by strength against a random hand, so KK (82 %) stays whenever AKs (67 %)
    does."""
    kk, aks = charts.class_of_name("KK"), charts.class_of_name("AKs")
    assert charts.PUSH_BB[kk] == charts.PUSH_BB[aks] == charts.CHART_MAX_BB
    for behind in range(1, 10):
        for stack in range(1, 26):
            if charts.PUSH_TABLE.contains(aks, stack, behind):
                assert charts.PUSH_TABLE.contains(kk, stack, behind)


def test_range_width_at_the_cap_is_the_share_of_hands_charted_at_the_cap() -> None:
    """Heads-up at 25 big blinds the range is every class charted at 25: its share of the
    1,326 combinations."""
    combos = charts.class_combos()
    at_cap = sum(int(combos[c]) for c in range(charts.N_CLASSES) if charts.PUSH_BB[c] >= 25.0)
    assert charts.PUSH_TABLE.width(25.0, 1) == pytest.approx(at_cap / 1326)
    assert charts.PUSH_TABLE.width(1.0, 1) == pytest.approx(1.0)


# --- the calibration targets file --------------------------------------------------------------

_SRC = (
    '[[sources]]\nkey = "{key}"\ntitle = "t"\npublisher = "p"\nyear = "n.d."\n'
    'url = "https://a.example"\nshort = "{key}-short"\n'
)


def _target(statistic: str, band: str = "[1.0, 2.0]", extra: str = 'sources = ["k"]\n') -> str:
    return f'[[targets]]\nstatistic = "{statistic}"\nband = {band}\n{extra}note = "x"\n'


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "t.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _stat(name: str, value: float | None) -> Statistic:
    return Statistic(name=name, label=name, unit="%", value=value, sample=10.0)


def test_a_source_key_given_twice_is_refused(tmp_path: Path) -> None:
    """Two sources under one key would make a band's citation ambiguous."""
    path = _write(tmp_path, _SRC.format(key="k") * 2)
    with pytest.raises(ConfigError, match=r"t\.toml: sources\[1\]\.key 'k': given twice"):
        load_targets(path)


def test_a_statistic_twice_in_one_format_is_refused_but_in_two_formats_is_fine(
    tmp_path: Path,
) -> None:
    """One band per statistic and format; the same statistic may have an mtt and an sng band."""
    two_formats = (
        _SRC.format(key="k")
        + _target("vpip.field")
        + _target("vpip.field").replace("band", 'format = "sng"\nband')
    )
    assert len(load_targets(_write(tmp_path, two_formats)).targets) == 2
    twice = _SRC.format(key="k") + _target("vpip.field") * 2
    with pytest.raises(ConfigError, match=r"'vpip\.field' \(any\): given twice"):
        load_targets(_write(tmp_path, twice))


def test_an_unknown_top_level_key_is_refused(tmp_path: Path) -> None:
    """Only [[sources]] and [[targets]] belong in the file."""
    with pytest.raises(ConfigError, match=r"unknown key\(s\) \['target'\]"):
        load_targets(_write(tmp_path, '[[target]]\nstatistic = "x"\n'))


def test_a_source_field_of_blanks_is_refused(tmp_path: Path) -> None:
    """A title of spaces is no title."""
    text = _SRC.format(key="k").replace('title = "t"', 'title = "   "')
    with pytest.raises(ConfigError, match=r"sources\[0\]\.title: expected non-empty text"):
        load_targets(_write(tmp_path, text))


def test_a_target_without_a_format_holds_for_every_format(tmp_path: Path) -> None:
    """No ``format`` is "any": the band judges a multi-table field, a sit-and-go and a Spin."""
    targets = load_targets(_write(tmp_path, _SRC.format(key="k") + _target("vpip.field")))
    assert targets.targets[0].format == "any"
    for fmt in ("mtt", "sng", "spin"):
        assert judge([_stat("vpip.field", 1.5)], targets, fmt)[0].status == "PASS"


def test_a_format_outside_the_four_is_refused(tmp_path: Path) -> None:
    """``format`` is any, mtt, sng or spin: a cash format is not one of them."""
    text = _SRC.format(key="k") + _target("x").replace("band", 'format = "cash"\nband')
    with pytest.raises(ConfigError, match=r"targets\[0\]\.format: expected one of"):
        load_targets(_write(tmp_path, text))


def test_sources_without_a_band_are_refused(tmp_path: Path) -> None:
    """A band and its sources go together: both or neither."""
    text = _SRC.format(key="k") + '[[targets]]\nstatistic = "vpip.field"\nsources = ["k"]\n'
    with pytest.raises(ConfigError, match="sources without a band"):
        load_targets(_write(tmp_path, text + 'note = "x"\n'))


def test_a_band_of_one_value_is_a_band(tmp_path: Path) -> None:
    """lo <= hi: [5, 5] is allowed and a 5 is inside it."""
    targets = load_targets(_write(tmp_path, _SRC.format(key="k") + _target("x", "[5, 5]")))
    assert targets.targets[0].band == (5.0, 5.0)
    assert judge([_stat("x", 5.0)], targets, "mtt")[0].status == "PASS"


@pytest.mark.parametrize("band", ["[true, 2.0]", "[1.0]", "[1.0, 2.0, 3.0]", '["1", 2.0]'])
def test_a_band_that_is_not_two_numbers_is_refused(tmp_path: Path, band: str) -> None:
    """A boolean is not a bound; a band is exactly two numbers."""
    with pytest.raises(ConfigError, match=r"targets\[0\]\.band: expected \[lo, hi\]"):
        load_targets(_write(tmp_path, _SRC.format(key="k") + _target("x", band)))


@pytest.mark.parametrize(
    ("extra", "needle"),
    [
        ('sources = ["nope"]\n', r"no \[\[sources\]\] with key\(s\) \['nope'\]"),
        ("sources = []\n", r"a band needs the keys"),
        ("", r"a band needs the keys"),
    ],
)
def test_a_band_must_cite_sources_the_file_lists(tmp_path: Path, extra: str, needle: str) -> None:
    """A band cites at least one source, each one listed under [[sources]]."""
    with pytest.raises(ConfigError, match=needle):
        load_targets(_write(tmp_path, _SRC.format(key="k") + _target("x", extra=extra)))


def test_the_bounds_of_a_band_are_inside_it(tmp_path: Path) -> None:
    """Band [1, 2]: 1 and 2 pass, 0.99 and 2.01 are out."""
    targets = load_targets(_write(tmp_path, _SRC.format(key="k") + _target("x")))
    status = [judge([_stat("x", v)], targets, "sng")[0].status for v in (1.0, 2.0, 0.99, 2.01)]
    assert status == ["PASS", "PASS", "OUT", "OUT"]


def test_a_format_band_comes_before_the_any_band(tmp_path: Path) -> None:
    """An sng band [5, 6] judges a sit-and-go; the any band [1, 2] judges the others."""
    text = (
        _SRC.format(key="k")
        + _target("x")
        + _target("x", "[5.0, 6.0]").replace("band", 'format = "sng"\nband')
    )
    targets = load_targets(_write(tmp_path, text))
    assert judge([_stat("x", 5.5)], targets, "sng")[0].status == "PASS"
    assert judge([_stat("x", 5.5)], targets, "mtt")[0].status == "OUT"


def test_a_statistic_without_a_band_cites_nothing_and_a_range_is_carried(tmp_path: Path) -> None:
    """An unsourced target is "no source" with no bounds and no citation; the sampling range
    given beside it is carried as given (low, high); a banded one cites its short names."""
    text = (
        _SRC.format(key="k") + '[[targets]]\nstatistic = "y"\nnote = "none found"\n' + _target("x")
    )
    targets = load_targets(_write(tmp_path, text))
    rows = judge([_stat("y", 3.0), _stat("x", None)], targets, "mtt", {"y": (2.5, 3.5)})
    assert (rows[0].status, rows[0].lo, rows[0].hi, rows[0].source) == ("no source", None, None, "")
    assert (rows[0].resampled_lo, rows[0].resampled_hi) == (2.5, 3.5)
    assert rows[1].status == "not measured" and rows[1].source == "k-short"


def test_unmatched_names_a_misspelling_once_and_skips_other_formats_and_absent_models(
    tmp_path: Path,
) -> None:
    """A target nobody measured is named once even with an any and an mtt band; a target of
    another format, or of a built-in model the field does not have, is not named."""
    text = (
        _SRC.format(key="k")
        + _target("vpip.feild")
        + _target("vpip.feild").replace("band", 'format = "mtt"\nband')
        + _target("vpip.spin").replace("band", 'format = "spin"\nband')
        + _target("vpip.recreational")
    )
    targets = load_targets(_write(tmp_path, text))
    assert unmatched([], targets, "mtt", ("recreational",)) == ["vpip.feild"]
    assert unmatched([], targets, "mtt") == ["vpip.feild", "vpip.recreational"]
