"""``pokersim --help`` builds every sub-command's parser without loading the engine or numba;
``pokersim run`` imports neither the other commands nor the rules of formats it does not play."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path


def test_building_the_parser_loads_no_engine_numba_or_simpy() -> None:
    code = (
        "import sys, pokersim.cli; pokersim.cli.build_parser(); "
        "print(sorted(m for m in ('numba', 'simpy', 'pokersim.engine', 'pandas') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_check_can_fail() -> None:
    """The same check sees the engine once it is imported."""
    code = "import sys, pokersim.engine; print('numba' in sys.modules, 'simpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True True"


def test_help_loads_no_metadata_progress_bar_or_suggestions() -> None:
    """``pokersim --help`` stays light: versions, tqdm and difflib load only when used."""
    code = (
        "import sys\nfrom pokersim.cli import main\ntry:\n    main(['--help'])\n"
        "except SystemExit:\n    pass\n"
        "print(sorted(m for m in ('importlib.metadata', 'tqdm', 'difflib') if m in sys.modules),"
        " file=sys.stderr)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stderr.strip() == "[]"


SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
#: what ``pokersim run`` (no --out) of a plain tournament must not import: the other commands'
#: modules, the study and report stack, and the rules of formats such a run does not have
NOT_IN_A_RUN = (
    "pokersim.cli.calibrate",
    "pokersim.cli.report",
    "pokersim.cli.study",
    "pokersim.cli.verify",
    "pokersim.study",
    "pokersim.report",
    "pokersim.history",
    "pyarrow",
    "matplotlib",
    "pokersim.flights",
    "pokersim.mystery",
    "pokersim.cancellation",
    "pokersim.deals",
)


def modules_after(args: list[str]) -> list[str]:
    """Which of ``NOT_IN_A_RUN`` a fresh process has imported after ``pokersim ARGS``."""
    code = (
        "import sys\nfrom pokersim.cli import main\n"
        f"code = main({args!r})\n"
        f"print(sorted(m for m in {NOT_IN_A_RUN!r} if m in sys.modules), file=sys.stderr)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return ast.literal_eval(out.stderr.strip().splitlines()[-1])


def test_a_run_imports_neither_other_commands_nor_other_formats() -> None:
    assert modules_after(["run", str(SCENARIOS / "sng_9max.toml"), "--seed", "1"]) == []


def test_the_run_check_can_fail() -> None:
    """The same check sees a format's module when the scenario has that format."""
    found = modules_after(["run", str(SCENARIOS / "mystery_bounty.toml"), "--seed", "1"])
    assert found == ["pokersim.mystery"]
