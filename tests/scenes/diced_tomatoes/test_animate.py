"""Diced Tomatoes' events → steps, without a display (issue 19): each step lands on the state
the engine's ``apply_event`` gives, and the banners name the seats."""

import pytest

from engine.diced_tomatoes import state as dt
from engine.diced_tomatoes.events import apply_event
from engine.diced_tomatoes.notation import parse_position
from scenes.table.steps import Stage, plan
from scenes.tables.diced_tomatoes import animate
from scenes.tables.diced_tomatoes.layout import Layout

pytestmark = pytest.mark.usefixtures("fonts")  # tests/scenes/conftest.py


def stage(players, humans, viewer=0):
    """A stage whose banners are the messages they show."""
    return Stage(
        Layout((1280, 800), players),
        ("Ana", "Bo", "Cy")[:players],
        lambda seconds: seconds,
        lambda message, *rest, **kw: message,
        apply_event,
        viewer,
        humans,
    )


def banners(events, before, on_stage) -> list:
    return [
        a
        for step in plan(events, before, on_stage, animate.group, animate.animate_step)
        for a in step.animations
        if isinstance(a, str)
    ]


def test_against_bots_the_banners_say_you_in_hot_seat_they_name_the_seat():
    before = parse_position("players=2 phase=start")
    chosen = [dt.TurnOrderChosen(last_player=1, first_player=0)]
    assert banners(chosen, before, stage(2, humans=(0,))) == ["You go first"]
    assert banners(chosen, before, stage(2, humans=(0, 1))) == ["Ana goes first"]


def test_each_step_lands_on_the_engines_state_after_its_events():
    state = parse_position("players=2 hand=4r,x,x vines=2r1r3r|-|-/-|-|-")
    before = state.clone()
    events = state.apply_action(dt.PlaceDie(0, 0, 0))
    steps = plan(events, before, stage(2, humans=(0,)), animate.group, animate.animate_step)
    assert [e for step in steps for e in step.events] == list(events)
    assert steps[-1].after.to_dict() == state.to_dict()
    harvest = next(
        i
        for i, step in enumerate(steps)
        if any(isinstance(e, dt.VineHarvested) for e in step.events)
    )
    assert steps[harvest].after.score[0] == [2]  # the seed lands in slot 1
    assert harvest == 0 or steps[harvest - 1].after.score[0] == []
