"""Shared look: palette, fonts, cached text, table background, and layout helpers.

What goes where: fonts and cached text (:func:`font`, :func:`text`, :func:`blit_text`); fitting
text (:func:`fit_text` shrinks, :func:`ellipsize` is the one way to cut a line, :func:`fit_label`
does both); panels and the banner (:func:`draw_panel`, :func:`draw_banner`); hit-testing
(:class:`Target`, :func:`hit_test`) and tooltips (:func:`tooltip_size`, :func:`place_tip`,
:func:`draw_tooltip`). Table scenes draw with these; nothing here knows a game.
"""

from __future__ import annotations

import functools
import re
import warnings
from dataclasses import dataclass
from pathlib import Path

import pygame
import pygame_gui

import translation
from scenes import fonts, line_breaks, window
from sprites import art
from translation import N_, _

FONT_DIR, FONT_REGULAR, FONT_BOLD = fonts.FONT_DIR, fonts.FONT_REGULAR, fonts.FONT_BOLD
FONTS = fonts.FONTS
"""Language code -> (regular, bold) font files (:mod:`scenes.fonts`)."""

INK = (240, 234, 220)
INK_DIM = (186, 178, 160)
INK_DARK = (40, 34, 28)
GOLD = (238, 196, 84)
FELT_TOP, FELT_BOTTOM = art.FELT_TOP, art.FELT_BOTTOM
WOOD = (112, 74, 44)
PANEL = (24, 30, 34, 215)
HILITE = (255, 226, 110)
DANGER = (220, 90, 80)
HINT_FRAME = (90, 230, 255)  # the frame round what a hint names (a button: scenes.table.frame)
SEAT_COLOURS = (
    (214, 76, 64),
    (70, 130, 220),
    (236, 190, 60),
    (90, 176, 96),
    (170, 96, 200),
    (236, 140, 60),
)
"""One colour per seat, in seat order."""


MIN_LAYOUT = window.MIN_LAYOUT
fitting_scale = window.fitting_scale
_scale = [1.0]
"""The UI scale in use (1.0 = 100 %): :func:`set_ui_scale`."""


def ui_scale() -> float:
    """The UI scale in use: 1.0 is 100 %, 1.5 is 150 %."""
    return _scale[0]


def set_ui_scale(factor: float) -> bool:
    """Draw text and widgets ``factor`` times their normal size from now on (cached text is
    dropped). True if the scale changed."""
    factor = float(factor)
    if factor == _scale[0]:
        return False
    _scale[0] = factor
    reset_caches()
    return True


TOP_BUTTON_FONT = 17
"""The tables' top row of buttons (Menu, Undo, Restart, Hint): its font at 100 % (the theme's
``#top_button``), growing with the UI scale up to :data:`TOP_BUTTON_MAX` pixels."""
TOP_BUTTON_MAX = 20
"""The largest font the top row's 32-pixel buttons hold: the row keeps its height at every
scale (the boards start under it, at y = 44)."""


BUTTON_PAD = 8
"""Room either side of an action button's label, in pixels at 100 %."""
BUTTON_FONT, SMALL_BUTTON_FONT = 17, 14
"""The theme's button font and its ``#small_button`` font, at 100 %."""
DRAG_THRESHOLD = 6
"""Pixels a pressed pointer moves before a press becomes a drag (every table)."""

ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)  # a table's main step (DESIGN, "Enter does…")


def button_needs(labels, small: bool = False) -> list:
    """The width each of ``labels`` needs on a button: the label and :data:`BUTTON_PAD` either
    side, in the theme's button font (``small``: its ``#small_button`` font)."""
    font_of_buttons = font(SMALL_BUTTON_FONT if small else BUTTON_FONT, True)
    return [font_of_buttons.size(label)[0] + 2 * px(BUTTON_PAD) for label in labels]


def top_button_font() -> float:
    """The top row's font size for :func:`font` (a size at 100 %): :data:`TOP_BUTTON_FONT`,
    but never over :data:`TOP_BUTTON_MAX` pixels at the scale in use."""
    return min(TOP_BUTTON_FONT, TOP_BUTTON_MAX / _scale[0])


