"""What every table shows around its board: the top bar, the column of buttons, tips, the log.

* **The top bar** (:class:`TopBar`): the status line (whose turn, what to do) or a message (a
  refusal, a hint) for a while, on one line at 14 px or more or wrapped to two; while Hard
  thinks a thin bar along its bottom fills over the thinking time.
* **The column** (:class:`Column`): the top row (Menu, Undo, Restart, Hint) and under it the
  game's rows of buttons (:class:`scenes.table.protocol.Row`), then the log. The game says what
  its rows hold; the column makes the pygame_gui buttons and keeps them as they are until a
  row's buttons change.
* **Tips**: a button's tip is drawn like the table's own tooltips, beside the button, off the
  log and the other buttons (pygame_gui's drop over the next row); a target's tooltip beside
  it, off the column and what may be clicked next.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import pygame
from pygame_gui.elements import UIButton

from engine.bots import capitalised
from scenes import fonts, kit, line_breaks
from scenes.table.protocol import MESSAGE_SECONDS, Button, Row

TOP_BUTTON_PAD = 10
"""Room either side of a top-row button's label, in pixels at 100 %."""
TOP_BAR_ROOM = 44
"""Pixels above the tables' boards (they start at y = 44) a two-line top-bar message may use."""
TIP_DELAY = 0.5
"""Seconds the pointer rests on a button before its tip shows."""
BUTTON_LABEL = object()
"""In a button's tooltip lines: the button's label as it is when the tip shows."""


