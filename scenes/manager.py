"""The scene stack and the :class:`Scene` base (docs/DESIGN.md, "Scenes and sprites").

A scene builds its widgets in its own container on ``enter`` and kills them on ``exit``. When a
scene is covered by another (``push``), it is ``pause``d: its widgets hide; ``resume`` shows them
again. An ``overlay`` scene (the pause menu) is drawn over the scene below it, which paints its
hidden widgets as they looked (:meth:`Scene.draw_covered`), so the overlay's veil dims the
whole scene alike. A scene put on
the stack already covered (``reset(title, covered_by=table)``: a game opened from the title) is
built only when it is first uncovered: nobody sees it before.
"""

from __future__ import annotations

import pygame
import pygame_gui


class Scene:
    """Base of every screen. ``app`` is the :class:`scenes.app.App` (window, ui, settings)."""

    overlay = False
    """True for scenes drawn over the one below (the pause menu)."""
    covered_picture: tuple = ()
    """``(image, rect)`` of each widget shown when an overlay covered this scene (:meth:`pause`),
    drawn under the overlay by :meth:`draw_covered`."""

    def __init__(self, app):
        self.app = app
        self.container: pygame_gui.core.UIContainer | None = None

    # The manager calls these.
    def enter(self) -> None:
        """Build widgets (in ``self.container``) for the current window size."""
        self.container = pygame_gui.core.UIContainer(
            pygame.Rect((0, 0), self.app.size),
            self.app.ui,
            starting_height=2 if self.overlay else 1,
        )
        self.build()

    def build(self) -> None:
        """Create this scene's widgets inside ``self.container`` (override)."""

    def exit(self) -> None:
        """Kill the widgets; called when the scene leaves the stack."""
        self.covered_picture = ()
        if self.container is not None:
            self.container.kill()
            self.container = None

    def pause(self) -> None:
        """Hide the widgets, and any tooltip one of them shows: pygame_gui leaves a hidden text
        field's tooltip on screen (a play-test saw New game's over the next screen). What was
        shown is kept as a picture for an overlay to be drawn over (:meth:`draw_covered`)."""
        if self.container is None:
            return
        shown = shown_widgets(self.container)
        self.container.hide()  # hovered buttons look plain again: the picture is taken then
        self.covered_picture = tuple((widget.image, widget.rect.copy()) for widget in shown)
        for element in self.app.ui.get_sprite_group().sprites():
            tip = getattr(element, "tool_tip", None)
            if tip is not None and not element.visible:
                tip.kill()
                element.tool_tip = None

    def resume(self) -> None:
        self.covered_picture = ()
        if self.container is not None:
            self.container.show()

    def draw_covered(self, surface: pygame.Surface) -> None:
        """Under an overlay: the widgets as they looked when it covered this scene, a picture
        (hidden, they take no clicks). Without them the Save dialog's veil showed a table
        without its Menu, Undo and tool buttons, which looked broken (a play-test)."""
        for image, rect in self.covered_picture:
            surface.blit(image, rect)

    def relayout(self) -> None:
        """Rebuild widgets for a new window size (default: exit and enter again)."""
        visible = self.container is None or self.container.visible
        self.exit()
        self.enter()
        if not visible:
            self.pause()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one event the UI did not consume; return True if handled."""
        return False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def update_covered(self, dt: float) -> None:
        """Advance by ``dt`` seconds while another scene covers this one (default: nothing; an
        online table still takes in its friends' turns under the pause menu)."""

    def covered_wake_in(self) -> float | None:
        """Like :meth:`wake_in`, while another scene covers this one (default: None)."""
        return None

    def pointer_down(self, event: pygame.event.Event) -> None:
        """A mouse button went down, before the widgets see it (default: nothing). A table
        lands the person's own step here, so a button the step enables takes the click."""

    def button_pressed(self, button) -> None:
        """``button`` (a pygame_gui button of this scene's) was just clicked; its command has
        run (default: nothing more)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw everything under the widgets (the app draws those next)."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Draw what goes on top of the widgets (text on cards, dragged pieces)."""

    def toast_area(self) -> tuple | None:
        """``(rect, edge)``: where the app's toasts stack on this scene, clear of what is
        played — from the ``"top"`` or the ``"bottom"`` edge of ``rect`` — or None for the
        bottom middle of the window."""
        return None

    paints_window = False
    """True for a scene whose ``draw`` starts by painting every pixel of the window (the felt):
    the app then need not clear the window first."""

    keyboard_focus = True
    """Tab and the arrows move a focus over this scene's buttons (:mod:`scenes.focus`); tables
    keep those keys for themselves."""

    def ask_before_leaving(self, then) -> bool:
        """Something would be lost by leaving (closing the window, Quit to title): show a
        question that calls ``then()`` once answered, and return True; else return False."""
        return False

    # The app's idle loop asks these (docs/DESIGN.md: an idle screen costs almost no CPU).
    def busy(self) -> bool:
        """True while this scene changes by itself from frame to frame (an animation, a bot
        thinking): the app draws at 60 fps. False lets the app wait for events."""
        return False

    def wake_in(self) -> float | None:
        """Seconds until this scene changes by itself while not :meth:`busy` (a message that
        goes away), or None when only an event can change it."""
        return None

    def rest(self) -> None:
        """Called once before the app stops drawing: settle what moves with time (a pulsing
        glow) so the still frame looks intended."""

    def end_program(self) -> None:
        """The program ends (the window closes): finish what must not be cut off (an online
        game's last moves going out). Default: nothing."""


def shown_widgets(container) -> list:
    """The widgets shown now in ``container`` and the containers in it, in the order
    pygame_gui draws them (by layer); containers themselves draw nothing."""
    found = []

    def gather(holder) -> None:
        for element in getattr(holder, "elements", ()):
            if hasattr(element, "elements"):
                gather(element)
            elif element.visible and getattr(element, "image", None) is not None:
                found.append(element)

    gather(container)
    found.sort(key=lambda element: element.get_top_layer())
    return found


class SceneManager:
    """A stack of scenes: ``push`` covers, ``pop`` uncovers, ``replace`` swaps the top."""

    def __init__(self):
        self.stack: list[Scene] = []
        self._unbuilt: list[Scene] = []
        """Scenes on the stack not entered yet: they enter when first uncovered."""

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def _is_unbuilt(self, scene: Scene) -> bool:
        return any(waiting is scene for waiting in self._unbuilt)

    def _take_out(self, scene: Scene) -> None:
        """``scene`` leaves the stack: it exits (a scene never built has nothing to kill)."""
        if self._is_unbuilt(scene):
            self._unbuilt = [waiting for waiting in self._unbuilt if waiting is not scene]
        else:
            scene.exit()

    def push(self, scene: Scene) -> None:
        if self.top is not None and not self._is_unbuilt(self.top):
            self.top.pause()
        self.stack.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        """Remove the top scene; the one below resumes (or enters, if never built). Returns
        the removed scene."""
        if not self.stack:
            return None
        scene = self.stack.pop()
        self._take_out(scene)
        below = self.top
        if below is not None:
            if self._is_unbuilt(below):
                self._unbuilt = [waiting for waiting in self._unbuilt if waiting is not below]
                below.enter()
            else:
                below.resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        if self.stack:
            self._take_out(self.stack.pop())
        self.stack.append(scene)
        scene.enter()

    def reset(self, scene: Scene, covered_by: Scene | None = None) -> None:
        """Empty the stack and start again from ``scene`` (quit to title). With
        ``covered_by``, that scene goes on top at once and ``scene`` is built only when it is
        uncovered (a game opened from the title: the title under the table is never seen
        before the table goes)."""
        while self.stack:
            self._take_out(self.stack.pop())
        if covered_by is None:
            self.push(scene)
            return
        self.stack.append(scene)
        self._unbuilt.append(scene)
        self.push(covered_by)

    def find(self, cls) -> Scene | None:
        """The topmost scene of class ``cls``, or None."""
        for scene in reversed(self.stack):
            if isinstance(scene, cls):
                return scene
        return None

    def relayout(self) -> None:
        """Rebuild every built scene on the stack (a new window size, scale or language)."""
        for scene in self.stack:
            if not self._is_unbuilt(scene):
                scene.relayout()

    def handle_event(self, event) -> bool:
        return self.top.handle_event(event) if self.top else False

    def update(self, dt: float) -> None:
        """The top scene's :meth:`Scene.update`, and every built scene under it's
        :meth:`Scene.update_covered`."""
        for scene in self.stack[:-1]:
            if not self._is_unbuilt(scene):
                scene.update_covered(dt)
        if self.top:
            self.top.update(dt)

    def draw(self, surface) -> None:
        """Draw the top scene, and under an overlay the scenes it covers (the one that is no
        overlay with a picture of its widgets; an overlay under another hides them)."""
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        for scene in self.stack[max(first, 0) :]:
            scene.draw(surface)
            if scene is not self.top and not scene.overlay:
                scene.draw_covered(surface)

    def draw_over(self, surface) -> None:
        if self.top:
            self.top.draw_over(surface)

    def paints_window(self) -> bool:
        """True when the first scene :meth:`draw` draws paints the whole window."""
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        return bool(self.stack) and self.stack[max(first, 0)].paints_window

    def toast_area(self) -> tuple | None:
        """Where toasts go: the area of the top scene, or of the scene an overlay covers."""
        for scene in reversed(self.stack):
            area = scene.toast_area()
            if area is not None or not scene.overlay:
                return area
        return None

    def busy(self) -> bool:
        """True while the top scene changes by itself (:meth:`Scene.busy`)."""
        return bool(self.top and self.top.busy())

    def wake_in(self) -> float | None:
        """Seconds until a scene changes by itself (the top's :meth:`Scene.wake_in`, the
        covered ones' :meth:`Scene.covered_wake_in`), or None."""
        due = [scene.covered_wake_in() for scene in self.stack[:-1] if not self._is_unbuilt(scene)]
        due.append(self.top.wake_in() if self.top else None)
        return min((t for t in due if t is not None), default=None)

    def rest(self) -> None:
        for scene in self.stack:
            scene.rest()
