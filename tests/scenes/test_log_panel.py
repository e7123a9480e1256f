"""The game log panel: scrolling reaches both ends."""

import pygame

from scenes.log_panel import LogPanel


def test_scrolling_up_reaches_the_first_line_and_down_the_last(fonts, monkeypatch):
    """Play-test: the wheel stopped one row short of the log's first line (the rows it may
    scroll were counted in a taller panel than the one drawn)."""
    panel = LogPanel(pygame.Rect(0, 0, 300, 240), [f"Line {n} of the log." for n in range(40)])
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: panel.rect.center)
    for _ in range(30):
        panel.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    drawn = []
    monkeypatch.setattr(
        "scenes.kit.blit_text", lambda surface, text, *rest, **named: drawn.append(text)
    )
    panel.draw(pygame.Surface(panel.rect.size))
    assert drawn[1] == "Line 0 of the log."  # after the panel's title
    assert len(drawn) - 1 == panel.visible_rows
    for _ in range(30):
        panel.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    drawn.clear()
    panel.draw(pygame.Surface(panel.rect.size))
    assert drawn[-1] == "Line 39 of the log."