def px(length: float) -> int:
    """``length`` pixels at 100 % as pixels at the UI scale in use."""
    return int(round(length * _scale[0]))


def font_file(bold: bool = False, language: str | None = None) -> Path | None:
    """The font file for ``language`` (default: the one in use; or a script code of
    :data:`FONTS`), regular or bold, or its fallback when missing
    (:func:`scenes.fonts.usable_font`)."""
    regular, heavy = FONTS.get(language or translation.current_language(), FONTS["en"])
    return fonts.usable_font(heavy if bold else regular, FONT_REGULAR, FONT_BOLD)


def font(size: float, bold: bool = False, language: str | None = None) -> pygame.font.Font:
    """The app's font for ``language`` (default: the one in use; Noto Sans, Noto Sans JP for
    Japanese, both shipped with pygame_gui) at ``size`` pixels at 100 %, made larger by the UI
    scale (:func:`set_ui_scale`)."""
    found = font_file(bold, language)
    path, pixels = (str(found) if found else None), max(8, int(round(size * _scale[0])))
    loaded = _font(path, pixels)
    try:
        loaded.get_height()
    except pygame.error:  # made before a pygame.quit(): every cached font is dead
        reset_caches()
        loaded = _font(path, pixels)
    return loaded


@functools.lru_cache(maxsize=192)  # two languages' fonts at every size, regular and bold
def _font(path: str | None, size: int) -> pygame.font.Font:
    return pygame.font.Font(path, size)


def text(content: str, size: int, colour=INK, bold: bool = False) -> pygame.Surface:
    """A rendered, cached line of text (text is the expensive part of a frame)."""
    return _text(content, size, tuple(colour), bold, translation.current_language())


def script_language(content: str, language: str) -> str:
    """The language (or script) whose font draws ``content``: ``language``'s when it has every
    glyph, else the first font of the chain that does (:func:`scenes.fonts.script_language`):
    Japanese for a name typed in Japanese or an arrow Noto Sans lacks, Chinese, Korean."""
    return fonts.script_language(content, language)


@functools.lru_cache(maxsize=2048)
def _text(content: str, size: int, colour, bold: bool, language: str) -> pygame.Surface:
    code = script_language(content, language)
    drawn, found = font(size, bold, code), font_file(bold, code)
    try:
        if found is None or fonts.covers(found, content):
            return drawn.render(content, True, colour)
        # no one font has every glyph (Hangul and Chinese in one name): each run in its own
        codes = fonts.chain_codes(bold)
        paths = [str(fonts.font_file(bold, chained)) for chained in codes]
        pieces = [
            (font(size, bold, codes[index]), piece) for index, piece in fonts.runs(content, paths)
        ]
    except pygame.error:  # "Text has zero width": a zero-width space or a soft hyphen alone
        return pygame.Surface((1, drawn.get_height()), pygame.SRCALPHA)
    ascent = max(f.get_ascent() for f, _piece in pieces)
    height = ascent + max(f.get_height() - f.get_ascent() for f, _piece in pieces)
    image = pygame.Surface((sum(f.size(p)[0] for f, p in pieces), height), pygame.SRCALPHA)
    x = 0
    for f, piece in pieces:
        image.blit(f.render(piece, True, colour), (x, ascent - f.get_ascent()))
        x += f.size(piece)[0]
    return image


def blit_text(
    surface, content, size, pos, colour=INK, bold=False, anchor="topleft", shadow=False
) -> pygame.Rect:
    """Draw cached text with its ``anchor`` ("center", "midleft", ...) at ``pos``; returns rect."""
    img = text(content, size, colour, bold)
    rect = img.get_rect(**{anchor: pos})
    if shadow:
        surface.blit(text(content, size, (0, 0, 0), bold), rect.move(2, 2))
    surface.blit(img, rect)
    return rect


def text_size(content: str, size: int, bold: bool = False) -> tuple[int, int]:
    """``(width, height)`` in pixels of ``content`` drawn by :func:`text` at ``size`` (in the
    font that draws it: :func:`script_language`)."""
    return _text_size(content, size, bold, translation.current_language())


