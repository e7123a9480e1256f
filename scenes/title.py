"""The title scene: New game, Continue, Load game, Online games, Statistics, Rules, Settings,
Quit."""

from __future__ import annotations

import math

import pygame

from engine import registry
from saves import locks, store
from saves.format import SaveError
from scenes import kit, routes, window
from scenes.manager import Scene
from translation import N_, _, ngettext

BOB_SECONDS = 4.0
"""How long the title's props bob after the title appears."""
MENU_BUTTONS = 8
"""The title's menu: New game, Continue, Load game, Online games, Statistics, Rules,
Settings, Quit."""


def subtitle_top(title_top: int, title: str, title_size: int, subtitle: str, size: int) -> int:
    """The y of the subtitle's line under a bold ``title`` drawn at ``title_top``: its letters
    start at least 4 pixels (at 100 %) below the title's lowest letter, measured in the fonts
    of the language in use — Noto Sans JP sets Latin letters lower, and "Tabletop"'s p reached
    into the Japanese subtitle."""
    title_font, subtitle_font = kit.font(title_size, True), kit.font(size)
    lowest = min(metric[2] for metric in title_font.metrics(title) if metric)
    highest = max(metric[3] for metric in subtitle_font.metrics(subtitle) if metric)
    letters_end = title_top + title_font.get_ascent() - lowest
    return max(
        title_top + kit.px(title_size + 14),
        letters_end + kit.px(4) - (subtitle_font.get_ascent() - highest),
    )


