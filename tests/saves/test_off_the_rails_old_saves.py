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
    match.apply(legal[0])  # the game goes on from the loaded position


def test_old_task_lists_become_task_records():
    match, _ = load("off-the-rails-main-f09f4cc-pick-pile.json")
    head, after = match.state.tasks[:2]
    assert head == HitStep(TaskKind.PICK, 5, 4) and after.kind == TaskKind.COLLISION_END
    assert match.state.split_piles() == ((0, 1, 0, 0, 0), (0, 0, 1, 0, 0))
    match, _ = load("off-the-rails-main-f09f4cc-exit-choice.json")
    assert match.state.tasks[0] == CartStep(TaskKind.EXIT, 0)


# Saves written by main at f37f550 (before issue 18) from seeded track-laying games of 2 and 3
# players: one stopped at a turn's action phase after turn 14, one at a jewel question whose
# cart took every gem anyway.
BEFORE_18 = "off-the-rails-main-f37f550-{}.json"


def test_or_d12_an_old_history_gets_end_actions_after_every_fourth_action():
    """OR-D12: under the earlier rules the fourth action ended the action phase by itself; the
    upgrade puts the player's EndActions there, and the game replays to the saved position."""
    from engine.off_the_rails.state import EndActions, PlaceCart, PlaceTile, UpgradeTile

    name = BEFORE_18.format("mid-game")
    old = json.loads((DATA / name).read_text(encoding="utf-8"))
    match, snapshot = load(name)
    assert match.state.to_dict() == snapshot
    history = match.history
    spent, inserted = 0, 0
    for index, entry in enumerate(history):
        if (
            isinstance(entry.action, (PlaceTile, UpgradeTile, PlaceCart))
            or type(entry.action).__name__ == "ChangeSpeed"
        ):
            spent += 1
            if spent == 4:
                assert history[index + 1].action == EndActions()
                assert history[index + 1].player == entry.player
                inserted += 1
        elif isinstance(entry.action, EndActions):
            spent = 0
    assert inserted >= 5
    assert len(history) == len(old["history"]) + inserted - 1  # one jewel answer dropped
    match.apply(match.legal_actions()[0])


def test_or_d13_a_save_made_at_a_jewel_question_no_longer_asked_loads_past_it():
    """OR-D13: the old save waited for a jewel choice whose cart took every gem anyway; today
    the cart takes them by itself, so the loaded game has gone past the question (with the
    same gems in the cart) and plays on."""
    name = BEFORE_18.format("gem-question")
    old = json.loads((DATA / name).read_text(encoding="utf-8"))
    assert old["snapshot"]["tasks"][0][0] == "pickup"
    match, _ = load(name)
    state = match.state
    assert state.pending() != "gem"
    head = old["snapshot"]["tasks"][0]
    cart = old["snapshot"]["carts"][head[1]]
    square = f"{cart['square'][0]},{cart['square'][1]}"
    waiting = old["snapshot"]["gems"][square]
    assert sum(waiting) <= head[2]
    took = [a - b for a, b in zip(state.carts[head[1]].load, cart["load"], strict=True)]
    assert state.carts[head[1]].where == "board" and took == waiting
    match.advance_chance()
    assert match.legal_actions()


def test_or_d12_a_format_3_save_of_rules_2_is_upgraded_and_one_that_cannot_be_goes_on():
    """A save written by main between the rules versions (format 3, Off the Rails rules 2)
    gets its history upgraded to today's rules (3); a history the upgrade cannot replay is left
    for loading to go on from its snapshot, never refused."""
    from engine.off_the_rails.state import EndActions

    old = json.loads((DATA / BEFORE_18.format("mid-game")).read_text(encoding="utf-8"))
    old.update(schema_version=3, rules_version=2)
    old["checksum"] = fmt.checksum(old)
    upgraded = fmt.parse(fmt.dumps(old), "mid-game")
    assert upgraded["schema_version"] == fmt.SCHEMA_VERSION and upgraded["rules_version"] == 3
    assert any(item["action"] == EndActions().to_dict() for item in upgraded["history"])
    match = fmt.load_match(upgraded, "mid-game")
    assert match.state.to_dict() == old["snapshot"] and not match.notice
    broken = dict(old, history=old["history"][:3] + old["history"][4:])
    broken["checksum"] = fmt.checksum(broken)
    kept = fmt.parse(fmt.dumps(broken), "broken")
    assert kept["rules_version"] == 2  # not upgraded: left as it was
    match = fmt.load_match(kept, "broken")
    assert match.state.to_dict() == old["snapshot"] and match.notice
