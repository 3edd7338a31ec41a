"""Edges of ``provenance.json``, the progress line on stderr and the named random streams.

Provenance: the command line recorded, the versions, a linked satellite's target found beside
the satellite's file, a scenario given as data (path ``null``), the SHA-256 of each file, the
extras, and ``--resume`` refusing a folder made by another version unless forced. Progress: the
rate counts only the items done since the start, the share and the time left are left out when
they cannot be said, the time left reads minutes:seconds, one line per interval. The compile notice:
a stale build said even with a warm cache, a missing one said before the notice. Random
streams: a hand's draws past its row come from its own keyed generator, never the next row's;
every named stream of ``Streams`` is its own. Expected values are worked out by hand.
"""

from __future__ import annotations

import hashlib
import io
import json
import platform
import sys
import types
from pathlib import Path

import numba
import numpy as np
import pytest

import pokersim
from pokersim import progress, provenance, rng
from pokersim.errors import ConfigError
from pokersim.kernel_cache import fingerprint

#: an index file's bytes as far as the cache check reads them: its stamp names the fingerprint
STAMPED = b"stamp " + fingerprint().encode()
STALE = "the kernels built ahead of time are stale: compiling them instead"
ABSENT = "no kernels built ahead of time: compiling them instead"


class _Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


# -- provenance ---------------------------------------------------------------------------------


