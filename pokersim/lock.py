"""One writer per output folder: an advisory ``flock`` on a lock file inside the folder.

``pokersim run --out``, ``pokersim study`` (and its ``--resume``) hold the lock of their folder
while they write, so a second command aimed at the same folder stops at once with one line and
touches nothing, instead of interleaving its files with the first one's. The kernel releases
the lock when the process ends, even on ``kill -9``; a lock file left behind then is harmless
(the next writer takes it over). The file is removed when the lock is released normally.
Without ``fcntl`` (not a POSIX system) folders are not locked.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pokersim.errors import ConfigError

try:
    import fcntl
except ImportError:  # pragma: no cover - not a POSIX system: folders are not locked there
    fcntl = None  # type: ignore[assignment]

LOCK_NAME = ".pokersim.lock"


@contextmanager
def folder_lock(folder: str | os.PathLike[str], what: str = "--out") -> Iterator[Path]:
    """Hold the lock of an existing ``folder``; ``ConfigError`` (naming ``what``) if it is taken.

    Yields the lock file's path. The lock is not inherited by worker processes (the file
    descriptor is close-on-exec), so it goes away with this process.
    """
    folder = Path(folder)
    path = folder / LOCK_NAME
    if fcntl is None:  # pragma: no cover
        yield path
        return
    while True:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        except OSError as exc:
            raise ConfigError(
                f"{what} {folder}: cannot create the lock file {LOCK_NAME} ({exc.strerror})"
            ) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = _holder(fd)
            os.close(fd)
            by = f" (pid {holder})" if holder else ""
            raise ConfigError(
                f"{what} {folder}: another pokersim process{by} is writing into this folder; "
                "nothing was changed: wait for it to finish or choose another folder"
            ) from None
        # The previous holder removes the file as it lets go: lock the file that is on disk.
        try:
            on_disk = os.stat(path)
        except FileNotFoundError:
            os.close(fd)
            continue
        mine = os.fstat(fd)
        if (on_disk.st_dev, on_disk.st_ino) == (mine.st_dev, mine.st_ino):
            break
        os.close(fd)
    try:
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        yield path
    finally:
        try:
            os.unlink(path)
        except OSError:
            pass
        os.close(fd)  # releases the lock


def _holder(fd: int) -> int | None:
    """The pid written in the lock file by its holder, if readable."""
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None
