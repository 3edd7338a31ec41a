"""Tournament engine benchmark: wall time, hands, microseconds per hand and peak memory.

Each measurement runs in a fresh process (so peak RSS is that run's alone), on one core, with
default player models and no hand-history export. The field-size curve reuses the structure of
``scenarios/mtt_1000.toml`` with only ``players.count`` changed.

    python benchmarks/bench_tournament.py                      # the two shipped MTTs
    python benchmarks/bench_tournament.py scenarios/variants/mtt_1000_uncalibrated.toml
    python benchmarks/bench_tournament.py --curve 100 1000 10000 100000
    python benchmarks/bench_tournament.py --curve 1000 --stub  # engine alone, scripted hands
    python benchmarks/bench_tournament.py --curve 1000 --disconnects 2  # with disconnections
    python benchmarks/bench_tournament.py --curve 1000 --pokerkit 300  # PokerKit in the same run

``--pokerkit HANDS`` plays that many hands of ``bench_hands.py``'s random legal 9-max play
through PokerKit after the runs, and gives its microseconds a hand beside each row's.

``--stub`` replaces the hand engine and the player models by a scripted hand (two players
contest a pot, all-in one hand in four, decided by the deal) to show the director's own cost
per hand. Numbers depend on the
machine and on what else it runs: compare runs made on one machine in one sitting. Microseconds
per hand are CPU time of the run (``time.process_time``), which a busy shared machine disturbs
far less than wall time; both are reported, with the CPU time the cyclic garbage collector
took during the run and its number of full collections. Each process first plays one
20-player run (JIT compilation, lookup tables); its cost is reported apart as ``warmup``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _scenario(path: Path, count: int | None) -> Any:
    from pokersim.scenario import load_scenario, parse_scenario

    if count is None:
        return load_scenario(path)
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data["players"]["count"] = count
    return parse_scenario(data, source=f"{path.name} with {count} players")


def stub_hand_player(hand: Any) -> Any:
    """The scripted hand, made of the records of ``hand`` (``pokersim.hand`` or a copy of it)."""
    result_of, knockout = hand.HandResult, hand.Knockout

    def play(
        setup: Any, deal: Any, decide: Any, *, record_actions: bool = True, context: Any = None
    ) -> Any:
        n = len(setup.seats)
        c = deal.hole[0][0] + deal.board[0]
        i = c % n
        j = (i + 1) % n
        stacks = list(setup.stacks)
        a, b = (i, j) if (deal.board[1] & 1) else (j, i)
        moved = min(stacks[a], stacks[b])
        if deal.board[2] % 4:  # three hands in four: a pot of a third of the shorter stack
            moved //= 3
        stacks[a] += moved
        stacks[b] -= moved
        kos = ()
        if stacks[b] == 0:
            p = setup.seats[b].player_id
            kos = (
                knockout(
                    seat=b,
                    player_id=p,
                    pot_index=0,
                    winners=(a,),
                    winner_ids=(setup.seats[a].player_id,),
                ),
            )
        return result_of(
            setup=setup,
            deal=deal,
            final_stacks=tuple(stacks),
            pots=(),
            knockouts=kos,
            showdown=False,
        )

    return play


class StubModel:
    """The stub's player: never asked to decide (the scripted hand decides)."""

    name = "stub"

    def decide(self, view: Any, rng: Any) -> Any:  # never asked: the stub hand decides
        raise AssertionError

    def think_seconds(self, view: Any, rng: Any) -> float:
        return 2.0


class _CollectorClock:
    """CPU seconds spent in the cyclic garbage collector, and its full collections."""

    def __init__(self) -> None:
        self.cpu = 0.0
        self.full = 0
        self._since = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._since = time.process_time()
            return
        self.cpu += time.process_time() - self._since
        self.full += info["generation"] == 2


