"""A plug-in's failures and a model's bad parameters are the user's input: one clear line.

Whatever a plug-in does wrong (raise at import, in ``__init__``, in ``decide``; return a think
time that is not a number) and a parameter given as a string or a boolean, ``pokersim run``
prints one line naming where (the file and the slice, or the plug-in and the player) and what,
and exits 2: no traceback.
"""

from __future__ import annotations

import math
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from pokersim import progress
from pokersim.actions import CHECK_CALL, LegalActions
from pokersim.errors import ConfigError
from pokersim.players import make_model
from pokersim.timing import ActionClock, resolve_decision

PLUGINS = """
from pokersim.actions import CHECK_CALL, FOLD

class Good:
    name = "good"
    def decide(self, view, rng):
        return CHECK_CALL if view.legal.to_call == 0 else FOLD
    def think_seconds(self, view, rng):
        return 1.0

class InitRuntime(Good):
    def __init__(self):
        raise RuntimeError("boom in init")

class InitValue(Good):
    def __init__(self):
        raise ValueError("bad value in init")

class StringThink(Good):
    def think_seconds(self, view, rng):
        return "3"

class BoolThink(Good):
    def think_seconds(self, view, rng):
        return True

class NoneThink(Good):
    def think_seconds(self, view, rng):
        return None

class RaisingThink(Good):
    def think_seconds(self, view, rng):
        raise ZeroDivisionError("think broke")

class BadDecide(Good):
    name = "bad-decide"
    def decide(self, view, rng):
        raise KeyError("oops")
"""

SCENARIO = """
name = "plug-in errors"
seats_per_table = 9
final_table_size = 9
starting_stack = 1500
level_minutes = 10

[players]
count = 9
{mix}
[payouts]
[[payouts.bands]]
min_entries = 2
max_entries = 9
pay = [{{ places = 1, percent = 100 }}]

[[levels]]
small_blind = 10
big_blind = 20

[[levels]]
small_blind = 100
big_blind = 200
"""


def _slice(model: str, count: int, params: str = "") -> str:
    text = f'\n[[players.mix]]\nmodel = "{model}"\ncount = {count}\n'
    return text + (f"[players.mix.params]\n{params}\n" if params else "")