@functools.lru_cache(maxsize=4096)
def _text_size(content: str, size: int, bold: bool, language: str) -> tuple[int, int]:
    # cached: layouts measure the same names and numbers every frame
    language = script_language(content, language)
    found = font_file(bold, language)
    if found is None or fonts.covers(found, content):
        return font(size, bold, language).size(content)
    return _text(content, size, INK, bold, language).get_size()


def fit_text(content: str, size: int, width: int, bold: bool = False, min_size: int = 10) -> int:
    """The largest size ≤ ``size`` at which ``content`` fits in ``width`` pixels."""
    return _fit_text(content, size, width, bold, min_size, translation.current_language())


@functools.lru_cache(maxsize=4096)
def _fit_text(content: str, size: int, width: int, bold: bool, min_size: int, language: str) -> int:
    # cached: every frame fits the same labels again
    language = script_language(content, language)

    def fits(tried: int) -> bool:
        return font(tried, bold, language).size(content)[0] <= width

    full = font(size, bold, language).size(content)[0]
    if size <= min_size or full <= width:
        return size
    # a width grows about as the size: start at the size that should just fit, then step (a
    # new size is a new font to load: stepping down from the top took up to 19 ms a table)
    tried = max(min_size, min(size - 1, size * width // max(1, full)))
    while tried < size - 1 and fits(tried + 1):
        tried += 1
    while tried > min_size and not fits(tried):
        tried -= 1
    return tried


def ellipsize(content: str, width: int, measure=None, size: int = 16, bold: bool = False) -> str:
    """``content``, or as much of its start as fits ``width`` pixels followed by "…".

    ``measure(text) -> pixels`` defaults to the app font at ``size``; pass a pygame_gui label's
    font (``lambda t: label.font.get_rect(t).width``) to fit a label. A cut ends at a word
    break when that keeps most of the line, and never leaves a dangling space or separator."""
    if measure is None:
        return _ellipsize(content, width, size, bold, translation.current_language())
    return _cut_to_width(content, width, measure)


@functools.lru_cache(maxsize=4096)
def _ellipsize(content: str, width: int, size: int, bold: bool, language: str) -> str:
    # cached: a frame ellipsizes the same names again (a measure per halving step)
    shown_in = script_language(content, language)
    return _cut_to_width(content, width, lambda part: font(size, bold, shown_in).size(part)[0])


def _cut_to_width(content: str, width: int, measure_w) -> str:
    if measure_w(content) <= width:
        return content
    lo, hi = 0, len(content)
    while lo < hi:  # the longest start that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if measure_w(content[:mid].rstrip() + "…") <= width:
            lo = mid
        else:
            hi = mid - 1
    cut = content[:lo]
    space = cut.rfind(" ")
    if not content[lo : lo + 1].isspace() and space >= len(cut) * 0.7:
        cut = cut[:space]  # end at the last whole word
    return cut.rstrip(" ·,;:—–-") + "…"


def fit_label(content: str, size: int, width: int, bold: bool = False, min_size: int = 10) -> tuple:
    """``(text, size)`` to draw ``content`` in ``width`` pixels: the largest size down to
    ``min_size`` at which it fits, cut with an ellipsis (:func:`ellipsize`) only if even
    ``min_size`` is too wide."""
    size = fit_text(content, size, width, bold, min_size)
    return ellipsize(content, width, size=size, bold=bold), size


def reset_caches() -> None:
    """Forget cached fonts and text (needed after ``pygame.quit()``)."""
    _font.cache_clear()
    _text.cache_clear()
    art.felt.cache_clear()
    _place_tip.cache_clear()
    _fit_text.cache_clear()
    _text_size.cache_clear()
    _ellipsize.cache_clear()
    _wrap.cache_clear()
    _unit_widths.clear()
    _generation[0] += 1


_generation = [0]
"""How many times the caches were dropped (a :class:`Backdrop` drops its surfaces too)."""


def has_cjk(content: str) -> bool:
    """Whether ``content`` holds Japanese (or other Chinese-script) characters."""
    return line_breaks.has_cjk(content)


def wrap(content: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``content`` into lines that fit ``width`` pixels at ``size``: at spaces, and
    between Japanese characters (Japanese puts no spaces between words) where the line-break
    rules allow (:mod:`scenes.line_breaks`: no line starts with 、 or ）, none ends with （,
    the last is not one character alone). A single word wider than ``width`` keeps a line of
    its own."""
    return list(_wrap(content, size, width, bold, translation.current_language()))


@functools.lru_cache(maxsize=1024)
def _wrap(content: str, size: int, width: int, bold: bool, language: str) -> tuple:
    # cached: panels wrap the same sentences every frame
    code = script_language(content, language)
    f, key = font(size, bold, code), (size, bold, code)
    # a line's width is about the sum of its units' (cached): measured whole only near the edge
    # (a big font measures slowly: a first table's log took 86 measures, 22 ms)
    near = max(2, f.get_height() // 3)
    lines, line, about = [], "", 0
    for unit in line_breaks.units(content):
        if unit.isspace():
            if line:
                line, about = line + " ", about + _unit_width(f, key, " ")
            continue
        trial, about_trial = line + unit, about + _unit_width(f, key, unit)
        fits = about_trial <= width - near or f.size(trial.rstrip())[0] <= width
        if line.strip() and not fits:
            lines.append(line.rstrip())
            line, about = unit, _unit_width(f, key, unit)
        else:
            line, about = trial, about_trial
    if line.strip():
        lines.append(line.rstrip())
    return tuple(line_breaks.no_lone_last(lines, content, lambda last: f.size(last)[0] <= width))


_unit_widths: dict[tuple, int] = {}
"""``((size, bold, font's language), unit) -> its width`` in pixels at the UI scale in use
(:func:`_wrap`; dropped with the fonts by :func:`reset_caches`, as when the scale changes)."""


def _unit_width(f: pygame.font.Font, key: tuple, unit: str) -> int:
    found = _unit_widths.get((key, unit))
    if found is None:
        found = _unit_widths[(key, unit)] = f.size(unit)[0] if unit else 0
    return found


def felt_middle(size: tuple) -> pygame.Rect:
    """The lit middle of the felt, inside the vignette's innermost ring (a window ``size``
    ``(width, height)`` in pixels): a wide panel that stays inside it does not look cut by the
    ring."""
    last = art.VIGNETTE_RINGS - 1
    inset_x = last * art.VIGNETTE_STEP[0] // 2 + art.VIGNETTE_WIDTH
    inset_y = last * art.VIGNETTE_STEP[1] // 2 + art.VIGNETTE_WIDTH
    return pygame.Rect(0, 0, *size).inflate(-2 * inset_x, -2 * inset_y)


def draw_table(surface: pygame.Surface) -> None:
    """The green felt every scene sits on."""
    surface.blit(art.felt(surface.get_size()), (0, 0))  # the first frame's, cached


def draw_panel(surface, rect, colour=PANEL, radius=12, border=None) -> None:
    """A translucent rounded panel (:func:`sprites.art.draw_panel`, the table's colour by
    default), unless the :class:`Backdrop` drawn under this frame already holds it."""
    border = tuple(border) if border else None
    draw_layer(surface, Panel(tuple(pygame.Rect(rect)), tuple(colour), radius, border))


# --- the backdrop: felt and panels composed once --------------------------------------------------
@dataclass(frozen=True)
class Panel:
    """A translucent rounded panel as a backdrop layer: ``rect`` ``(x, y, width, height)``,
    ``colour`` RGBA, corner ``radius`` and an optional 2-pixel ``border`` (as
    :func:`draw_panel` takes them). Equal panels draw equal pixels."""

    rect: tuple
    colour: tuple
    radius: int = 12
    border: tuple | None = None

    def draw(self, surface) -> None:
        art.draw_panel(surface, self.rect, self.colour, self.radius, self.border)


@dataclass(frozen=True)
class Sprite:
    """A cached image blitted with its top-left corner at ``topleft``, as a backdrop layer.
    Two sprites are equal only when they hold the same surface object: the image must come
    from a cache that makes it once per look (``functools.lru_cache``)."""

    image: pygame.Surface
    topleft: tuple

    def draw(self, surface) -> None:
        surface.blit(self.image, self.topleft)


class BackdropMismatch(RuntimeError):
    """A frame did not draw the layers its backdrop was composed of, in their order: the
    list of a table's backdrop layers and its drawing code disagree."""


STRICT_BACKDROP = [False]
"""Raise :class:`BackdropMismatch` (tests turn this on) rather than only warn."""
_claims: list = []
"""The backdrop under the frame being drawn (one at most): :func:`draw_layer` asks it."""


def draw_layer(surface, layer) -> None:
    """Draw ``layer`` (a :class:`Panel`, :class:`Sprite` or any equal-by-value object with a
    ``draw(surface)``) on ``surface``, unless it is the next layer of the backdrop already
    drawn under this frame."""
    if _claims and _claims[0].claim(surface, layer):
        return
    layer.draw(surface)


class Backdrop:
    """The felt and the layers a frame draws first (panels straight on the felt, a board's
    ground), composed once into one opaque surface and blitted with one opaque blit.

    A frame calls :meth:`begin` with its layers in drawing order, draws as before — each
    :func:`draw_panel` or :func:`draw_layer` that meets the backdrop's next layer draws
    nothing — and calls :meth:`end`, which checks that every layer was met. The layers must
    lie on the felt (and on the layers before them) when drawn: what a frame draws between
    them must not reach under a later one, since the backdrop now puts them all under it.

    One composed surface per look (window size, language, UI scale, layers); the
    ``keep`` most recent are kept (while a step animates and after it; a drop zone lit and
    not), each a window's worth of memory until :meth:`release`. A table's ten translucent
    panels cost ~1 ms a frame; one opaque blit ~0.2 ms.
    """

    def __init__(self, keep: int = 2):
        self.keep = keep
        self._made: dict = {}  # look -> surface, oldest first
        self._surface: pygame.Surface | None = None
        self._layers: tuple = ()
        self._next = 0
        self._generation = _generation[0]

    def begin(self, surface: pygame.Surface, layers) -> None:
        """Blit the felt and ``layers`` (a sequence of layers in drawing order) over all of
        ``surface``; until :meth:`end` they are not drawn again."""
        layers = tuple(layers)
        size = surface.get_size()
        if self._generation != _generation[0]:  # pygame was restarted: the surfaces are dead
            self._made.clear()
            self._generation = _generation[0]
        look = (size, _scale[0], translation.current_language(), layers)
        image = self._made.pop(look, None)
        if image is None:
            image = self._compose(surface, size, layers)
        self._made[look] = image  # the newest last
        surface.blit(image, (0, 0))
        self._surface, self._layers, self._next = surface, layers, 0
        _claims[:] = [self]

    def _compose(self, surface, size, layers) -> pygame.Surface:
        spare = None
        while len(self._made) >= self.keep:
            old = self._made.pop(next(iter(self._made)))
            spare = old if old.get_size() == size else spare
        image = spare or pygame.Surface(size, 0, surface)
        image.blit(art.felt(tuple(size)), (0, 0))
        for layer in layers:
            layer.draw(image)
        return image

    def release(self) -> None:
        """Drop the composed surfaces (a table that closes: several megabytes each)."""
        self._made.clear()

    def claim(self, surface, layer) -> bool:
        """Whether ``layer``, about to be drawn on ``surface``, is the backdrop's next layer
        (already drawn)."""
        if surface is not self._surface or self._next >= len(self._layers):
            return False
        if self._layers[self._next] != layer:
            return False
        self._next += 1
        return True

    def end(self) -> None:
        """The frame is drawn: check that it met every layer of its backdrop."""
        missed = self._layers[self._next :]
        self._surface, self._layers, self._next = None, (), 0
        _claims.clear()
        if missed:
            message = f"the frame did not draw {len(missed)} backdrop layers, first {missed[0]}"
            if STRICT_BACKDROP[0]:
                raise BackdropMismatch(message)
            warnings.warn(message, RuntimeWarning, stacklevel=2)


def draw_heading(surface, title: str, subtitle: str | None = None, top: int = 28) -> int:
    """A scene heading centred at the top; returns the y below it."""
    w = surface.get_width()
    r = blit_text(
        surface,
        title,
        40 if surface.get_height() > px(700) else 34,
        (w // 2, top),
        GOLD,
        True,
        "midtop",
        shadow=True,
    )
    y = r.bottom
    if subtitle:  # a long line (Statistics' counts in Russian) shrinks to fit the window
        size = fit_text(subtitle, 18, w - px(32), min_size=13)  # never cut: a path is whole
        y = blit_text(surface, subtitle, size, (w // 2, y + 2), INK_DIM, anchor="midtop").bottom
    return y + 12


def with_names(text_: str, names) -> str:
    """The engine says "Player 2" (it knows no names; translated, "Игрок 2"); show the seat's
    name instead."""
    before, _number, after = _("Player {number}").partition("{number}")
    patterns = {r"\bPlayer (\d+)\b", re.escape(before) + r"(\d+)" + re.escape(after)}
    for pattern in patterns:
        text_ = re.sub(
            pattern,
            lambda m: (
                names[int(m.group(1)) - 1] if 0 < int(m.group(1)) <= len(names) else m.group(0)
            ),
            text_,
        )
    return text_


def close_dropdowns(ui) -> bool:
    """Close any open dropdown list (Esc closes the list first, not the screen); True if one
    was open."""
    closed = False
    for element in ui.get_sprite_group().sprites():
        menu = element
        states = getattr(menu, "menu_states", None)
        if states and menu.current_state is states.get("expanded"):
            menu.current_state.should_transition = True
            menu.current_state.target_state = "closed"
            closed = True
    return closed


def set_enabled(button, on: bool) -> None:
    """Enable or disable a pygame_gui button only when that changes it (each call redraws)."""
    if on and not button.is_enabled:
        button.enable()
    elif not on and button.is_enabled:
        button.disable()


def set_tooltip(button, tip: str) -> None:
    """Give a button ``tip`` as its tooltip, only when it changes."""
    if getattr(button, "_kit_tip", None) != tip:
        button._kit_tip = tip
        button.set_tooltip(tip)


def with_key(tip: str, key: str) -> str:
    """``tip`` ending with its keyboard shortcut, "End your turn (E)" (unless it already names
    it): a button's tooltip always says its key, a refusal's reason included."""
    if f"({key})" in tip:
        return tip
    return _("{tip} ({key})").format(tip=tip.rstrip(), key=key)


BACK_TIP = N_("Back to the screen before (Esc)")
"""The tooltip of every menu's Back button (translated where shown)."""


def bind(func, *args):
    """A zero-argument callback for ``command=``: pygame_gui passes event data to any callback
    that takes a parameter (default arguments included), so never use ``lambda x=x: ...``."""
    return lambda: func(*args)


def button_column(
    scene, labels_and_commands, width=300, height=48, gap=12, top=None, tooltips=None
) -> dict:
    """Centred column of buttons in ``scene.container``; returns ``{label: UIButton}``.

    ``label`` is the English text (mark it with ``N_``); the button shows its translation.
    ``tooltips`` maps a label to its (translated) tip. ``width``, ``height`` and ``gap`` are
    pixels at 100 % (they grow with the UI scale)."""
    w, h = scene.app.size
    width, height, gap = px(width), px(height), px(gap)
    total = len(labels_and_commands) * (height + gap) - gap
    y = top if top is not None else (h - total) // 2
    buttons = {}
    for label, command in labels_and_commands:
        tip = (tooltips or {}).get(label)
        buttons[label] = pygame_gui.elements.UIButton(
            pygame.Rect((w - width) // 2, y, width, height),
            _(label),
            scene.app.ui,
            container=scene.container,
            command=command,
            tool_tip_text=tip,
        )
        y += height + gap
    return buttons


# --- banners --------------------------------------------------------------------------------------
BANNER = (238, 196, 84)
"""The banner's gold; hotter colours (``draw_banner(colour=...)``) say more is happening."""


def draw_banner(
    surface,
    area: pygame.Rect,
    message: str,
    alpha: float = 1.0,
    size: int = 22,
    colour=BANNER,
    scale: float = 1.0,
) -> pygame.Rect:
    """A rounded plate with ``message`` centred in ``area`` (a turn, "Chain ×2!", the last
    round). ``alpha`` 0..1 fades it; ``scale`` > 1 makes it bigger (a chain reaction builds up).
    The plate never leaves ``area`` (a table's own part of the window, clear of its side
    panels and the log): the text shrinks to fit, then takes two lines (:func:`banner_lines`).
    Returns the plate's rect."""
    area = pygame.Rect(area)
    pad = (int(28 * scale) + 12, int(10 * scale) + 6)
    lines, size = banner_lines(message, area.width - pad[0], max(10, int(size * scale)))
    images = [text(line, size, INK_DARK, True) for line in lines]
    step = font(size, True).get_linesize()
    block = pygame.Rect(0, 0, max(img.get_width() for img in images), step * len(images))
    rect = block.inflate(*pad)
    rect.width, rect.height = min(rect.width, area.width), min(rect.height, area.height)
    rect.center = area.center
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*colour[:3], int(235 * alpha)), layer.get_rect(), border_radius=10)
    pygame.draw.rect(
        layer, (255, 244, 200, int(200 * alpha)), layer.get_rect(), 2, border_radius=10
    )
    top = (rect.height - step * len(images)) // 2
    for index, img in enumerate(images):
        img = img.copy()
        img.set_alpha(int(255 * alpha))
        layer.blit(img, img.get_rect(midtop=(rect.width // 2, top + index * step)))
    surface.blit(layer, rect)
    return rect


def banner_lines(message: str, width: int, size: int) -> tuple:
    """``(lines, size)`` for a banner ``width`` pixels wide: one line, shrunk down to 14 px;
    else two lines from 16 px down; else one line cut with an ellipsis."""
    fitted = fit_text(message, size, width, bold=True, min_size=14)
    if text_size(message, fitted, True)[0] <= width:
        return [message], fitted
    for two in range(min(size, 16), 10, -1):
        lines = wrap(message, two, width, bold=True)
        if len(lines) <= 2 and all(text_size(line, two, True)[0] <= width for line in lines):
            return lines, two
    return [ellipsize(message, width, size=11, bold=True)], 11


# --- hit-testing and tooltips ---------------------------------------------------------------------
@dataclass(frozen=True)
class Target:
    """Something on a table the mouse can point at: ``key`` (a tuple the table understands,
    e.g. ``("marble", 2, 5)``), its shape — ``rect`` or ``circle`` (``((x, y), radius)``) —
    and ``tooltip`` lines (the first is the title; empty for no tooltip). ``active`` marks what
    a click may use now: tooltips keep off active targets (the player must see them)."""

    key: tuple
    rect: pygame.Rect | None = None
    circle: tuple | None = None
    tooltip: tuple = ()
    active: bool = False

    def contains(self, pos) -> bool:
        if self.circle is not None:
            (x, y), radius = self.circle
            return (pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= radius * radius
        return self.rect is not None and self.rect.collidepoint(pos)

    @property
    def bounds(self) -> pygame.Rect:
        """The rect around the target (its circle's square)."""
        if self.circle is not None:
            (x, y), radius = self.circle
            return pygame.Rect(int(x - radius), int(y - radius), int(2 * radius), int(2 * radius))
        assert self.rect is not None, "a target has a rect or a circle"
        return pygame.Rect(self.rect)


def hit_test(targets, pos) -> Target | None:
    """The first of ``targets`` under ``pos`` (list them most specific first), or None."""
    for target in targets:
        if target.contains(pos):
            return target
    return None


TIP_SIZE = 14
TIP_LINE = 20


def tooltip_size(lines, width_limit: int = 340) -> tuple:
    """``(width, height)`` in pixels of a tooltip showing ``lines`` (longer lines wrap at
    ``width_limit``)."""
    rows = tooltip_rows(lines, width_limit)
    width = max((text_size(row, TIP_SIZE, bold)[0] for row, bold in rows), default=0)
    return width + px(20), px(TIP_LINE) * len(rows) + px(10)


def tooltip_rows(lines, width_limit: int = 340) -> list:
    """The tooltip's rows ``[(text, bold)]``: the title bold, every line wrapped to fit
    (``width_limit`` is pixels at 100 %: it grows with the UI scale)."""
    rows = []
    for index, line in enumerate(lines):
        for row in wrap(line, TIP_SIZE, px(width_limit - 20), bold=index == 0) or [""]:
            rows.append((row, index == 0))
    return rows


def place_tip(size, anchor: pygame.Rect, bounds: pygame.Rect, avoid=(), spare=()) -> pygame.Rect:
    """Where a tooltip of ``size`` goes beside ``anchor`` (what it describes): right, left,
    below or above it, then at its corners, inside ``bounds``; the first place that covers none
    of ``avoid`` (what the player may have to click next, the buttons and the log) nor of the
    rects of ``spare``. ``spare`` is a sequence of lists of rects, most important first: what
    stays in sight where the window has room. If every such place covers something, the
    nearest free place on ``bounds``; else the place that covers least of ``avoid``, then of
    each list of ``spare`` in turn (the least important is covered first), then the nearest."""
    key = (
        tuple(size),
        tuple(pygame.Rect(anchor)),
        tuple(pygame.Rect(bounds)),
        tuple(tuple(pygame.Rect(r)) for r in avoid),
        tuple(tuple(tuple(pygame.Rect(r)) for r in tier) for tier in spare),
    )
    return pygame.Rect(_place_tip(*key))


@functools.lru_cache(maxsize=64)
def _place_tip(size, anchor, bounds, avoid, spare=()) -> tuple:
    width, height = size
    anchor, bounds = pygame.Rect(anchor), pygame.Rect(bounds)
    tiers = [[pygame.Rect(r) for r in tier] for tier in (avoid, *spare)]

    def cover(rect) -> tuple:
        """The area of each tier that ``rect`` covers, most important tier first."""
        return tuple(
            sum(rect.clip(other).width * rect.clip(other).height for other in tier)
            for tier in tiers
        )

    free = (0,) * len(tiers)
    near = [
        (anchor.right + 10, anchor.y),
        (anchor.x - 10 - width, anchor.y),
        (anchor.x, anchor.bottom + 10),
        (anchor.x, anchor.y - 10 - height),
        (anchor.right + 10, anchor.bottom - height),
        (anchor.x - 10 - width, anchor.bottom - height),
        (anchor.right - width, anchor.y - 10 - height),
        (anchor.right - width, anchor.bottom + 10),
        (anchor.x - 10 - width, anchor.y - 10 - height),
        (anchor.right + 10, anchor.y - 10 - height),
        (anchor.x - 10 - width, anchor.bottom + 10),
        (anchor.right + 10, anchor.bottom + 10),
    ]
    best, best_score = None, None
    for x, y in near:
        rect = pygame.Rect(x, y, width, height).clamp(bounds)
        if rect.colliderect(anchor):
            continue
        covered = cover(rect)
        if covered == free:
            return tuple(rect)
        if best_score is None or covered < best_score[0]:
            best, best_score = rect, (covered, 0)
    step = 16
    for y in range(bounds.top, bounds.bottom - height + 1, step):
        for x in range(bounds.left, bounds.right - width + 1, step):
            rect = pygame.Rect(x, y, width, height)
            if rect.colliderect(anchor):
                continue
            covered = cover(rect)
            score = (
                covered,
                abs(rect.centerx - anchor.centerx) + abs(rect.centery - anchor.centery),
            )
            if best_score is None or score < best_score:
                best, best_score = rect, score
    if best is None:
        best = pygame.Rect(anchor.right + 10, anchor.y, width, height).clamp(bounds)
    return tuple(best)


def draw_tooltip(surface, rect: pygame.Rect, lines, width_limit: int = 340) -> None:
    """A tooltip panel in ``rect`` with ``lines`` (title in gold)."""
    draw_panel(surface, rect, (12, 16, 18, 240), radius=8, border=GOLD)
    for i, (row, bold) in enumerate(tooltip_rows(lines, width_limit)):
        blit_text(
            surface,
            row,
            TIP_SIZE,
            (rect.x + px(10), rect.y + px(5) + px(TIP_LINE) * i),
            GOLD if bold else INK,
            bold,
        )
