"""Hand histories of a whole run, written while it plays: what ``pokersim run --hands`` uses.

``HandHistoryRecorder`` takes the engine's ``on_hand`` results and its event stream
(``on_event``) and writes, under one folder:

- the **full view** (default): ``table-<id>.phhs`` / ``table-<id>.txt`` per table, every
  player's hole cards, written as each table closes so memory stays bounded;
- or, with ``hero``, **one player's view**: ``hero-<name>.phhs`` / ``hero-<name>.txt`` with
  the hands that player was dealt in (``Dealt to`` only for them; the others' cards only when
  shown), in the order they were played;
- ``tournament-summary.txt``: PokerStars' tournament summary (with ``hero``, that player's
  own, ending with their place);
- ``README.txt``: which view the files hold (PokerStars text has no comment syntax; the
  ``.phhs`` files say it in a comment at the top).

Tournament id, hand numbers, buy-in, clock and zone come from ``pokersim.history.tournament``.
Bounties on the seat lines are the bounties on the players' heads when the hand started;
the players out in a hand are written after its pots with their bounties and prizes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pokersim.events import BountyPaid, EntryBought, PlayerEliminated, PrizePaid, TableBroken
from pokersim.history._record import ACT, BOARD, POST, POT, UNCALLED, Pot, make_record, read_hand
from pokersim.history.tournament import (
    BountyWin,
    Finish,
    SummaryPlace,
    TournamentClock,
    buy_in_text,
    hand_id,
    start_datetime,
    tournament_id,
    tournament_summary,
)

# read_hand, and what a reader of a hand's log rows makes the same record with (the steps'
# kinds, Pot, make_record: ``pokersim.outputs``)
__all__ = [
    "ACT",
    "BOARD",
    "FULL_VIEW_NOTE",
    "POST",
    "POT",
    "UNCALLED",
    "HandHistoryRecorder",
    "Pot",
    "hero_file_stem",
    "make_record",
    "read_hand",
]

FULL_VIEW_NOTE = (
    "Full view: every player's hole cards are written (a simulator sees them all), for "
    "analysis. Run with --hero NAME for one player's view, as a tracker expects it."
)
HANDS_KINDS = ("phh", "pokerstars", "both")
SUMMARY_NAME = "tournament-summary.txt"


def hero_file_stem(name: str) -> str:
    """``hero-<name>`` with characters unsafe in file names replaced by ``_``."""
    return "hero-" + re.sub(r"[^A-Za-z0-9._-]", "_", name)


@dataclass
class _FinishBuilder:
    player_id: int
    place: int
    prize_cents: int = 0
    winner: bool = False
    bounties: list[BountyWin] = field(default_factory=list)

    def freeze(self) -> Finish:
        return Finish(
            player_id=self.player_id,
            place=self.place,
            prize_cents=self.prize_cents,
            bounties=tuple(self.bounties),
            winner=self.winner,
        )


class _KeptSetup:
    """What the writers read of a hand's ``HandSetup`` (see ``_Kept``)."""

    __slots__ = ("hand_no", "level", "level_index", "start_time", "structure", "table_id")

    def __init__(self, setup: Any) -> None:
        self.table_id = setup.table_id
        self.hand_no = setup.hand_no
        self.level = setup.level
        self.structure = setup.structure
        self.level_index = setup.level_index
        self.start_time = setup.start_time


class _Kept:
    """A hand kept until its table is written: what the writers read of its ``HandResult``.

    Read as the ``HandResult`` it stands for (``events``, ``final_stacks``, ``setup``'s
    table, hand, level, structure, level index and start). A run holds each table's hands
    until the table is written: at 10,000 players, most of a run's hands for most of the run.
    A whole ``HandResult`` (its setup, seats, deal, pots) is some thirty objects that every
    full collection of the garbage collector walks again, and that made those collections
    come more often; this keeps three.
    """

    __slots__ = ("events", "final_stacks", "setup")

    def __init__(self, result: Any) -> None:
        self.setup = _KeptSetup(result.setup)
        self.events = result.events
        self.final_stacks = result.final_stacks


