"""The Tea Time table's layout, without a display (issue 25): at 1280×800 and 1024×640 with 2,
3 and 4 players, no two labelled rects overlap, all lie on the board, the cards are big enough
to read and the texts drawn in the rects fit at the sizes the drawing uses."""

import pygame
import pytest

import translation
from engine.match import bot_name
from engine.tea_time.rules import LAYOUTS
from engine.tea_time.state import ALICE, CHARACTER_NAMES, CHARACTERS
from scenes import kit
from scenes.tables.tea_time.draw import SHORT_NAMES, sheet_label, sheet_layout
from scenes.tables.tea_time.layout import (
    HEADER_FONT,
    INFO_FONT,
    LEGEND_FONT,
    Layout,
)
from sprites import tea_time_art as ta
from tests.scenes.conftest import EVERY_SCALE
from tests.soak import WINDOW_SIZES, quick_first

PLAYERS = [2, 3, 4]


@pytest.fixture(autouse=True)
def fonts():
    """Text is measured with the app's fonts: pygame's font module, no window."""
    pygame.font.init()
    kit.reset_caches()  # fonts made before an earlier pygame.quit() are dead
    yield
    kit.reset_caches()


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
def test_no_two_labelled_rects_overlap_and_all_lie_on_the_board(size, players):
    for viewer in {0, players - 1}:
        lay = Layout(size, players, viewer)
        rects = lay.labelled_rects()
        rows, columns = LAYOUTS[players]
        assert len(rects) >= rows * columns + players * 18
        assert overlaps(rects) == []
        for name, rect in rects.items():
            assert lay.board.contains(rect), (name, rect, lay.board)
            assert rect.width > 0 and rect.height > 0, name
        # the board leaves the buttons and the log column free
        assert lay.board.right <= size[0] - 300 - 8
        # the viewer's panel is at the bottom, the others above it in turn order
        assert lay.panels[viewer].bottom == lay.board.bottom
        tops = [lay.panels[seat].y for seat in lay.others]
        assert tops == sorted(tops) and all(
            lay.panels[seat].bottom < lay.panels[viewer].y for seat in lay.others
        )


@pytest.mark.parametrize("size", WINDOW_SIZES)
@pytest.mark.parametrize("players", PLAYERS)
def test_cards_are_big_enough_to_read_and_stacks_stay_in_their_columns(size, players):
    lay = Layout(size, players, 0)
    assert lay.card_h >= 90 and lay.card_w >= 60  # the table's cards carry their names
    assert ta.has_plate(lay.card_w, lay.card_h)
    for seat in range(players):
        width, height = lay.column_card_size(seat)
        assert height >= (50 if lay.is_big(seat) else 45), (seat, width, height)
        for index in range(len(CHARACTERS)):
            area = lay.stack_area(seat, index)
            for count in (1, 5, 10):
                for position in range(count):
                    assert area.contains(lay.stack_card(seat, index, position, count))
    # every place of the table is on the grid, none over another
    cells = [lay.cell(r, c) for r in range(lay.rows) for c in range(lay.columns)]
    assert all(lay.grid.contains(rect) for rect in cells)
    assert lay.cell_at(lay.cell(1, 1).center) == (1, 1)
    assert lay.cell_at((lay.cell(0, 0).right + 1, lay.cell(0, 0).centery)) is None


@pytest.mark.parametrize("size", WINDOW_SIZES)
@pytest.mark.parametrize("players", PLAYERS)
def test_texts_fit_their_rects(size, players):
    lay = Layout(size, players, 0)
    parts = lay.info_parts()
    assert kit.font(INFO_FONT, True).size("Round 5 of 5")[0] <= parts["round"].width
    assert kit.font(INFO_FONT - 1).size("Turn 12: 1–3 cards")[0] <= parts["turn"].width
    assert kit.font(INFO_FONT - 1).size("Deck 60")[0] <= parts["deck_count"].width
    legend = lay.legend_parts()
    assert kit.font(LEGEND_FONT).size("Points")[0] <= legend["title.points"].width
    assert kit.font(LEGEND_FONT).size("Alice")[0] <= legend["alice"].width
    assert kit.font(LEGEND_FONT + 1, True).size("15")[0] <= legend["points.5"].width
    for seat in range(players):
        header = lay.header_parts(seat)
        font = kit.font(lay.header_font(seat), True)
        assert font.size("99 pts")[0] <= header["score"].width
        assert header["name"].width >= 120
        labels = lay.column_labels(seat, 0)
        size = lay.label_font(seat)
        assert kit.font(size, True).size("15 pts")[0] <= labels[-1].width
        if len(labels) == 2:
            assert kit.font(size).size("10 cards")[0] <= labels[0].width
    # a card's name on its plate: in full, or its short name, at 9 pixels or more
    plate = ta.name_plate(lay.card_w, lay.card_h, "mirror")
    for character in CHARACTERS:
        fits = [
            kit.font(9, True).size(name)[0] <= plate.width - 2
            for name in (CHARACTER_NAMES[character], SHORT_NAMES[character])
        ]
        assert any(fits), (character, plate)
    assert kit.font(HEADER_FONT, True).size("Ana (you)")[0] < lay.header_parts(0)["name"].width


