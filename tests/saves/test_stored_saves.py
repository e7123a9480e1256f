"""Saves written by earlier builds still load (DESIGN.md, "Matches, undo, saves").

``data/potion-explosion-main-d53d1d6.json`` was written by main at commit d53d1d6, before
Potion Explosion's events were applied by the engine and its list-records became dataclasses:
three bots, 292 history entries, an Abyssal Draft half used. Loading replays its history with
today's rules and compares the result with the stored snapshot, so the state's ``to_dict`` shape
must still be the old one.
"""
import json
from pathlib import Path

from engine.core import CHANCE
from engine.potion_explosion.state import PendingEffect
from saves import store

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
