"""``study.run_study`` from a script: the ``if __name__ == "__main__":`` guard is asked for."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SNG = ROOT / "scenarios" / "sng_9max.toml"


def _script(tmp_path: Path, body: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "script.py"
    path.write_text(
        "from pokersim import study\n" + body.format(sng=str(SNG), out=str(tmp_path / "out")),
        encoding="utf-8",
    )
    return subprocess.run(
        [sys.executable, str(path)], capture_output=True, text=True, timeout=300, check=False
    )


def test_a_script_without_guard_is_refused_before_any_worker_starts(tmp_path: Path) -> None:
    proc = _script(
        tmp_path, 'res = study.run_study("{sng}", runs=2, out="{out}", jobs=2, progress=False)\n'
    )
    assert proc.returncode != 0
    last = proc.stderr.strip().splitlines()[-1]
    assert "ConfigError" in last and "script.py, line 2" in last
    assert 'if __name__ == "__main__":' in last and "jobs=1" in last
    assert not (tmp_path / "out").exists()  # refused before the folder was made


def test_a_guarded_script_runs(tmp_path: Path) -> None:
    proc = _script(
        tmp_path,
        "def main():\n"
        '    res = study.run_study("{sng}", runs=2, out="{out}", jobs=2, progress=False)\n'
        "    print(len(res.runs))\n"
        'if __name__ == "__main__":\n'
        "    main()\n",
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "2"


def test_a_guard_the_check_misses_is_caught_in_the_workers(tmp_path: Path) -> None:
    """A test the parent takes for a guard, but true in the workers too: they refuse."""
    proc = _script(
        tmp_path,
        'if __name__ in ("__main__", "__mp_main__"):\n'
        '    study.run_study("{sng}", runs=2, out="{out}", jobs=2, progress=False)\n',
    )
    assert proc.returncode != 0
    assert "while a worker process was importing the main script" in proc.stderr
    last = proc.stderr.strip().splitlines()[-1]
    assert "before completing any run" in last and 'if __name__ == "__main__":' in last


def test_calibration_runs_from_a_script_without_guard_are_refused_in_one_line(
    tmp_path: Path,
) -> None:
    """The calibration's worker processes are spawned as a study's: the same check, not a
    worker dying and a broken pool's traceback."""
    proc = _script(
        tmp_path,
        "from pokersim.calibration_runs import calibration_runs\n"
        'calibration_runs("{sng}", runs=2, jobs=2)\n',
    )
    assert proc.returncode != 0
    last = proc.stderr.strip().splitlines()[-1]
    assert "ConfigError" in last and "script.py, line 3: calibration_runs with jobs > 1" in last
    assert "BrokenProcessPool" not in proc.stderr
