"""Saves written by earlier versions of the program still load (DESIGN.md, "Saves").

``tests/saves/stored/`` holds real save files (format 1) written with the code of ``main`` just
before Diced Tomatoes' engine owned its events (issue 16) and took "passing comes last" and the
solo end (issue 14): a finished three-player game with Sunny Golden Hybrid, Dicey Tomato Rules
and Karma Overload, and a solo game with the 2023 update in progress. Their players placed dice
before passing, as the rules say, so the histories follow today's rules too; what is checked is
that the state's ``to_dict`` shape did not change: the history replays to the saved snapshot.
"""
from __future__ import annotations

import json
from pathlib import Path

from engine import registry
from engine.core import CHANCE
from engine.match import Match
from saves import format as fmt
from saves import store

STORED = Path(__file__).parent / "stored"
SPEC = registry.get("diced-tomatoes")


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
