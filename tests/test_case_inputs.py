"""Bad case, scenario and history input: one line naming the file and the key, never a traceback.

Each test feeds the command line (``pokersim.cli.main``) an input that used to escape as a
traceback, an error naming no file, a silent wrap-around, an out-of-memory kill or a case file
``pokersim verify`` could not load, and checks the one line (stderr, or verify's ``FAIL`` line)
that names the file and what was expected, and the exit status.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from test_hand_import import _PHH

import pokersim.verify
from pokersim.cli import main

ROOT = Path(__file__).resolve().parents[1]
HISTORIES = ROOT / "tests" / "data" / "histories"
CAP = 16 * 1024 * 1024  # the most a scenario or case file may hold (16 MiB)

# the minimal case of docs/verify.md (R-HAND-3)
CASE = """\
name = "R-HAND-3 uncalled part of an all-in"
starting_stack = 1000
seats_per_table = 2

[players]
count = 2
named = [
  { name = "Ann", model = "calling-station" },
  { name = "Bob", model = "calling-station" },
]

[[levels]]
small_blind = 5
big_blind = 10
minutes = 30

[script]
[[script.tables]]
button = 1
seats = [
  { seat = 1, player = "Ann", stack = 1000 },
  { seat = 2, player = "Bob", stack = 300 },
]

[[script.decks]]
table = 1
hand = 1
hole = { 1 = "KsKh", 2 = "AsAh" }
board = "2c 7d 9c 3h 4d"

[[script.actions]]
player = "Ann"
hand = 1
do = ["allin"]

[[script.actions]]
player = "Bob"
hand = 1
do = ["call"]

[expect]
[[expect.stacks]]
table = 1
hand = 1
stacks = { Ann = 700, Bob = 600 }
"""

# three players at one table: three stacks of 4e18 used to wrap around to negative stacks
CASE3 = (
    CASE.replace("seats_per_table = 2", "seats_per_table = 3")
    .replace("count = 2", "count = 3")
    .replace(
        '  { name = "Bob", model = "calling-station" },\n',
        '  { name = "Bob", model = "calling-station" },\n'
        '  { name = "Cid", model = "calling-station" },\n',
    )
    .replace(
        '  { seat = 2, player = "Bob", stack = 300 },\n',
        '  { seat = 2, player = "Bob", stack = 300 },\n'
        '  { seat = 3, player = "Cid", stack = 300 },\n',
    )
    .replace("Bob = 600 }", "Bob = 600, Cid = 300 }")
)

PHH = _PHH  # a three-player PHH hand that imports and verifies


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _write(path: Path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    return str(path)


def _one_error_line(err: str, command: str, source: str) -> str:
    """The single stderr line of a refused command, checked to name ``source``."""
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"pokersim {command}: error: {source}: "), lines[0]
    return lines[0]


def _load_failure(out: str, source: str) -> str:
    """verify's one FAIL line for a case that does not load, checked to name ``source``."""
    fails = [x for x in out.splitlines() if x.startswith("FAIL ")]
    assert len(fails) == 1, out
    assert fails[0].startswith(f"FAIL {source}: load: expected a valid case, got {source}: ")
    assert out.rstrip().endswith("0 passed, 1 failed")
    return fails[0]


