"""Play online (issue 43): New game with a seat "Online friend" comes here before the table.

The person chooses how the friends join — a Matrix room (the program makes it and invites
them), this computer hosting on the local network (they type the address the table shows),
or turn files sent by e-mail — and the clock (none by default; a time per move as the rules'
website offers). The screen says plainly that among friends a changed program could peek
(:data:`net.secret.PEEK_NOTICE`). Start makes the room, opens the port or readies the first
turn file, and opens the table; what goes wrong is said under the form and nothing is lost.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel

from engine.match import HUMAN, bot_name
from net import reopen
from net.log import CLOCK_CHOICES, BadEntry, make_header
from net.secret import PEEK_NOTICE
from scenes import kit, routes
from scenes.manager import Scene
from translation import N_, _, ngettext

WAYS = {
    "matrix": N_("Through Matrix"),
    "lan": N_("On this network (you host)"),
    "file": N_("By file (e-mail)"),
}
"""How the friends join -> the choice's words."""
WAY_NOTES = {
    "matrix": N_(
        "Any Matrix account works (matrix.org or another homeserver): the game's room is made "
        "and your friends are invited; their Matrix app tells them when it is their turn."
    ),
    "lan": N_(
        "No account: your friends type the address the table shows, and their name as you "
        "typed it in New game. Keep the game open while you play."
    ),
    "file": N_(
        "After each of your turns, Send turn writes a file: send it to your friends (by "
        "e-mail, for example); they open it with Open turn file and send theirs back."
    ),
}


def clock_label(seconds: int | None) -> str:
    """A clock choice in words: "No clock", "3 minutes a move", "1 day a move"…"""
    if seconds is None:
        return _("No clock")
    if seconds < 3600:
        minutes = seconds // 60
        return ngettext("{count} minute a move", "{count} minutes a move", minutes).format(
            count=minutes
        )
    if seconds < 86400:
        hours = seconds // 3600
        return ngettext("{count} hour a move", "{count} hours a move", hours).format(count=hours)
    if seconds % 604800 == 0:
        weeks = seconds // 604800
        return ngettext("{count} week a move", "{count} weeks a move", weeks).format(count=weeks)
    days = seconds // 86400
    return ngettext("{count} day a move", "{count} days a move", days).format(count=days)


