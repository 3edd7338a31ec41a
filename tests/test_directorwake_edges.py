"""Edges of the director's clock and of tables woken between hands (``pokersim.engine.director``,
``pokersim.engine.endings``).

Each test plays a small scripted run (a rule case of ``scenarios/rules`` with a few terms
changed) and checks its log against the rules: a table woken by another table's hand deals only
if play may still go on when its turn comes (R-SYNC-1, R-BAL-3); a shoot-out round that restarts
the levels (R-SHOOT-1) keeps counting the breaks already started (R-BRK-2).
"""

from __future__ import annotations

from typing import Any

from test_cashier_edges import _case, _events, _run


def _seats(who: list[tuple[str, int]]) -> list[dict[str, Any]]:
    return [{"seat": i + 1, "player": p, "stack": s} for i, (p, s) in enumerate(who)]


def _woken_table_case(
    stages: list[dict[str, Any]], *, fay_busts: bool = True, ann_waits: int = 0
) -> dict[str, Any]:
    """Nine calling stations at three 3-max tables, think times without spread. Table 3's first
    hand ends at 17 s: Gus's aces knock out Hal and Ivy, and Gus waits alone. At 18 s table 1's
    first hand ends (Cid's aces double up, nobody out): Bob moves to table 3, which is woken to
    deal, and table 1 deals its second hand. In the same second table 2's first hand ends with
    Fay out (Dee's aces): six players are left. ``stages`` are the hand-for-hand stages;
    ``fay_busts`` False gives Fay the aces (nobody out at table 2); ``ann_waits`` seconds of
    thought before Ann's first call make table 1's first hand that much longer."""
    data = _case("R-SYNC-1-two-tables-unequal-stacks")
    names = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy"]
    data["players"] = {
        "count": 9,
        "named": [{"name": n, "model": "calling-station"} for n in names],
    }
    del data["payouts"]
    data["hand_for_hand"]["stages"] = stages
    data["timing"] = {"think_sigma": 0}
    board = "Kc 9d 5h 4s Jc"
    dee, fay = ("AsAh", "7c 2d") if fay_busts else ("7c 2d", "AsAh")
    call = f"call @{ann_waits}" if ann_waits else "call"
    data["script"] = {
        "tables": [
            {"button": 1, "seats": _seats([("Ann", 1000), ("Bob", 1000), ("Cid", 100)])},
            {"button": 1, "seats": _seats([("Dee", 1000), ("Eve", 1000), ("Fay", 100)])},
            {"button": 1, "seats": _seats([("Gus", 1000), ("Hal", 100), ("Ivy", 100)])},
        ],
        "decks": [
            {"table": 1, "hand": 1, "hole": {"1": "7c 2d", "3": "AsAh"}, "board": board},
            {"table": 2, "hand": 1, "hole": {"1": dee, "3": fay}, "board": board},
            {
                "table": 3,
                "hand": 1,
                "hole": {"1": "AsAh", "2": "7c 2d", "3": "8c 3d"},
                "board": board,
            },
        ],
        "actions": [
            {"player": "Ann", "table": 1, "hand": 1, "do": [call, "allin"]},
            {"player": "Bob", "table": 1, "hand": 1, "do": ["fold"]},
            {"player": "Cid", "table": 1, "hand": 1, "do": ["allin"]},
            {"player": "Dee", "table": 2, "hand": 1, "do": ["call", "allin"]},
            {"player": "Eve", "table": 2, "hand": 1, "do": ["fold"]},
            {"player": "Fay", "table": 2, "hand": 1, "do": ["allin"]},
            {"player": "Gus", "table": 3, "hand": 1, "do": ["allin"]},
            {"player": "Hal", "table": 3, "hand": 1, "do": ["allin"]},
            {"player": "Ivy", "table": 3, "hand": 1, "do": ["allin"]},
        ],
    }
    data["expect"] = {}
    return data


def test_r_sync_1_a_table_woken_in_the_second_hand_for_hand_becomes_due_does_not_deal() -> None:
    """Hand-for-hand from six players: table 3, woken at 18 s when Bob joins Gus, must not deal
    once Fay's bust in that same second makes hand-for-hand due. It waits; when table 1's hand
    ends, table 3 breaks and every hand from then on is synchronized."""
    out = _run(_woken_table_case([{"kind": "players", "from_players": 6, "to_players": 4}]))
    log = out.events
    moved = [e for e in _events(out, "PlayerMoved") if e["t"] == 18]
    assert [(e["player_id"], e["to_table"]) for e in moved] == [(1, 3)]
    (fay_out,) = [i for i, e in enumerate(log) if e["type"] == "PlayerEliminated" and e["t"] == 18]
    (hfh,) = [i for i, e in enumerate(log) if e["type"] == "HandForHandStarted"]
    assert fay_out < hfh
    assert [e for e in log[fay_out:hfh] if e["type"] == "TableHandStarted"] == []
    assert [e["hand_no"] for e in _events(out, "TableHandStarted") if e["table_id"] == 3] == [1]
    broken = _events(out, "TableBroken")[0]
    first = [e for e in _events(out, "TableHandStarted") if e["t"] == log[hfh]["t"]]
    assert broken["t"] == log[hfh]["t"] > 18
    assert [(e["table_id"], e["synchronized"]) for e in first] == [(1, True), (2, True)]