# -- 1. scripted stacks and hole-card keys -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "stack"),
    [
        (CASE.replace("stack = 1000 }", f"stack = {10**30} }}"), 10**30),
        (CASE.replace("stack = 1000 }", f"stack = {5 * 10**18} }}").replace(
            "stack = 300 }", f"stack = {5 * 10**18} }}"), 5 * 10**18),
        (CASE3.replace("stack = 1000 }", f"stack = {4 * 10**18} }}").replace(
            "stack = 300 }", f"stack = {4 * 10**18} }}"), 4 * 10**18),
    ],
    ids=["1e30", "two-5e18", "three-4e18"],
)  # fmt: skip
def test_a_scripted_stack_is_bounded_like_starting_stack(
    text: str, stack: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case = _write(tmp_path / "big.toml", text)
    code, out, err = _cli(capsys, "verify", case)
    assert code == 1 and "Traceback" not in out + err
    line = _load_failure(out, case)
    assert line.endswith(
        f"script.tables[0].seats[0].stack: expected a value <= 1000000000000, got {stack}"
    )


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ('hole = { 1 = "KsKh"', 'hole = { "²" = "KsKh"', "script.decks[0].hole.²"),
        ('do = ["call"]', 'do = ["raise ²"]', "script.actions[1].do[0]"),
    ],
    ids=["hole-key", "raise-amount"],
)
def test_a_superscript_digit_is_no_number(
    old: str, new: str, key: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``"²".isdigit()`` is true but ``int("²")`` fails: the case names the key instead."""
    case = _write(tmp_path / "sup.toml", CASE.replace(old, new))
    code, out, err = _cli(capsys, "verify", case)
    assert code == 1 and "Traceback" not in out + err
    assert f": {key}: expected " in _load_failure(out, case)


# -- 2. one case's unexpected error is that case's failure ---------------------------------------


def test_an_unexpected_error_fails_its_case_and_the_others_still_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    first = _write(tmp_path / "a-broken.toml", CASE)
    second = _write(tmp_path / "b-fine.toml", CASE)
    run_case = pokersim.verify.run_case

    def flaky(case: pokersim.verify.Case, **kw: object) -> pokersim.verify.Outcome:
        if case.path.endswith("a-broken.toml"):
            raise OverflowError("int too big to convert")
        return run_case(case, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(pokersim.verify, "run_case", flaky)
    code, out, err = _cli(capsys, "verify", first, second)
    assert code == 1 and "Traceback" not in out + err
    assert out.splitlines() == [
        f"FAIL {first}: run: expected the case to run, got an internal error, OverflowError: "
        "int too big to convert",
        "1 passed, 1 failed",
    ]


def test_an_unexpected_error_while_loading_fails_that_case_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    first = _write(tmp_path / "a-broken.toml", CASE)
    second = _write(tmp_path / "b-fine.toml", CASE)
    read_toml = pokersim.verify.read_toml

    def flaky(source: str, kind: str) -> dict[str, object]:
        if source.endswith("a-broken.toml"):
            raise RuntimeError("a bug\nover two lines")
        return read_toml(source, kind)

    monkeypatch.setattr(pokersim.verify, "read_toml", flaky)
    code, out, err = _cli(capsys, "verify", first, second)
    assert code == 1 and "Traceback" not in out + err
    assert out.splitlines() == [
        f"FAIL {first}: load: expected a valid case, got an internal error, RuntimeError: a bug "
        "over two lines",
        "1 passed, 1 failed",
    ]


# -- 3. deep nesting ---------------------------------------------------------------------------


DEEP = {
    "arrays": 'name = "x"\nx = ' + "[" * 600 + "]" * 600 + "\n",
    "inline-tables": 'name = "x"\nx = ' + "{a = " * 600 + "1" + "}" * 600 + "\n",
}


@pytest.mark.parametrize("shape", sorted(DEEP))
@pytest.mark.parametrize("command", ["run", "verify"])
def test_deeply_nested_toml_is_one_line_naming_the_file(
    shape: str, command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path / "deep.toml", DEEP[shape])
    code, out, err = _cli(capsys, command, path)
    assert "Traceback" not in out + err
    if command == "run":
        assert code == 2
        line = _one_error_line(err, "run", path)
    else:
        assert code == 1
        line = _load_failure(out, path)
    assert "too deeply nested" in line


def test_a_deeply_nested_phh_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path / "deep.phh", 'variant = "NT"\nx = ' + "[" * 600 + "]" * 600 + "\n")
    code, out, err = _cli(capsys, "import", path)
    assert code == 2 and not out
    assert "too deeply nested" in _one_error_line(err, "import", path)


# -- 4. a size cap -----------------------------------------------------------------------------


def test_a_scenario_above_the_size_cap_is_refused_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "huge.toml"
    with path.open("wb") as f:
        f.write(b'name = "x"\n')
        f.write(b"#" * CAP)
    code, out, err = _cli(capsys, "run", str(path))
    assert code == 2 and not out
    assert "larger than 16 MiB" in _one_error_line(err, "run", str(path))


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
@pytest.mark.parametrize(("command", "message"), [("run", "16 MiB"), ("import", "64 Mi")])
def test_dev_zero_is_refused_by_the_cap(
    command: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file without end (not a regular file) is read up to the cap, then refused."""
    code, out, err = _cli(capsys, command, "/dev/zero")
    assert code == 2 and not out
    assert f"larger than {message}" in _one_error_line(err, command, "/dev/zero")


# -- 5. import writes only cases verify can load -----------------------------------------------


def _stars(old: str, new: str) -> str:
    text = (HISTORIES / "stars-01-tournament.txt").read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new)


