"""Play-test: the "derail" and "stop" tags of the carts' paths sat on the hint's dashed frame
(a cart put in at the edge, the hint laying the square it heads for; a cart stopping beside
the hinted square). A path's tag keeps off the hint's frame."""

from __future__ import annotations

import pygame
import pytest

from engine.off_the_rails import state as S
from scenes.tables.off_the_rails.layout import Layout
from scenes.tables.off_the_rails.marks import hint_marks
from scenes.tables.off_the_rails.paths import path_tags, preview_paths
from tests.engine.off_the_rails.helpers import blank, lay, put_cart, put_gems
from tests.soak import WINDOW_SIZES

pytestmark = pytest.mark.usefixtures("fonts")  # tests/scenes/conftest.py


def _layout(state, size) -> Layout:
    return Layout(size, state.num_players, state.num_players + 1)


def _tags_beside(state, hint, size):
    lay_ = _layout(state, size)
    frames, _ghost = hint_marks(lay_, state, hint, None)
    (frame,) = frames
    tags = path_tags(lay_, state, preview_paths(state), None, frames)
    return tags, frame.inflate(8, 8)  # the dashed line is drawn 4 px outside the square


@pytest.mark.parametrize("size", WINDOW_SIZES)
def test_a_derail_tag_keeps_off_the_hint_frame_of_the_square_the_cart_heads_for(size):
    state = blank()
    put_cart(state, 0, (-1, 8), "S", speed=3)  # at the north edge, column I: no track yet
    tags, frame = _tags_beside(state, S.PlaceTile(0, 8, "NS"), size)
    assert [tag.words for tag in tags] == ["derail"]
    assert not tags[0].rect.colliderect(frame), (tags[0].rect, frame)


@pytest.mark.parametrize("size", WINDOW_SIZES)
def test_a_stop_tag_keeps_off_the_hint_frame_beside_the_deposit(size):
    state = blank()
    put_cart(state, 0, (10, 8), "N", speed=2)
    lay(state, {(9, 8): "NS", (8, 8): "ES"})
    put_gems(state, (8, 8), (0, 1, 0, 0, 1))
    tags, frame = _tags_beside(state, S.PlaceTile(8, 9, "EW"), size)
    assert tags and all(not tag.rect.colliderect(frame) for tag in tags), (tags, frame)


def test_without_a_hint_the_tags_sit_where_they_did():
    state = blank()
    put_cart(state, 0, (-1, 8), "S", speed=3)
    lay_ = _layout(state, (1280, 800))
    paths = preview_paths(state)
    assert path_tags(lay_, state, paths) == path_tags(lay_, state, paths, None, ())
    assert isinstance(path_tags(lay_, state, paths)[0].rect, pygame.Rect)
