"""Faults: two writers into one folder, ``kill -9`` of a study, a killed worker, damaged parts.

Each test drives ``python -m pokersim`` in subprocesses on the 9-player sit-and-go (short runs)
and waits a bounded time for everything it expects.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from pokersim.lock import LOCK_NAME, folder_lock

ROOT = Path(__file__).resolve().parent.parent
SNG = str(ROOT / "scenarios" / "sng_9max.toml")
MERGED = ("runs.parquet", "finishes.parquet", "timeline.parquet")
TIMEOUT = 300


def pokersim(*argv: str) -> list[str]:
    return [sys.executable, "-m", "pokersim", *argv]


def call(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        pokersim(*argv), capture_output=True, text=True, timeout=TIMEOUT, check=False
    )


def start(*argv: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        pokersim(*argv), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def wait_for(what: str, check: Callable[[], bool], seconds: float = TIMEOUT) -> None:
    end = time.monotonic() + seconds
    while not check():
        if time.monotonic() > end:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.05)


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry.name))
    return out


def alive(pid: int) -> bool:
    """Running (a zombie waiting for its reaper has ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def completed(folder: Path) -> int:
    parts = folder / "parts"
    return len(list(parts.glob("r*.runs.parquet"))) if parts.is_dir() else 0


def merged(folder: Path) -> dict[str, bytes]:
    return {name: (folder / name).read_bytes() for name in MERGED}


def listing(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")


# --- one writer per folder ------------------------------------------------------------------------


def test_a_held_folder_is_refused_and_left_untouched(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    before = listing(out)
    with folder_lock(out):
        for argv in (
            ("run", SNG, "--out", str(out), "--force", "--hands", "phh"),
            ("study", SNG, "--runs", "2", "--jobs", "1", "--out", str(out), "--no-report"),
        ):
            proc = call(*argv)
            assert proc.returncode == 2, proc.stderr
            assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
            assert f"--out {out}: another pokersim process (pid {os.getpid()})" in proc.stderr
        assert {k: v for k, v in listing(out).items() if k != LOCK_NAME} == before
    assert listing(out) == before  # the lock file goes with the lock


def test_two_runs_into_one_new_folder(tmp_path: Path) -> None:
    """One run writes the folder, the other is refused; the folder is one whole run."""
    out = tmp_path / "out"
    refs = {}
    for seed in ("1", "2"):
        refs[seed] = tmp_path / f"ref{seed}"
        assert call("run", SNG, "--seed", seed, "--out", str(refs[seed])).returncode == 0
    procs = [start("run", SNG, "--seed", seed, "--out", str(out)) for seed in ("1", "2")]
    results = [(p.wait(TIMEOUT), p.communicate()[1]) for p in procs]
    codes = sorted(code for code, _ in results)
    assert codes == [0, 2], results
    refused = next(err for code, err in results if code == 2)
    assert refused.count("\n") == 1 and "Traceback" not in refused
    assert "another pokersim process" in refused or "already holds results" in refused
    files = listing(out)
    assert set(files) == {"events.jsonl", "summary.json", "scenario.toml", "provenance.json"}
    run_files = ("events.jsonl", "summary.json")  # provenance names the folder: not compared
    whole = [{k: listing(refs[s])[k] for k in run_files} for s in ("1", "2")]
    assert {k: files[k] for k in run_files} in whole


def test_two_studies_into_one_folder(tmp_path: Path) -> None:
    out, ref = tmp_path / "out", tmp_path / "ref"
    argv = ("study", SNG, "--runs", "6", "--seed", "3", "--jobs", "1", "--no-report")
    assert call(*argv, "--out", str(ref)).returncode == 0
    procs = [start(*argv, "--out", str(out)) for _ in range(2)]
    results = [(p.wait(TIMEOUT), p.communicate()[1]) for p in procs]
    assert sorted(code for code, _ in results) == [0, 2], results
    refused = next(err for code, err in results if code == 2)
    assert refused.count("\n") == 1 and "Traceback" not in refused
    assert merged(out) == merged(ref)


# --- kill -9, a killed worker, damaged parts ---------------------------------------------------


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """The merged files of the uninterrupted study the fault tests must reproduce."""
    out = tmp_path_factory.mktemp("reference") / "study"
    proc = call("study", SNG, "--runs", "24", "--seed", "5", "--jobs", "2", "--out", str(out),
                "--no-report")  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    return merged(out)


STUDY = ("study", SNG, "--runs", "24", "--seed", "5", "--jobs", "2", "--no-report")


def test_kill_9_of_the_study_leaves_no_process_and_resumes_identically(
    tmp_path: Path, reference: dict[str, bytes]
) -> None:
    out = tmp_path / "study"
    proc = start(*STUDY, "--out", str(out))
    wait_for("two completed runs", lambda: completed(out) >= 2 or proc.poll() is not None)
    assert proc.poll() is None, "the study ended before it could be killed"
    family = children(proc.pid)  # the workers and multiprocessing's resource tracker
    assert len(family) >= 2
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(TIMEOUT)
    proc.communicate()
    wait_for("the workers to exit", lambda: not any(alive(pid) for pid in family), 30)
    assert completed(out) < 24
    resumed = call(*STUDY, "--out", str(out), "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert merged(out) == reference
    assert not (out / LOCK_NAME).exists()


def test_a_killed_worker_is_named_and_its_runs_played_again(
    tmp_path: Path, reference: dict[str, bytes]
) -> None:
    out = tmp_path / "study"
    proc = start(*STUDY, "--out", str(out))
    wait_for("a completed run", lambda: completed(out) >= 1 or proc.poll() is not None)
    workers = [
        pid
        for pid in children(proc.pid)
        if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
    ]
    assert proc.poll() is None and workers
    os.kill(workers[0], signal.SIGKILL)
    _, err = proc.communicate(timeout=TIMEOUT)
    assert proc.returncode == 0, err
    assert "study: a worker process died; run(s) " in err and "are played again" in err
    assert merged(out) == reference


def test_damaged_parts_are_named_and_played_again(
    tmp_path: Path, reference: dict[str, bytes]
) -> None:
    out = tmp_path / "study"
    assert call(*STUDY, "--out", str(out)).returncode == 0
    empty = out / "parts" / "r00000003.finishes.parquet"
    empty.write_bytes(b"")
    cut = out / "parts" / "r00000007.runs.parquet"
    cut.write_bytes(cut.read_bytes()[:100])
    resumed = call(*STUDY, "--out", str(out), "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert f"part file {empty} is damaged (empty); run 3 will be played again" in resumed.stderr
    assert f"part file {cut} is damaged (100 bytes" in resumed.stderr
    assert merged(out) == reference


# --- an interrupted run over an existing folder ---------------------------------------------------


def test_an_interrupted_forced_run_leaves_the_folder_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C in the middle of ``run --force``: the earlier run's files stay, nothing new."""
    from pokersim.cli import main
    from pokersim.history.recorder import HandHistoryRecorder

    out = tmp_path / "out"
    assert main(["run", "--seed", "1", "--out", str(out), "--hands", "both"]) == 0
    before = listing(out)
    assert sum(name.startswith("hands/") for name in before) > 4
    written = 0
    write_table = HandHistoryRecorder.write_table

    def interrupted(self: HandHistoryRecorder, table_id: int) -> None:
        nonlocal written
        write_table(self, table_id)
        written += 1
        if written == 3:  # some of the new run's hand histories are on disk by now
            assert any(self.folder.iterdir())
            raise KeyboardInterrupt

    monkeypatch.setattr(HandHistoryRecorder, "write_table", interrupted)
    code = main(["run", "--seed", "2", "--out", str(out), "--hands", "both", "--force"])
    assert code == 130 and written == 3
    assert capsys.readouterr().err.strip().endswith("pokersim run: interrupted")
    assert listing(out) == before
