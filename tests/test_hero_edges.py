"""``--hero``: one player's hand histories hold exactly the hands that player was dealt in.

The recorder keeps, numbers and collects the bounties and finishes of only the hands the hero
was dealt in; every other hand is only counted (the hand numbers are the tournament's order)
and nothing else of it is kept. Each hero file here is held to the full view of the same run:
the same hand numbers, in the same order, as the full view's hands with the hero in a seat,
each with the same seat lines (stacks and the bounties on the heads), the same bounty and
finish lines, and one ``Dealt to`` line, the hero's; the PHH file holds the same hands. A
filter that dropped a hand (the hero's last, the winner's) or kept one more fails here, and so
does one that lost a bounty or a finish of the hands it kept.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pokersim.engine import run_tournament
from pokersim.hand import HandResult
from pokersim.history.recorder import hero_file_stem
from pokersim.outputs import write_run
from pokersim.scenario import load_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
# progressive knockout with late registration; rebuys and re-entries with an add-on; the
# shoot-out's rounds (players placed by round, tables formed anew)
CASES = [("pko", 3), ("rebuy_addon", 3), ("shootout", 3)]

_HEADER = re.compile(r"^PokerStars Hand #(\d+): ", re.MULTILINE)
_PHH_ID = re.compile(r"^_hand_id = (\d+)$", re.MULTILINE)
_FINISH = re.compile(
    r"bounty|for eliminating|elimination of|finished the tournament|wins the tournament"
)


def _hands(text: str) -> dict[int, str]:
    """Each hand of a PokerStars text by its hand number, in the file's order."""
    starts = [m.start() for m in _HEADER.finditer(text)]
    blocks = [text[a:b] for a, b in zip(starts, [*starts[1:], len(text)])]
    out: dict[int, str] = {}
    for block in blocks:
        match = _HEADER.match(block)
        assert match is not None
        number = int(match.group(1))
        assert number not in out, f"hand {number} written twice"
        out[number] = block
    return out


def _seats(block: str) -> list[str]:
    """The seat lines before the hole cards: names, stacks, bounties on the heads."""
    head = block.split("*** HOLE CARDS ***", 1)[0]
    return [line for line in head.splitlines() if line.startswith("Seat ")]


def _finishes(block: str) -> list[str]:
    return [line for line in block.splitlines() if _FINISH.search(line)]


def _dealt_in(block: str, hero: str) -> bool:
    return any(re.match(rf"Seat \d+: {re.escape(hero)} \(", line) for line in _seats(block))