def _hands(out: Any, table_id: int) -> list[tuple[int, int, tuple[int, ...]]]:
    """(hand number, start, players) of each hand dealt at the table."""
    started = _events(out, "TableHandStarted")
    return [(e["hand_no"], e["t"], e["player_ids"]) for e in started if e["table_id"] == table_id]


def test_r_bal_2_a_table_left_alone_deals_as_soon_as_a_player_is_moved_to_it() -> None:
    """No hand-for-hand and nobody out at table 2: Gus waits alone from 17 s; when table 1's
    hand ends at 18 s Bob (1) is moved to him, and table 3 deals its second hand in that
    second, not only when every table stops."""
    out = _run(_woken_table_case([], fay_busts=False))
    assert _hands(out, 3)[:2] == [(1, 0, (6, 7, 8)), (2, 18, (6, 1))]
    assert _hands(out, 1)[1] == (2, 18, (0, 2))


def test_r_sync_1_a_table_woken_once_still_deals_in_the_synchronized_rounds() -> None:
    """As above, with hand-for-hand from six players: table 3, woken at 18 s, deals at once.
    Much later two busts leave five, table 1 breaks and hand-for-hand starts; table 3 deals in
    each synchronized round like table 2, not only the table that was never woken."""
    stages = [{"kind": "players", "from_players": 6, "to_players": 4}]
    out = _run(_woken_table_case(stages, fay_busts=False))
    assert _hands(out, 3)[1] == (2, 18, (6, 1))
    (started,) = _events(out, "HandForHandStarted")
    synced = [e for e in _events(out, "TableHandStarted") if e["synchronized"]]
    assert synced and synced[0]["t"] == started["t"]
    by_second: dict[int, list[int]] = {}
    for e in synced:
        by_second.setdefault(e["t"], []).append(e["table_id"])
    assert by_second[started["t"]] == [2, 3]
    assert all(sorted(tables) == [2, 3] for tables in by_second.values())


def test_r_bal_1_a_table_left_alone_deals_as_soon_as_a_broken_tables_players_join_it() -> None:
    """No hand-for-hand, and table 1's first hand lasts until 29 s (Ann thinks 12 s): at 18 s
    Fay's bust leaves six players, table 2 breaks and Dee (3) and Eve (4) join Gus. Table 3
    deals at once with the three of them, while table 1 is still playing."""
    out = _run(_woken_table_case([], ann_waits=12))
    broken = _events(out, "TableBroken")[0]
    assert (broken["t"], broken["table_id"]) == (18, 2)
    assert _hands(out, 3)[:2] == [(1, 0, (6, 7, 8)), (2, 18, (6, 4, 3))]
    assert _hands(out, 1)[:2] == [(1, 0, (0, 1, 2)), (2, 29, (0, 1, 2))]


def _shootout_with_breaks() -> dict[str, Any]:
    """R-SHOOT-1's eight-player heads-up bracket with a 6-second break every 12 seconds: the
    breaks start at 12, 24, 36 and 48 s. Round 2 starts at 16 s, in break 0, and round 3 at
    34 s; each restarts the levels at the first."""
    data = _case("R-SHOOT-1-stacks-and-levels-reset-each-round")
    data["breaks"] = {"kind": "interval", "every_minutes": 0.2, "length_minutes": 0.1}
    data["expect"] = {}
    return data


def test_r_shoot_1_a_restarted_round_does_not_start_the_breaks_again() -> None:
    """The levels restart with each round, the breaks do not: the clock of round 2 counts break
    0 as started, so it is logged once, before the restart, and no break is logged with a time
    earlier than what was logged before it. Every break of the run is logged at its time."""
    out = _run(_shootout_with_breaks())
    log = out.events
    times = [e["t"] for e in log if "t" in e]
    assert times == sorted(times)
    breaks = _events(out, "BreakStarted")
    assert {(e["break_index"], e["t"], e["scheduled_end"]) for e in breaks} == {
        (0, 12, 18),
        (1, 24, 30),
        (2, 36, 42),
        (3, 48, 54),
    }
    assert [e["break_index"] for e in breaks].count(0) == 1
    restarts = [e["t"] for e in _events(out, "ShootoutRoundStarted")]
    assert restarts == [16, 34]
    first_levels = [e["t"] for e in _events(out, "LevelStarted") if e["level_index"] == 0]
    assert first_levels == [0, 16, 34]


