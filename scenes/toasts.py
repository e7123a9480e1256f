"""The app's toasts as lines: wrapped to a width, a file path broken after its folders, a piece
still too wide cut in the middle, and at most :data:`TOAST_MAX_LINES` (:meth:`App.notify`)."""

from __future__ import annotations

import re
from pathlib import Path

import pygame

from scenes import kit

TOAST_MAX_LINES = 5
"""A toast longer than this is cut (it is a note, not a page)."""
TOAST_MIN_TEXT = 12
"""The smallest text size a toast line shrinks to before it is cut in the middle."""


def toast_text_size(line: str, width: int) -> int:
    """The text size (16 down to :data:`TOAST_MIN_TEXT`) a toast line is drawn at to fit
    ``width`` pixels."""
    return kit.fit_text(line, 16, width, min_size=TOAST_MIN_TEXT)


def toast_lines(message: str, width: int) -> list[str]:
    """``message`` as toast lines that each fit ``width`` pixels: a line break in the message
    starts a new line, words wrap, a file path too long for one line breaks after its folder
    separators, and a part still too wide is cut in the middle ("potion-exp…0317.txt"), which
    keeps both the start and the end of a name readable."""
    lines: list[str] = []
    for paragraph in message.split("\n"):
        wrapped: list[str] = []
        for line in kit.wrap(paragraph, 16, width):
            pieces = _split_path(line, width)
            if wrapped and len(pieces) > 1 and _fits_16(wrapped[-1] + " " + pieces[0], width):
                wrapped[-1] += " " + pieces.pop(0)  # "in /home/" rather than "in" alone
            wrapped.extend(pieces)
        lines.extend(wrapped)
    if len(lines) > TOAST_MAX_LINES:
        lines = lines[:TOAST_MAX_LINES]
        lines[-1] = kit.ellipsize(lines[-1] + "…", width, size=TOAST_MIN_TEXT)
    return lines


def _fits(line: str, width: int) -> bool:
    return kit.text_size(line, TOAST_MIN_TEXT)[0] <= width


def _fits_16(line: str, width: int) -> bool:
    return kit.text_size(line, 16)[0] <= width


def _split_path(line: str, width: int) -> list[str]:
    if _fits_16(line, width):
        return [line]
    parts = re.findall(r"[^/\\]*[/\\]|[^/\\]+$", line)  # each ends at a separator
    out, current = [], ""
    for part in parts:
        if current and not _fits_16(current + part, width):
            out.append(current)
            current = ""
        current += part
    out.append(current)
    return [piece if _fits(piece, width) else _cut_middle(piece, width) for piece in out]


def _cut_middle(piece: str, width: int) -> str:
    keep = len(piece) // 2
    while keep > 1 and not _fits(piece[:keep] + "…" + piece[-keep:], width):
        keep -= 1
    return piece[:keep] + "…" + piece[-keep:]


def shown_path(path) -> str:
    """``path`` as a toast says it: the home folder as "~" (a record's folder took five lines
    of a toast over the score screen's winner, a play-test), else as it is."""
    path, home = Path(path), Path.home()
    try:
        return str(Path("~") / path.relative_to(home))
    except ValueError:
        return str(path)


def beside_title(size: tuple, title: pygame.Rect) -> tuple:
    """``(area, "top")``: where a screen's toasts stack, from the top, beside its centred
    ``title`` (a window ``size`` wide and high) — over neither its buttons along the bottom
    nor the title; under the title when the UI scale leaves too little room beside it."""
    w, h = size
    side = pygame.Rect(title.right + kit.px(24), kit.px(8), 0, h // 2)
    side.width = w - 12 - side.left
    if side.width >= kit.px(240):
        return side, "top"
    return pygame.Rect(40, title.bottom + 4, w - 80, h // 2), "top"