def test_the_command_recorded_is_a_copy_of_the_cli_command(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The CLI's command is returned as a new list: changing it leaves the recorded one alone."""
    monkeypatch.setattr(provenance, "COMMAND", ["pokersim", "run"])
    got = provenance.command_line()
    got.append("--force")
    assert provenance.command_line() == ["pokersim", "run"]


def test_outside_the_cli_the_command_is_the_programs_name_and_its_arguments(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without the CLI's command, the program's file name (no folder) and its arguments."""
    monkeypatch.setattr(provenance, "COMMAND", None)
    monkeypatch.setattr(sys, "argv", ["bin/simulate", "--runs", "3"])
    assert provenance.command_line() == ["simulate", "--runs", "3"]


def test_versions_name_each_package_with_its_own_version() -> None:
    """pokersim, Python, numpy and numba, each under its own name."""
    got = provenance.versions()
    assert got == {
        "pokersim": pokersim.__version__,
        "python": platform.python_version(),
        "numpy": np.__version__,
        "numba": numba.__version__,
    }


def test_a_module_not_installed_as_a_package_gives_its_own_version(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A module loaded without package metadata still tells its ``__version__``."""
    module = types.ModuleType("pokersim_unpackaged_extra")
    module.__version__ = "9.8.7"  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pokersim_unpackaged_extra", module)
    assert provenance._version_of("pokersim_unpackaged_extra") == "9.8.7"
    assert provenance._version_of("pokersim_nowhere_at_all") is None


def test_a_satellites_target_is_found_beside_the_satellites_file(tmp_path: Path) -> None:
    """``[series] target`` is read relative to the satellite's folder, not the working one."""
    folder = tmp_path / "events"
    folder.mkdir()
    (folder / "main.toml").write_text("players = 18\n", encoding="utf-8")
    data = b'[series]\ntarget = "main.toml"\n'
    assert provenance.linked_target(data, folder / "satellite.toml") == folder / "main.toml"


def test_no_target_for_a_missing_file_a_non_text_name_or_a_damaged_file(tmp_path: Path) -> None:
    """Only a target name that is text and names an existing file counts; a file that is not
    TOML names none."""
    source = tmp_path / "satellite.toml"
    assert provenance.linked_target(b'[series]\ntarget = "absent.toml"\n', source) is None
    assert provenance.linked_target(b"[series]\ntarget = 5\n", source) is None
    assert provenance.linked_target(b"[series\ntarget = ", source) is None
    assert provenance.linked_target(b"players = 9\n", source) is None


def _record(folder: Path) -> dict[str, object]:
    record: dict[str, object] = json.loads((folder / provenance.FILE).read_text(encoding="utf-8"))
    return record


def test_a_scenario_file_is_copied_with_its_path_and_sha256(tmp_path: Path) -> None:
    """The copy holds the file's bytes and the SHA-256 is that of those bytes; no target."""
    scenario = tmp_path / "mine.toml"
    scenario.write_bytes(b"players = 9\nstarting_stack = 1500\n")
    out = tmp_path / "out"
    out.mkdir()
    provenance.write_provenance(out, seed=3, scenario=scenario)
    record = _record(out)
    assert record["seed"] == 3 and record["format"] == 1
    assert record["scenario"] == {
        "path": str(scenario),
        "sha256": hashlib.sha256(scenario.read_bytes()).hexdigest(),
        "copy": "scenario.toml",
    }
    assert (out / "scenario.toml").read_bytes() == scenario.read_bytes()
    assert "target" not in record


def test_a_scenario_given_as_data_has_no_path(tmp_path: Path) -> None:
    """Given as bytes, the scenario is still copied and hashed, with ``path`` null; no seed is
    recorded as null."""
    data = b"players = 6\n"
    provenance.write_provenance(tmp_path, seed=None, scenario_bytes=data)
    record = _record(tmp_path)
    assert record["seed"] is None
    assert record["scenario"] == {
        "path": None,
        "sha256": hashlib.sha256(data).hexdigest(),
        "copy": "scenario.toml",
    }
    assert (tmp_path / "scenario.toml").read_bytes() == data


def test_an_earlier_runs_target_copy_is_removed_for_a_plain_scenario(tmp_path: Path) -> None:
    """A folder reused for a scenario that names no target keeps no stale ``target.toml``."""
    (tmp_path / "target.toml").write_text("players = 18\n", encoding="utf-8")
    provenance.write_provenance(tmp_path, seed=1, scenario_bytes=b"players = 9\n")
    assert not (tmp_path / "target.toml").exists()
    assert "target" not in _record(tmp_path)


def test_named_scenarios_are_recorded_by_path_and_content_hash(tmp_path: Path) -> None:
    """A comparison's A and B: each path with the SHA-256 of the file's bytes."""
    a, b = tmp_path / "a.toml", tmp_path / "b.toml"
    a.write_bytes(b"players = 9\n")
    b.write_bytes(b"players = 18\n")
    provenance.write_provenance(tmp_path, seed=0, scenarios=[("A", a), ("B", b)])
    assert _record(tmp_path)["scenarios"] == {
        "A": {"path": str(a), "sha256": hashlib.sha256(b"players = 9\n").hexdigest()},
        "B": {"path": str(b), "sha256": hashlib.sha256(b"players = 18\n").hexdigest()},
    }


def test_extras_are_recorded_and_the_same_call_writes_the_same_file(tmp_path: Path) -> None:
    """A study's ``runs`` is added to the record; with no time stamp a second identical call
    writes byte for byte the same file."""
    provenance.write_provenance(
        tmp_path, seed=2, scenario_bytes=b"players = 9\n", extra={"runs": 4}
    )
    first = (tmp_path / provenance.FILE).read_bytes()
    assert json.loads(first)["runs"] == 4
    provenance.write_provenance(
        tmp_path, seed=2, scenario_bytes=b"players = 9\n", extra={"runs": 4}
    )
    assert (tmp_path / provenance.FILE).read_bytes() == first


def _made_by(folder: Path, version: object) -> None:
    record = {"format": 1, "versions": {"pokersim": version}}
    (folder / provenance.FILE).write_text(json.dumps(record), encoding="utf-8")


def test_resume_refuses_another_version_unless_forced(tmp_path: Path) -> None:
    """Another version's folder is refused, naming both versions; ``force`` lets it go on."""
    _made_by(tmp_path, "0.0.0-other")
    with pytest.raises(ConfigError, match="0.0.0-other") as refused:
        provenance.check_resume(tmp_path, force=False)
    assert pokersim.__version__ in str(refused.value)
    provenance.check_resume(tmp_path, force=True)


def test_resume_accepts_the_same_version_forced_or_not(tmp_path: Path) -> None:
    """A folder made by this version is resumed, whether or not ``force`` is given."""
    _made_by(tmp_path, pokersim.__version__)
    provenance.check_resume(tmp_path, force=False)
    provenance.check_resume(tmp_path, force=True)


def test_resume_goes_on_when_no_version_can_be_read(tmp_path: Path) -> None:
    """No record, a record that is not JSON, or one whose versions are not a table: nothing
    shows another version, so nothing is refused."""
    provenance.check_resume(tmp_path, force=False)
    (tmp_path / provenance.FILE).write_text("{not json", encoding="utf-8")
    provenance.check_resume(tmp_path, force=False)
    (tmp_path / provenance.FILE).write_text('{"versions": ["0.0.0"]}', encoding="utf-8")
    provenance.check_resume(tmp_path, force=False)
    (tmp_path / provenance.FILE).write_text('{"format": 1}', encoding="utf-8")
    provenance.check_resume(tmp_path, force=False)


# -- progress -----------------------------------------------------------------------------------


def test_the_rate_counts_only_the_items_done_since_the_start() -> None:
    """Resumed at 4 of 10, one more in 5 s: 0.20 a second, 5 left take 25 s."""
    out, clock = io.StringIO(), _Clock()
    bar = progress.LineProgress(10, initial=4, desc="study", unit="run", file=out, clock=clock)
    clock.t = 5.0
    bar.update()
    assert out.getvalue() == "study: 5/10 run (50%), 0.20 run/s, about 0:25 left\n"


def test_progress_bar_passes_the_starting_count_on() -> None:
    """Off a terminal, the line starts at the count already done."""
    bar = progress.progress_bar(10, initial=4, file=io.StringIO())
    assert isinstance(bar, progress.LineProgress) and bar.n == 4


def test_a_line_at_the_starting_instant_says_no_rate_and_no_time_left() -> None:
    """With no time passed, the rate is 0.00 and the time left cannot be said."""
    out = io.StringIO()
    bar = progress.LineProgress(4, desc="x", every=0, file=out, clock=_Clock())
    bar.update()
    assert out.getvalue() == "x: 1/4 it (25%), 0.00 it/s\n"


def test_an_unknown_total_gives_no_share_and_no_time_left() -> None:
    """A total of 0 (not known): the count and the rate only."""
    out, clock = io.StringIO(), _Clock()
    bar = progress.LineProgress(0, desc="x", file=out, clock=clock)
    clock.t = 5.0
    bar.update(3)
    assert out.getvalue() == "x: 3/0 it, 0.60 it/s\n"


def test_the_time_left_reads_minutes_and_two_digit_seconds() -> None:
    """One of 14 in 5 s: 0.20 a second, the 13 left take 65 s, said 1:05."""
    out, clock = io.StringIO(), _Clock()
    bar = progress.LineProgress(14, desc="x", file=out, clock=clock)
    clock.t = 5.0
    bar.update()
    assert out.getvalue() == "x: 1/14 it (7%), 0.20 it/s, about 1:05 left\n"


def test_one_line_per_interval_counted_from_the_last_line() -> None:
    """After the line at 5 s, the next is due at 10 s: updates at 6 s and 9.9 s stay quiet."""
    out, clock = io.StringIO(), _Clock()
    bar = progress.LineProgress(100, desc="x", file=out, clock=clock)
    for t in (5.0, 6.0, 9.9):
        clock.t = t
        bar.update()
    assert len(out.getvalue().splitlines()) == 1
    clock.t = 10.0
    bar.update()
    assert len(out.getvalue().splitlines()) == 2


def _warm_engine_cache(folder: Path) -> None:
    (folder / "a").mkdir()
    for name in ("betting_kernel._tight-248", "_kernel.key7-140", "players.range_equity-454"):
        (folder / "a" / f"{name}.py311.nbi").write_bytes(STAMPED)


def test_a_stale_build_is_said_even_with_a_warm_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The stale build's notice is printed; the cache is warm, so no compile notice."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr("pokersim.kernel_cache.aot_exports", lambda: None)
    monkeypatch.setattr("pokersim.kernel_cache.aot_fallback", lambda: STALE)
    _warm_engine_cache(tmp_path)
    out = io.StringIO()
    assert not progress.announce_compile(out)
    assert out.getvalue() == STALE + "\n"


def test_a_missing_build_is_said_before_the_compile_only_with_a_cold_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cold cache: the missing build's notice, then the compile notice. Warm: nothing."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr("pokersim.kernel_cache.aot_exports", lambda: None)
    monkeypatch.setattr("pokersim.kernel_cache.aot_fallback", lambda: ABSENT)
    out = io.StringIO()
    assert progress.announce_compile(out)
    assert out.getvalue() == ABSENT + "\n" + progress.COMPILE_MESSAGE + "\n"
    _warm_engine_cache(tmp_path)
    out = io.StringIO()
    assert not progress.announce_compile(out) and out.getvalue() == ""


def test_other_kernels_need_their_cache_even_with_the_engine_built_ahead(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The build ahead of time holds the engine's kernels only: other kernels with a cold
    cache are announced with their own message."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr("pokersim.kernel_cache.aot_exports", lambda: {"k": {}})
    out = io.StringIO()
    assert progress.announce_compile(out, kernels=(("", "hand_equity."),), message="equity")
    assert out.getvalue() == "equity\n"


# -- random streams -----------------------------------------------------------------------------


def test_hand_draws_not_started_on_a_block_read_a_keyed_generator() -> None:
    """With no block, every draw comes from the generator, the same each time, never stuck."""
    first, second = rng.HandDraws(), rng.HandDraws()
    a = [first.random() for _ in range(3)] + [first.standard_normal() for _ in range(3)]
    b = [second.random() for _ in range(3)] + [second.standard_normal() for _ in range(3)]
    assert a == b and len(set(a)) == 6
    assert all(0.0 <= x < 1.0 for x in a[:3])


def test_normals_past_the_row_are_not_the_next_hands() -> None:
    """After its 48 normals, a hand's next normal is not hand 2's first, and the extra draws
    differ from one another."""
    u, z = rng.decision_block(5, 2, 1, 2)
    draws = rng.HandDraws()
    draws.start(u, z, 0, 5, 2, 1)
    row = [draws.standard_normal() for _ in range(rng.DECISION_NORMALS)]
    assert row == list(z)[: rng.DECISION_NORMALS]
    extra = [draws.standard_normal() for _ in range(3)]
    assert extra[0] != z[rng.DECISION_NORMALS] and len(set(extra)) == 3


def _past_the_row(table: int) -> list[float]:
    u, z = rng.decision_block(5, table, 1, 1)
    draws = rng.HandDraws()
    draws.start(u, z, 0, 5, table, 1)
    for _ in range(rng.DECISION_UNIFORMS):
        draws.random()
    return [draws.random() for _ in range(3)]


def test_the_draws_past_the_row_depend_on_the_table() -> None:
    """Hand 1 at tables 2 and 3 reads other numbers past its row, and several of them."""
    two, three = _past_the_row(2), _past_the_row(3)
    assert two != three and len(set(two)) == 3


def test_position_and_seek_hand_the_reading_point_over() -> None:
    """Row 1 of a block: uniforms 64-127 and normals 48-95; after a seek to uniform 70 and
    normal 50 the next draws are those."""
    nu, nz = rng.DECISION_UNIFORMS, rng.DECISION_NORMALS
    u, z = rng.decision_block(8, 1, 1, 2)
    draws = rng.HandDraws()
    draws.start(u, z, 1, 8, 1, 2)
    assert draws.position() == (u, nu, 2 * nu, z, nz, 2 * nz)
    draws.seek(70, 50)
    assert draws.random() == u[70] and draws.standard_normal() == z[50]


def test_streams_deal_the_seeds_decks_and_draws() -> None:
    """``Streams(seed)`` deals what the functions give for that seed, table and hands."""
    s = rng.Streams(7)
    assert s.deck_block(2, 5, 3).tobytes() == rng.deck_block(7, 2, 5, 3).tobytes()
    assert s.decision_block(2, 5, 3) == rng.decision_block(7, 2, 5, 3)


def test_every_named_stream_is_its_own() -> None:
    """Seat draws (start, each broken table, final table, each shoot-out round), a late
    player's seat, a player's own generator, the prize draw and the envelopes: no two alike."""
    s = rng.Streams(11)
    firsts = [
        s.seats().random(),
        s.table_break(1).random(),
        s.table_break(2).random(),
        s.final_table().random(),
        s.shootout_round(1).random(),
        s.shootout_round(2).random(),
        s.arrival_seat(1).random(),
        s.player(1).random(),
        s.prize_draw().random(),
        s.mystery_bounty().random(),
    ]
    assert len(set(firsts)) == len(firsts)
