"""Online games (issue 43): this computer's games with friends elsewhere, the ones waiting for
you first, and — signed in to Matrix — the account's game rooms and invitations not opened
here yet (rejoining from another computer reads the room again).

Each kept game shows its players, whose turn it is ("Your turn" in gold), how it travels and
any problem; Continue opens it waiting for you. A room is read in the background: the screen
says it is reading and never blocks; Back gives up.
"""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton, UILabel, UIScrollingContainer

from net import reopen, store
from net.log import BadEntry
from saves.store import SaveError
from scenes import kit, routes
from scenes.load_game import fit_label
from scenes.manager import Scene
from translation import N_, _

HOW = {
    "matrix": N_("through Matrix"),
    "lan-host": N_("on this network (you host)"),
    "lan-guest": N_("on this network"),
    "file": N_("by file"),
}


def whose_turn(info) -> str:
    """The second line of a kept game: whose turn, or how it ended, and how it travels."""
    if info.problem:
        return info.problem
    if info.stopped:
        state = _("Stopped: {reason}").format(reason=info.stopped)
    elif info.finished:
        state = _("Finished")
    elif info.your_turn:
        state = _("Your turn")
    elif info.to_move:
        state = _("{name} to play").format(name=info.to_move)
    else:
        state = _("Waiting")
    how = HOW.get(info.transport)
    return f"{state} · {_(how)}" if how else state