def child(path: str, count: int | None, seed: int, stub: bool, disconnects: float) -> None:
    """Run once in this process and print one JSON line of measurements."""
    import gc

    import numpy as np

    from pokersim.engine import run_tournament
    from pokersim.evaluator import evaluate

    w0 = time.perf_counter()
    c0 = time.process_time()
    evaluate(np.arange(7, dtype=np.int8).reshape(1, 7))  # load the evaluator tables
    # one 20-player run first: compiles and loads what every run needs once per process
    run_tournament(_scenario(Path(path), 20), seed)
    warm_cpu = time.process_time() - c0
    warm_wall = time.perf_counter() - w0
    sc = _scenario(Path(path), count)
    if disconnects:
        import dataclasses

        from pokersim.scenario import Connection

        sc = dataclasses.replace(sc, connection=Connection(disconnects_per_player_hour=disconnects))
    kwargs: dict[str, Any] = {}
    if stub:
        from pokersim import hand

        kwargs = {"hand_player": stub_hand_player(hand), "models": [StubModel()] * sc.players.count}
    collector = _CollectorClock()
    gc.callbacks.append(collector)
    t0 = time.perf_counter()
    c0 = time.process_time()
    result = run_tournament(sc, seed, **kwargs)
    cpu = time.process_time() - c0
    gc.callbacks.remove(collector)
    wall = time.perf_counter() - t0
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(
        json.dumps(
            {
                "scenario": Path(path).name,
                "players": sc.players.count,
                "hands": result.hands_played,
                "hands_per_player": round(result.hands_played / sc.players.count, 2),
                "wall_s": round(wall, 3),
                "cpu_s": round(cpu, 3),
                "us_per_hand": round(cpu / result.hands_played * 1e6, 1),
                "peak_rss_mib": round(peak_kib / 1024, 1),
                "gc_cpu_s": round(collector.cpu, 3),
                "full_collections": collector.full,
                "warmup_wall_s": round(warm_wall, 3),
                "warmup_cpu_s": round(warm_cpu, 3),
                "stub": stub,
                "disconnects_per_hour": disconnects,
                "disconnects": sum(f.disconnects for f in result.finishes),
                "timeouts": sum(f.timeouts for f in result.finishes),
            }
        )
    )


def measure(
    path: Path, count: int | None, seed: int, stub: bool, disconnects: float = 0.0
) -> dict[str, Any]:
    cmd = [sys.executable, __file__, "--child", str(path), "--seed", str(seed)]
    cmd += ["--disconnects", str(disconnects)]
    if count is not None:
        cmd += ["--count", str(count)]
    if stub:
        cmd.append("--stub")
    env = dict(os.environ, OMP_NUM_THREADS="1", NUMBA_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1")
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, env=env)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "scenarios", nargs="*", type=Path, help="scenario files (default: the two shipped MTTs)"
    )
    ap.add_argument("--curve", type=int, nargs="*", help="field sizes on the mtt_1000 structure")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--stub", action="store_true", help="scripted hands: the engine's own cost")
    ap.add_argument(
        "--disconnects",
        type=float,
        default=0.0,
        help="disconnections per player-hour ([connection]); 0: the scenario's own",
    )
    ap.add_argument("--pokerkit", type=int, default=0, metavar="HANDS")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--count", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child, args.count, args.seed, args.stub, args.disconnects)
        return
    rows = []
    if args.curve:
        for n in args.curve:
            rows.append(
                measure(
                    ROOT / "scenarios" / "mtt_1000.toml", n, args.seed, args.stub, args.disconnects
                )
            )
            print(json.dumps(rows[-1]), flush=True)
    else:
        shipped = [ROOT / "scenarios" / name for name in ("mtt_1000.toml", "mtt_10000.toml")]
        for path in args.scenarios or shipped:
            rows.append(measure(path.resolve(), None, args.seed, args.stub, args.disconnects))
            print(json.dumps(rows[-1]), flush=True)
    print()
    print(
        "| scenario | players | hands | hands/player | wall s | CPU s | CPU µs/hand | peak MiB "
        "| GC CPU s (full) | disconnects | time-outs |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print(
            f"| {r['scenario']}{' (stub hands)' if r['stub'] else ''} | {r['players']:,} | "
            f"{r['hands']:,} | {r['hands_per_player']} | {r['wall_s']} | {r['cpu_s']} | "
            f"{r['us_per_hand']} | "
            f"{r['peak_rss_mib']} | {r['gc_cpu_s']} ({r['full_collections']}) | "
            f"{r['disconnects']:,} | {r['timeouts']:,} |"
        )
    if args.pokerkit:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from bench_hands import pokerkit_hands  # noqa: PLC0415 - the script's own folder

        seconds, _decisions = pokerkit_hands(args.pokerkit, 1)
        pokerkit = 1e6 * seconds / args.pokerkit
        print()
        print(f"PokerKit, random legal 9-max, {args.pokerkit} hands in the same run: "
              f"{pokerkit:,.0f} µs a hand")  # fmt: skip
        for r in rows:
            print(f"{r['players']:,} players: {pokerkit / r['us_per_hand']:,.0f}x PokerKit's")


if __name__ == "__main__":
    main()
