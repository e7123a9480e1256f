"""Play by file (issue 43): where turn files go, and "Open turn file", which reads one.

Send turn (:mod:`scenes.table.online`) writes ``GAME-ID-turn-N.json`` into the Documents
folder's ``Tabletop Trio`` (:func:`turn_folder`). Open turn file lists the turn files found
there and in Downloads (where an e-mail's attachment lands), newest first, and takes a typed
path for any other. A file of a game this computer keeps is read into it; a new game asks
which seat is yours first. A file that cannot be read says why and changes nothing.
"""

from __future__ import annotations

import time
from pathlib import Path

import platformdirs
import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from net import reopen
from net.files import TurnFile, read_turn_file
from net.log import BadEntry
from net.secret import PEEK_NOTICE
from saves.store import SaveError
from scenes import kit, routes
from scenes.manager import Scene
from translation import _, ngettext, sentences

FOLDER = "Tabletop Trio"
LISTED = 8
"""Turn files listed at most (the newest)."""


def turn_folder() -> Path:
    """Where Send turn writes: ``Tabletop Trio`` in the Documents folder."""
    return platformdirs.user_documents_path() / FOLDER


def folder_words(folder: Path, most: int = 48) -> str:
    """``folder`` as the heading says it: the home folder as "~", and a path longer than
    ``most`` characters by its last two folders ("…/Documents/Tabletop Trio"), so the
    heading's line fits the window (a long path ran off both sides)."""
    home = Path.home()
    words = str(folder)
    if folder.is_relative_to(home):
        words = str(Path("~") / folder.relative_to(home))
    if len(words) > most and len(folder.parts) > 2:
        words = str(Path("…", *folder.parts[-2:]))
    return words


def turn_file_path(session) -> Path:
    """A new turn file's path for ``session``'s game (its folder made)."""
    folder = turn_folder()
    folder.mkdir(parents=True, exist_ok=True)
    header = session.header
    return folder / f"{header.spec.id}-{header.game_id[:8]}-turn-{len(session.log)}.json"


def found_turn_files() -> list[Path]:
    """Turn files in :func:`turn_folder` and Downloads, newest first (at most
    :data:`LISTED`)."""
    found: dict[Path, float] = {}
    for folder in (turn_folder(), platformdirs.user_downloads_path()):
        try:
            for path in folder.glob("*-turn-*.json"):
                found[path] = path.stat().st_mtime
        except OSError:
            continue
    return sorted(found, key=lambda path: -found[path])[:LISTED]


