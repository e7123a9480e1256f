"""The Shifting Stones table's layout, without a display (issue 40.5): at 1024×640, 1280×800 and
1920×1080 and at every UI scale offered, with 1–5 players, the grid, the side panel and the hand
keep apart on the board, a full hand and a long scored strip stay in their places, and the
words under the hand's cards fit in every language."""

import pygame
import pytest

import translation
from scenes import kit
from scenes.tables.shifting_stones.draw import away_label
from scenes.tables.shifting_stones.layout import Layout
from tests.scenes.conftest import SCALED
from tests.soak import quick_first

SIZES = quick_first(
    [((1024, 640), 1.0), SCALED[-1], ((1280, 800), 1.0), ((1920, 1080), 1.0), *SCALED[:-1]], 2
)
"""The smallest window and the largest scale in the quick run, the rest in the long tests."""


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    kit.reset_caches()
    yield
    kit.reset_caches()


@pytest.mark.parametrize("size, scaled", SIZES, indirect=["scaled"])
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_the_parts_keep_apart_on_the_board(size, scaled, players):
    lay = Layout(size, players, players - 1, kit.px(300))
    board = lay.board
    for part in (lay.grid, lay.side, lay.hand_area):
        assert board.contains(part), part
    assert not lay.grid.colliderect(lay.side)
    assert not lay.grid.colliderect(lay.hand_area) and not lay.side.colliderect(lay.hand_area)
    assert lay.grid.width >= 300  # a large grid: every stone at least 100 px across
    rows = [lay.player_row(seat) for seat in range(players)]
    assert lay.seat_order()[0] == players - 1  # the viewer's row first
    for index, row in enumerate(rows):
        assert lay.side.contains(row) and not row.colliderect(lay.notice)
        assert all(not row.colliderect(other) for other in rows[index + 1 :])
    assert lay.side.contains(lay.info) and lay.side.contains(lay.notice)


@pytest.mark.parametrize("size, scaled", SIZES, indirect=["scaled"])
@pytest.mark.parametrize("players", [1, 2, 5])
def test_a_full_hand_and_strip_stay_in_place(size, scaled, players):
    lay = Layout(size, players, 0, kit.px(300))
    for count in (1, 4, 8, 12):
        cards = [lay.hand_card(index, count) for index in range(count)]
        assert all(lay.hand_area.contains(card) for card in cards)
        assert all(lay.hand_area.contains(lay.hand_status(index, count)) for index in range(count))
        assert lay.hand_index_at(cards[-1].center, count) == count - 1
    for seat in range(players):
        row, badge = lay.player_row(seat), lay.hand_badge(seat)
        assert row.contains(badge) and not lay.header(seat).colliderect(badge)
        for count in (1, 10, 16):
            for index in range(count):
                card = lay.scored_card(seat, index, count)
                assert row.contains(card) and not card.colliderect(badge), (seat, index, count)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_ten_scored_cards_lie_in_two_lines_each_three_quarters_in_sight(size):
    """Play-test: from about 8 scored cards one line overlapped them until their patterns could
    not be read. With two seats a second line, under the hand's badge too, holds them."""
    lay = Layout(size, 2, 0, kit.px(300))
    assert lay.scored_lines == 2
    for seat in range(2):
        cards = [lay.scored_card(seat, index, 10) for index in range(10)]
        assert len({card.y for card in cards}) == 2
        assert all(lay.player_row(seat).contains(card) for card in cards)
        assert not any(card.colliderect(lay.hand_badge(seat)) for card in cards)
        for card, after in zip(cards, cards[1:]):
            if after.y == card.y:
                assert after.x - card.x >= card.width * 3 / 4, (card, after)


@pytest.mark.parametrize("language", ["en", "ru", "es", "ja"])
def test_the_words_under_each_card_fit(language):
    """The line under a card shrinks down to 9 px at the least; at the smallest window every
    language's words fit at that size under a full hand of four."""
    translation.set_language(language)
    try:
        lay = Layout((1024, 640), 5, 0, kit.px(300))
        width = lay.hand_status(0, 4).width
        for away in (0, 1, 2, 3, None):
            assert kit.text_size(away_label(away), 9, True)[0] <= width, (language, away)
    finally:
        translation.set_language("en")


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_every_cards_pattern_sits_on_the_cells_of_its_frame(size):
    """A play-tester's find: two-row and two-column patterns were centred half a cell off
    the faint 3 × 3 cells behind them. Each of the 72 cards' squares now covers one cell."""
    from engine.shifting_stones.data import CARDS
    from scenes.tables.shifting_stones.draw import card_layout

    lay = Layout(size, 2, 0)
    rect = lay.hand_card(0, 4)
    assert len(CARDS) == 72
    for card in CARDS:
        frame, spots, _badge, _cell = card_layout(rect, card)
        assert len(frame) == 9, card
        assert all(spot in frame for spot, _face in spots), card
        assert all(rect.contains(cell) for cell in frame), card


def test_a_small_card_says_its_points_above_its_pattern():
    """A play-test: the scored cards beside a name at 5 players on 1024×640 (24 × 34 px) drew
    their patterns only, so a row's cards could not be told apart by their points. A band at
    the top holds the points; the pattern lies under it."""
    from engine.shifting_stones.data import CARDS
    from scenes.tables.shifting_stones.draw import card_layout

    rect = pygame.Rect(10, 20, 24, 34)
    for card in CARDS:
        frame, spots, band, _cell = card_layout(rect, card)
        assert frame == [] and band >= 9, card
        assert all(rect.contains(spot) and spot.top >= rect.top + band for spot, _ in spots), card


@pytest.mark.parametrize("scaled", [1.0, 2.0], indirect=True)
def test_a_cards_points_are_no_larger_than_their_disc(scaled, monkeypatch):
    """At 200 % a hand card's points overflowed their disc (the size given was taken for
    pixels, then scaled): the text's size in pixels is at most the disc's diameter, or on a
    small card the band's height."""
    from scenes.tables.shifting_stones import draw

    sizes: list = []
    real = kit.blit_text

    def spy(surface, content, size, *args, **kwargs):
        sizes.append((content, size))
        return real(surface, content, size, *args, **kwargs)

    monkeypatch.setattr(kit, "blit_text", spy)
    surface = pygame.Surface((400, 400))
    for rect in (pygame.Rect(0, 0, 140, 196), pygame.Rect(0, 0, 36, 51), pygame.Rect(0, 0, 24, 34)):
        sizes.clear()
        draw.draw_card(surface, rect, 20)  # a 5-point card
        _frame, _spots, badge, _cell = draw.card_layout(rect, 20)
        assert [content for content, _size in sizes] == ["5"], rect
        assert round(sizes[0][1] * kit.ui_scale()) <= badge, (rect, sizes, badge)
