"""The settings scene: language, animation speed, fullscreen, window size, hot-seat screen,
patterns, thinking time, UI scale, sound effects and volume; Online… opens the Matrix sign-in
(:mod:`scenes.online_settings`)."""

from __future__ import annotations

import time

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UIHorizontalSlider, UILabel

import translation
from saves.format import SaveError
from saves.settings import (
    ANIMATION_SPEEDS,
    MIN_WINDOW,
    UI_SCALES,
    WINDOW_SIZES,
    save_settings,
)
from scenes import kit, routes
from scenes.desktop import fit_to_desktop, sizes_to_offer
from scenes.manager import Scene
from translation import N_, _

BUDGETS = ("0.5", "1.0", "1.5", "2.0", "3.0", "5.0")
"""Hard's thinking time per turn, seconds (the first decision of a turn takes most of it)."""
VOLUME_SAVE_DELAY = 0.4
"""Seconds the volume slider must rest before the settings are written (dragging it sends an
event per pixel) and a sample plays at the new level."""


def size_label(size) -> str:
    """A window size ``(width, height)`` in pixels as the settings list it: "1280 × 800"."""
    return f"{size[0]} × {size[1]}"


def scale_label(percent: int) -> str:
    """A UI scale as the settings list it: "150 %"."""
    return _("{percent} %").format(percent=percent)


def budget_label(seconds: float) -> str:
    """A Hard bot's thinking time as the settings list it: "1.5 s", in Russian "1,5 с"."""
    return _("{seconds} s").format(seconds=translation.decimal(seconds))


