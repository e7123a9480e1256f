"""Saves written by earlier builds still load (docs/DESIGN.md, "Matches, undo, saves").

``data/`` holds real save files written by main before each game's events were applied by the
engine (issue 16) and before issue 14's rule changes:

* ``potion-explosion-main-d53d1d6.json``: three bots, 292 history entries, an Abyssal Draft half
  used (written before Potion Explosion's list-records became dataclasses);
  ``potion-explosion-main-finished-2d878ec.json``: a finished game of two easy bots whose last
  turn chose stacks and whose Blind Love was once stopped unused (both gone in issue 17), and
  whose Abyssal Draft was once stopped with a colour left (gone in issue 35);
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
from engine.potion_explosion.state import PendingEffect, PotionExplosionState, TakePool
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
    assert state.current_player() == CHANCE  # a marble is to roll into a track


def test_finished_potion_explosion_save_from_before_issue_17_rules_upgrades_its_history():
    """``data/potion-explosion-main-finished-2d878ec.json`` was written by main at 2d878ec (save
    format 1): two easy bots, seed 15, 479 history entries. At step 194 Ana stopped an Elixir of
    Blind Love unused while Ben's pool was empty; today the Elixir takes a pool ("Potion
    effects"), so the upgrade makes that step take Ben's empty pool. (The whole history no
    longer replays: see the next test.)"""
    from engine.potion_explosion import legacy

    path = DATA / "potion-explosion-main-finished-2d878ec.json"
    stored = json.loads(path.read_text(encoding="utf-8"))
    assert stored["schema_version"] == 1 and len(stored["history"]) == 479
    assert stored["history"][193] == {"player": 0, "action": {"type": "FinishEffect"}}
    first = dict(stored, history=stored["history"][:452])  # the steps today's rules still ask
    upgraded = legacy.upgrade_history(registry.get("potion-explosion"), first)
    assert len(upgraded["history"]) == 452
    assert upgraded["history"][193]["action"] == TakePool(1).to_dict()


def test_finished_potion_explosion_save_whose_abyssal_draft_stopped_early_goes_on():
    """The same save, loaded: at step 453 Ana stopped an Abyssal Draft with a yellow marble
    still at the bottom of a track, which the corrected rules refuse (the Draft takes a marble
    of each colour there, PE-D14). The save was made under earlier rules, so it is not lost: it
    goes on from its saved position (the finished game, Ben the winner) and says so. Its desk
    keeps the two tiles its last turn drew under the earlier rules (today the last turn of the
    game draws none, PE-D13): the game is over, so they change nothing."""
    path = DATA / "potion-explosion-main-finished-2d878ec.json"
    stored = json.loads(path.read_text(encoding="utf-8"))
    assert stored["history"][452] == {"player": 0, "action": {"type": "FinishEffect"}}
    match = store.load(path)
    state = match.state
    assert match.history == [] and match.notice.startswith(
        "This game was saved under earlier rules of Potion Explosion"
    )
    assert state.to_dict() == stored["snapshot"]
    assert state.is_terminal() and state.winners == [1]
    old = PotionExplosionState.from_dict(stored["snapshot"])
    assert state.score_sheet() == old.score_sheet()
    assert [b.tile for b in state.desks[0].slots] == ["ABY6", "WIS4"]


def test_an_old_save_whose_blind_love_took_nothing_from_a_full_pool_goes_on_from_its_position():
    """PE-D14: today's rules cannot replay an Elixir of Blind Love stopped while the opponent's
    pool held marbles. The save was made under the earlier rules, so it goes on from its saved
    position, and says so; nothing is lost but the steps before it."""
    stored = json.loads((DATA / "potion-explosion-main-finished-2d878ec.json").read_text("utf-8"))
    take = stored["history"][428]  # Ben takes Ana's 3 red marbles
    assert take == {"player": 1, "action": {"type": "TakePool", "opponent": 0}}
    stored["history"][428] = {"player": 1, "action": {"type": "FinishEffect"}}
    stored["checksum"] = fmt.checksum(stored)
    match = fmt.load_match(fmt.parse(json.dumps(stored)))
    assert match.history == []
    assert (
        match.state.score_sheet()
        == PotionExplosionState.from_dict(stored["snapshot"]).score_sheet()
    )
    assert match.notice.startswith("This game was saved under earlier rules of Potion Explosion")


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
    assert [{"player": e.player, "action": e.action.to_dict()} for e in match.history] == old[
        "history"
    ]
    kinds = {type(event).__name__ for _, event in match.events}
    assert {
        "KarmaBitGained",
        "KarmaBitsTraded",
        "SeedFlipped",
        "DecisionsPending",
        "VineCleared",
        "FinalRound",
        "GameEnded",
    } <= kinds
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
