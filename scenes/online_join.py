"""Join a friend's game (issue 43): on this network by the address their table shows, or by a
turn file they sent (Open turn file). A Matrix invitation is listed under Online games.

Joining connects in the background: the screen shows what happens (connecting, the host's
refusal in its words, a host that does not answer and the next try) and never blocks; Back
gives up. Once the host welcomes this computer, its table opens.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from engine.match import NAME_LIMIT
from net import reopen
from net.log import BadEntry
from net.secret import PEEK_NOTICE
from saves.store import SaveError
from scenes import kit, routes
from scenes.manager import Scene
from translation import _


class JoinScene(Scene):
    """The join form: address and name, Join; Open turn file; Back."""

    paints_window = True

    def __init__(self, app):
        super().__init__(app)
        self.guest = None
        names = app.settings.player_names
        self.name = names[0] if names and names[0] else ""
        self.address = ""
        self.status = ""
        self.failed = False

    def build(self) -> None:
        w, h = self.app.size
        ui, c, px = self.app.ui, self.container, kit.px
        top = px(100 if h >= px(760) else 80)
        width = min(px(760), w - 80)
        x = (w - width) // 2
        self.x, self.width = x, width
        self.top = top
        label_w = px(220)
        entry_w = width - label_w
        y = top + px(40)
        UILabel(pygame.Rect(x, y, label_w, px(36)), _("Address"), ui, container=c)
        self.address_entry = UITextEntryLine(
            pygame.Rect(x + label_w, y, entry_w, px(36)),
            ui,
            container=c,
            initial_text=self.address,
            # said as an example: pygame_gui draws a placeholder in the typed text's colour
            placeholder_text=_("for example {address}").format(address="ws://192.168.1.5:40213"),
        )
        self.address_entry.set_text_length_limit(200)
        y += px(44)
        UILabel(pygame.Rect(x, y, label_w, px(36)), _("Your name"), ui, container=c)
        self.name_entry = UITextEntryLine(
            pygame.Rect(x + label_w, y, entry_w, px(36)),
            ui,
            container=c,
            initial_text=self.name,
        )
        self.name_entry.set_text_length_limit(NAME_LIMIT)
        y += px(48)
        self.join_button = UIButton(
            pygame.Rect(x + width - px(170), y, px(170), px(42)),
            _("Join"),
            ui,
            container=c,
            command=self.join,
            tool_tip_text=_("Connect to your friend's game (Enter)"),
        )
        self.status_rect = pygame.Rect(x, y, width - px(190), px(42))
        y += px(60)
        self.file_top = y
        UIButton(
            pygame.Rect(x, y + px(34), px(260), px(42)),
            _("Open turn file…"),
            ui,
            container=c,
            command=lambda: routes.push(self.app, "turn_files"),
            tool_tip_text=_("Read the turn file a friend sent you"),
        )
        y += px(90)
        self.notes_top = y
        self.notes = [
            _("Invited through Matrix? Online games on the title screen lists your invitations."),
            _(PEEK_NOTICE),
        ]
        self.note_lines = [kit.wrap(note, 15, width) for note in self.notes]
        self.panel_rect = pygame.Rect(x - px(20), top - px(12), width + px(40), 0)
        self.panel_rect.height = (
            y + sum(len(lines) * px(20) + px(10) for lines in self.note_lines) - self.panel_rect.y
        )
        UIButton(
            pygame.Rect(w - px(160) - 40, h - px(44) - 22, px(160), px(44)),
            _("Back"),
            ui,
            container=c,
            command=self.back,
            tool_tip_text=_(kit.BACK_TIP),
        )
        if self.guest is not None:
            self.join_button.disable()

    # --- joining ----------------------------------------------------------------------------
    def join(self) -> None:
        """Connect to the address as the name typed; the table opens once welcomed."""
        if self.guest is not None:
            return
        self.address = self.address_entry.get_text().strip()
        self.name = self.name_entry.get_text().strip()
        if not self.address or not self.name:
            self.say(_("Type the address your friend's table shows, and your name."), True)
            return
        try:
            self.guest = reopen.join_lan(self.address, self.name)
        except ValueError as err:  # not an address: said, and the fields stay to correct
            self.say(str(err), True)
            return
        self.join_button.disable()
        self.say(_("Connecting to {address}…").format(address=self.guest.address), False)

    def say(self, words: str, failed: bool) -> None:
        self.status, self.failed = words, failed

    def give_up(self) -> None:
        if self.guest is not None:
            self.guest.close()
            self.guest = None
        if self.container is not None:
            self.join_button.enable()

    def back(self) -> None:
        self.give_up()
        self.app.manager.pop()

    def busy(self) -> bool:
        return self.guest is not None

    def update(self, dt: float) -> None:
        guest = self.guest
        if guest is None:
            return
        if guest.welcomed.is_set():
            try:
                play = reopen.joined(guest)
            except (BadEntry, SaveError) as err:
                self.give_up()
                self.say(str(err), True)
                return
            self.guest = None
            routes.open_online(self.app, play)
            return
        trouble = guest.trouble
        if trouble is not None:
            self.say(trouble.message, True)
            if trouble.retry_in is None:  # the host refused: trying again would not help
                self.give_up()

    def exit(self) -> None:
        self.give_up()
        super().exit()

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element in (
            self.address_entry,
            self.name_entry,
        ):
            self.join()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return False

    def draw(self, surface) -> None:
        kit.draw_table(surface)
        px = kit.px
        kit.draw_heading(
            surface, _("Join a friend's game"), top=24 if surface.get_height() >= px(760) else 12
        )
        kit.draw_panel(surface, self.panel_rect)
        kit.blit_text(surface, _("On this network"), 18, (self.x, self.top), kit.GOLD, True)
        if self.status:
            colour = kit.DANGER if self.failed else kit.INK
            lines = kit.wrap(self.status, 15, self.status_rect.width)[:2]
            for i, line in enumerate(lines):
                kit.blit_text(
                    surface, line, 15, (self.status_rect.x, self.status_rect.y + i * px(20)), colour
                )
        kit.blit_text(surface, _("By file"), 18, (self.x, self.file_top), kit.GOLD, True)
        y = self.notes_top
        for index, lines in enumerate(self.note_lines):
            colour = kit.GOLD if index == len(self.note_lines) - 1 else kit.INK_DIM
            for line in lines:
                kit.blit_text(surface, line, 15, (self.x, y), colour)
                y += px(20)
            y += px(10)