@pytest.mark.parametrize(
    ("name", "text", "label", "message"),
    [
        (
            "stack.txt",
            _stars("flettl2 (1500 in chips)", "flettl2 (3000000000000000 in chips)"),
            "hand #105024000105 (1 of 1)",
            "starting_stack: expected a value <= 1000000000000, got 3000000000000000",
        ),
        (
            "seats.phh",
            PHH.replace("players =", "seat_count = 11\nplayers ="),
            "hand [1] (1 of 1)",
            "seats_per_table: expected a value <= 10, got 11",
        ),
        (
            "blind.phh",
            PHH.replace("[5, 10, 0]", "[5, 2000000000000, 0]"),
            "hand [1] (1 of 1)",
            "levels[0].big_blind: expected a value <= 1000000000000, got 2000000000000",
        ),
        (
            "ante.phh",
            PHH.replace("antes = [0, 0, 0]", "antes = [2000000000000, 2000000000000, 0]"),
            "hand [1] (1 of 1)",
            "levels[0].ante: expected a value <= 1000000000000",
        ),
        (
            "newline.phh",
            PHH.replace('"Ann", "Bob"', '"An\\nn", "Bob"'),
            "hand [1] (1 of 1)",
            "player name 'An\\nn': expected a screen name without control characters",
        ),
    ],
    ids=["stars-stack-3e15", "phh-seat-count-11", "phh-blind-2e12", "phh-ante-2e12", "newline"],
)
def test_import_refuses_a_hand_whose_case_verify_could_not_load(
    name: str,
    text: str,
    label: str,
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    history = _write(tmp_path / name, text)
    target = tmp_path / "case.toml"
    code, out, err = _cli(capsys, "import", history, "--out", str(target))
    assert code == 1 and not out
    assert not target.exists()
    line = _one_error_line(err, "import", history)
    assert line.startswith(f"pokersim import: error: {history}: {label}: ")
    assert message in line


def test_import_of_large_stacks_within_the_bounds_gives_a_case_that_passes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Level 2's blinds (every chip in play) used to pass the bound on one amount."""
    big = 400_000_000_000
    text = PHH.replace("[1000, 1000, 1000]", f"[{big}, {big}, {big}]").replace(
        "[1030, 970, 1000]", f"[{big + 30}, {big - 30}, {big}]"
    )
    history = _write(tmp_path / "big.phh", text)
    target = tmp_path / "case.toml"
    code, out, err = _cli(capsys, "import", history, "--out", str(target))
    assert (code, out.strip(), err) == (0, f"wrote {target}", "")
    code, out, err = _cli(capsys, "verify", str(target))
    assert (code, out.strip()) == (0, "1 passed, 0 failed")


# -- 6. a satellite's seats that cannot be counted: the file named --------------------------------


@pytest.mark.parametrize(
    ("seat", "message"),
    [
        (1_000_000, "the prize pool of 16500 cents does not buy one seat of 1000000 cents"),
        (550, "the pool of 16500 cents buys 30 seats for 30 players, so nothing is played for"),
    ],
)
def test_a_satellite_pool_that_buys_no_seat_or_every_seat_names_the_file(
    seat: int, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (ROOT / "scenarios" / "satellite.toml").read_text(encoding="utf-8")
    text, n = re.subn(r"seat_value_cents = 5500\b", f"seat_value_cents = {seat}", text)
    assert n == 1
    path = _write(tmp_path / "sat.toml", text)
    code, out, err = _cli(capsys, "run", path, "--seed", "1")
    assert code == 2 and not out
    line = _one_error_line(err, "run", path)
    assert line.startswith(f"pokersim run: error: {path}: satellite.seat_value_cents: {message}")


def test_the_imported_cases_blind_bound_is_the_scenarios() -> None:
    """``case_text`` may not import the loader: its copy of the bound on chips is held here."""
    from pokersim.history.case_text import MAX_CHIPS
    from pokersim.scenario import LIMITS

    assert MAX_CHIPS == LIMITS.chips
