"""Busts at the money's door, by how the player lost their last chips.

The money bubble of a multi-table field lasts only as long as the field stops busting players
near the money. This plays a scenario's runs (a study's seeds, as ``pokersim calibrate``) with
the hands' own events, and for every player out while 1 to ``--door`` players were left to
reach the money (before the bubble burst) reads the hand that busted them:

- ``blind``: all-in by posting the blind and ante, no decision of their own (called by a
  covering player);
- ``shove``: put their last chips in before the flop by a bet or raise (first in or a re-shove)
  and were called;
- ``call``: called an all-in before the flop;
- ``limp``: limped or called a raise that was not all-in before the flop and lost the rest later;
- ``postflop``: entered the pot and put their last chips in after the flop (``postflop-bet``
  when their last chips went in by a bet or raise, ``postflop-call`` by a call).

Each bust is also counted by the player's stack at the hand's start, in big blinds.

It prints the busts per 100 table-hands at the door by cause, and the money bubble's
hand-for-hand rounds per run (mean and median). It also says how each run's bubble burst: in
the hand that brought the field to one player from the money (two or more out at once: no
hand-for-hand at all), in the hands already under way at the other tables when hand-for-hand
began (they finish as dealt, and their busts count), or in a synchronized round; with the
hands under way at that moment, per run, and how the players out in those hands and in the
synchronized rounds lost their chips (the causes above).

    python benchmarks/door_busts.py scenarios/mtt_1000.toml --runs 20 --seed 0 --jobs 2

``--players N`` plays the scenario's structure and field with N entrants (its payout table
scales with the field), to see how the number of tables at the bubble moves it.
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

BURSTS = ("the hand that left one to go", "a hand under way", "a synchronized round")
CAUSES = ("blind", "shove", "call", "limp", "postflop", "postflop-bet", "postflop-call")
DEPTHS = (2, 5, 10, 20, 40, float("inf"))


class DoorCount:
    """Counts of one run: table-hands and busts at the door, by cause."""

    def __init__(self, door: int) -> None:
        from pokersim.calibration import Measure

        self.door = door
        self.m = Measure()  # players left, places paid, the burst and hand-for-hand rounds
        self.c: Counter[str] = Counter()
        self.hand: dict[int, dict[str, Any]] = {}  # player -> what they did in the hand
        self.last: dict[int, dict[int, dict[str, Any]]] = {}  # table -> last hand's record
        self.seat_ids: tuple[int, ...] = ()
        self.bb: dict[int, int] = {}
        self.table = -1
        self.under_way: dict[int, int] = {}  # table -> the hand it is playing
        self.trigger: tuple[int, int] | None = None  # the hand that left one to the money
        self.caught: set[tuple[int, int]] = set()  # the other hands under way at that moment
        self.caught_busts: set[tuple[int, int]] = set()  # those of them that busted a player
        self.busting: set[tuple[int, int]] = set()  # the hands at the door that busted a player

    def at_door(self) -> bool:
        m = self.m
        to_go = m.left - m.places_paid
        return not m.burst and m.places_paid > 0 and 1 <= to_go <= self.door

    def add(self, e: Any) -> None:
        kind = type(e).__name__
        if kind == "TableHandStarted":
            self.bb[e.table_id] = self.m.big_blind.get(e.level_index, 0)
            self.under_way[e.table_id] = e.hand_no
            if self.at_door():
                self.c["hands"] += 1
                if e.synchronized and self.to_go() == 1:
                    self.c["bubble synchronized hands"] += 1
        elif kind == "TableHandEnded":
            self.under_way.pop(e.table_id, None)
        elif kind == "HandStarted":
            self.table = e.table_id
            self.seat_ids = e.player_ids
            bb = self.bb.get(e.table_id, 0) or 1
            self.hand = {
                p: {"forced_all_in": False, "acts": [], "bb": s / bb}
                for p, s in zip(e.player_ids, e.stacks)
            }
            self.last[e.table_id] = self.hand
        elif kind == "ForcedBetPosted" and e.all_in:
            self.hand[e.player_id]["forced_all_in"] = True
        elif kind == "ActionTaken":
            self.hand[e.player_id]["acts"].append((e.street, e.kind.value, e.all_in))
        elif kind == "PlayerEliminated" and (e.table_id, e.hand_no) in self.caught:
            self.caught_busts.add((e.table_id, e.hand_no))
        if kind == "PlayerEliminated" and e.place >= 2 and self.at_door():
            self.count_bust(e)
        self.m.add(e)

    def count_bust(self, e: Any) -> None:
        """A player out at the door: by cause, depth and where the bubble stood."""
        self.bubble_bust(e)
        self.busting.add((e.table_id, e.hand_no))
        record = self.last.get(e.table_id, {}).get(e.player_id)
        self.c["busts"] += 1
        why = cause(record)
        kind = why.split("-")[0]  # postflop-bet and postflop-call count as postflop too
        self.c[kind] += 1
        if why.startswith("postflop"):
            self.c[why] += 1
        if record is not None:
            depth = next(f"<{d}" for d in DEPTHS if record["bb"] < d)
            self.c[f"depth {depth}"] += 1
            self.c[f"depth {depth} {kind}"] += 1
        if e.synchronized and self.to_go() == 1:
            self.c[f"synchronized {kind}"] += 1
        elif (e.table_id, e.hand_no) in self.caught:
            self.c[f"under way {kind}"] += 1

    def to_go(self) -> int:
        return self.m.left - self.m.places_paid

    def bubble_bust(self, e: Any) -> None:
        """The bubble's own busts: the one that leaves one to go and the one that bursts it."""
        hand = (e.table_id, e.hand_no)
        if self.to_go() == 2 and self.trigger is None:
            self.trigger = hand
            self.caught = {(t, h) for t, h in self.under_way.items() if t != e.table_id}
            self.c["hands under way at hand-for-hand"] += len(self.caught)
        elif self.to_go() == 1 and not self.c["burst"]:
            self.c["burst"] = 1
            if hand == self.trigger or self.trigger is None:
                self.c["burst in the hand that left one to go"] = 1
            elif e.synchronized:
                self.c["burst in a synchronized round"] = 1
            else:
                self.c["burst in a hand under way"] = 1

    def counts(self) -> dict[str, float]:
        out = {k: float(v) for k, v in self.c.items()}
        out["rounds"] = float(len(self.m.sync.rounds))
        out["hands under way that busted a player"] = float(len(self.caught_busts))
        out["hands that busted a player"] = float(len(self.busting))
        return out


