"""The Shifting Stones table's layout, without a display (issue 40.5): at 1024×640, 1280×800 and
1920×1080 and at every UI scale offered, with 1–5 players, the grid, the side panel and the hand
keep apart on the board, a full hand stays in its place, the scored cards stay whole or in
stacks of their value, and the words under the hand's cards fit in every language."""

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
def test_a_full_hand_and_the_hand_badge_stay_in_place(size, scaled, players):
    lay = Layout(size, players, 0, kit.px(300))
    for count in (1, 4, 8, 12):
        cards = [lay.hand_card(index, count) for index in range(count)]
        assert all(lay.hand_area.contains(card) for card in cards)
        assert all(lay.hand_area.contains(lay.hand_status(index, count)) for index in range(count))
        assert lay.hand_index_at(cards[-1].center, count) == count - 1
    for seat in range(players):
        row, badge = lay.player_row(seat), lay.hand_badge(seat)
        assert row.contains(badge) and not lay.header(seat).colliderect(badge)


def mixed_points(count: int) -> list[int]:
    """The points of ``count`` scored cards, every value among them from 4 cards on."""
    return [(1, 2, 1, 3, 5, 1, 2)[index % 7] for index in range(count)]


@pytest.mark.parametrize("size, scaled", SIZES, indirect=["scaled"])
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_scored_cards_never_overlap_and_each_shows_its_points(size, scaled, players):
    """A play-test: from about 8 scored cards a row overlapped them into slivers nobody could
    read or count. At every count a game reaches (16 at most: 10 of a 2-player game and a
    6-card turn) each card lies whole and face up, its points in its corner, or is counted in
    the stack of its value; nothing overlaps, and every stack is wide enough for its points
    and its count."""
    lay = Layout(size, players, 0, kit.px(300))
    for seat in range(players):
        row, badge, header = lay.player_row(seat), lay.hand_badge(seat), lay.header(seat)
        for count in range(1, 17):
            points = mixed_points(count)
            spots = lay.scored_spots(seat, points)
            shown = sorted(index for spot in spots for index in spot.indices)
            assert shown == list(range(count)), (seat, count)
            for number, spot in enumerate(spots):
                assert row.contains(spot.rect), (seat, count, spot)
                assert not spot.rect.colliderect(badge) and not spot.rect.colliderect(header)
                assert not any(spot.rect.colliderect(other.rect) for other in spots[number + 1 :])
                if spot.points is None:  # one card, face up, whole
                    assert len(spot.indices) == 1 and spot.rect.size == (lay.mini_w, lay.mini_h)
                else:
                    assert {points[index] for index in spot.indices} == {spot.points}
                    assert spot.rect.width >= kit.px(30), (count, spot)
            stacks = [spot.points for spot in spots if spot.points is not None]
            assert stacks in ([], sorted(set(points))), (count, stacks)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_twelve_scored_cards_are_four_stacks_with_their_counts(size, players):
    """The play-tester's position: 8 to 12 cards beside an opponent's name. Each value scored
    is one stack, 1 before 2, 3 and 5, as wide as a card at the least (the overlapped cards
    showed 10 px of each), in one line or split evenly over two."""
    lay = Layout(size, players, 0, kit.px(300))
    points = [1, 1, 2, 5, 1, 3, 1, 2, 1, 1, 3, 2]
    spots = lay.scored_spots(1, points)
    assert [spot.points for spot in spots] == [1, 2, 3, 5]
    assert [len(spot.indices) for spot in spots] == [6, 3, 2, 1]
    assert spots[0].indices == (0, 1, 4, 6, 8, 9)  # in the order scored
    assert all(spot.rect.width >= 30 for spot in spots)
    lines = [spot.rect.y for spot in spots]
    assert lines == sorted(lines) and lines.count(lines[0]) in (4, 2), lines


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_cards_that_fit_lie_face_up_in_two_lines_and_the_next_makes_stacks(size):
    """With two seats a second line, under the hand's badge too, holds the cards face up, as
    many as fit whole; one more and they are stacks."""
    lay = Layout(size, 2, 0, kit.px(300))
    assert lay.scored_lines == 2
    lines = lay.scored_lines_of(0)
    fit = sum((line.width + 3) // (lay.mini_w + 3) for line in lines)
    assert fit >= 8
    cards = lay.scored_spots(0, [1] * fit)
    assert all(spot.points is None for spot in cards)
    assert len({spot.rect.y for spot in cards}) == 2
    stacks = lay.scored_spots(0, [1] * (fit + 1))
    assert [(spot.points, len(spot.indices)) for spot in stacks] == [(1, fit + 1)]


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_every_row_turns_to_stacks_when_one_must(size):
    """A play-test: one seat's scored cards in stacks beside another's face up read as two
    different things. While one seat's cards no longer fit face up, every seat's lie in
    stacks, however few; while all fit, they lie face up."""
    lay = Layout(size, 3, 0, kit.px(300))
    fit = sum((line.width + 3) // (lay.mini_w + 3) for line in lay.scored_lines_of(1))
    few = [1, 3, 1]
    assert all(spot.points is None for spot in lay.scored_spots(2, few, most=fit))
    stacks = lay.scored_spots(2, few, most=fit + 1)
    assert [(spot.points, spot.indices) for spot in stacks] == [(1, (0, 2)), (3, (1,))]
    assert lay.scored_spots(0, [], most=fit + 1) == []


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


def test_the_score_screens_rows_of_cards_show_a_long_name_whole(monkeypatch):
    """Play-test: under the Japanese score sheet 「ボット1（むずかしい）」 read "ボット1（むずか…":
    the names' column is as wide as the longest name needs."""
    from engine import registry
    from engine.match import Match, Seat
    from scenes.tables.shifting_stones import draw

    names = ["ボット1（むずかしい）", "Bo"]
    match = Match(registry.get("shifting-stones"), [Seat("human", n) for n in names], seed=1)
    drawn = []
    monkeypatch.setattr(kit, "blit_text", lambda _s, text, *args, **kw: drawn.append(text))
    monkeypatch.setattr(draw, "draw_card", lambda *args, **kw: None)
    draw.draw_scored_summary(
        pygame.Surface((1024, 200)), pygame.Rect(80, 0, 860, 180), match.state, names
    )
    assert drawn == names


def test_the_score_screens_scored_cards_take_two_columns_when_one_leaves_them_small(
    fonts, monkeypatch
):
    """Play-test: under a four-player score sheet at 1024 × 640 the scored cards were 28
    pixels tall, their stones unreadable. The players go in two columns when that shows the
    cards larger; three players with room to spare stay in one."""
    from engine import registry
    from engine.match import Match, Seat
    from scenes.tables.shifting_stones import draw

    names = ["Ana", "Bot 1", "Bot 2", "Bot 3"]
    match = Match(registry.get("shifting-stones"), [Seat("human", n) for n in names], seed=1)
    match.state.scored = [[1, 2, 3, 4], [], [5, 6, 7, 8, 9, 10, 11, 12], [13, 14, 15, 16, 17]]
    cards = []
    monkeypatch.setattr(draw, "draw_card", lambda _s, rect, card: cards.append((card, rect)))
    draw.draw_scored_summary(
        pygame.Surface((1024, 640)), pygame.Rect(40, 400, 944, 150), match.state, names
    )
    assert len(cards) == 17
    heights = {rect.height for _card, rect in cards}
    assert heights == {67}  # 150 / 2 rows, less the margins: not 150 / 4
    lefts = sorted({rect.x for card, rect in cards if card in (1, 5)})
    assert lefts[0] < 40 + 944 // 2 <= lefts[1]  # Ana's and Bot 2's rows side by side
    three = Match(registry.get("shifting-stones"), [Seat("human", n) for n in names[:3]], seed=1)
    three.state.scored = [[1, 2], [3], [4]]
    cards.clear()
    draw.draw_scored_summary(
        pygame.Surface((1280, 800)), pygame.Rect(40, 380, 1200, 330), three.state, names[:3]
    )
    assert {rect.x for card, rect in cards if card in (1, 3, 4)} == {cards[0][1].x}  # one column


def test_the_score_screens_card_under_the_pointer_is_drawn_large(fonts, monkeypatch):
    """Play-test: the scored cards under a three-player sheet at 1024 × 640 were too small to
    read, and hovering did nothing. The card under the pointer is drawn large beside it, the
    card on top where two overlap."""
    from scenes.tables.shifting_stones import draw

    drawn = []
    monkeypatch.setattr(draw, "draw_card", lambda _s, rect, card, **kw: drawn.append((rect, card)))
    cards = [(pygame.Rect(100, 400, 36, 52), 5), (pygame.Rect(120, 400, 36, 52), 9)]
    screen = pygame.Surface((1024, 640))
    draw.draw_zoomed_card(screen, cards, (130, 420))  # over both: the later one is on top
    assert len(drawn) == 1 and drawn[0][1] == 9
    big = drawn[0][0]
    assert big.height >= 120 and big.bottom <= 400 and screen.get_rect().contains(big)
    drawn.clear()
    draw.draw_zoomed_card(screen, cards, (600, 300))
    assert drawn == []


def test_the_score_screens_rows_of_cards_stand_in_columns(fonts, monkeypatch):
    """Play-test: under a Japanese score sheet at 1024 × 640 a row of 11 scored cards touched
    while the row of 10 under it stood apart. Every row steps as the longest does."""
    from engine import registry
    from engine.match import Match, Seat
    from scenes.tables.shifting_stones import draw

    names = ["Ana", "Bob"]
    match = Match(registry.get("shifting-stones"), [Seat("human", n) for n in names], seed=1)
    match.state.scored = [list(range(1, 12)), list(range(12, 22))]
    cards = []
    monkeypatch.setattr(draw, "draw_card", lambda _s, rect, card: cards.append((card, rect)))
    draw.draw_scored_summary(
        pygame.Surface((1024, 640)), pygame.Rect(40, 320, 700, 220), match.state, names
    )
    first = [rect.x for card, rect in cards if card <= 11]
    second = [rect.x for card, rect in cards if card > 11]
    assert first[:10] == second
    assert first[1] - first[0] < cards[0][1].width + 4  # the long row overlaps: a real squeeze
