"""Saves written by earlier builds still load (DESIGN.md, "Matches, undo, saves").

``data/potion-explosion-main-d53d1d6.json`` was written by main at commit d53d1d6, before
Potion Explosion's events were applied by the engine and its list-records became dataclasses:
three bots, 292 history entries, an Abyssal Draft half used. Loading replays its history with
today's rules and compares the result with the stored snapshot, so the state's ``to_dict`` shape
must still be the old one.
"""
import json
from pathlib import Path

import pytest

from engine.core import CHANCE
from engine.potion_explosion.state import PendingEffect, PotionExplosionState, TakePool
from saves import format as fmt
from saves import store
from saves.format import SaveError

DATA = Path(__file__).parent / "data"


def test_potion_explosion_save_from_main_before_events_still_loads():
    path = DATA / "potion-explosion-main-d53d1d6.json"
    snapshot = json.loads(path.read_text(encoding="utf-8"))["snapshot"]
    match = store.load(path)
    state = match.state
    assert state.to_dict() == snapshot
    assert len(match.history) == 292
    assert state.phase == "play" and state.player == 2
    assert state.effect == PendingEffect("ABY", (0, 1, 2), ("K", "B", "R"), 4)
    assert [len(desk.completed) for desk in state.desks] == [4, 2, 5]
    assert state.marble_count() == 80
    assert state.current_player() == CHANCE      # a marble is to roll into a track


def test_finished_potion_explosion_save_from_before_issue_17_rules_loads():
    """``data/potion-explosion-finished-2d878ec.json`` was written by main at 2d878ec (save
    format 1): two easy bots, seed 15, 479 history entries. Its last turn ends with two stack
    choices and the two tiles they revealed; today the last turn of the game draws no tile
    (rules, "End of the game"), so loading drops those four steps and keeps the final score.
    At step 194 Ana stopped an Elixir of Blind Love unused while Ben's pool was empty; today
    the Elixir takes a pool ("Potion effects"), so that step takes Ben's empty pool."""
    path = DATA / "potion-explosion-finished-2d878ec.json"
    stored = json.loads(path.read_text(encoding="utf-8"))
    assert stored["schema_version"] == 1 and len(stored["history"]) == 479
    assert stored["history"][193] == {"player": 0, "action": {"type": "FinishEffect"}}
    match = store.load(path)
    state = match.state
    assert len(match.history) == 475
    assert match.history[193].action == TakePool(1)
    assert state.is_terminal() and state.winners == [1]
    old = PotionExplosionState.from_dict(stored["snapshot"])
    assert state.score_sheet() == old.score_sheet()
    assert (state.first, state.player) == (1, 0)      # Ben went first: Ana played last
    assert state.desks[0].slots == [None, None]
    assert [b.tile for b in old.desks[0].slots] == ["ABY6", "WIS4"]
    assert state.desks[1].slots == old.desks[1].slots


def test_an_old_save_whose_blind_love_took_nothing_from_a_full_pool_is_refused_plainly():
    """Today's rules cannot replay an Elixir of Blind Love stopped while the opponent's pool
    held marbles: the save is reported in plain words (and kept)."""
    stored = json.loads((DATA / "potion-explosion-finished-2d878ec.json").read_text("utf-8"))
    take = stored["history"][428]               # Ben takes Ana's 3 red marbles
    assert take == {"player": 1, "action": {"type": "TakePool", "opponent": 0}}
    stored["history"][428] = {"player": 1, "action": {"type": "FinishEffect"}}
    stored["checksum"] = fmt.checksum(stored)
    with pytest.raises(SaveError, match="step 429 stops an Elixir of Blind Love without taking"):
        fmt.parse(json.dumps(stored))
