"""Bad command lines: each ends with exit code 2 and exactly one line on stderr, no traceback.

The table holds the invocations of the reliability issue and some that already worked, so that
none of them regresses. ``{tmp}`` is the test's temporary folder, ``{sng}`` the 9-max sit-and-go
and ``{bad:NAME}`` a broken copy of it written by ``BROKEN`` below.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pokersim.cli import main

ROOT = Path(__file__).resolve().parent.parent
SNG = ROOT / "scenarios" / "sng_9max.toml"
TEXT = SNG.read_text(encoding="utf-8")


def _sub(old: str, new: str) -> str:
    assert old in TEXT
    return TEXT.replace(old, new, 1)


BROKEN = {
    "stack30": _sub("starting_stack = 1500", f"starting_stack = {10**30}"),
    "stack63": _sub("starting_stack = 1500", f"starting_stack = {2**63 - 1}"),
    "deal": _sub("[timing]\n", "[timing]\ndeal_seconds = 1e300\n"),
    "prize": _sub("prize_cents = 1000", f"prize_cents = {2**63 - 1}"),
    "ante": _sub("ante = 25\n", "ante = 500\n"),
    "big_blnd": _sub("big_blind = 20\n", "big_blnd = 20\n"),
    "levles": TEXT.replace("[[levels]]", "[[blinds_levles]]"),
    "minuts": _sub("level_minutes = 10", "level_minuts = 10"),
    "model": _sub('model = "recreational"', 'model = "recreatoinal"'),
    "toml": TEXT + "\n[[[\n",
    "type": _sub("starting_stack = 1500", 'starting_stack = "1500"'),
    "nan": _sub("think_sigma = 0.5", "think_sigma = nan"),
    # the field in counts (two regulars and seven recreational players): fits nine seats only
    "counted": _sub("percent = 22   # two of nine", "count = 2").replace(
        "percent = 78   # seven of nine", "count = 7", 1
    ),
}

CASES = [
    # (id, argv, fragments the one line must hold)
    ("run stack 10**30", ["run", "{bad:stack30}"], ["stack30.toml", "starting_stack", "<="]),
    ("run stack 2**63-1", ["run", "{bad:stack63}"], ["starting_stack", "<="]),
    ("run deal_seconds 1e300", ["run", "{bad:deal}"], ["timing.deal_seconds", "<= 86400"]),
    ("run prize 2**63-1", ["run", "{bad:prize}"], ["entries.prize_cents", "<="]),
    ("run ante above big blind", ["run", "{bad:ante}"], ["levels[6].ante", "big_blind"]),
    ("run big_blnd", ["run", "{bad:big_blnd}"], ["big_blnd", "did you mean 'big_blind'"]),
    ("run blinds_levles", ["run", "{bad:levles}"], ["blinds_levles", "'levels'"]),
    ("run level_minuts", ["run", "{bad:minuts}"], ["level_minuts", "'level_minutes'"]),
    ("run model typo", ["run", "{bad:model}"], ["players.mix[1].model", "'recreational'"]),
    ("run bad toml", ["run", "{bad:toml}"], ["toml.toml", "not valid TOML"]),
    ("run wrong type", ["run", "{bad:type}"], ["starting_stack", "integer"]),
    ("run nan", ["run", "{bad:nan}"], ["timing.think_sigma", "finite"]),
    ("run missing file", ["run", "{tmp}/none.toml"], ["none.toml", "no such scenario file"]),
    ("run scenario is a folder", ["run", "{tmp}"], ["is a directory"]),
    ("run --seed -1", ["run", "{sng}", "--seed", "-1"], ["--seed"]),
    ("run --seed x", ["run", "--seed", "x"], ["--seed", "--help"]),
    ("run --hands without --out", ["run", "{sng}", "--hands", "phh"], ["--hands", "--out"]),
    ("run --out /proc/x", ["run", "{sng}", "--out", "/proc/x"], ["--out /proc/x", "cannot"]),
    ("run --out a file", ["run", "{sng}", "--out", "{tmp}/file/x"], ["--out", "file/x"]),
    ("run --out with results", ["run", "{sng}", "--out", "{tmp}/done"], ["--out", "--force"]),
    ("design --players 0",
     ["design", "--players", "0", "--starting-stack", "1500", "--level-minutes", "10",
      "--target-hours", "2", "--out", "{tmp}/d.toml"], ["--players", ">= 2"]),
    ("design --target-hours nan",
     ["design", "--players", "10", "--starting-stack", "1500", "--level-minutes", "10",
      "--target-hours", "nan", "--out", "{tmp}/d.toml"], ["--target-hours"]),
    ("design --level-minutes 0",
     ["design", "--players", "10", "--starting-stack", "1500", "--level-minutes", "0",
      "--target-hours", "2", "--out", "{tmp}/d.toml"], ["--level-minutes"]),
    ("design base field too small",
     ["design", "--players", "1000", "--starting-stack", "1500", "--level-minutes", "10",
      "--target-hours", "2", "--base", "{bad:counted}", "--out", "{tmp}/d.toml"],
     ["counted.toml", "players.mix", "--players 1000", "percent"]),
    ("design missing flags", ["design", "--players", "180"], ["missing", "--starting-stack"]),
    ("icm more prizes than stacks",
     ["icm", "--stacks", "5000", "3000", "--prizes", "500", "300", "200"],
     ["--prizes", "--stacks"]),
    ("icm increasing prizes", ["icm", "--stacks", "5000", "3000", "--prizes", "100", "500"],
     ["--prizes", "prize 2 = 500", "increase"]),
    ("icm huge prize", ["icm", "--stacks", "100", "50", "--prizes", "1e400"], ["--prizes"]),
    ("icm negative stack", ["icm", "--stacks", "100", "-5", "--prizes", "10"], ["stack 2"]),
    ("deal increasing prizes",
     ["deal", "--stacks", "100", "5", "--prizes", "10", "20", "--method", "chip-chop"],
     ["increase"]),
    ("verify empty folder", ["verify", "{tmp}/empty"], ["pokersim verify", "empty", "no case"]),
    ("verify missing path", ["verify", "{tmp}/none"], ["pokersim verify", "none", "no such"]),
    ("study --runs 0", ["study", "{sng}", "--runs", "0", "--out", "{tmp}/s"], ["--runs"]),
    ("study --jobs 0", ["study", "{sng}", "--runs", "2", "--jobs", "0", "--out", "{tmp}/s"],
     ["--jobs"]),
    ("study --resume nothing",
     ["study", "{sng}", "--runs", "2", "--resume", "--out", "{tmp}/none"],
     ["--resume", "nothing to resume"]),
    ("study --out /proc/x", ["study", "{sng}", "--runs", "2", "--out", "/proc/x"],
     ["--out /proc/x", "cannot"]),
    ("study non-empty folder", ["study", "{sng}", "--runs", "2", "--out", "{tmp}/done"],
     ["not empty"]),
    ("study bad runner", ["study", "{sng}", "--runs", "2", "--runner", "nomod:f", "--out",
                          "{tmp}/s"], ["runner", "nomod"]),
    ("compare --resume nothing",
     ["compare", "{sng}", "{sng}", "--runs", "2", "--resume", "--out", "{tmp}/none"],
     ["nothing to resume"]),
    ("compare missing flags", ["compare", "a.toml", "b.toml"], ["--runs", "--out"]),
    ("report missing folder", ["report", "{tmp}/none"], ["none: no such folder"]),
    ("equity one hand", ["equity", "AsKs"], ["2..9 hands"]),
    ("equity bad card", ["equity", "AsKs", "QdQh", "--board", "XX"], ["XX"]),
    ("unknown command", ["nope"], ["invalid choice"]),
]  # fmt: skip


@pytest.fixture
def folders(tmp_path: Path) -> dict[str, str]:
    for name, text in BROKEN.items():
        (tmp_path / f"{name}.toml").write_text(text, encoding="utf-8")
    (tmp_path / "empty").mkdir()
    (tmp_path / "file").write_text("not a folder")
    (tmp_path / "done").mkdir()
    (tmp_path / "done" / "summary.json").write_text("{}")
    return {"tmp": str(tmp_path), "sng": str(SNG)}


def _argv(argv: list[str], names: dict[str, str]) -> list[str]:
    out = []
    for arg in argv:
        if arg.startswith("{bad:"):
            arg = f"{names['tmp']}/{arg[5:-1]}.toml"
        out.append(arg.format(**names))
    return out


@pytest.mark.parametrize(("argv", "parts"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_invocation_is_one_line_and_exit_2(
    argv: list[str], parts: list[str], folders: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code = main(_argv(argv, folders))
    except SystemExit as exc:  # argparse's own errors
        code = exc.code  # type: ignore[assignment]
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err
    assert err.startswith("pokersim"), err
    for part in parts:
        assert part in err, (part, err)


@pytest.mark.parametrize(
    "argv",
    [
        ["run", "{bad:stack63}"],
        ["icm", "--stacks", "5000", "3000", "--prizes", "500", "300", "200"],
        ["verify", "{tmp}/empty"],
        ["compare", "a.toml"],
    ],
    ids=["run", "icm", "verify", "usage"],
)
def test_as_a_process_exit_2_one_line(argv: list[str], folders: dict[str, str]) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "pokersim", *_argv(argv, folders)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr, proc.stderr
