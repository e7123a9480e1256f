"""Settings → Online (issue 43): sign in to Matrix, see who is signed in, sign out.

The homeserver, the user and the password are asked once: the password goes to the
homeserver and nowhere else; what is kept is the access token (:mod:`net.matrix_account`, in
the data folder, readable by you only). Every call to the homeserver runs in a background
thread (:class:`net.reopen.Errand`): the window keeps drawing and says what it waits for; a
refusal or an unreachable server is said in plain words.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from net import matrix_account
from net.reopen import Errand
from net.secret import PEEK_NOTICE
from scenes import kit
from scenes.manager import Scene
from translation import _

DEFAULT_HOMESERVER = "matrix.org"


class MatrixSettingsScene(Scene):
    """The Matrix account: a sign-in form, or who is signed in and Sign out."""

    paints_window = True

    def __init__(self, app):
        super().__init__(app)
        self.account = matrix_account.load_account()
        self.errand: Errand | None = None
        self.doing = ""
        """What the errand does, for the status line ("" when nothing runs)."""
        self.status = ""
        self.failed = False
        self.homeserver = self.account.homeserver if self.account else DEFAULT_HOMESERVER
        self.user = ""

    def build(self) -> None:
        w, h = self.app.size
        ui, c, px = self.app.ui, self.container, kit.px
        top = px(100 if h >= px(760) else 80)
        width = min(px(720), w - 80)
        x = (w - width) // 2
        self.x, self.top, self.width = x, top, width
        label_w = px(220)
        y = top + px(76)
        self.entries: dict[str, UITextEntryLine] = {}
        self.button: UIButton
        if self.account is None:
            for key, label, text in (
                ("homeserver", _("Homeserver"), self.homeserver),
                ("user", _("User"), self.user),
                ("password", _("Password"), ""),
            ):
                UILabel(pygame.Rect(x, y, label_w, px(36)), label, ui, container=c)
                entry = UITextEntryLine(
                    pygame.Rect(x + label_w, y, width - label_w, px(36)),
                    ui,
                    container=c,
                    initial_text=text,
                    object_id=f"#matrix_{key}",
                )
                entry.set_text_length_limit(255)
                self.entries[key] = entry
                y += px(44)
            self.entries["password"].set_text_hidden(True)
            self.button = UIButton(
                pygame.Rect(x + width - px(170), y + px(4), px(170), px(42)),
                _("Sign in"),
                ui,
                container=c,
                command=self.sign_in,
                tool_tip_text=_("Only the access token is kept, never the password (Enter)"),
            )
        else:
            self.button = UIButton(
                pygame.Rect(x + width - px(170), y, px(170), px(42)),
                _("Sign out"),
                ui,
                container=c,
                command=self.sign_out,
                tool_tip_text=_("End the session on the homeserver and forget the token"),
            )
        if self.errand is not None:
            self.button.disable()
        self.status_top = y + px(58)
        self.peek = kit.wrap(_(PEEK_NOTICE), 15, width)
        self.panel_rect = pygame.Rect(x - px(20), top - px(12), width + px(40), 0)
        self.panel_rect.height = self.status_top + px(56) + len(self.peek) * px(20) - top + px(12)
        UIButton(
            pygame.Rect(w - px(160) - 40, h - px(44) - 22, px(160), px(44)),
            _("Back"),
            ui,
            container=c,
            command=self.app.manager.pop,
            tool_tip_text=_(kit.BACK_TIP),
        )

    # --- the homeserver ---------------------------------------------------------------------
    def sign_in(self) -> None:
        if self.errand is not None or self.account is not None:
            return
        self.homeserver = self.entries["homeserver"].get_text().strip()
        self.user = self.entries["user"].get_text().strip()
        password = self.entries["password"].get_text()
        if not self.user or not password:
            self.say(_("Type your user name and your password."), True)
            return
        try:
            url = matrix_account.homeserver_url(self.homeserver)
        except matrix_account.MatrixError as err:
            self.say(str(err), True)
            return
        self.entries["password"].set_text("")
        self.errand = Errand(matrix_account.sign_in, url, self.user, password)
        self.doing = "in"
        self.button.disable()
        self.say(_("Signing in to {homeserver}…").format(homeserver=url), False)

    def sign_out(self) -> None:
        if self.errand is not None or self.account is None:
            return
        self.errand = Errand(matrix_account.sign_out, self.account)
        self.doing = "out"
        self.button.disable()
        self.say(_("Signing out…"), False)

    def say(self, words: str, failed: bool) -> None:
        self.status, self.failed = words, failed

    def busy(self) -> bool:
        return self.errand is not None

    def update(self, dt: float) -> None:
        errand = self.errand
        if errand is None or not errand.done():
            return
        self.errand = None
        try:
            result = errand.result()
        except Exception as err:  # noqa: BLE001 - MatrixError or a network failure, in words
            self.say(str(err), True)
            self.button.enable()
            return
        if self.doing == "in":
            self.account = result
            self.say(_("Signed in."), False)
        else:
            self.account = None
            self.say(_("Signed out: the access token is forgotten."), False)
        self.relayout()

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element in (
            self.entries.values()
        ):
            self.sign_in()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.manager.pop()
            return True
        return False

    def draw(self, surface) -> None:
        kit.draw_table(surface)
        px = kit.px
        kit.draw_heading(
            surface, _("Online: Matrix"), top=24 if surface.get_height() >= px(760) else 12
        )
        kit.draw_panel(surface, self.panel_rect)
        x, y = self.x, self.top
        if self.account is None:
            kit.blit_text(surface, _("Not signed in"), 18, (x, y), kit.GOLD, True)
            intro = _("Sign in with any Matrix account to play with friends through Matrix.")
        else:
            kit.blit_text(surface, _("Signed in"), 18, (x, y), kit.GOLD, True)
            intro = _("{user} on {homeserver}").format(
                user=self.account.user_id, homeserver=self.account.homeserver
            )
        for i, line in enumerate(kit.wrap(intro, 16, self.width)[:2]):
            kit.blit_text(surface, line, 16, (x, y + px(30) + i * px(20)), kit.INK)
        if self.status:
            colour = kit.DANGER if self.failed else kit.INK
            for i, line in enumerate(kit.wrap(self.status, 15, self.width)[:2]):
                kit.blit_text(surface, line, 15, (x, self.status_top + i * px(20)), colour)
        for i, line in enumerate(self.peek):
            kit.blit_text(surface, line, 15, (x, self.status_top + px(50) + i * px(20)), kit.GOLD)
