"""The system clipboard through pygame-ce (``pygame.scrap``), for sharing positions.

Both functions need the window to exist (the app made it) and never raise: without a clipboard
they say so by returning False or None, and the scene tells the player to select the text.
"""

from __future__ import annotations

import pygame


def copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard; True when it is there."""
    try:
        pygame.scrap.put_text(text)
        return pygame.scrap.get_text() == text
    except (pygame.error, AttributeError, TypeError, UnicodeError):
        return False


def paste_text() -> str | None:
    """The clipboard's text, or None when there is none (or no clipboard)."""
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError, UnicodeError):
        return None
    return text or None
