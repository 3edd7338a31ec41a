"""``pokersim icm``: equities in the prizes' unit, JSON in the stacks' order, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

from pokersim.cli import main
from pokersim.icm import icm_exact


def run_json(capsys, *argv: str) -> dict:
    assert main(["icm", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_icm_cli_json_equity_in_order_of_stacks(capsys):
    doc = run_json(
        capsys, "--stacks", "5000", "3000", "1500", "500", "--prizes", "500", "300", "200"
    )
    np.testing.assert_allclose(
        doc["equity"], icm_exact([5000, 3000, 1500, 500], [500, 300, 200]), rtol=1e-12
    )
    # Same stacks in another order: the equities follow the stacks.
    doc2 = run_json(
        capsys, "--stacks", "500", "5000", "1500", "3000", "--prizes", "500", "300", "200"
    )
    np.testing.assert_allclose(doc2["equity"], np.array(doc["equity"])[[3, 0, 2, 1]], rtol=1e-12)


def test_icm_cli_text_prints_each_player(capsys):
    assert (
        main(["icm", "--stacks", "5000", "3000", "1500", "500", "--prizes", "500", "300", "200"])
        == 0
    )
    out = capsys.readouterr().out.splitlines()
    rows = [line.split() for line in out[1:5]]
    assert [r[1] for r in rows] == ["5000", "3000", "1500", "500"]
    assert [r[2] for r in rows] == ["377.78", "312.89", "225.60", "83.73"]


def test_icm_cli_large_field_uses_seeded_monte_carlo_with_stderr(capsys):
    stacks = [str(1000 + 37 * i) for i in range(40)]
    a = run_json(capsys, "--stacks", *stacks, "--prizes", "100", "60", "40", "--samples", "4000")
    b = run_json(capsys, "--stacks", *stacks, "--prizes", "100", "60", "40", "--samples", "4000")
    assert a == b
    assert a["method"] == "monte-carlo" and len(a["stderr"]) == 40
    assert sum(a["equity"]) == pytest.approx(200.0, rel=1e-12)


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["--stacks", "100", "-5", "--prizes", "10"], "stack 2"),
        (["--stacks", "100", "1.5", "--prizes", "10"], "stack 2"),
        (["--stacks", "100", "50", "--prizes", "10", "-1"], "prize 2"),
        (["--stacks", "100", "50", "--prizes", "10", "0.001"], "fraction of a cent"),
        (
            ["--stacks", *["10"] * 19, "--prizes", "10", "--method", "exact"],
            "--method exact: at most 18 players, got 19; use --method monte-carlo",
        ),
        (
            ["--stacks", "100", "50", "--prizes", "10", "--method", "monte-carlo", "--seed", "-1"],
            "--seed -1: expected a whole number",
        ),
    ],
)
def test_icm_cli_bad_input_one_line_error(capsys, argv, fragment):
    assert main(["icm", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and fragment in err and "Traceback" not in err


def test_icm_cli_as_a_process_exits_non_zero_without_traceback():
    proc = subprocess.run(
        [sys.executable, "-m", "pokersim", "icm", "--stacks", "100", "-5", "--prizes", "10"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode != 0
    assert "Traceback" not in proc.stderr and "stack 2" in proc.stderr


def test_icm_cli_refuses_a_sample_count_of_hours(capsys) -> None:  # type: ignore[no-untyped-def]
    """Thirty stacks at 10**12 samples ran for days without a word: one line instead."""
    stacks = [str(100 * k) for k in range(1, 31)]
    code = main(["icm", "--stacks", *stacks, "--prizes", "10", "5", "--samples", str(10**12)])
    assert code == 2
    assert "--samples 1000000000000: expected at most 100,000,000" in capsys.readouterr().err
