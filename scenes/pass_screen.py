"""Hot-seat: "Pass to NAME" between two human players' turns."""

from __future__ import annotations

import time

import pygame
from pygame_gui.elements import UIButton

from scenes import kit
from scenes.manager import Scene
from translation import _

KEY_DELAY = 0.6
"""Seconds the pass screen ignores Enter and Space after it appears (a play-test: the Enter
meant for the table, pressed as the turn passed, let the next player in unseen)."""


class PassScreen(Scene):
    """Covers the table until the next human confirms they are at the keyboard."""

    overlay = True

    def __init__(self, app, name: str):
        super().__init__(app)
        self.name = name
        self.shown_at = time.monotonic()

    def build(self) -> None:
        w, h = self.app.size
        UIButton(
            pygame.Rect((w - kit.px(320)) // 2, h // 2 + 20, kit.px(320), kit.px(48)),
            _("I'm {name} — go").format(name=self.name),
            self.app.ui,
            container=self.container,
            command=self.app.manager.pop,
            tool_tip_text=_("Start your turn (Enter or Space)"),
        )

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE):
            if time.monotonic() - self.shown_at >= KEY_DELAY:
                self.app.manager.pop()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)

    def draw(self, surface) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((8, 12, 14, 230))
        surface.blit(veil, (0, 0))
        w, h = surface.get_size()
        kit.blit_text(
            surface,
            _("Pass to {name}").format(name=self.name),
            40,
            (w // 2, h // 2 - 50),
            kit.GOLD,
            True,
            "center",
            shadow=True,
        )
