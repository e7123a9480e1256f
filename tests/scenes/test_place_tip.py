"""Where a tooltip goes (:func:`scenes.kit.place_tip`): beside what it describes, off what the
player must keep in sight, and where no place is free, over the least important part."""

import pygame

from scenes import kit

BOUNDS = pygame.Rect(0, 0, 400, 300)
ANCHOR = pygame.Rect(190, 140, 20, 20)
LEFT = pygame.Rect(0, 0, 190, 300)
RIGHT = pygame.Rect(210, 0, 190, 300)
MIDDLE = pygame.Rect(190, 0, 20, 140)


def covered(rect: pygame.Rect, part: pygame.Rect) -> int:
    clip = rect.clip(part)
    return clip.width * clip.height


def test_a_tooltip_goes_right_of_what_it_describes_when_nothing_is_in_the_way():
    rect = kit.place_tip((100, 40), ANCHOR, BOUNDS)
    assert rect == pygame.Rect(220, 140, 100, 40)


def test_a_tooltip_keeps_off_a_spared_part_where_there_is_room():
    """The right half is spared: the tooltip goes left of the anchor instead of right."""
    rect = kit.place_tip((100, 40), ANCHOR, BOUNDS, avoid=(), spare=[[RIGHT]])
    assert rect == pygame.Rect(80, 140, 100, 40)
    assert covered(rect, RIGHT) == 0


def test_with_no_room_a_tooltip_covers_the_least_important_part():
    """Both halves must stay in sight and a 200-pixel tooltip fits in neither: it covers the
    spared half (less important) and none of the avoided one, whichever side that is."""
    rect = kit.place_tip((200, 40), ANCHOR, BOUNDS, avoid=[LEFT], spare=[[RIGHT]])
    assert covered(rect, LEFT) == 0 and covered(rect, RIGHT) > 0
    rect = kit.place_tip((200, 40), ANCHOR, BOUNDS, avoid=[RIGHT], spare=[[LEFT]])
    assert covered(rect, RIGHT) == 0 and covered(rect, LEFT) > 0


def test_the_spared_lists_give_way_last_first():
    """With the avoided part and two spared lists, the tooltip covers the last list rather
    than the first, and never the anchor."""
    rect = kit.place_tip((200, 40), ANCHOR, BOUNDS, avoid=[MIDDLE], spare=[[LEFT], [RIGHT]])
    assert covered(rect, MIDDLE) == 0 and covered(rect, LEFT) == 0
    assert covered(rect, RIGHT) > 0 and not rect.colliderect(ANCHOR)
    rect = kit.place_tip((200, 40), ANCHOR, BOUNDS, avoid=[MIDDLE], spare=[[RIGHT], [LEFT]])
    assert covered(rect, RIGHT) == 0 and covered(rect, LEFT) > 0
