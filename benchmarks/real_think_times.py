"""How long real players take to act, by decision, from hand histories stamped to the second.

A Betclic.fr export stamps every line of a hand with the site's clock (``ImportedHand.
action_clock``), so the time a player took is the stamp of the action minus the stamp of the
action before it in the same betting round. The first decision of each round is left out: its
time also holds the deal (the cards, or the street's board). Each decision is given the kinds
of ``pace_mix.kinds`` (pre-flop unopened or facing a raise, after the flop free or facing a
bet, by answer), from the chips each player put in, replayed here from the stacks, the forced
bets and the actions. Stamps are whole seconds, so a decision's seconds are exact on average
(the fraction of the second it started in is uniform) but each is off by up to one; the share
answered **in the same second** as the action before it counts the answers given at once: a
pre-action box ticked ahead (``docs/players.md``, *Pace*) or a decision under a second.

First come the seconds outside decisions (``overhead``: between hands, and the deal in each
round's first decision) and the mean seconds by players dealt in (every table size). With ``--sim``
the same tables are made from a simulated run's decisions (``pace_mix.py
--save``: every decision's paced seconds) for the same table sizes, side by side::

    python benchmarks/real_think_times.py tests/data/histories/betclic/*.txt
    python benchmarks/pace_mix.py scenarios/mtt_1000.toml --runs 20 --jobs 2 --save mtt.npz
    python benchmarks/real_think_times.py tests/data/histories/betclic/*.txt --sim mtt.npz \\
        --players 5 6
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pace_mix  # noqa: E402 - the benchmarks' own module, found beside this one
import real_hands  # noqa: E402

VERBS = pace_mix.ACTIONS


def decisions(hand: Any) -> tuple[np.ndarray, np.ndarray]:
    """One hand's decisions as ``pace_mix.COLUMNS`` rows (seconds in ``paced``), and which of
    them open a betting round (their seconds hold the deal)."""
    behind = {s.name: s.stack for s in hand.seats}
    put = dict.fromkeys(behind, 0)
    round_bets = dict.fromkeys(behind, 0)

    def post(name: str | None, amount: int, live: bool) -> None:
        if name is None:
            return
        chips = min(amount, behind[name])
        behind[name] -= chips
        put[name] += chips
        if live:
            round_bets[name] += chips

    for name in behind if hand.ante_kind == "classic" else [hand.big_blind_name] * (hand.ante > 0):
        post(name, hand.ante, live=False)
    post(hand.small_blind_name, hand.small_blind, live=True)
    post(hand.big_blind_name, hand.big_blind, live=True)
    rows, first = [], []
    street, last = -1, 0
    n = len(hand.seats)
    for action, at in zip(hand.actions, hand.action_clock):
        if action.street != street:
            if action.street > 0:
                round_bets = dict.fromkeys(behind, 0)
            opens = True
            street = action.street
        else:
            opens = False
        name = action.name
        top = max(round_bets.values())
        if street == 0:
            top = max(top, hand.big_blind)
        bet = round_bets[name]
        to_call = min(top - bet, behind[name])
        stack = behind[name]
        all_in = action.chips > 0 and action.chips == stack
        rows.append(
            [-1, n, street, bet, to_call, sum(put.values()), stack, hand.big_blind,
             VERBS[action.verb], int(all_in), np.nan, at - last]
        )  # fmt: skip
        first.append(opens)
        behind[name] -= action.chips
        put[name] += action.chips
        round_bets[name] += action.chips
        last = at
    return np.array(rows, dtype=float).reshape(-1, len(pace_mix.COLUMNS)), np.array(first, bool)


def real_decisions(paths: Sequence[Path]) -> np.ndarray:
    """Every stamped decision but the first of each betting round, of every hand in ``paths``."""
    parts = []
    for hand in real_hands.read_hands(paths):
        if len(hand.action_clock) != len(hand.actions) or not hand.actions:
            continue
        rows, first = decisions(hand)
        parts.append(rows[~first])
    return np.concatenate(parts) if parts else np.zeros((0, len(pace_mix.COLUMNS)))


def table(real: np.ndarray, sim: np.ndarray | None) -> str:
    """By kind: the real decisions' count, mean, median and same-second share; the sim's mean."""
    head = "| decision | real: n | mean s | median s | same second |"
    rule = "|---|---:|---:|---:|---:|"
    if sim is not None:
        head += " simulated: n | mean s | under 1 s |"
        rule += "---:|---:|---:|"
    lines = [head, rule]
    real_kinds = pace_mix.kinds(real)
    sim_kinds = pace_mix.kinds(sim) if sim is not None else {}
    groups = {**real_kinds, "all-in answers": real[:, 9] > 0, "every decision": real[:, 0] < 0}
    for name, mask in groups.items():
        seconds = real[mask, 11]
        if not len(seconds):
            continue
        row = (
            f"| {name} | {len(seconds)} | {seconds.mean():.1f} | {np.median(seconds):.0f} | "
            f"{100 * (seconds == 0).mean():.0f} % |"
        )
        if sim is not None:
            if name == "all-in answers":
                m = sim[:, 9] > 0
            elif name == "every decision":
                m = np.ones(len(sim), bool)
            else:
                m = sim_kinds[name]
            s = sim[m, 11]
            row += (
                f" {len(s):,} | {s.mean():.1f} | {100 * (s < 1).mean():.0f} % |"
                if len(s)
                else " 0 | — | — |"
            )
        lines.append(row)
    return "\n".join(lines)


def by_players(real: np.ndarray, sim: np.ndarray | None) -> str:
    """Mean seconds a decision by players dealt in: real (decisions) and simulated."""
    lines = [
        "| dealt in | real: n | mean s | simulated: n | mean s |",
        "|---:|---:|---:|---:|---:|",
    ]
    for n in range(2, 11):
        r = real[real[:, 1] == n, 11]
        s = sim[sim[:, 1] == n, 11] if sim is not None else np.zeros(0)
        if len(r) or len(s):
            real_cells = f"{len(r)} | {r.mean():.1f}" if len(r) else "0 | —"
            sim_cells = f"{len(s):,} | {s.mean():.1f}" if len(s) else "0 | —"
            lines.append(f"| {n} | {real_cells} | {sim_cells} |")
    return "\n".join(lines)


def overhead(hands: Sequence[Any]) -> str:
    """The seconds outside decisions: from a hand's last action to the next hand's start (at
    its table, ``calibration.follows``), and the deal in the first decision of each round (its
    mean seconds less the mean of the round's other decisions)."""
    from pokersim.calibration import follows

    gaps: dict[str, list[float]] = {"no showdown": [], "showdown after river betting": []}
    for a, b in zip(hands, hands[1:]):
        if not a.action_clock or not follows(a, b):
            continue
        gap = (b.started - a.started).total_seconds() - a.action_clock[-1]
        if len(a.live()) == 1:
            gaps["no showdown"].append(gap)
        elif a.actions[-1].street == 3:  # no board dealt after the last action
            gaps["showdown after river betting"].append(gap)
    lines = ["| between hands | hands | mean s | median s |", "|---|---:|---:|---:|"]
    for name, values in gaps.items():
        v = np.array(values)
        if len(v):
            lines.append(f"| {name} | {len(v)} | {v.mean():.1f} | {np.median(v):.0f} |")
    first: dict[int, list[float]] = {k: [] for k in range(4)}
    other: dict[int, list[float]] = {k: [] for k in range(4)}
    for hand in hands:
        if hand.actions and len(hand.action_clock) == len(hand.actions):
            rows, opens = decisions(hand)
            for row, opened in zip(rows, opens, strict=True):
                (first if opened else other)[int(row[2])].append(row[11])
    lines += [
        "",
        "| round | first decisions: mean s | the others: mean s | the deal |",
        "|---|---:|---:|---:|",
    ]
    for k, name in enumerate(("pre-flop", "flop", "turn", "river")):
        f, o = np.array(first[k]), np.array(other[k])
        if len(f) and len(o):
            lines.append(
                f"| {name} | {f.mean():.2f} ({len(f)}) | {o.mean():.2f} ({len(o)}) | "
                f"{f.mean() - o.mean():.1f} |"
            )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+", type=Path, help="hand histories stamped per action")
    ap.add_argument("--sim", help="a pace_mix.py --save file: the simulated decisions beside")
    ap.add_argument("--players", type=int, nargs="*", help="only tables with these many dealt in")
    args = ap.parse_args(argv)
    real = real_decisions(args.files)
    sim = np.load(args.sim)["decisions"] if args.sim else None
    print(overhead(real_hands.read_hands(args.files)) + "\n")
    print(by_players(real, sim) + "\n")
    if args.players:
        real = real[np.isin(real[:, 1], args.players)]
        if sim is not None:
            sim = sim[np.isin(sim[:, 1], args.players)]
    print(table(real, sim))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
