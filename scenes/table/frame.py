"""One frame of a table: the backdrop, the board, the steps in flight, the top bar, the log and
the tips, and the words of the status line.

The felt and the panels that lie on it come from the cached backdrop (:class:`kit.Backdrop`,
one opaque blit); the board, the animations, the top bar and the log are drawn over it. The
game draws its board (:class:`scenes.table.protocol.GameTable`); what goes around it is the
same for every game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from scenes import kit
from scenes.table import chrome
from translation import _

if TYPE_CHECKING:
    from scenes.table.parts import Table

WHOLE_MESSAGE_WIDTH = 560
"""How wide (pixels at 100 %) the tooltip showing a cut top-bar message whole may grow."""


class Frame:
    """Draws ``table`` (the table scene, :class:`scenes.table.parts.Table`) frame by frame."""

    def __init__(self, table: Table):
        self.table = table
        self.bar: tuple | None = None
        """The top bar of the frame being drawn (one message per frame)."""
        self.view: Any = None
        """The game's view of the frame being drawn (its backdrop, board and titles)."""
        self.tips = chrome.ButtonTips()
        self.tip_off: Any = None
        """The key of a target just clicked: its tooltip waits for another target."""
        self._card_key: tuple | None = None
        self._card: tuple | None = None

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        width = surface.get_width()
        bar = self.bar = self.top_bar(width)
        view = self.view = table.game.view()
        table.backdrop.begin(surface, table.backdrop_layers(width))
        try:
            table.game.draw(surface, view)
            table.player.draw(surface)
            table.game.draw_over_animations(surface, view)
            chrome.draw_top_bar(surface, bar, table.thinking_progress())
            if table.log.box is not None:
                table.log.box.draw(surface)
            card = self.message_card()
            if card is not None:
                chrome.draw_message_card(surface, card)
        finally:
            table.backdrop.end()

    def backdrop_layers(self, window_width: int) -> list:
        """The layers the backdrop holds this frame, in drawing order: the board's, then —
        when no step animates, so nothing flies under them — the top bar's panel and the
        whole log."""
        table = self.table
        view = self.view if self.view is not None else table.game.view()
        layers = list(table.game.backdrop(view))
        if not table.player.busy and table.log.box is not None:
            bar = self.bar or self.top_bar(window_width)
            layers.append(chrome.top_bar_panel(bar[0]))
            layers.append(table.log.box.layer())
        return layers

    def top_bar(self, window_width: int) -> tuple:
        """``(bar, message, size, lines)``: the top bar for a window ``window_width`` wide;
        while the message card holds the message (:meth:`message_card`), where to read it."""
        message = self.table.current_message()
        if message and self.message_card() is not None:
            # where to look: a play-tester watching the bar saw only its usual line
            message = _("The full message is in the framed box over the game log, on the right.")
        return chrome.top_bar(self.top_bar_right(window_width), message, self.status_text())

    def message_card(self) -> tuple | None:
        """``(rect, lines)`` of the card over the top of the game log that holds the message
        the top bar cannot say easily (:func:`chrome.message_card`), or None: no message, one
        the top bar says in one line or two at 14 px, no log, or too long for the card."""
        message, area = self.table.current_message(), self._card_area()
        if not message or area is None:
            return None
        key = (message, tuple(area), self.table.app.size)
        if key != self._card_key:
            self._card_key = key
            easy = self.fits_top_bar(message, easily=True)
            self._card = None if easy else chrome.message_card(message, area)
        return self._card

    def reads_easily(self, message: str) -> bool:
        """Whether ``message`` reads without effort: in the top bar in one line or two at 14
        px, or whole in the message card (:meth:`message_card`)."""
        if self.fits_top_bar(message, easily=True):
            return True
        area = self._card_area()
        return area is not None and chrome.message_card(message, area) is not None

    def toast_area(self) -> tuple | None:
        """Toasts go over the top of the game log (under the message card), never over a
        player's desk; None without a log."""
        box = self.table.log.box
        if box is None:
            return None
        area = box.rect.inflate(-kit.px(12), 0).move(0, kit.px(26))
        card = self.message_card()
        if card is not None:
            area.height -= card[0].bottom + kit.px(6) - area.y
            area.y = card[0].bottom + kit.px(6)
        return area, "top"

    def _card_area(self) -> pygame.Rect | None:
        """Where the message card may lie: over the game log's rows, inset a little."""
        box = self.table.log.box
        if box is None:
            return None
        rows = pygame.Rect(box.rect.x, box.rows_top, box.rect.width, box.rect.bottom - box.rows_top)
        return rows.inflate(-kit.px(12), 0)

    def top_bar_right(self, window_width: int) -> int:
        """Where the top bar ends: before the log's column, and before the top row of buttons
        when their labels reach further left."""
        table = self.table
        right = window_width - table.log_width - 16
        if table.top_row is not None:
            right = min(right, table.top_row.x - 8)
        return right

    def fits_top_bar(self, message: str, easily: bool = False) -> bool:
        """Whether ``message`` shows whole in the top bar (never cut with "…"); ``easily``: in
        one line or two at 14 px (a longer one is set smaller: 11 px in Japanese at 1024 ×
        640)."""
        return chrome.message_whole(
            message, self.top_bar_right(self.table.app.size[0]) - 28, easily
        )

    def draw_over(self, surface: pygame.Surface) -> None:
        """Over the widgets: what the game draws there (a dragged piece), else a tooltip."""
        table = self.table
        view = self.view if self.view is not None else table.game.view()
        self.draw_hinted_button(surface)
        if not table.game.draw_over(surface, view):
            self.draw_tooltip(surface)

    def draw_hinted_button(self, surface: pygame.Surface) -> None:
        """A frame round the button the hint is made with (a play-test: a Skip hint framed
        nothing, where every other hint frames what it names)."""
        table = self.table
        key = table.game.hinted_button() if table.current_hint() is not None else None
        button = table.column.button(key) if key and table.column is not None else None
        if button is None or not button.visible or not button.is_enabled:
            return
        rect = button.get_abs_rect().inflate(8, 8)
        pygame.draw.rect(surface, kit.HINT_FRAME, rect, 3, border_radius=8)

    def draw_tooltip(self, surface: pygame.Surface) -> None:
        """The hovered button's tip, or the hovered target's tooltip beside it. A target just
        clicked shows none until the pointer is on another target."""
        table = self.table
        column, box = table.column, table.log.box
        if not table.is_top() or column is None or box is None:
            return
        hovered = self.tips.hovered(column.tips, table.mouse, table.time)
        if hovered is not None and not (table.human_to_move() or hovered.is_enabled):
            self.tips.hush(table.mouse)  # a bot's turn or the end: until the pointer moves
            return
        if hovered is not None:
            lines = column.tip_lines(hovered)
            chrome.draw_button_tip(surface, lines, hovered, column.tips, box.rect)
            return
        if table.player.busy:
            return
        if self.draw_whole_message(surface):
            return
        target = table.target_at(table.mouse)
        if target is None or not target.tooltip:
            self.tip_off = None
            return
        if self.tip_off is not None:
            if self.tip_off == target.key:
                return
            self.tip_off = None
        kit.draw_tooltip(surface, self.tooltip_rect(target), target.tooltip)

    def draw_whole_message(self, surface: pygame.Surface) -> bool:
        """Under the pointer on the top bar, a message cut there with "…" shows whole below it
        (a play-test: a long Spanish plan hint at 1024 × 640 could not be read to its end, and
        a click clears it); True when drawn."""
        table = self.table
        bar, message, _size, _lines = self.bar or self.top_bar(table.app.size[0])
        if not message or not bar.collidepoint(table.mouse) or self.fits_top_bar(message):
            return False
        lines = [message]
        width, height = kit.tooltip_size(lines, WHOLE_MESSAGE_WIDTH)
        rect = pygame.Rect(bar.x, bar.bottom + 4, width, height)
        kit.draw_tooltip(surface, rect.clamp(surface.get_rect()), lines, WHOLE_MESSAGE_WIDTH)
        return True

    def tooltip_rect(self, target: kit.Target) -> pygame.Rect:
        """Beside ``target``, off everything :meth:`tip_avoid` names (below the top bar), and
        where the window has room off what the game spares (``GameTable.tooltip_spare``). A
        game's ``tooltip_area`` (grown to hold the tooltip) keeps it there, over what the area
        holds."""
        game = self.table.game
        w, h = self.table.app.size
        size = kit.tooltip_size(target.tooltip)
        bounds = pygame.Rect(0, 44, w, h - 44)
        avoid, spare = self.tip_avoid(target), game.tooltip_spare(target)
        area = game.tooltip_area(target)
        if area is not None:
            area = area.inflate(max(0, size[0] - area.width), max(0, size[1] - area.height))
            bounds = area.clamp(bounds).clip(bounds)
            avoid = [rect for rect in avoid if not area.contains(rect)]
            spare = [[rect for rect in tier if not area.contains(rect)] for tier in spare]
        return kit.place_tip(size, target.bounds, bounds, avoid, spare)

    def tip_avoid(self, target: kit.Target) -> list[pygame.Rect]:
        """What ``target``'s tooltip keeps off: the column, every active target (one rect per
        kind) and what the game keeps in sight for it."""
        table = self.table
        w, h = table.app.size
        avoid = [pygame.Rect(w - table.log_width - 16, 0, table.log_width + 16, h)]
        kinds: dict = {}
        for other in table.targets():
            if other.active:
                kind = other.key[0]
                kinds[kind] = kinds[kind].union(other.bounds) if kind in kinds else other.bounds
        avoid += [rect for rect in kinds.values() if rect != target.bounds]
        return avoid + table.game.tooltip_avoid(target)

    def status_text(self) -> str:
        """The top bar's line: whose turn, what to do."""
        table = self.table
        match, busy = table.match, table.player.busy
        if table.finished:
            return _("The game is over. Press Enter for the score sheet.")
        replaying = table.replay_status()
        if replaying is not None:
            return replaying
        if busy and table.caption:
            return table.caption  # what the board shows now: the end's last steps too
        if match.is_terminal():
            return _("The game is over.")
        online = table.online.status() if table.online is not None and not busy else None
        if online:
            return online  # waiting for a friend elsewhere, a clock, a game stopped
        p = match.current_player()
        if p < 0:
            return table.game.chance_status()
        name = match.names[p]
        if match.seats[p].is_bot:
            if table.bot_thinking():
                dots = "." * (1 + int(table.time * 3) % 3)
                return _("{name} is thinking").format(name=name) + dots
            return _("{name} plays").format(name=name)
        if busy:  # the table is still catching up: no instructions yet
            return table.game.chance_status() or _("{name} plays").format(name=name)
        if len(table.driver.humans) > 1 and table.driver.seated != p:
            # behind the pass screen: what the next person may do names their secret cards
            return _("Pass to {name}").format(name=name)
        return table.game.status(name)
