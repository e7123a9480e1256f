"""The Off the Rails table's layout, without a display (issue 18, "The board uses the window"):
at 1280×800 and 1024×640 and with 1 to 4 players, no two labelled rects overlap, all lie in the
window, the texts drawn in them fit, and at 1024×640 the board gets the window's height (the
players, deck and missions move into the right-hand column, the log gives up room)."""

import pygame
import pytest

from engine.off_the_rails import board as B
from engine.off_the_rails.data import MISSIONS
from scenes import kit
from scenes.tables.off_the_rails.draw import deck_lines
from scenes.tables.off_the_rails.layout import (
    COUNT_FONT,
    DECK_FONT,
    MISSION_FONT,
    NAME_FONT,
    SCORE_FONT,
    WORST_POINTS,
    Layout,
    score_text,
    widest_deck_lines,
)
from tests.engine.off_the_rails.helpers import blank
from tests.scenes.conftest import EVERY_SCALE, SCALES_ABOVE_100
from tests.soak import WINDOW_SIZES

PLAYERS = [1, 2, 3, 4]


pytestmark = pytest.mark.usefixtures("fonts")  # tests/scenes/conftest.py


def layout(size, players) -> Layout:
    return Layout(size, players, 0 if players == 1 else players + 1)


def overlaps(rects: dict) -> list:
    names = sorted(rects)
    return [
        (a, b)
        for i, a in enumerate(names)
        for b in names[i + 1 :]
        if rects[a].colliderect(rects[b])
    ]


@pytest.mark.parametrize("size", WINDOW_SIZES)
@pytest.mark.parametrize("players", PLAYERS)
def test_no_two_labelled_rects_overlap_and_all_lie_in_the_window(size, players):
    lay = layout(size, players)
    rects = lay.labelled_rects()
    assert len(rects) > 12
    assert overlaps(rects) == []
    window = pygame.Rect(0, 0, *size)
    for name, rect in rects.items():
        assert window.contains(rect), (name, rect)
        assert rect.width > 0 and rect.height > 0, name
    assert lay.board.contains(lay.frame)
    # the top bar and the top buttons stay free
    assert all(rect.top >= 44 for rect in rects.values())


