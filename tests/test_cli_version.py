"""``pokersim --version`` prints the package version, the one pyproject.toml declares."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import pokersim
from pokersim.cli import main


def test_version_flag(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"pokersim {pokersim.__version__}"
    project = tomllib.loads(
        (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text(encoding="utf-8")
    )
    assert project["project"]["version"] == pokersim.__version__