@pytest.mark.parametrize("size", quick_first([(1024, 640), (1280, 800)], one_argument=True))
@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_score_sheet_panel_holds_its_rows_inside_the_lit_felt(size, players, language):
    """The sheet's rows once ran past the felt's lit middle at 1280×800: the panel now holds
    header, rows and notes, and stays inside both the game-over screen's room and the
    middle; each character's name fits its column, on at most two lines."""
    translation.set_language(language)
    kit.reset_caches()
    try:
        names = [bot_name(seat + 1, "medium") for seat in range(players)]
        width, height = size
        area = pygame.Rect(30, 160, width - 60, height - 84 - 160)
        middle = kit.felt_middle(size)
        lay = sheet_layout(area, middle, names, notes=1)
        assert area.contains(lay.panel) and middle.contains(lay.panel), (lay.panel, middle)
        for part in (lay.head, *lay.rows, *lay.notes):
            assert lay.panel.contains(part), (part, lay.panel)
        assert lay.name_w + 7 * lay.cell_w + lay.total_w == lay.head.width
        for character in (*CHARACTERS, ALICE):
            lines, font_size = sheet_label(character, lay.cell_w - 4)
            assert 1 <= len(lines) <= 2 and font_size >= 11, (character, lines, font_size)
            assert all(kit.font(font_size, True).size(line)[0] <= lay.cell_w - 4 for line in lines)
        longest = max(kit.font(12, True).size(name)[0] for name in names)
        assert longest <= lay.name_w - 50  # names readable at 12 px or more
    finally:
        translation.set_language("en")
        kit.reset_caches()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_two_players_score_rows_fill_the_sheet_with_the_cards_they_counted(size):
    """Play-test: two rows of numbers left half the score screen empty. With two players each
    row grows tall enough to fan the cards its counts are made of (the sheet then fills most
    of its room); four players keep rows of numbers."""
    from scenes.tables.tea_time.draw import SHEET_FAN_FROM

    pygame.font.init()
    area = pygame.Rect(30, 160, size[0] - 60, size[1] - 84 - 160)
    two = sheet_layout(area, kit.felt_middle(size), ["Ana", "Bot 1"], notes=0)
    assert all(row.height >= SHEET_FAN_FROM for row in two.rows), two.rows
    assert two.panel.height >= 0.75 * area.height, (two.panel, area)
    four = sheet_layout(area, kit.felt_middle(size), ["A", "B", "C", "D"], notes=0)
    assert all(row.height < SHEET_FAN_FROM for row in four.rows)


def test_a_fan_holds_its_cards_inside_its_area():
    """Ten Caterpillars close up to stay in their column; one card stands alone, centred."""
    from engine.tea_time.state import Card, Side
    from scenes.tables.tea_time.draw import draw_fan

    surface = pygame.Surface((300, 200), pygame.SRCALPHA)
    area = pygame.Rect(100, 50, 90, 100)
    for count in (1, 10):
        surface.fill((0, 0, 0, 0))
        draw_fan(surface, area, Card(CHARACTERS[0], Side.NORMAL), count)
        inked = surface.get_bounding_rect()
        assert area.contains(inked) and inked.height == area.height, (count, inked)
        if count == 1:
            assert abs(inked.centerx - area.centerx) <= 1
        else:
            assert inked.width >= area.width - 2  # spread across the column


# --- the UI scale (issue 22, "Fits the screen") -------------------------------------------------


def ink_rect(words: str, size: int, bold: bool, row: pygame.Rect) -> pygame.Rect:
    """Where the pixels of ``words`` fall when drawn centred on ``row`` (as the table does)."""
    image = kit.text(words, size, (255, 255, 255), bold)
    return image.get_bounding_rect().move(image.get_rect(center=row.center).topleft)


@pytest.mark.parametrize("size, scaled", EVERY_SCALE, indirect=["scaled"])
@pytest.mark.parametrize("players", PLAYERS)
def test_at_every_ui_scale_a_full_column_keeps_off_its_labels(size, scaled, players):
    """A play tester's find: a column of ten cards reached its count label, whose row kept
    its 100 % height while the text grew. Every text row grows with the scale; the ten cards
    end above the label's ink, and the two label lines keep apart."""
    lay = Layout(size, players, 0, kit.px(300))
    rects = lay.labelled_rects()
    assert overlaps(rects) == []
    for name, rect in rects.items():
        assert lay.board.contains(rect), (name, rect)
    for seat in range(players):
        header = lay.header(seat)
        name_ink = ink_rect("Йgy (you)", lay.header_font(seat), True, header)
        assert header.top - 1 <= name_ink.top and name_ink.bottom <= header.bottom + 1
        size_ = lay.label_font(seat)
        for index in range(len(CHARACTERS)):
            labels = lay.column_labels(seat, index)
            inks = [
                ink_rect(words, size_, bold, row)
                for row, (words, bold) in zip(
                    labels, [("10 cards", False), ("15 pts", True)][-len(labels) :], strict=True
                )
            ]
            last = lay.stack_card(seat, index, 9, 10)
            assert last.bottom < inks[0].top, (seat, index, last, inks[0])
            for upper, lower in zip(inks, inks[1:]):
                assert upper.bottom < lower.top
            assert lay.column(seat, index).bottom >= inks[-1].bottom


def test_the_score_sheet_says_that_alice_won_the_tie_with_the_players_name(monkeypatch):
    """Issue 42: the table never said that Alice's holder wins a tie; the score sheet does,
    naming the player, when Alice decides it."""
    from engine.tea_time.notation import parse_position
    from scenes.tables.tea_time import draw

    state = parse_position(
        "players=2 phase=over round=5 turn=6 active=- deck=- collections=P4/P2,R2,C4,A"
    )
    drawn: list[str] = []
    real = kit.blit_text

    def record(surface, text_, *args, **kwargs):
        drawn.append(text_)
        return real(surface, text_, *args, **kwargs)

    monkeypatch.setattr(kit, "blit_text", record)
    surface = pygame.Surface((1280, 800))
    draw.draw_score_sheet(
        surface, pygame.Rect(30, 120, 1220, 600), state, ["Ana", "Ben"], state.score_sheet()
    )
    assert "Ben holds Alice and wins the tie." in drawn
