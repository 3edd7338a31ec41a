"""``pokersim equity AhKh QsQd [--board 2c7d9h] [--samples N] [--json]``: all-in equity.

Without ``--samples`` every board is enumerated (exact); with it, boards are sampled from a
generator seeded by ``--seed`` (default 0, so the same command prints the same numbers).
"""

from __future__ import annotations

import argparse
import json


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``equity`` sub-command."""
    p = subparsers.add_parser(
        "equity",
        help="win/tie shares of 2..9 hold'em hands",
        description="Print each hand's equity (pot share), win and tie percentages. Exact "
        "enumeration of the boards unless --samples is given.",
    )
    p.add_argument("hands", nargs="+", metavar="HAND", help="two hole cards each, e.g. AhKh")
    p.add_argument("--board", default="", help="0, 3, 4 or 5 known board cards, e.g. 2c7d9h")
    p.add_argument("--dead", default="", help="cards known to be out of play, e.g. 5s5c")
    p.add_argument("--samples", type=int, default=None, help="Monte-Carlo boards (default: exact)")
    p.add_argument("--seed", type=int, default=0, help="Monte-Carlo seed (default 0)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=main)


MAX_SAMPLES = 10**9
"""The most boards ``--samples`` draws (heads-up about 45 s here): a larger count is a typo."""


def main(args: argparse.Namespace) -> int:
    """Compute and print the equities."""
    from pokersim.hand_equity import check_inputs, equity
    from pokersim.progress import announce_compile

    if args.samples is not None and args.samples < 1:
        raise ValueError(f"--samples must be a positive number of boards, got {args.samples}")
    if args.samples is not None and args.samples > MAX_SAMPLES:
        raise ValueError(
            f"--samples {args.samples}: expected at most {MAX_SAMPLES:,} boards (a minute or "
            "more of work; without --samples every board is enumerated, exactly)"
        )
    if args.seed < 0:
        raise ValueError(f"--seed must be >= 0, got {args.seed}")
    check_inputs(args.hands, args.board, args.dead)  # bad cards: one line, before any compile
    loop = "hand_equity._enumerate" if args.samples is None else "hand_equity._sample"
    announce_compile(
        kernels=(("", loop), ("evaluator", "_kernel.")),
        message="compiling the equity kernels, once (a few seconds)...",
    )
    result = equity(
        args.hands, board=args.board, dead=args.dead, samples=args.samples, seed=args.seed
    )
    if args.json:
        print(json.dumps(result.to_dict()))
        return 0
    sampled = not result.exact
    print(f"{'hand':<6} {'equity':>8} {'win':>8} {'tie':>8}" + ("  std.err" if sampled else ""))
    for i, hand in enumerate(result.hands):
        tail = f"  {100 * result.stderr[i]:6.3f}%" if sampled else ""
        print(
            f"{hand:<6} {100 * result.equity[i]:7.3f}% {100 * result.win[i]:7.3f}% "
            f"{100 * result.tie[i]:7.3f}%{tail}"
        )
    how = (
        f"Monte-Carlo, {result.boards:,} boards, seed {result.seed}"
        if sampled
        else f"exact, {result.boards:,} boards"
    )
    board = f"board {result.board}" if result.board else "pre-flop"
    dead = f", dead {result.dead}" if result.dead else ""
    print(f"({board}{dead}; {how})")
    return 0
