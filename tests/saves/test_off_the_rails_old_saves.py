"""Saves written by the code before Off the Rails' engine owned its events (main at f09f4cc,
tasks as tuples) still load: the state's JSON shape did not change (issue 16).

The files in tests/saves/data were written by that code from seeded random games, each stopped
at a decision in the middle of a turn: a junction's exit (tasks ``exit``, ``run``,
``cart_done``), the mover's pick after a split (``pick``, ``collision_end``, ``piles_split``),
a chasm token to place (4 players), and a solo junction.
"""
import json
from pathlib import Path

import pytest

from engine.off_the_rails.tasks import CartStep, HitStep, TaskKind
from saves import format as fmt

DATA = Path(__file__).parent / "data"


def load(name):
    text = (DATA / name).read_text(encoding="utf-8")
    return fmt.load_match(fmt.parse(text, name), name), json.loads(text)["snapshot"]


@pytest.mark.parametrize("what", ["exit-choice", "pick-pile", "chasm-token", "solo"])
def test_an_off_the_rails_save_from_before_the_events_loads_and_plays_on(what):
    match, snapshot = load(f"off-the-rails-main-f09f4cc-{what}.json")
    assert match.state.to_dict() == snapshot
    legal = match.legal_actions()
    assert legal
    match.apply(legal[0])                 # the game goes on from the loaded position


def test_old_task_lists_become_task_records():
    match, _ = load("off-the-rails-main-f09f4cc-pick-pile.json")
    head, after = match.state.tasks[:2]
    assert head == HitStep(TaskKind.PICK, 5, 4) and after.kind == TaskKind.COLLISION_END
    assert match.state.split_piles() == ((0, 1, 0, 0, 0), (0, 0, 1, 0, 0))
    match, _ = load("off-the-rails-main-f09f4cc-exit-choice.json")
    assert match.state.tasks[0] == CartStep(TaskKind.EXIT, 0)
