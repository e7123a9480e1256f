"""A name in any script shows in any interface language (issue 41): the font chain of
``scenes/fonts.py`` in pygame_gui's widgets and in the text the tables draw, and lines of
Japanese broken between characters by the usual rules (``scenes/line_breaks.py``)."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

import translation
from scenes import fonts, kit, line_breaks
from scenes.load_game import LoadGameScene
from scenes.new_game import NewGameScene
from scenes.pass_screen import PassScreen
from scenes.title import TitleScene
from tests.scenes.driver import close_apps, frames, make_app

NAMES = ("太郎", "Аня", "José", "김철수", "王们", "Ἀθηνᾶ")
"""A name in each script a player may type: Japanese, Cyrillic, Latin, Hangul, simplified
Chinese (们 is in no Japanese font), Greek."""


@pytest.fixture
def close_pygame():
    yield
    close_apps()
    translation.set_language("en")


def test_the_glyph_check_sees_what_pygame_fonts_metrics_do_not():
    """pygame.font reports the .notdef box's metrics for a glyph the font lacks; the check
    asks freetype."""
    pygame.font.init()
    noto_sans = fonts.font_file(False, "en")
    assert pygame.font.Font(str(noto_sans), 16).metrics("日")[0] is not None  # it lies
    assert not fonts.has_glyph(noto_sans, "日")
    assert fonts.has_glyph(fonts.font_file(False, "ja"), "日")
    assert fonts.missing(noto_sans, "Я日本→") == ["日", "本", "→"]
    assert fonts.has_glyph(noto_sans, " ") and fonts.has_glyph(noto_sans, "\u200b")


@pytest.mark.parametrize(
    "text, language, drawn_by",
    [
        ("Анна", "ru", "ru"),
        ("アナ", "en", "ja"),
        ("Ход: 太郎", "ru", "ja"),  # Noto Sans JP has Cyrillic too
        ("1–2 → 1", "en", "ja"),  # an arrow Noto Sans lacks
        ("王们", "ja", "zh"),
        ("김철수", "ru", "ko"),
        ("José", "ja", "ja"),
    ],
)
def test_each_text_the_tables_draw_gets_a_font_with_every_glyph(text, language, drawn_by):
    assert kit.script_language(text, language) == drawn_by
    assert fonts.covers(fonts.font_file(False, drawn_by), text)


def test_a_line_no_one_font_covers_is_drawn_in_runs(fonts_ready):
    """Hangul and simplified Chinese in one line: no font has both, each run has its own."""
    translation.set_language("ru")
    try:
        content = "김철수 们"
        width, height = kit.text_size(content, 16)
        image = kit.text(content, 16)
        assert image.get_size() == (width, height)
        parts = [kit.text_size(part, 16)[0] for part in ("김철수 ", "们")]
        assert abs(width - sum(parts)) <= 2
    finally:
        translation.set_language("en")


@pytest.fixture
def fonts_ready():
    pygame.font.init()
    kit.reset_caches()
    yield
    kit.reset_caches()


@pytest.mark.parametrize("language", ["en", "ru", "es", "ja"])
def test_every_widget_font_draws_a_name_in_every_script(language, close_pygame):
    """The hot-seat hand-over button, a label and a text entry in each interface language:
    every character of every name is drawn by a font of the chain that has its glyph."""
    app = make_app(size=(1024, 640))
    app.set_language(language)
    app.manager.push(TitleScene(app))
    frames(app, 1)
    button = UIButton(pygame.Rect(0, 0, 400, 40), "x", app.ui)
    label = UILabel(pygame.Rect(0, 50, 400, 30), "x", app.ui)
    entry = UITextEntryLine(pygame.Rect(0, 90, 400, 36), app.ui)
    for widget in (button, label, entry):
        font = widget.font
        assert isinstance(font, fonts.ChainFont)
        for name in NAMES:
            for run_font, piece in font.runs(_("I'm {name} — go").format(name=name)):
                path = font.paths[next(i for i, f in font._fonts.items() if f is run_font)]
                assert fonts.missing(path, piece) == [], (language, name, piece)


def _(text):
    return translation._(text)


def test_a_japanese_name_on_a_russian_button_is_drawn_by_the_japanese_font(close_pygame):
    """«Я □□ — вперёд» was boxes: the name's pixels are now Noto Sans JP's own, and a text
    the language's font has whole is drawn by it alone, pixel for pixel as before."""
    app = make_app(size=(1024, 640))
    app.set_language("ru")
    button = UIButton(pygame.Rect(0, 0, 400, 40), "Я", app.ui)
    chain = button.font
    assert isinstance(chain, fonts.ChainFont)
    white = pygame.Color("white")
    latin = chain.render_premul("Я Anna", white)
    assert pygame.image.tobytes(latin, "RGBA") == pygame.image.tobytes(
        chain.primary.render_premul("Я Anna", white), "RGBA"
    )
    japanese = chain._font(1)
    assert chain.paths[1] == str(fonts.font_file(True, "ja"))  # buttons are bold
    alone = chain.render_premul("太郎", white)
    assert pygame.image.tobytes(alone, "RGBA") == pygame.image.tobytes(
        japanese.render_premul("太郎", white), "RGBA"
    )
    mixed = "Я 太郎 — вперёд"
    rect = chain.get_rect(mixed)
    assert [piece for _font, piece in chain.runs(mixed)] == ["Я ", "太郎 ", "— вперёд"]
    assert rect.width == sum(font.get_rect(piece).width for font, piece in chain.runs(mixed))
    assert chain.render_premul(mixed, white).get_size() == rect.size
    # a text entry places its caret by the widths of what is typed so far
    assert [chain.size(mixed[:i])[0] for i in range(len(mixed) + 1)] == sorted(
        chain.size(mixed[:i])[0] for i in range(len(mixed) + 1)
    )
    assert len(chain.get_metrics(mixed)) == len(mixed)
    assert None not in chain.get_metrics(mixed)


