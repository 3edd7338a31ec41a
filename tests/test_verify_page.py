"""docs/verify.md shows real runs: every command on the page is run and must print what it shows.

The page's ``console`` blocks are replayed in a scratch folder holding ``scenarios/`` and
``my_case.toml`` (the page's minimal case with one expectation made wrong, as the page says):
each ``$ pokersim verify ...`` line through the command-line entry point, each ``$ ls DIR``
by listing the folder. A new case file that changes a count shown makes this fail, not the
page silently wrong.
"""

from __future__ import annotations

import glob
import re
from pathlib import Path

import pytest

from pokersim.cli import main

ROOT = Path(__file__).resolve().parents[1]
PAGE = (ROOT / "docs" / "verify.md").read_text(encoding="utf-8")


def _console_steps() -> list[tuple[str, list[str]]]:
    """Every ``$ command`` of the page's console blocks with the lines it shows."""
    steps: list[tuple[str, list[str]]] = []
    for block in re.findall(r"^```console\n(.*?)^```", PAGE, re.M | re.S):
        for line in block.splitlines():
            if line.startswith("$ "):
                steps.append((line[2:], []))
            else:
                steps[-1][1].append(line)
    return steps


def _minimal_case() -> str:
    return re.search(r"^## A minimal case\n\n```toml\n(.*?)^```", PAGE, re.M | re.S).group(1)


def test_every_command_on_the_page_prints_what_it_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "scenarios").symlink_to(ROOT / "scenarios")
    case = _minimal_case()
    assert "stacks = { Ann = 700, Bob = 600 }" in case
    (tmp_path / "ok_case.toml").write_text(case, encoding="utf-8")
    wrong = case.replace("Ann = 700, Bob = 600", "Ann = 701, Bob = 600")
    (tmp_path / "my_case.toml").write_text(wrong, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    steps = _console_steps()
    assert [c.split()[0] for c, _ in steps].count("pokersim") >= 3
    for command, shown in steps:  # in the page's order: an ls reads what a verify wrote
        program, *args = command.split()
        if program == "ls":
            listed = sorted(p.name for p in Path(args[0]).iterdir())
            assert sorted(" ".join(shown).split()) == listed, command
            continue
        assert program == "pokersim", command
        argv = [x for a in args for x in (sorted(glob.glob(a)) if "*" in a else [a])]
        code = main(argv)
        assert capsys.readouterr().out.splitlines() == shown, command
        assert code == (1 if any(line.startswith("FAIL") for line in shown) else 0), command
    assert main(["verify", "ok_case.toml"]) == 0, "the page's minimal case passes as written"