@pytest.fixture(scope="module", params=CASES, ids=[f"{name}-seed{seed}" for name, seed in CASES])
def full_view(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple:
    """The run's full view: every hand by number, the heroes to try, the scenario and seed."""
    name, seed = request.param
    scenario = load_scenario(SCENARIOS / f"{name}.toml")
    out = tmp_path_factory.mktemp(f"full-{name}")
    write_run(scenario, seed, out, scenario_name=name, hands="both")
    hands: dict[int, str] = {}
    for path in sorted((out / "hands").glob("table-*.txt")):
        for number, block in _hands(path.read_text(encoding="utf-8")).items():
            assert number not in hands
            hands[number] = block
    players = json.loads((out / "summary.json").read_text(encoding="utf-8"))["players"]
    placed = sorted((p for p in players if p["place"] > 0), key=lambda p: p["place"])
    # the winner (every hand to the last), the first out, one from the middle of the field
    heroes = [placed[0]["name"], placed[-1]["name"], placed[len(placed) // 2]["name"]]
    return scenario, seed, name, hands, heroes


@pytest.mark.parametrize("which", ["winner", "first out", "middle"])
def test_hero_file_holds_exactly_the_hands_the_hero_was_dealt_in(
    full_view: tuple, which: str, tmp_path: Path
) -> None:
    scenario, seed, name, full, heroes = full_view
    hero = heroes[["winner", "first out", "middle"].index(which)]
    write_run(scenario, seed, tmp_path, scenario_name=name, hands="both", hero=hero)
    stem = hero_file_stem(hero)
    mine = _hands((tmp_path / "hands" / f"{stem}.txt").read_text(encoding="utf-8"))
    expected = [number for number, block in full.items() if _dealt_in(block, hero)]
    assert expected, f"{hero} was dealt no hand"
    assert list(mine) == sorted(expected), f"{name} --hero {hero}: not the hero's hands"
    for number, block in mine.items():
        assert _seats(block) == _seats(full[number]), f"hand {number}: seat lines differ"
        assert _finishes(block) == _finishes(full[number]), f"hand {number}: finishes differ"
        dealt = [line for line in block.splitlines() if line.startswith("Dealt to ")]
        assert len(dealt) == 1 and dealt[0].startswith(f"Dealt to {hero} ["), dealt
    phh = (tmp_path / "hands" / f"{stem}.phhs").read_text(encoding="utf-8")
    assert [int(x) for x in _PHH_ID.findall(phh)] == list(mine)
    # the winner's last hand carries the win; the first out's last hand their place
    last = mine[max(mine)]
    if which == "winner":
        assert any(f"{hero} wins the tournament" in line for line in _finishes(last))
    elif which == "first out":
        assert any(f"{hero} finished the tournament" in line for line in _finishes(last))


def test_hands_the_hero_was_not_dealt_in_are_counted_not_kept(tmp_path: Path) -> None:
    """The first out's file: their few hands, numbered as the tournament's order has them."""
    scenario = load_scenario(SCENARIOS / "pko.toml")
    full = tmp_path / "full"
    write_run(scenario, 3, full, scenario_name="pko", hands="pokerstars")
    players = json.loads((full / "summary.json").read_text(encoding="utf-8"))["players"]
    first_out = max((p for p in players if p["place"] > 0), key=lambda p: p["place"])["name"]
    hero_out = tmp_path / "hero"
    write_run(scenario, 3, hero_out, scenario_name="pko", hands="pokerstars", hero=first_out)
    files = sorted(p.name for p in (hero_out / "hands").iterdir())
    stem = hero_file_stem(first_out)
    assert files == ["README.txt", f"{stem}.txt", "tournament-summary.txt"]
    mine = _hands((hero_out / "hands" / f"{stem}.txt").read_text(encoding="utf-8"))
    every = {}
    for path in (full / "hands").glob("table-*.txt"):
        every.update(_hands(path.read_text(encoding="utf-8")))
    assert len(mine) < len(every) / 10  # out early: most of the run's hands are not theirs
    # hand numbers end with the hand's order in the tournament: 1 .. every hand, none repeated
    orders = sorted(number % 10**9 for number in every)
    assert orders == list(range(1, len(every) + 1))
    assert set(mine) <= set(every)


class _Watch:
    """A ``HandWatch`` that keeps what it is told."""

    def __init__(self, player: int) -> None:
        self.players = frozenset([player])
        self.dealt_in: list[tuple[HandResult, int]] = []
        self.others: list[tuple[tuple[int, int], int]] = []

    def dealt(self, result: HandResult, order: int) -> None:
        self.dealt_in.append((result, order))

    def passed(self, table_id: int, hand_no: int, order: int) -> None:
        self.others.append(((table_id, hand_no), order))


@pytest.mark.parametrize(("name", "seed"), [("pko", 3), ("rebuy_addon", 3), ("mtt_1000", 1)])
def test_a_watch_gets_the_players_hands_whole_and_the_numbers_that_matter(
    name: str, seed: int
) -> None:
    """``run_tournament(watch=...)``, held to a run that reads every hand (``on_hand``).

    The player's hands arrive recorded (the same events and final stacks) with their place in
    the tournament's order; of the others, each in which someone busted and the first a table
    deals after the player's last hand there arrive as numbers, at their place too; the rest
    (where the tables' loop plays them, most of them) do not arrive at all.
    """
    scenario = load_scenario(SCENARIOS / f"{name}.toml")
    every: list[HandResult] = []
    run_tournament(scenario, seed, on_hand=every.append)
    keys = [(h.setup.table_id, h.setup.hand_no) for h in every]
    hero = every[len(every) // 2].setup.seats[0].player_id  # someone dealt in mid-run
    watch = _Watch(hero)
    run_tournament(scenario, seed, watch=watch)
    theirs = [k for k, h in zip(keys, every) if any(s.player_id == hero for s in h.setup.seats)]
    assert [(m.setup.table_id, m.setup.hand_no) for m, _ in watch.dealt_in] == theirs
    for mine, order in watch.dealt_in:
        full = every[order - 1]
        assert (mine.setup.table_id, mine.setup.hand_no) == keys[order - 1]
        assert list(mine.events) == list(full.events) and mine.events, order
        assert tuple(mine.final_stacks) == tuple(full.final_stacks), order
    told = {key: order for key, order in watch.others}
    assert all(keys[order - 1] == key for key, order in told.items())
    assert not set(told) & set(theirs)
    busts = {k for k, h in zip(keys, every) if 0 in h.final_stacks and k not in theirs}
    assert busts <= set(told), "a hand someone busted in was not told"
    after = {}  # each table's first hand after one of theirs there
    for k in keys:
        if after.get(k[0]) is None and k not in theirs and (k[0], k[1] - 1) in set(theirs):
            after[k[0]] = k
    assert set(after.values()) <= set(told)
    if name == "mtt_1000":  # the loop plays most hands (cash bounties and rebuys keep it off)
        assert len(told) + len(theirs) < len(every) / 2, "most hands are the loop's, untold"
