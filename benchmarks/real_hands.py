"""Real tournament hands measured by the code that measures simulated ones.

Reads hand histories (Winning Poker Network text, Betclic.fr exports, or anything
``pokersim import`` reads),
turns them into the engine's events (``calibration.imported_events``) and measures them with
``calibration.measure``: VPIP, PFR, 3-bet, flop seen, WTSD, the bets checked to and the calls
facing a bet after the flop, the all-in share of hands by the
table's average depth, and hands per hour by the players dealt in, from consecutive hands at
one table (``calibration.follows``: same table, stacks carried over, no hourly break between).
Each figure comes with the hands or intervals behind it and the tournaments they come from,
for every hand and again for the hands in stretches (``in_stretches``: not picked one by one);
a share comes with its 95 % Wilson interval (the all-in bands of the targets file). A history
is one player's (``calibration.history_owners``: the cards shown in every hand): VPIP, PFR,
3-bet, flops and showdowns are the field's without that player, whose own come apart, and
the all-in shares come twice, with and without the owners' all-ins::

    python benchmarks/real_hands.py                 # the Winning Poker Network tables (wpn/)
    python benchmarks/real_hands.py tests/data/histories/spin/*.txt   # the two Spin & Go games
    python benchmarks/real_hands.py tests/data/histories/betclic/*.txt  # one day's Betclic.fr MTTs
    python benchmarks/real_hands.py tests/data/histories/{wpn,betclic}/*.txt  # both sites' MTTs
    python benchmarks/real_hands.py FILE [FILE...]  # others, in the order given
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SHIPPED = Path(__file__).resolve().parent.parent / "tests" / "data" / "histories" / "wpn"
PLAYERS = tuple(range(9, 1, -1))


@dataclass(frozen=True)
class Row:
    """One figure of the table: its value, what it was measured on, from how many tournaments."""

    name: str
    value: float | None
    unit: str
    sample: float
    sample_unit: str
    tournaments: int
    interval: tuple[float, float] | None = None  # a share's 95 % (Wilson) interval, in %


def wilson(hits: float, n: float, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of ``hits`` in ``n``, in percent (the all-in bands')."""
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5 / (1 + z * z / n)
    return 100.0 * (centre - half), 100.0 * (centre + half)


def read_hands(paths: Iterable[Path]) -> list[Any]:
    """The hands of the files, in order, each once (a hand repeated across files is dropped)."""
    from pokersim.history.imported import ImportedHand
    from pokersim.history.importer import read_history
    from pokersim.history.read_betclic import is_betclic, read_betclic
    from pokersim.history.read_wpn import HEADER_START, read_wpn

    hands: list[Any] = []
    seen: set[tuple[str, str]] = set()
    for path in paths:
        text = path.read_text(encoding="utf-8-sig")
        if text.lstrip().startswith(HEADER_START):
            read = read_wpn(text, str(path))
        elif is_betclic(text):  # every hand, replayable or not, as for WPN
            read = read_betclic(text, str(path))
        else:
            read = read_history(path)
        for hand in read:
            if isinstance(hand, ImportedHand) and (hand.origin, hand.hand_id) not in seen:
                seen.add((hand.origin, hand.hand_id))
                hands.append(hand)
    return hands


def in_stretches(hands: Sequence[Any]) -> list[Any]:
    """The hands that follow, or are followed by, another at their table (``follows``).

    A history file that keeps every hand of a table keeps them in stretches; hands picked one
    by one (for a feature: a side pot, an all-in) mostly stand alone, so this keeps the hands
    nobody chose for what happened in them.
    """
    from pokersim.calibration import follows

    linked = [False] * len(hands)
    for k in range(1, len(hands)):
        if follows(hands[k - 1], hands[k]):
            linked[k - 1] = linked[k] = True
    return [h for h, keep in zip(hands, linked) if keep]


def measure_by_tournament(
    hands: Sequence[Any], owners: frozenset[str] = frozenset(), owners_all_ins: bool = True
) -> dict[str, dict[str, float]]:
    """The counts of each tournament's hands (in order), keyed by tournament.

    ``owners`` (``calibration.history_owners``) are measured apart from the field; without
    ``owners_all_ins`` their all-ins make no hand an all-in hand (``without_owners_all_ins``).
    """
    from pokersim.calibration import by_tournament, imported_events, measure

    counts = {}
    for key, group in by_tournament(hands).items():
        log = imported_events(group, owners)
        counts[key] = measure(log if owners_all_ins else without_owners_all_ins(log))
    return counts


