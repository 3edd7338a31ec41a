"""A ``Scenario`` written back as TOML data in the documented format: the loader's inverse.

``scenario_data`` gives the mapping (``scenarios/README.md``), ``scenario_toml`` the text,
checked by loading it again. Used by the structure designer (a designed file) and by studies
of a scenario given as a record.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import tomli_w

from pokersim.config import AnteKind
from pokersim.scenario import (
    SHARE_UNITS,
    BountyKind,
    BreakKind,
    Conduct,
    Faults,
    MysteryBounty,
    MysteryStart,
    Scenario,
    SyncStageKind,
    parse_scenario,
    series_target_path,
)

__all__ = ["anchor_target", "anchored", "scenario_data", "scenario_toml"]


def _minutes(seconds: float) -> int | float:
    value = seconds / 60
    return int(value) if value == int(value) else value


def _number(value: float) -> int | float:
    return int(value) if float(value) == int(value) else float(value)


def _percent(units: int) -> int | float:
    """Share units as a percentage with at most 6 decimals (exact through ``repr``)."""
    whole, frac = divmod(units, SHARE_UNITS // 100)
    return whole if frac == 0 else float(f"{whole}.{frac:06d}")


def _clock(seconds: int) -> str:
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h:02d}:{m:02d}" + (f":{s:02d}" if s else "")


def anchor_target(data: dict[str, Any], source: str | os.PathLike[str] | None) -> dict[str, Any]:
    """``data`` (TOML data read from ``source``) with a linked series' target named absolutely.

    The target (R-SAT-1) is named relative to the satellite's file, as the loader reads it;
    data written elsewhere (a sweep's arm, a design's candidate, a study's copy of a variant)
    would name nothing there. Changed in place, and returned.
    """
    series = data.get("series")
    if source is None or not isinstance(series, dict):
        return data
    target = series.get("target")
    if isinstance(target, str):
        series["target"] = _absolute(target, source)
    return data


def anchored(sc: Scenario) -> Scenario:
    """``sc`` with a linked series' target named by its absolute path (see ``anchor_target``).

    For a scenario made from another and cut from its file (``source=None``, a design).
    """
    if not sc.series.linked or sc.source is None:
        return sc
    return replace(sc, series=replace(sc.series, target=_absolute(sc.series.target, sc.source)))


def _absolute(target: str, source: str | os.PathLike[str]) -> str:
    """The target file's name as the loader reads it from ``source``'s folder, made absolute."""
    return os.path.abspath(series_target_path(target, source))


def scenario_data(sc: Scenario) -> dict[str, Any]:
    """The scenario as TOML data in the documented format (``scenarios/README.md``)."""
    minutes = {lv.minutes for lv in sc.levels}
    common = minutes.pop() if len(minutes) == 1 else None
    kinds = {lv.ante_kind for lv in sc.levels if lv.ante}
    top_kind = kinds.pop() if len(kinds) == 1 else AnteKind.NONE
    data: dict[str, Any] = {
        "name": sc.name,
        "description": sc.description,
        "start": _clock(sc.start_seconds),
        **({"starts_at": sc.starts_at} if getattr(sc, "starts_at", None) is not None else {}),
        "seats_per_table": sc.seats_per_table,
        "final_table_size": sc.final_table_size,
        "starting_stack": sc.starting_stack,
        "betting": sc.structure.value,
        "ante_kind": top_kind.value,
    }
    if common is not None:
        data["level_minutes"] = _number(common)
    players: dict[str, Any] = {"count": sc.players.count}
    mix = []
    for entry in sc.players.mix:
        item: dict[str, Any] = {"model": entry.model}
        if entry.percent is not None:
            item["percent"] = _number(entry.percent)
        else:
            item["count"] = entry.count
        item["skill"] = _number(entry.skill)
        if entry.params:
            item["params"] = _plain(entry.params)
        mix.append(item)
    if mix:
        players["mix"] = mix
    named = []
    for p in sc.players.named:
        item = {"name": p.name, "model": p.model, "skill": _number(p.skill)}
        if p.params:
            item["params"] = _plain(p.params)
        named.append(item)
    if named:
        players["named"] = named
    data["players"] = players
    b = sc.breaks
    breaks: dict[str, Any] = {"kind": b.kind.value}
    if b.kind is BreakKind.CLOCK:
        breaks["at"] = f":{b.minute_of_hour:02d}"
    elif b.kind is BreakKind.INTERVAL:
        breaks["every_minutes"] = _minutes(b.every_seconds)
    breaks["length_minutes"] = _minutes(b.length_seconds)
    breaks["addon_length_minutes"] = _minutes(b.addon_length_seconds)
    data["breaks"] = breaks
    data["balancing"] = {
        "policy": sc.balancing.policy.value,
        "tolerance": sc.balancing.tolerance,
    }
    stages = []
    for st in sc.hand_for_hand.stages:
        if st.kind is SyncStageKind.PLAYERS:
            stages.append(
                {
                    "kind": st.kind.value,
                    "from_players": st.from_players,
                    "to_players": st.to_players,
                }
            )
        else:
            stages.append({"kind": st.kind.value, "margin": st.margin})
    data["hand_for_hand"] = {"stages": stages}
    bands = []
    for band in sc.payouts.bands:
        pay: list[dict[str, Any]] = []
        for share in band.shares:
            if pay and pay[-1]["units"] == share:
                pay[-1]["places"] += 1
            else:
                pay.append({"places": 1, "units": share})
        item = {"min_entries": band.min_entries}
        if band.max_entries is not None:
            item["max_entries"] = band.max_entries
        item["pay"] = [{"places": g["places"], "percent": _percent(g["units"])} for g in pay]
        bands.append(item)
    data["payouts"] = {"bands": bands} if bands else {}
    t = sc.timing
    data["timing"] = {
        "deal_seconds": _number(t.deal_seconds),
        "action_clock_seconds": _number(t.action_clock_seconds),
        "time_bank_seconds": _number(t.time_bank_seconds),
        "think_median_seconds": _number(t.think_median_seconds),
        "think_sigma": _number(t.think_sigma),
        **_timing_options(t),
    }
    e = sc.entries
    entries: dict[str, Any] = {
        "prize_cents": e.prize_cents,
        "bounty_cents": e.bounty_cents,
        "fee_cents": e.fee_cents,
        "guarantee_cents": e.guarantee_cents,
        "late_registration_minutes": _minutes(e.late_registration_seconds),
        "late_registration_closes_at_first_elimination": (
            e.late_registration_closes_at_first_elimination
        ),
        "reentries_per_player": e.reentries_per_player,
        "rebuys_per_player": e.rebuys_per_player,
        "rebuy_price_cents": e.rebuy_price_cents,
        "rebuy_chips": e.rebuy_chips,
        "rebuy_period_minutes": _minutes(e.rebuy_period_seconds),
        "rebuy_max_stack": e.rebuy_max_stack,
        "addon_price_cents": e.addon_price_cents,
        "addon_chips": e.addon_chips,
    }
    data["entries"] = entries
    bounty: dict[str, Any] = {"kind": sc.bounty.kind.value}
    if sc.bounty.kind in (BountyKind.FIXED, BountyKind.TEAM):
        bounty["amount_cents"] = sc.bounty.amount_cents
        bounty["targets"] = list(sc.bounty.targets)
    data["bounty"] = bounty
    data["deal"] = {
        "enabled": sc.deal.enabled,
        "method": sc.deal.method.value,
        "at_players": sc.deal.at_players,
        "keep_for_first_percent": _number(sc.deal.keep_for_first_percent),
        "negotiation_minutes": _minutes(sc.deal.negotiation_seconds),
    }
    f = sc.faults
    data["faults"] = {
        "server_failures_per_hour": _number(f.server_failures_per_hour),
        "cancel_probability": _number(f.cancel_probability),
        "cancellation_policy": f.cancellation_policy.value,
        "cancellation_equal_percent": _number(f.cancellation_equal_percent),
        "disqualifications_per_hour": _number(f.disqualifications_per_hour),
        "disqualified_prize": "forfeit" if f.disqualified_prize_forfeited else "keep",
    }
    data["faults"].update(_cancellation_by_stage(f))
    if sc.conduct != Conduct():  # R-COND-3: written only when it departs from "off"
        k = sc.conduct
        conduct: dict[str, Any] = {
            "ladder": [step.value for step in k.ladder],
            "missed_hands": k.missed_hands,
            "chips_removed_percent": k.chips_removed_percent,
            "confiscate": k.confiscate.value,
            "infractions_per_hour": _number(k.infractions_per_hour),
        }
        if k.confiscate_percent:
            conduct["confiscate_percent"] = k.confiscate_percent
        data["conduct"] = conduct
    c = sc.connection
    data["connection"] = {
        "disconnects_per_player_hour": _number(c.disconnects_per_player_hour),
        "reconnect_median_seconds": _number(c.reconnect_median_seconds),
        "protection_players_left": c.protection_players_left,
        "protection_seconds": _number(c.protection_seconds),
        "absent_hands_to_end_match": c.absent_hands_to_end_match,
    }
    if sc.shootout.enabled:
        data["shootout"] = {
            "enabled": True,
            "keep_chips": sc.shootout.keep_chips,
            "round_stacks": list(sc.shootout.round_stacks),
        }
    if sc.spin_and_go.table:  # only a Spin & Go has the table (other files stay as they were)
        data["spin_and_go"] = {"table": sc.spin_and_go.table}
    if sc.mystery_bounty.enabled:  # F-MYST-1..4 (other files stay as they were)
        data["mystery_bounty"] = _mystery_bounty(sc.mystery_bounty)
    reg = sc.registration
    if reg.active:  # R-REG-4; written only when something happens before the start
        registration: dict[str, Any] = {
            "unregister_percent": _number(reg.unregister_percent),
            "unregister_window_minutes": _minutes(reg.unregister_window_seconds),
            "unregister_deadline_minutes": _minutes(reg.unregister_deadline_seconds),
            "delay_start_minutes": _minutes(reg.delay_start_seconds),
            "cancel_before_start": reg.cancel_before_start,
        }
        if reg.unregister:
            registration["unregister"] = [
                {"player": u.player, "at_minutes": _minutes(u.at_seconds)} for u in reg.unregister
            ]
        data["registration"] = registration
    if sc.series.linked:  # R-SAT-1
        data["satellite"] = {"seat_value_cents": sc.satellite.seat_value_cents}
        data["series"] = {
            "target": sc.series.target,
            "target_start_minutes": _minutes(sc.series.target_start_seconds),
        }
        anchor_target(data, sc.source)  # the text may be written anywhere
    fl = sc.flights
    if fl.enabled:  # F-FLIGHT-1..4; written only for a flighted event
        data["flights"] = {
            "names": list(fl.names),
            "entries": list(fl.entries),
            "reentry_percent": _number(fl.reentry_percent),
            "survivor_reentry_percent": _number(fl.survivor_reentry_percent),
            "carry": fl.carry.value,
            "stop_at_level": fl.stop_at_level,
            "stop_at_players_left": fl.stop_at_players_left,
        }
    levels = []
    for lv in sc.levels:
        item = {"small_blind": lv.small_blind, "big_blind": lv.big_blind}
        if lv.ante:
            item["ante"] = lv.ante
            if lv.ante_kind is not top_kind:
                item["ante_kind"] = lv.ante_kind.value
        if common is None:
            item["minutes"] = _number(lv.minutes)
        levels.append(item)
    data["levels"] = levels
    return data


def _plain(value: Any) -> Any:
    """Frozen model params back to plain TOML values."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def scenario_toml(sc: Scenario, *, comment: str = "") -> str:
    """The scenario file text; loading it back gives the same scenario (tested).

    ``comment`` (say, the simulated figures of the structure) goes into the file's header, so
    the file carries the evidence it was designed with.
    """
    lines = ["Written by `pokersim design`; every key is documented in scenarios/README.md."]
    lines += comment.splitlines()
    header = "".join(f"# {line}".rstrip() + "\n" for line in lines)
    text = header + tomli_w.dumps(scenario_data(sc))
    parse_scenario(tomllib.loads(text), source="<designed scenario>")
    return text


def _cancellation_by_stage(f: Faults) -> dict[str, Any]:
    """R-FAULT-2 keys, written only when they differ from the defaults (older files unchanged)."""
    default = Faults()
    out: dict[str, Any] = {}
    if f.cancellation_in_money_policy is not default.cancellation_in_money_policy:
        out["cancellation_in_money_policy"] = f.cancellation_in_money_policy.value
    if f.cancellation_refunds_fees is not default.cancellation_refunds_fees:
        out["cancellation_refunds_fees"] = f.cancellation_refunds_fees
    if f.cancellation_returns_bounties is not default.cancellation_returns_bounties:
        out["cancellation_returns_bounties"] = f.cancellation_returns_bounties
    if f.cancel_at_seconds is not None:
        out["cancel_at_minute"] = _number(f.cancel_at_seconds / 60)
    if f.cancel_at_stage is not None:
        out["cancel_at_stage"] = f.cancel_at_stage.value
    return out


def _mystery_bounty(m: MysteryBounty) -> dict[str, Any]:
    """``[mystery_bounty]``: the stage, its number if it takes one, and the envelopes."""
    out: dict[str, Any] = {"starts_at": m.starts_at.value}
    if m.starts_at is MysteryStart.PLAYERS_LEFT:
        out["players_left"] = m.players_left
    if m.starts_at is MysteryStart.LEVEL:
        out["level"] = m.level
    out["envelopes"] = [{"cents": e.cents, "count": e.count} for e in m.envelopes]
    return out


def _timing_options(t: Any) -> dict[str, Any]:
    """The ``[timing]`` keys added after the first five, written only when not the default."""
    out: dict[str, Any] = {}
    for key in ("street_seconds", "showdown_seconds", "bank_top_up_seconds"):
        value = getattr(t, key)
        if value != getattr(type(t)(), key):
            out[key] = _number(value)
    if t.pace.value != "default":
        out["pace"] = t.pace.value
    for key in ("think_street_factors", "think_short_handed_factors"):
        if getattr(t, key) is not None:
            out[key] = [_number(v) for v in getattr(t, key)]
    for key in (
        "think_unopened_factor",
        "think_facing_bet_factor",
        "think_reaction_seconds",
        "think_pre_action_factor",
        "think_pre_action_below_seconds",
        "think_check_factor",
    ):
        if getattr(t, key) is not None:
            out[key] = _number(getattr(t, key))
    if t.bank_top_up_every_levels != 1:
        out["bank_top_up_every_levels"] = t.bank_top_up_every_levels
    if t.bank_max_seconds is not None:
        out["bank_max_seconds"] = _number(t.bank_max_seconds)
    return out
