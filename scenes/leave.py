"""Leaving a game that is not saved under a name: Save and quit / Quit / Cancel.

Asked when the window is closed or Quit to title is chosen during a game with a person seated
that has changed since it was last saved under a name (:meth:`TableScene.ask_before_leaving`).
Nothing is lost either way: every step is autosaved, so Continue returns to it; the question
offers a save of its own in Load game. Enter saves, Esc cancels.
"""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from saves import store
from saves.format import SaveError
from saves.shown import title_now
from scenes import kit, routes
from scenes.manager import Scene
from translation import N_, _


class LeaveScene(Scene):
    """Drawn over the table (or its pause menu). ``then()`` leaves: quits the program or goes
    to the title; it runs after Save and quit has saved, or at once on Quit."""

    overlay = True

    def __init__(self, app, table, then):
        super().__init__(app)
        self.table = table
        self.then = then

    MESSAGE = N_(
        "It is not saved under a name. Either way, Continue on the title screen "
        "brings you back to this point."
    )

    SAVED_BEFORE = N_(
        "Your moves since you saved it as “{name}” are not in that save. Either way, "
        "Continue on the title screen brings you back to this point."
    )

    def message(self) -> str:
        """Why the question is asked: never saved under a name, or played on since."""
        if self.table.saved_as:
            return _(self.SAVED_BEFORE).format(
                name=title_now(self.table.saved_as, self.table.match)
            )
        return _(self.MESSAGE)

    def labels(self) -> list:
        return [_("Save and quit"), _("Quit"), _("Cancel")]

    def panel(self) -> pygame.Rect:
        """The question's panel, centred: as wide as the buttons' labels need (at most the
        window less a margin), as tall as the wrapped message."""
        w, h = self.app.size
        px = kit.px
        needs = max(kit.text_size(label, 17, True)[0] for label in self.labels()) + px(28)
        width = min(w - 60, max(px(520), 3 * needs + 2 * px(12) + px(48)))
        lines = kit.wrap(self.message(), 17, width - px(56))
        height = px(62) + len(lines) * kit.font(17).get_linesize() + px(18 + 44 + 22)
        rect = pygame.Rect(0, 0, width, min(h - 40, height))
        rect.center = (w // 2, h // 2)
        return rect

    def build(self) -> None:
        rect = self.panel()
        ui, c = self.app.ui, self.container
        gap, height = kit.px(12), kit.px(44)
        width = (rect.width - kit.px(48) - 2 * gap) // 3
        y = rect.bottom - height - kit.px(22)
        commands = (self.save_and_quit, self.leave, self.app.manager.pop)
        self.buttons = []
        for i, (label, command) in enumerate(zip(self.labels(), commands)):
            self.buttons.append(
                UIButton(
                    pygame.Rect(rect.x + kit.px(24) + i * (width + gap), y, width, height),
                    label,
                    ui,
                    container=c,
                    command=command,
                )
            )
        kit.set_tooltip(self.buttons[0], _("Save the game under a name (Enter), then leave"))
        kit.set_tooltip(self.buttons[2], _("Back to the game (Esc)"))

    def save_and_quit(self) -> None:
        """Save under the game's name when it has one (then leave), else ask for a name."""
        if self.table.saved_as is None:
            routes.replace(self.app, "pause", self.table, naming=True, then=self.then)
            return
        name = title_now(self.table.saved_as, self.table.match)
        try:
            store.save(self.table.match, name)
        except SaveError as err:
            self.app.notify(str(err))
            return
        self.table.mark_saved(name)
        self.leave()

    def leave(self) -> None:
        self.app.manager.pop()
        self.then()

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.manager.pop()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):  # (no button focused)
                self.save_and_quit()
                return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)

    def draw(self, surface) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 150))
        surface.blit(veil, (0, 0))
        rect = self.panel()
        kit.draw_panel(surface, rect, (20, 26, 30, 240), border=(93, 116, 128))
        title = _("Leave this game?")
        kit.blit_text(
            surface,
            title,
            kit.fit_text(title, 26, rect.width - 40, bold=True),
            (rect.centerx, rect.y + kit.px(16)),
            kit.GOLD,
            True,
            "midtop",
        )
        step = kit.font(17).get_linesize()
        for i, line in enumerate(kit.wrap(self.message(), 17, rect.width - kit.px(56))):
            kit.blit_text(
                surface,
                line,
                17,
                (rect.centerx, rect.y + kit.px(62) + i * step),
                kit.INK,
                anchor="midtop",
            )