def test_r_shoot_1_each_round_logs_its_own_levels_once() -> None:
    """R-SHOOT-1's bracket with 12-second levels and a fourth level of 500/1,000 that ends the
    final: rounds 2 and 3 restart the levels at 16 and 32 s. Each round's clock logs its levels
    from the first, once each; the clocks of the rounds before log nothing after a restart."""
    data = _case("R-SHOOT-1-stacks-and-levels-reset-each-round")
    for level in data["levels"]:
        level["minutes"] = 0.2
    data["levels"].append({"small_blind": 500, "big_blind": 1000, "minutes": 30})
    script = data["script"]
    script["decks"] = [d for d in script["decks"] if d["table"] != 7]  # the final plays on
    script["actions"] = [a for a in script["actions"] if a.get("table") != 7]
    data["expect"] = {}
    out = _run(data)
    rounds: list[list[tuple[int, int]]] = []
    for e in out.events:
        if e["type"] == "LevelStarted":
            if e["level_index"] == 0:
                rounds.append([])
            rounds[-1].append((e["level_index"], e["t"]))
    assert rounds == [
        [(0, 0), (1, 12)],
        [(0, 16), (1, 28)],
        [(0, 32), (1, 44), (2, 56), (3, 68)],
    ]
    assert [e["t"] for e in _events(out, "ShootoutRoundStarted")] == [16, 32]


def test_r_elim_1_a_satellites_end_names_the_chip_leader_among_the_seat_winners() -> None:
    """R-ELIM-1's satellite (two seats, four players) with Bob's aces knocking out Cid and Dee
    while Ann folds on the button: Bob (1,200 chips) and Ann (1,000) win the seats, and the end
    names the chip leader, Bob (1), not the lowest id."""
    data = _case("R-ELIM-1-satellite-equal-prizes")
    data["script"]["decks"][0]["hole"] = {"2": "AsAh", "3": "7c 2d", "4": "8c 3d"}
    data["script"]["actions"] = [
        {"player": "Dee", "hand": 1, "do": ["allin"]},
        {"player": "Ann", "hand": 1, "do": ["fold"]},
        {"player": "Bob", "hand": 1, "do": ["call"]},
        {"player": "Cid", "hand": 1, "do": ["allin"]},
    ]
    data["expect"] = {}
    out = _run(data)
    (ended,) = _events(out, "TournamentEnded")
    assert ended["winner_id"] == 1
    (hand,) = _events(out, "TableHandEnded")
    assert hand["stacks"] == (1000, 1200, 0, 0)
    paid = {e["player_id"]: e["prize_cents"] for e in _events(out, "PrizePaid")}
    assert paid == {0: 2000, 1: 2000}


def test_r_deal_2_a_one_second_negotiation_moves_the_next_level_by_one_second() -> None:
    """R-DEAL-2's case with a negotiation of one second (22 s to 23 s): the level clock stops
    with it, so level 2, due at 10:00 (600 s), starts at 601 s. The clock, woken at 600 s,
    asks again and waits that one second before it logs the level."""
    data = _case("R-DEAL-2-negotiation-pauses-the-clock")
    data["deal"]["negotiation_minutes"] = 1 / 60
    data["expect"] = {}
    out = _run(data)
    (started,) = _events(out, "DealNegotiationStarted")
    assert (started["t"], started["scheduled_end"]) == (22, 23)
    levels = [(e["level_index"], e["t"]) for e in _events(out, "LevelStarted")]
    assert levels == [(0, 0), (1, 601)]


def test_r_brk_1_a_hand_that_ends_as_the_break_starts_is_the_last_before_it() -> None:
    """R-BRK-3's three calling stations without rebuys (hands of exactly 47 s) and a 5-minute
    break every 23.5 minutes: hand 30 ends at 1,410 s, the second the first break starts. The
    table waits for the break; hand 31 is dealt when it ends, at 1,710 s, not as it starts."""
    data = _case("R-BRK-3-addon-break")
    data["entries"] = {"prize_cents": 1000}
    data["breaks"] = {"kind": "interval", "every_minutes": 23.5, "length_minutes": 5}
    data["expect"] = {}
    out = _run(data)
    (brk,) = [e for e in _events(out, "BreakStarted") if e["break_index"] == 0]
    assert (brk["t"], brk["scheduled_end"]) == (1410, 1710)
    ends = {e["hand_no"]: e["t"] for e in _events(out, "TableHandEnded")}
    starts = {e["hand_no"]: e["t"] for e in _events(out, "TableHandStarted")}
    assert ends[30] == 1410 and starts[31] == 1710