class HandHistoryRecorder:
    """Collect a run's hands and events; write its hand histories and summary (see module)."""

    def __init__(
        self,
        kind: str,
        folder: str | Path,
        scenario: Any,
        seed: int,
        *,
        hero: str | None = None,
        read: Callable[[Any], Any] | None = None,
    ) -> None:
        if kind not in HANDS_KINDS:
            raise ValueError(f"hand-history kind {kind!r}: expected one of {HANDS_KINDS}")
        self.kind = kind
        # a hand's record for both writers: ``read_hand``, or a reader of the same record from
        # the hand's log rows (``make_record`` of its steps: ``pokersim.outputs``)
        self.read = read or read_hand
        self.folder = Path(folder)
        self.scenario = scenario
        self.seats = scenario.seats_per_table
        self.event = scenario.name
        specs = scenario.players.expand()
        self.names = {spec.player_id: spec.name for spec in specs}
        self.hero_id: int | None = None
        self.players: frozenset[int] = frozenset()  # a HandWatch's: the hero, when one is named
        self.hero = hero
        if hero is not None:
            ids = [pid for pid, nm in self.names.items() if nm == hero]
            if not ids:
                shown = ", ".join(list(self.names.values())[:5])
                raise ValueError(
                    f"--hero {hero}: no player of that name in the field (names such as {shown})"
                )
            self.hero_id = ids[0]
            self.players = frozenset(ids[:1])
        self.tournament = tournament_id(scenario, seed)
        self.start = start_datetime(scenario)
        self.clock = TournamentClock(self.start)
        self.buy_in = buy_in_text(scenario.entries)
        bounty_kind = str(getattr(scenario.bounty.kind, "value", scenario.bounty.kind))
        self.has_bounties = bounty_kind != "none"
        self.progressive = bounty_kind == "pko"
        self.fixed_heads: dict[int, int] = {}
        if bounty_kind in ("fixed", "team"):
            targets = set(scenario.bounty.targets)
            self.fixed_heads = {
                pid: scenario.bounty.amount_cents for pid, nm in self.names.items() if nm in targets
            }
        # Entries at the start are not logged as EntryBought: everyone starts with their bounty.
        per_entry = scenario.entries.bounty_cents if bounty_kind in ("ko", "pko") else 0
        self.heads: dict[int, int] = {
            pid: per_entry + self.fixed_heads.get(pid, 0) for pid in self.names
        }
        self.order = 0
        self.by_table: dict[int, list[Any]] = {}
        self.hero_hands: list[Any] = []
        self.hand_numbers: dict[tuple[int, int], int] = {}
        self.hand_bounties: dict[tuple[int, int], dict[int, int]] = {}
        # Per hand: the players out in it (bounties paid for them, then their place).
        self.finishes: dict[tuple[int, int], dict[int, _FinishBuilder]] = {}
        self.last_hand: dict[int, tuple[int, int]] = {}
        self.current: tuple[int, int] | None = None
        self.latest: dict[int, _FinishBuilder] = {}
        self.winners_seen = 0
        self._clear()
        self.folder.mkdir(parents=True, exist_ok=True)

    # -- input ---------------------------------------------------------------------------

    def on_hand(self, result: Any) -> None:
        """A finished hand (the engine's ``on_hand``): number it and keep it until written.

        With ``hero``, a hand the hero was not dealt in is only counted (the hand numbers are
        the tournament's order) and is the table's last hand (where the winner is written):
        nothing of it is kept, and its bounties and finishes are not collected.
        """
        setup = result.setup
        key = (setup.table_id, setup.hand_no)
        self.order += 1
        self.last_hand[key[0]] = key
        hero = self.hero_id
        if hero is not None and not any(s.player_id == hero for s in setup.seats):
            self.current = None  # no file holds it: its bounties and finishes are not kept
            return
        self.hand_numbers[key] = hand_id(self.tournament, self.order)
        self.current = key  # its bounties are paid before any other hand ends
        if self.has_bounties:
            heads = self.heads
            ids = [s.player_id for s in setup.seats]
            self.hand_bounties[key] = {p: heads[p] for p in ids if heads.get(p)}
        if hero is not None:
            self.hero_hands.append(_Kept(result))
        else:
            self.by_table.setdefault(key[0], []).append(_Kept(result))

    def dealt(self, result: Any, order: int) -> None:
        """A hand the hero was dealt in (the engine's ``watch``), ``order``-th of the run's."""
        self.order = order - 1
        self.on_hand(result)

    def passed(self, table_id: int, hand_no: int, order: int) -> None:
        """Another hand's number (the engine's ``watch``): as ``on_hand`` takes one."""
        self.order = order
        self.last_hand[table_id] = (table_id, hand_no)
        self.current = None  # no file holds it: its bounties and finishes are not kept

    def _builder(self, key: tuple[int, int], player_id: int) -> _FinishBuilder:
        out = self.finishes.setdefault(key, {})
        if player_id not in out:
            out[player_id] = _FinishBuilder(player_id=player_id, place=0)
        return out[player_id]

    def on_event(self, event: Any) -> None:
        """A tournament event (the engine's ``emit``): bounties, finishes, closed tables."""
        if isinstance(event, EntryBought):
            if event.kind in ("entry", "reentry"):
                fixed = self.fixed_heads.get(event.player_id, 0)
                self.heads[event.player_id] = event.bounty_cents + fixed
            else:
                self.heads[event.player_id] = (
                    self.heads.get(event.player_id, 0) + event.bounty_cents
                )
        elif isinstance(event, BountyPaid):
            self.heads[event.eliminated_id] = 0
            if event.winner_id == event.eliminated_id:
                return  # the winner's own bounty (R-KO-1): paid with the prize
            head = self.heads.get(event.winner_id, 0) + event.onto_head_cents
            self.heads[event.winner_id] = head
            if self.current is None:
                return
            self._builder(self.current, event.eliminated_id).bounties.append(
                BountyWin(
                    winner_id=event.winner_id,
                    cash_cents=event.cash_cents,
                    onto_head_cents=event.onto_head_cents,
                    head_after_cents=head,
                )
            )
        elif isinstance(event, PlayerEliminated):
            self._eliminated(event)
        elif isinstance(event, PrizePaid):
            builder = self.latest.get(event.player_id)
            if builder is not None:
                builder.prize_cents = event.prize_cents
        elif isinstance(event, TableBroken):
            self.write_table(event.table_id)

    def _eliminated(self, event: PlayerEliminated) -> None:
        key: tuple[int, int] | None = (event.table_id, event.hand_no)
        winner = False
        if event.hand_no == 0:
            key = None
            if event.place == 1:
                self.winners_seen += 1
                if self.winners_seen == 1:  # the winner, written into the last hand
                    key = self.last_hand.get(event.table_id)
                    winner = True
        if key is None or key not in self.hand_numbers:  # or a hand the hero was not dealt in
            self.latest.pop(event.player_id, None)
            return
        builder = self._builder(key, event.player_id)
        builder.place = event.place
        builder.winner = winner
        self.latest[event.player_id] = builder

    # -- output --------------------------------------------------------------------------

    def _extras(self, result: Any) -> Any:
        from pokersim.history.pokerstars import HandExtras

        key = (result.setup.table_id, result.setup.hand_no)
        out = self.finishes.get(key)
        return HandExtras(
            hand_number=self.hand_numbers.get(key),
            bounties=self.hand_bounties.get(key) if self.has_bounties else None,
            finishes=tuple([b.freeze() for b in out.values()]) if out else (),
            progressive=self.progressive,
        )

    def _number(self, result: Any) -> int | None:
        return self.hand_numbers.get((result.setup.table_id, result.setup.hand_no))

    def _write(self, hands: list[Any], stem: str, header: str) -> None:
        from pokersim.history.phh import hands_to_phhs
        from pokersim.history.pokerstars import hands_to_pokerstars

        records = list(map(self.read, hands))  # read once for both formats
        if self.kind in ("phh", "both"):
            text = hands_to_phhs(
                records,
                names=self.names,
                seat_count=self.seats,
                tournament_id=self.tournament,
                tournament_start=self.start,
                event=self.event,
                hero=self.hero_id,
                hand_number=self._number,
                header=header,
            )
            (self.folder / f"{stem}.phhs").write_text(text, encoding="utf-8")
        if self.kind in ("pokerstars", "both"):
            text = hands_to_pokerstars(
                records,
                names=self.names,
                seat_count=self.seats,
                tournament_id=self.tournament,
                buy_in=self.buy_in,
                tournament_start=self.start,
                hero=self.hero_id,
                extras=self._extras,
            )
            (self.folder / f"{stem}.txt").write_text(text, encoding="utf-8")

    def write_table(self, table_id: int) -> None:
        """Write (and forget) the hands of one table (full view only)."""
        hands = self.by_table.pop(table_id, [])
        if not hands:
            return
        hands.sort(key=lambda r: r.setup.hand_no)
        header = f"{self.event}: tournament {self.tournament}, table {table_id}.\n{FULL_VIEW_NOTE}"
        self._write(hands, f"table-{table_id}", header)
        for r in hands:
            self.finishes.pop((r.setup.table_id, r.setup.hand_no), None)

    def close(self, result: Any) -> list[Path]:
        """Write what is left, the summary and the README; return every file written."""
        for table_id in sorted(self.by_table):
            self.write_table(table_id)
        if self.hero_id is not None and self.hero_hands:
            stem = hero_file_stem(self.hero or "")
            header = (
                f"{self.event}: tournament {self.tournament}, {self.hero}'s view: only their "
                "hole cards are dealt known; the others' are ???? until shown."
            )
            self._write(self.hero_hands, stem, header)
        if self.kind in ("pokerstars", "both"):
            places = [
                SummaryPlace(place=f.place, name=f.name, prize_cents=f.prize_cents)
                for f in result.finishes
                if f.place > 0
            ]
            text = tournament_summary(
                tournament=self.tournament,
                structure=str(getattr(self.scenario.structure, "value", self.scenario.structure)),
                entries_terms=self.scenario.entries,
                entries=result.entries,
                prize_pool_cents=result.prize_pool_cents,
                clock=self.clock,
                duration_seconds=result.duration_seconds,
                places=places,
                hero=self.hero,
            )
            (self.folder / SUMMARY_NAME).write_text(text, encoding="utf-8")
        if self.hero_id is None:
            view = FULL_VIEW_NOTE
        else:
            view = (
                f"{self.hero}'s view: hands {self.hero} was dealt in, with only their hole cards "
                "(the others' appear only when shown at showdown)."
            )
        readme = (
            f"{self.event}, tournament #{self.tournament} ({self.buy_in}), "
            f"started {self.clock.pokerstars(0)}.\n{view}\n"
            "PokerStars text: *.txt (hands) and tournament-summary.txt; PHH: *.phhs "
            "(PokerKit: HandHistory.load_all). See docs/hand-histories.md.\n"
        )
        (self.folder / "README.txt").write_text(readme, encoding="utf-8")
        return sorted(p for p in self.folder.iterdir() if p.is_file())

    def _clear(self) -> None:
        """Remove the files an earlier run wrote here (only the names this class writes)."""
        if not self.folder.is_dir():
            return
        for path in sorted(self.folder.iterdir()):
            if not path.is_file():
                continue
            ours = path.name.startswith(("table-", "hero-")) and path.suffix in (".phhs", ".txt")
            if ours or path.name in (SUMMARY_NAME, "README.txt"):
                path.unlink()
