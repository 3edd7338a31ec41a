"""``--scheduler`` on ``design`` and ``sweep``; workers of another pokersim version are refused."""

from __future__ import annotations

from pathlib import Path

import pytest

import pokersim
from pokersim import study
from pokersim.cli import main as cli_main

ROOT = Path(__file__).resolve().parent.parent
SNG = ROOT / "scenarios" / "sng_9max.toml"


def _task(version: str) -> study._Task:
    data = SNG.read_bytes()
    return study._Task(
        index=0,
        seed=study.run_seeds(0, 1)[0],
        scenario_path=str(SNG),
        scenario_bytes=data,
        scenario_sha256=study.hashlib.sha256(data).hexdigest(),
        runner=study.DEFAULT_RUNNER,
        version=version,
    )


def test_a_worker_of_another_version_refuses_the_run() -> None:
    with pytest.raises(study.VersionMismatchError, match=r"pokersim 0\.0\.0-other"):
        study._execute_task(_task("0.0.0-other"))
    index, tables = study._execute_task(_task(pokersim.__version__))
    assert index == 0 and set(tables) == {"runs", "finishes", "timeline"}


@pytest.fixture(scope="module")
def cluster():  # type: ignore[no-untyped-def]
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
        ) as c,
        distributed.Client(c) as client,
    ):
        yield c, client


def test_dask_worker_of_another_version_is_refused(cluster) -> None:  # type: ignore[no-untyped-def]
    _c, client = cluster
    fut = client.submit(study._execute_task, _task("0.0.0-other"), pure=False)
    with pytest.raises(study.VersionMismatchError, match="same pokersim version"):
        fut.result()


def test_design_check_and_sweep_run_on_a_scheduler(  # type: ignore[no-untyped-def]
    cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    c, _client = cluster
    args = ["--runs", "2", "--seed", "3", "--scheduler", c.scheduler_address]
    assert cli_main(["design", "--check", str(SNG), *args]) == 0
    on_cluster = capsys.readouterr().out
    assert (
        cli_main(["design", "--check", str(SNG), "--runs", "2", "--seed", "3", "--jobs", "1"]) == 0
    )
    assert capsys.readouterr().out == on_cluster  # same seeds, same figures wherever played
    out = tmp_path / "sweep"
    assert (
        cli_main(["sweep", str(SNG), "--set", "starting_stack=1000,2000", "--out", str(out), *args])
        == 0
    )
    assert (out / "arm-02" / "runs.parquet").is_file()


def test_a_scheduler_that_does_not_answer_is_named_not_taken_for_a_full_disk(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A wrong --scheduler address said "cannot write the merged files (None) ... free some
    space": the connection's error was read as the merge's."""
    import socket  # noqa: PLC0415

    dask = pytest.importorskip("dask")
    pytest.importorskip("distributed")
    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    address = f"tcp://127.0.0.1:{port}"
    argv = ["study", str(SNG), "--runs", "2", "--out", str(tmp_path / "s")]
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        code = cli_main([*argv, "--scheduler", address])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1
    assert f"--scheduler {address}: cannot connect to the Dask scheduler" in err[0]
    assert "space" not in err[0] and "--resume" in err[0]


def test_a_scheduler_lost_mid_study_is_one_line_and_the_runs_done_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The scheduler gone after some runs: its futures are cancelled ("scheduler-connection-
    lost"), which ended the study in a traceback. One line; --resume finishes it."""
    distributed = pytest.importorskip("distributed")
    from distributed.client import FutureCancelledError  # noqa: PLC0415

    class Done:
        def __init__(self, value: object) -> None:
            self.value = value

        def result(self) -> object:
            return self.value

    class LostAfterOne:
        def __init__(self, address: str) -> None:
            self.address = address

        def submit(self, fn, task, pure):  # type: ignore[no-untyped-def]
            return Done(fn(task)) if task.index == 0 else None

        def cancel(self, futures: object) -> None:
            pass

        def close(self) -> None:
            pass

    def as_completed(futures):  # type: ignore[no-untyped-def]
        yield futures[0]
        raise FutureCancelledError(
            "key", "scheduler-connection-lost", "Client lost\nthe connection"
        )

    monkeypatch.setattr(distributed, "Client", LostAfterOne)
    monkeypatch.setattr(distributed, "as_completed", as_completed)
    monkeypatch.setattr(study, "_say_threads", lambda client: None)
    out = tmp_path / "s"
    argv = ["study", str(SNG), "--runs", "3", "--out", str(out), "--scheduler", "tcp://x:1"]
    assert cli_main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "tcp://x:1: the Dask scheduler stopped answering" in err[0]
    assert "--resume" in err[0]
    assert len(list((out / "parts").glob("*.runs.parquet"))) == 1
    monkeypatch.undo()
    assert (
        cli_main(["study", str(SNG), "--runs", "3", "--out", str(out), "--resume", "--jobs", "1"])
        == 0
    )
