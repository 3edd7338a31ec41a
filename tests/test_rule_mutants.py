"""The rule cases fail when the rule they pin is broken: a list of small wrong implementations.

Each mutant patches one function of pokersim (in this process, undone after the test) so that
one rule is applied wrongly, and names the case files of ``scenarios/rules/`` that must then
fail (checked through ``pokersim.verify`` as ``pokersim verify`` does). A case that still passes
under its mutant does not pin its rule: strengthen the case, not this list. Add a mutant with
each rule case that is meant to catch a specific mistake.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pokersim import (
    balancing,
    betting,
    bounties,
    cancellation,
    deals,
    entries,
    hand,
    lobby,
    multiday,
    mystery,
    payouts,
    series,
)
from pokersim.actions import CHECK_CALL, FOLD
from pokersim.clock import BreakSchedule, LevelClock
from pokersim.engine import cashier, dealer, endings, floor, incidents, places, setup, upkeep
from pokersim.engine import format as engine_format
from pokersim.engine import lobby as lobby_desk
from pokersim.engine.days import Days
from pokersim.engine.director import Director
from pokersim.engine.format import Format
from pokersim.engine.schedule import Schedule
from pokersim.engine.stages import HandForHand
from pokersim.engine.state import Field
from pokersim.events import BreakEnded
from pokersim.formats import round_stack
from pokersim.scenario import BreakKind
from pokersim.verify import check_case, load_case

RULES_DIR = Path(__file__).resolve().parents[1] / "scenarios" / "rules"


@dataclass(frozen=True)
class Mutant:
    name: str
    target: object  # the module or class holding the attribute
    attr: str
    replacement: Callable[[Any], Any]  # built from the original
    must_fail: tuple[str, ...]  # case files (without .toml) that must fail under it
    any_one: bool = False  # enough that one of them fails (a rule pinned across cases)


def _absent_after_every_timeout(original):
    def resolve(*args, **kwargs):
        out = original(*args, **kwargs)
        return out._replace(absent_after=True) if out.timed_out else out

    return resolve


def _disqualification_held_while_tables_play(original):
    def draw(self, index):
        if self.playing:  # only noted: applied after some table's hand ends
            self.incidents.draw_disqualification(index, self.cashier.stop_at)
            return None
        return original(self, index)

    return draw


def _break_with_a_fixed_draw(original):
    def plan_break(source, others, *, seats_per_table, rng):
        return original(
            source, others, seats_per_table=seats_per_table, rng=np.random.default_rng(0)
        )

    return plan_break


def _odd_chips_to_the_last(original):
    def split(amount, winners):
        return tuple(reversed(original(amount, winners)))

    return split


def _button_stays(original):
    def next_button(occupied, last_button):
        if last_button in occupied:
            return last_button
        return original(occupied, last_button)

    return next_button


def _bounty_to_one_winner(original):
    def split_bounty(amount, winners):
        return (amount,) + (0,) * (winners - 1)

    return split_bounty


def _ties_not_shared(original):
    def split_tied(amounts, first_place, count):
        return tuple(amounts[first_place - 1 + k] if first_place - 1 + k < len(amounts) else 0
                     for k in range(count))  # fmt: skip

    return split_tied


def _breaks_on_the_hour(original):
    def from_breaks(cls, breaks, start_clock):
        return cls.make(
            breaks.kind,
            start_clock=start_clock,
            length_minutes=breaks.length_seconds / 60,
            every_minutes=breaks.every_seconds / 60,
            minute=0,
        )

    return classmethod(from_breaks)


def _pool_of_every_buy_in(original):
    def spin_prizes(buy_in_cents, multiplier, split_percent):
        return original(3 * buy_in_cents, multiplier, split_percent)

    return spin_prizes


def _winner_takes_every_pool(original):
    def spin_prizes(buy_in_cents, multiplier, split_percent):
        return original(buy_in_cents, multiplier, (100,))

    return spin_prizes


def _deal_before_the_old_tables_close(original):
    def form(self):  # the deal asked while the old tables are still open: never at the final
        now = self.now
        _tab, old, events = self.floor.form_final_table(now)
        self.final_at = now
        self.final_formed = True
        self._log(events)
        if self.sc.deal.enabled and not self.cashier.deal_tried:
            self._maybe_deal()
        self._log(self.floor.close_all(old, now))

    return form


def _no_pause(original):
    def pause(self, now, seconds):
        return now

    return pause


def _clock_runs_on(original):
    def paused(self, start, end):
        return self

    return paused


def _round_places_not_shared(original):
    def start_round(self, players, tables, *, shared):
        return original(self, players, tables, shared=False)

    return start_round


def _levels_run_on(original):
    def restart(self, now):
        self.clock_round += 1
        return self.level_started(self.level_at(now), now)

    return restart


def _keep_chips_ignored(original):
    def fresh_round_stack(self, round_no):
        return round_stack(self.round_stacks, round_no, self.starting_stack)

    return fresh_round_stack


_BRACKET = "R-SHOOT-1-heads-up-bracket-shares-places"


def _payouts_ignore_the_table_size(original):
    def default_shares(entries, seats_per_table=payouts.FULL_RING):
        return original(entries, payouts.FULL_RING)

    return default_shares


def _no_next_payout_first(original):
    def next_payout_plus_chips(stacks, remaining_cents, next_payout):
        return original(stacks, remaining_cents, 0)

    return next_payout_plus_chips


def _fees_never_refunded(original):
    def settle_cancellation(stage, stacks, prizes, **kw):
        settled = original(stage, stacks, prizes, **kw)
        return dataclasses.replace(settled, fee_refunds=(0,) * len(stacks))

    return settle_cancellation


def _all_by_chips_before_the_money(original):
    def cancellation_shares(stacks, remaining_cents, **kw):
        if kw.get("policy") == "equal-plus-chips":
            kw["policy"] = "chips"
        return original(stacks, remaining_cents, **kw)

    return cancellation_shares


def _heads_kept_on_cancel(original):
    def return_heads(self, players):
        self.close()
        return ()

    return return_heads


def _ladder_skips_the_warning(original):
    def step_of(ladder, infraction):
        return original(ladder, infraction + 1)

    return step_of


def _confiscate_all(original):
    def confiscated_cents(prize_cents, conduct):
        return prize_cents

    return confiscated_cents


def _chips_removed_rounded_up(original):
    def chips_to_remove(stack, percent):
        return -(-stack * percent // 100)

    return chips_to_remove


def _missed_hand_played(original):
    def sitting_out_action(legal, others_all_in):
        return CHECK_CALL

    return sitting_out_action


def _cancel_ignored(original):
    def plan_lobby(reg, terms, names, late, seed):
        return dataclasses.replace(original(reg, terms, names, late, seed), cancelled=False)

    return plan_lobby


def _ante_before_blind(original):
    def big_blind_and_ante(stack, big_blind, ante):
        paid_ante = min(ante, stack)
        return min(big_blind, stack - paid_ante), paid_ante

    return big_blind_and_ante


def _one_pot(original):
    def build_pots(contributions, live, dead=0):
        eligible = tuple(i for i in range(len(contributions)) if live[i])
        return [(sum(contributions) + dead, eligible)], [0] * len(contributions)

    return build_pots


def _leftover_cents_to_last(original):
    def prize_amounts(pool_cents, shares):
        amounts = [pool_cents * share // sum(shares) for share in shares]
        amounts[-1] += pool_cents - sum(amounts)
        return tuple(amounts)

    return prize_amounts


def _seats_drawn_without_the_seed(original):
    def draw_seats(players, seats_per_table, rng):
        return original(players, seats_per_table, np.random.default_rng(0))

    return draw_seats


def _interval_breaks_on_the_clock(original):
    def make(cls, kind, **kw):
        if BreakKind(kind) is BreakKind.INTERVAL:
            kind = BreakKind.CLOCK
        return original(cls, kind, **kw)

    return classmethod(make)


def _no_addon_break(original):
    def addon_break(self, now):
        events, _end = original(self, now)
        return events, now

    return addon_break


def _level_ends_not_cumulative(original):
    def make(cls, levels, breaks):
        clock = original(cls, levels, breaks)
        own = tuple(int(round(level.minutes * 60)) for level in levels)
        return dataclasses.replace(clock, ends=own)

    return classmethod(make)


def _first_button_at_the_last_seat(original):
    def next_button(occupied, last_button):
        if last_button is None:
            return max(occupied)
        return original(occupied, last_button)

    return next_button


def _final_table_one_player_late(original):
    def final_due(self):
        return original(self) and self.field.remaining < self.sc.final_table_size

    return final_due


def _disconnected_not_away(original):
    def all_away(self, tab, now):
        return all(self.absent[p] for p in tab.seats.values())

    return all_away


def _smallest_stack_advances(original):
    def advancing_player(stacks):
        return min(stacks, key=lambda p: (stacks[p], p))

    return advancing_player


class _FirstFreeSeat:
    """A draw that always picks the first candidate: the free seats taken in order."""

    def integers(self, high):
        return 0


def _break_seats_in_order(original):
    def plan_break(source, others, *, seats_per_table, rng):
        return original(source, others, seats_per_table=seats_per_table, rng=_FirstFreeSeat())

    return plan_break


def _raise_by_a_big_blind(original):
    def min_raise_to(to_match, largest_increment, big_blind):
        return to_match + big_blind

    return min_raise_to


def _raise_doubles_the_price(original):
    def min_raise_to(to_match, largest_increment, big_blind):
        return max(2 * to_match, to_match + big_blind)

    return min_raise_to


def _short_all_in_reopens(original):
    def reopened(faced, to_match, largest_increment):
        return faced < 0 or to_match > faced

    return reopened


def _never_reopened(original):
    def reopened(faced, to_match, largest_increment):
        return faced < 0

    return reopened


def _forfeit_to_first(original):
    def redistribute_forfeited_prize(prizes, place, cents=None):
        out = list(prizes)
        taken = out[place - 1] if cents is None else cents
        out[place - 1] -= taken
        out[0] += taken
        return tuple(out)

    return redistribute_forfeited_prize


def _chip_chop_without_the_next_payout(original):
    def chip_chop(stacks, prizes, **kw):
        dealt = original(stacks, prizes, **kw)
        return dataclasses.replace(dealt, amounts=deals.apportion_cents(dealt.divided, stacks))

    return chip_chop


def _leftover_cents_to_the_big_stacks(original):
    def apportion_cents(total, weights, *, stacks=None):
        base = [total * w // sum(weights) for w in weights]
        ties = stacks if stacks is not None else [0] * len(base)
        for i in sorted(range(len(base)), key=lambda i: (-ties[i], i))[: total - sum(base)]:
            base[i] += 1
        return tuple(base)

    return apportion_cents


def _satellite_played_to_one_winner(original):
    def satellite_table(self, pool_cents, players):
        table = original(self, pool_cents, players)
        return table and dataclasses.replace(table, stop_at=1)

    return satellite_table


def _failure_rolls_back_one_table(original):
    def server_failure(self, playing, now, *, cancel):
        return original(self, sorted(playing)[:1], now, cancel=cancel)

    return server_failure


def _failed_hands_play_on(original):
    def server_failure(self, playing, now, *, cancel):
        failed = original(self, playing, now, cancel=cancel)
        self.rollback.difference_update(failed.tables_rolled_back)
        return failed

    return server_failure


def _voided_hand_ends_where_it_would(original):
    def end_now(self, table_id):
        hands = self.env.hands
        if table_id >= len(hands.at):
            return None
        at, seq = hands.at[table_id], hands.seq[table_id]
        event = original(self, table_id)  # taken off and put back due now ...
        if event is not None:
            hands.take(table_id)
            hands.push(table_id, at, seq)  # ... and back where it was
        return event

    return end_now


def _voided_hands_time_outs_logged(original):
    def rolled_back(self, tab, result, now):
        kept = self.hand_timeouts.get(tab.table_id)
        event = original(self, tab, result, now)
        if kept is not None:
            self.hand_timeouts[tab.table_id] = kept  # logged with the rollback, as before
        return event

    return rolled_back


def _break_end_ignores_an_outage(original):
    def restart(self, break_index):
        if break_index is not None:
            self._log([BreakEnded(t=self.now, break_index=break_index)])
        return original(self, None)

    return restart


def _woken_tables_deal_in_an_outage(original):
    def hands_in_progress(self):
        ends = original(self)
        for tid, tab in self.floor.tables.items():
            if tab.playing and tid not in ends:
                tab.recheck = False
        return ends

    return hands_in_progress


def _winner_bounty_kept(original):
    def award_winner(self, player):
        self.close()

    return award_winner


def _reentry_without_the_fee(original):
    def price(self, kind):
        prize, bounty, fee, chips = original(self, kind)
        return prize, bounty, 0 if kind is entries.BuyKind.REENTRY else fee, chips

    return price


def _removed_chips_still_counted(original):
    def take_out_of_play(self, p, chips):
        self.stack[p] -= chips

    return take_out_of_play


def _stop_a_level_early(original):
    def over(self, now):
        end = self.day_end
        if end is None or not end.stop_at_level:
            return False
        return now >= self.schedule.levels.start_of(end.stop_at_level - 1)

    return over


def _stop_below_the_count(original):
    def due(self, now):
        end = self.day_end
        if end is None:
            return False
        if self.field.remaining < end.stop_at_players_left:
            return True
        return self._day_over_by_level(now)

    return due


def _carry_the_first_bag(original):
    def carried(bags, rule):
        first = min(bags, key=lambda b: b.flight)
        return first, tuple(b for b in bags if b is not first)

    return carried


def _seats_in_player_order(original):
    def start_draw(self, players):
        draw = original(self, players)
        ordered = iter(sorted(p for seats in draw for p in seats.values()))
        return [{s: next(ordered) for s in sorted(seats)} for seats in draw]

    return start_draw


def _phase_open_from_the_start(original):
    def phase_reached(terms, *, players_left, places_paid, level, entries_closed):
        return True

    return phase_reached


def _phase_judged_after_the_hand(original):
    def phase_reached(terms, *, players_left, places_paid, level, entries_closed):
        return original(
            terms,
            players_left=players_left - 1,
            places_paid=places_paid,
            level=level,
            entries_closed=entries_closed,
        )

    return phase_reached


def _envelope_drawn_with_replacement(original):
    def knockout(self, eliminated, winners):
        winners = self._take_out(eliminated, winners)
        if not self.phase_open or not self._envelopes:
            return ()
        cents = self._envelopes[int(self._rng.integers(len(self._envelopes)))]
        return self._open(eliminated, cents, winners, "knockout")  # left in the pile

    return knockout


def _envelopes_as_published(original):
    def fill_envelopes(published, pool_cents):
        return tuple(published)

    return fill_envelopes


def _envelopes_left_unopened(original):
    def award_winner(self, player):
        self._fill()
        self._finished = True

    return award_winner


MUTANTS = [
    Mutant(
        "R-SAT-1: winners are not seated in a target already under way (only before its start)",
        series,
        "registration_time",
        lambda original: lambda end, start, late: 0 if end <= start else None,
        ("R-SAT-1-winners-seated-in-open-target",),
    ),
    Mutant(
        "R-SAT-1: winners are registered when the target's late registration ends, not at once",
        series,
        "registration_time",
        lambda original: lambda end, start, late: late if end - start < late else None,
        ("R-SAT-1-winners-seated-in-open-target", "R-SAT-1-winners-registered-before-target-start"),
    ),
    Mutant(
        "R-REG-4: the fee is kept when a player unregisters",
        lobby,
        "unregistration_refund_cents",
        lambda original: lambda terms: terms.prize_cents + terms.bounty_cents,
        (
            "R-REG-4-unregister-before-deadline-refunded",
            "R-REG-4-unregister-after-deadline-refused",
        ),
    ),
    Mutant(
        "R-REG-4: nobody may unregister (every request refused)",
        lobby,
        "may_unregister",
        lambda original: lambda t, deadline_seconds: False,
        ("R-REG-4-unregister-before-deadline-refunded", "R-REG-4-delayed-start"),
    ),
    Mutant(
        "R-REG-4: the deadline is ignored (granted until the start)",
        lobby,
        "may_unregister",
        lambda original: lambda t, deadline_seconds: t < 0,
        ("R-REG-4-unregister-after-deadline-refused",),
    ),
    Mutant(
        "R-REG-4: a delayed start plays from the scheduled clock",
        setup,
        "start_clock",
        lambda original: lambda scenario, plan: scenario.start_seconds,
        ("R-REG-4-delayed-start",),
    ),
    Mutant(
        "R-REG-4: a cancellation before the start is ignored (the tournament is played)",
        lobby_desk,
        "plan_lobby",
        _cancel_ignored,
        ("R-REG-4-cancelled-before-start",),
    ),
    Mutant(
        "R-REG-4: a cancellation before the start keeps the fees",
        lobby_desk,
        "cancellation_before_start_refunds",
        lambda original: lambda terms, players: tuple(terms.prize_cents for _ in players),
        (
            "R-REG-4-cancelled-before-start",
            "R-FAULT-2-before-the-start-refunds-every-buy-in-and-fee",
        ),
    ),
    Mutant(
        "R-BLIND-2: the player who matched every all-in is still asked",
        betting,
        "_matched",
        lambda original: lambda bets, folded, bet: False,
        (
            "R-BLIND-2-heads-up-short-big-blind",
            "R-BLIND-2-three-handed-button-folds",
            "R-BLIND-2-multiway-side-pot",
            "R-DIS-2-sitting-out-keeps-hand-when-others-all-in",
        ),
    ),
    Mutant(
        "R-BAL-1: a broken table's seats chosen without the seed",
        floor,
        "plan_break",
        _break_with_a_fixed_draw,
        # the same break under two seeds: a draw that ignores the seed fails at least one
        ("R-BAL-1-broken-table-seats-drawn-seed-3", "R-BAL-1-broken-table-seats-drawn-seed-5"),
        any_one=True,
    ),
    Mutant(
        "R-DIS-1: a disconnected player who times out is marked absent too",
        incidents,
        "resolve_decision",
        _absent_after_every_timeout,
        ("R-DIS-1-disconnected-player-is-not-marked-absent",),
    ),
    Mutant(
        "R-DIS-2: a sitting-out player checks when checking is free",
        dealer,
        "sitting_out_action",
        lambda original: lambda legal, others: CHECK_CALL if legal.to_call == 0 else FOLD,
        ("R-DIS-2-sitting-out-folds-when-check-is-free",),
    ),
    Mutant(
        "R-HAND-5: odd chips to the last winners from the button's left",
        hand,
        "split",
        _odd_chips_to_the_last,
        ("R-HAND-5-three-way-split-odd-chips",),
    ),
    Mutant(
        "R-BTN-1: the button does not move",
        floor,
        "next_button",
        _button_stays,
        (
            "R-BTN-1-moving-button-skipped-blind",
            "R-BAL-1-table-broken-big-blind-due",
            "R-BET-1-fixed-limit-cap",
            "R-BTN-2-heads-up-after-small-blind-busts",
            "R-BTN-2-heads-up-button-posts-small-blind",
            "R-COND-1-at-hand",
            "R-COND-1-forfeit-tops-up-paid-places",
        ),
    ),
    Mutant(
        "R-KO-3: a split bounty goes whole to one winner",
        bounties,
        "split_bounty",
        _bounty_to_one_winner,
        ("R-KO-3-pko-split-bounty-odd-cent",),
    ),
    Mutant(
        "R-ELIM-2: equal stacks out together do not share their places' prizes",
        places,
        "split_tied",
        _ties_not_shared,
        (
            "R-ELIM-2-equal-stacks-share-places",
            "R-SYNC-2-two-tables-equal-stacks",
        ),
    ),
    Mutant(
        "R-BRK-1: clock breaks on the hour instead of at :55",
        BreakSchedule,
        "from_breaks",
        _breaks_on_the_hour,
        (
            "R-BRK-1-break-at-55",
            "R-BRK-1-break-waits-for-a-long-hand",
        ),
    ),
    Mutant(
        "R-HAND-6: a player out of time always folds",
        betting,
        "timed_out_action",
        lambda original: lambda to_call: FOLD,
        ("R-HAND-6-timeout-checks-when-free",),
    ),
    Mutant(
        "R-HAND-6: a player out of time always checks or calls",
        betting,
        "timed_out_action",
        lambda original: lambda to_call: CHECK_CALL,
        (
            "R-HAND-6-timeout-folds-or-checks",
            "R-DIS-1-time-bank-then-timeout",
            "R-DIS-2-disconnected-player-times-out",
        ),
    ),
    Mutant(
        "R-HAND-3: no uncalled bet is returned after a betting round",
        hand,
        "uncalled",
        lambda original: lambda bets: (-1, 0),
        (
            "R-HAND-3-uncalled-bet-returned",
            "R-COND-2-chips-move-only-through-pots",
        ),
    ),
    Mutant(
        "R-ANTE-1: the big blind posts the table ante before the blind",
        hand,
        "big_blind_and_ante",
        _ante_before_blind,
        ("R-ANTE-1-big-blind-ante-short",),
    ),
    Mutant(
        "R-HAND-4: no side pots, every live player can win every chip",
        hand,
        "build_pots",
        _one_pot,
        (
            "R-HAND-4-side-pots",
            "R-KO-2-seed-example",
        ),
    ),
    Mutant(
        "R-MONEY-1: the cents left over by truncation go to the last paid place",
        entries,
        "prize_amounts",
        _leftover_cents_to_last,
        (
            "R-MONEY-1-truncate-to-the-cent",
            "R-ELIM-2-unequal-stacks",
            "R-SYNC-1-two-tables-unequal-stacks",
        ),
    ),
    Mutant(
        "R-KO-1: a progressive knockout pays the whole bounty in cash",
        bounties,
        "pko_halves",
        lambda original: lambda share: (share, 0),
        ("R-KO-1-pko-half-cash-half-bounty",),
    ),
    Mutant(
        "R-SEAT-1: seats drawn without the run's seed",
        floor,
        "draw_seats",
        _seats_drawn_without_the_seed,
        ("R-SEAT-1-seats-drawn-from-the-seed",),
    ),
    Mutant(
        "R-BAL-2: balancing moves ignore the position",
        floor,
        "plan_balance",
        lambda original: (
            lambda *a, **k: original(*a, **{**k, "policy": balancing.BalancePolicy.TDA})
        ),
        ("R-BAL-2-balance-keeps-position",),
    ),
    Mutant(
        "F-SPIN-1: the multiplier applied to the three buy-ins together",
        engine_format,
        "spin_prizes",
        _pool_of_every_buy_in,
        ("F-SPIN-1-pool-is-buy-in-times-multiplier", "F-SPIN-2-split-at-25x-to-the-cent"),
    ),
    Mutant(
        "F-SPIN-2: a high multiplier's pool goes whole to the winner",
        engine_format,
        "spin_prizes",
        _winner_takes_every_pool,
        ("F-SPIN-2-split-at-25x-to-the-cent", "F-SPIN-2-split-at-10x-pays-two"),
    ),
    Mutant(
        "F-MYST-1: knockouts pay an envelope before the bounty phase",
        mystery,
        "phase_reached",
        _phase_open_from_the_start,
        ("F-MYST-1-no-bounty-before-the-phase",),
    ),
    Mutant(
        "F-MYST-1: the phase judged on the players left after the hand's eliminations",
        mystery,
        "phase_reached",
        _phase_judged_after_the_hand,
        ("F-MYST-1-no-bounty-before-the-phase",),
    ),
    Mutant(
        "F-MYST-2: an envelope drawn stays in the pile (drawn with replacement)",
        mystery.MysteryLedger,
        "knockout",
        _envelope_drawn_with_replacement,
        ("F-MYST-2-each-envelope-drawn-once",),
    ),
    Mutant(
        "F-MYST-3: a split envelope's odd cent goes to the last winner",
        mystery,
        "split_bounty",
        _odd_chips_to_the_last,
        ("F-MYST-3-split-knockout-splits-the-envelope",),
    ),
    Mutant(
        "F-MYST-4: the envelopes are filled as published, whatever was collected",
        mystery,
        "fill_envelopes",
        _envelopes_as_published,
        ("F-MYST-4-envelopes-hold-the-pool-to-the-cent",),
    ),
    Mutant(
        "F-MYST-4: the envelopes left at the end are not opened by the winner",
        mystery.MysteryLedger,
        "award_winner",
        _envelopes_left_unopened,
        ("F-MYST-4-envelopes-hold-the-pool-to-the-cent", "F-MYST-1-no-bounty-before-the-phase"),
    ),
    Mutant(
        "R-DEAL-2: play goes on while a deal is negotiated",
        Schedule,
        "pause",
        _no_pause,
        ("R-DEAL-2-negotiation-pauses-the-clock",),
    ),
    Mutant(
        "R-DEAL-2: the level clock runs on during the negotiation",
        LevelClock,
        "paused",
        _clock_runs_on,
        ("R-DEAL-2-negotiation-pauses-the-clock",),
    ),
    Mutant(
        "R-SHOOT-1: players out in the same round are ranked by elimination, not sharing",
        places.Places,
        "start_round",
        _round_places_not_shared,
        (_BRACKET, "R-SHOOT-1-keep-chips"),
    ),
    Mutant(
        "R-SHOOT-1: winners keep the chips they won (no new stack)",
        Format,
        "fresh_round_stack",
        lambda original: lambda self, round_no: None,
        ("R-SHOOT-1-stacks-and-levels-reset-each-round", "R-SHOOT-1-round-stacks-per-round"),
    ),
    Mutant(
        "R-SHOOT-1: the levels run on into a new round",
        Schedule,
        "restart",
        _levels_run_on,
        ("R-SHOOT-1-stacks-and-levels-reset-each-round", "R-SHOOT-1-round-stacks-per-round"),
    ),
    Mutant(
        "R-SHOOT-1: keep_chips ignored (every round reset)",
        Format,
        "fresh_round_stack",
        _keep_chips_ignored,
        ("R-SHOOT-1-keep-chips",),
    ),
    Mutant(
        "R-SHOOT-1: every round at the starting stack whatever round_stacks says",
        engine_format,
        "round_stack",
        lambda original: lambda round_stacks, round_no, starting_stack: starting_stack,
        ("R-SHOOT-1-round-stacks-per-round",),
    ),
    Mutant(
        "R-PAY-1: the built-in payouts ignore the table size (every table pays as 9-max)",
        payouts,
        "default_shares",
        _payouts_ignore_the_table_size,
        (
            "R-PAY-1-six-max-pays-four-of-eighteen",
            "R-PAY-1-heads-up-field-of-eight-pays-the-winner",
        ),
    ),
    Mutant(
        "R-FAULT-2: in the money, no lowest unawarded prize first (all by chips)",
        cancellation,
        "_next_payout_plus_chips",
        _no_next_payout_first,
        ("R-FAULT-2-in-the-money-next-payout-first-pko-heads-returned",),
    ),
    Mutant(
        "R-FAULT-2: a cancellation never refunds a fee",
        cancellation,
        "settle_cancellation",
        _fees_never_refunded,
        ("R-FAULT-2-before-the-money-half-equal-half-chips-fees-back",),
    ),
    Mutant(
        "R-FAULT-2: before the money, all by chips (no equal half)",
        cancellation,
        "cancellation_shares",
        _all_by_chips_before_the_money,
        ("R-FAULT-2-before-the-money-half-equal-half-chips-fees-back",),
    ),
    Mutant(
        "R-FAULT-2: the bounties stay on the heads of a cancelled tournament",
        bounties.BountyLedger,
        "return_heads",
        _heads_kept_on_cancel,
        ("R-FAULT-2-in-the-money-next-payout-first-pko-heads-returned",),
    ),
    Mutant(
        "R-FAULT-2: a cancellation before the start by stage is ignored (the tournament is played)",
        lobby_desk,
        "cancelled_by_stage",
        lambda original: lambda faults: False,
        ("R-FAULT-2-before-the-start-refunds-every-buy-in-and-fee",),
    ),
    Mutant(
        "R-FAULT-2: a cancellation before the start keeps the bounty parts",
        lobby_desk,
        "cancellation_before_start_refunds",
        lambda original: (
            lambda terms, players: tuple(terms.prize_cents + terms.fee_cents for _ in players)
        ),
        ("R-FAULT-2-before-the-start-refunds-every-buy-in-and-fee",),
    ),
    Mutant(
        "R-COND-3: the ladder skips the warning",
        incidents,
        "step_of",
        _ladder_skips_the_warning,
        ("R-COND-3-ladder-steps-in-order",),
    ),
    Mutant(
        "R-COND-3: a missed hand is played",
        dealer,
        "sitting_out_action",
        _missed_hand_played,
        (
            "R-COND-3-ladder-steps-in-order",
            "R-DIS-2-absent-player-posts-and-folds",
        ),
    ),
    Mutant(
        "R-COND-3: all confiscated when part is configured",
        upkeep,
        "confiscated_cents",
        _confiscate_all,
        ("R-COND-3-partial-confiscation",),
    ),
    Mutant(
        "R-COND-3: chips removed rounded up",
        upkeep,
        "chips_to_remove",
        _chips_removed_rounded_up,
        ("R-COND-3-chips-removed-from-play",),
    ),
    Mutant(
        "R-BRK-2: interval breaks kept on the clock's :55",
        BreakSchedule,
        "make",
        _interval_breaks_on_the_clock,
        ("R-BRK-2-interval-breaks",),
    ),
    Mutant(
        "R-BRK-3: no add-on break (play resumes as soon as the add-ons are bought)",
        cashier.Cashier,
        "addon_break",
        _no_addon_break,
        ("R-BRK-3-addon-break",),
    ),
    Mutant(
        "R-STRUCT-1: each level's end counted from the start, not after the levels before it",
        LevelClock,
        "make",
        _level_ends_not_cumulative,
        ("R-STRUCT-1-levels-as-scheduled",),
    ),
    Mutant(
        "R-SEAT-2: the first button at the last occupied seat",
        floor,
        "next_button",
        _first_button_at_the_last_seat,
        ("R-SEAT-2-button-at-seat-1",),
    ),
    Mutant(
        "R-BAL-3: the final table formed only once the field is smaller than a table",
        endings.Endings,
        "_final_due",
        _final_table_one_player_late,
        ("R-BAL-3-final-table",),
    ),
    Mutant(
        "R-DIS-4: a disconnected player does not count as away (only the absent do)",
        incidents.Incidents,
        "all_away",
        _disconnected_not_away,
        ("R-DIS-4-everyone-away-ends-the-match",),
    ),
    Mutant(
        "R-DIS-4: the smallest stack advances from an abandoned match",
        upkeep,
        "advancing_player",
        _smallest_stack_advances,
        ("R-DIS-4-everyone-away-ends-the-match",),
    ),
    Mutant(
        "R-BAL-1: a broken table's players take the first free seats (no draw)",
        floor,
        "plan_break",
        _break_seats_in_order,
        ("R-BAL-1-broken-table-seats-drawn-seed-3", "R-BAL-1-broken-table-seats-drawn-seed-5"),
    ),
    Mutant(
        "R-HAND-1: a raise need only add a big blind (not the largest raise of the round)",
        betting,
        "min_raise_to",
        _raise_by_a_big_blind,
        ("R-HAND-1-min-raise",),
    ),
    Mutant(
        "R-HAND-1: a raise must at least double the price",
        betting,
        "min_raise_to",
        _raise_doubles_the_price,
        ("R-HAND-1-min-raise",),
    ),
    Mutant(
        "R-HAND-2: a short all-in reopens the betting",
        betting,
        "reopened",
        _short_all_in_reopens,
        ("R-HAND-2-short-allin-does-not-reopen",),
    ),
    Mutant(
        "R-HAND-2: short all-ins never add up (no raise once a player has acted)",
        betting,
        "reopened",
        _never_reopened,
        ("R-HAND-2-short-allins-add-up-to-reopen",),
    ),
    Mutant(
        "R-BLIND-1: a short big blind lowers the price of the hand",
        hand,
        "preflop_price",
        lambda original: lambda big_blind, posted: posted,
        ("R-BLIND-1-short-big-blind",),
    ),
    Mutant(
        "R-COND-1: a disqualified player is ranked above the lowest open place",
        places.Places,
        "lowest_open",
        lambda original: lambda self: original(self) - 1,
        ("R-COND-1-disqualified-player",),
    ),
    Mutant(
        "R-COND-1: a disqualified player's chips are still counted in play",
        Field,
        "take_out_of_play",
        _removed_chips_still_counted,
        ("R-COND-1-disqualified-player", "R-COND-3-chips-removed-from-play"),
    ),
    Mutant(
        "R-COND-1: a forfeited prize goes whole to first place",
        cancellation,
        "redistribute_forfeited_prize",
        _forfeit_to_first,
        ("R-COND-1-forfeited-prize", "R-COND-1-forfeit-tops-up-paid-places"),
    ),
    Mutant(
        "R-DEAL-1: a chip-chop shares everything by chips (no next payout first)",
        deals,
        "chip_chop",
        _chip_chop_without_the_next_payout,
        ("R-DEAL-1-chip-chop",),
    ),
    Mutant(
        "R-DEAL-1: a deal's leftover cents go to the biggest stacks, not the biggest fractions",
        deals,
        "apportion_cents",
        _leftover_cents_to_the_big_stacks,
        ("R-DEAL-1-chip-chop",),
    ),
    Mutant(
        "R-ELIM-1: play stops heads-up (the last two never play it out)",
        endings.Endings,
        "_play_over",
        lambda original: lambda self: self.field.remaining <= max(self.cashier.stop_at, 2),
        ("R-ELIM-1-one-player-holds-every-chip",),
    ),
    Mutant(
        "R-ELIM-1: a satellite plays on until one player holds every chip",
        Format,
        "satellite_table",
        _satellite_played_to_one_winner,
        ("R-ELIM-1-satellite-equal-prizes",),
    ),
    Mutant(
        "R-FAULT-1: a server failure rolls back the hand of one table only",
        incidents.Incidents,
        "server_failure",
        _failure_rolls_back_one_table,
        ("R-FAULT-1-server-crash-rolls-back-every-table",),
    ),
    Mutant(
        "R-FAULT-1: the hands in progress at a server failure play on",
        incidents.Incidents,
        "server_failure",
        _failed_hands_play_on,
        ("R-FAULT-1-server-crash-rolls-back-every-table",),
    ),
    Mutant(
        "R-DEAL-1: no deal offered as the final table forms (only after its first hand)",
        upkeep.Upkeep,
        "_form_final_table",
        _deal_before_the_old_tables_close,
        ("R-DEAL-1-offered-as-the-final-table-forms",),
    ),
    Mutant(
        "R-COND-1: a disqualification waits for a hand to end while other tables play",
        upkeep.Upkeep,
        "_draw_disqualification",
        _disqualification_held_while_tables_play,
        ("R-COND-1-placed-at-the-moment",),
    ),
    Mutant(
        "R-COND-1: a disqualification that would leave one player is dropped",
        incidents.Incidents,
        "due_by_hands",
        lambda original: lambda self, hands, stop_at: original(self, hands, stop_at + 1),
        ("R-COND-1-heads-up-disqualification-ends-play",),
    ),
    Mutant(
        "R-FAULT-1: the button moves on past a voided hand",
        floor.Floor,
        "button_back",
        lambda original: lambda self, tab: None,
        ("R-FAULT-1-server-crash-rolls-back-every-table",),
    ),
    Mutant(
        "R-FAULT-1: a voided hand's end stays where the hand would have ended",
        Director,
        "_end_now",
        _voided_hand_ends_where_it_would,
        ("R-FAULT-1-rolled-back-when-the-server-fails",),
    ),
    Mutant(
        "R-FAULT-1: the time bank drawn on in a voided hand stays drawn",
        incidents.Incidents,
        "hand_starting",
        lambda original: lambda self, tab: None,
        ("R-FAULT-1-rolled-back-when-the-server-fails",),
    ),
    Mutant(
        "R-FAULT-1: the time-outs of a voided hand are logged",
        incidents.Incidents,
        "rolled_back",
        _voided_hands_time_outs_logged,
        ("R-FAULT-1-rolled-back-when-the-server-fails",),
    ),
    Mutant(
        "R-FAULT-1: play resumes at a break's end during an outage",
        Director,
        "_restart",
        _break_end_ignores_an_outage,
        ("R-FAULT-1-outage-outlasts-a-break",),
    ),
    Mutant(
        "R-FAULT-1: a table about to deal when the server fails deals in the outage",
        endings.Endings,
        "_hands_in_progress",
        _woken_tables_deal_in_an_outage,
        ("R-FAULT-1-failure-as-play-resumes",),
    ),
    Mutant(
        "R-KO-4: the winner does not receive their own bounty",
        bounties.BountyLedger,
        "award_winner",
        _winner_bounty_kept,
        ("R-KO-4-winner-receives-own-bounty",),
    ),
    Mutant(
        "R-REG-1: registration stays open after the first elimination",
        entries.EntryBook,
        "close_registration",
        lambda original: lambda self: None,
        ("R-REG-1-closes-at-first-elimination",),
    ),
    Mutant(
        "R-REG-2: a busted player may not re-enter",
        entries.EntryBook,
        "can_reenter",
        lambda original: lambda self, player, now: False,
        ("R-REG-2-reentry", "R-REG-1-closes-at-first-elimination"),
    ),
    Mutant(
        "R-REG-2: a re-entry is sold without the fee",
        entries.EntryBook,
        "price",
        _reentry_without_the_fee,
        ("R-REG-2-reentry",),
    ),
    Mutant(
        "R-REG-3: the guarantee is ignored (no overlay)",
        entries,
        "prize_pool_cents",
        lambda original: lambda collected, guarantee=0: collected,
        ("R-REG-3-guarantee-overlay",),
    ),
    Mutant(
        "R-BET-1: fixed-limit betting capped at one bet and four raises",
        betting,
        "FIXED_LIMIT_BETS",
        lambda original: original + 1,
        ("R-BET-1-fixed-limit-cap",),
    ),
    Mutant(
        "R-DIS-3: no disconnect protection (a disconnected player gets no extra time)",
        incidents.Incidents,
        "protection_seconds",
        lambda original: lambda self, places_paid: 0.0,
        ("R-DIS-3-disconnect-protection",),
    ),
    Mutant(
        "R-SYNC-1: no hand-for-hand play near the money",
        HandForHand,
        "wanted",
        lambda original: lambda self, remaining, tables: False,
        ("R-SYNC-1-two-tables-unequal-stacks", "R-SYNC-2-two-tables-equal-stacks"),
    ),
    Mutant(
        "F-FLIGHT-1: a flight bags at the end of the level before its stop level",
        Days,
        "_day_over_by_level",
        _stop_a_level_early,
        ("F-FLIGHT-1-bag-at-the-end-of-the-level",),
    ),
    Mutant(
        "F-FLIGHT-1: a flight plays on until fewer players than the count are left",
        Days,
        "_day_due",
        _stop_below_the_count,
        ("F-FLIGHT-1-bag-at-players-left",),
    ),
    Mutant(
        "F-FLIGHT-2: a player who bags twice carries the first bag, not the best",
        multiday,
        "carried_bag",
        _carry_the_first_bag,
        ("F-FLIGHT-2-best-stack-carries",),
    ),
    Mutant(
        "F-FLIGHT-3: day 2 starts again at level 1",
        multiday,
        "day_two_level",
        lambda original: lambda reached, levels: 0,
        ("F-FLIGHT-3-day-two-redraws-seats", "F-FLIGHT-1-bag-at-players-left"),
    ),
    Mutant(
        "F-FLIGHT-3: seats are given in player order, not drawn",
        floor.Floor,
        "start_draw",
        _seats_in_player_order,
        ("F-FLIGHT-3-day-two-redraws-seats",),
    ),
    Mutant(
        "F-FLIGHT-4: day 2's payout table follows its own players, not the event's entries",
        entries.EntryBook,
        "carry",
        lambda original: lambda self, count, prize_cents: original(self, self.players, prize_cents),
        ("F-FLIGHT-4-prize-pool-sums-flights",),
    ),
    Mutant(
        "F-FLIGHT-4: day 2's pool is its own players' buy-ins, not every flight's",
        entries.EntryBook,
        "carry",
        lambda original: (
            lambda self, count, prize_cents: original(
                self, count, self.players * self.terms.prize_cents
            )
        ),
        ("F-FLIGHT-4-prize-pool-sums-flights",),
    ),
]


@pytest.mark.parametrize(
    "mutant", MUTANTS, ids=[m.name.split(":")[0] + "-" + m.attr for m in MUTANTS]
)
def test_rule_cases_fail_under_their_mutant(
    mutant: Mutant, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each listed case passes as shipped (tests/test_rules_scenarios.py) and fails here.

    The betting rules are mutated in their Python reference (``betting``, ``hand``, ``pots``),
    so the cases play their hands there; the compiled machine is held to that reference by
    tests/test_betting_kernel.py and tests/test_pot_kernel.py.
    """
    monkeypatch.setattr(dealer.Dealer, "compiled", False)
    original = getattr(mutant.target, mutant.attr)
    if isinstance(mutant.target, type):  # a method as defined (a classmethod's function)
        defined = mutant.target.__dict__[mutant.attr]
        original = getattr(defined, "__func__", defined)
    monkeypatch.setattr(mutant.target, mutant.attr, mutant.replacement(original))
    still_pass = []
    for name in mutant.must_fail:
        path = RULES_DIR / f"{name}.toml"
        assert path.is_file(), f"no case {name}"
        if check_case(load_case(path)).passed:
            still_pass.append(name)
    if mutant.any_one:
        assert len(still_pass) < len(mutant.must_fail), f"{mutant.name}: every case passes"
    else:
        assert not still_pass, f"{mutant.name}: these cases still pass: {still_pass}"


#: Cases that no mutant is known to fail yet; the list only shrinks (each needs a mutant above).
WITHOUT_MUTANT: frozenset[str] = frozenset()


def test_every_case_is_pinned_by_a_mutant() -> None:
    """Every case of scenarios/rules/ is named, alone, by a mutant it must fail under.

    The parametrized test above proves each named case fails; this one keeps new cases from
    slipping in without a mutant, and old exceptions from staying listed once covered.
    """
    named = {name for m in MUTANTS if not m.any_one for name in m.must_fail}
    cases = {path.stem for path in RULES_DIR.glob("*.toml")}
    missing = sorted(cases - named - WITHOUT_MUTANT)
    assert not missing, f"cases no mutant is known to fail: {missing}"
    stale = sorted(WITHOUT_MUTANT & named)
    assert not stale, f"these have a mutant now; take them off WITHOUT_MUTANT: {stale}"
    unknown = sorted(WITHOUT_MUTANT - cases)
    assert not unknown, f"WITHOUT_MUTANT names cases that do not exist: {unknown}"
