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


def test_the_dice_in_hand_close_up_as_a_placed_or_passed_die_leaves():
    """Play-test: a placed die left a gap in the tray. The tray keeps the hand together
    (the engine's slots stay as they are): while a die flies off, the dice after it slide
    left into its room, and each step lands where the board then draws them."""
    before = parse_position("players=2 phase=turn active=0 hand=4r,2b,5r,3r vines=-|-|-/-|-|-")
    on_stage = stage(2, (0,))
    lay = on_stage.layout
    placed = dt.DiePlaced(0, 1, "b", 2, owner=0, token=0, position=0, as_seed=True)
    for event in (placed, dt.DiePassed(0, 1, "b", 2, to_player=1)):
        steps = plan([event], before, on_stage, animate.group, animate.animate_step)
        after = steps[-1].after
        assert after.hand[1] is None and before.hand[1] is not None
        slides = {next(iter(a.hide)): a for a in steps[0].animations if a.hide and len(a.hide) == 1}
        assert set(slides) >= {("hand", 2), ("hand", 3)}
        assert ("hand", 0) not in slides  # before the die that left: it stays
        for slot in (2, 3):
            assert lay.hand_die_of(before.hand, slot) == lay.hand_die(slot)
            assert lay.hand_die_of(after.hand, slot) == lay.hand_die(slot - 1)  # closed up
            start, end = drawn_centres(slides[("hand", slot)])
            assert start == lay.hand_die(slot).center and end == lay.hand_die(slot - 1).center


def drawn_centres(animation) -> tuple:
    """Where ``animation`` draws its die at its start and its end."""
    import pygame

    centres = []
    for p in (0.0, 1.0):
        surface = pygame.Surface((1280, 800), pygame.SRCALPHA)
        animation.draw_fn(surface, p)
        centres.append(surface.get_bounding_rect().center)
    return tuple(centres)