class SettingsScene(Scene):
    """Every change is applied and written at once to the user config folder."""

    paints_window = True  # its draw starts with the felt

    ROWS = (
        ("language", N_("Language"), N_("Menus, tables, the log and the rules; applied at once.")),
        ("animation_speed", N_("Animation speed"), N_("How fast dice, marbles and carts move.")),
        ("fullscreen", N_("Fullscreen"), N_("F11 toggles it at any time.")),
        (
            "window_size",
            N_("Window size"),
            N_("Used at start and after fullscreen; you can drag the edge too."),
        ),
        ("pass_screen", N_("Hot-seat pass screen"), N_("Show “pass to NAME” between human turns.")),
        (
            "colorblind_patterns",
            N_("Colour patterns"),
            N_("Marks marbles and gems by shape as well."),
        ),
        (
            "bot_budget",
            N_("Hard bot thinking time"),
            N_("Seconds a Hard opponent may think in a turn."),
        ),
        ("ui_scale", N_("UI scale"), N_("The size of text and buttons; applied at once.")),
        ("sound_effects", N_("Sound effects"), N_("M turns them off and on anywhere.")),
        ("master_volume", N_("Volume"), N_("How loud the sound effects play.")),
    )
    """``(field, label, explanation)`` per row, English (marked; translated when built)."""
    SPEED_NAMES = {"normal": N_("Normal"), "fast": N_("Fast"), "instant": N_("Instant")}

    def __init__(self, app):
        super().__init__(app)
        self.volume_changed_at: float | None = None
        self.shown_effects = app.settings.sound_effects

    def _choices(self, key):
        """``(labels, current label)`` of a row's menu, in the language in use (each language
        is listed in its own name)."""
        s = self.app.settings
        if key == "language":
            return (
                [translation.LANGUAGE_NAMES[code] for code in translation.LANGUAGES],
                translation.LANGUAGE_NAMES[translation.current_language()],
            )
        if key == "animation_speed":
            return (
                [_(self.SPEED_NAMES[v]) for v in ANIMATION_SPEEDS],
                _(self.SPEED_NAMES[s.animation_speed]),
            )
        if key == "window_size":
            current = tuple(s.window_size if s.fullscreen else self.app.size)
            offered = sizes_to_offer(WINDOW_SIZES, self.app.desktop_size(), current, MIN_WINDOW)
            return [size_label(size) for size in offered], size_label(current)
        if key == "ui_scale":
            return [scale_label(p) for p in UI_SCALES], scale_label(s.ui_scale)
        if key == "bot_budget":
            return [budget_label(float(b)) for b in BUDGETS], budget_label(s.bot_budget)
        on, off = _("On"), _("Off")
        return [on, off], on if getattr(s, key) else off

    def _hint(self, key: str, hint: str) -> str:
        """The row's explanation; the window size row says when the window (started with
        ``--size`` or dragged) differs from the size the next start opens at (the stored size
        fitted to the desktop, as :class:`App` does), and that a maximised window opens
        maximised again."""
        s = self.app.settings
        if key == "window_size":
            if s.fullscreen:
                return _("Used when you leave fullscreen (F11).")
            if self.app.maximized:
                return _("The window fills the screen; the next start opens it so again.")
            # the next start fits the stored size to the desktop, as this one did
            next_start = fit_to_desktop(s.window_size, self.app.desktop_size(), MIN_WINDOW)
            if tuple(self.app.size) != tuple(next_start):
                return _("The window is {size} now; the next start opens at {stored}.").format(
                    size=size_label(self.app.size), stored=size_label(next_start)
                )
        if key == "ui_scale":
            shown = round(self.app.ui_scale_room * 100)
            if shown < s.ui_scale:
                return _("This window holds {shown} %; {chosen} % needs {size} or more.").format(
                    shown=shown,
                    chosen=s.ui_scale,
                    size=size_label(
                        (
                            kit.MIN_LAYOUT[0] * s.ui_scale // 100,
                            kit.MIN_LAYOUT[1] * s.ui_scale // 100,
                        )
                    ),
                )
        return _(hint)

    def build(self) -> None:
        w, h = self.app.size
        ui, c = self.app.ui, self.container
        px = kit.px
        pw = min(px(760), w - 80)
        x = (w - pw) // 2
        top = px(100) if h >= px(760) else px(76)
        row_h = min(px(70), (h - top - px(90)) // len(self.ROWS))
        self.panel_rect = pygame.Rect(
            x - px(20), top - px(16), pw + px(40), row_h * len(self.ROWS) + px(20)
        )
        self.hints = {}
        menu_w = px(240)
        for i, (key, label, hint) in enumerate(self.ROWS):
            y = top + i * row_h
            UILabel(
                pygame.Rect(x, y, pw - menu_w - px(20), px(28)),
                _(label),
                ui,
                container=c,
                object_id="#heading_label",
            )
            self.hints[key] = UILabel(
                pygame.Rect(x, y + px(25), pw - menu_w - px(20), px(22)),
                self._hint(key, hint),
                ui,
                container=c,
                object_id="#dim_label",
            )
            if key == "master_volume":
                self.volume_slider = UIHorizontalSlider(
                    pygame.Rect(x + pw - menu_w, y + px(6), menu_w - px(60), px(32)),
                    self.app.settings.master_volume,
                    (0, 100),
                    ui,
                    container=c,
                    object_id="#set_master_volume",
                    click_increment=5,
                )
                self.volume_label = UILabel(
                    pygame.Rect(x + pw - px(56), y + px(6), px(56), px(32)),
                    f"{self.app.settings.master_volume} %",
                    ui,
                    container=c,
                )
                continue
            options, current = self._choices(key)
            UIDropDownMenu(
                options,
                current,
                pygame.Rect(x + pw - menu_w, y + px(4), menu_w, px(36)),
                ui,
                container=c,
                object_id=f"#set_{key}",
            )
        button_y = min(self.panel_rect.bottom + px(16), h - px(44) - 8)
        online_w = max(px(200), kit.button_needs([_("Online…")])[0] + px(16))
        UIButton(
            pygame.Rect(w // 2 - px(8) - online_w, button_y, online_w, px(44)),
            _("Online…"),
            ui,
            container=c,
            command=lambda: routes.push(self.app, "online_settings"),
            tool_tip_text=_("Sign in to Matrix to play with friends on other computers"),
        )
        UIButton(
            pygame.Rect(w // 2 + px(8), button_y, px(160), px(44)),
            _("Back"),
            ui,
            container=c,
            command=self.app.manager.pop,
            tool_tip_text=_(kit.BACK_TIP),
        )

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is getattr(
            self, "volume_slider", None
        ):
            self.set_volume(int(round(event.value)))
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            oid = event.ui_object_id.split(".")[-1]
            if oid.startswith("#set_"):
                self.change(oid[5:], event.text)
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if not kit.close_dropdowns(self.app.ui):
                self.app.manager.pop()
            return True
        return False

    def set_volume(self, percent: int) -> None:
        """Apply the master volume (0–100 %) at once; it is written once the slider rests."""
        self.app.settings.master_volume = max(0, min(100, percent))
        self.volume_label.set_text(f"{self.app.settings.master_volume} %")
        self.volume_changed_at = time.monotonic()

    def _store_volume(self) -> None:
        self.volume_changed_at = None
        self.app.sound.play("die_land")  # hear the new level
        self._save()

    def busy(self) -> bool:
        """While the volume slider's value waits to be written (and heard)."""
        return self.volume_changed_at is not None

    def update(self, dt: float) -> None:
        if (
            self.volume_changed_at is not None
            and time.monotonic() - self.volume_changed_at >= VOLUME_SAVE_DELAY
        ):
            self._store_volume()
        if self.app.settings.sound_effects != self.shown_effects:  # M pressed meanwhile
            self.shown_effects = self.app.settings.sound_effects
            self.relayout()

    def exit(self) -> None:
        if self.volume_changed_at is not None:
            self.volume_changed_at = None
            self._save()
        super().exit()

    def _save(self) -> None:
        try:
            save_settings(self.app.settings)
        except SaveError as err:
            self.app.notify(str(err))

    def change(self, key: str, label: str) -> None:
        """Apply one setting from its dropdown label and store the settings."""
        s = self.app.settings
        if key == "language":
            codes = {name: code for code, name in translation.LANGUAGE_NAMES.items()}
            s.language = codes.get(label, label if label in translation.LANGUAGES else "")
            self._save()
            self.app.set_language(s.language or translation.system_language())
            return
        if key == "animation_speed":
            names = {_(name): speed for speed, name in self.SPEED_NAMES.items()}
            names.update({name: speed for speed, name in self.SPEED_NAMES.items()})
            s.animation_speed = names[label]
        elif key == "window_size":
            size = tuple(int(v) for v in label.replace(" ", "").split("×"))
            s.window_size = size
            if not s.fullscreen:
                self.app.resize(size)
        elif key == "bot_budget":
            labels = {budget_label(float(b)): float(b) for b in BUDGETS}
            s.bot_budget = labels.get(label, s.bot_budget)
        elif key == "ui_scale":
            labels = {scale_label(p): p for p in UI_SCALES}
            s.ui_scale = labels.get(label, s.ui_scale)
            self._save()
            if not self.app.apply_ui_scale():  # every scene rebuilds at the new size, this too
                self.relayout()  # the window holds no more: the note under the setting says so
            return
        elif key == "fullscreen":
            if (label in ("On", _("On"))) != s.fullscreen:
                self.app.toggle_fullscreen()
                return
        else:
            setattr(s, key, label in ("On", _("On")))
            if key == "sound_effects":
                self.shown_effects = s.sound_effects
                if not s.sound_effects:
                    self.app.sound.silence()
        self._save()

    def draw(self, surface) -> None:
        kit.draw_table(surface)
        kit.draw_heading(
            surface, _("Settings"), top=24 if surface.get_height() >= kit.px(760) else 12
        )
        kit.draw_panel(surface, self.panel_rect)
