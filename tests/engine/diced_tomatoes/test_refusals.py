"""Every refusal a Diced Tomatoes player can read is a plain sentence (issue 14, "Everywhere").

Seeded random games are played; at many positions every action class is tried with plausible
wrong arguments (a die, seat or token just out of range, a face of 0 or 7, a shift of 2, an
unknown colour) and with legal actions of other moments of the game (a placement at clean-up, a
draw during a turn…). Each ``IllegalAction.reason`` is collected; none may show a decision code
(DT-D3…: those belong in docstrings and test names) and each must be a sentence.
"""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

from engine.core import CHANCE, IllegalAction
from engine.diced_tomatoes import GAME
from engine.diced_tomatoes.state import ACTION_CLASSES, COLOURS, OPTION_NAMES
from engine.match import pick_outcome

DECISION_CODE = re.compile(r"\b[A-Z]{2}-D\d+")


def is_sentence(text: str) -> bool:
    """A capital first letter and a full stop, exclamation or question mark at the end."""
    return bool(text) and text[0].isupper() and text.endswith((".", "!", "?"))


def wrong_arguments(state, rng: random.Random) -> dict:
    """Plausible values per action field: a few real ones and the ones just out of range."""
    hand = len(state.hand)
    seats = state.num_players
    return {
        "die": [-1, hand, rng.randrange(hand + 1), rng.randrange(max(1, hand))],
        "owner": [-1, seats, rng.randrange(seats), state.active or 0],
        "token": [-1, 3, rng.randrange(3)],
        "face": [0, 7, rng.randint(1, 6)],
        "delta": [-2, -1, 1, 2],
        "colour": list(COLOURS) + ["x"],
    }


def candidates(state, rng: random.Random, elsewhere: list) -> list:
    """Actions to try at ``state``: each class with sampled arguments, plus actions that were
    legal at other moments of the game."""
    pools = wrong_arguments(state, rng)
    tried = []
    for cls in ACTION_CLASSES:
        names = [f.name for f in dataclasses.fields(cls)]
        for _ in range(3 if names else 1):
            tried.append(cls(*(rng.choice(pools[name]) for name in names)))
    tried += rng.sample(elsewhere, min(len(elsewhere), 8))
    return tried


def collect_refusals(seeds) -> dict:
    """``{reason: example action}`` for every refusal met in the seeded games."""
    reasons: dict = {}
    elsewhere: list = []
    for seed in seeds:
        rng = random.Random(seed)
        players = 1 + seed % 6
        options = {name: rng.random() < 0.4 for name in OPTION_NAMES}
        state = GAME.new_state(players, GAME.resolve_options(options, players))
        step = 0
        while not state.is_terminal() and step < 4000:
            step += 1
            if state.current_player() == CHANCE:
                legal = [action for action, _ in state.chance_outcomes()]
                action = pick_outcome(state.chance_outcomes(), rng)
            else:
                legal = state.legal_actions()
                action = legal[int(rng.random() * len(legal))]
            if step % 3 == 0:
                for wrong in candidates(state, rng, elsewhere):
                    if wrong in legal:
                        continue
                    try:
                        state.apply_action(wrong)
                    except IllegalAction as err:
                        reasons.setdefault(err.reason, wrong)
                    else:
                        raise AssertionError(f"{wrong} was accepted but is not listed as legal")
            elsewhere = (elsewhere + rng.sample(legal, min(2, len(legal))))[-60:]
            state.apply_action(action)
        for wrong in candidates(state, rng, elsewhere):  # the game is over
            try:
                state.apply_action(wrong)
            except IllegalAction as err:
                reasons.setdefault(err.reason, wrong)
    return reasons


@pytest.mark.long
def test_every_refusal_is_a_plain_sentence_without_decision_codes():
    """Issue 14, Everywhere: walk every IllegalAction message Diced Tomatoes raises in 36
    seeded random games (1 to 6 players, random options); none shows a decision code such as
    DT-D3, DT-D8, DT-D9 or DT-D10, and each is a sentence."""
    reasons = collect_refusals(range(36))
    coded = {reason: action for reason, action in reasons.items() if DECISION_CODE.search(reason)}
    assert not coded, coded
    not_sentences = {
        reason: action for reason, action in reasons.items() if not is_sentence(reason)
    }
    assert not not_sentences, not_sentences
    # The walk reaches the refusals that used to carry codes, and many others.
    texts = " | ".join(reasons)
    for expected in (
        "That token is not open",
        "A shift stays within 1 to 6",
        "You may clean only one of your own vines",
        "Flipping that seed",
        "Place the ",
        "The game is over.",
        "Nothing is left to chance",
        "There is no such tomato token.",
        "The bushel holds no die of that colour.",
    ):
        assert expected in texts, expected
    assert len(reasons) >= 30, sorted(reasons)


def test_the_sentence_check_catches_codes_and_fragments():
    """The check itself: a code in brackets or a fragment fails it."""
    assert DECISION_CODE.search("That token is not open (DT-D3).")
    assert DECISION_CODE.search("See PE-D8 for details.")
    assert not DECISION_CODE.search("A shift stays within 1 to 6.")
    assert not is_sentence("that die is placed.") and not is_sentence("That die is placed")
    assert is_sentence("Wait for the dice!") and is_sentence("Clear it or keep it?")
