"""Progress on stderr: a bar on a terminal, a plain line every few seconds otherwise.

And the first compile announced: the jitted kernels (evaluator, betting rounds) are compiled
once and cached by numba; when no cache file is there yet, ``announce_compile`` says so before
the pause: 32 s for the engine's kernels and about 20 s more for the event log's writer on the
quick 2-core development machine (2026-12-04), two to three times that on a slow day.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Any

__all__ = [
    "ENGINE_KERNELS",
    "WRITER_KERNELS",
    "LINE_SECONDS",
    "LineProgress",
    "announce_compile",
    "kernels_cached",
    "progress_bar",
]

LINE_SECONDS = 5.0
COMPILE_MESSAGE = "compiling the kernels, once (30 s to 2 min)..."
WRITER_MESSAGE = "compiling the event log's writer, once (20 s to a minute)..."
#: (sub-package, file prefix) of the cached kernels a run of the engine needs, whose index
#: files show a warm cache (``@njit(cache=True)`` writes ``*.nbi``)
ENGINE_KERNELS = (("", "betting_kernel."), ("", "players."), ("evaluator", "_kernel."))
#: the event log writer's kernel (``hand_lines``): a run that writes no log never needs it
WRITER_KERNELS = (("", "hand_lines."),)
WRITER_EXPORT = "pokersim.hand_lines._encode"  # its name among the kernels built ahead of time


class LineProgress:
    """A plain progress line every ``every`` seconds (and one at the end), for logs and pipes."""

    def __init__(
        self,
        total: int,
        *,
        initial: int = 0,
        desc: str = "",
        unit: str = "it",
        every: float = LINE_SECONDS,
        file: IO[str] | None = None,
        clock: Any = time.monotonic,
    ) -> None:
        self.total, self.n, self.desc, self.unit = total, initial, desc, unit
        self.every, self.file, self.clock = every, file, clock
        self.start = self.last = clock()
        self.first = initial
        self.lines = 0

    def update(self, n: int = 1) -> None:
        """Count ``n`` more; print a line when ``every`` seconds passed since the last one."""
        self.n += n
        now = self.clock()
        if now - self.last >= self.every:
            self.last = now
            self._line(now)

    def _line(self, now: float) -> None:
        done = self.n - self.first
        rate = done / (now - self.start) if now > self.start else 0.0
        share = f" ({100 * self.n / self.total:.0f}%)" if self.total else ""
        eta = ""
        if rate > 0 and self.total and self.n < self.total:
            left = int((self.total - self.n) / rate)
            eta = f", about {left // 60}:{left % 60:02d} left"
        print(
            f"{self.desc}: {self.n}/{self.total} {self.unit}{share}, {rate:.2f} {self.unit}/s{eta}",
            file=self.file or sys.stderr,
            flush=True,
        )
        self.lines += 1

    def close(self) -> None:
        """The final line, if any line was printed (a short job stays quiet)."""
        if self.lines:
            self._line(self.clock())


def progress_bar(
    total: int,
    *,
    initial: int = 0,
    desc: str = "",
    unit: str = "it",
    enabled: bool = True,
    file: IO[str] | None = None,
    **tqdm_kwargs: Any,
) -> Any:
    """A tqdm bar when ``file`` (stderr) is a terminal, else a ``LineProgress``.

    Both have ``update`` and ``close``; ``enabled=False`` gives a bar that shows nothing.
    """
    stream = file or sys.stderr
    tty = hasattr(stream, "isatty") and stream.isatty()
    if enabled and not tty:
        return LineProgress(total, initial=initial, desc=desc, unit=unit, file=stream)
    from tqdm import tqdm  # noqa: PLC0415 - a bar only on a terminal

    return tqdm(
        total=total,
        initial=initial,
        desc=desc,
        unit=unit,
        file=stream,
        disable=not enabled,
        **tqdm_kwargs,
    )


def kernels_cached(kernels: tuple[tuple[str, str], ...] = ENGINE_KERNELS) -> bool:
    """Whether numba's cache holds the kernels, fresh: a cheap check (a few small files read).

    Each needs an index file stamped with the current ``kernel_cache.fingerprint()``: a stale
    one is compiled anew, so it counts as missing.
    """
    from pokersim.kernel_cache import fingerprint  # noqa: PLC0415 - imports numba

    root = Path(__file__).resolve().parent
    cache_dir = os.environ.get("NUMBA_CACHE_DIR")
    mark = fingerprint().encode()
    for sub, prefix in kernels:
        indexes: Iterable[Path]
        if cache_dir:
            indexes = Path(cache_dir).rglob(f"{prefix}*.nbi")
        else:
            folder = root / sub / "__pycache__" if sub else root / "__pycache__"
            indexes = folder.glob(f"{prefix}*.nbi") if folder.is_dir() else ()
        if not any(mark in index.read_bytes() for index in indexes):
            return False
    return True


def announce_compile(
    file: IO[str] | None = None,
    *,
    kernels: tuple[tuple[str, str], ...] = ENGINE_KERNELS,
    message: str = COMPILE_MESSAGE,
    writing: bool = False,
) -> bool:
    """Print the compile notice on stderr when the kernel cache is cold; return whether it did.

    The engine's kernels compiled ahead of time (``kernel_cache.aot_exports``) need no cache;
    when that module was looked for and is absent or stale, the notice says so too (a stale
    module is said even with the cache warm: its builder expects it to be used). A run
    ``writing`` its event log also needs the writer's kernel: said on its own when it is the
    only one to compile.
    """
    from pokersim.kernel_cache import aot_exports, aot_fallback  # noqa: PLC0415

    out = file or sys.stderr
    fallback = None
    engine = kernels == ENGINE_KERNELS
    exports = aot_exports() if engine else None
    built_ahead = exports is not None
    if engine and not built_ahead:
        fallback = aot_fallback()
        if fallback is not None and "stale" in fallback:
            print(fallback, file=out, flush=True)
    if not built_ahead and not kernels_cached(kernels):
        if fallback is not None and "stale" not in fallback:
            print(fallback, file=out, flush=True)
        print(message, file=out, flush=True)
        return True
    if (
        writing
        and not (exports and WRITER_EXPORT in exports)
        and not kernels_cached(WRITER_KERNELS)
    ):
        print(WRITER_MESSAGE, file=out, flush=True)
        return True
    return False
