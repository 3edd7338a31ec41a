"""The figures the README quotes are what the tools give today (docs/examples/readme_figures.py)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _figures():  # the script is documentation, not a package module
    spec = importlib.util.spec_from_file_location(
        "readme_figures", ROOT / "docs" / "examples" / "readme_figures.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FIGURES = _figures()


@pytest.mark.parametrize("name", FIGURES.FORMATS)
def test_the_formats_table_says_what_seed_1_plays(name: str) -> None:
    row = next(line for line in README.splitlines() if f"`scenarios/{name}.toml`" in line)
    assert row.rstrip(" |").endswith(FIGURES.format_row(name)), row


def test_the_design_sentence_has_the_tools_number_of_runs() -> None:
    from pokersim.cli.design import DEFAULT_RUNS

    assert re.search(rf"candidates? of {DEFAULT_RUNS} runs each", README)


def test_the_design_text_is_read_from_what_the_tool_prints() -> None:
    printed = (
        "x: growth 1.5, 26 levels; 2 candidate(s) simulated, 15 runs each (seed 0)\n"
        "duration over 15 runs: p10 3:40:07  p25 3:41:46  p50 3:51:23  p75 3:56:26\n"
        "target 4:00:00: median is -3.6% from the target\n"
        "final table: at 3:00:55, level 14, average stack 37.0 BB (medians)\n"
    )
    assert FIGURES.design_text(printed) == (
        "found in two candidates of 15 runs each, with a median of 3:51:23 (−3.6 %) and the "
        "final table about 37 big blinds deep"
    )
    one = printed.replace("2 candidate(s)", "1 candidate(s)")
    assert FIGURES.design_text(one).startswith("found in one candidate of 15 runs each, ")


@pytest.mark.slow
def test_the_design_example_gives_what_the_readme_says() -> None:
    text = re.sub(r"\s+", " ", README)
    assert FIGURES.design_phrase() in text
