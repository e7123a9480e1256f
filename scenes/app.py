"""The application: window, the one UIManager, settings, sound, the scene stack and the loop.

Each frame (docs/DESIGN.md, "Scenes and sprites"): QUIT and resize first, then
``ui.process_events``, then the top scene if the UI did not consume the event; ``update(dt)``;
draw; tick(60); flip: drawn first, shown at the frame's moment.
When nothing moves — no input for :data:`INPUT_GRACE` seconds, the top scene not ``busy()``, no
sound scheduled — the loop draws one settled frame and then waits for an event (or for the next
thing due by itself: a toast or a message going, a caret blink), so an idle screen costs almost
no CPU (``bench/idle.py``).
Sound (:class:`sound.board.SoundBoard`) starts after the first frame is drawn; without an audio
device the game is silent and says nothing.
"""

from __future__ import annotations

import importlib
import json
import signal
import sys
import time
import warnings
from collections import deque
from collections.abc import Callable
from pathlib import Path

import i18n
import pygame

import translation
from saves.autosaver import Autosaver
from saves.format import SaveError
from saves.settings import Settings, save_settings
from scenes import drop_down, fonts, kit, line_breaks, memory, text_panel
from scenes.focus import FocusRing, typing
from scenes.manager import SceneManager
from scenes.table.thinking import InlineThinker, ProcessThinker, Thinker, ThreadThinker
from scenes.toasts import toast_lines, toast_text_size
from scenes.tooltips import draw_tooltips
from scenes.ui_manager import TooltipWrappingManager
from scenes.window import (
    MIN_SIZE,
    OpenedWindow,
    desktop_size,
    open_window,
    set_minimum_size,
)
from sound.board import SoundBoard
from translation import _

THEME = Path(__file__).with_name("theme.json")
INPUT_GRACE = 1.5
"""Seconds of full-rate frames after the last event: hover effects and tooltips (which
pygame_gui shows after 1 s at rest) need frames while the mouse rests."""
CARET_BLINK = 0.4
"""Seconds between frames while a text box has the keyboard (its caret blinks)."""
WINDOW_SETTLE = 0.5
"""Seconds a resized window must rest before its size is stored."""
MAX_WAIT = 5.0
"""The longest the idle loop sleeps without an event (a safety net; nothing is due)."""


fonts.draw_zero_width_text()


def _font_files_by_path(entry: dict) -> None:
    """Name a theme font's files by path, not as package resources: pygame_gui reads a
    resource's whole file into memory for every size (Noto Sans JP is 4.5 MB), while a path
    lets the font library read only what it draws. A file that is missing (a pygame_gui
    packaged without Noto Sans JP) is replaced by one that is there
    (:func:`scenes.fonts.usable_font`), or pygame's own font."""
    for style in ("regular", "bold", "italic", "bold_italic"):
        resource = entry.pop(f"{style}_resource", None)
        if resource is not None:
            found = fonts.usable_font(
                kit.FONT_DIR / resource["resource"], kit.FONT_REGULAR, kit.FONT_BOLD
            )
            entry[f"{style}_path"] = str(found) if found else fonts.pygame_font_file()


def scaled_theme(factor: float) -> dict:
    """The pygame_gui theme (:data:`THEME`) with its font sizes, tooltip width and text
    padding ``factor`` times larger (the UI scale)."""
    theme = json.loads(THEME.read_text(encoding="utf-8"))
    for element in ("label", "text_entry_line"):  # pygame_gui's own default: 14 px
        block = theme.setdefault(element, {})
        if "font" not in block:
            block["font"] = [dict(entry, size="14") for entry in theme["defaults"]["font"]]
    for block in theme.values():
        fonts = block.get("font", [])
        for entry in fonts if isinstance(fonts, list) else [fonts]:
            entry["size"] = str(round(int(entry["size"]) * factor))
            _font_files_by_path(entry)
        misc = block.get("misc", {})
        if "rect_width" in misc:
            misc["rect_width"] = str(round(int(misc["rect_width"]) * factor))
        if "padding" in misc:
            misc["padding"] = ",".join(
                str(round(int(part) * factor)) for part in misc["padding"].split(",")
            )
    for entry in theme["#top_button"]["font"]:  # the tables' top row keeps its 32 px height
        entry["size"] = str(min(int(entry["size"]), kit.TOP_BUTTON_MAX))
    theme[text_panel.OBJECT_ID] = text_panel.theme_block()
    for element in ("drop_down_menu", "selection_list"):  # rows hold the 16 px font with descenders
        theme.setdefault(element, {}).setdefault("misc", {})["list_item_height"] = str(
            round(24 * factor)
        )
    return theme