def without_owners_all_ins(log: Sequence[Any]) -> list[Any]:
    """The log with the histories' own players' all-ins read as plain bets and calls.

    A history's player sits in every hand of it, and one player's style (the Betclic.fr
    export's raises a quarter of its hands) moves the share of hands with an all-in; a
    simulated table has no such player. The share without them is the other end of the
    bracket the field's own share lies in.
    """
    from dataclasses import replace

    from pokersim.calibration import OWNER

    listed = log[0]
    owned = {p for p, model in zip(listed.player_ids, listed.models) if model == OWNER}
    out: list[Any] = []
    seated: tuple[int, ...] = ()
    for event in log:
        kind = type(event).__name__
        if kind == "HandStarted":
            seated = event.player_ids
        elif kind == "ActionTaken" and event.all_in and seated[event.seat] in owned:
            event = replace(event, all_in=False)
        out.append(event)
    return out


def table(hands: Sequence[Any]) -> list[Row]:
    """Every figure, summed over the tournaments' counts."""
    from pokersim.calibration import DEPTH_BANDS, OWNER, add_counts, history_owners

    owners = history_owners(hands)
    per = measure_by_tournament(hands, owners)
    total: dict[str, float] = {}
    for counts in per.values():
        add_counts(total, counts)
    for counts in measure_by_tournament(hands, owners, owners_all_ins=False).values():
        for band, _lo, _hi in DEPTH_BANDS:
            key = f"all_in_hands_{band}"
            total[f"{key}|field"] = total.get(f"{key}|field", 0.0) + counts.get(key, 0.0)

    def behind(key: str) -> int:
        return sum(1 for counts in per.values() if counts.get(key, 0.0) > 0)

    def share(name: str, top: str, bottom: str, unit: str) -> Row:
        den = total.get(bottom, 0.0)
        value = 100.0 * total.get(top, 0.0) / den if den > 0 else None
        interval = wilson(total.get(top, 0.0), den) if den > 0 else None
        return Row(name, value, "%", den, unit, behind(bottom), interval)

    rows = []
    for who, label in (("real", ""), (OWNER, ", the histories' owners")):
        rows += [
            share(f"VPIP{label}", f"vpip|{who}", f"vpip_chances|{who}", "decisions"),
            share(f"PFR{label}", f"pfr|{who}", f"vpip_chances|{who}", "decisions"),
            share(f"3-bet{label}", f"three_bet|{who}", f"three_bet_chances|{who}", "chances"),
            share(f"flop seen{label}", f"flop|{who}", f"dealt|{who}", "players dealt"),
            share(f"went to showdown{label}", f"showdown|{who}", f"flop|{who}", "flops seen"),
            share(
                f"bet when checked to after the flop{label}",
                f"post_bet|{who}",
                f"post_free|{who}",
                "answers checked to",
            ),
            share(
                f"call facing a bet after the flop{label}",
                f"post_call|{who}",
                f"post_facing|{who}",
                "answers facing a bet",
            ),
        ]
    for band, _lo, _hi in DEPTH_BANDS:
        key = f"depth_hands_{band}"
        rows.append(share(f"all-in share at {band} bb", f"all_in_hands_{band}", key, "hands"))
        rows.append(
            share(
                f"all-in share at {band} bb, the owners' all-ins not counted",
                f"all_in_hands_{band}|field",
                key,
                "hands",
            )
        )
    for n in PLAYERS:
        seconds = total.get(f"pace_seconds_{n}", 0.0)
        intervals = total.get(f"pace_intervals_{n}", 0.0)
        value = 3600.0 * intervals / seconds if seconds > 0 else None
        rows.append(
            Row(
                f"hands per hour, {n} at the table",
                value,
                "hands/h",
                intervals,
                "intervals",
                behind(f"pace_intervals_{n}"),
            )
        )
    return rows


def render(rows: Sequence[Row], hands: int, tournaments: int) -> str:
    """The table as Markdown."""
    lines = [
        f"{hands} hands from {tournaments} tournaments",
        "",
        "| figure | value | 95 % interval | measured on | tournaments |",
        "|---|---:|---:|---:|---:|",
    ]
    for r in rows:
        value = "—" if r.value is None else f"{r.value:.1f} {r.unit}"
        ci = "" if r.interval is None else f"{r.interval[0]:.1f}-{r.interval[1]:.1f}"
        lines.append(
            f"| {r.name} | {value} | {ci} | {r.sample:.0f} {r.sample_unit} | {r.tournaments} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "files", nargs="*", type=Path, help="hand histories (default: tests/data/histories/wpn)"
    )
    args = parser.parse_args(argv)
    paths = args.files or sorted(SHIPPED.glob("*.txt"))
    every = read_hands(paths)
    for title, hands in (("Every hand", every), ("Hands in stretches", in_stretches(every))):
        tournaments = len({h.tournament or h.hand_id for h in hands})
        print(f"## {title}\n\n{render(table(hands), len(hands), tournaments)}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
