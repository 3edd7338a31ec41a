"""``pokersim deal``: R-DEAL-1 deals from the command line, in the prizes' currency unit."""

from __future__ import annotations

import json

import pytest

from pokersim.cli import main
from pokersim.deals import chip_chop, icm_deal


def run_json(capsys, *argv: str) -> dict:
    assert main(["deal", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_r_deal_1_cli_chip_chop_json_same_unit_as_prizes(capsys):
    """R-DEAL-1: chip-chop of 500/300/200: each gets 200 (the lowest) plus the rest by chips."""
    doc = run_json(
        capsys,
        "--stacks",
        "6000",
        "3000",
        "1000",
        "--prizes",
        "500",
        "300",
        "200",
        "--method",
        "chip-chop",
    )
    assert doc["deal"] == [200 + 240.0, 200 + 120.0, 200 + 40.0]
    assert doc["deal_cents"] == [44000, 32000, 24000]


def test_r_deal_1_cli_icm_matches_the_library_to_the_cent(capsys):
    """R-DEAL-1: the CLI deal is the library's, converted from cents."""
    stacks = [5000, 3000, 1500, 500]
    doc = run_json(
        capsys,
        "--stacks",
        *map(str, stacks),
        "--prizes",
        "500",
        "300",
        "200",
        "100",
        "--method",
        "icm",
    )
    assert doc["deal_cents"] == list(icm_deal(stacks, [50000, 30000, 20000, 10000]).amounts)
    assert doc["deal"] == [c / 100 for c in doc["deal_cents"]]
    assert sum(doc["deal_cents"]) == 110000
    assert min(doc["deal"]) >= 100


def test_r_deal_1_cli_keep_for_first_and_paid_places(capsys):
    """R-DEAL-1: prizes beyond the field were paid; they count toward the 5% pool."""
    # Pool 500+300+200+100+100 = 1200: 5% is 60.
    args = [
        "--stacks",
        "5",
        "3",
        "2",
        "--prizes",
        "500",
        "300",
        "200",
        "100",
        "100",
        "--method",
        "chip-chop",
    ]
    doc = run_json(capsys, *args, "--keep-for-first", "60")
    assert doc["kept_for_first"] == 60.0
    assert doc["deal_cents"] == list(
        chip_chop([5, 3, 2], [50000, 30000, 20000, 10000, 10000], keep_for_first=6000).amounts
    )
    assert sum(doc["deal_cents"]) == 100000 - 6000
    assert main(["deal", *args, "--keep-for-first", "60.01"]) == 2
    err = capsys.readouterr().err
    assert "5%" in err and err.count("\n") == 1
    # the flag named, the amounts in the units the user typed (not cents)
    assert "--keep-for-first 60.01: the amount kept for first, 60.01, is over 5%" in err
    assert "total prize pool 1,200.00: at most 60.00" in err


def test_r_deal_1_cli_text_output(capsys):
    assert (
        main(["deal", "--stacks", "10", "10", "10", "--prizes", "1", "--method", "chip-chop"]) == 0
    )
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[2] for line in lines[1:4]] == ["0.34", "0.33", "0.33"]
    assert lines[4].split()[2] == "1.00"


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["--stacks", "100", "-5", "--prizes", "10", "--method", "icm"], "stack 2"),
        (["--stacks", "100", "--prizes", "10", "--method", "icm"], "two"),
        (["--stacks", "100", "5", "--prizes", "10", "20", "--method", "chip-chop"], "increase"),
        (
            [
                "--stacks",
                "100",
                "5",
                "--prizes",
                "10",
                "--method",
                "chip-chop",
                "--keep-for-first",
                "x",
            ],
            "keep-for-first",
        ),
    ],
)
def test_r_deal_1_cli_bad_input_one_line_error(capsys, argv, fragment):
    assert main(["deal", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and fragment in err and "Traceback" not in err
