"""Tooltips on top of everything: a scene's ``draw_over`` (the game cards' text, a dragged
piece) is drawn after pygame_gui's widgets, tooltips included, so the app draws the live
tooltips once more after it (a play-test read the next card's title across a tooltip)."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UITooltip


def draw_tooltips(ui, surface: pygame.Surface) -> None:
    """Blit every visible tooltip of ``ui`` (a pygame_gui UIManager) onto ``surface`` again,
    at its place on the window; nothing when none is shown."""
    for sprite in ui.get_sprite_group().sprites():
        if isinstance(sprite, UITooltip) and sprite.visible and sprite.text_block is not None:
            block = sprite.text_block
            if block.visible and block.image is not None:
                surface.blit(block.image, block.rect)
