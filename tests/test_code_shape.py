"""The engine package stays in small pieces: files of at most 400 lines, functions of at most 60.

Checked statically with ``ast`` (nothing is imported). Until ``pokersim/engine/`` exists (the
engine is one module today) the package checks skip; the checker itself is tested below on
synthetic sources, so it is known to fail on a file or function that is too long.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parent.parent / "pokersim" / "engine"
MAX_FILE_LINES = 400
MAX_FUNCTION_LINES = 60


def shape_problems(source: str, name: str) -> list[str]:
    """What is too long in one file: the file itself, and each function or method."""
    problems = []
    lines = len(source.splitlines())
    if lines > MAX_FILE_LINES:
        problems.append(f"{name}: {lines} lines (at most {MAX_FILE_LINES})")
    for node in ast.walk(ast.parse(source, filename=name)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            assert node.end_lineno is not None
            length = node.end_lineno - node.lineno + 1
            if length > MAX_FUNCTION_LINES:
                problems.append(
                    f"{name}:{node.lineno}: {node.name}() has {length} lines "
                    f"(at most {MAX_FUNCTION_LINES})"
                )
    return problems


def engine_files() -> list[Path]:
    return sorted(ENGINE.glob("*.py")) if ENGINE.is_dir() else []


@pytest.mark.skipif(not ENGINE.is_dir(), reason="pokersim/engine/ is not a package yet")
def test_engine_package_has_modules() -> None:
    assert engine_files(), "pokersim/engine/ holds no .py files"


@pytest.mark.skipif(not ENGINE.is_dir(), reason="pokersim/engine/ is not a package yet")
@pytest.mark.parametrize("path", engine_files(), ids=lambda p: p.name)
def test_engine_file_and_functions_are_short(path: Path) -> None:
    problems = shape_problems(path.read_text(encoding="utf-8"), f"pokersim/engine/{path.name}")
    assert not problems, "\n".join(problems)


def _function(name: str, body_lines: int, indent: str = "") -> str:
    body = "".join(f"{indent}    x{i} = {i}\n" for i in range(body_lines - 2))
    return f"{indent}def {name}():\n{indent}    '''Doc.'''\n{body}"


def test_checker_accepts_a_function_of_exactly_the_limit() -> None:
    source = _function("ok", MAX_FUNCTION_LINES)
    assert len(source.splitlines()) == MAX_FUNCTION_LINES
    assert shape_problems(source, "ok.py") == []


def test_checker_rejects_a_long_function_and_a_long_method() -> None:
    long_function = _function("too_long", MAX_FUNCTION_LINES + 1)
    long_method = "class C:\n" + _function("method", MAX_FUNCTION_LINES + 5, indent="    ")
    problems = shape_problems(long_function + "\n\n" + long_method, "bad.py")
    assert len(problems) == 2
    assert "too_long() has 61 lines" in problems[0]
    assert "method() has 65 lines" in problems[1]


def test_checker_rejects_a_long_file() -> None:
    source = "".join(f"x{i} = {i}\n" for i in range(MAX_FILE_LINES + 1))
    assert shape_problems(source, "big.py") == [f"big.py: 401 lines (at most {MAX_FILE_LINES})"]
    assert shape_problems("x = 1\n" * MAX_FILE_LINES, "fits.py") == []
