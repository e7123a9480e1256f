"""Saves written by earlier builds still load (docs/DESIGN.md, "Matches, undo, saves").

``data/`` holds real save files written by main before each game's events were applied by the
engine (issue 16) and before issue 14's rule changes:

* ``potion-explosion-main-d53d1d6.json``: three bots, 292 history entries, an Abyssal Draft half
  used (written before Potion Explosion's list-records became dataclasses);
* ``diced-tomatoes-main-finished-3p.json``: a finished three-player game with Sunny Golden Hybrid,
  Dicey Tomato Rules and Karma Overload; ``diced-tomatoes-main-solo.json``: a solo game with the
  2023 update in progress. Their players placed dice before passing, as the rules say.

Loading replays each history with today's rules and compares the result with the stored
snapshot, so every state's ``to_dict`` shape must still be the old one.
"""
from __future__ import annotations

import json
from pathlib import Path

from engine import registry
from engine.core import CHANCE
from engine.match import Match
from engine.potion_explosion.state import PendingEffect
from saves import format as fmt
from saves import store

DATA = Path(__file__).parent / "data"
STORED = DATA
SPEC = registry.get("diced-tomatoes")


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


def stored(name: str) -> dict:
    return json.loads((STORED / name).read_text(encoding="utf-8"))


def test_a_finished_diced_tomatoes_game_saved_by_main_still_loads():
    """Format 1: the finished game replays to its snapshot, every event kind of a full game
    on the way (karma spent and gained, bits, flips, clean-up, the final round)."""
    path = STORED / "diced-tomatoes-main-finished-3p.json"
    old = stored(path.name)
    assert old["schema_version"] == 1 and old["snapshot"]["phase"] == "over"
    match = store.load(path)
    assert match.is_terminal() and match.state.ended == "final"
    assert match.state.to_dict() == old["snapshot"]
    assert [{"player": e.player, "action": e.action.to_dict()} for e in match.history] \
        == old["history"]
    kinds = {type(event).__name__ for _, event in match.events}
    assert {"KarmaBitGained", "KarmaBitsTraded", "SeedFlipped", "DecisionsPending",
            "VineCleared", "FinalRound", "GameEnded"} <= kinds
    assert match.state.score_sheet()["winners"]


def test_a_solo_diced_tomatoes_game_in_progress_saved_by_main_loads_and_goes_on():
    """Format 1: the solo game in progress loads, equals its snapshot, and play goes on and
    saves again."""
    path = STORED / "diced-tomatoes-main-solo.json"
    old = stored(path.name)
    match = store.load(path)
    assert not match.is_terminal() and match.state.to_dict() == old["snapshot"]
    if match.current_player() == CHANCE:
        match.advance_chance()
    match.apply(match.legal_actions()[0])
    again = fmt.parse(fmt.dumps(fmt.make_envelope(match)))
    assert Match.from_save(SPEC, again).state == match.state
