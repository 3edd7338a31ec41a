"""Imports flow one way, as the table in docs/ARCHITECTURE.md says: that table is the rule.

Every module's imports are read with ``ast`` (nothing is imported; imports inside functions and
``TYPE_CHECKING`` blocks count too), mapped to the project's modules and checked against the
table's "may import" column. Then, at run time, the pure modules must not pull in simpy.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pokersim"
ARCHITECTURE = ROOT / "docs" / "ARCHITECTURE.md"
HEADER = "| module | what it is | may import |"
RESTRICTED = {"simpy"}  # third-party imports allowed only where the table names them
ANY = "*"  # in "may import": any public module of the rows above


@dataclass(frozen=True)
class Row:
    """One row of the table: files (``x.py``, ``pkg/`` in pokersim/) and what they may import."""

    index: int
    files: tuple[str, ...]
    allowed: frozenset[str]


def parse_table(text: str) -> list[Row]:
    """The rows of the import table, top to bottom; only names in backticks count."""
    lines = text.splitlines()
    start = lines.index(HEADER) + 2  # skip the header and the |---| line
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        cells = line.strip().strip("|").split("|")
        assert len(cells) == 3, f"import table: expected 3 cells in {line!r}"
        files = tuple(re.findall(r"`([^`]+)`", cells[0]))
        assert files and all(f.endswith((".py", "/")) for f in files), line
        allowed = frozenset(re.findall(r"`([^`]+)`", cells[2]))
        rows.append(Row(len(rows), files, allowed))
    return rows


def module_name(relative: str) -> str:
    """``evaluator/_kernel.py`` -> ``pokersim.evaluator._kernel``; ``engine/__init__.py`` ->
    ``pokersim.engine``."""
    parts = ["pokersim", *relative.removesuffix(".py").split("/")]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_private(module: str) -> bool:
    """A module with a ``_name`` component (not ``__dunder__``) is private to its package."""
    return any(p.startswith("_") and not p.endswith("__") for p in module.split("."))


def disk_modules(package: Path = PACKAGE) -> dict[str, str]:
    """Relative path (``x.py``, ``pkg/y.py``) -> source of every module on disk."""
    return {
        p.relative_to(package).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(package.rglob("*.py"))
    }


def row_of_file(rows: Sequence[Row], relative: str) -> Row | None:
    """The row naming this file, or else the row of the closest package (``pkg/``) holding it."""
    for row in rows:
        if relative in row.files:
            return row
    best: tuple[int, Row] | None = None
    for row in rows:
        for f in row.files:
            if f.endswith("/") and relative.startswith(f) and (best is None or len(f) > best[0]):
                best = (len(f), row)
    return best[1] if best else None


def imports_of(
    tree: ast.Module, importer: str, is_package: bool
) -> Iterator[tuple[str, int, bool]]:
    """Every dotted name imported (relative imports resolved), its line, and whether by ``from``.

    ``from a import b`` yields ``a.b``: a module if one has that name, else a name in ``a``.
    """
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno, False
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = importer.split(".")
                keep = len(parts) - node.level + (1 if is_package else 0)
                base = ".".join([*parts[:keep], *([base] if base else [])])
            for alias in node.names:
                yield f"{base}.{alias.name}", node.lineno, True


def private_attributes(tree: ast.Module, modules: set[str]) -> Iterator[tuple[str, int]]:
    """``alias._name`` where ``alias`` is a project module bound by an import statement."""
    aliases: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname and alias.name in modules:
                    aliases[alias.asname] = alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                if f"{node.module}.{alias.name}" in modules:
                    aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
            and node.attr.startswith("_")
            and not node.attr.endswith("__")
        ):
            yield f"{aliases[node.value.id]}.{node.attr}", node.lineno


def permitted(row: Row, target: str, target_row: Row) -> bool:
    """Whether ``row`` may import the module ``target``, which sits in ``target_row``."""
    if target_row is row:
        return True
    if target_row.index > row.index:
        return False
    for token in row.allowed:
        name = f"pokersim.{token}"
        if token == ANY and not is_private(target):
            return True
        if target == name:
            return True
        if target.startswith(name + ".") and not is_private(target[len(name) :]):
            return True
    return False


def table_problems(rows: Sequence[Row], modules: set[str]) -> list[str]:
    """Names in "may import" that are no module of the table nor of the disk."""
    listed = [f if f.endswith(".py") else f.rstrip("/") + ".py" for r in rows for f in r.files]
    known = modules | {module_name(f) for f in listed}
    return [
        f"import table row {row.files}: unknown module `{token}`"
        for row in rows
        for token in sorted(row.allowed - {ANY, "—"} - RESTRICTED)
        if f"pokersim.{token}" not in known
    ]


def module_problems(
    path: str, source: str, row: Row, located: Mapping[str, Row], modules: set[str]
) -> Iterator[str]:
    """Each import of one module that its row does not allow, and each private name it uses."""
    importer = module_name(path)
    where = f"pokersim/{path}"
    tree = ast.parse(source, filename=where)
    for name, line, by_from in imports_of(tree, importer, path.endswith("__init__.py")):
        top = name.split(".")[0]
        if top in RESTRICTED and top not in row.allowed:
            yield f"{where}:{line}: imports {top}, which its row does not allow"
        if top != "pokersim":
            continue
        target = name if name in modules or not by_from else name.rsplit(".", 1)[0]
        if target not in modules:
            yield f"{where}:{line}: imports {name}, which is not a module"
            continue
        if target == importer:
            continue
        attr = name.rsplit(".", 1)[1]
        if target != name and attr.startswith("_") and not attr.endswith("__"):
            yield f"{where}:{line}: imports the private name {name}"
        if target in located and not permitted(row, target, located[target]):
            files = "`, `".join(row.files)
            yield f"{where}:{line}: imports {target}, which its row (`{files}`) does not allow"
    for name, line in private_attributes(tree, modules):
        yield f"{where}:{line}: uses the private name {name}"


def check(rows: Sequence[Row], sources: Mapping[str, str]) -> list[str]:
    """Every breach of the table by the modules in ``sources`` (relative path -> source)."""
    row_by_path = {path: row_of_file(rows, path) for path in sources}
    located = {module_name(p): r for p, r in row_by_path.items() if r is not None}
    modules = {module_name(p) for p in sources}
    problems = [
        f"pokersim/{path}: not in the import table of docs/ARCHITECTURE.md"
        for path, row in row_by_path.items()
        if row is None
    ]
    problems += table_problems(rows, modules)
    for path, source in sources.items():
        row = row_by_path[path]
        if row is not None:
            problems += module_problems(path, source, row, located, modules)
    return problems


def import_cycles(sources: Mapping[str, str]) -> list[list[str]]:
    """Cycles among the project's modules (imports anywhere in a module count)."""
    modules = {module_name(p): p for p in sources}
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        tree = ast.parse(sources[path])
        deps = set()
        for name, _, _ in imports_of(tree, module, path.endswith("__init__.py")):
            target = name if name in modules else name.rsplit(".", 1)[0]
            if target in modules and target != module:
                deps.add(target)
        graph[module] = deps
    cycles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        path.append(m)
        for d in sorted(graph[m]):
            if state.get(d) == 1:
                cycles.append([*path[path.index(d) :], d])
            elif d not in state:
                visit(d)
        path.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m)
    return cycles


