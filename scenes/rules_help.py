"""The rules scene: each registered game's rules summary, with headings, scrollable.

The summaries are long texts, so they are not catalogue messages: each language has its own
file per game, ``translation/rules/<code>/<game id>.md``, written from the English summary in the
game's package (``RULES_SUMMARY``) with the published pages' terms. A game whose summary is not
translated yet shows the English one.
"""

from __future__ import annotations

import html
from pathlib import Path

import pygame
from pygame_gui.elements import UIButton, UITextBox

import translation
from engine import registry
from scenes import kit, text_panel
from scenes.manager import Scene
from translation import _

ON = "#ffe26e"
"""The colour of what is on in the game the rules were opened from."""


def options_on(match) -> set:
    """The names of ``match``'s on/off options that are on (its variants)."""
    return {
        option.name
        for option in match.spec.options
        if option.kind == "bool" and match.options.get(option.name)
    }


BULLET = "  •  "
"""What starts a bullet's first row."""
INDENT = "\u3000\u3000"
"""What starts the rows after a Japanese bullet's first (two ideographic spaces)."""
SPACE = "\u00a0"
"""What the rows after a bullet's first start with in other scripts (no-break spaces, as
wide together as :data:`BULLET`), so they line up under its text."""

RULES_DIR = Path(translation.__file__).with_name("rules")
"""``RULES_DIR / code / f"{game_id}.md"``: a game's rules summary in language ``code``."""


def rules_summary(spec, language: str | None = None) -> str:
    """The rules summary of ``spec`` in ``language`` (default: the one in use), or the English
    summary when that language has no file for the game."""
    path = RULES_DIR / (language or translation.current_language()) / f"{spec.id}.md"
    if path.is_file():
        return path.read_text(encoding="utf-8")
    return spec.rules_summary


def summary_to_html(summary: str, marked=(), wrap_width: int | None = None) -> str:
    """Turn a game's rules summary into pygame_gui's HTML subset.

    Lines starting "# " and "## " are headings, "- " starts a bullet, a blank line ends a
    paragraph; other lines continue the paragraph or bullet above (sources are hard-wrapped).
    ``marked`` are the labels of the options on in the game the screen was opened from: a line
    under the title lists them, and each one's bullet ("- Label: ...") is highlighted.
    A paragraph with Japanese text is broken here into rows of ``wrap_width`` pixels (the text
    box's font, 16 px), so a bullet's rows after the first can be indented as Japanese sets
    them; pygame_gui would break them too (:mod:`scenes.line_breaks`), without the indent.
    """
    out: list[str] = []
    block: list[str] = []
    bullet = False

    def lines_of(text: str, width: int, bold: bool = False, always: bool = False) -> list:
        if wrap_width is None or not (always or kit.has_cjk(text)):
            return [text]
        return kit.wrap(text, 16, width, bold) or [text]

    def flush():
        nonlocal block, bullet
        if block:
            text = " ".join(block)
            if bullet:
                # the rows after the first start under the bullet's text (a hanging indent);
                # the prefix and the indent take room too: a row pygame_gui had to break
                # again showed as a blank line mid-sentence
                hanging, indent = INDENT, 0
                if wrap_width:  # measured: it needs the fonts
                    hanging = INDENT if kit.has_cjk(text) else _spaces_as_wide_as(BULLET)
                    indent = max(kit.text_size(t, 16)[0] for t in (BULLET, hanging))
                on = any(text.startswith(f"{label}:") for label in marked)
                rows = lines_of(text, (wrap_width or 0) - indent, on, always=True)
                body = "<br>".join(
                    ("" if index == 0 else hanging) + html.escape(row)
                    for index, row in enumerate(rows)
                )
                if on:
                    note = html.escape(_("(on in this game)"))
                    body = f"<font color='{ON}'><b>{body}</b> {note}</font>"
                out.append(f"{BULLET}{body}<br>")
            else:
                body = "<br>".join(html.escape(row) for row in lines_of(text, wrap_width or 0))
                out.append(f"{body}<br><br>")
        block, bullet = [], False

    for raw in summary.strip().splitlines():
        line = raw.strip()
        if line.startswith("## "):
            flush()
            gap = "<br>" if out and not out[-1].endswith("<br><br>") else ""
            out.append(
                f"{gap}<font color='#eec454' pixel_size={kit.px(20)}><b>{html.escape(line[3:])}</b>"
                f"</font><br>"
            )
        elif line.startswith("# "):
            flush()
            out.append(
                f"<font color='#eec454' pixel_size={kit.px(26)}><b>{html.escape(line[2:])}</b>"
                f"</font><br>"
            )
            if marked:
                line = _("On in this game: {options}.").format(options=", ".join(marked))
                out.append(f"<font color='{ON}'>{html.escape(line)}</font><br><br>")
        elif line.startswith(("- ", "* ")):
            flush()
            block, bullet = [line[2:]], True
        elif not line:
            flush()
        else:
            block.append(line)
    flush()
    return "".join(out)


