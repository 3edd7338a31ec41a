"""Imports flow one way: only the engine (and what sits on it) imports simpy."""

from __future__ import annotations

import subprocess
import sys

import pytest

PURE = [
    "pokersim.hand",
    "pokersim.players",
    "pokersim.scenario",
    "pokersim.seating",
    "pokersim.balancing",
    "pokersim.clock",
    "pokersim.payouts",
    "pokersim.events",
    "pokersim.timing",
]


@pytest.mark.parametrize("module", PURE)
def test_module_does_not_import_simpy(module: str) -> None:
    code = f"import sys, {module}; print('simpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_engine_imports_simpy() -> None:
    """The check above can fail: the engine does pull simpy in."""
    code = "import sys, pokersim.engine; print('simpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"