class TurnFilesScene(Scene):
    """Open turn file; ``table`` is the online table it was opened from (its game's files are
    read into it), or None (from the title's Online games)."""

    paints_window = True

    def __init__(self, app, table=None):
        super().__init__(app)
        self.table = table
        self.error = ""

    def build(self) -> None:
        w, h = self.app.size
        ui, c, px = self.app.ui, self.container, kit.px
        top = px(124 if h >= px(760) else 104)
        self.files = found_turn_files()
        bottom = h - px(44) - 30 - px(96)
        self.list_rect = pygame.Rect(60, top, w - 120, bottom - top)
        row = min(px(44), max(px(34), self.list_rect.height // max(1, LISTED)))
        for index, path in enumerate(self.files):
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
            UIButton(
                pygame.Rect(self.list_rect.x + 12, top + 12 + index * (row + 4), w - 144, row),
                kit.ellipsize(f"{path.name} · {when}", w - 170, size=17),
                ui,
                container=c,
                command=kit.bind(self.open, path),
                tool_tip_text=str(path),
            )
        y = bottom + px(12)
        UILabel(
            pygame.Rect(60, y, w - 120, px(26)),
            _("Or type the file's path and press Enter:"),
            ui,
            container=c,
            object_id="#dim_label",
        )
        self.path_entry = UITextEntryLine(
            pygame.Rect(60, y + px(30), w - 120, px(38)), ui, container=c
        )
        self.path_entry.set_text_length_limit(1000)
        # Open beside Back on the bottom row: a tooltip never covers the other button
        back_x = w - px(160) - 60
        UIButton(
            pygame.Rect(back_x - px(12) - px(140), h - px(44) - 22, px(140), px(44)),
            _("Open"),
            ui,
            container=c,
            command=self.open_typed,
        )
        self.error_label = UILabel(
            pygame.Rect(60, h - px(44) - 22, back_x - px(164) - 72, px(44)),
            self.error,
            ui,
            container=c,
            object_id="#error_label",
        )
        UIButton(
            pygame.Rect(back_x, h - px(44) - 22, px(160), px(44)),
            _("Back"),
            ui,
            container=c,
            command=self.app.manager.pop,
            tool_tip_text=_(kit.BACK_TIP),
        )

    def fail(self, message: str) -> None:
        """Say why the file was not read, once: under the path when it fits there, else in a
        message of its own."""
        fits = kit.ellipsize(message, self.error_label.rect.width, size=15) == message
        self.error = message if fits else ""
        self.error_label.set_text(self.error)
        if not fits:
            self.app.notify(message, seconds=8.0)

    def open_typed(self) -> None:
        text = self.path_entry.get_text().strip()
        if not text:
            self.fail(_("Type the path of a turn file, or pick one from the list."))
            return
        self.open(Path(text).expanduser())

    def open(self, path: Path) -> None:
        """Read the turn file at ``path`` into its game (or ask the seat of a new one)."""
        try:
            turn_file = read_turn_file(path)
        except (BadEntry, SaveError, OSError) as err:
            self.fail(str(err))
            return
        table = self.table
        online = getattr(table, "online", None)
        if online is not None and online.session.header.game_id == turn_file.header.game_id:
            known = len(online.session.log)
            new = sum(  # entries are still plain data here: checked when the game reads them
                1
                for entry in turn_file.entries
                if isinstance(entry, dict) and isinstance(entry.get("turn"), int)
                if entry["turn"] >= known
            )
            online.session.transport.load(turn_file)
            self.app.manager.pop()
            table.say(
                ngettext(
                    "Turn file read: {count} new move.", "Turn file read: {count} new moves.", new
                ).format(count=new)
                if new
                else _("This turn file holds nothing new: every move in it is played here.")
            )
            return
        if reopen.is_known(turn_file.header):
            self.play(turn_file, None)
            return
        self.ask_seat(turn_file)

    def ask_seat(self, turn_file: TurnFile) -> None:
        """A game new to this computer: which seat is yours?"""
        header = turn_file.header
        buttons = [
            (_("I am {name}").format(name=seat.name), kit.bind(self.play, turn_file, n), "")
            for n, seat in enumerate(header.seats)
            if seat.player is not None
        ]
        buttons.append((_("Cancel"), self.app.manager.pop, _("Back (Esc)")))
        routes.push(
            self.app,
            "online_dialog",
            _("A new game of {game}").format(game=_(header.spec.title)),
            sentences(_("Which seat is yours?"), _(PEEK_NOTICE)),
            buttons,
        )

    def play(self, turn_file: TurnFile, seat: int | None) -> None:
        try:
            play = reopen.open_turn_file(turn_file, seat)
        except (BadEntry, SaveError, OSError) as err:
            if seat is not None:
                self.app.manager.pop()  # the seat question
            self.fail(str(err))
            return
        routes.open_online(self.app, play)

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.path_entry:
            self.open_typed()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.manager.pop()
            return True
        return False

    def draw(self, surface) -> None:
        kit.draw_table(surface)
        kit.draw_heading(
            surface,
            _("Open turn file"),
            _("Turn files in {folder} and in Downloads, newest first").format(
                folder=folder_words(turn_folder())
            ),
            top=24 if surface.get_height() >= kit.px(760) else 12,
        )
        kit.draw_panel(surface, self.list_rect.inflate(12, 12))
        if not self.files:
            words = _("No turn file here yet: a friend's Send turn writes one to send you.")
            size = kit.fit_text(words, 18, self.list_rect.width - 40)
            kit.blit_text(surface, words, size, self.list_rect.center, kit.INK_DIM, anchor="center")
