"""``pokersim icm --stacks ... --prizes ...``: each player's ICM equity.

Prizes are money in any currency unit (``500`` or ``499.99``), first place first; equities are
printed in the same unit. There are at most as many prizes as stacks (each prize is a place the
players given play for) and they never increase down the table; a table shorter than the field
pays nothing to the lower places. Up to
``EXACT_MAX_PLAYERS`` players the equity is exact; larger fields are estimated by seeded
Monte-Carlo sampling and printed with their standard errors.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation

from pokersim.errors import ConfigError

#: The largest amount of money accepted (10**15 cents, the scenario format's bound).
MAX_MONEY_CENTS = 10**15
MAX_SAMPLES = 10**8
"""The most Monte-Carlo samples ``--samples`` takes (about 100 s at 30 players): more is a typo."""


def parse_stacks(texts: Sequence[str]) -> list[int]:
    """Chip counts from the command line: positive whole numbers."""
    out = []
    for i, text in enumerate(texts):
        try:
            value = int(text)
        except ValueError:
            raise ConfigError(
                f"--stacks: stack {i + 1} = {text!r} is not a whole number of chips"
            ) from None
        if value <= 0:
            raise ConfigError(f"--stacks: stack {i + 1} = {text} must be a positive chip count")
        if value > 10**15:
            raise ConfigError(f"--stacks: stack {i + 1} = {text} is more than 10**15 chips")
        out.append(value)
    if not out:
        raise ConfigError("--stacks: give at least one chip count")
    return out


def parse_money_cents(text: str, what: str) -> int:
    """An amount of money (``500``, ``12.5``, ``0.01``) as integer cents; no fraction of a cent."""
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise ConfigError(f"{what} = {text!r} is not an amount of money") from None
    if not value.is_finite() or value < 0:
        raise ConfigError(f"{what} = {text} must be an amount >= 0")
    if value * 100 > MAX_MONEY_CENTS:
        raise ConfigError(f"{what} = {text} is more than {MAX_MONEY_CENTS // 100:,}")
    cents = value * 100
    if cents != cents.to_integral_value():
        raise ConfigError(f"{what} = {text} has a fraction of a cent (at most 2 decimals)")
    return int(cents)


def parse_prizes_cents(texts: Sequence[str]) -> list[int]:
    """The payout table from the command line, in cents."""
    if not texts:
        raise ConfigError("--prizes: give at least one prize (first place first)")
    prizes = [parse_money_cents(t, f"--prizes: prize {i + 1}") for i, t in enumerate(texts)]
    for i in range(1, len(prizes)):
        if prizes[i] > prizes[i - 1]:
            raise ConfigError(
                f"--prizes: prize {i + 1} = {texts[i]} is more than prize {i} = {texts[i - 1]}; "
                "prizes must not increase down the table (first place first)"
            )
    return prizes


def format_cents(cents: int) -> str:
    """``37778`` -> ``'377.78'``."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}{whole}.{part:02d}"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``icm`` sub-command."""
    p = subparsers.add_parser(
        "icm",
        help="Malmuth-Harville ICM equity of each stack",
        description="Print each player's ICM equity, in the currency unit of --prizes. "
        "Exact up to 18 players; larger fields use a seeded Monte-Carlo estimate.",
    )
    p.add_argument("--stacks", nargs="+", required=True, metavar="CHIPS", help="chip stacks")
    p.add_argument(
        "--prizes",
        nargs="+",
        required=True,
        metavar="AMOUNT",
        help="prizes, first place first, never increasing, at most one per stack",
    )
    p.add_argument(
        "--method",
        choices=("auto", "exact", "monte-carlo"),
        default="auto",
        help="auto: exact when the field is small enough, else monte-carlo (default)",
    )
    p.add_argument(
        "--samples", type=int, default=100_000, help="Monte-Carlo samples (default 100000)"
    )
    p.add_argument("--seed", type=int, default=0, help="Monte-Carlo seed (default 0)")
    p.add_argument("--json", action="store_true", help="print a JSON object with `equity`")
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Compute and print the equities."""
    from pokersim.icm import EXACT_MAX_PLAYERS, icm_exact, icm_monte_carlo

    stacks = parse_stacks(args.stacks)
    cents = parse_prizes_cents(args.prizes)
    if len(cents) > len(stacks):
        raise ConfigError(
            f"--prizes: {len(cents)} prizes for {len(stacks)} --stacks; each prize is a place "
            f"the players given play for: give at most {len(stacks)} (leave out the prizes of "
            "places already decided)"
        )
    prizes = [c / 100 for c in cents]
    method = args.method
    if method == "auto":
        method = "exact" if len(stacks) <= EXACT_MAX_PLAYERS else "monte-carlo"
    if method == "exact" and len(stacks) > EXACT_MAX_PLAYERS:
        raise ConfigError(
            f"--method exact: at most {EXACT_MAX_PLAYERS} players, got {len(stacks)}; use "
            "--method monte-carlo (or auto)"
        )
    if not 0 <= args.seed < 2**63:
        raise ConfigError(f"--seed {args.seed}: expected a whole number in 0..2**63-1")
    stderr: list[float] | None = None
    if method == "exact":
        equity = [float(x) for x in icm_exact(stacks, prizes)]
    else:
        if args.samples > MAX_SAMPLES:
            raise ConfigError(
                f"--samples {args.samples}: expected at most {MAX_SAMPLES:,} (about a second a "
                "million at 30 players)"
            )
        est = icm_monte_carlo(stacks, prizes, samples=args.samples, seed=args.seed)
        equity, stderr = list(est.equity), list(est.stderr)
    if args.json:
        doc: dict[str, object] = {"equity": equity, "method": method}
        if stderr is not None:
            doc.update(stderr=stderr, samples=args.samples, seed=args.seed)
        print(json.dumps(doc))
        return 0
    width = max(len(str(s)) for s in stacks + [12345])
    print(f"{'player':>6}  {'stack':>{width}}  {'equity':>12}" + ("  std.err" if stderr else ""))
    for i, (s, e) in enumerate(zip(stacks, equity)):
        tail = f"  {stderr[i]:7.2f}" if stderr else ""
        print(f"{i + 1:>6}  {s:>{width}}  {e:>12.2f}{tail}")
    note = f" (Monte-Carlo, {args.samples} samples, seed {args.seed})" if stderr else " (exact)"
    print(f"{'total':>6}  {sum(stacks):>{width}}  {sum(equity):>12.2f}{note}")
    return 0
