"""PokerStars text export: every line read back by a strict reader, chips replayed from the
text alone, and the text parsed by PokerKit's own PokerStars parser."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import pytest
from pokerkit import HandHistory

from pokersim.actions import CheckCall, DecisionView, Fold, RaiseTo
from pokersim.cards import parse_cards
from pokersim.config import AnteKind, BettingStructure, Level
from pokersim.hand import Deal, HandResult, HandSetup, Seat, play_hand
from pokersim.history import hand_to_pokerstars, hands_to_pokerstars, write_pokerstars_by_table
from pokersim.history._record import describe
from pokersim.history.phh import hand_to_phh
from pokersim.history.pokerstars import roman

LEVEL = Level(small_blind=50, big_blind=100)

# ---------------------------------------------------------------------------------------------
# A strict reader of the key lines: any line it does not know fails the test.
# ---------------------------------------------------------------------------------------------

_HEADER = re.compile(
    r"^PokerStars Hand #(?P<hand>\d+): Tournament #(?P<tid>\d+), (?P<buyin>.+?) "
    r"Hold'em (?P<game>No Limit|Pot Limit|Limit) - Level (?P<level>[IVXLCDM]+) "
    r"\((?P<sb>\d+)/(?P<bb>\d+)\) - (?P<date>\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2}) ET "
    r"\[(?P=date) ET\]$"
)
_TABLE = re.compile(
    r"^Table '(?P<name>[^']+)' (?P<max>\d+)-max Seat #(?P<button>\d+) is the button$"
)
_SEAT = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<chips>\d+) in chips"
    r"(?:, \$(?P<bounty>[\d.]+) bounty)?\)$"
)
_POST = re.compile(
    r"^(?P<name>.+): posts (?P<what>the ante|small blind|big blind) (?P<n>\d+)"
    r"(?P<allin> and is all-in)?$"
)
_ACT = re.compile(
    r"^(?P<name>.+): (?:(?P<fold>folds)|(?P<check>checks)|calls (?P<call>\d+)|bets (?P<bet>\d+)"
    r"|raises (?P<inc>\d+) to (?P<to>\d+))(?P<allin> and is all-in)?$"
)
_STREET = re.compile(
    r"^\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\* (?:\[(?P<old>[^\]]+)\] )?\[(?P<new>[^\]]+)\]$"
)
_DEALT = re.compile(r"^Dealt to (?P<name>.+) \[(?P<cards>\w\w \w\w)\]$")
_UNCALLED = re.compile(r"^Uncalled bet \((?P<n>\d+)\) returned to (?P<name>.+)$")
_SHOWS = re.compile(r"^(?P<name>.+): shows \[(?P<cards>\w\w \w\w)\] \((?P<desc>[^)]+)\)$")
_COLLECTED = re.compile(
    r"^(?P<name>.+) collected (?P<n>\d+) from (?P<pot>pot|main pot|side pot(?:-\d+)?)$"
)
_NOSHOW = re.compile(r"^(?P<name>.+): doesn't show hand$")
_TIMEOUT = re.compile(r"^(?P<name>.+) has timed out$")
_TOTAL = re.compile(
    r"^Total pot (?P<total>\d+)"
    r"(?P<split>(?: Main pot \d+\.)(?: Side pot(?:-\d+)? \d+\.)+)? \| Rake 0$"
)
_BOARD = re.compile(r"^Board \[(?P<cards>[^\]]+)\]$")
_SUMMARY_SEAT = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+?)(?P<tags>(?: \((?:button|small blind|big blind)\))*) "
    r"(?:folded before Flop(?: \(didn't bet\))?|folded on the (?:Flop|Turn|River)"
    r"|showed \[\w\w \w\w\] and (?:won \((?P<won>\d+)\)|lost) with .+|collected \((?P<coll>\d+)\))$"
)  # fmt: skip


@dataclass
class ReadHand:
    header: dict[str, str]
    button_seat: int
    seats: dict[str, int] = field(default_factory=dict)  # name -> table seat
    start: dict[str, int] = field(default_factory=dict)
    chips: dict[str, int] = field(default_factory=dict)  # replayed from the text alone
    collected: int = 0
    collected_by: dict[str, int] = field(default_factory=dict)
    total_pot: int = 0
    summary_won: dict[str, int] = field(default_factory=dict)
    pots: set[str] = field(default_factory=set)


def read(text: str) -> ReadHand:
    """Read one hand; replay its chip movements from the text alone."""
    lines = text.split("\n")
    h = _HEADER.match(lines[0])
    t = _TABLE.match(lines[1])
    assert h and t, lines[:2]
    hand = ReadHand(header=h.groupdict(), button_seat=int(t["button"]))
    bets: dict[str, int] = {}
    section = "seats"
    for line in lines[2:]:
        if section == "seats" and (m := _SEAT.match(line)):
            hand.seats[m["name"]] = int(m["seat"])
            hand.start[m["name"]] = hand.chips[m["name"]] = int(m["chips"])
            continue
        section = "play" if section == "seats" else section
        if line == "*** HOLE CARDS ***" or line == "*** SHOW DOWN ***" or _DEALT.match(line):
            continue
        if line == "*** SUMMARY ***":
            section = "summary"
            continue
        if section == "summary":
            if m := _TOTAL.match(line):
                hand.total_pot = int(m["total"])
            elif m := _SUMMARY_SEAT.match(line):
                won = m["won"] or m["coll"]
                if won:
                    hand.summary_won[m["name"]] = int(won)
            else:
                assert _BOARD.match(line), line
            continue
        if m := _POST.match(line):
            hand.chips[m["name"]] -= int(m["n"])
            if m["what"] != "the ante":
                bets[m["name"]] = int(m["n"])
        elif m := _ACT.match(line):
            name = m["name"]
            if m["call"] or m["bet"]:
                add = int(m["call"] or m["bet"])
                hand.chips[name] -= add
                bets[name] = bets.get(name, 0) + add
            elif m["to"]:
                hand.chips[name] -= int(m["to"]) - bets.get(name, 0)
                bets[name] = int(m["to"])
            if m["allin"]:
                assert hand.chips[name] == 0, line
            assert hand.chips[name] >= 0, line
        elif _STREET.match(line):
            bets = {}
        elif m := _UNCALLED.match(line):
            hand.chips[m["name"]] += int(m["n"])
        elif m := _COLLECTED.match(line):
            hand.chips[m["name"]] += int(m["n"])
            hand.collected += int(m["n"])
            hand.collected_by[m["name"]] = hand.collected_by.get(m["name"], 0) + int(m["n"])
            hand.pots.add(m["pot"])
        else:
            assert _SHOWS.match(line) or _NOSHOW.match(line) or _TIMEOUT.match(line), line
    return hand


# ---------------------------------------------------------------------------------------------
# Hands
# ---------------------------------------------------------------------------------------------


def script(*actions):
    queue = list(actions)

    def decide(view: DecisionView):
        return queue.pop(0) if queue else CheckCall()

    return decide


def play(
    stacks: Sequence[int],
    *,
    button: int = 0,
    hole: str,
    board: str,
    actions=(),
    level: Level = LEVEL,
    structure: BettingStructure = BettingStructure.NO_LIMIT,
    table_id: int = 3,
    hand_no: int = 17,
) -> HandResult:
    cards = parse_cards(hole)
    n = len(stacks)
    setup = HandSetup(
        seats=tuple(
            Seat(player_id=10 + i, stack=s, seat_no=2 * i + 1) for i, s in enumerate(stacks)
        ),
        button=button,
        level=level,
        structure=structure,
        table_id=table_id,
        hand_no=hand_no,
        level_index=10,
        start_time=1234,
    )
    deal = Deal(
        hole=tuple((cards[2 * i], cards[2 * i + 1]) for i in range(n)),
        board=tuple(parse_cards(board)),
    )
    return play_hand(setup, deal, script(*actions))


def random_hands(count: int, seed: int, *, antes: bool) -> list[HandResult]:
    out = []
    for k in range(count):
        rng = np.random.default_rng([seed, k])
        n = int(rng.integers(2, 10))
        level = (
            Level(
                small_blind=10,
                big_blind=20,
                ante=int(rng.integers(1, 6)),
                ante_kind=AnteKind.CLASSIC,
            )
            if antes
            else Level(small_blind=10, big_blind=20)
        )
        stacks = [int(rng.integers(20, 3000)) for _ in range(n)]
        deck = [int(c) for c in rng.permutation(52)]
        setup = HandSetup(
            seats=tuple(Seat(player_id=i, stack=s, seat_no=i + 1) for i, s in enumerate(stacks)),
            button=int(rng.integers(0, n)),
            level=level,
            table_id=1 + k % 3,
            hand_no=k,
        )
        deal = Deal(
            hole=tuple((deck[2 * i], deck[2 * i + 1]) for i in range(n)), board=tuple(deck[40:45])
        )

        def decide(view: DecisionView, rng=rng):
            u = rng.random()
            if view.legal.to_call and u < 0.25:
                return Fold()
            if view.legal.can_raise and u < 0.5:
                lo, hi = view.legal.min_raise_to, view.legal.max_raise_to
                return RaiseTo(int(rng.integers(lo, hi + 1)))
            return CheckCall()

        out.append(play_hand(setup, deal, decide))
    return out


# ---------------------------------------------------------------------------------------------
# Tests
# ---------------------------------------------------------------------------------------------


def test_pokerstars_header_seats_and_chip_replay() -> None:
    result = play(
        [1500, 3000, 2200],
        button=1,
        hole="AhAd KhKd 2c7d",
        board="AsQd4h9cJs",
        actions=(RaiseTo(300), CheckCall(), Fold()),
    )
    text = hand_to_pokerstars(
        result, tournament_id=77, buy_in="$10+$1 USD", bounties={10: 250, 11: 200}
    )
    lines = text.split("\n")
    assert lines[0] == (
        "PokerStars Hand #3000017: Tournament #77, $10+$1 USD Hold'em No Limit - "
        "Level XI (50/100) - 2026/01/01 12:20:34 ET [2026/01/01 12:20:34 ET]"
    )
    assert lines[1] == "Table '77 3' 9-max Seat #3 is the button"
    assert lines[2] == "Seat 1: Player10 (1500 in chips, $2.50 bounty)"
    assert lines[3] == "Seat 3: Player11 (3000 in chips, $2 bounty)"
    assert lines[4] == "Seat 5: Player12 (2200 in chips)"
    hand = read(text)
    final = {f"Player{10 + i}": s for i, s in enumerate(result.final_stacks)}
    assert hand.chips == final
    assert hand.collected == hand.total_pot == sum(p.amount for p in result.pots)


def test_pokerstars_side_pots_are_named_and_paid_r_hand_4() -> None:
    """R-HAND-4: main pot and side pots, each collected on its own line."""
    result = play(
        [100, 200, 400, 1000],
        button=3,
        hole="2c2d AhAd KhKd QhQd",  # the shortest has the worst hand
        board="AsKs7c8d3h",
        actions=(RaiseTo(400), CheckCall(), CheckCall(), CheckCall()),
    )
    text = hand_to_pokerstars(result)
    hand = read(text)
    assert hand.pots == {"main pot", "side pot-1", "side pot-2"}
    assert hand.chips == {f"Player{10 + i}": s for i, s in enumerate(result.final_stacks)}
    assert "Total pot 1100 Main pot 400. Side pot-1 300. Side pot-2 400. | Rake 0" in text


def test_pokerstars_uncalled_bet_line_r_hand_3() -> None:
    """R-HAND-3: the uncalled part of a bet goes back before the pot is collected."""
    result = play(
        [1000, 1000, 1000],
        hole="AhAd KhKd 2c7d",
        board="AsQd4h9cJs",
        actions=(RaiseTo(300), Fold(), Fold()),
    )
    text = hand_to_pokerstars(result)
    lines = text.split("\n")
    k = lines.index("Uncalled bet (200) returned to Player10")
    assert lines[k + 1] == "Player10 collected 250 from pot"
    assert "Seat 1: Player10 (button) collected (250)" in lines
    assert read(text).chips == {f"Player{10 + i}": s for i, s in enumerate(result.final_stacks)}


def test_pokerstars_knockout_example_r_ko_2() -> None:
    """R-KO-2: Daniel 100, Barry 200, Vicky 400, Julian 1000: Barry (best hand) collects the
    main pot and side pot 1, Julian (second best) side pot 2."""
    names = {10: "Daniel", 11: "Barry", 12: "Vicky", 13: "Julian"}
    result = play(
        [100, 200, 400, 1000],
        button=3,
        hole="2c7d AhAd 3c8d KhKd",
        board="AsKs9c4d5h",
        actions=(RaiseTo(400), CheckCall(), CheckCall(), CheckCall()),
    )
    text = hand_to_pokerstars(result, names=names)
    assert "Barry collected 400 from main pot" in text
    assert "Barry collected 300 from side pot-1" in text
    assert "Julian collected 400 from side pot-2" in text
    assert read(text).chips == {names[10 + i]: s for i, s in enumerate(result.final_stacks)}


def test_pokerstars_short_blind_and_ante_are_all_in_r_blind_1() -> None:
    """R-BLIND-1: a player who cannot cover the blind posts what they have and is all-in."""
    level = Level(small_blind=50, big_blind=100, ante=20, ante_kind=AnteKind.CLASSIC)
    result = play(
        [1000, 1000, 60], button=0, hole="AhAd KhKd 2c7d", board="AsQd4h9cJs", level=level
    )
    text = hand_to_pokerstars(result)
    assert "Player12: posts big blind 40 and is all-in" in text
    assert "Player10: posts the ante 20" in text
    assert read(text).chips == {f"Player{10 + i}": s for i, s in enumerate(result.final_stacks)}


def test_pokerstars_split_pot_odd_chip_r_hand_5() -> None:
    """R-HAND-5: a tie splits the pot; the odd chip goes to the first winner left of the button."""
    level = Level(small_blind=25, big_blind=50, ante=1, ante_kind=AnteKind.CLASSIC)
    result = play(
        [1000, 1000, 1000], button=0, hole="2c3d 2d3c 4h4s", board="AsKdQhJcTs", level=level
    )
    text = hand_to_pokerstars(result)
    hand = read(text)
    assert hand.chips == {f"Player{10 + i}": s for i, s in enumerate(result.final_stacks)}
    assert "and won (51) with a straight, Ten to Ace" in text  # 153 chips three ways


def test_pokerstars_many_hands_random_chip_replay_and_files(tmp_path) -> None:
    hands = random_hands(150, seed=5, antes=True)
    text = hands_to_pokerstars(hands)
    parts = text.rstrip("\n").split("\n\n\n")
    assert len(parts) == len(hands)
    for part, result in zip(parts, hands):
        hand = read(part)
        assert hand.chips == {
            f"Player{p}": s for p, s in zip(result.setup.player_ids, result.final_stacks)
        }
        assert hand.collected == hand.total_pot
        assert hand.summary_won == hand.collected_by
    paths = write_pokerstars_by_table(hands, tmp_path)
    assert [p.name for p in paths] == ["table-1.txt", "table-2.txt", "table-3.txt"]
    assert sum(p.read_text().count("PokerStars Hand #") for p in paths) == len(hands)


def test_pokerkits_pokerstars_parser_reads_our_text() -> None:
    """An open-source parser (PokerKit's PokerStars parser) reads our hands and, replaying
    them, reaches our final stacks (no antes: that parser ignores ante lines)."""
    hands = random_hands(60, seed=11, antes=False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parsed = list(HandHistory.from_pokerstars(hands_to_pokerstars(hands), error_status=True))
    assert len(parsed) == len(hands)
    for hh, result in zip(parsed, hands):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            state = list(hh)[-1]
        assert hh.players is not None
        theirs = dict(zip(hh.players, state.stacks))
        ours = {f"Player{p}": s for p, s in zip(result.setup.player_ids, result.final_stacks)}
        assert theirs == ours


def test_pokerstars_hero_sees_only_own_cards_until_showdown() -> None:
    result = play(
        [1000, 1000, 1000],
        hole="AhAd KhKd 2c7d",
        board="AsQd4h9cJs",
        actions=(Fold(), CheckCall()),
    )
    text = hand_to_pokerstars(result, hero=11)
    assert [line for line in text.split("\n") if line.startswith("Dealt to")] == [
        "Dealt to Player11 [Kh Kd]"
    ]
    assert "Player12: shows [2c 7d]" in text  # cards still shown at showdown
    assert read(text).chips == {f"Player{10 + i}": s for i, s in enumerate(result.final_stacks)}


def test_pokerstars_deterministic_and_needs_events() -> None:
    result = play([1000, 1000], hole="AhAd KhKd", board="AsQd4h9cJs")
    assert hand_to_pokerstars(result) == hand_to_pokerstars(result)
    setup = result.setup
    bare = play_hand(setup, result.deal, script(), record_actions=False)
    with pytest.raises(ValueError, match="record_actions=True"):
        hand_to_pokerstars(bare)


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ("AsKsQsJsTs2c3d", "a Royal Flush"),
        ("As2s3s4s5s9c9d", "a straight flush, Ace to Five"),
        ("9c9d9h9sKd2c3c", "four of a kind, Nines"),
        ("KcKdKh5s5d2c3c", "a full house, Kings full of Fives"),
        ("Ah9h7h4h2hKdKc", "a flush, Ace high"),
        ("6c7d8h9sTc2d2h", "a straight, Six to Ten"),
        ("2c2d2h9sTcKdAh", "three of a kind, Deuces"),
        ("KcKd5h5sTc2d3h", "two pair, Kings and Fives"),
        ("QcQd5h7sTc2d3h", "a pair of Queens"),
        ("AcQd5h7sTc2d3h", "high card Ace"),
    ],
)
def test_hand_descriptions(cards: str, words: str) -> None:
    assert describe(tuple(parse_cards(cards))) == words


def test_roman_levels() -> None:
    assert [roman(k) for k in (1, 2, 3, 4, 5, 9, 10, 11, 40, 90)] == [
        "I", "II", "III", "IV", "V", "IX", "X", "XI", "XL", "XC",
    ]  # fmt: skip
    with pytest.raises(ValueError, match="level number must be >= 1"):
        roman(0)


def test_pokerstars_big_blind_ante_line_comes_before_the_blinds_r_ante_1() -> None:
    """R-ANTE-1: the big blind's ante is written first, as PokerStars writes every ante."""
    level = Level(small_blind=50, big_blind=100, ante=100, ante_kind=AnteKind.BIG_BLIND)
    result = play(
        [1000, 1000, 150], button=0, hole="AhAd KhKd 2c7d", board="AsQd4h9cJs", level=level
    )
    text = hand_to_pokerstars(result)
    posts = [line for line in text.splitlines() if ": posts " in line]
    assert posts == [
        "Player12: posts the ante 50",
        "Player11: posts small blind 50",
        "Player12: posts big blind 100 and is all-in",
    ]
    assert read(text).chips == {f"Player{10 + i}": s for i, s in enumerate(result.final_stacks)}


def _five_key(cards: tuple[int, ...]) -> tuple[int, ...]:
    """Category (0 high card .. 8 straight flush) then tie-break ranks of exactly five cards.

    The oracle: the writer's key before it looked at seven cards at once.
    """
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    flush = len({c & 3 for c in cards}) == 1
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    distinct = sorted(counts, reverse=True)
    top = -1
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            top = distinct[0]
        elif distinct == [12, 3, 2, 1, 0]:
            top = 3  # the wheel: five high
    if top >= 0 and flush:
        return (8, top)
    if groups[0][1] == 4:
        return (7, groups[0][0], groups[1][0])
    if groups[0][1] == 3 and groups[1][1] == 2:
        return (6, groups[0][0], groups[1][0])
    if flush:
        return (5, *ranks)
    if top >= 0:
        return (4, top)
    if groups[0][1] == 3:
        return (3, groups[0][0], *[g[0] for g in groups[1:]])
    if groups[0][1] == 2 and groups[1][1] == 2:
        return (2, groups[0][0], groups[1][0], groups[2][0])
    if groups[0][1] == 2:
        return (1, groups[0][0], *[g[0] for g in groups[1:]])
    return (0, *ranks)


def test_the_best_five_key_is_the_best_of_every_five_cards() -> None:
    """Against the best of all 21 (6, 1) five-card combinations, on random and built hands."""
    from itertools import combinations

    from pokersim.history._record import best_five_key

    rng = np.random.default_rng(20261203)
    hands = [tuple(int(c) for c in rng.permutation(52)[: rng.integers(5, 8)]) for _ in range(20000)]
    for _ in range(20000):  # few suits and ranks: flushes, straights, full houses, quads
        suits = rng.integers(0, 4, size=2)
        ranks = rng.integers(0, 13, size=7)
        cards = {int(r) * 4 + int(rng.choice(suits)) for r in ranks}
        if len(cards) >= 5:
            hands.append(tuple(cards))
    wheel = tuple(parse_cards("Ah2h3h4h5hKhQd"))
    hands.append(wheel)
    categories = set()
    for cards in hands:
        key = best_five_key(cards)
        assert key == max(_five_key(c) for c in combinations(cards, 5)), cards
        categories.add(key[0])
    assert categories == set(range(9))
    assert best_five_key(wheel) == (8, 3)


class _FieldNames(Mapping[int, str]):
    """A large field's screen names that refuse to be walked: a hand needs its players' only."""

    def __init__(self, names: dict[int, str]) -> None:
        self._names = names

    def __getitem__(self, player_id: int) -> str:
        return self._names[player_id]

    def __len__(self) -> int:
        return len(self._names)

    def __iter__(self) -> Iterator[int]:
        raise AssertionError("a hand's writer walked every name of the field")


def test_writers_look_names_up_without_walking_the_whole_field() -> None:
    """Each hand's text copied the whole name mapping (every player of the tournament) before
    looking up its own nine: a cost per hand that grew with the field."""
    hands = random_hands(6, seed=11, antes=False)
    names = {i: f"Name{i}" for i in range(5)}  # players 5.. keep the default names
    for result in hands:
        plain = hand_to_pokerstars(result, names=names)
        assert hand_to_pokerstars(result, names=_FieldNames(names)) == plain
        assert hand_to_phh(result, names=_FieldNames(names)) == hand_to_phh(result, names=names)
    text = hands_to_pokerstars(hands, names=_FieldNames(names))
    assert "Name0" in text and "Player5" in text
