"""A plain table for a game whose own table is not built yet.

It shows the position in the game's notation and the legal moves as a list to click (the
wheel scrolls it), so the game can be played and checked from start to end; the game's own
table replaces it. A game with secret cards (Shifting Stones' hands) is shown as the person at
the keyboard may see it — their observation — and in hot-seat the pass screen comes between two
people's turns, with nothing of the position drawn while it covers the table.
"""

from __future__ import annotations

import pygame

from scenes import kit
from scenes.table.protocol import Act, GameTable, Handled

ROW = 36
"""A move's row height, in pixels at 100 %."""


class GenericTable(GameTable):
    """Notation on the left, legal moves as a list on the right."""

    log_width = 320

    def __init__(self, ctx):
        super().__init__(ctx)
        self.scroll = 0

    def layout(self) -> tuple[pygame.Rect, pygame.Rect]:
        """``(notation, moves)`` rects."""
        w, h = self.ctx.size
        board = pygame.Rect(0, 44, w - self.ctx.column_width - 16, h - 44)
        moves = pygame.Rect(board.right - kit.px(380), board.y + 8, kit.px(370), board.height - 16)
        notation = pygame.Rect(board.x + 8, board.y + 8, moves.x - board.x - 16, board.height - 16)
        return notation, moves

    def targets(self) -> list:
        ctx = self.ctx
        legal = ctx.legal()
        _notation, moves = self.layout()

        def work_out() -> list:
            out = []
            row = kit.px(ROW)
            for i, action in enumerate(legal):
                rect = pygame.Rect(
                    moves.x + 4, moves.y + 4 + (i - self.scroll) * row, moves.width - 8, row - 4
                )
                if moves.contains(rect):
                    label = ctx.match.state.action_to_string(action, ctx.match.names)
                    out.append(kit.Target(("move", i), rect, tooltip=(label,), active=True))
            return out

        return ctx.cached("targets", (ctx.version, tuple(legal), moves, self.scroll), work_out)

    def handle(self, event):
        if event.type == pygame.MOUSEWHEEL:
            rows = max(0, len(self.ctx.legal()) - 3)
            self.scroll = max(0, min(rows, self.scroll - event.y))
            return Handled()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            key = self.ctx.key_at(event.pos)
            if key is not None and key[0] == "move":
                return Act(self.ctx.legal()[key[1]])
        return None

    def acted(self, action, done: bool) -> None:
        self.scroll = 0

    def hides_from(self, seat: int) -> bool:
        """Whether the position holds something ``seat`` may not see (another's hand)."""
        state = self.ctx.match.state
        return state.observation(seat).to_dict() != state.to_dict()

    def hidden_decision(self) -> bool:
        """A person's turn in a game with secret cards: the pass screen comes first."""
        player = self.ctx.match.current_player()
        return player >= 0 and self.hides_from(player)

    def shown_text(self) -> str:
        """The position drawn: as the seat in front of the screen may see it when a person is
        seated (the whole of it when only bots play); "" while a screen covers the table in a
        game with secret cards (the pass screen: the next person is not there yet)."""
        ctx = self.ctx
        shown = ctx.shown
        if any(not seat.is_bot for seat in ctx.match.seats):
            seen = shown.observation(ctx.viewer_seat())
            if seen.to_dict() != shown.to_dict() and not ctx.is_top():
                return ""
            shown = seen
        return ctx.match.spec.notation.format(shown)

    def draw(self, surface, view) -> None:
        notation, moves = self.layout()
        kit.draw_panel(surface, notation)
        text = self.shown_text()
        y = notation.y + 10
        per_line = max(20, (notation.width - 20) // kit.px(8))
        for line in text.splitlines():
            for start in range(0, max(1, len(line)), per_line):
                if y > notation.bottom - 20:
                    break
                kit.blit_text(surface, line[start : start + per_line], 14, (notation.x + 10, y))
                y += kit.px(18)
        kit.draw_panel(surface, moves)
        hovered = self.ctx.key_at(self.ctx.mouse)
        for target in self.targets():
            colour = (70, 96, 104, 230) if target.key == hovered else (44, 58, 64, 230)
            kit.draw_panel(surface, target.bounds, colour, 8)
            label = kit.ellipsize(target.tooltip[0], target.bounds.width - 16, size=15)
            kit.blit_text(
                surface, label, 15, (target.bounds.x + 8, target.bounds.centery), anchor="midleft"
            )