@pytest.fixture
def plugins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on ``sys.path`` holding ``errplug`` (the plug-ins above); its modules unloaded."""
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "errplug.py").write_text(textwrap.dedent(PLUGINS), encoding="utf-8")
    monkeypatch.syspath_prepend(str(folder))
    yield folder
    for name in [m for m in sys.modules if m.startswith("errplug")]:
        del sys.modules[name]


def _run(tmp_path: Path, capsys: pytest.CaptureFixture[str], mix: str) -> tuple[Path, str]:
    """``pokersim run`` on a scenario of this mix: exit 2, one line on stderr, returned."""
    from pokersim.cli import main  # noqa: PLC0415

    path = tmp_path / "scenario.toml"
    path.write_text(SCENARIO.format(mix=mix), encoding="utf-8")
    assert main(["run", str(path), "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    # a cold numba cache (sources just edited) is announced first: a notice, not the error
    notices = (progress.COMPILE_MESSAGE, progress.WRITER_MESSAGE)
    lines = [line for line in err.strip().splitlines() if line not in notices]
    assert len(lines) == 1, err
    assert lines[0].startswith("pokersim run: error: ")
    return path, lines[0]


# --- 1. a plug-in that raises at import or when built -----------------------------------------


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ('raise RuntimeError("boom")\n', "raised RuntimeError at import: boom"),
        ("def broken(:\n", "raised SyntaxError at import: invalid syntax"),
        ("import math\nmath.sqrt(-1)\n", "raised ValueError at import: math domain error"),
    ],
)
def test_a_plugin_raising_at_import_is_one_line_naming_the_slice_and_spec(
    plugins: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    source: str,
    expected: str,
) -> None:
    (plugins / "errplug_import.py").write_text(source, encoding="utf-8")
    path, line = _run(tmp_path, capsys, _slice("errplug_import:Bot", 9))
    assert f"{path}: players.mix[0]: model 'errplug_import:Bot': " in line
    assert expected in line


@pytest.mark.parametrize(
    ("cls", "expected"),
    [
        ("InitRuntime", "raised RuntimeError when built with parameters []: boom in init"),
        ("InitValue", "raised ValueError when built with parameters []: bad value in init"),
    ],
)
def test_a_plugin_raising_in_init_is_one_line_naming_the_slice_and_spec(
    plugins: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], cls: str, expected: str
) -> None:
    path, line = _run(tmp_path, capsys, _slice(f"errplug:{cls}", 9))
    assert f"{path}: players.mix[0]: model 'errplug:{cls}': plug-in errplug:{cls} " in line
    assert expected in line


def test_make_model_wraps_a_plugins_init_error(plugins: Path) -> None:
    with pytest.raises(ConfigError, match=r"errplug:InitRuntime raised RuntimeError") as info:
        make_model("errplug:InitRuntime")
    assert isinstance(info.value.__cause__, RuntimeError)


# --- 2. a think time that is not a number -------------------------------------------------


@pytest.mark.parametrize(
    ("cls", "got"),
    [("StringThink", "got '3' (a str"), ("BoolThink", "got True (a bool"), ("NoneThink", "None")],
)
def test_a_plugins_think_time_that_is_not_a_number_is_one_line(
    plugins: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], cls: str, got: str
) -> None:
    _, line = _run(tmp_path, capsys, _slice(f"errplug:{cls}", 9))
    assert f"plug-in model errplug:{cls} (name 'good') of player " in line
    assert "think_seconds must be a finite number >= 0" in line and got in line


@pytest.mark.parametrize("think", ["3", True, None, math.nan, -1.0, math.inf])
def test_resolve_decision_refuses_a_think_time_that_is_not_a_number(think: object) -> None:
    legal = LegalActions(to_call=0, min_raise_to=40, max_raise_to=1000)
    with pytest.raises(ValueError, match="think_seconds must be a finite number >= 0"):
        resolve_decision(CHECK_CALL, think, legal, ActionClock(), bank_seconds=0.0)  # type: ignore[arg-type]


def test_an_int_think_time_is_a_number() -> None:
    from pokersim.timing import checked_think_seconds  # noqa: PLC0415

    assert checked_think_seconds(3) == 3.0 and type(checked_think_seconds(3)) is float
    assert checked_think_seconds(0.5) == 0.5


# --- 3. a plug-in raising during play -----------------------------------------------------


@pytest.mark.parametrize(
    "others",
    [
        "",  # the plug-ins alone: every hand in Python
        _slice("calling-station", 6),  # with built-in models: the compiled rounds ask it
        _slice("calling-station", 6) + "\n[connection]\ndisconnects_per_player_hour = 60\n",
    ],
    ids=["python", "compiled", "disconnections"],
)
@pytest.mark.parametrize(
    ("cls", "expected"),
    [
        ("BadDecide", "(name 'bad-decide') of player "),
        ("RaisingThink", "(name 'good') of player "),
    ],
)
def test_a_plugin_raising_during_play_is_one_line_naming_it_and_the_player(
    plugins: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    others: str,
    cls: str,
    expected: str,
) -> None:
    count = 9 if not others else 3
    _, line = _run(tmp_path, capsys, _slice(f"errplug:{cls}", count) + others)
    assert f"plug-in model errplug:{cls} {expected}" in line
    player = line.partition(" of player ")[2].split(" ", 1)[0]
    assert player.isdigit() and f"of player {player} (table 1, hand " in line
    if cls == "BadDecide":
        assert line.endswith(": decide raised KeyError: 'oops'")
    else:
        assert line.endswith(": think_seconds raised ZeroDivisionError: think broke")


# --- 4. model parameters: numbers only ----------------------------------------------------


@pytest.mark.parametrize(
    ("value", "got"), [('"0.3"', "got '0.3' (a str"), ("true", "got True (a bool")]
)
def test_a_parameter_given_as_a_string_or_a_boolean_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], value: str, got: str
) -> None:
    mix = _slice("tight-aggressive", 9, f"call_width = {value}")
    path, line = _run(tmp_path, capsys, mix)
    assert f"{path}: players.mix[0]: model 'tight-aggressive': parameter 'call_width' " in line
    assert "must be a number in [0.0, 1.0]" in line and got in line


@pytest.mark.parametrize("value", ["0.3", True, False, None, [0.3]])
def test_check_number_refuses_what_is_not_a_number(value: object) -> None:
    with pytest.raises(ConfigError, match=r"parameter 'call_width' must be a number"):
        make_model("tight-aggressive", params={"call_width": value})


def test_an_int_is_a_number_where_a_float_is_expected() -> None:
    model = make_model("tight-aggressive", params={"call_width": 1, "commit_bb": 25})
    assert model.params.call_width == 1  # type: ignore[attr-defined]
