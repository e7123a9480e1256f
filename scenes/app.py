"""The application: window, the one UIManager, settings, sound, the scene stack and the loop.

Each frame (docs/DESIGN.md, "Scenes and sprites"): QUIT and resize first, then
``ui.process_events``, then the top scene if the UI did not consume the event; ``update(dt)``;
draw; flip; tick(60).
Sound (:class:`sound.board.SoundBoard`) starts after the first frame is drawn; without an audio
device the game is silent and says nothing.
"""
from __future__ import annotations

import json
import sys
import time
import warnings
from pathlib import Path

import pygame
import pygame_gui

import translation
from saves.format import SaveError
from saves.settings import Settings, save_settings
from scenes.manager import SceneManager
from sound.board import SoundBoard
from translation import _

TITLE = "Tabletop Trio"
"""The program's name (a name: the same in every language)."""
DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (1024, 640)
THEME = Path(__file__).with_name("theme.json")


class App:
    """Owns the window and runs scenes.

    ``size`` overrides the window size from settings; ``instant`` forces instant animations;
    ``quit_at_end`` exits when a game ends, printing one JSON line (see :meth:`game_finished`).
    """

    def __init__(self, settings: Settings | None = None, size: tuple | None = None,
                 instant: bool = False, quit_at_end: bool = False, autoplay: bool = False):
        self.settings = settings or Settings()
        self.instant = instant
        self.quit_at_end = quit_at_end
        self.autoplay = autoplay
        self.running = True
        self.timed_bots = True
        """Bots think for a wall-clock budget; tests turn this off for repeatable games."""
        self.exit_status = 0
        self.result_line: str | None = None
        self.messages: list[str] = []
        self._toasts: list[tuple[str, float]] = []
        """(message, monotonic time it goes) of the toasts on screen."""
        pygame.display.init()  # the mixer opens later, off the main thread (SoundBoard.start)
        pygame.font.init()
        from scenes import kit
        kit.reset_caches()  # fonts die with pygame.quit(); a new App starts fresh
        pygame.display.set_caption(TITLE)
        start = tuple(size or self.settings.window_size or DEFAULT_SIZE)
        flags = pygame.RESIZABLE
        if self.settings.fullscreen and size is None:
            flags |= pygame.FULLSCREEN
            start = (0, 0)
        self.screen = pygame.display.set_mode(start, flags)
        self._set_minimum_size()
        language = self.settings.language or translation.system_language()
        translation.set_language(language)
        self.ui = pygame_gui.UIManager(self.screen.get_size(), str(THEME),
                                       enable_live_theme_updates=False,
                                       starting_language=language)
        self._preload_fonts()
        self.clock = pygame.time.Clock()
        self.manager = SceneManager()
        self.frame_count = 0
        self.sound = SoundBoard(self.settings)
        """Sound effects; silent until :meth:`SoundBoard.start` (``run`` calls it after the
        first frame) and for good when there is no audio device."""

    def _preload_fonts(self) -> None:
        """Load the sizes the text boxes' HTML asks for in the language's font (a font loaded
        on first use costs a frame)."""
        name = "noto_sans_jp" if translation.current_language() == "ja" else "noto_sans"
        fonts = self.ui.get_theme().get_font_dictionary()
        wanted = [(s, st) for s in (14, 15, 16, 17, 18, 20, 26) for st in ("regular", "bold")]
        self.ui.preload_fonts([
            {"name": name, "point_size": s, "style": st} for s, st in wanted
            if not fonts.check_font_preloaded(f"{name}_{st}_aa_{s}")])

    def set_language(self, code: str) -> None:
        """Speak ``code`` (one of :data:`translation.LANGUAGES`) from now on, without a restart: the
        catalogue and the fonts switch, and every scene on the stack is rebuilt in it (tables
        rebuild their log from the match's events). The setting is stored by the caller."""
        translation.set_language(code)
        from scenes import kit
        kit.reset_caches()
        self.ui.set_locale(code)
        self._preload_fonts()
        self.manager.relayout()

    def _set_minimum_size(self) -> None:
        # from_display_module warns that it prefers Window-only rendering; we only set a size.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            try:
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
            except (AttributeError, pygame.error):
                pass

    # --- facts scenes use ------------------------------------------------------------------
    @property
    def size(self) -> tuple:
        return self.screen.get_size()

    @property
    def speed_factor(self) -> float:
        """Animation duration multiplier: 0 when instant (setting or ``--instant``)."""
        return 0.0 if self.instant else self.settings.speed_factor

    @property
    def table_sounds(self) -> bool:
        """Tables play their sounds only when animations show what happens (not at instant)."""
        return self.speed_factor > 0

    @property
    def fast_forward(self) -> bool:
        """No human will watch: run the game as fast as the machine allows."""
        return self.instant and self.autoplay and self.quit_at_end

    def notify(self, message: str, seconds: float = 4.0) -> None:
        """Show a short message (a toast drawn by the app on top of every scene). Toasts shown
        at the same time stack upwards, the newest at the bottom; at most three."""
        self.messages.append(message)
        until = time.monotonic() + seconds
        self._toasts = [t for t in self._toasts if t[0] != message][-2:] + [(message, until)]

    # --- window -----------------------------------------------------------------------------
    def resize(self, size: tuple) -> None:
        """Adopt a new window size: widgets are rebuilt, never scaled (scaling blurs text)."""
        size = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        if size != self.screen.get_size():
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.ui.set_window_resolution(self.screen.get_size())
        self.manager.relayout()

    def toggle_fullscreen(self) -> None:
        """F11: switch between fullscreen and the window size from settings."""
        self.settings.fullscreen = not self.settings.fullscreen
        if self.settings.fullscreen:
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.screen = pygame.display.set_mode(self.settings.window_size, pygame.RESIZABLE)
            self._set_minimum_size()
        self.ui.set_window_resolution(self.screen.get_size())
        self.manager.relayout()
        try:
            save_settings(self.settings)
        except Exception as err:  # a settings write must never stop play
            self.notify(str(err))

    def toggle_sound(self) -> None:
        """M: turn sound effects off or on (a toast says which) and store the setting."""
        self.settings.sound_effects = not self.settings.sound_effects
        if not self.settings.sound_effects:
            self.sound.silence()
        self.notify(_("Sound on. M mutes it.") if self.settings.sound_effects
                    else _("Sound off. M turns it back on."))
        try:
            save_settings(self.settings)
        except SaveError as err:  # a settings write must never stop play
            self.notify(str(err))

    def _held_buttons(self) -> list:
        """Buttons held down by the mouse: one that a release presses clicks. (A button with a
        ``command`` posts no UI_BUTTON_PRESSED event, so the event cannot tell.)"""
        from pygame_gui.elements import UIButton
        return [sprite for sprite in self.ui.get_sprite_group().sprites()
                if isinstance(sprite, UIButton) and sprite.held]

    def _typing(self) -> bool:
        """True while a text box has the keyboard (M types an "m" there)."""
        from pygame_gui.elements import UITextEntryLine
        return any(isinstance(element, UITextEntryLine)
                   for element in self.ui.get_focus_set() or ())

    def quit(self) -> None:
        self.running = False

    def game_finished(self, match) -> None:
        """Called by the game-over scene; with ``--quit-at-end`` prints the result and exits."""
        if not self.quit_at_end:
            return
        sheet = match.state.score_sheet()
        self.result_line = json.dumps({
            "game": match.spec.id, "seed": match.seed,
            "seats": [s.to_dict() for s in match.seats],
            "scores": [row[-1] for row in sheet.get("rows", [])],
            "winners": sheet.get("winners", []), "turns": match.turn_count(),
        })
        print(self.result_line, flush=True)
        self.quit()

    # --- loop -------------------------------------------------------------------------------
    def process(self, event: pygame.event.Event) -> None:
        """Route one event: app keys first, then the UI, then the top scene."""
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        held = self._held_buttons() if event.type == pygame.MOUSEBUTTONUP else ()
        consumed = self.ui.process_events(event)
        if any(button.pressed_event for button in held):
            self.sound.play("button_click")
        if consumed:
            return
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_m
                and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
                and not self._typing()):
            self.toggle_sound()
            return
        self.manager.handle_event(event)

    def step(self, dt: float, events=None) -> None:
        """One frame: events (from the queue unless given), update, draw."""
        for event in (pygame.event.get() if events is None else events):
            self.process(event)
        self.ui.update(dt)
        self.manager.update(dt)
        self.sound.update(dt)
        self.draw()
        self.frame_count += 1

    def draw(self) -> None:
        self.screen.fill((0, 0, 0))
        self.manager.draw(self.screen)
        self.ui.draw_ui(self.screen)
        self.manager.draw_over(self.screen)
        self._draw_toast()

    def _draw_toast(self) -> None:
        now = time.monotonic()
        self._toasts = [t for t in self._toasts if t[1] >= now]
        if not self._toasts:
            return
        from scenes.kit import blit_text, draw_panel, fit_text, font
        w, h = self.size
        for i, (message, _until) in enumerate(reversed(self._toasts)):
            tw = min(w - 80, font(16).size(message)[0] + 40)
            rect = pygame.Rect((w - tw) // 2, h - 70 - i * 52, tw, 44)
            draw_panel(self.screen, rect, (16, 20, 24, 235), border=(232, 196, 90))
            blit_text(self.screen, message, fit_text(message, 16, tw - 30), rect.center,
                      anchor="center")

    def run(self, frames: int | None = None, screenshot: str | None = None) -> int:
        """Run until quit (or ``frames`` frames); save ``screenshot`` at the end. Returns status."""
        while self.running and (frames is None or self.frame_count < frames):
            dt = self.clock.tick(0 if self.fast_forward else 60) / 1000.0
            self.step(min(dt, 0.1))
            pygame.display.flip()
            if self.frame_count == 1 and not screenshot:
                self.sound.start()      # after the first frame: it never waits for audio
        if screenshot:
            try:
                pygame.image.save(self.screen, screenshot)
                print(_("wrote {path}").format(path=screenshot), file=sys.stderr)
            except (pygame.error, OSError) as err:
                print(_("main.py: could not write {path} ({error})").format(path=screenshot,
                                                                            error=err),
                      file=sys.stderr)
                self.exit_status = 2
        self.sound.close()
        pygame.quit()
        return self.exit_status
