"""Every registered game keeps the engine contract (tests/contract.py) over seeded random games."""

import dataclasses

import pytest

from engine import registry
from tests.contract import contract_check, is_player_sentence

GAMES = [spec.id for spec in registry.games()]


# A game whose contract is known broken is marked here (strict: an XPASS fails, so the mark is
# removed the moment it is fixed). Diced Tomatoes' decision codes went with issue 14.
PENDING: dict = {}


@pytest.mark.parametrize(
    "game", [pytest.param(game, marks=PENDING.get(game, ())) for game in GAMES]
)
@pytest.mark.long
def test_random_games_keep_the_engine_contract(game):
    spec = registry.get(game)
    refusals = contract_check(spec, seeds=range(100, 104), deep_every=3)
    assert refusals, "no refusal was met: the check of illegal actions did not run"


def test_player_sentences_have_no_decision_codes():
    assert is_player_sentence("The pool holds at most 3 marbles.")
    assert not is_player_sentence("The pool holds at most 3 marbles (PE-D8).")
    assert not is_player_sentence("the pool is full.")
    assert not is_player_sentence("The pool is full")


@pytest.mark.parametrize("game", GAMES)
def test_every_registered_game_applies_its_own_events(game):
    assert registry.get(game).apply_event is not None


def test_the_contract_check_catches_an_apply_event_that_skips_an_effect():
    """A game whose apply_event forgets one kind of event fails the check (it is not a check
    that cannot fail)."""
    spec = registry.get("diced-tomatoes")
    skipped: list[str] = []

    def forgetful(state, event):
        if not skipped or type(event).__name__ == skipped[0]:
            skipped[:1] = [type(event).__name__]
            return state.clone()
        return spec.apply_event(state, event)

    broken = dataclasses.replace(spec, apply_event=forgetful)
    with pytest.raises(AssertionError, match="applied one by one do not give the state"):
        contract_check(broken, seeds=range(100, 102), deep_every=3)


def test_the_contract_check_catches_a_state_that_keeps_stale_legal_actions(monkeypatch):
    """A state keeps its player to move and legal actions until an event changes it (Potion
    Explosion, issue 38): an event that forgot to drop them fails the check."""
    from engine.core import emitter
    from engine.potion_explosion import events, rules

    def forgetting(state, event):
        kept = state._player, state._legal
        events.play_event(state, event)
        if type(event).__name__ == "MarbleMoved":  # moves a marble, keeps the old moves
            state._player, state._legal = kept

    monkeypatch.setattr(rules, "_emit", emitter(forgetting))
    with pytest.raises(AssertionError, match="stale"):
        contract_check(registry.get("potion-explosion"), seeds=range(100, 103), deep_every=1)