def warm_up_work() -> list[Callable[[], object]]:
    """What a table's opening would otherwise do in its first frames, in pieces of a few
    dozen milliseconds for the idle loop: the games' engines, the table scene and the screens
    it opens, each game's table modules, and the fonts the tables measure with at the sizes
    they use (a font's first measures load its glyphs); then start-up's objects are frozen."""

    def engine(package: str) -> Callable[[], object]:
        # one game a piece: all five at once took ~0.3 s
        return lambda: importlib.import_module(package)

    def table(game_id: str) -> Callable[[], object]:
        def load() -> object:
            from scenes.tables import game_table_class

            return game_table_class(game_id)

        return load

    def font(size: int, bold: bool, code: str | None) -> Callable[[], object]:
        # every letter: a font loads a glyph the first time it measures it (a first table's
        # log, a hundred new words, took 11 ms of glyphs in one frame)
        return lambda: kit.font(size, bold, code).size(GLYPHS_AHEAD)

    def screens() -> object:
        from scenes import routes

        return [routes.screen_class(name) for name in ("table", "pause", "pass", "game_over")]

    from scenes.tables import TABLES

    tables = [table(game) for game in TABLES]
    # the language's fonts, then Japanese's: a line naming a player typed in Japanese is set
    # in it (scenes.fonts: the chain)
    codes = dict.fromkeys([translation.current_language(), "ja"])
    fonts = [
        font(size, bold, code) for code in codes for bold in (False, True) for size in FONT_SIZES
    ]
    from engine import registry

    def cues() -> object:  # every game's sounds by event (a first table's frame built them)
        from sound import cues

        return cues.has_entry(object) is False

    engines = [engine(package) for package in registry.GAME_PACKAGES]
    return [*engines, screens, *tables, cues, *fonts, memory.settle]


GLYPHS_AHEAD = (
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz 0123456789 .,:;!?'\"()[]—–-+×/·…%"
    " АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ абвгдеёжзийклмнопрстуфхцчшщъыьэюя áéíóúñ¿¡"
)
"""The letters the warm-up measures in every font: the interface languages' alphabets."""
FONT_SIZES = range(9, 31)
"""The text sizes the tables use (pixels at 100 %), loaded ahead."""