def test_a_japanese_name_typed_in_a_russian_new_game_form_and_its_hand_over(close_pygame):
    """Typed into the seat's name field of the Russian form, then on the pass screen."""
    app = make_app(size=(1024, 640))
    app.set_language("ru")
    app.manager.push(TitleScene(app))
    app.manager.push(NewGameScene(app))
    frames(app, 2)
    entry = next(e for e in app.ui.get_sprite_group().sprites() if isinstance(e, UITextEntryLine))
    entry.set_text("")
    entry.focus()
    for ch in "太郎":
        frames(app, 1, events=[pygame.event.Event(pygame.TEXTINPUT, text=ch)])
    assert entry.get_text() == "太郎"
    runs = entry.font.runs(entry.get_text())
    assert [piece for _font, piece in runs] == ["太郎"]
    assert runs[0][0] is entry.font._font(1)  # Noto Sans JP
    app.manager.push(PassScreen(app, "太郎"))
    frames(app, 1)
    button = next(
        e
        for e in app.ui.get_sprite_group().sprites()
        if isinstance(e, UIButton) and "太郎" in e.text
    )
    assert button.text == "Я 太郎 — вперёд"
    # a space goes with the run it follows
    assert [piece for _font, piece in button.font.runs(button.text)] == ["Я ", "太郎 ", "— вперёд"]


def test_the_load_list_shows_japanese_names_in_every_language(close_pygame):
    """A save made in Japanese, listed in Russian: its labels' fonts draw every glyph."""
    from engine import registry
    from engine.match import Match, Seat
    from saves import store

    spec = registry.get("diced-tomatoes")
    match = Match(spec, [Seat("human", "太郎"), Seat("human", "花子")], {}, 3)
    store.save(match, "太郎の試合")
    app = make_app(size=(1024, 640))
    app.set_language("ru")
    app.manager.push(TitleScene(app))
    app.manager.push(LoadGameScene(app))
    frames(app, 2)
    texts = [
        (e.text, e.font)
        for e in app.ui.get_sprite_group().sprites()
        if isinstance(e, (UIButton, UILabel)) and e.visible and line_breaks.has_cjk(e.text)
    ]
    assert texts, "the save's names are listed"
    for text, font in texts:
        for run_font, piece in font.runs(text):
            index = next(i for i, f in font._fonts.items() if f is run_font)
            assert fonts.missing(font.paths[index], piece) == [], text


# --- line breaks ---------------------------------------------------------------------------------
def test_units_break_between_japanese_characters_by_the_rules():
    assert line_breaks.units("ソロ（ひとり）で遊ぶ。Bot 1、太郎") == [
        "ソ",
        "ロ",
        "（ひ",
        "と",
        "り）",
        "で",
        "遊",
        "ぶ。",
        "Bot",
        " ",
        "1、",
        "太",
        "郎",
    ]
    assert line_breaks.units("Two words") == ["Two", " ", "words"]
    assert line_breaks.split_points("Two words here") == [4, 10]  # pygame_gui's own


