"""Menus and dialogs without a mouse: Tab and the arrow keys move a visible focus over the top
scene's buttons, Enter or Space presses the focused one, Esc goes back (each scene's own Esc).

The buttons are pygame_gui's, found in the top scene's container (or in an open dialog window)
in reading order, so every menu works without a line of its own; a dropdown's own buttons open
it and choose in it, a slider's arrows move it. Table scenes keep their keys
(``keyboard_focus = False``): there every button's tooltip names its key instead.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UISelectionList, UITextEntryBox, UITextEntryLine

RING = (238, 196, 84)
NEXT_KEYS = (pygame.K_DOWN, pygame.K_RIGHT)
PREVIOUS_KEYS = (pygame.K_UP, pygame.K_LEFT)
PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def typing(ui) -> bool:
    """True while a text box, of one line or of many (a position), has the keyboard of the
    UI manager ``ui``: keys are its (M types an "m"), Enter too."""
    focused = ui.get_focus_set() or ()
    return any(isinstance(element, (UITextEntryLine, UITextEntryBox)) for element in focused)


def _inside(element, container) -> bool:
    parent = element.ui_container
    while parent is not None:
        if parent is container:
            return True
        following = getattr(parent, "ui_container", None)
        parent = following if following is not parent else None
    return False


class FocusRing:
    """The keyboard focus of the app's top scene (``app.focus``)."""

    def __init__(self, app):
        self.app = app
        self.current: UIButton | None = None

    def buttons(self) -> list:
        """The buttons the keyboard can reach now, in reading order: an open dialog window's,
        else the top scene's (none when the top scene keeps its own keys)."""
        ui = self.app.ui
        windows = [w for w in ui.get_window_stack().stack if w.alive() and w.visible]
        top = self.app.manager.top
        if windows:
            container = windows[-1]
        elif top is not None and getattr(top, "keyboard_focus", True) and top.container:
            container = top.container
        else:
            return []
        sprites = ui.get_sprite_group().sprites()
        lists = [
            e
            for e in sprites
            if isinstance(e, UISelectionList) and e.visible and e.alive() and _inside(e, container)
        ]
        if lists:  # an open dropdown: its options only, until one is chosen
            container = getattr(lists[-1], "list_and_scroll_bar_container", lists[-1])
        found = [
            e
            for e in sprites
            if isinstance(e, UIButton)
            and e.visible
            and e.is_enabled
            and e.alive()
            and _inside(e, container)
        ]
        found.sort(key=lambda b: (b.get_abs_rect().y, b.get_abs_rect().x))
        return found

    def focused(self) -> UIButton | None:
        """The focused button while it can still be reached, else None. A button rebuilt
        with the same text (a dropdown after a choice) keeps the focus."""
        if self.current is None:
            return None
        buttons = self.buttons()
        if self.current in buttons:
            return self.current
        same = [b for b in buttons if b.text == self.current.text]
        if same:
            self.current = same[0]
            return self.current
        return None

    def move(self, step: int) -> None:
        buttons = self.buttons()
        if not buttons:
            self.current = None
            return
        same = [b for b in buttons if self.current is not None and b.text == self.current.text]
        if self.current in buttons:
            index = (buttons.index(self.current) + step) % len(buttons)
        elif same:  # a dropdown opened: go on from its chosen option
            index = (buttons.index(same[0]) + step) % len(buttons)
        else:
            index = 0 if step > 0 else len(buttons) - 1
        self.current = buttons[index]

    def press(self) -> bool:
        """Press the focused button as a click would; True if there was one."""
        button = self.focused()
        if button is None:
            return False
        button.on_self_event(pygame_gui.UI_BUTTON_PRESSED, {"mouse_button": 1})
        self.app.sound.play("button_click")
        return True

    def handle_event(self, event) -> bool:
        """Tab / Shift+Tab / arrows move the focus, Enter or Space presses it. True if used."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.current = None  # the mouse took over: no ring where it isn't
            return False
        if event.type != pygame.KEYDOWN or event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        if event.key == pygame.K_TAB:
            if not self.buttons():
                return False
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.key in NEXT_KEYS + PREVIOUS_KEYS:
            if not self.buttons():
                return False
            self.move(1 if event.key in NEXT_KEYS else -1)
            return True
        if event.key in PRESS_KEYS:
            return self.press()
        return False

    def draw(self, surface) -> None:
        """The ring round the focused button; none while a text box has the keyboard, where
        Enter is the box's (a tester saw the ring on Cancel while Enter saved)."""
        button = self.focused()
        if button is None or typing(self.app.ui):
            return
        rect = button.get_abs_rect().inflate(6, 6)
        pygame.draw.rect(surface, RING, rect, width=3, border_radius=6)
