"""Every event class of every game maps to a cue or, explicitly, to None; the cues name real
sounds and carry what the event decides (chain step, rumble length, number of dice)."""

from __future__ import annotations

import importlib
import pkgutil
import random

import pytest

from engine import registry
from engine.core import Event
from engine.diced_tomatoes import state as dt
from engine.match import Match, Seat, pick_outcome
from engine.off_the_rails import state as otr
from engine.potion_explosion import state as pe
from sound import board, cues
from sound.cues import SoundCue, cues_for, sound_for_event, sounds_for_events
from tests.contract import random_allowed

GAMES = [spec for spec in registry.games() if cues.cue_table(spec.id)]


def game_package(spec) -> str:
    return "engine." + spec.id.replace("-", "_")


def event_classes_of(spec) -> set[type]:
    """Every Event subclass defined in the game's engine package."""
    package = importlib.import_module(game_package(spec))
    for info in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"{package.__name__}.{info.name}")
    found, todo = set(), [Event]
    while todo:
        for sub in todo.pop().__subclasses__():
            todo.append(sub)
            if sub.__module__.startswith(package.__name__ + "."):
                found.add(sub)
    return found


def events_of_random_games(spec, seeds) -> set[type]:
    seen = set()
    for index, seed in enumerate(seeds):
        rng = random.Random(seed)
        players = list(range(spec.min_players, spec.max_players + 1))[
            index % (spec.max_players - spec.min_players + 1)
        ]
        match = Match(spec, [Seat("human", f"P{n}") for n in range(players)], None, seed)
        for _ in range(3000):
            if match.is_terminal():
                break
            if match.is_chance():
                events = match.resolve_chance(pick_outcome(match.state.chance_outcomes(), rng))
            else:
                events = match.apply(random_allowed(spec, match.state, match.legal_actions(), rng))
            seen.update(type(event) for event in events)
    return seen


def test_every_registered_game_has_a_cue_module():
    missing = [spec.id for spec in registry.games() if not cues.cue_table(spec.id)]
    assert missing == [], f"games without sounds (add sound/cues/<game>.py): {missing}"


@pytest.mark.parametrize("spec", GAMES, ids=lambda spec: spec.id)
def test_every_event_class_defined_by_a_game_has_an_entry(spec):
    missing = sorted(c.__name__ for c in event_classes_of(spec) if not cues.has_entry(c))
    assert missing == [], f"{spec.id}: events without a sound entry: {missing}"


@pytest.mark.parametrize("spec", GAMES, ids=lambda spec: spec.id)
def test_every_event_of_seeded_random_games_has_an_entry(spec):
    seen = events_of_random_games(spec, seeds=range(11, 14))
    assert len(seen) >= 8
    missing = sorted(c.__name__ for c in seen if not cues.has_entry(c))
    assert missing == [], f"{spec.id}: events without a sound entry: {missing}"
    for event_class in seen:
        assert event_class in cues.cue_table(spec.id)


@pytest.mark.parametrize("spec", GAMES, ids=lambda spec: spec.id)
def test_every_cue_names_a_sound_the_board_knows(spec):
    for entry in cues.cue_table(spec.id).values():
        if isinstance(entry, SoundCue):
            assert board.known(entry.name), entry
            assert 0.0 < entry.volume <= 1.0


def test_potion_explosion_explosions_carry_their_chain_step():
    for step in (1, 2, 4):
        cue = sound_for_event(pe.Exploded(0, 2, (1, 2, 3), "r", step))
        assert cue == SoundCue("explosion", chain=step)
    assert sound_for_event(pe.SeamCollision(0, 2, "r", "r", True)) is None
    assert sound_for_event(pe.SeamCollision(0, 2, "r", "b", False)).name == "marble_clack"
    assert sound_for_event(pe.MarblesReturned(0, (), "hand", -1, ())) is None


def test_off_the_rails_rumble_lasts_as_long_as_the_path():
    short = sound_for_event(otr.CartMoved(0, 0, "white", ((0, 0), (0, 1)), "E"))
    long = sound_for_event(
        otr.CartMoved(0, 0, "white", ((0, 0), (0, 1), (0, 2), (0, 3), (1, 3)), "S")
    )
    assert short.name == long.name == "cart_rolling"
    assert short.duration == pytest.approx(0.25) and long.duration == pytest.approx(0.85)


def test_diced_tomatoes_roll_counts_its_dice_and_quiet_events_are_none():
    rolls = [dt.DieRolled(0, i, "r", 3) for i in range(3)]
    placed = dt.DiePlaced(0, 0, "r", 3, 0, 0, 1, False)
    assert sounds_for_events(rolls + [placed]) == [
        SoundCue("dice_roll", dice=3),
        SoundCue("die_placed"),
    ]
    assert sound_for_event(dt.TurnEnded(0)) is None
    assert dt.TurnEnded in cues.cue_table("diced-tomatoes")


def test_equal_cues_in_a_row_sound_once():
    refills = [pe.MarbleRefilled(1, 7 - i, "r") for i in range(5)]
    assert sounds_for_events(refills) == [SoundCue("marbles_slide", volume=0.5)]


def test_cues_for_takes_names_cues_events_and_lists():
    assert cues_for("hint") == [SoundCue("hint")]
    assert cues_for(SoundCue("error", volume=0.5)) == [SoundCue("error", volume=0.5)]
    assert cues_for(otr.Collided(0, 0, 1, 1, "bump", 0, 0, 0, 1, "w", "b")) == [
        SoundCue("collision")
    ]
    assert cues_for([dt.TurnEnded(0)]) == [] and cues_for(None) == []
