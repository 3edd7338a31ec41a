"""Frozen records: ``@frozen(...)`` is ``dataclasses.dataclass(frozen=True, ...)``, faster to make.

A dataclass is made by generating the source of its methods (``__init__``, ``__repr__``,
``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``) and compiling it with ``exec``;
compiling is most of the cost (about 1 ms a class), and unlike a module's bytecode it is paid
again by every run. The package defines about 140 records, so that was about a fifth of the
start-up of ``pokersim run``. ``frozen`` makes the class with ``dataclasses`` itself, but while
it does, the ``exec`` that ``dataclasses`` calls (a name it looks up in its module's globals)
is one that takes the compiled code of each source text from a cache: compiling a text is
deterministic, so the cached code is the very code ``exec`` would have compiled, and the class
is the same class. The cache is one file per interpreter (``records.<tag>.bin`` where this
module's bytecode goes: its ``__pycache__``, or under ``sys.pycache_prefix``), the texts and
their marshalled code, read at the first record and written (atomically, at exit) only when new
texts were compiled and bytecode may be written; when it is missing, corrupt, from another
interpreter or cannot be written, records are made as before. Where ``dataclasses`` does not
call ``exec`` that way (another Python), the cache is simply never asked.
"""

from __future__ import annotations

import atexit
import builtins
import dataclasses
import marshal
import os
import sys
from collections.abc import Callable
from importlib.util import MAGIC_NUMBER
from types import CodeType
from typing import Any, TypeVar, dataclass_transform

_T = TypeVar("_T")

#: where the compiled texts are kept, as the bytecode of this module would be (its
#: ``__pycache__``, or under ``sys.pycache_prefix``); None: nowhere (no cache tag)
PATH: str | None = None
if sys.implementation.cache_tag:
    _here = os.path.dirname(os.path.abspath(__file__))
    PATH = os.path.join(
        os.path.join(sys.pycache_prefix, _here.lstrip(os.sep))
        if sys.pycache_prefix
        else os.path.join(_here, "__pycache__"),
        f"records.{sys.implementation.cache_tag}.bin",
    )
#: how many texts were served from the cache and how many compiled, in this process
stats = {"hits": 0, "compiled": 0}
_MAX = 4096  # texts kept in the file: past this, only those this process used

_codes: dict[str, CodeType] | None = None  # the cache, read at the first record
_used: set[str] = set()
_new = False


def _read(path: str | None) -> dict[str, CodeType]:
    """The cached texts and their code in ``path``; empty if it is missing or not ours."""
    if path is None:
        return {}
    try:
        with open(path, "rb") as f:
            data = f.read()
        if data[: len(MAGIC_NUMBER)] != MAGIC_NUMBER:
            return {}
        codes = marshal.loads(data[len(MAGIC_NUMBER) :])
    except Exception:  # missing, unreadable or corrupt: compile as dataclasses would
        return {}
    if not isinstance(codes, dict):
        return {}
    return {k: v for k, v in codes.items() if isinstance(k, str) and isinstance(v, CodeType)}


def _write() -> None:
    """Keep the texts compiled in this process (with the file's others), if there were new ones.

    Written to a temporary file and renamed over the old one, so a reader sees either file
    whole; skipped silently when the directory cannot be written.
    """
    global _new
    if not _new or _codes is None or PATH is None or sys.dont_write_bytecode:
        return
    _new = False
    codes = {**_read(PATH), **_codes}
    if len(codes) > _MAX:
        codes = {k: v for k, v in codes.items() if k in _used}
    tmp = f"{PATH}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(PATH), exist_ok=True)
        with open(tmp, "wb") as f:
            f.write(MAGIC_NUMBER + marshal.dumps(codes))
        os.replace(tmp, PATH)
    except OSError:
        try:
            os.remove(tmp)
        except OSError:
            pass


atexit.register(_write)


def compiled(source: str) -> CodeType:
    """The code ``exec(source)`` would compile (no ``__future__`` flags), from the cache."""
    global _codes, _new
    if _codes is None:
        _codes = _read(PATH)
    _used.add(source)
    code = _codes.get(source)
    if code is None:
        code = compile(source, "<string>", "exec", dont_inherit=True)
        _codes[source] = code
        _new = True
        stats["compiled"] += 1
    else:
        stats["hits"] += 1
    return code


def _exec(source: Any, globals: Any = None, locals: Any = None) -> None:
    """``exec``, with a source text's code taken from the cache."""
    if type(source) is str:
        source = compiled(source)
    if globals is None:  # exec's default: its caller's globals, not this module's
        globals = sys._getframe(1).f_globals
    builtins.exec(source, globals, locals)


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
def frozen(
    *,
    slots: bool = False,
    kw_only: bool = False,
    eq: bool = True,
    order: bool = False,
) -> Callable[[type[_T]], type[_T]]:
    """``dataclasses.dataclass(frozen=True, ...)``, its methods' code taken from the cache."""

    def make(cls: type[_T]) -> type[_T]:
        namespace = vars(dataclasses)
        before = namespace.get("exec", builtins.exec)
        namespace["exec"] = _exec
        try:
            return dataclasses.dataclass(
                cls, frozen=True, slots=slots, kw_only=kw_only, eq=eq, order=order
            )
        finally:
            if before is builtins.exec:
                del namespace["exec"]
            else:  # a record made while making another
                namespace["exec"] = before

    return make