def _spaces_as_wide_as(text: str) -> str:
    """No-break spaces (:data:`SPACE`) about as wide as ``text`` at the rules' 16 px."""
    space = max(1, kit.text_size(SPACE, 16)[0])
    return SPACE * max(1, round(kit.text_size(text, 16)[0] / space))


SCROLL_KEYS = (
    pygame.K_PAGEDOWN,
    pygame.K_PAGEUP,
    pygame.K_DOWN,
    pygame.K_UP,
    pygame.K_HOME,
    pygame.K_END,
)
"""Keys that scroll the rules (the text box itself only follows the mouse wheel)."""


class RulesScene(Scene):
    """Pick a game on the left; its summary scrolls on the right. ``game_id`` preselects one;
    ``active`` names that game's options that are on (opened from a game: they are marked)."""

    paints_window = True  # its draw starts with the felt

    def __init__(self, app, game_id: str | None = None, active=()):
        super().__init__(app)
        self.games = registry.games()
        ids = [g.id for g in self.games]
        self.index = ids.index(game_id) if game_id in ids else 0
        self.game_id = game_id
        self.active = set(active)

    def marked(self) -> list:
        """The labels of the options on, for the game shown (only the one opened from)."""
        if not self.games or self.games[self.index].id != self.game_id:
            return []
        return [
            _(option.label)
            for option in self.games[self.index].options
            if option.name in self.active
        ]

    def build(self) -> None:
        w, h = self.app.size
        ui, c = self.app.ui, self.container
        px = kit.px  # sizes at 100 %, grown by the UI scale
        top = px(96 if h >= px(760) else 76)
        titles = [_(spec.title) for spec in self.games]
        left_w = min(px(300), max([px(250)] + [kit.text_size(t, 17, True)[0] + 30 for t in titles]))
        # toasts stack in the left column between the games and Back (toast_area)
        self.toast_room = pygame.Rect(
            40, top + len(titles) * px(56), left_w, h - px(44) - 40 - top - len(titles) * px(56)
        )
        for i, title in enumerate(titles):
            UIButton(
                pygame.Rect(40, top + i * px(56), left_w, px(46)),
                title,
                ui,
                container=c,
                object_id="#selected_button" if i == self.index else None,
                command=kit.bind(self.choose, i),
            )
        box = pygame.Rect(40 + left_w + 24, top, w - left_w - 104, h - top - 30)
        self.box_rect = box
        """The text box's outline: :meth:`draw` paints its background (scenes/text_panel.py)."""
        edge = text_panel.edge(ui)
        self.box = UITextBox(
            "", box.inflate(-2 * edge, -2 * edge), ui, container=c, object_id=text_panel.OBJECT_ID
        )
        # the rows' width as the box lays them out: inside its padding, beside the scroll bar,
        # and before the row's <br>, which pygame_gui lays out as 4 pixels wide
        inner = self.box.text_wrap_rect.width - self.box.scroll_bar_width - 4
        self.box.set_text(
            summary_to_html(rules_summary(self.games[self.index]), self.marked(), inner)
            if self.games
            else _("No games are installed yet.")
        )
        UIButton(
            pygame.Rect(40, h - px(44) - 30, left_w, px(44)),
            _("Back"),
            ui,
            container=c,
            command=self.app.manager.pop,
            tool_tip_text=_(kit.BACK_TIP),
        )

    def choose(self, index: int) -> None:
        self.index = index
        self.relayout()

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.manager.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key in SCROLL_KEYS:
            return self.scroll_by_key(event.key)
        return False

    def scroll_by_key(self, key: int) -> bool:
        """Page Up/Down a screenful, Home/End to either end, the arrows a line or two: the
        rules read from the keyboard too. True when the text box can scroll."""
        bar = getattr(getattr(self, "box", None), "scroll_bar", None)
        if bar is None:
            return False
        page = bar.visible_percentage * 0.9
        step = {
            pygame.K_PAGEDOWN: page,
            pygame.K_PAGEUP: -page,
            pygame.K_DOWN: page / 8,
            pygame.K_UP: -page / 8,
            pygame.K_HOME: -1.0,
            pygame.K_END: 1.0,
        }[key]
        bar.set_scroll_from_start_percentage(bar.start_percentage + step)
        return True

    def toast_area(self) -> tuple | None:
        """In the left column, over Back: a toast across the bottom middle covered the rules'
        text and Back (a play-tester's "Saved …" after Save then Rules), if the column has
        room for one; else the bottom middle."""
        room = getattr(self, "toast_room", None)
        if room is None or room.height < kit.px(80):
            return None
        return room, "bottom"

    def draw(self, surface) -> None:
        kit.draw_table(surface)
        surface.blit(
            text_panel.background(self.app.ui, self.box_rect.size),
            self.box_rect,
            special_flags=pygame.BLEND_PREMULTIPLIED,  # as pygame_gui draws its widgets
        )
        kit.draw_heading(surface, _("Rules"), top=20 if surface.get_height() >= kit.px(760) else 10)