class App:
    """Owns the window and runs scenes.

    ``size`` overrides the window size from settings; ``instant`` forces instant animations;
    ``quit_at_end`` exits when a game ends, printing one JSON line (see :meth:`game_finished`).
    """

    def __init__(
        self,
        settings: Settings | None = None,
        size: tuple | None = None,
        instant: bool = False,
        quit_at_end: bool = False,
        autoplay: bool = False,
        think_in_process: bool = False,
        window: OpenedWindow | None = None,
    ):
        self.settings = settings or Settings()
        self.think_in_process = think_in_process
        """Bots and hints search in a worker process (the program), not a thread (tests)."""
        self._thinker: Thinker | None = None
        self.instant = instant
        self.quit_at_end = quit_at_end
        self.autoplay = autoplay
        self.running = True
        self.keeps_games = True
        """False for a screenshot run: it shows a game, never plays one for the player, so it
        neither autosaves nor moves the player's unfinished game out of its slot."""
        self.timed_bots = True
        """Bots think for a wall-clock budget; tests turn this off for repeatable games."""
        self.exit_status = 0
        self.result_line: str | None = None
        self.messages: list[str] = []
        self._toasts: list[tuple[str, float]] = []
        """(message, monotonic time it goes) of the toasts on screen."""
        if window is None:
            window = open_window(self.settings, size, self.desktop_size)
        self.screen = window.screen
        self._fitted_start = window.fitted_start
        """The size the first window was shrunk to, to fit a desktop smaller than the setting
        (:class:`scenes.window.OpenedWindow`)."""
        self.maximized = False
        """True while the window is maximised (SDL's WINDOWMAXIMIZED / WINDOWRESTORED)."""
        self._window_changed_at: float | None = None
        """When the player last resized, maximised or restored the window (stored once it
        has rested for :data:`WINDOW_SETTLE` seconds: dragging sends an event per frame)."""
        language = self.settings.language or translation.system_language()
        translation.set_language(language)
        kit.set_ui_scale(self.ui_scale_room)
        line_breaks.install()
        drop_down.install()
        self.ui = TooltipWrappingManager(
            self.screen.get_size(),
            scaled_theme(kit.ui_scale()),
            enable_live_theme_updates=False,
            starting_language=language,
        )
        # pygame_gui adds its translations folder to python-i18n's search path for every
        # manager, and every text a widget shows is looked up along that path: keep one of each
        i18n.load_path[:] = list(dict.fromkeys(i18n.load_path))
        self._preload_fonts()
        self.clock = pygame.time.Clock()
        self.manager = SceneManager()
        self.focus = FocusRing(self)
        """Keyboard focus over the menus' and dialogs' buttons (Tab, arrows, Enter)."""
        self.frame_count = 0
        self._held_frame: int | None = None
        self.last_input = time.monotonic()
        """When the last event arrived (the idle loop draws on for :data:`INPUT_GRACE`)."""
        self._woken: list = []
        """The event that woke an idle wait, handled by the next :meth:`step`."""
        self._rested = False
        """True once the settled frame before an idle wait was drawn."""
        self.at_start: list[Callable[[], object]] = []
        """Work that must not delay the first frame, done right after it (:meth:`run`)."""
        self.warm_ups: deque[Callable[[], object]] = deque()
        """Work done ahead, one piece a frame while nothing moves (:meth:`warm_up`): what
        opening a table would otherwise do in its first frames."""
        self.autosaver = Autosaver()
        """Writes the tables' autosaves (in a worker thread once :meth:`run` starts)."""
        self.sound = SoundBoard(self.settings)
        """Sound effects; silent until :meth:`SoundBoard.start` (``run`` calls it after the
        first frame) and for good when there is no audio device."""

    def _window(self):
        """The pygame-ce Window of the display (without its deprecation warning)."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()

    def _remember_window(self) -> None:
        """Store the window as the player left it: maximised, or its size (the next start
        opens so). Fullscreen is stored by F11 itself."""
        self._window_changed_at = None
        if self.settings.fullscreen:
            return
        if self.maximized:
            self.settings.window_maximized = True
        else:
            self.settings.window_maximized = False
            if tuple(self.screen.get_size()) != self._fitted_start:
                self.settings.window_size = tuple(self.screen.get_size())
        try:
            save_settings(self.settings)
        except SaveError as err:  # a settings write must never stop play
            self.notify(str(err))

    def _preload_fonts(self) -> None:
        """Load the sizes the text boxes' HTML asks for in the language's font (a font loaded
        on first use costs a frame)."""
        from scenes.kit import px as kit_px

        name = "noto_sans_jp" if translation.current_language() == "ja" else "noto_sans"
        fonts = self.ui.get_theme().get_font_dictionary()
        sizes = {kit_px(size) for size in (14, 15, 16, 17, 18, 20, 26)}
        wanted = [(s, st) for s in sorted(sizes) for st in ("regular", "bold")]
        self.ui.preload_fonts(
            [
                {"name": name, "point_size": s, "style": st}
                for s, st in wanted
                if not fonts.check_font_preloaded(f"{name}_{st}_aa_{s}")
            ]
        )

    @property
    def ui_scale_room(self) -> float:
        """The UI scale the window shows for the setting (:func:`scenes.kit.fitting_scale`):
        less than the setting when the window is too small for it."""
        from scenes import kit

        return kit.fitting_scale(self.settings.ui_scale, self.size)

    def apply_ui_scale(self, relayout: bool = True) -> bool:
        """Use the UI scale the setting and the window allow: text drawn by the scenes and the
        widgets' theme (font sizes) grow, and the scenes rebuild at once (no restart). False
        when the scale in use stays as it was (nothing is rebuilt)."""
        from scenes import kit

        if not kit.set_ui_scale(self.ui_scale_room):
            return False
        self.ui.get_theme().load_theme(scaled_theme(kit.ui_scale()))
        self._preload_fonts()
        if relayout:
            self.manager.relayout()
        return True

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
    def thinker(self) -> Thinker:
        """Where bots and hints think: a worker process in the program (the window keeps its
        frame rate), a thread in tests, at once when nobody watches (fast-forward)."""
        if self._thinker is None:
            if self.fast_forward:
                self._thinker = InlineThinker()
            elif self.think_in_process:
                self._thinker = ProcessThinker()
            else:
                self._thinker = ThreadThinker()
        return self._thinker

    def close_thinker(self) -> None:
        """Stop every search and the worker (the program ends)."""
        if self._thinker is not None:
            self._thinker.close()
            self._thinker = None

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
    def desktop_size(self) -> tuple | None:
        """``(width, height)`` of the desktop the window opens on, or None when unknown
        (:func:`scenes.window.desktop_size`)."""
        return desktop_size()

    def resize(self, size: tuple) -> None:
        """Adopt a new window size: widgets are rebuilt, never scaled (scaling blurs text)."""
        size = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        if size != self.screen.get_size():
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.ui.set_window_resolution(self.screen.get_size())
        self.apply_ui_scale(relayout=False)
        self.manager.relayout()

    def toggle_fullscreen(self) -> None:
        """F11: switch between fullscreen and the window size from settings."""
        self.settings.fullscreen = not self.settings.fullscreen
        if self.settings.fullscreen:
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.screen = pygame.display.set_mode(self.settings.window_size, pygame.RESIZABLE)
            set_minimum_size()
        self.ui.set_window_resolution(self.screen.get_size())
        self.apply_ui_scale(relayout=False)
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
        self.notify(
            _("Sound on. M mutes it.")
            if self.settings.sound_effects
            else _("Sound off. M turns it back on.")
        )
        try:
            save_settings(self.settings)
        except SaveError as err:  # a settings write must never stop play
            self.notify(str(err))

    def _held_buttons(self) -> list:
        """Buttons held down by the mouse: one that a release presses clicks. (A button with a
        ``command`` posts no UI_BUTTON_PRESSED event, so the event cannot tell.)"""
        from pygame_gui.elements import UIButton

        return [
            sprite
            for sprite in self.ui.get_sprite_group().sprites()
            if isinstance(sprite, UIButton) and sprite.held
        ]

    def _typing(self) -> bool:
        """True while a text box has the keyboard (:func:`scenes.focus.typing`)."""
        return typing(self.ui)

    def quit(self) -> None:
        self.running = False

    def ask_before_quitting(self) -> bool:
        """The window is being closed: a game not saved under a name asks first (Save and quit
        / Quit / Cancel). True if a question is shown; closing again while it is shown quits."""
        from scenes.leave import LeaveScene

        if isinstance(self.manager.top, LeaveScene):
            return False
        return any(scene.ask_before_leaving(self.quit) for scene in reversed(self.manager.stack))

    def game_finished(self, match) -> None:
        """Called by the game-over scene; with ``--quit-at-end`` prints the result and exits."""
        if not self.quit_at_end:
            return
        sheet = match.state.score_sheet()
        result = {
            "game": match.spec.id,
            "seed": match.seed,
            "seats": [s.to_dict() for s in match.seats],
            "scores": [row[-1] for row in sheet.get("rows", [])],
            "winners": sheet.get("winners", []),
            "turns": match.turn_count(),
        }
        if any(getattr(scene, "online", None) for scene in self.manager.stack):
            from net.log import state_hash

            result["hash"] = state_hash(match.state)  # online: every computer's must agree
        self.result_line = json.dumps(result)
        print(self.result_line, flush=True)
        self.quit()

    # --- loop -------------------------------------------------------------------------------
    def process(self, event: pygame.event.Event) -> None:
        """Route one event: app keys first, then the UI, then the top scene."""
        if event.type == pygame.QUIT:
            if not self.ask_before_quitting():
                self.quit()
            return
        if event.type in (pygame.WINDOWMAXIMIZED, pygame.WINDOWRESTORED):
            self.maximized = event.type == pygame.WINDOWMAXIMIZED
            self._window_changed_at = time.monotonic()
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            self._window_changed_at = time.monotonic()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if not self._typing() and self.focus.handle_event(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and self.manager.top is not None:
            self.manager.top.pointer_down(event)
        held = self._held_buttons() if event.type == pygame.MOUSEBUTTONUP else ()
        consumed = self.ui.process_events(event)
        pressed = [button for button in held if button.pressed_event]
        if pressed:
            self.sound.play("button_click")
            if self.manager.top is not None:
                self.manager.top.button_pressed(pressed[0])
        if consumed:
            return
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_m
            and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
            and not self._typing()
        ):
            self.toggle_sound()
            return
        self.manager.handle_event(event)

    def step(self, dt: float, events=None, ui_dt: float | None = None, draw: bool = True) -> None:
        """One frame: events (from the queue unless given), update, draw. ``ui_dt`` is the
        widgets' time step when it differs from the scenes' (after an idle wait); ``draw=False``
        skips the drawing (tests running many frames to reach a state draw only some of them)."""
        if events is None:
            events, self._woken = self._woken + pygame.event.get(), []
        for event in events:
            self.last_input = time.monotonic()
            self.process(event)
        if (
            self._window_changed_at is not None
            and time.monotonic() - self._window_changed_at >= WINDOW_SETTLE
        ):
            self._remember_window()
        self.ui.update(dt if ui_dt is None else ui_dt)
        self.manager.update(dt)
        self.sound.update(dt)
        if draw:
            self.draw()
        self.frame_count += 1

    def hold_picture(self) -> None:
        """Keep the picture on screen for the frame now being made: the scene just built draws
        from the next one (a table's building and its first drawing in one frame took ~56 ms,
        over the 50 ms a frame may take). Not before the first frame: there is no picture."""
        if self.frame_count > 0:
            self._held_frame = self.frame_count

    def draw(self) -> None:
        if self._held_frame == self.frame_count:
            return
        if not self.manager.paints_window():  # a felt covers it all (0.2 ms a frame saved)
            self.screen.fill((0, 0, 0))
        self.manager.draw(self.screen)
        self.ui.draw_ui(self.screen)
        self.manager.draw_over(self.screen)
        draw_tooltips(self.ui, self.screen)  # above the scene's draw_over too
        self.focus.draw(self.screen)
        self._draw_toast()

    def _draw_toast(self) -> None:
        """The toasts, newest nearest the edge they stack from: where the scene wants them
        (a table: over its log), else at the bottom middle. A long message wraps."""
        from scenes.kit import blit_text, draw_panel, font, px

        step = font(16).get_linesize()
        for lines, rect in self.toast_rects():
            draw_panel(self.screen, rect, (16, 20, 24, 235), border=(232, 196, 90))
            for index, line in enumerate(lines):
                blit_text(
                    self.screen,
                    line,
                    toast_text_size(line, rect.width - px(30)),
                    (rect.centerx, rect.y + px(9) + index * step),
                    anchor="midtop",
                )

    def toast_rects(self) -> list:
        """``[(lines, rect)]`` of the toasts on screen (dropping those whose time is up): each
        stays inside the window, even where the scene's area for them is short (a table's
        log under four players' panels)."""
        now = time.monotonic()
        self._toasts = [t for t in self._toasts if t[1] >= now]
        if not self._toasts:
            return []
        from scenes.kit import font, px

        w, h = self.size
        window = pygame.Rect(0, 0, w, h).inflate(-8, -8)
        area, edge = self.manager.toast_area() or (pygame.Rect(40, 0, w - 80, h - 18), "bottom")
        step = font(16).get_linesize()
        y = area.top if edge == "top" else area.bottom
        toasts = self._toasts if edge == "top" else list(reversed(self._toasts))
        out = []
        for message, _until in toasts:
            lines = toast_lines(message, area.width - px(30))
            width = min(
                area.width,
                max(
                    font(toast_text_size(line, area.width - px(30))).size(line)[0] for line in lines
                )
                + px(30),
            )
            height = step * len(lines) + px(18)
            rect = pygame.Rect(area.centerx - width // 2, y, width, height)
            if edge == "bottom":
                rect.bottom = y
            rect.clamp_ip(window)
            out.append((lines, rect))
            y = rect.bottom + px(8) if edge == "top" else rect.top - px(8)
        return out

    def idle_wait(self) -> float:
        """Seconds the loop may wait for an event before the next frame: 0 while anything
        moves by itself or input was recent, else until the next thing due (at most
        :data:`MAX_WAIT`)."""
        now = time.monotonic()
        if (
            now - self.last_input < INPUT_GRACE
            or self.manager.busy()
            or self.sound.waiting
            or (self.fast_forward and not self._online_waits())
        ):
            return 0.0
        due = [MAX_WAIT] + [until - now for _, until in self._toasts]
        if self._window_changed_at is not None:
            due.append(self._window_changed_at + WINDOW_SETTLE - now)
        scene = self.manager.wake_in()
        if scene is not None:
            due.append(scene)
        if self._typing():
            due.append(CARET_BLINK)
        return max(0.0, min(due))

    def _online_waits(self) -> bool:
        """An online table waits for a friend elsewhere (even fast-forward waits for events
        then, polling the log now and then, not spinning)."""
        top = self.manager.top
        return getattr(top, "online", None) is not None and not top.busy()  # type: ignore[union-attr]

    def _end_on_terminate(self) -> Callable | int | None:
        """SIGTERM (a logout, a shutdown, ``kill``) ends the program at once, without the leave
        question: every step is autosaved already and the pending write is finished on the way
        out. SDL would turn it into a window close, which asks and keeps the program running.
        Returns the handler it replaced (None when none was set: only the main thread may set
        one, and tests drive the app from others), for :meth:`run` to put back."""

        def terminate(_signal_number, _frame) -> None:
            self.running = False

        try:
            return signal.signal(signal.SIGTERM, terminate)
        except (ValueError, OSError, AttributeError):
            return None

    def _wait_while_idle(self) -> bool:
        """Sleep until an event or the next thing due when idle; True if it slept. Before the
        first sleep of a quiet spell the scenes :meth:`~scenes.manager.Scene.rest` and one
        settled frame is drawn."""
        wait = self.idle_wait()
        if wait <= 0.0:
            self._rested = False
            return False
        if not self._rested:
            self._rested = True
            self.manager.rest()
            return False
        if self.warm_ups:  # idle: a piece of the work a table's opening would do
            self.warm_ups.popleft()()
            return False
        event = pygame.event.wait(max(1, int(wait * 1000)))
        if event.type != pygame.NOEVENT:
            self._woken.append(event)
            self._rested = False
        return True

    def run(self, frames: int | None = None, screenshot: str | None = None) -> int:
        """Run until quit (or ``frames`` frames); save ``screenshot`` at the end. Returns status.
        Without ``frames`` the loop waits for events while idle (:meth:`idle_wait`)."""
        self.autosaver.start()
        previous_terminate = self._end_on_terminate()
        dt = 1 / 60
        while self.running and (frames is None or self.frame_count < frames):
            if frames is None and self._wait_while_idle():
                # the time asleep is no animation's time; the caret's blink counts it
                slept = self.clock.tick() / 1000.0
                self.step(min(slept, 1 / 60), ui_dt=min(slept, 0.5))
                pygame.display.flip()  # the answer to the waking event is shown at once
                self.clock.tick()  # the next frame counts from here
                dt = 1 / 60
            else:
                self.step(min(dt, 0.1))
                # drawn first, shown at the frame's moment: a frame's drawing time varies,
                # and flipping at once would pass that on to the intervals a player sees
                dt = self.clock.tick(0 if self.fast_forward else 60) / 1000.0
                pygame.display.flip()
            if self.frame_count == 1 and not screenshot:
                self.sound.start()  # after the first frame: it never waits for audio
                for work in self.at_start:
                    work()
                self.warm_ups.extend(warm_up_work())
                if isinstance(self.thinker, ProcessThinker):
                    self.thinker.start()  # its start-up is done before the first question
        if screenshot:
            try:
                pygame.image.save(self.screen, screenshot)
                print(_("wrote {path}").format(path=screenshot), file=sys.stderr)
            except (pygame.error, OSError) as err:
                print(
                    _("main.py: could not write {path} ({error})").format(
                        path=screenshot, error=err
                    ),
                    file=sys.stderr,
                )
                self.exit_status = 2
        for scene in self.manager.stack:  # an online game's last moves go out
            scene.end_program()
        if not self.autosaver.close():
            print("main.py: the autosave could not be finished", file=sys.stderr)
        self.close_thinker()
        self.sound.close()
        pygame.quit()
        if previous_terminate is not None:  # SIGTERM as it was: a later App or a test runner
            signal.signal(signal.SIGTERM, previous_terminate)
        return self.exit_status
