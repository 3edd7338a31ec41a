"""The compiled kernels' on-disk cache notices a change in any file they depend on.

numba alone keys a cached kernel on its own file: an edit of a module it calls into (a
constant, a jitted helper) left the old machine code running. ``kernel_cache`` stamps every
entry with a fingerprint of all the kernels' files; these tests edit such a module in a copy of
the package and see the change, and hold every kernel and every file they import to it.
"""

from __future__ import annotations

import ast
import importlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pokersim import kernel_cache

PACKAGE = Path(kernel_cache.__file__).resolve().parent
JIT_NAMES = {"njit", "jit", "vectorize", "guvectorize", "cfunc", "generated_jit", "stencil"}

# ``non_flush_class`` (evaluator/_kernel.py) masks the key with ``LOW_BITS`` of
# evaluator/_tables.py, a constant numba freezes into the kernel's machine code
PROBE = """
import numpy as np
from pokersim.evaluator import _kernel
key = np.uint64((1 << 16) + 5)
low_base = np.arange(1 << 17, dtype=np.int64)
high_index = np.arange(1 << 16, dtype=np.int64) * 1000
rank_table = np.arange(1 << 18, dtype=np.int64)
value = _kernel.non_flush_class(key, low_base, high_index, rank_table)
print(value, sum(_kernel.non_flush_class.stats.cache_hits.values()))
"""


def _probe(root: Path) -> tuple[int, int]:
    """The probe's kernel result and its cache hits, in a fresh process on the copy ``root``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_")}
    env |= {"PYTHONPATH": str(root), "NUMBA_CACHE_DIR": str(root / "cache")}
    out = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=root, env=env, capture_output=True, text=True, check=True
    )
    value, hits = out.stdout.split()
    return int(value), int(hits)


def test_an_edit_of_a_module_a_kernel_reads_is_seen(tmp_path: Path) -> None:
    shutil.copytree(PACKAGE, tmp_path / "pokersim", ignore=shutil.ignore_patterns("__pycache__"))
    assert _probe(tmp_path) == ((1 << 16) + 5, 0)  # compiled: 17 low bits
    assert _probe(tmp_path) == ((1 << 16) + 5, 1)  # loaded from the cache
    tables = tmp_path / "pokersim" / "evaluator" / "_tables.py"
    text = tables.read_text()
    assert text.count("LOW_BITS = 17") == 1
    tables.write_text(text.replace("LOW_BITS = 17", "LOW_BITS = 16"))
    # _kernel.py is unchanged, so numba alone would load its stale entry (17 low bits)
    assert _probe(tmp_path) == (5 + 1000, 0)
    assert _probe(tmp_path) == (5 + 1000, 1)


def _imports(path: Path) -> set[str]:
    """The package's modules ``path`` imports (``pokersim.x``, ``pokersim.x.y``)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pokersim"):
            assert node.module is not None
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("pokersim")}
    return found


def _file_of(module: str) -> str | None:
    """``pokersim.evaluator._kernel`` -> ``evaluator/_kernel.py`` (None: a name, not a module)."""
    relative = "/".join(module.split(".")[1:])
    for candidate in (f"{relative}/__init__.py".lstrip("/"), f"{relative}.py"):
        if (PACKAGE / candidate).is_file():
            return candidate
    return None


def _python_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def test_every_kernel_compiles_through_kernel_cache() -> None:
    for path in _python_files():
        if path.name == "kernel_cache.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module == "numba":
                names = {alias.name for alias in node.names} & JIT_NAMES
                assert not names, f"{path.name}: {names} from numba bypasses kernel_cache"
            if isinstance(node, ast.Attribute) and node.attr in JIT_NAMES:
                assert not (isinstance(node.value, ast.Name) and node.value.id == "numba"), (
                    f"{path.name}: numba.{node.attr} bypasses kernel_cache"
                )


def test_the_fingerprint_covers_every_file_the_kernels_import() -> None:
    kernels = [p for p in _python_files() if "pokersim.kernel_cache.njit" in _imports(p)]
    assert len(kernels) >= 7  # evaluator, equity, players, models, timing, betting machine
    todo = [str(p.relative_to(PACKAGE)) for p in kernels]
    closure: set[str] = set()
    while todo:
        name = todo.pop()
        if name in closure:
            continue
        closure.add(name)
        todo += [f for m in _imports(PACKAGE / name) if (f := _file_of(m)) is not None]
    missing = closure - set(kernel_cache.KERNEL_SOURCES)
    assert not missing, f"kernel_cache.KERNEL_SOURCES misses {sorted(missing)}"
    data = {
        f"data/{name}"
        for module in closure
        for name in re.findall(r"\b(\w+\.npz)\b", (PACKAGE / module).read_text())
        if (PACKAGE / "data" / name).is_file()
    }
    assert data <= set(kernel_cache.KERNEL_SOURCES), f"data files: {sorted(data)}"
    assert all((PACKAGE / name).is_file() for name in kernel_cache.KERNEL_SOURCES)


def test_cached_kernels_carry_the_fingerprint() -> None:
    from pokersim import timing

    cache_file = timing.think_time_compiled._cache._cache_file
    assert cache_file._source_stamp[1] == kernel_cache.fingerprint()
    assert re.fullmatch(r"[0-9a-f]{64}", kernel_cache.fingerprint())


@pytest.mark.parametrize("name", ["model_params.py", "timing.py", "data/push_fold.npz"])
def test_the_fingerprint_changes_with_any_kernel_file(tmp_path: Path, name: str) -> None:
    copy = tmp_path / "pokersim"
    for source in kernel_cache.KERNEL_SOURCES:
        (copy / source).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(PACKAGE / source, copy / source)
    assert kernel_cache.fingerprint(copy) == kernel_cache.fingerprint()
    with (copy / name).open("ab") as f:
        f.write(b"\n")
    assert kernel_cache.fingerprint.__wrapped__(copy) != kernel_cache.fingerprint()


@pytest.mark.parametrize("module", ["pokersim.study", "pokersim.rng", "pokersim.progress"])
def test_modules_without_kernels_do_not_import_numba(module: str) -> None:
    """A study's parent and the keyed streams start without numba (a quarter of a second)."""
    code = f"import sys, {module}; print('numba' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


@pytest.mark.parametrize("package", ["numba", "numpy"])
def test_a_loaded_version_is_the_installed_one(package: str) -> None:
    """A run reads the version from the loaded module, a study's parent from the metadata:
    both must stamp the same fingerprint, or one would find the other's kernels stale."""
    from importlib import metadata

    importlib.import_module(package)
    assert kernel_cache._version(package) == metadata.version(package)