@pytest.mark.parametrize("players", PLAYERS)
def test_at_1024_the_board_gets_the_window_height_and_the_log_keeps_some_room(players):
    """Issue 18, finding 4: at 1024×640 the board is as tall as the window allows; gems and
    mine numbers stay readable (12 pixels or more); the log keeps at least three lines."""
    lay = layout((1024, 640), players)
    assert lay.mode == "column"
    assert lay.frame.height >= 14 * ((640 - 44 - 12) // 14)
    assert lay.cell >= 40 and lay.gem_size >= 12 and lay.number_size >= 12
    column = pygame.Rect(1024 - 300 - 8, 0, 300, 640)
    assert column.contains(lay.info) and not lay.info.colliderect(lay.frame)
    log_top = lay.info.bottom + 6 + 2
    assert 640 - 8 - log_top >= 3 * 21 + 16


@pytest.mark.parametrize("players", PLAYERS)
def test_at_1280_the_info_sits_beside_the_board_and_the_log_has_the_column(players):
    lay = layout((1280, 800), players)
    assert lay.mode == "side"
    assert lay.cell >= 48 and lay.info.width >= 240
    assert lay.info.left >= lay.frame.right and lay.info.right <= lay.board.right
    assert lay.info.bottom <= lay.board.bottom
    assert lay.deck_rect().bottom <= lay.info.bottom
    if players > 1:
        assert lay.missions_rect().bottom <= lay.info.bottom


@pytest.mark.parametrize("size", WINDOW_SIZES)
def test_every_square_is_found_under_its_own_centre(size):
    lay = layout(size, 2)
    squares = [
        (r, c)
        for r in range(-1, 13)
        for c in range(-1, 13)
        if B.on_grid((r, c)) or (r, c) in B.SURFACE_EDGE
    ]
    for square in squares:
        assert lay.square_at(lay.square(square).center) == square
    assert lay.square_at(lay.frame.topleft) is None  # a corner of the frame


@pytest.mark.parametrize("size", WINDOW_SIZES)
@pytest.mark.parametrize("players", [2, 4])
def test_texts_fit_their_rects(size, players):
    lay = layout(size, players)
    for seat in range(players):
        parts = lay.player_parts(seat)
        assert kit.font(SCORE_FONT, True).size(score_text(WORST_POINTS))[0] <= parts["score"].width
        assert parts["name"].width >= 80
        text, font_size = kit.fit_label("Bot 3 (Medium)", NAME_FONT, parts["name"].width, True)
        assert text == "Bot 3 (Medium)" and font_size >= 11
        for gem in range(5):
            slot = lay.stock_slot(seat, gem)
            assert 15 + kit.font(COUNT_FONT, True).size("12")[0] <= slot.width
        assert kit.font(COUNT_FONT, True).size("×4")[0] + 13 <= parts["missions"].width
    for line, words in zip(lay.deck_lines(), widest_deck_lines(), strict=True):
        assert kit.fit_label(words, DECK_FONT, line.width)[0] == words
    for mission in MISSIONS:
        name = MISSIONS[mission][0]
        assert kit.fit_label(name, MISSION_FONT, lay.mission_rect(0).width - 14, True)[0] == name


def test_the_deck_panel_says_every_state_in_full():
    lay = layout((1280, 800), 2)
    states = [blank(2), blank(1)]
    seen = blank(2)
    seen.chasm_card_seen, seen.final_turns_left = True, 3
    phase = blank(2)
    phase.chasm_card_seen = phase.chasm_phase = True
    for state in states + [seen, phase]:
        for line, (words, _) in zip(lay.deck_lines(), deck_lines(state), strict=True):
            assert kit.fit_label(words, 12, line.width)[0] == words


@pytest.mark.parametrize("size", WINDOW_SIZES)
@pytest.mark.parametrize(
    "focus", [[(0, 0)], [(5, 5), (5, 6)], [(11, 11), (10, 11)], [(6, 2), (6, 3)], [(3, 8)]]
)
def test_a_question_never_covers_the_squares_it_is_about(size, focus):
    """Issue 18, finding 2: the choice panel keeps off the carts and squares it is about."""
    lay = layout(size, 2)
    for width, height in ((300, 80), (460, 194), (lay.grid.width, 120)):
        panel = lay.prompt_rect(width, height, focus)
        assert lay.grid.contains(panel)
        for square in focus:
            assert not panel.colliderect(lay.square(square)), (square, panel)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_score_sheets_summary_stays_in_its_rect(players):
    """The stockpiles (solo: the jewels delivered) under the score sheet draw inside the room
    the sheet gives them, and draw something there."""
    from scenes.tables.off_the_rails.sheet import draw_summary

    state = blank(players)
    if players > 1:
        state.stockpiles[0] = (1, 2, 0, 0, 1)
        state.taken[0] = [state.dealt[0]] if state.dealt else []
    surface = pygame.Surface((1024, 640))
    surface.fill((1, 2, 3))
    rect = pygame.Rect(40, 420, 944, 120)
    draw_summary(surface, rect, state, ["Ana", "Ben", "Cy", "Dee"][:players])
    changed = pygame.mask.from_threshold(surface, (1, 2, 3), (1, 1, 1, 255))
    changed.invert()
    assert changed.count() > 500
    box = changed.get_bounding_rects()
    assert all(rect.inflate(0, 8).contains(part) for part in box), (box, rect)


# --- the UI scale (issue 22, "Fits the screen") -------------------------------------------------
SAMPLE = "Йgy Hg"
"""Text with a tall capital (and its breve) and descenders: its ink is the tallest a row holds."""


def scaled_layout(size, players) -> Layout:
    return Layout(size, players, 0 if players == 1 else players + 1, kit.px(300))


def ink(words: str, size: int, bold: bool) -> pygame.Rect:
    """The pixels ``words`` really covers when drawn at ``size``, in its own image."""
    return kit.text(words, size, (255, 255, 255), bold).get_bounding_rect()


def assert_ink_fits(row: pygame.Rect, size: int, bold: bool, name: str, sample=SAMPLE) -> None:
    """``sample`` drawn centred on ``row`` (as the table draws its text) stays inside the row,
    give or take one pixel (the faint edge of a descender)."""
    image = kit.text(sample, size, (255, 255, 255), bold)
    placed = ink(sample, size, bold).move(image.get_rect(midleft=row.midleft).topleft)
    assert row.top - 1 <= placed.top and placed.bottom <= row.bottom + 1, (name, row, placed)


@pytest.mark.parametrize("size, scaled", SCALES_ABOVE_100, indirect=["scaled"])
def test_the_ui_scale_offered_is_the_one_laid_out(size, scaled):
    assert kit.fitting_scale(round(scaled * 100), size) == scaled


@pytest.mark.parametrize("size, scaled", SCALES_ABOVE_100, indirect=["scaled"])
@pytest.mark.parametrize("players", PLAYERS)
def test_at_every_ui_scale_no_two_labelled_rects_overlap_and_all_lie_in_the_window(
    size, scaled, players
):
    lay = scaled_layout(size, players)
    rects = lay.labelled_rects()
    assert overlaps(rects) == []
    window = pygame.Rect(0, 0, *size)
    for name, rect in rects.items():
        assert window.contains(rect), (name, rect)
    assert lay.info.bottom <= size[1] - 6
    last = lay.deck_rect() if players == 1 else lay.missions_rect()
    assert last.bottom <= lay.info.bottom
    if lay.mode == "column":  # the log under the info keeps three lines of its scaled text
        assert size[1] - 8 - (lay.info.bottom + 8) >= 3 * kit.px(21) + kit.px(16)
    assert lay.cell >= 40 and lay.gem_size >= 12 and lay.number_size >= 12


@pytest.mark.parametrize("size, scaled", SCALES_ABOVE_100, indirect=["scaled"])
@pytest.mark.parametrize("players", [1, 4])
def test_the_info_rows_grow_with_the_ui_scale(size, scaled, players):
    """A play tester's find: at 125-200 % the players' panels, the deck and the missions kept
    their 100 % rows, so the larger text ran into the next row."""
    lay = scaled_layout(size, players)
    normal = Layout((1024, 640), players, 0 if players == 1 else players + 1)
    kit.set_ui_scale(1.0)
    normal = (
        normal.info_height(),
        normal.deck_rect().height,
        normal.solo_rect().height if players == 1 else normal.player_rect(0).height,
    )
    kit.set_ui_scale(scaled)
    grown = (
        lay.info_height(),
        lay.deck_rect().height,
        lay.solo_rect().height if players == 1 else lay.player_rect(0).height,
    )
    for before, after in zip(normal, grown, strict=True):
        assert after >= before * scaled - 2, (normal, grown)
    if players > 1:
        assert lay.mission_rect(1).top - lay.mission_rect(0).top == kit.px(20)


@pytest.mark.parametrize("size, scaled", EVERY_SCALE, indirect=["scaled"])
@pytest.mark.parametrize("players", [1, 4])
def test_at_every_ui_scale_the_info_texts_fit_their_rows(size, scaled, players):
    lay = scaled_layout(size, players)
    if players == 1:
        parts = lay.solo_parts()
        assert_ink_fits(parts["name"], NAME_FONT, True, "solo name")
        assert_ink_fits(lay.delivered_title(), NAME_FONT, True, "delivered title")
        for edge in range(4):
            assert_ink_fits(lay.delivered_cell(edge, 0), COUNT_FONT + 1, True, "count", "12")
        assert_ink_fits(lay.delivered_tally(), COUNT_FONT + 1, False, "tally")
    for seat in range(players if players > 1 else 0):
        parts = lay.player_parts(seat)
        assert_ink_fits(parts["name"], NAME_FONT, True, "name")
        assert_ink_fits(parts["score"], SCORE_FONT, True, "score", score_text(WORST_POINTS))
        assert_ink_fits(lay.stock_slot(seat, 0), COUNT_FONT, True, "stock", "12")
        assert kit.font(SCORE_FONT, True).size(score_text(WORST_POINTS))[0] <= parts["score"].width
        for gem in range(5):
            slot = lay.stock_slot(seat, gem)
            assert kit.px(15) + kit.font(COUNT_FONT, True).size("12")[0] <= slot.width
        text, font_size = kit.fit_label("Bot 3 (Medium)", NAME_FONT, parts["name"].width, True)
        assert text == "Bot 3 (Medium)"
    for index, line in enumerate(lay.deck_lines()):
        assert_ink_fits(line, DECK_FONT, index == 0, f"deck line {index}")
    for line, words in zip(lay.deck_lines(), widest_deck_lines(), strict=True):
        assert kit.fit_label(words, DECK_FONT, line.width)[0] == words
    if players > 1:
        assert_ink_fits(lay.mission_title(), MISSION_FONT + 1, True, "missions title")
        for index in range(lay.missions):
            assert_ink_fits(lay.mission_rect(index), MISSION_FONT, True, f"mission {index}")
        for mission in MISSIONS:
            name = MISSIONS[mission][0]
            width = lay.mission_rect(0).width - 14
            assert kit.fit_label(name, MISSION_FONT, width, True)[0] == name
