"""``pokersim import HISTORY [--out NAME.toml] [--hand K] [--force]``: hands as regression cases.

Each hand of a PokerStars, Winning Poker Network or Betclic.fr tournament history or a PHH file
becomes a case file that
``pokersim verify`` runs (``docs/import.md``). A file with several hands gives one case per
hand, ``NAME-1.toml``, ``NAME-2.toml``, ... (numbered by the hand's place in the file), or
only the K-th with ``--hand K``. A hand that cannot be imported is one error line naming the
file, the hand and what was expected; the others are still written. With ``--force`` a whole
file's import replaces an earlier one of the same NAME: the earlier import's cases this one did
not write (another count of hands, a hand refused now) are removed, so that ``verify`` of the
folder does not run them as this history's.
"""

from __future__ import annotations

import argparse
import glob
import re
import sys
from pathlib import Path
from typing import Any

from pokersim.errors import ConfigError


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``import`` sub-command."""
    p = subparsers.add_parser(
        "import",
        help="turn the hands of a hand history (PokerStars, WPN, Betclic.fr, PHH) into cases",
        description=(
            "Write each hand of HISTORY (PokerStars or WPN tournament text, a Betclic.fr export, "
            "or PHH .phh/.phhs) as a "
            "case file for `pokersim verify`: seats, stacks, button, blinds, cards and every "
            "action scripted; the history's boards, actions, pots and stacks expected."
        ),
    )
    p.add_argument(
        "history",
        metavar="HISTORY",
        help="a PokerStars, WPN or Betclic.fr .txt or a PHH .phh/.phhs file",
    )
    p.add_argument(
        "--out",
        default=None,
        metavar="NAME.toml",
        help=(
            "the case file (several hands: NAME-1.toml, NAME-2.toml, ...); "
            "default: print the case (one hand only)"
        ),
    )
    p.add_argument(
        "--hand",
        type=int,
        default=None,
        metavar="K",
        help="only the K-th hand of the file (1, 2, ...)",
    )
    p.add_argument(
        "--force",
        action="store_true",
        help=(
            "overwrite case files that exist; importing a whole file also removes the cases "
            "an earlier import wrote under NAME that this one does not write"
        ),
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Write (or print) the cases; exit 1 if any hand could not be imported."""
    from pokersim.history.case_text import IMPORTED_HEADER, case_toml  # noqa: PLC0415
    from pokersim.history.imported import HandError  # noqa: PLC0415
    from pokersim.history.importer import read_history  # noqa: PLC0415

    hands = list(enumerate(read_history(args.history), start=1))
    if args.hand is not None:
        if not 1 <= args.hand <= len(hands):
            raise ConfigError(f"--hand {args.hand}: {args.history} holds {len(hands)} hand(s)")
        hands = [hands[args.hand - 1]]
    targets = _targets(args, [k for k, _h in hands], len(hands))
    written: set[Path] = set()
    failed = 0
    for (_k, hand), target in zip(hands, targets):
        try:
            if isinstance(hand, HandError):
                raise hand
            text = case_toml(hand)
            _check_case_loads(text, hand)  # what verify could not load is refused here
        except HandError as exc:
            print(f"pokersim import: error: {exc}", file=sys.stderr)
            failed += 1
            continue
        if target is None:
            sys.stdout.write(text)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            written.add(target)
            print(f"wrote {target}")
    if args.force and args.out is not None and args.hand is None:
        for stale in earlier_imports(Path(args.out), written, IMPORTED_HEADER.encode()):
            stale.unlink()
            print(f"removed {stale} (an earlier import's case)")
    if failed and len(hands) > 1:
        print(f"{len(hands) - failed} imported, {failed} refused", file=sys.stderr)
    return 1 if failed else 0


def earlier_imports(out: Path, written: set[Path], header: bytes) -> list[Path]:
    """The case files named as ``out``'s (NAME.toml, NAME-K.toml) an import wrote, but not now.

    Known by ``header``, the first line every imported case begins with: a file of the user's
    under such a name is kept.
    """
    name = re.compile(re.escape(out.stem) + r"(-[0-9]+)?\.toml")
    found = []
    for path in sorted(out.parent.glob(f"{glob.escape(out.stem)}*.toml")):
        if path in written or not name.fullmatch(path.name) or not path.is_file():
            continue
        with path.open("rb") as f:
            if f.readline().startswith(header):
                found.append(path)
    return found


def _targets(args: argparse.Namespace, numbers: list[int], total: int) -> list[Path | None]:
    """Where each hand's case goes; existing files are refused before anything is written."""
    if args.out is None:
        if len(numbers) > 1:
            raise ConfigError(
                f"{args.history} holds {len(numbers)} hands: give --out NAME.toml (one case per "
                "hand, NAME-1.toml, NAME-2.toml, ...) or --hand K"
            )
        return [None]
    out = Path(args.out)
    if out.suffix != ".toml":
        raise ConfigError(f"--out {args.out}: expected a case file name ending in .toml")
    if len(numbers) == 1:
        paths = [out]
    else:
        width = len(str(total))
        paths = [out.with_name(f"{out.stem}-{k:0{width}d}.toml") for k in numbers]
    taken = [p for p in paths if p.exists()]
    if taken and not args.force:
        raise ConfigError(f"{taken[0]} exists: pass --force to overwrite it")
    return list(paths)


def _check_case_loads(text: str, hand: Any) -> None:
    """Refuse, as a ``HandError`` naming the hand, a case text ``pokersim verify`` cannot load.

    The text is read by the loader ``verify`` uses (``pokersim.verify.parse_case``), so a hand
    whose amounts, table size or names no scenario allows (a stack above the bound on chips,
    ``seat_count = 11``) is one error line at import, not a case file that fails to load.
    """
    import tomllib  # noqa: PLC0415

    from pokersim.verify import parse_case  # noqa: PLC0415 - imports the engine

    source = "<imported case>"
    try:
        parse_case(tomllib.loads(text), source=source)
    except tomllib.TOMLDecodeError as exc:
        raise hand.error(f"the case written would not be valid TOML: {exc}") from None
    except ConfigError as exc:
        message = str(exc).removeprefix(f"{source}: ")
        raise hand.error(f"cannot be replayed: the case would not load: {message}") from None
