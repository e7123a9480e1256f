"""What the fit test measures on the real screens (issue 41): text wider than its widget, text
cut with an ellipsis or squeezed past its smallest size, a glyph no font draws, a hyphen
pygame_gui put in a line, a line of Japanese that starts or ends where it must not.

:class:`Recorder` watches the text the scenes draw themselves (``scenes/kit.py``: every cut,
every text too wide even at its smallest size, every line drawn); :func:`widget_findings`
reads pygame_gui's widgets as they are on screen: their texts, fonts and rects.
"""

from __future__ import annotations

from dataclasses import dataclass

from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UITextBox,
    UITextEntryBox,
    UITextEntryLine,
)

from scenes import fonts, kit, line_breaks


@dataclass(frozen=True)
class Finding:
    """A text that does not fit: ``where`` (the screen), ``kind`` ("wider", "cut", "squeezed",
    "glyph", "hyphen", "line start", "line end"), the ``text`` and a ``detail``."""

    where: str
    kind: str
    text: str
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.where}: {self.kind}: {self.text!r} {self.detail}"


class Recorder:
    """Watches ``scenes.kit`` while a screen is laid out and drawn: a text cut with "…"
    (:func:`kit.ellipsize`), a text still too wide at the smallest size it may shrink to
    (:func:`kit.fit_text`) and then drawn so, and each line drawn with the font that draws it
    (for its glyphs).
    The kit's layout caches are emptied first (:func:`forget_layouts`), so what a screen asks
    is computed, not remembered."""

    def __init__(self) -> None:
        self.cuts: list[tuple[str, str]] = []
        self.squeezed: dict[tuple[str, int, bool], int] = {}
        self.drawn: set[tuple[str, int, bool, str]] = set()
        self._saved: dict = {}

    def __enter__(self) -> Recorder:
        self._saved = {name: getattr(kit, name) for name in ("_cut_to_width", "_fit_text", "_text")}
        cut, fit, draw = (self._saved[n] for n in ("_cut_to_width", "_fit_text", "_text"))

        def cut_to_width(content, width, measure_w):
            shown = cut(content, width, measure_w)
            if shown != content:
                self.cuts.append((content, shown))
            return shown

        def fit_text(content, size, width, bold, min_size, language):
            fitted = fit(content, size, width, bold, min_size, language)
            font = kit.font(fitted, bold, kit.script_language(content, language))
            if content and font.size(content)[0] > width:
                self.squeezed[(content, fitted, bold)] = width
            return fitted

        def text(content, size, colour, bold, language):
            self.drawn.add((content, size, bold, language))
            return draw(content, size, colour, bold, language)

        kit._cut_to_width = cut_to_width
        kit._fit_text = fit_text
        kit._text = text
        fit_text.cache_clear = fit.cache_clear  # type: ignore[attr-defined]
        text.cache_clear = draw.cache_clear  # type: ignore[attr-defined]
        forget_layouts()
        return self

    def __exit__(self, *exc) -> None:
        for name, value in self._saved.items():
            setattr(kit, name, value)
        kit.reset_caches()

    def clear(self) -> None:
        self.cuts.clear()
        self.squeezed.clear()
        self.drawn.clear()
        forget_layouts()

    def findings(self, where: str, shown_texts=(), allow=lambda text: False) -> list[Finding]:
        """What the kit cut and was then shown — drawn by the kit or as one of ``shown_texts``
        (the widgets' texts) — or squeezed, and lines drawn without a glyph; texts ``allow``
        accepts (a player's own long name) are not findings. A cut nobody shows (a label
        left out when it does not fit whole) is none."""
        seen = {content for content, *_rest in self.drawn} | set(shown_texts)
        out = [
            Finding(where, "cut", text, f"shown as {shown!r}")
            for text, shown in self.cuts
            if shown in seen
        ]
        drawn = {(content, size, bold) for content, size, bold, _language in self.drawn}
        out += [  # drawn whole at a size too wide for its room (not wrapped or cut after)
            Finding(where, "squeezed", content, f"wider than {width} px at its smallest")
            for (content, size, bold), width in self.squeezed.items()
            if (content, size, bold) in drawn
        ]
        for content, _size, bold, language in self.drawn:
            paths = fonts.chain_files(
                bold, kit.font_file(bold, kit.script_language(content, language))
            )
            lacking = [
                ch
                for index, piece in fonts.runs(content, paths)
                for ch in fonts.missing(paths[index], piece)
            ]
            if lacking:
                out.append(Finding(where, "glyph", content, f"no glyph for {lacking}"))
        return [finding for finding in out if not allow(finding.text)]


def forget_layouts() -> None:
    """Empty the kit's caches whose hits would hide a cut, a fit or a line drawn from the
    :class:`Recorder` (:func:`kit.ellipsize`, :func:`kit.wrap`, :func:`kit.fit_text`), and make
    every backdrop compose itself again (its texts are drawn again). Fonts and rendered lines
    stay: every draw still passes the Recorder, and loading the fonts' glyphs again for each
    screen was most of the fit tests' time."""
    for cached in (kit._ellipsize, kit._wrap, kit._fit_text):
        cached.cache_clear()
    kit._generation[0] += 1


