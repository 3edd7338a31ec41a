"""What writing a run's event log costs the writing process on this machine, apart from pokersim.

``run --out --actions`` writes about 38 MB of lines for a ``mtt_1000`` run. This writes the
same amount in 1 MiB calls, as the event log's writer does, three ways, and prints the CPU
time of each (``time.process_time``): a new file (the page cache takes fresh memory), the same
file written again (``"wb"`` truncates it: the pages just freed are taken again), and a file
in ``/dev/shm`` (memory, no disk). On a virtual machine whose memory the host backs only when
first touched, the first costs several times the others.

    python benchmarks/disk_write.py [--megabytes 38] [--folder /tmp]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

CHUNK = b"x" * (1 << 20)


def write(path: Path, megabytes: int) -> float:
    """CPU milliseconds to write ``megabytes`` MiB to ``path`` and close it."""
    start = time.process_time()
    with open(path, "wb") as f:
        for _ in range(megabytes):
            f.write(CHUNK)
    return (time.process_time() - start) * 1e3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=int, default=38)
    parser.add_argument("--folder", type=Path, default=Path(tempfile.gettempdir()))
    args = parser.parse_args()
    path = args.folder / f"disk-write-{os.getpid()}.bin"
    try:
        print(f"new file:       {write(path, args.megabytes):6.1f} ms CPU")
        print(f"same file again: {write(path, args.megabytes):6.1f} ms CPU")
    finally:
        path.unlink(missing_ok=True)
    shm = Path("/dev/shm")
    if shm.is_dir():
        mem = shm / path.name
        try:
            print(f"/dev/shm:        {write(mem, args.megabytes):6.1f} ms CPU")
        finally:
            mem.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