def top_button_rects(labels: Sequence[str], x: int, width: int, gap: int = 6) -> list:
    """Rects for the row of buttons over the log (Menu, Undo, Restart, Hint), ``width`` pixels
    from ``x``: each as wide as its label needs (labels are longer in some languages) with
    :data:`TOP_BUTTON_PAD` either side, the spare room shared out. When the labels need more
    than ``width`` (Russian at 1024 × 640) the row ends at the same place but starts further
    left, taking the room from the top bar's message."""
    font = kit.font(kit.top_button_font(), True)
    needs = [font.size(label)[0] + 2 * kit.px(TOP_BUTTON_PAD) for label in labels]
    gaps = gap * (len(labels) - 1)
    room = max(width, sum(needs) + gaps)
    spare = room - gaps - sum(needs)
    widths = [need + spare // len(needs) for need in needs]
    widths[-1] = room - gaps - sum(widths[:-1])
    rects, left = [], x + width - room
    height = max(32, kit.px(32))
    for button_width in widths:
        rects.append(pygame.Rect(left, 8, button_width, height))
        left += button_width + gap
    return rects


def button_widths(
    labels: Sequence[str],
    width: int,
    gap: int = 6,
    small: bool = False,
    height: int | None = None,
) -> list:
    """Widths of buttons with ``labels`` sharing a row ``width`` pixels wide: equal when each
    label fits that (:func:`kit.button_needs`), else each as wide as its label needs with the
    spare room shared out — a label that may take two lines (buttons ``height`` pixels high:
    :func:`two_lines`) needing only its longer line when the row is short of room — or all
    shrunk alike when even that is too wide."""
    room = width - gap * (len(labels) - 1)
    needs = kit.button_needs(labels, small)
    equal = room // len(labels)
    if max(needs) <= equal:
        return [equal] * len(labels)
    if sum(needs) > room and height is not None:
        needs = [
            min(need, two_line_need(label, small, height)) for need, label in zip(needs, labels)
        ]
    spare = room - sum(needs)
    if spare >= 0:
        widths = [need + spare // len(needs) for need in needs]
    else:
        widths = [need * room // sum(needs) for need in needs]
    widths[-1] = room - sum(widths[:-1])
    return widths


def two_line_need(label: str, small: bool, height: int) -> int:
    """The narrowest button that holds ``label`` in two lines ``height`` pixels high, in
    pixels; a very large number when it cannot be."""
    both = two_lines(label, 10**6, small, height)
    if both is None:
        return 10**6
    return max(kit.button_needs(both.split("\n"), small))


def labels_fit(labels: Sequence[str], width: int, gap: int = 6, small: bool = False) -> bool:
    """Whether buttons with ``labels`` fit one row ``width`` pixels wide, each label with
    :data:`kit.BUTTON_PAD` either side."""
    needs = kit.button_needs(labels, small)
    return sum(needs) + gap * (len(labels) - 1) <= width


def fitting_label(button: Button, width: int, small: bool, height: int | None = None) -> str:
    """What the button shows in ``width`` pixels (``height`` pixels high, when two lines may
    be tried): the first of its label and its shorter ones that fits one line, or else two
    (:func:`two_lines`); the shortest cut with an ellipsis when none does — before a cost in
    brackets at its end, which stays whole ("Перебр… (1)")."""
    for label in (button.label, *button.shorter):
        if kit.button_needs([label], small)[0] <= width:
            return label
        both = two_lines(label, width, small, height) if height is not None else None
        if both is not None:
            return both
    last = button.shorter[-1] if button.shorter else button.label
    drawn = kit.font(kit.SMALL_BUTTON_FONT if small else kit.BUTTON_FONT, True)
    room = width - 2 * kit.px(kit.BUTTON_PAD)
    head, bracket, tail = last.rpartition(" (")
    kept = drawn.size(bracket + tail)[0]
    if bracket and ")" in tail and head.strip() and kept <= room - 2 * drawn.size("…")[0]:
        cut = kit.ellipsize(head.rstrip(), room - kept, lambda text: drawn.size(text)[0])
        return cut + bracket + tail
    return kit.ellipsize(last, room, lambda text: drawn.size(text)[0])


def two_lines(label: str, width: int, small: bool, height: int) -> str | None:
    """``label`` in two lines ("Keep\nvine") when each fits a button ``width`` pixels wide and
    both its ``height``: broken where a line may break (:mod:`scenes.line_breaks`), as evenly
    as can be; None when it cannot be."""
    font = kit.font(kit.SMALL_BUTTON_FONT if small else kit.BUTTON_FONT, True)
    if fonts.lines_height(font.get_height(), 2) > height:
        return None
    units = line_breaks.units(label)
    best: tuple[int, str] | None = None
    for cut in range(1, len(units)):
        first, second = "".join(units[:cut]).rstrip(), "".join(units[cut:]).lstrip()
        if not first or not second:
            continue
        need = max(kit.button_needs([first, second], small))
        if need <= width and (best is None or need < best[0]):
            best = (need, f"{first}\n{second}")
    return best[1] if best is not None else None


def row_labels(buttons: Sequence[Button], rect: pygame.Rect, gap: int, small: bool) -> tuple:
    """``(small, widths, labels)`` of a row of ``buttons`` in ``rect``: the row's font, or the
    small font for the whole row when its labels need more than the row (Russian); each
    button's width (:func:`button_widths`); and what each shows — its label, in two lines
    where one is too long, cut with "…" only when nothing else fits (:func:`fitting_label`)."""
    if not buttons:
        return small, [], []
    if not small and not labels_fit([b.label for b in buttons], rect.width, gap):
        small = True
    widths = button_widths([b.label for b in buttons], rect.width, gap, small, rect.height)
    labels = [fitting_label(b, w, small, rect.height) for b, w in zip(buttons, widths)]
    return small, widths, labels


# --- messages and the top bar ---------------------------------------------------------------


class Messages:
    """The top bar's message: a refusal's reason, a hint, shown for a while."""

    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self.clock = clock
        self.text = ""
        self.until = 0.0

    def say(self, message: str, seconds: float = MESSAGE_SECONDS) -> None:
        # a sentence may begin with a card's name ("“rows: any, Tree / Bird, any” does not…")
        self.text = capitalised(message)
        self.until = self.clock() + seconds

    def clear(self) -> None:
        """Drop the message now (the status line shows again)."""
        self.until = 0.0

    def current(self) -> str:
        return self.text if self.clock() < self.until else ""

    def left(self) -> float | None:
        """Seconds until the message goes by itself, or None when none shows."""
        left = self.until - self.clock()
        return left if left > 0 else None


def message_lines(msg: str, width: int, largest: int = 16, bold: bool = False) -> tuple:
    """``(size, lines)`` for a top-bar message (or the status line: ``largest`` 17, ``bold``)
    ``width`` pixels wide: one line at 14 px or more when it fits, else two lines at 14 px
    (smaller only for a very long message), else three where they fit above the board, else
    two, the second cut with "…"."""
    size = kit.fit_text(msg, largest, width, bold=bold)
    if size >= 14:
        return size, [msg]
    size = 14
    lines = kit.wrap(msg, size, width, bold=bold)
    while len(lines) > 2 and size > 11:
        size -= 1
        lines = kit.wrap(msg, size, width, bold=bold)
    while size > 6 and _lines_height(size, 2) > TOP_BAR_ROOM:
        size -= 1  # the board starts under the bar: at a large UI scale two lines shrink
        lines = kit.wrap(msg, size, width, bold=bold)
    if len(lines) == 3 and _lines_height(size, 3) <= TOP_BAR_ROOM:
        return size, lines  # a long hint whole in three lines rather than cut (a play-test)
    if len(lines) > 2:  # still too long: the second line says it is cut, never stops mid-word
        rest = " ".join(lines[1:]) if " " in msg else "".join(lines[1:])
        lines = [lines[0], kit.ellipsize(rest + "…", width, size=size, bold=bold)]
    return size, lines


def message_whole(msg: str, width: int, easily: bool = False) -> bool:
    """Whether :func:`message_lines` shows all of ``msg`` in ``width`` pixels (never cut);
    ``easily``: in one line, or two at 14 px, the size a message is read at without effort."""
    size, lines = message_lines(msg, width)
    if easily and (len(lines) > 2 or size < 14):
        return False
    return len(kit.wrap(msg, size, width)) == len(lines)


MESSAGE_CARD_SIZE = 14
"""The message card's letters (pixels at 100 %): the size the top bar calls easy to read."""


def message_card(msg: str, area: pygame.Rect) -> tuple | None:
    """``(rect, lines)``: a card at the top of ``area`` (the game log's rows) holding ``msg``
    whole at :data:`MESSAGE_CARD_SIZE`, for a message the top bar could say only in three
    small lines (a play-test: a Shifting Stones plan's hint read 11 px at 1024 × 640, over
    an empty log); None when even the card cannot hold it."""
    pad = kit.px(10)
    lines = kit.wrap(msg, MESSAGE_CARD_SIZE, area.width - 2 * pad)
    step = kit.font(MESSAGE_CARD_SIZE).get_linesize()
    rect = pygame.Rect(area.x, area.y, area.width, step * len(lines) + 2 * pad)
    if rect.height > area.height:
        return None
    return rect, lines


def draw_message_card(surface: pygame.Surface, card: tuple) -> None:
    """Draw :func:`message_card`'s ``card``: the message's colour on a framed panel."""
    rect, lines = card
    # opaque: the log's words showed through a translucent panel (a play-test)
    pygame.draw.rect(surface, (16, 20, 24), rect, border_radius=10)
    pygame.draw.rect(surface, kit.HILITE, rect, 2, border_radius=10)
    step = kit.font(MESSAGE_CARD_SIZE).get_linesize()
    pad = kit.px(10)
    for index, line in enumerate(lines):
        kit.blit_text(
            surface,
            line,
            MESSAGE_CARD_SIZE,
            (rect.x + pad, rect.y + pad + index * step),
            kit.HILITE,
        )


def line_step(size: int, count: int) -> int:
    """The top bar's line spacing for ``count`` lines at ``size``: three lie closer."""
    return kit.font(size).get_linesize() - (3 if count > 2 else 2)


def _lines_height(size: int, count: int) -> int:
    return line_step(size, count) * count + (6 if count <= 2 else 5)  # three: a thinner margin


def top_bar(right: int, message: str, status: str) -> tuple:
    """``(bar, message, size, lines)``: the top bar's rect ending at ``right`` and what it
    shows — ``message`` when there is one, else the ``status`` line — at ``size`` in
    ``lines``. A text that does not fit one readable line wraps to two in a taller bar."""
    if message:
        size, lines = message_lines(message, right - 28)
    else:  # the status line: two lines rather than a size nobody reads (Russian, 1024)
        size, lines = message_lines(status, right - 28, largest=17, bold=True)
    if len(lines) > 1:
        # at a large UI scale two lines are taller than the bar: it hangs over the board
        height = max(40, _lines_height(size, len(lines)))
        top = 4 if len(lines) == 2 else max(0, TOP_BAR_ROOM - height)
        return pygame.Rect(8, top, right - 8, height), message, size, lines
    return pygame.Rect(8, 8, right - 8, 32), message, size, lines


def top_bar_panel(bar: pygame.Rect) -> kit.Panel:
    """The top bar's panel (a layer the backdrop may hold)."""
    return kit.Panel(tuple(bar), (14, 20, 22, 200), 8)


def draw_top_bar(surface: pygame.Surface, shown: tuple, progress: float | None) -> None:
    """Draw the top bar ``shown`` (:func:`top_bar`'s answer); ``progress`` (0–1) fills the
    thinking bar along its bottom while Hard thinks."""
    bar, msg, size, lines = shown
    kit.draw_layer(surface, top_bar_panel(bar))
    colour, bold = (kit.HILITE, False) if msg else (kit.INK, True)
    if len(lines) > 1:
        step = line_step(size, len(lines))
        # half the descent higher: the letters, not their line boxes, sit in the middle (a
        # play-test: a second line's descenders touched the bar's bottom edge)
        top = bar.centery - step * len(lines) // 2 + kit.font(size).get_descent() // 2
        for i, line in enumerate(lines):
            kit.blit_text(surface, line, size, (bar.x + 10, top + i * step), colour, bold)
    else:
        kit.blit_text(surface, lines[0], size, (bar.x + 10, bar.centery), colour, bold, "midleft")
    if progress is not None:
        track = pygame.Rect(bar.x + 10, bar.bottom - 6, bar.width - 20, 4)
        pygame.draw.rect(surface, (40, 52, 56), track, border_radius=2)
        fill = track.copy()
        fill.width = max(4, int(track.width * progress))
        pygame.draw.rect(surface, kit.GOLD, fill, border_radius=2)


# --- the column of buttons ------------------------------------------------------------------


class Column:
    """The buttons over the log: the rows are reserved top-down from under the top row, the
    log takes what is left. ``press(key)`` is called when a game's button is clicked."""

    def __init__(self, ui: Any, container: Any, x: int, width: int, press: Callable[[str], None]):
        self.ui = ui
        self.container = container
        self.x = x
        self.width = width
        self.press = press
        self.y = 48
        self.tips: dict[Any, tuple] = {}
        """``{button: tooltip lines}`` drawn like the table's tooltips."""
        self.rows: list[pygame.Rect] = []
        self._made: list[tuple[tuple, dict[str, UIButton]]] = []
        """Per game row: its signature (keys, labels, widths) and its buttons by key."""

    def reserve(self, height: int, exact: bool = False) -> pygame.Rect:
        """The next row, ``height`` pixels at 100 % (``exact``: as they are)."""
        rows = height if exact else kit.px(height)
        rect = pygame.Rect(self.x, self.y, self.width, rows)
        self.y = rect.bottom + 6
        return rect

    def log_top(self) -> int:
        """Where the log starts: under the last row."""
        return self.y + 2

    def top_button(self, rect: pygame.Rect, label: str, command: Callable, tip: str) -> UIButton:
        """A button of the top row (Menu, Undo, Restart, Hint) at ``rect``, with its tip."""
        button = UIButton(
            rect, label, self.ui, container=self.container, object_id="#top_button", command=command
        )
        self.explain(button, tip)
        return button

    def explain(self, button: Any, tip: str | tuple[str, ...] | None) -> None:
        """``button``'s tooltip: its label as the title, then ``tip`` (none when empty); a
        tuple of lines is the whole tooltip."""
        if isinstance(tip, tuple):
            self.tips[button] = tip
        else:
            self.tips[button] = (BUTTON_LABEL, tip) if tip else ()

    def tip_lines(self, button: Any) -> tuple:
        """The lines of ``button``'s tooltip as they show now."""
        return tuple(
            button.text if line is BUTTON_LABEL else line for line in self.tips.get(button, ())
        )

    def lay_out(self, rows: Sequence[Row]) -> None:
        """Reserve the game's rows (once, when the table is built)."""
        self.rows = [self.reserve(row.height, row.exact) for row in rows]
        self._made = [((), {}) for _row in rows]

    def show(self, rows: Sequence[Row]) -> None:
        """Make the game's rows look as ``rows`` say: a row whose buttons changed is made
        anew; otherwise each button is enabled, selected and titled as asked."""
        for index, (rect, row) in enumerate(zip(self.rows, rows)):
            self._show_row(index, rect, row)

    def _show_row(self, index: int, rect: pygame.Rect, row: Row) -> None:
        buttons = row.buttons
        gap = 6
        small, widths, labels = row_labels(buttons, rect, gap, row.small)
        signature = tuple((b.key, label, w) for b, label, w in zip(buttons, labels, widths))
        old_signature, made = self._made[index]
        if signature != old_signature:
            for old in made.values():
                self.tips.pop(old, None)
                old.kill()
            made = {}
            x = rect.x
            for button, label, width in zip(buttons, labels, widths):
                made[button.key] = UIButton(
                    pygame.Rect(x, rect.y, width, rect.height),
                    label,
                    self.ui,
                    container=self.container,
                    command=kit.bind(self.press, button.key),
                    object_id="#small_button" if small else None,
                )
                x += width + gap
            self._made[index] = (signature, made)
        for button in buttons:
            widget = made[button.key]
            if widget.is_selected and not (button.selected and button.enabled):
                widget.unselect()  # before disable(): a disabled button must not look chosen
            kit.set_enabled(widget, button.enabled)
            if button.selected and button.enabled and not widget.is_selected:
                widget.select()
            self.explain(widget, button.tip)

    def button(self, key: str) -> UIButton | None:
        """The game's button ``key`` as made now, or None."""
        for _signature, made in self._made:
            if key in made:
                return made[key]
        return None

    def buttons(self) -> dict[str, UIButton]:
        """Every game button by key."""
        out: dict[str, UIButton] = {}
        for _signature, made in self._made:
            out.update(made)
        return out


class ButtonTips:
    """Which button's tip shows: after the pointer rests :data:`TIP_DELAY` seconds on it, never
    where a button was just clicked until the pointer leaves (the tip of a button made anew in
    its place would cover where the next click goes), and not again where it was hushed
    (:meth:`hush`) until the pointer moves."""

    def __init__(self) -> None:
        self.button: Any = None
        self.since = 0.0
        self.clicked: pygame.Rect | None = None
        self.hushed_at: tuple[int, int] | None = None

    def hush(self, mouse: tuple[int, int]) -> None:
        """No tip while the pointer stays at ``mouse``: a pointer left resting on End turn
        through a bot's turn must not bring its tip back over the board when the turn
        comes round (a play-test: it covered the discard pile for whole turns)."""
        self.hushed_at = (mouse[0], mouse[1])

    def hovered(self, tips: dict, mouse: tuple[int, int], now: float) -> Any:
        """The button whose tip shows now (at ``now`` seconds), or None."""
        hovered = next(
            (
                button
                for button, lines in tips.items()
                if lines
                and button.alive()
                and button.visible
                and button.get_abs_rect().collidepoint(mouse)
            ),
            None,
        )
        if self.hushed_at is not None:
            if (mouse[0], mouse[1]) == self.hushed_at:
                return None
            self.hushed_at, self.button = None, None  # moved: the delay starts again
        if hovered is not self.button:
            self.button, self.since = hovered, now
        if self.clicked is not None and not self.clicked.collidepoint(mouse):
            self.clicked = None  # the pointer left the place clicked
        if hovered is None or self.clicked is not None or now - self.since < TIP_DELAY:
            return None
        return hovered


def draw_button_tip(
    surface: pygame.Surface,
    lines: tuple,
    hovered: Any,
    tips: dict,
    log: pygame.Rect,
) -> None:
    """Draw ``hovered``'s tip beside it, off the log and the other buttons (the next click
    may be there: Speed's tip covered Move carts)."""
    w, h = surface.get_size()
    buttons = [
        button.get_abs_rect()
        for button in tips
        if button is not hovered and button.alive() and button.visible
    ]
    rect = kit.place_tip(
        kit.tooltip_size(lines),
        hovered.get_abs_rect(),
        pygame.Rect(0, 44, w, h - 44),
        [log, *buttons],
    )
    kit.draw_tooltip(surface, rect, lines)