class OnlineGamesScene(Scene):
    """The list; Continue, Delete; the Matrix account's rooms; Join, Open turn file, Back."""

    paints_window = True

    def __init__(self, app):
        super().__init__(app)
        from net.matrix_account import load_account

        self.account = load_account()
        self.rooms: list = []
        self.rooms_note = ""
        self.looking = reopen.Errand(self._rooms) if self.account is not None else None
        if self.looking is not None:
            self.rooms_note = _("Looking for your Matrix games…")
        self.opening = None
        """The room being read before its table opens, or None."""

    def _rooms(self):
        from net.matrix_account import list_games

        return list_games(self.account)

    def build(self) -> None:
        w, h = self.app.size
        ui, c, px = self.app.ui, self.container, kit.px
        self.infos = store.list_games()
        known = {info.path.stem for info in self.infos}
        rooms = [room for room in self.rooms if room.game_id not in known]
        top = px(116 if h >= px(760) else 96)
        self.list_rect = pygame.Rect(40, top, w - 80, h - top - px(112))
        scroller = UIScrollingContainer(self.list_rect, ui, container=c, allow_scroll_x=False)
        row_h = px(70)
        inner_w = self.list_rect.width - 24
        count = len(self.infos) + len(rooms)
        scroller.set_scrollable_area_dimensions(
            (inner_w, max(row_h * count + 8, self.list_rect.height - 4))
        )
        labels = (_("Continue"), _("Delete"))
        gap = px(8)
        widths = [max(px(110), need + px(8)) for need in kit.button_needs(labels)]
        buttons_x = inner_w - px(14) - sum(widths) - gap
        self.rows = []
        for i, info in enumerate(self.infos):
            y = 4 + i * row_h
            head = f"{info.title} · {', '.join(info.names)}" if info.names else info.title
            turn_look = "#turn_label" if info.your_turn and not info.finished else "#dim_label"
            for index, (words, look) in enumerate(
                ((head, "#heading_label"), (whose_turn(info), turn_look))
            ):
                rect = pygame.Rect(12, y + px(6 + index * 29), buttons_x - 12 - px(20), px(28))
                label = UILabel(rect, "", ui, container=scroller, object_id=look)
                label.set_text(fit_label(label, words))
            go = UIButton(
                pygame.Rect(buttons_x, y + px(14), widths[0], px(38)),
                labels[0],
                ui,
                container=scroller,
                command=kit.bind(self.open, info),
                tool_tip_text=_("Open this game"),
            )
            if info.problem:
                go.disable()
            UIButton(
                pygame.Rect(buttons_x + widths[0] + gap, y + px(14), widths[1], px(38)),
                labels[1],
                ui,
                container=scroller,
                command=kit.bind(self.ask_delete, info),
                tool_tip_text=_("Forget this game on this computer"),
            )
            self.rows.append(info)
        for j, room in enumerate(rooms):
            y = 4 + (len(self.infos) + j) * row_h
            if room.invited:
                head = _("An invitation to a game")
                line = _("From {inviter} · through Matrix").format(inviter=room.inviter or "?")
                action = _("Accept")
            else:
                head = self._room_title(room)
                line = _("Not opened on this computer yet · through Matrix")
                action = _("Open")
            for index, (words, look) in enumerate(((head, "#heading_label"), (line, "#dim_label"))):
                rect = pygame.Rect(12, y + px(6 + index * 29), buttons_x - 12 - px(20), px(28))
                label = UILabel(rect, "", ui, container=scroller, object_id=look)
                label.set_text(fit_label(label, words))
            UIButton(
                pygame.Rect(buttons_x, y + px(14), widths[0], px(38)),
                action,
                ui,
                container=scroller,
                command=kit.bind(self.open_room, room.room_id),
                tool_tip_text=_("Read the game's room and open its table"),
            )
        self.empty = count == 0
        bottom = h - px(44) - 22
        join_w = max(px(220), kit.button_needs([_("Join a friend's game…")])[0] + px(32))
        file_w = max(px(200), kit.button_needs([_("Open turn file…")])[0] + px(32))
        UIButton(
            pygame.Rect(40, bottom, join_w, px(44)),
            _("Join a friend's game…"),
            ui,
            container=c,
            command=lambda: routes.push(self.app, "online_join"),
            tool_tip_text=_("Join a game hosted on this network, or open a turn file"),
        )
        UIButton(
            pygame.Rect(40 + join_w + px(12), bottom, file_w, px(44)),
            _("Open turn file…"),
            ui,
            container=c,
            command=lambda: routes.push(self.app, "turn_files"),
            tool_tip_text=_("Read the turn file a friend sent you"),
        )
        UIButton(
            pygame.Rect(w - px(160) - 40, bottom, px(160), px(44)),
            _("Back"),
            ui,
            container=c,
            command=self.back,
            tool_tip_text=_(kit.BACK_TIP),
        )

    def _room_title(self, room) -> str:
        from engine import registry

        try:
            title = _(registry.get(room.game or "").title)
        except KeyError:
            title = room.game or "?"
        names = [seat.get("name", "?") for seat in (room.header or {}).get("seats", [])]
        return f"{title} · {', '.join(str(name) for name in names)}" if names else title

    # --- opening ----------------------------------------------------------------------------
    def open(self, info) -> None:
        """Continue a kept game; a problem is said and nothing changes."""
        try:
            play = reopen.reopen(info.path, self.account)
        except (SaveError, BadEntry, OSError) as err:
            self.app.notify(str(err), seconds=8.0)
            return
        routes.open_online(self.app, play)

    def open_room(self, room_id: str) -> None:
        """Read a room of the account (joining it when invited); its table opens once read."""
        if self.opening is not None or self.account is None:
            return
        self.opening = reopen.open_room(self.account, room_id)
        self.rooms_note = _("Reading the game's room…")

    def busy(self) -> bool:
        return self.looking is not None or self.opening is not None

    def update(self, dt: float) -> None:
        if self.looking is not None and self.looking.done():
            looking, self.looking = self.looking, None
            try:
                self.rooms = looking.result()
                self.rooms_note = ""
            except Exception as err:  # noqa: BLE001 - the homeserver's words
                self.rooms_note = str(err)
            self.relayout()
        opening = self.opening
        if opening is None:
            return
        if opening.trouble is not None:
            self.rooms_note = opening.trouble.message
        if opening.ready.is_set():
            self.opening = None
            try:
                play = reopen.room_opened(opening, self.account)
            except (BadEntry, SaveError) as err:
                opening.close()
                self.rooms_note = str(err)
                self.app.notify(str(err), seconds=8.0)
                return
            routes.open_online(self.app, play)

    def back(self) -> None:
        if self.opening is not None:
            self.opening.close()
            self.opening = None
        self.app.manager.pop()

    # --- deleting ---------------------------------------------------------------------------
    def ask_delete(self, info) -> None:
        """Ask before forgetting ``info``'s game (the app's question over the list: pygame_gui's
        dialog had buttons too small for "Cancelar")."""
        question = _(
            "Forget this game of {game} on this computer? Your friends keep theirs; "
            "through Matrix you can open it again from its room."
        ).format(game=info.title)
        routes.push(self.app, "confirm", question, lambda: self.delete(info), _("Delete"))

    def delete(self, info) -> None:
        """Forget ``info``'s game here: its file and its backup."""
        for gone in (info.path, info.path.with_name(info.path.name + ".bak")):
            try:
                gone.unlink()
            except FileNotFoundError:
                pass
            except OSError as err:
                self.app.notify(str(err))
        self.relayout()

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return False

    def draw(self, surface) -> None:
        kit.draw_table(surface)
        kit.draw_heading(
            surface,
            _("Online games"),
            _("Yours to play first, then the newest"),
            top=24 if surface.get_height() >= kit.px(760) else 12,
        )
        kit.draw_panel(surface, self.list_rect.inflate(12, 12))
        if self.empty:
            words = _("No online game yet: New game with an Online friend seat starts one.")
            size = kit.fit_text(words, 18, self.list_rect.width - 40)
            kit.blit_text(surface, words, size, self.list_rect.center, kit.INK_DIM, anchor="center")
        if self.rooms_note:
            size = kit.fit_text(self.rooms_note, 15, self.list_rect.width)
            kit.blit_text(
                surface,
                self.rooms_note,
                size,
                (self.list_rect.centerx, self.list_rect.bottom + kit.px(8)),
                kit.INK_DIM,
                anchor="midtop",
            )