# ---------------------------------------------------------------------------------------------
# The project against its table
# ---------------------------------------------------------------------------------------------

ROWS = parse_table(ARCHITECTURE.read_text(encoding="utf-8"))


def test_every_module_keeps_to_the_import_table() -> None:
    problems = check(ROWS, disk_modules())
    assert not problems, "\n".join(problems)


def test_no_import_cycles() -> None:
    assert import_cycles(disk_modules()) == []


def test_table_names_the_engine_package_and_only_its_director_imports_simpy() -> None:
    rows = {f: row for row in ROWS for f in row.files}
    desks = ["records", "state", "format", "floor", "schedule", "cashier", "places"]
    desks += ["incidents", "dealer"]
    for name in ["__init__", "director", *desks]:
        assert f"engine/{name}.py" in rows, name
    simpy_files = {f for row in ROWS if "simpy" in row.allowed for f in row.files}
    assert simpy_files == {"engine/director.py"}
    assert rows["engine/director.py"].index > rows["engine/dealer.py"].index


# ---------------------------------------------------------------------------------------------
# The checker can fail
# ---------------------------------------------------------------------------------------------

TOY_TABLE = """\
| module | what it is | may import |
|---|---|---|
| `base.py` | the bottom | — |
| `mid.py`, `side.py` | the middle (`base` below) | `base` |
| `pkg/` | a package | `mid`, `pkg._inner` |
| `top.py` | the top | `*`, `simpy` |
| `gone.py` | listed, not on disk | `base` |
"""


def test_checker_passes_a_toy_project_that_keeps_to_its_table() -> None:
    rows = parse_table(TOY_TABLE)
    sources = {
        "base.py": "import numpy\n",
        "mid.py": "from pokersim import base\nfrom pokersim.side import helper\n",
        "side.py": "from pokersim.base import thing\n",
        "pkg/__init__.py": "from pokersim.pkg._inner import x\nfrom pokersim.mid import y\n",
        "pkg/_inner.py": "from . import other\n",
        "pkg/other.py": "",
        "top.py": "import simpy, pokersim.pkg.other\ndef f():\n    from pokersim import mid\n",
    }
    assert check(rows, sources) == []
    assert import_cycles(sources) == []


def test_checker_reports_each_kind_of_breach() -> None:
    rows = parse_table(TOY_TABLE)
    sources = {
        "base.py": "def f():\n    from pokersim.mid import g\n",  # down the table
        "mid.py": "import simpy\nfrom pokersim.base import _hidden\n",
        "side.py": "from pokersim import base\nbase._secret()\n",
        "pkg/__init__.py": "from pokersim.pkg import _inner\n",
        "pkg/_inner.py": "",
        "top.py": "from pokersim.pkg import _inner\nimport pokersim.nothing\n",
        "stray.py": "",
    }
    problems = check(rows, sources)
    assert problems == [
        "pokersim/stray.py: not in the import table of docs/ARCHITECTURE.md",
        "pokersim/base.py:2: imports pokersim.mid, which its row (`base.py`) does not allow",
        "pokersim/mid.py:1: imports simpy, which its row does not allow",
        "pokersim/mid.py:2: imports the private name pokersim.base._hidden",
        "pokersim/side.py:2: uses the private name pokersim.base._secret",
        "pokersim/top.py:1: imports pokersim.pkg._inner, which its row (`top.py`) does not allow",
        "pokersim/top.py:2: imports pokersim.nothing, which is not a module",
    ]
    assert import_cycles(sources) == [["pokersim.base", "pokersim.mid", "pokersim.base"]]


def test_checker_rejects_a_table_naming_an_unknown_module() -> None:
    rows = parse_table(TOY_TABLE.replace("`mid`, `pkg._inner`", "`midd`"))
    problems = check(rows, {"base.py": ""})
    assert problems == ["import table row ('pkg/',): unknown module `midd`"]


# ---------------------------------------------------------------------------------------------
# At run time: the hand and the pure rules never load simpy
# ---------------------------------------------------------------------------------------------

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