class OnlineSetupScene(Scene):
    """How to play the game New game set up online: ``spec``, ``seats`` (``(kind, name)``
    each), ``options`` and ``seed``."""

    paints_window = True

    def __init__(self, app, spec, seats, options: dict, seed: int):
        super().__init__(app)
        self.spec = spec
        self.seat_choices = list(seats)
        self.options = dict(options)
        self.seed = seed
        from net.matrix_account import load_account

        self.account = load_account()
        self.way = "matrix" if self.account is not None else "lan"
        self.clock: int | None = None
        self.error = ""
        self.errand: reopen.Errand | None = None
        self.seat_lines = []
        bots = 0
        for kind, name in self.seat_choices:
            if kind == HUMAN:
                words = _("{name}: you, at this computer")
            elif kind == "online":
                words = _("{name}: a friend on another computer")
            else:
                bots += 1
                name = bot_name(bots, kind)
                words = _("{name}: a computer player (every computer plays it alike)")
            self.seat_lines.append(words.format(name=name))

    # --- layout -----------------------------------------------------------------------------
    def build(self) -> None:
        from net.matrix_account import load_account

        self.account = load_account()  # back from signing in
        w, h = self.app.size
        ui, c, px = self.app.ui, self.container, kit.px
        top = px(104 if h >= px(760) else 80)
        width = min(px(820), w - 80)
        x = (w - width) // 2
        self.panel_rect = pygame.Rect(x - px(20), top - px(12), width + px(40), 0)
        menu_w = px(330)
        y = top
        self.rows: list[tuple[str, int, int]] = []  # (words, y, size) drawn
        self.rows.append((_("How your friends join"), y, 0))
        UIDropDownMenu(
            [_(words) for words in WAYS.values()],
            _(WAYS[self.way]),
            pygame.Rect(x + width - menu_w, y - px(4), menu_w, px(36)),
            ui,
            container=c,
            object_id="#online_way",
        )
        y += px(40)
        note_w = width
        if self.way == "matrix":
            account_w = max(px(170), kit.button_needs([_("Matrix account…")])[0] + px(24))
            note_w = width - account_w - px(12)
            UIButton(
                pygame.Rect(x + width - account_w, y, account_w, px(38)),
                _("Matrix account…"),
                ui,
                container=c,
                command=self.sign_in,
                tool_tip_text=_("Sign in to Matrix, or see who is signed in (Settings, Online)"),
            )
        self.notes = kit.wrap(_(WAY_NOTES[self.way]), 15, note_w)
        if self.way == "matrix":
            self.notes.insert(
                0,
                _("Signed in as {user}.").format(user=self.account.user_id)
                if self.account
                else _("Not signed in to Matrix yet."),
            )
        self.notes_top = y
        y += max(px(44), len(self.notes) * px(20)) + px(16)
        self.rows.append((_("Clock"), y, 0))
        UIDropDownMenu(
            [clock_label(seconds) for seconds in CLOCK_CHOICES],
            clock_label(self.clock),
            pygame.Rect(x + width - menu_w, y - px(4), menu_w, px(36)),
            ui,
            container=c,
            object_id="#online_clock",
        )
        y += px(40)
        self.clock_note = kit.wrap(
            _(
                "No clock among friends, unless you want one: a seat past its time can be "
                "handed to a computer player by the others."
            ),
            15,
            width,
        )
        self.clock_top = y
        y += len(self.clock_note) * px(20) + px(16)
        self.seats_top = y
        y += px(28) + len(self.seat_lines) * px(22) + px(10)
        self.peek = kit.wrap(_(PEEK_NOTICE), 15, width)
        self.peek_top = y
        y += len(self.peek) * px(20) + px(8)
        self.panel_rect.height = y - self.panel_rect.y
        self.x, self.width = x, width
        by = h - px(44) - 22
        self.error_label = UILabel(
            pygame.Rect(40, by - px(40), w - 80, px(36)),
            self.error,
            ui,
            container=c,
            object_id="#error_label",
        )
        UIButton(
            pygame.Rect(w - 40 - px(330), by, px(150), px(44)),
            _("Back"),
            ui,
            container=c,
            command=self.app.manager.pop,
            tool_tip_text=_(kit.BACK_TIP),
        )
        self.start_button = UIButton(
            pygame.Rect(w - 40 - px(170), by, px(170), px(44)),
            _("Start"),
            ui,
            container=c,
            command=self.start,
            tool_tip_text=_("Start the online game (Enter)"),
        )

    # --- commands ---------------------------------------------------------------------------
    def sign_in(self) -> None:
        routes.push(self.app, "online_settings")

    def say(self, message: str) -> None:
        self.error = message
        self.error_label.set_text(kit.ellipsize(message, self.error_label.rect.width, size=15))

    def start(self) -> None:
        """Make the game's header and open it the chosen way; a problem is said."""
        if self.errand is not None:
            return
        try:
            seats = reopen.online_seats(self.seat_choices, self.way, self.account)
            header = make_header(self.spec, seats, self.options, self.seed, self.clock)
        except (ValueError, BadEntry) as err:
            self.say(str(err))
            return
        here = next(n for n, (kind, _name) in enumerate(self.seat_choices) if kind == HUMAN)
        if self.way == "matrix":
            self.say(_("Making the game's room and inviting your friends…"))
            self.errand = reopen.Errand(reopen.new_matrix_game, self.account, header)
            self.start_button.disable()
            return
        try:
            if self.way == "lan":
                play = reopen.host_lan(header, seats[here].player or "")
            else:
                play = reopen.new_file_game(header, here)
        except (OSError, BadEntry) as err:
            self.say(str(err))
            return
        routes.open_online(self.app, play)

    def busy(self) -> bool:
        return self.errand is not None

    def update(self, dt: float) -> None:
        errand = self.errand
        if errand is None or not errand.done():
            return
        self.errand = None
        try:
            play = errand.result()
        except Exception as err:  # noqa: BLE001 - the homeserver's refusal, in words
            self.say(str(err))
            self.start_button.enable()
            return
        routes.open_online(self.app, play)

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            oid = event.ui_object_id.split(".")[-1]
            if oid == "#online_way":
                self.way = next(k for k, v in WAYS.items() if _(v) == event.text)
                self.error = ""
                self.relayout()
                return True
            if oid == "#online_clock":
                self.clock = next(s for s in CLOCK_CHOICES if clock_label(s) == event.text)
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if not kit.close_dropdowns(self.app.ui):
                self.app.manager.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
            return True
        return False

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, surface) -> None:
        kit.draw_table(surface)
        px = kit.px
        kit.draw_heading(
            surface,
            _("Play {game} online").format(game=_(self.spec.title)),
            top=24 if surface.get_height() >= px(760) else 12,
        )
        kit.draw_panel(surface, self.panel_rect)
        x = self.x
        for words, y, _size in self.rows:
            kit.blit_text(surface, words, 18, (x, y + px(2)), kit.GOLD, True)
        for i, line in enumerate(self.notes):
            colour = kit.INK if i == 0 and self.way == "matrix" else kit.INK_DIM
            kit.blit_text(surface, line, 15, (x, self.notes_top + i * px(20)), colour)
        for i, line in enumerate(self.clock_note):
            kit.blit_text(surface, line, 15, (x, self.clock_top + i * px(20)), kit.INK_DIM)
        kit.blit_text(surface, _("Seats"), 18, (x, self.seats_top), kit.GOLD, True)
        for i, line in enumerate(self.seat_lines):
            kit.blit_text(surface, line, 16, (x, self.seats_top + px(28) + i * px(22)), kit.INK)
        for i, line in enumerate(self.peek):
            kit.blit_text(surface, line, 15, (x, self.peek_top + i * px(20)), kit.GOLD)
