"""Saves from a game's older rules go on from their saved position (saves/format.py).

A rule change can make a recorded step illegal (Diced Tomatoes' players now place their dice
before passing; Off the Rails' 2-3 player deck has no 25-card game). Such a save is not lost: it
goes on from its snapshot with a notice. A save under today's rules whose history fails is still
damage, refused in plain words.
"""

from __future__ import annotations

import json
import random

import pytest

from engine import registry
from engine.core import CHANCE
from engine.match import Match, Seat, pick_outcome
from saves import format as fmt
from saves.format import SaveError


def _played(game: str, seats: int, steps: int, seed: int = 3, options=None) -> Match:
    spec = registry.get(game)
    match = Match(spec, [Seat("human", f"P{i + 1}") for i in range(seats)], options, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.is_terminal():
            break
        if match.current_player() == CHANCE:
            match.resolve_chance(pick_outcome(match.state.chance_outcomes(), rng))
        else:
            match.apply(rng.choice(match.legal_actions()))
    return match


def _damaged_history(match: Match, rules_version: int) -> dict:
    """The match's envelope with its first player step replaced by a step today's rules refuse
    (the same action recorded twice), made under ``rules_version``."""
    envelope = fmt.make_envelope(match)
    first = next(i for i, item in enumerate(envelope["history"]) if item["player"] != CHANCE)
    envelope["history"].insert(first, envelope["history"][first])
    envelope["rules_version"] = rules_version
    envelope["checksum"] = fmt.checksum(envelope)
    return json.loads(fmt.dumps(envelope))


@pytest.mark.parametrize("game", ["diced-tomatoes", "off-the-rails", "potion-explosion"])
def test_a_save_from_older_rules_that_no_longer_replays_goes_on_from_its_position(game):
    match = _played(game, 2, 60)
    envelope = _damaged_history(match, rules_version=1)
    resumed = fmt.load_match(fmt.parse(fmt.dumps(envelope)))
    assert resumed.state.to_dict() == match.state.to_dict()
    assert resumed.history == [] and not resumed.can_undo()
    assert "saved under earlier rules" in resumed.notice
    assert resumed.notice.endswith(".") and "-D" not in resumed.notice


def test_a_resumed_game_plays_on_and_its_next_save_replays_from_its_start():
    match = _played("diced-tomatoes", 3, 40)
    resumed = fmt.load_match(fmt.parse(fmt.dumps(_damaged_history(match, rules_version=1))))
    rng = random.Random(9)
    for _ in range(15):
        if resumed.current_player() == CHANCE:
            resumed.resolve_chance(pick_outcome(resumed.state.chance_outcomes(), rng))
        else:
            resumed.apply(rng.choice(resumed.legal_actions()))
    again = fmt.parse(fmt.dumps(fmt.make_envelope(resumed)))
    assert again["start"] == match.state.to_dict()
    assert again["rules_version"] == registry.get("diced-tomatoes").rules_version
    reloaded = fmt.load_match(again)
    assert reloaded.state.to_dict() == resumed.state.to_dict()
    assert len(reloaded.history) == len(resumed.history) == 15
    assert reloaded.notice == ""


def test_a_save_under_todays_rules_whose_history_fails_is_refused_plainly():
    match = _played("diced-tomatoes", 2, 30)
    envelope = _damaged_history(match, rules_version=registry.get("diced-tomatoes").rules_version)
    with pytest.raises(SaveError, match=r"cannot be replayed: step \d+ of the history"):
        fmt.load_match(fmt.parse(fmt.dumps(envelope)))


def test_an_off_the_rails_two_player_save_of_25_cards_goes_on_with_the_two_player_deck_length():
    """OR issue 14: with 2-3 players there is no 25-card game; an older save that chose it goes
    on from its position, its length option back at the 2-player default."""
    spec = registry.get("off-the-rails")
    match = _played("off-the-rails", 2, 30)
    envelope = fmt.make_envelope(match)
    envelope["options"]["game_length"] = 25
    del envelope["rules_version"]
    envelope["checksum"] = fmt.checksum(envelope)
    resumed = fmt.load_match(fmt.parse(fmt.dumps(envelope)))
    assert resumed.options["game_length"] == spec.resolve_options({}, 2)["game_length"]
    assert resumed.state.to_dict() == match.state.to_dict()
    assert resumed.notice


def test_a_save_of_schema_2_without_a_rules_version_counts_as_the_first_rules():
    match = _played("tea-time", 2, 10)
    envelope = fmt.make_envelope(match)
    del envelope["rules_version"]
    envelope["schema_version"] = 2
    envelope["checksum"] = fmt.checksum(envelope)
    loaded = fmt.load_match(fmt.parse(fmt.dumps(envelope)))
    assert loaded.state.to_dict() == match.state.to_dict()
    assert len(loaded.history) == len(match.history) and loaded.notice == ""


@pytest.mark.parametrize("value", [0, -1, "2", 2.0, True, 10**6])
def test_a_damaged_rules_version_is_refused(value):
    envelope = fmt.make_envelope(_played("tea-time", 2, 4))
    envelope["rules_version"] = value
    envelope["checksum"] = fmt.checksum(envelope)
    with pytest.raises(SaveError, match="damaged fields: rules_version"):
        fmt.parse(fmt.dumps(envelope))
