"""The pause overlay (Esc in a game): Resume, Save, Load, Rules, Settings, Quit to title."""
from __future__ import annotations

import pygame

from saves import store
from saves.format import SaveError
from scenes import kit
from scenes.manager import Scene


class PauseScene(Scene):
    """Drawn over the table; ``table`` is the table scene below (its match is saved)."""

    overlay = True

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table

    def build(self) -> None:
        self.buttons = kit.button_column(self, [
            ("Resume", self.app.manager.pop),
            ("Save", self.save),
            ("Load", self.load),
            ("Rules", self.rules),
            ("Settings", self.settings),
            ("Quit to title", self.quit_to_title),
        ], width=280, height=44, gap=10)

    def save(self) -> None:
        try:
            path = store.save(self.table.match)
        except SaveError as err:
            self.app.notify(str(err))
            return
        self.app.notify(f"Saved as {path.name}")

    def load(self) -> None:
        from scenes.load_game import LoadGameScene
        self.app.manager.push(LoadGameScene(self.app))

    def rules(self) -> None:
        from scenes.rules_help import RulesScene
        self.app.manager.push(RulesScene(self.app, self.table.match.spec.id))

    def settings(self) -> None:
        from scenes.settings import SettingsScene
        self.app.manager.push(SettingsScene(self.app))

    def quit_to_title(self) -> None:
        from scenes.title import TitleScene
        self.table.shutdown()
        self.app.manager.reset(TitleScene(self.app))

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.manager.pop()
            return True
        return False

    def draw(self, surface) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 150))
        surface.blit(veil, (0, 0))
        w, h = surface.get_size()
        rect = pygame.Rect(0, 0, 340, 6 * 54 + 90)
        rect.center = (w // 2, h // 2 - 20)
        kit.draw_panel(surface, rect, (20, 26, 30, 235), border=(93, 116, 128))
        kit.blit_text(surface, "Paused", 26, (w // 2, rect.y + 14), kit.GOLD, True, "midtop")
