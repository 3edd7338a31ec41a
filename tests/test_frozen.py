"""``@frozen`` makes the same classes as ``dataclass(frozen=True)``, and its cache is used.

The records of the package are made with ``pokersim.frozen.frozen``, which serves the compiled
code of the methods ``dataclasses`` generates from a cache kept between runs. A class made
through the cache must behave exactly as the plain dataclass (the oracle here); a missing or
corrupt cache file must change nothing; and a fresh process must take its code from the file
(if it compiles everything again, the cache has stopped working and start-up pays for it).
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pokersim import frozen as frozen_module
from pokersim.frozen import frozen

ROOT = Path(__file__).resolve().parent.parent


def make(decorator: object) -> type:
    """A record with defaults, a factory, a ClassVar, a keyword-only and a non-compared field."""

    class Point:
        """A point."""

        x: int
        y: float = 2.5
        tags: tuple[str, ...] = dataclasses.field(default_factory=tuple)
        note: str = dataclasses.field(default="", compare=False, repr=False)

        def norm(self) -> float:
            return abs(self.x) + abs(self.y)

    return decorator(Point)  # type: ignore[operator, no-any-return]


def plain(**kwargs: bool) -> object:
    return lambda cls: dataclasses.dataclass(cls, frozen=True, **kwargs)


@pytest.fixture
def cache_at(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The cache in a fresh state, kept in a file of its own."""
    path = tmp_path / "records.bin"
    monkeypatch.setattr(frozen_module, "PATH", str(path))
    monkeypatch.setattr(frozen_module, "_codes", None)
    monkeypatch.setattr(frozen_module, "_new", False)
    monkeypatch.setattr(frozen_module, "stats", {"hits": 0, "compiled": 0})
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    return path


@pytest.mark.parametrize("options", [{}, {"slots": True}, {"slots": True, "kw_only": True}])
def test_a_record_behaves_as_the_plain_dataclass(cache_at: Path, options: dict[str, bool]) -> None:
    for round_ in range(2):  # compiled, then served from the cache
        ours = make(frozen(**options))
        theirs = make(plain(**options))
        if round_ == 1:
            assert frozen_module.stats["hits"] > 0
        assert [(f.name, f.default, f.kw_only, f.compare) for f in dataclasses.fields(ours)] == [
            (f.name, f.default, f.kw_only, f.compare) for f in dataclasses.fields(theirs)
        ]
        assert ours.__init__.__annotations__ == theirs.__init__.__annotations__  # type: ignore[misc]
        assert ours.__init__.__defaults__ == theirs.__init__.__defaults__  # type: ignore[misc]
        assert ours.__init__.__kwdefaults__ == theirs.__init__.__kwdefaults__  # type: ignore[misc]
        assert ours.__match_args__ == theirs.__match_args__  # type: ignore[attr-defined]
        assert hasattr(ours, "__slots__") == hasattr(theirs, "__slots__")
        assert ours.__doc__ == theirs.__doc__
        a, b, c = ours(x=1), ours(x=1, note="other"), ours(x=2, tags=("t",))
        p, q = theirs(x=1), theirs(x=2, tags=("t",))
        assert repr(a) == repr(p) and repr(c) == repr(q)
        assert a == b and a != c and a != p  # eq ignores `note`; another class is never equal
        assert hash(a) == hash(b) == hash(p) and hash(c) == hash(q)
        assert dataclasses.asdict(c) == dataclasses.asdict(q)
        assert dataclasses.replace(a, x=2, tags=("t",)) == c
        assert a.norm() == p.norm() == 3.5
        with pytest.raises(dataclasses.FrozenInstanceError):
            a.x = 3
        with pytest.raises(dataclasses.FrozenInstanceError):
            del a.x
        with pytest.raises(TypeError):
            ours()
        if options.get("kw_only"):
            with pytest.raises(TypeError):
                ours(1)
        else:
            assert ours(1, 2.5) == a


def test_eq_false_and_an_inherited_record(cache_at: Path) -> None:
    @frozen(kw_only=True, eq=False)
    class Base:
        a: int

    @frozen(slots=True, kw_only=True)
    class Child(Base):
        b: int = 1

    base = Base(a=1)
    assert base != Base(a=1) and base == base  # identity, as with eq=False
    assert Child(a=1) == Child(a=1) and repr(Child(a=1)).endswith("Child(a=1, b=1)")


def test_the_cache_survives_the_process_and_a_corrupt_one_is_harmless(
    cache_at: Path,
) -> None:
    make(frozen(slots=True))
    assert frozen_module.stats == {"hits": 0, "compiled": 6}
    frozen_module._write()
    assert cache_at.exists()
    frozen_module._codes = None
    make(frozen(slots=True))
    assert frozen_module.stats == {"hits": 6, "compiled": 6}
    for garbage in (b"", b"not marshal data", cache_at.read_bytes()[:-50], b"\x00" * 100):
        cache_at.write_bytes(garbage)
        frozen_module._codes = None
        record = make(frozen(slots=True))
        assert record(x=1) == record(x=1) and repr(record(x=1)).endswith("(x=1, y=2.5, tags=())")
    assert frozen_module.stats["compiled"] == 6 * 5


def test_an_unwritable_cache_is_skipped(cache_at: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(frozen_module, "PATH", str(cache_at / "no" / "such" / "dir" / "x.bin"))
    (cache_at).write_bytes(b"a file where a directory should be")
    make(frozen())
    frozen_module._write()  # no error
    assert not (cache_at / "no").exists()


PROBE = """
import sys, pokersim.frozen as f
f.PATH = sys.argv[1]
import pokersim.events, pokersim.scenario
print(f.stats["hits"], f.stats["compiled"])
"""


def test_a_fresh_process_takes_the_package_records_from_the_cache(tmp_path: Path) -> None:
    """The first process compiles the records of events and the scenario and keeps them; the
    next compiles none: if it compiles again, the cache has stopped being used."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    path = str(tmp_path / "records.bin")
    counts = []
    for _ in range(2):
        out = subprocess.run(
            [sys.executable, "-c", PROBE, path], capture_output=True, text=True, check=True, env=env
        )
        counts.append(tuple(int(n) for n in out.stdout.split()))
    (hits0, compiled0), (hits1, compiled1) = counts
    assert compiled0 > 300  # the records of those modules: six methods each, some shared texts
    assert compiled1 == 0 and hits1 == hits0 + compiled0
