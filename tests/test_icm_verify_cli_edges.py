"""Edges of the ``icm`` and ``verify`` command lines: bounds, text and ``--json`` objects.

Stacks are whole chip counts from 1 to 10**15; prizes are amounts of money >= 0 with at most two
decimals, up to 10,000,000,000,000 (10**15 cents), first place first and never increasing, and
at most one prize per stack. Up to 18 players the equity is exact. The text output is a table
of player, stack and equity (the stack column at least five characters wide) and a total line;
the JSON object holds ``equity`` and ``method``, plus ``stderr``, ``samples`` and ``seed`` for a
Monte-Carlo estimate. A bad argument is one line on stderr and exit code 2. Every expected value
below is worked out by hand from those rules and the Malmuth-Harville model. ``verify``
refuses a path that does not exist and a folder without cases, counts passed and failed cases
in its ``--json`` object (exit code 1 when one fails), and writes each case's provenance even
after a case that does not load.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pokersim.cli import main
from pokersim.cli.icm import format_cents, parse_money_cents, parse_prizes_cents, parse_stacks
from pokersim.errors import ConfigError

# three stacks for one prize of 6, estimated from 1,000 seeded samples
MONTE_CARLO = ("--stacks", "300", "200", "100", "--prizes", "6")
MONTE_CARLO += ("--method", "monte-carlo", "--samples", "1000", "--seed", "7")


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(["icm", *argv, "--json"]) == 0
    doc: dict[str, Any] = json.loads(capsys.readouterr().out)
    return doc


def _refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(["icm", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


def test_a_stack_of_zero_chips_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """A stack must be a positive chip count: 0 is refused, naming stack 2."""
    err = _refused(capsys, "--stacks", "100", "0", "--prizes", "10")
    assert "stack 2 = 0 must be a positive chip count" in err


def test_a_stack_of_exactly_10_to_the_15_is_accepted_one_more_is_not(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """10**15 chips is the largest stack taken; one chip more is refused. Heads-up with one
    prize, each player's equity is his share of the chips times the prize."""
    doc = _json(capsys, "--stacks", str(10**15), str(10**15), "--prizes", "10")
    assert doc["equity"] == pytest.approx([5.0, 5.0])
    err = _refused(capsys, "--stacks", str(10**15 + 1), "1", "--prizes", "10")
    assert "stack 1" in err and "more than 10**15 chips" in err


def test_no_stacks_and_no_prizes_are_each_one_clear_error() -> None:
    """An empty list of stacks or of prizes is refused with a message saying what to give."""
    with pytest.raises(ConfigError, match="at least one chip count"):
        parse_stacks([])
    with pytest.raises(ConfigError, match="at least one prize"):
        parse_prizes_cents([])


def test_a_prize_of_zero_is_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    """Prizes are amounts >= 0: a second place paying nothing is allowed. Stacks 300 and 100
    with prizes 10 and 0: the bigger stack wins first place 3 times in 4, so 7.50 and 2.50."""
    doc = _json(capsys, "--stacks", "300", "100", "--prizes", "10", "0")
    assert doc["equity"] == pytest.approx([7.5, 2.5])


def test_the_largest_amount_of_money_is_accepted_a_cent_more_is_not() -> None:
    """10,000,000,000,000 (10**15 cents) is the largest amount; one cent more is refused."""
    assert parse_money_cents("10000000000000", "--prizes: prize 1") == 10**15
    with pytest.raises(ConfigError, match="is more than 10,000,000,000,000"):
        parse_money_cents("10000000000000.01", "--prizes: prize 1")


def test_equal_prizes_down_the_table_are_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    """Prizes must not increase, but two equal prizes are fine: with two players and prizes 10
    and 10 each player gets 10 whatever the stacks."""
    doc = _json(capsys, "--stacks", "300", "100", "--prizes", "10", "10")
    assert doc["equity"] == pytest.approx([10.0, 10.0])


def test_a_second_prize_larger_than_the_first_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Prize 2 = 10 after prize 1 = 5 increases down the table: refused, naming both."""
    err = _refused(capsys, "--stacks", "100", "50", "--prizes", "5", "10")
    assert "prize 2 = 10 is more than prize 1 = 5" in err


def test_as_many_prizes_as_stacks_is_accepted_one_more_is_not(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Stacks 200 and 100 with prizes 10 and 5: the first player wins 2 times in 3, so
    10 * 2/3 + 5 * 1/3 = 25/3 and the second 20/3. Three prizes for two stacks are refused."""
    doc = _json(capsys, "--stacks", "200", "100", "--prizes", "10", "5")
    assert doc["equity"] == pytest.approx([25 / 3, 20 / 3])
    err = _refused(capsys, "--stacks", "200", "100", "--prizes", "10", "5", "1")
    assert "3 prizes for 2 --stacks" in err


def test_eighteen_players_are_still_exact(capsys: pytest.CaptureFixture[str]) -> None:
    """Up to 18 players the default method is exact: 18 equal stacks sharing a prize of 18
    get exactly 1 each, and there is no standard error."""
    doc = _json(capsys, "--stacks", *["10"] * 18, "--prizes", "18")
    assert doc["method"] == "exact" and "stderr" not in doc
    assert doc["equity"] == pytest.approx([1.0] * 18)


def test_a_seed_of_2_to_the_63_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """Seeds run from 0 to 2**63 - 1: 2**63 is refused in one line."""
    err = _refused(
        capsys,
        "--stacks",
        "100",
        "50",
        "--prizes",
        "10",
        "--method",
        "monte-carlo",
        "--seed",
        str(2**63),
    )
    assert f"--seed {2**63}: expected a whole number in 0..2**63-1" in err


