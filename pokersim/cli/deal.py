"""``pokersim deal --stacks ... --prizes ... --method icm|chip-chop``: a final-table deal.

R-DEAL-1. Amounts are money in the currency unit of ``--prizes``, computed in whole cents.
``--prizes`` is the payout table from first place: places beyond the number of stacks were paid
out already (not divided now, but part of the total prize pool that bounds ``--keep-for-first``
at 5%).
"""

from __future__ import annotations

import argparse
import json

from pokersim.cli.icm import format_cents, parse_money_cents, parse_prizes_cents, parse_stacks
from pokersim.errors import ConfigError

_METHODS = ("icm", "chip-chop")  # the scenario's DealMethod values, one spelling


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``deal`` sub-command."""
    p = subparsers.add_parser(
        "deal",
        help="divide the remaining prize money by ICM or chip-chop (R-DEAL-1)",
        description="Print each player's deal in the currency unit of --prizes: the next "
        "payout plus a share of the rest, to the cent.",
    )
    p.add_argument("--stacks", nargs="+", required=True, metavar="CHIPS", help="chip stacks")
    p.add_argument(
        "--prizes",
        nargs="+",
        required=True,
        metavar="AMOUNT",
        help="prizes, first place first (places beyond the field were paid: not divided)",
    )
    p.add_argument("--method", choices=_METHODS, required=True, help="icm or chip-chop")
    p.add_argument(
        "--keep-for-first",
        default="0",
        metavar="AMOUNT",
        help="money left in play for first place, at most 5%% of the prize pool",
    )
    p.add_argument(
        "--prize-pool",
        default=None,
        metavar="AMOUNT",
        help="total prize pool for the 5%% limit (default: the sum of --prizes)",
    )
    p.add_argument("--json", action="store_true", help="print a JSON object with `deal`")
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Make and print the deal."""
    from pokersim.deals import make_deal

    stacks = parse_stacks(args.stacks)
    prizes = parse_prizes_cents(args.prizes)
    keep = parse_money_cents(args.keep_for_first, "--keep-for-first")
    pool = None if args.prize_pool is None else parse_money_cents(args.prize_pool, "--prize-pool")
    try:
        deal = make_deal(stacks, prizes, method=args.method, keep_for_first=keep, prize_pool=pool)
    except ConfigError as exc:
        if str(exc).startswith("the amount kept for first"):
            raise ConfigError(f"--keep-for-first {args.keep_for_first}: {exc}") from None
        raise
    if args.json:
        doc = {
            "deal": [round(c / 100, 2) for c in deal.amounts],
            "deal_cents": list(deal.amounts),
            "method": args.method,
            "next_payout": round(deal.next_payout / 100, 2),
            "kept_for_first": round(deal.kept_for_first / 100, 2),
            "divided": round(deal.divided / 100, 2),
        }
        print(json.dumps(doc))
        return 0
    width = max(len(str(s)) for s in stacks + [12345])
    print(f"{'player':>6}  {'stack':>{width}}  {'deal':>12}")
    for i, (s, c) in enumerate(zip(stacks, deal.amounts)):
        print(f"{i + 1:>6}  {s:>{width}}  {format_cents(c):>12}")
    print(f"{'total':>6}  {sum(stacks):>{width}}  {format_cents(deal.divided):>12}")
    print(f"next payout guaranteed: {format_cents(deal.next_payout)}")
    if deal.kept_for_first:
        print(f"kept in play for first: {format_cents(deal.kept_for_first)}")
    return 0
