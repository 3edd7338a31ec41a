"""The ``pokersim`` command line.

Each sub-command lives in its own module of this package and exposes ``register(subparsers)``,
which adds its parser and sets ``func`` (``args -> exit code``). Modules are found by name, so
adding a command never edits this file.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
from collections.abc import Sequence
from typing import NoReturn

from pokersim.errors import PokerSimError


class _Parser(argparse.ArgumentParser):
    """A usage error is one line too (the full usage is one ``--help`` away)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """Build the top-level parser with every sub-command module found in this package.

    With ``command``, the name of a sub-command whose module has the same name, only that
    module is imported and registered: running one command does not import every other
    command's module (and what they import). A name that no module registers under its own
    name gets every sub-command, so usage errors and ``--help`` list them all.
    """
    from pokersim.version import __version__

    parser = _Parser(prog="pokersim", description="Multi-table poker tournament simulator.")
    parser.add_argument("--version", action="version", version=f"pokersim {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    names = sorted(info.name for info in pkgutil.iter_modules(__path__))
    names = [name for name in names if not name.startswith("_")]
    if command in names:
        importlib.import_module(f"{__name__}.{command}").register(sub)
        if command in sub.choices:
            return parser
        return build_parser()  # the module registers another name: the full parser
    for name in names:
        importlib.import_module(f"{__name__}.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; bad input prints one line on stderr and exits non-zero, never a traceback."""
    from pokersim import provenance

    given = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(given[0] if given else None)
    args = parser.parse_args(given)
    provenance.COMMAND = ["pokersim", *given]
    # Plots are files here: the command line (and only it) picks the non-interactive backend.
    os.environ.setdefault("MPLBACKEND", "Agg")
    try:
        code = args.func(args)
    except PokerSimError as exc:
        print(f"pokersim {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except (OSError, ValueError) as exc:
        print(f"pokersim {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"pokersim {args.command}: interrupted", file=sys.stderr)
        return 130
    return int(code or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
