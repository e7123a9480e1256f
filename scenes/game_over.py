"""The game-over scene: the score sheet by category, the winners, and what next."""

from __future__ import annotations

import random

import pygame
from pygame_gui.elements import UIButton

from engine.match import Match
from scenes import kit, routes
from scenes.manager import Scene
from scenes.toasts import beside_title, shown_path
from sprites import art
from translation import _


class GameOverScene(Scene):
    """Shows ``match.state.score_sheet()``; New game (same settings), Replay, Title.

    The table below may draw more: ``draw_summary(surface, rect)`` fills the room under the
    numbers; ``draw_sheet(surface, rect, sheet)`` draws the whole sheet instead (rows with the
    points and what each player made), under the headline."""

    paints_window = True  # its draw starts with the felt

    def __init__(self, app, match):
        super().__init__(app)
        self.match = match
        self.sheet = match.state.score_sheet()
        app.game_finished(match)

    def build(self) -> None:
        w, h = self.app.size
        ui, c = self.app.ui, self.container
        below = self.app.manager.stack[-2] if len(self.app.manager.stack) > 1 else None
        self.table = below if getattr(below, "match", None) is self.match else None
        buttons = [
            (_("Play again"), self.new_game, _("Same game, seats and options; new seed")),
            (_("Replay"), self.replay, _("Watch this game again from the start")),
            (
                _("Save record"),
                self.save_record,
                _("Write this game as a small text file (every move) that --replay opens"),
            ),
        ]
        if getattr(self.table, "online", None) is not None:
            buttons.pop(0)  # the friends elsewhere start the next game with New game
        if self.table is not None:
            buttons.append(
                (
                    _("See the table"),
                    self.app.manager.pop,
                    _("Look at the final position (Enter brings this sheet back)"),
                )
            )
        buttons.append((_("Title"), self.title, _("Back to the title screen (Esc)")))
        gap = 14
        bw = min(kit.px(260), (w - 60 - gap * (len(buttons) - 1)) // len(buttons))
        x = (w - (len(buttons) * bw + (len(buttons) - 1) * gap)) // 2
        for label, command, tip in buttons:
            UIButton(
                pygame.Rect(x, h - kit.px(46) - 24, bw, kit.px(46)),
                label,
                ui,
                container=c,
                command=command,
                tool_tip_text=tip,
            )
            x += bw + gap

    def toast_area(self) -> tuple:
        """From the top, beside the game's title: the buttons (and their tooltips) are along
        the bottom, where a toast covered their labels, and a toast across the top hid the
        title ("Game record saved"). When the UI scale leaves too little room beside the
        title, the toasts go under it."""
        return beside_title(self.app.size, self.title_rect())

    def heading_top(self) -> int:
        """The y of the game's title (nearer the top in a low window)."""
        return 20 if self.app.size[1] >= kit.px(760) else 10

    def title_rect(self) -> pygame.Rect:
        """Where :func:`kit.draw_heading` draws the game's title (its size rule repeated)."""
        w, h = self.app.size
        size = 40 if h > kit.px(700) else 34
        width, height = kit.text_size(_(self.match.spec.title), size, True)
        return pygame.Rect(w // 2 - width // 2, self.heading_top(), width, height)

    def new_game(self) -> None:
        m = self.match
        again = Match(m.spec, m.seats, m.options, random.SystemRandom().randrange(1, 10**6))
        if m.from_position:  # a shared position or a puzzle: the same start
            again.set_position(m.start_state())
        routes.open_match(self.app, again)

    def replay(self) -> None:
        m = self.match
        fresh = Match(m.spec, m.seats, m.options, m.seed)
        if m.from_position:
            fresh.set_position(m.start_state())
        routes.open_replay(self.app, fresh, m.history)

    def save_record(self) -> None:
        """Export the game's record (players, options, seed, every step); a toast says where."""
        from saves.record import RecordError, export_record

        try:
            path = export_record(self.match)
        except RecordError as err:
            self.app.notify(str(err), seconds=8.0)
            return
        self.app.notify(
            _("Game record saved: {file}\nin {folder}").format(
                file=path.name, folder=shown_path(path.parent)
            ),
            seconds=8.0,
        )

    def title(self) -> None:
        routes.to_title(self.app)

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.title()
            return True
        return False

    def headline(self) -> str:
        names = self.match.names
        solo = self.sheet.get("solo")
        if solo:
            return solo.get("summary") or (
                _("You won!") if solo.get("won") else _("Not this time.")
            )
        winners = [names[i] for i in self.sheet.get("winners", [])]
        if len(winners) == 1:
            return _("{name} wins!").format(name=winners[0])
        return _("Shared victory: {names}").format(names=_(" and ").join(winners))

    def draw(self, surface) -> None:
        kit.draw_table(surface)
        w, h = surface.get_size()
        top = kit.draw_heading(
            surface, _(self.match.spec.title), _("Final score"), top=self.heading_top()
        )
        px = kit.px  # sizes at 100 %, grown by the UI scale
        kit.blit_text(
            surface, self.headline(), 30, (w // 2, top + 4), kit.HILITE, True, "midtop", shadow=True
        )
        columns = self.sheet.get("columns", [])
        rows = self.sheet.get("rows", [])
        names = self.match.names
        sheet = getattr(self.table, "draw_sheet", None)
        sheet_top = top + px(48)
        own = pygame.Rect(30, sheet_top, w - 60, h - px(84) - sheet_top)
        if sheet is not None and sheet(surface, own, self.sheet):
            return  # the table drew the whole sheet its own way
        table_top = top + px(60)
        name_w = px(220)
        avail = w - 80 - name_w
        col_w = max(px(70), min(px(150), avail // max(1, len(columns))))
        table_w = name_w + col_w * len(columns)
        x0 = (w - table_w) // 2
        row_h = px(40 if len(rows) <= 4 else 34)
        head_h = px(50)
        rect = pygame.Rect(x0 - 16, table_top - 10, table_w + 32, head_h + row_h * len(rows) + 16)
        kit.draw_panel(surface, rect)
        for j, col in enumerate(columns):
            lines = kit.wrap(col, 15, col_w - 8, bold=True)[:2]
            top = table_top + px(8 if len(lines) > 1 else 16)
            for k, line in enumerate(lines):
                size = kit.fit_text(line, 15, col_w - 8, bold=True)
                kit.blit_text(
                    surface,
                    line,
                    size,
                    (x0 + name_w + j * col_w + col_w // 2, top + px(k * 18)),
                    kit.GOLD,
                    True,
                    "midtop",
                )
        winners = set(self.sheet.get("winners", []))
        for i, row in enumerate(rows):
            y = table_top + head_h + row_h * i
            seat_colour = getattr(self.table, "seat_colour", None)  # e.g. a clan's colour
            colour = (seat_colour(i) if seat_colour else None) or kit.SEAT_COLOURS[
                i % len(kit.SEAT_COLOURS)
            ]
            pygame.draw.circle(surface, colour, (x0 + 10, y + px(13)), px(8))
            label = names[i]
            r = kit.blit_text(
                surface,
                label,
                kit.fit_text(label, 18, name_w - px(50), True),
                (x0 + px(26), y + 2),
                kit.HILITE if i in winners else kit.INK,
                True,
            )
            if i in winners:
                star = art.star(10)
                surface.blit(star, star.get_rect(midleft=(r.right + 8, r.centery)))
            for j, value in enumerate(row):
                last = j == len(row) - 1
                kit.blit_text(
                    surface,
                    str(value),
                    20 if last else 18,
                    (x0 + name_w + j * col_w + col_w // 2, y),
                    kit.INK,
                    last,
                    "midtop",
                )
        y = rect.bottom + px(16)
        for note in self.sheet.get("notes", [])[:6]:
            note = kit.with_names(note, names)
            kit.blit_text(
                surface,
                note,
                kit.fit_text(note, 16, w - 100),
                (w // 2, y),
                kit.INK_DIM,
                anchor="midtop",
            )
            y += px(24)
        summary = getattr(self.table, "draw_summary", None)
        free = pygame.Rect(40, y + 8, w - 80, h - px(90) - y - 16)
        if summary and free.height > 60:
            summary(surface, free)