def test_a_japanese_tooltip_leaves_no_character_alone_on_its_last_line(fonts_ready):
    """Play-test: a Shifting Stones stone's tooltip in Japanese ended with 「え。」 alone on
    its own line; the line before gives it its last unit (a break the rules allow)."""
    translation.set_language("ja")
    try:
        words = translation._("Click to flip it; drag it onto a neighbour to swap them.")
        rows = [row for row, _bold in kit.tooltip_rows(("太陽", words))]
        assert rows == ["太陽", "クリックで裏返し、隣の石へドラッグで入れ", "替え。"]
        assert not line_breaks.lone(rows[-1]) and line_breaks.lone("え。")
        assert line_breaks.lone("す") and not line_breaks.lone("です。")
        assert not line_breaks.lone("1")
    finally:
        translation.set_language("en")


def test_a_lone_last_character_after_a_space_stays_where_it_is(fonts_ready):
    """Only a break between Japanese characters is moved: a character after a space (a word
    of its own) keeps its line rather than pulling a word across the space."""
    translation.set_language("ja")
    try:
        width = kit.text_size("ああああああ", 14)[0]
        assert kit.wrap("ああああああ い", 14, width) == ["ああああああ", "い"]
        assert kit.wrap("あああああああ", 14, width) == ["あああああ", "ああ"]
    finally:
        translation.set_language("en")


def _japanese_texts() -> list:
    from babel.messages.pofile import read_po

    with open(translation.catalogue_path("ja"), encoding="utf-8") as handle:
        catalogue = read_po(handle)
    return [
        form
        for message in catalogue
        if message.id and message.string
        for form in (message.string if isinstance(message.string, tuple) else (message.string,))
        if line_breaks.has_cjk(form) and len(form) > 12
    ]


@pytest.mark.parametrize("width", [90, 160, 300])
@pytest.mark.long
def test_every_japanese_message_wraps_without_a_forbidden_line_start_or_end(width, fonts_ready):
    """Every Japanese message, wrapped narrow: no row starts with 、。）」ー… nor ends with
    （「, each row fits (or is one unbreakable unit), the rows give the text back, and from a
    tooltip's width on none ends with one character alone (at 90 px a few rows before it are
    one unit too wide to share)."""
    translation.set_language("ja")
    try:
        for text in _japanese_texts():
            rows = kit.wrap(text, 14, width)
            assert "".join(rows).replace(" ", "") == text.replace(" ", "").replace("\n", "")
            for index, row in enumerate(rows):
                if index:
                    assert row[0] not in line_breaks.NO_LINE_START, (text, row)
                if index < len(rows) - 1:
                    assert row[-1] not in line_breaks.NO_LINE_END, (text, row)
                fits = kit.text_size(row, 14)[0] <= width
                assert fits or len(line_breaks.units(row.strip())) == 1, (text, row)
            if width >= 160 and len(rows) > 1:
                assert not line_breaks.lone(rows[-1]), (text, rows)
    finally:
        translation.set_language("en")


def test_a_command_line_option_is_never_broken_inside():
    """Play-test: the Russian tooltip of Save record ended "… открывает -" / "-replay": a
    break was allowed after each hyphen. A word starting with hyphens is one unit; a hyphen
    or a slash inside another word still lets a long path break."""
    text = "Записать эту партию в небольшой текстовый файл, который открывает --replay"
    start = text.index("--replay")
    points = line_breaks.split_points(text)
    assert not [p for p in points if start < p < start + len("--replay")]
    assert start in points  # before it, at the space
    for option in ("--quit-at-end", "(--replay", "«--replay»", "-n"):
        inside = line_breaks.split_points("see " + option)
        assert inside == [4], option
    path = "/tmp/pt-solo-data/records"
    assert line_breaks.split_points(path) == [1, 5, 8, 13, 18]  # after "/" and inner "-"


def test_the_save_record_tooltip_keeps_replay_whole_at_every_width(close_pygame):
    """The text box pygame_gui lays the tooltip out in, at widths around the play-test's."""
    from pygame_gui.elements import UITextBox

    app = make_app(size=(1024, 640))
    app.set_language("ru")
    words = translation._("Write this game as a small text file (every move) that --replay opens")
    assert "--replay" in words
    for width in range(220, 340, 6):
        box = UITextBox(words, pygame.Rect(0, 0, width, 200), app.ui)
        rows = [
            "".join(getattr(item, "text", "") or "" for item in row.items)
            for row in box.text_box_layout.layout_rows
        ]
        assert any("--replay" in row for row in rows), (width, rows)
        assert not any(row.strip() in ("-", "") for row in rows[:-1] if row), (width, rows)
        box.kill()
