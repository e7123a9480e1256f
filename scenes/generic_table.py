"""A plain table for a game whose own table scene is not built yet.

It shows the position in the game's notation and the legal moves as buttons, so the game can be
played and checked from start to end; the game's own scene replaces it.
"""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton, UIScrollingContainer

from scenes import kit
from scenes.table_base import TableScene


class GenericTable(TableScene):
    """Notation on the left, legal moves as a scrolling list of buttons in the middle."""

    log_width = 320

    def build_controls(self) -> None:
        self.moves_container = None
        self.refresh_moves()

    def refresh_moves(self) -> None:
        if self.container is None:
            return
        if self.moves_container is not None:
            self.moves_container.kill()
            self.moves_container = None
        if not self.human_to_move() and not self.match.is_human_turn():
            return
        board = self.board_rect()
        rect = pygame.Rect(board.right - 380, board.y + 8, 370, board.height - 16)
        self.moves_container = UIScrollingContainer(
            rect, self.app.ui, container=self.container, allow_scroll_x=False
        )
        actions = self.match.legal_actions()
        self.moves_container.set_scrollable_area_dimensions(
            (rect.width - 24, max(rect.height - 4, len(actions) * 40 + 8))
        )
        for i, action in enumerate(actions):
            label = self.match.state.action_to_string(action, self.match.names)
            UIButton(
                pygame.Rect(4, 4 + i * 40, rect.width - 32, 36),
                label[:60],
                self.app.ui,
                container=self.moves_container,
                tool_tip_text=label,
                command=kit.bind(self.choose, action),
            )

    def animate(self, events, before, after) -> list:
        """Nothing moves on this table; each step's events sound as it is shown."""
        hook = self.sound_hook(list(events))
        return [([], None, hook)] if hook is not None else []

    def choose(self, action) -> None:
        self.try_action(action)
        self.refresh_moves()

    def on_shown(self) -> None:
        self.refresh_moves()

    def _human_turn_starts(self) -> None:
        super()._human_turn_starts()
        if self.moves_container is None:
            self.refresh_moves()

    def draw_board(self, surface) -> None:
        board = self.board_rect()
        area = pygame.Rect(board.x + 8, board.y + 8, board.width - 400, board.height - 16)
        kit.draw_panel(surface, area)
        text = self.match.spec.notation.format(self.shown)
        y = area.y + 10
        for line in text.splitlines():
            for start in range(0, max(1, len(line)), 70):
                if y > area.bottom - 20:
                    return
                kit.blit_text(surface, line[start : start + 70], 14, (area.x + 10, y), kit.INK)
                y += 18