def text_room(element) -> int:
    """The pixels a widget's text has across: inside its shadow, border and rounded corners."""
    shape = getattr(element, "drawable_shape", None)
    if shape is None:
        return element.rect.width
    borders = shape.border_widths
    return (
        shape.containing_rect.width
        - 2 * shape.shadow_width
        - borders["left"]
        - borders["right"]
        - sum(shape.rounded_corner_width_offsets)
    )


def _glyphs(where: str, text: str, font) -> list[Finding]:
    if not isinstance(font, fonts.ChainFont):
        return [Finding(where, "glyph", text, f"drawn by a font with no fallback: {font!r}")]
    out = []
    for run_font, piece in font.runs(text):
        index = next(i for i, f in font._fonts.items() if f is run_font)
        lacking = fonts.missing(font.paths[index], piece)
        if lacking:
            out.append(Finding(where, "glyph", text, f"no glyph for {lacking}"))
    return out


def text_box_findings(where: str, box) -> list[Finding]:
    """A text box's rows as pygame_gui laid them out: no hyphen it added, no row of Japanese
    starting or ending where the rules forbid, none wider than the box."""
    out: list[Finding] = []
    layout = getattr(box, "text_box_layout", None)
    if layout is None:
        return out
    source = box.html_text if hasattr(box, "html_text") else ""
    rows = []
    for row in layout.layout_rows:
        text = "".join(getattr(item, "text", "") or "" for item in row.items)
        rows.append(text)
        if row.width > layout.layout_rect.width + 1:
            out.append(Finding(where, "wider", text, f"{row.width} > {layout.layout_rect.width}"))
        for item in row.items:
            font = getattr(item, "font", None)
            if font is not None and getattr(item, "text", ""):
                out += _glyphs(where, item.text, font)
    for index, text in enumerate(rows):
        stripped = text.strip()
        if not stripped:
            continue
        following = rows[index + 1].strip() if index + 1 < len(rows) else ""
        if stripped.endswith("-") and following.startswith("-"):
            out.append(Finding(where, "hyphen", stripped + " / " + following))
        if line_breaks.has_cjk(stripped):
            if index and stripped[0] in line_breaks.NO_LINE_START and rows[index - 1].strip():
                out.append(Finding(where, "line start", stripped))
            if following and stripped[-1] in line_breaks.NO_LINE_END:
                out.append(Finding(where, "line end", stripped))
    del source
    return out


def widget_texts(app) -> list[str]:
    """The texts of the visible buttons and labels."""
    return [
        element.text
        for element in app.ui.get_sprite_group().sprites()
        if isinstance(element, (UIButton, UILabel)) and element.visible and element.text
    ]


def widget_findings(app, where: str, allow=lambda text: False) -> list[Finding]:
    """Every visible pygame_gui widget's text: wider than its room, a glyph no font of the
    chain has; drop-down menus' options too, and text boxes' rows (:func:`text_box_findings`)."""
    out: list[Finding] = []
    for element in app.ui.get_sprite_group().sprites():
        if not getattr(element, "visible", False) or not element.alive():
            continue
        if isinstance(element, (UIButton, UILabel)):
            text = element.text or ""
            if not text or allow(text):
                continue
            width, height = element.font.size(text)
            room = text_room(element)
            if width > room:
                out.append(Finding(where, "wider", text, f"{width} px in {room} px"))
            if height > element.rect.height:
                out.append(Finding(where, "taller", text, f"{height} px in {element.rect.height}"))
            out += _glyphs(where, text, element.font)
        elif isinstance(element, UITextEntryLine):
            text = element.get_text()
            if text and not allow(text):
                room = text_room(element) - 2 * element.padding[0]
                width = element.font.size(text)[0]
                if width > room:
                    out.append(Finding(where, "wider", text, f"{width} px in {room} px"))
                out += _glyphs(where, text, element.font)
        elif isinstance(element, UIDropDownMenu):
            button = element.menu_states["closed"].selected_option_button
            font = button.font if button is not None else None
            closed = text_room(button) if button is not None else 0
            # a seat's kind menu is laid out again for the kind chosen (new_game's
            # seat_kind_width): the other kinds need only fit its open list, with no arrow
            ids = getattr(element, "object_ids", None) or [""]
            relaid = str(ids[-1]).startswith("#seat_kind_")
            chosen = element.selected_option
            chosen = chosen[0] if isinstance(chosen, tuple) else chosen
            for option in element.options_list:
                text = option[0] if isinstance(option, tuple) else option
                room = element.rect.width - 8 if relaid and text != chosen else closed
                if font is not None and font.size(text)[0] > room:
                    out.append(
                        Finding(where, "wider", text, f"{font.size(text)[0]} px in {room} px")
                    )
        elif isinstance(element, (UITextBox, UITextEntryBox)):
            out += text_box_findings(where, element)
    return out
