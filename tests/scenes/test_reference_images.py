"""Each table at two sizes and two moments looks as its reference image (issue 37): a layout or
drawing regression fails here. Redraw the images with ``python -m tests.scenes.reference``
when a change of the look is meant, and look at them before committing."""

from __future__ import annotations

import pygame
import pytest

from tests.scenes.reference import cases, difference, draw_case, file_for

MEAN_LIMIT = 2.0
"""The mean channel difference allowed (0–255): anti-aliasing and font hinting differ a little
between machines; a moved panel or label does not stay under it."""
SHARE_LIMIT = 0.004
"""The share of pixels allowed to differ strongly (0.4 % of the half-size image)."""


@pytest.mark.parametrize(("game", "size", "moment"), cases())
@pytest.mark.long
def test_the_table_looks_as_its_reference(game, size, moment):
    reference = pygame.image.load(str(file_for(game, size, moment)))
    image = draw_case(game, size, moment)
    mean, share = difference(image, reference)
    assert mean <= MEAN_LIMIT and share <= SHARE_LIMIT, (
        f"{game} at {size} ({moment}) differs from its reference: mean {mean:.2f}, "
        f"{share:.2%} of pixels far off (python -m tests.scenes.reference redraws them)"
    )


def test_a_moved_panel_is_caught():
    """The comparison is not blind: the same frame shifted by 4 pixels fails it."""
    game, size, moment = cases()[0]
    reference = pygame.image.load(str(file_for(game, size, moment)))
    shifted = pygame.Surface(reference.get_size())
    shifted.blit(reference, (4, 0))
    mean, share = difference(shifted, reference)
    assert mean > MEAN_LIMIT or share > SHARE_LIMIT
