"""``pokersim --help`` builds every sub-command's parser without loading the engine or numba."""

from __future__ import annotations

import subprocess
import sys


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