def cause(record: dict[str, Any] | None) -> str:
    """How a busted player's last chips went in (``CAUSES``)."""
    if record is None:
        return "unknown"
    acts = record["acts"]
    voluntary = [a for a in acts if a[1] in ("call", "bet", "raise")]
    if not voluntary:
        return "blind"
    street, kind, all_in = voluntary[-1]
    if street == 0 and all_in:
        return "call" if kind == "call" else "shove"
    if street == 0:
        return "limp"
    return "postflop-call" if kind == "call" else "postflop-bet"


def one_run(args: tuple[str, int, int, int | None]) -> dict[str, float]:
    from pokersim.engine import run_tournament
    from pokersim.scenario import load_scenario, parse_scenario
    from pokersim.study import variant

    path, seed, door, players = args
    if players is None:
        scenario = load_scenario(path)
    else:  # the same structure and field at another size (the payout table scales with it)
        scenario = parse_scenario(variant(path, players__count=players), source=path)
    d = DoorCount(door)
    run_tournament(scenario, seed, emit=d.add, record_actions=True)
    return d.counts()


def main() -> None:
    from pokersim.study import run_seeds

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenario", type=Path)
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--door", type=int, default=10, help="players from the money (default 10)")
    ap.add_argument("--players", type=int, help="entrants (default: the scenario's own count)")
    args = ap.parse_args()
    path = str(args.scenario.resolve())
    work = [(path, s, args.door, args.players) for s in run_seeds(args.seed, args.runs)]
    if args.jobs > 1:
        import multiprocessing

        ctx = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=args.jobs, mp_context=ctx) as pool:
            runs = list(pool.map(one_run, work))
    else:
        runs = [one_run(w) for w in work]
    total: Counter[str] = Counter()
    for r in runs:
        total.update(r)
    hands = total["hands"] or 1.0
    rounds = [r.get("rounds", 0.0) for r in runs]
    field = "" if args.players is None else f", {args.players} entrants"
    print(f"{args.scenario.name}{field}: {args.runs} runs, seed {args.seed}, door = {args.door}")
    print(f"table-hands at the door: {int(total['hands'])}, busts: {int(total['busts'])}")
    print(
        f"busts per 100 table-hands at the door: {100 * total['busts'] / hands:.2f} "
        f"(hands that busted a player: {100 * total['hands that busted a player'] / hands:.2f})"
    )
    for c in (*CAUSES, "unknown"):
        if total[c] or c != "unknown":
            share = total[c] / (total["busts"] or 1.0)
            rate = 100 * total[c] / hands
            print(f"  {c:13s} {int(total[c]):5d}  {rate:5.2f} per 100  {share:5.1%}")
    for d in DEPTHS:
        key = f"depth <{d}"
        if total[key]:
            parts = ", ".join(f"{c} {int(total[f'{key} {c}'])}" for c in CAUSES[:5])
            print(f"  stack {key[6:]:>4s} bb: {int(total[key]):4d} busts ({parts})")
    runs_in = {k: int(total[f"burst in {k}"]) for k in BURSTS}
    print(f"the bubble burst (runs): {runs_in}")
    caught = total["hands under way at hand-for-hand"]
    print(
        f"hands under way when hand-for-hand began: {caught:.0f} in {args.runs} runs, "
        f"{total['hands under way that busted a player']:.0f} of them busted a player "
        f"({100 * total['hands under way that busted a player'] / (caught or 1):.1f} per 100); "
        f"synchronized table-hands one from the money: {total['bubble synchronized hands']:.0f}"
    )
    for where, label in (("under way", "hands under way"), ("synchronized", "synchronized hands")):
        parts = ", ".join(f"{c} {int(total[f'{where} {c}'])}" for c in CAUSES[:5])
        print(f"  busts in the {label}: {parts}")
    print(
        f"money-bubble hand-for-hand rounds: mean {statistics.mean(rounds):.2f}, "
        f"median {statistics.median(rounds):.1f}, per run {[int(x) for x in rounds]}"
    )


if __name__ == "__main__":
    main()
