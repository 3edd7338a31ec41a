"""Mystery bounty study (docs/formats.md): what a knockout is worth, and what the envelope mix does.

    PYTHONPATH=. python docs/studies/mystery_bounty.py --runs 1000 --jobs 2

Plays ``scenarios/mystery_bounty.toml`` with seeds 1..runs and prints the tables of the doc:
the value of a knockout by stage and by stack, the distribution of a player's bounty winnings,
and the same tournaments with other envelope mixes of the same pool. The built-in models do
not read bounties, so another mix changes no hand: only the envelopes' values. Each run's draws
are replayed with the other mixes (the same index draws from the run's mystery bounty stream);
the replay is checked against the engine on the first seed.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from pokersim.bounties import split_bounty
from pokersim.engine import run_tournament
from pokersim.events import event_record
from pokersim.hand import HandResult
from pokersim.rng import Streams
from pokersim.scenario import Envelope, Scenario, load_scenario

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "mystery_bounty.toml"
PHASE_PLAYERS = 18
MIXES: dict[str, tuple[Envelope, ...]] = {
    "shipped (1 x $200, 1 x $100, 2 x $50, 4 x $40, 10 x $34)": (),  # the scenario's own
    "flat (18 x $50)": (Envelope(cents=5000, count=18),),
    "jackpot (1 x $500, 17 x ~$23.53)": (
        Envelope(cents=50000, count=1),
        Envelope(cents=2353, count=16),
        Envelope(cents=2352, count=1),
    ),
}


def _stage(left: int) -> str:
    if left >= 10:
        return "a. 18-10 left (two tables)"
    if left >= 4:
        return "b. 9-4 left (final table)"
    return "c. 3-2 left"


def _groups(n: int) -> dict[str, float]:
    """The share of ``n`` players left in each stack-rank group (1, 2..n // 2, the rest)."""
    return {"chip leader": 1 / n, "upper half": (n // 2 - 1) / n,
            "lower half (short)": (n - n // 2) / n}  # fmt: skip


def _rank_group(player: int, stacks: dict[int, int]) -> str:
    """Where a player's stack ranks among the players left at the start of the hand.

    Ties take the best rank.
    """
    alive = sorted((s for s in stacks.values() if s > 0), reverse=True)
    rank, n = alive.index(stacks[player]) + 1, len(alive)
    if rank == 1:
        return "chip leader"
    return "upper half" if rank <= n // 2 else "lower half (short)"


def play(seed: int, scenario: Scenario | None = None) -> dict[str, Any]:
    """One run: its envelope records, the knockouts' stacks, and each player's bounty cash."""
    sc = scenario or load_scenario(SCENARIO)
    stacks = {p: sc.starting_stack for p in range(sc.players.count)}
    knockouts: dict[int, tuple[int, str, str]] = {}

    def on_hand(result: HandResult) -> None:
        left = sum(1 for s in stacks.values() if s > 0)
        for k in result.knockouts:
            knockouts[k.player_id] = (
                left,
                _rank_group(k.winner_ids[0], stacks),
                _rank_group(k.player_id, stacks),
            )
        for seat, final in zip(result.setup.seats, result.final_stacks):
            stacks[seat.player_id] = final

    log: list[dict[str, Any]] = []
    keep = {"EnvelopeDrawn", "BountyPaid", "PlayerEliminated"}
    run_tournament(
        sc,
        seed,
        emit=lambda e: log.append(event_record(e)) if type(e).__name__ in keep else None,
        on_hand=on_hand,
    )
    draws = [r for r in log if r["type"] == "EnvelopeDrawn"]
    bounty: Counter[int] = Counter()
    for r in log:
        if r["type"] == "BountyPaid":
            bounty[r["winner_id"]] += r["cash_cents"]
    places = {r["player_id"]: r["place"] for r in log if r["type"] == "PlayerEliminated"}
    return {"seed": seed, "draws": draws, "knockouts": knockouts, "bounty": bounty,
            "places": places}  # fmt: skip


def replay(seed: int, draws: Sequence[dict[str, Any]], envelopes: Sequence[int]) -> Counter[int]:
    """Each player's bounty cash had the run's envelopes been ``envelopes`` (same draws)."""
    rng, left = Streams(seed).mystery_bounty(), list(envelopes)
    cash: Counter[int] = Counter()
    for r in draws:
        if r["reason"] == "knockout":
            cents = left.pop(int(rng.integers(len(left))))
            for w, share in zip(r["winner_ids"], split_bounty(cents, len(r["winner_ids"]))):
                cash[w] += share
    cash[draws[-1]["winner_ids"][0]] += sum(left)  # the winner opens the rest
    return cash


def _published(sc: Scenario, mix: tuple[Envelope, ...]) -> tuple[int, ...]:
    if not mix:
        return sc.mystery_bounty.published_cents
    return tuple(e.cents for e in mix for _ in range(e.count))


def check_replay(seed: int) -> None:
    """The replay gives what the engine pays with each mix (the models ignore the bounties)."""
    sc = load_scenario(SCENARIO)
    base = play(seed, sc)
    for mix in MIXES.values():
        other = dataclasses.replace(sc.mystery_bounty, envelopes=mix or sc.mystery_bounty.envelopes)
        ran = play(seed, dataclasses.replace(sc, mystery_bounty=other))
        assert ran["places"] == base["places"], "another mix changed the play"
        assert +ran["bounty"] == +replay(seed, base["draws"], _published(sc, mix))


def _pct(values: Sequence[int], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _dollars(cents: float) -> str:
    return f"${cents / 100:,.2f}"


def report(runs: list[dict[str, Any]]) -> None:
    """The doc's tables, in Markdown."""
    by_stage: defaultdict[str, list[int]] = defaultdict(list)
    by_winner: defaultdict[str, list[int]] = defaultdict(list)
    by_busted: defaultdict[str, list[int]] = defaultdict(list)
    present: defaultdict[str, float] = defaultdict(float)  # expected knockouts if at random
    for run in runs:
        for r in run["draws"]:
            if r["reason"] != "knockout":
                by_stage["the winner's envelope(s)"].append(r["envelope_cents"])
                continue
            left, winner_group, busted_group = run["knockouts"][r["eliminated_id"]]
            by_stage[_stage(left)].append(r["envelope_cents"])
            by_winner[winner_group].append(r["envelope_cents"])
            by_busted[busted_group].append(r["envelope_cents"])
            for group, share in _groups(left).items():
                present[group] += share
    print(f"## {len(runs)} runs, seeds {runs[0]['seed']}..{runs[-1]['seed']}\n")
    for title, table, tag in (
        ("stage (players left before the hand)", by_stage, ""),
        ("the eliminator's stack rank", by_winner, "w"),
        ("the eliminated player's stack rank", by_busted, "b"),
    ):
        print(f"| {title} | envelopes | mean (95 % CI) | sd | share of knockouts | "
              "share of the players left |\n|---|---|---|---|---|---|")  # fmt: skip
        total = sum(len(v) for k, v in table.items() if k != "the winner's envelope(s)")
        for key in sorted(table):
            v = table[key]
            mean, sd = statistics.fmean(v), statistics.pstdev(v)
            half = 1.96 * sd / len(v) ** 0.5
            share = "" if key == "the winner's envelope(s)" else f"{100 * len(v) / total:.1f} %"
            base = f"{100 * present[key] / total:.1f} %" if tag else ""
            print(f"| {key} | {len(v)} | {_dollars(mean)} ({_dollars(mean - half)} to "
                  f"{_dollars(mean + half)}) | {_dollars(sd)} | {share} | {base} |")  # fmt: skip
        print()
    _places_and_mixes(runs)


def _place_group(place: int) -> str:
    if place == 1:
        return "1"
    return "2-3" if place <= 3 else "4-9" if place <= 9 else "10-18"


def _places_and_mixes(runs: list[dict[str, Any]]) -> None:
    sc = load_scenario(SCENARIO)
    print("| place (shipped mix) | players | mean bounty | none | p50 | p90 | max |")
    print("|---|---|---|---|---|---|---|")
    groups: defaultdict[str, list[int]] = defaultdict(list)
    for run in runs:
        for p, place in run["places"].items():
            if place <= PHASE_PLAYERS:
                groups[_place_group(place)].append(run["bounty"][p])
    for key in ("1", "2-3", "4-9", "10-18"):
        v = groups[key]
        none = 100 * sum(1 for x in v if x == 0) / len(v)
        print(f"| {key} | {len(v)} | {_dollars(statistics.fmean(v))} | {none:.1f} % | "
              f"{_dollars(_pct(v, 0.5))} | {_dollars(_pct(v, 0.9))} | "
              f"{_dollars(max(v))} |")  # fmt: skip
    print()
    print("| envelope mix | mean per player in the phase | sd | none | >= $100 | p90 | "
          "p99 | max | winner's mean |\n|---|---|---|---|---|---|---|---|---|")  # fmt: skip
    for name, mix in MIXES.items():
        envelopes = _published(sc, mix)
        values: list[int] = []
        winners: list[int] = []
        for run in runs:
            cash = replay(run["seed"], run["draws"], envelopes)
            phase = [p for p, place in run["places"].items() if place <= PHASE_PLAYERS]
            values += [cash[p] for p in phase]
            winners += [cash[p] for p in phase if run["places"][p] == 1]
        none = 100 * sum(1 for v in values if v == 0) / len(values)
        big = 100 * sum(1 for v in values if v >= 10_000) / len(values)
        print(
            f"| {name} | {_dollars(statistics.fmean(values))} | "
            f"{_dollars(statistics.pstdev(values))} | {none:.1f} % | {big:.1f} % | "
            f"{_dollars(_pct(values, 0.9))} | {_dollars(_pct(values, 0.99))} | "
            f"{_dollars(max(values))} | {_dollars(statistics.fmean(winners))} |"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    check_replay(args.first_seed)
    seeds = range(args.first_seed, args.first_seed + args.runs)
    with Pool(args.jobs) as pool:
        runs = pool.map(play, seeds, chunksize=25)
    report(runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
