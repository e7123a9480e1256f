"""Tooltips as wide as their words need (scenes.ui_manager): a short one on one line, a long
one in balanced lines, never a last line of one character."""

from __future__ import annotations

from scenes.ui_manager import WIDER, tip_width
from tests.scenes.driver import frames


def ten_per_letter(text: str) -> int:
    return 10 * len(text)


def test_a_tooltip_that_fits_one_and_a_half_widths_stays_on_one_line():
    text = "x" * 40  # 400 px: wider than the usual 300, within 450
    assert tip_width(text, ten_per_letter, 300, 30, 1000) == 400 + 30 + 4
    assert 400 + 30 + 4 <= 300 * WIDER


def test_a_long_tooltip_is_balanced_so_its_last_line_is_not_a_word_alone():
    words = "word " * 11 + "end"  # 12 words of 4 letters: 590 px on one line, 3 lines at 300
    width = tip_width(words, ten_per_letter, 300, 30, 1000)
    assert width < 300  # narrower than the usual width, as the lines are balanced
    inner = width - 30 - 4
    rows, row = [], ""
    for word in words.split(" "):
        if row and len(row + " " + word) * 10 > inner:
            rows.append(row)
            row = word
        else:
            row = f"{row} {word}".strip()
    rows.append(row)
    assert len(rows) == 3 and rows[-1] == "word word word end"


def test_a_tooltip_is_never_wider_than_the_window():
    assert tip_width("word " * 8, ten_per_letter, 300, 30, 250) <= 250


def rows_of(tip) -> list:
    return tip.text_block.text_box_layout.layout_rows


def test_the_japanese_backup_tooltip_is_one_line_not_a_last_line_of_one_character(app):
    """Play-test: 「最後の書き込みの前のセーブをロード」 wrapped as 「…をロー」 / 「ド」."""
    app.set_language("ja")
    frames(app, 1)
    tip = app.ui.create_tool_tip(
        text="最後の書き込みの前のセーブをロード",
        position=(900, 200),
        hover_distance=(0, 10),
        parent_element=None,
        object_id=None,
    )
    assert len(rows_of(tip)) == 1
    tip.kill()


def test_a_long_tooltip_shows_in_as_many_lines_as_the_usual_width_and_balanced(app):
    text = (
        "An online game keeps itself after every turn: Online games on the title screen "
        "opens it, whenever you come back to it."
    )
    usual = app.ui.create_tool_tip(
        text=text,
        position=(500, 200),
        hover_distance=(0, 10),
        parent_element=None,
        object_id=None,
        wrap_width=300,
    )
    tip = app.ui.create_tool_tip(
        text=text, position=(500, 200), hover_distance=(0, 10), parent_element=None, object_id=None
    )
    rows = rows_of(tip)
    widths = [row.width for row in rows]
    assert len(rows) == len(rows_of(usual)) == 4
    usual.kill()
    assert min(widths) > 0.6 * max(widths)  # no short last line
    tip.kill()
