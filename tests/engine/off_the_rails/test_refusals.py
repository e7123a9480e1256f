"""Refusals are plain sentences a player reads: every IllegalAction message the engine raises is
walked over seeded random games (issue 14, "Everywhere"); none shows a decision code."""

import random
import re
from dataclasses import dataclass

import pytest

from engine.core import Action, IllegalAction
from engine.off_the_rails import board
from engine.off_the_rails.data import GEMS, MISSIONS
from engine.off_the_rails.state import (
    ChangeSpeed,
    ChooseEdge,
    ChooseExit,
    ClaimMission,
    DealMission,
    DrawChasmToken,
    DrawEdge,
    DrawGem,
    DropGems,
    EndActions,
    MoveCart,
    PickPile,
    PlaceCart,
    PlaceChasmToken,
    PlaceTile,
    RevealCard,
    RollChasmDie,
    SplitLoad,
    TakeGem,
    UpgradeTile,
)
from tests.engine.off_the_rails.helpers import play, play_from, ring_position

DECISION_CODE = re.compile(r"\b[A-Z]{2}-D\d+\b")


@dataclass(frozen=True)
class RollDice(Action):
    """A move of another game."""


def wrong_actions(state, rng) -> list:
    """One action of every class, with plausible but mostly wrong arguments."""
    row, col = rng.randint(-2, 13), rng.randint(-2, 13)
    cart = rng.randint(-1, len(state.carts))
    gems = tuple(rng.randint(0, 2) for _ in range(5))
    return [
        PlaceTile(row, col, rng.choice(board.ALL_TILES + ("", "NN"))),
        UpgradeTile(row, col, rng.choice(board.ALL_TILES + ("NSX",))),
        PlaceCart(cart, row, col),
        ChangeSpeed(cart, rng.choice((-2, -1, 1, 2))),
        EndActions(),
        MoveCart(cart),
        ChooseExit(rng.choice(board.SIDES + ("X",))),
        TakeGem(rng.choice(GEMS + ("pearl",))),
        SplitLoad(gems),
        DropGems(gems),
        PickPile(rng.choice((-1, 0, 1, 2))),
        ClaimMission(rng.randint(0, len(MISSIONS) + 1)),
        PlaceChasmToken(row, col),
        ChooseEdge(rng.choice(board.EDGES + ("up",))),
        DrawEdge(rng.choice(board.EDGES)),
        DealMission(rng.randint(1, 11)),
        RevealCard(rng.choice(board.COLOURS + ("chasm",)), rng.randint(0, 9)),
        DrawGem(rng.choice(GEMS)),
        DrawChasmToken(rng.choice(board.COLOURS)),
        RollChasmDie(rng.randint(0, 9)),
        RollDice(),
    ]


def collect_refusals(seeds=range(12)) -> dict:
    """``{reason: action}`` for every refusal met by trying wrong actions, and actions legal at
    other points of the game, at every step of seeded random games (ring positions too, for
    splits, picks and drops)."""
    reasons: dict = {}
    elsewhere: list = []

    def probe(state, rng):
        if state.is_terminal():
            tries = wrong_actions(state, rng)[:3]
        else:
            tries = rng.sample(wrong_actions(state, rng), 7) + rng.sample(
                elsewhere, min(4, len(elsewhere))
            )
        trial = state.clone()
        for action in tries:
            try:
                trial.apply_action(action)
            except IllegalAction as err:
                reasons.setdefault(err.reason, action)
            else:
                trial = state.clone()  # a refusal changes nothing: only a taken move needs a copy
        legal = state.legal_actions() or [a for a, _ in state.chance_outcomes()]
        if legal:
            elsewhere.append(legal[int(rng.random() * len(legal))])
            del elsewhere[:-60]

    for seed in seeds:
        rng = random.Random(seed)
        players = 1 + seed % 4
        options = {
            "chasm_die": seed % 3 == 0,
            "split_rule": "larger" if seed % 5 == 4 else "choose",
            "game_length": 13,
        }
        play(seed, players, options, on_step=lambda s, a, e, rng=rng: probe(s, rng))
        ring = ring_position(seed, 2 + seed % 3, split_rule=options["split_rule"])
        play_from(ring, random.Random(seed), on_step=lambda s, a, e, rng=rng: probe(s, rng))
    return reasons


@pytest.mark.long
def test_every_refusal_is_a_plain_sentence_without_a_decision_code():
    """Issue 14, "Everywhere": each IllegalAction reason met over seeded random games starts with
    a capital letter, ends with . ! or ?, and never shows a decision code such as OR-D5."""
    reasons = collect_refusals()
    assert len(reasons) >= 30, sorted(reasons)  # the walk meets most of the refusals
    bad = {
        reason: action
        for reason, action in reasons.items()
        if DECISION_CODE.search(reason) or not reason[:1].isupper() or reason[-1] not in ".!?"
    }
    assert not bad, bad