def test_one_sample_more_than_a_hundred_million_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """--samples takes at most 100,000,000: 100,000,001 is refused in one line before any
    sampling starts."""
    err = _refused(
        capsys,
        "--stacks",
        "100",
        "50",
        "--prizes",
        "10",
        "--method",
        "monte-carlo",
        "--samples",
        "100000001",
    )
    assert "--samples 100000001: expected at most 100,000,000" in err


def test_monte_carlo_json_names_its_samples_and_seed(capsys: pytest.CaptureFixture[str]) -> None:
    """A Monte-Carlo estimate's JSON object says how it was made: the samples and the seed
    given, and one standard error per player; the equities still add up to the prizes."""
    doc = _json(capsys, *MONTE_CARLO)
    assert doc["method"] == "monte-carlo"
    assert doc["samples"] == 1000 and doc["seed"] == 7 and len(doc["stderr"]) == 3
    assert sum(doc["equity"]) == pytest.approx(6.0)


def test_a_prize_in_cents_is_not_rounded_down(capsys: pytest.CaptureFixture[str]) -> None:
    """Two equal stacks playing for 12.50 get 6.25 each, not half of 12."""
    doc = _json(capsys, "--stacks", "100", "100", "--prizes", "12.5")
    assert doc["equity"] == pytest.approx([6.25, 6.25])


def test_text_table_of_small_stacks_keeps_a_five_wide_stack_column(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Stacks 3 and 1 for one prize of 10: equities 7.50 and 2.50. Each row is the player
    number right-aligned in 6, the stack in 5, the equity in 12, two spaces between; the last
    line totals the stacks (4) and equities (10.00) and says the figures are exact."""
    assert main(["icm", "--stacks", "3", "1", "--prizes", "10"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        "player" + "  " + "stack" + "  " + "      equity",
        "     1" + "  " + "    3" + "  " + "        7.50",
        "     2" + "  " + "    1" + "  " + "        2.50",
        " total" + "  " + "    4" + "  " + "       10.00" + " (exact)",
    ]


def test_monte_carlo_text_total_line_names_samples_and_seed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A Monte-Carlo table has a std.err column and its total line ends with how it was made."""
    code = main(["icm", *MONTE_CARLO])
    assert code == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("  std.err")
    assert lines[-1].startswith(" total    600")
    assert lines[-1].endswith(" (Monte-Carlo, 1000 samples, seed 7)")


def test_negative_amounts_print_with_a_minus_sign() -> None:
    """Cents to text keeps the sign: -5 cents is -0.05 and -12345 cents is -123.45."""
    assert format_cents(-5) == "-0.05"
    assert format_cents(-12345) == "-123.45"
    assert format_cents(37778) == "377.78"


# ``verify``: a line per failure then ``N passed, M failed``; exit 1 if any case failed.

ROOT = Path(__file__).resolve().parents[1]
KO2 = ROOT / "scenarios" / "rules" / "R-KO-2-seed-example.toml"


def _good_and_bad(folder: Path) -> tuple[Path, Path]:
    """A case that passes and the same case expecting a wrong pot (299 instead of 300)."""
    folder.mkdir()
    text = KO2.read_text(encoding="utf-8")
    good = folder / "good.toml"
    good.write_text(text, encoding="utf-8")
    bad = folder / "bad.toml"
    bad.write_text(text.replace("amount = 300", "amount = 299"), encoding="utf-8")
    return good, bad


def test_verify_a_path_that_does_not_exist_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A missing case path is refused before anything runs: exit 2, one line naming it."""
    missing = tmp_path / "nope.toml"
    assert main(["verify", str(KO2), str(missing)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{missing}: no such case file or folder" in err


def test_verify_an_empty_folder_among_cases_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A folder holding no *.toml case is refused even when another path has cases."""
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["verify", str(KO2), str(empty)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{empty}: no case files (*.toml) in this folder" in err


def test_verify_json_counts_passed_and_failed_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One passing and one failing case: ``passed`` 1, ``failed`` 1, the failing case lists its
    failure, and the exit code is still 1 with --json."""
    good, bad = _good_and_bad(tmp_path / "cases")
    assert main(["verify", str(tmp_path / "cases"), "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["command"] == "verify" and doc["out"] is None
    assert (doc["passed"], doc["failed"]) == (1, 1)
    cases = {c["file"]: c for c in doc["cases"]}
    assert cases[str(good)]["passed"] is True and cases[str(good)]["failures"] == []
    assert cases[str(bad)]["passed"] is False
    assert cases[str(bad)]["failures"] == [f"{bad}: expect.pots[1].amount: expected 299, got 300"]


def test_verify_out_case_that_does_not_load_does_not_stop_the_others_provenance(
    tmp_path: Path,
) -> None:
    """A case file that fails to load writes nothing, but the cases after it that ran still get
    their provenance.json in their own folder."""
    cases = tmp_path / "cases"
    cases.mkdir()
    text = KO2.read_text(encoding="utf-8")
    (cases / "a_typo.toml").write_text(text.replace("[expect]", "[expected]"), encoding="utf-8")
    (cases / "b_good.toml").write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    assert main(["verify", str(cases), "--out", str(out)]) == 1
    assert (out / "b_good" / "provenance.json").is_file()
    assert not (out / "a_typo" / "provenance.json").exists()