class TitleScene(Scene):
    """The first screen. Continue loads the latest autosave (disabled when there is none)."""

    paints_window = True  # its draw starts with the felt

    def build(self) -> None:
        slots = store.autosaves()
        self.latest = next((info for info in slots if info.error is None), None)
        """The autosave Continue resumes, or None."""
        self.damaged = None
        """The newest autosave, when it is damaged but has a backup Continue loads, or None."""
        if slots and slots[0].error is not None and slots[0].has_backup:
            self.damaged = slots[0]
        from net.store import list_games

        online = list_games()
        waiting = sum(1 for info in online if info.your_turn and not info.finished)
        w, h = self.app.size
        height, gap = (46, 12) if h >= kit.px(760) else (40, 6)
        column = MENU_BUTTONS * (kit.px(height) + kit.px(gap)) - kit.px(gap)
        # inside the felt's lit middle: at 1024 × 640 Quit stuck out under its edge
        top = min(int(h * 0.33), kit.felt_middle(self.app.size).bottom - column - kit.px(10))
        self.buttons = kit.button_column(
            self,
            [
                (N_("New game"), self.new_game),
                (N_("Continue"), self.continue_game),
                (N_("Load game"), self.load_game),
                (N_("Online games"), self.online_games),
                (N_("Statistics"), self.statistics),
                (N_("Rules"), self.rules),
                (N_("Settings"), self.settings),
                (N_("Quit"), self.app.quit),
            ],
            top=top,
            height=height,
            gap=gap,
            tooltips={
                "Quit": _("Close Tabletop Trio (Esc)"),
                "Online games": (
                    ngettext(
                        "{count} game waits for your turn",
                        "{count} games wait for your turn",
                        waiting,
                    ).format(count=waiting)
                    if waiting
                    else _("Games with friends on other computers")
                ),
                "Continue": self._continue_tip(slots),
            },
        )
        if self.latest is None and self.damaged is None:
            self.buttons["Continue"].disable()
        self.online_waiting = waiting
        """How many online games wait for this computer (a gold mark on the button)."""
        self.problem = store.storage_problem()
        """Why games cannot be saved (shown under the menu), or None."""
        self.time = 0.0

    def new_game(self):
        routes.push(self.app, "new_game")

    def _continue_tip(self, slots) -> str:
        if self.damaged is not None:
            return _("The last autosave is damaged: Continue loads its backup")
        if self.latest is not None:
            return _("Resume {title}").format(title=self.latest.shown_title)
        if slots:  # damaged, no backup: Load game lists them with the reason
            return _("The autosave is damaged; Load game says why")
        return _("No autosave yet")

    def continue_game(self):
        """Load the newest autosave; when it is damaged (now, or since the title was built) and
        has a backup, load the backup instead and say so. Nothing is deleted."""
        info = self.damaged or self.latest
        if info is None:
            return
        try:
            match = store.load(info.path)
        except SaveError as err:
            if locks.held_elsewhere(info.path) or not store.backup_path(info.path).exists():
                self.app.notify(str(err))
                return
            try:
                match = store.load_backup(info.path)
            except SaveError as backup_err:
                self.app.notify(
                    _("{file} and its backup cannot be loaded: {problem}").format(
                        file=store.shown_name(info.path), problem=str(backup_err)
                    )
                )
                return
            self.app.notify(
                _(
                    "{file} is damaged, so its backup was loaded: the game as it was one "
                    "save earlier."
                ).format(file=store.shown_name(info.path))
            )
        routes.open_match(self.app, match, saved_as=store.named_save_holding(match))

    def load_game(self):
        routes.push(self.app, "load_game")

    def online_games(self):
        routes.push(self.app, "online_games")

    def statistics(self):
        routes.push(self.app, "statistics")

    def rules(self):
        routes.push(self.app, "rules")

    def settings(self):
        routes.push(self.app, "settings")

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()
            return True
        return False

    def busy(self) -> bool:
        """The props bob for a few seconds, then settle (a still title costs no CPU)."""
        return self.time < BOB_SECONDS

    def update(self, dt: float) -> None:
        self.time += dt

    def draw(self, surface) -> None:
        kit.draw_table(surface)
        w, h = surface.get_size()
        big = window.name_size(h, kit.ui_scale())  # as the first frame drew it
        kit.blit_text(
            surface,
            window.TITLE,
            big,
            (w // 2, window.name_top(h)),
            kit.GOLD,
            True,
            "midtop",
            shadow=True,
        )
        games = "  ·  ".join(_(title) for _id, title in registry.listed())
        games_size = kit.fit_text(games, 20, w - 80)
        games_top = subtitle_top(window.name_top(h), window.TITLE, big, games, games_size)
        kit.blit_text(surface, games, games_size, (w // 2, games_top), kit.INK_DIM, anchor="midtop")
        self._draw_props(surface, w, h)
        if self.problem:  # under the subtitle, clear of the menu and the toasts
            size = kit.fit_text(self.problem, 17, w - 120)
            kit.blit_text(
                surface,
                self.problem,
                size,
                (w // 2, games_top + kit.px(38)),
                kit.GOLD,
                anchor="midtop",
            )

    def _draw_props(self, surface, w, h) -> None:
        """A die, a marble and a minecart bobbing beside the menu."""
        from sprites import art

        settle = max(0.0, min(1.0, (BOB_SECONDS - self.time) / 1.5))  # the last 1.5 s calm
        bob = math.sin(self.time * 1.6) * 6 * settle
        s = kit.px(84 if h >= kit.px(760) else 66)
        left, right = w // 2 - kit.px(330), w // 2 + kit.px(330)
        y = int(h * 0.58)
        die = art.die_face(s, 5, "red")
        surface.blit(die, die.get_rect(center=(left, y + bob)))
        marble = art.marble(int(s * 0.8), "blue")
        surface.blit(marble, marble.get_rect(center=(right, y - 70 - bob)))
        marble2 = art.marble(int(s * 0.6), "yellow")
        surface.blit(marble2, marble2.get_rect(center=(right + 40, y - 10 + bob)))
        cart = art.minecart(int(s * 1.2), (214, 76, 64))
        surface.blit(cart, cart.get_rect(center=(right - 10, y + 80 + bob * 0.5)))
        die2 = art.die_face(int(s * 0.7), 3, "gold")
        surface.blit(die2, die2.get_rect(center=(left + 30, y + 100 - bob)))
        die3 = art.die_face(int(s * 0.6), 6, "black")
        surface.blit(die3, die3.get_rect(center=(left - 40, y - 90 + bob * 0.7)))

    def draw_over(self, surface) -> None:
        """A gold mark on Online games with how many wait for your turn."""
        if not self.online_waiting:
            return
        rect = self.buttons["Online games"].get_abs_rect()
        centre = (rect.right - kit.px(24), rect.centery)
        pygame.draw.circle(surface, kit.GOLD, centre, kit.px(12))
        kit.blit_text(surface, str(self.online_waiting), 14, centre, kit.INK_DARK, True, "center")
