"""The pause overlay (Esc in a game): Resume, Save, Load, Rules, Settings, Quit to title.

Save asks for a name first (the game's title and seats by default); Enter or Save writes it. A
name that an existing save has asks before replacing that save.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from saves import store
from saves.format import SaveError, clean_title, match_title
from saves.shown import title_now
from scenes import kit, routes
from scenes.manager import Scene
from translation import N_, _


def replace_question(name: str, existing=None) -> str:
    """The confirmation before saving over a save of the same name; ``existing`` (the save's
    :class:`saves.store.SaveInfo`, when it reads) adds what that save is — its game and
    players — so a save of another game is not replaced unawares."""
    if existing is None or existing.error is not None:
        return _(
            "A save called “{name}” already exists. Replace it? Its last version stays as the "
            "backup."
        ).format(name=clean_title(name))
    from scenes.load_game import what_it_is

    return _(
        # a colon, not brackets: the players' names hold brackets ("Bot 1 (Medium)")
        "A save called “{name}” already exists: {what}. Replace it? Its last version stays "
        "as the backup."
    ).format(name=clean_title(name), what=what_it_is(existing))


class PauseScene(Scene):
    """Drawn over the table; ``table`` is the table scene below (its match is saved)."""

    overlay = True

    def __init__(self, app, table, naming: bool = False, then=None):
        super().__init__(app)
        self.table = table
        self.naming = naming  # True while the "Name this save" row is shown
        self.only_naming = naming
        """Opened to name a save (Ctrl+S, Save and quit): Cancel and a save close it."""
        self.then = then
        """What to do once saved (leave the game), or None to go back to the table."""
        # a loaded (or already saved) game offers its own name, not the generic one
        given = table.saved_as or table.match.save_title
        self.save_name = title_now(given, table.match) if given else match_title(table.match)

    def build(self) -> None:
        if self.naming:
            self._build_naming()
            return
        self.name_entry: UITextEntryLine | None = None
        self.buttons = kit.button_column(
            self,
            [
                (N_("Resume"), self.app.manager.pop),
                (N_("Save"), self.ask_name),
                (N_("Load"), self.load),
                (N_("Rules"), self.rules),
                (N_("Settings"), self.settings),
                (N_("Quit to title"), self.quit_to_title),
            ],
            width=280,
            height=44,
            gap=10,
            tooltips={"Resume": _("Back to the game (Esc)")},
        )
        self.build_position_row()

    # --- the position, to share --------------------------------------------------------------
    def position_rect(self) -> pygame.Rect:
        """The strip under the menu that shows the position's notation."""
        w, h = self.app.size
        menu_bottom = h // 2 - 20 + kit.px(6 * 54 + 90) // 2
        height = max(kit.px(70), min(kit.px(110), h - menu_bottom - 16))
        return pygame.Rect(int(w * 0.08), h - height - 8, int(w * 0.84), height)

    def build_position_row(self) -> None:
        """The position's notation (drawn) and Copy, so a position can be shared."""
        from engine.positions import position_text

        match = self.table.match
        # a position names every hand: while the game hides them, it is not shown nor copied;
        # a replay's game is over (a play-tester read "once the game is over" under a replay)
        self.hides_hands = bool(getattr(self.table.game, "secret_hands", False)) and not (
            match.is_terminal() or self.table.replay is not None
        )
        self.position = "" if self.hides_hands else position_text(match.spec, match.state)
        rect = self.position_rect()
        self.copy_button = UIButton(
            pygame.Rect(
                rect.right - kit.px(130), rect.centery - kit.px(20), kit.px(116), kit.px(40)
            ),
            _("Copy"),
            self.app.ui,
            container=self.container,
            command=self.copy_position,
            object_id="#veiled_button",  # disabled, it must read as off against the veil
            tool_tip_text=_(
                "Copy this position to the clipboard: New game, Start from a position pastes it"
            ),
        )
        if self.hides_hands:
            self.copy_button.disable()

    def copy_position(self) -> None:
        from scenes.clipboard import copy_text

        if copy_text(self.position):
            self.app.notify(_("Position copied"))
        else:
            self.app.notify(_("The clipboard is not available here."))

    def draw_position(self, surface) -> None:
        rect = self.position_rect()
        # nearly opaque: a play-tester read the log's words through it, under Copy
        kit.draw_panel(surface, rect, (20, 26, 30, 252), border=(93, 116, 128))
        px = kit.px  # sizes at 100 %, grown by the UI scale
        kit.blit_text(surface, _("Position"), 15, (rect.x + 12, rect.y + px(6)), kit.GOLD, True)
        width = rect.width - px(170)
        lines = self.position.strip().count("\n") + 1
        if self.hides_hands:
            flat = _(
                "The position names every player's hidden cards: it is shown and copied once "
                "the game is over."
            )
        elif lines > 1:  # a board drawn in rows (Off the Rails): run together it reads as noise
            flat = _(
                "The position as text, to share or to play on from it later: Copy it, then "
                "paste it in New game, Start from a position."
            )
        else:
            flat = " ".join(self.position.split())
        measure = lambda text: kit.text_size(text, 13)[0]  # noqa: E731
        # a field with no space to break at (a deck's card list) ran on under Copy: its row
        # is cut, Copy takes the whole text
        rows = [
            row if measure(row) <= width else kit.ellipsize(row, width, measure)
            for row in kit.wrap(flat, 13, width)
        ]
        shown = max(1, (rect.height - px(30)) // px(17))
        if len(rows) > shown:
            rows = rows[: shown - 1] + [kit.ellipsize(" ".join(rows[shown - 1 :]), width, measure)]
        for index, row in enumerate(rows):
            kit.blit_text(surface, row, 13, (rect.x + 12, rect.y + px(27 + index * 17)), kit.INK)

    def _build_naming(self) -> None:
        w, h = self.app.size
        ui, c = self.app.ui, self.container
        px = kit.px  # sizes at 100 %, grown by the UI scale
        x, y = w // 2 - px(200), h // 2 - px(66)
        UILabel(pygame.Rect(x, y, px(400), px(28)), _("Name"), ui, container=c)
        entry = self.name_entry = UITextEntryLine(
            pygame.Rect(x, y + px(30), px(400), px(38)),
            ui,
            container=c,
            initial_text=self.save_name,
        )
        entry.set_text_length_limit(60)
        self.app.ui.set_focus_set(entry)
        # the whole default name selected, so typing replaces it and End keeps it; the
        # cursor at its start shows the game's name when the players' names run past the box
        entry.select_range = [0, len(self.save_name)]
        entry.edit_position = 0
        entry.redraw()
        self.buttons = {
            "Save": UIButton(
                pygame.Rect(x + px(210), y + px(82), px(190), px(42)),
                _("Save"),
                ui,
                container=c,
                command=self.save,
                tool_tip_text=_(
                    "A save of the same name is replaced after "
                    "you confirm; its last version stays as the "
                    "backup (Enter)"
                ),
            ),
            "Cancel": UIButton(
                pygame.Rect(x, y + px(82), px(190), px(42)),
                _("Cancel"),
                ui,
                container=c,
                command=self.cancel_name,
                tool_tip_text=_("Do not save (Esc)"),
            ),
        }

    def ask_name(self) -> None:
        """Show the name row (Save in the menu). A replay is not saved: a finished game saved
        at the step shown and played on would end again and count twice in the statistics;
        Save says so (a disabled button shows no tooltip) and Copy gives the position."""
        if self.table.replay is not None:
            self.app.notify(_("A replay is not saved: Copy its position to play on from here"))
            return
        if getattr(self.table, "online", None) is not None:
            from scenes.table.saving import ONLINE_KEPT

            self.app.notify(_(ONLINE_KEPT))
            return
        self.naming = True
        self.relayout()

    def cancel_name(self) -> None:
        if self.only_naming:
            self.app.manager.pop()
            return
        self.naming = False
        self.relayout()

    def save(self) -> None:
        """Write the match under the typed name; a save of that name is replaced only after
        the player confirms. A failure is reported and nothing is lost."""
        if self.name_entry is not None:
            self.save_name = self.name_entry.get_text().strip() or match_title(self.table.match)
        try:
            existing = store.find_save(self.save_name)
        except SaveError as err:
            self.app.notify(str(err))
            return
        if existing is not None:
            self.ask_replace(store.read_info(existing))
            return
        self.write(replacing=False)

    def ask_replace(self, existing=None) -> None:
        """The confirmation before a save of the same name (``existing``, its
        :class:`saves.store.SaveInfo`) is replaced: the app's question over the menu (the
        stock dialog looked like no other screen); No goes back to the name."""
        routes.push(
            self.app,
            "confirm",
            replace_question(self.save_name, existing),
            lambda: self.write(replacing=True),
            _("Replace"),
        )

    def write(self, replacing: bool) -> None:
        try:
            path = store.save(self.table.match, self.save_name)
        except SaveError as err:
            self.app.notify(str(err))
            return
        self.table.mark_saved(self.save_name)
        shown = store.read_info(path).title
        self.table.match.save_title = shown
        self.app.notify(
            (
                _("Replaced the save “{name}” (its last version is the backup)")
                if replacing
                else _("Saved “{name}”")
            ).format(name=shown)
        )
        if self.only_naming:
            self.app.manager.pop()
            if self.then is not None:
                self.then()
            return
        self.naming = False
        self.relayout()

    def load(self) -> None:
        routes.push(self.app, "load_game")

    def rules(self) -> None:
        from scenes.rules_help import options_on

        match = self.table.match
        routes.push(self.app, "rules", match.spec.id, options_on(match))

    def settings(self) -> None:
        routes.push(self.app, "settings")

    def quit_to_title(self) -> None:
        """Back to the title; a game not saved as it is asks first (:mod:`scenes.leave`)."""
        if not self.table.ask_before_leaving(self.leave_to_title):
            self.leave_to_title()

    def leave_to_title(self) -> None:
        self.table.saves.keep_for_continue()  # Continue resumes the game just left
        self.table.shutdown()
        routes.to_title(self.app)

    def handle_event(self, event) -> bool:
        if (
            event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED
            and self.naming
            and event.ui_element is self.name_entry
        ):
            self.save()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.naming:
                self.cancel_name()
            else:
                self.app.manager.pop()
            return True
        return False

    def draw(self, surface) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 150))
        surface.blit(veil, (0, 0))
        if self.app.manager.top is not self:
            return  # a question over the menu (Leave this game?) hides its buttons: and its panel
        w, h = surface.get_size()
        if self.naming:  # the title, the name and the buttons (_build_naming), no more
            rect = pygame.Rect(0, 0, kit.px(460), kit.px(200))
            rect.center = (w // 2, h // 2 - kit.px(20))
        else:
            rect = pygame.Rect(0, 0, kit.px(340), kit.px(6 * 54 + 90))
            rect.center = (w // 2, h // 2 - 20)
        kit.draw_panel(surface, rect, (20, 26, 30, 235), border=(93, 116, 128))
        title = _("Save the game") if self.naming else _("Paused")
        kit.blit_text(surface, title, 26, (w // 2, rect.y + kit.px(14)), kit.GOLD, True, "midtop")
        if not self.naming:
            self.draw_position(surface)
