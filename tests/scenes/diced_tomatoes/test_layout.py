"""The Diced Tomatoes table's layout, without a display (issue 19, finding 8): at 1280×800 and
1024×640 and with 1 to 6 players, no two labelled rects overlap, all lie on the board inside
their panels, the texts drawn in them fit, and the dice stay big enough to read."""

import pygame
import pytest

from engine.diced_tomatoes.state import TOKEN_NAMES
from scenes import kit
from scenes.table import chrome
from scenes.tables.diced_tomatoes.layout import (
    MIN_CELL,
    NAME_FONT,
    SCORE_FONT,
    Layout,
    worst_score_words,
)
from scenes.tables.diced_tomatoes.tips import BADGES
from tests.soak import WINDOW_SIZES

ALL_BADGES = tuple(BADGES.values())
LOOKS = [  # (karma cap, karma bits, badges): the standard game, and every variant on
    (6, False, ("Standard rules",)),
    (12, True, ALL_BADGES),
]


pytestmark = pytest.mark.usefixtures("fonts")  # tests/scenes/conftest.py


def overlaps(rects: dict) -> list:
    names = sorted(rects)
    return [
        (a, b)
        for i, a in enumerate(names)
        for b in names[i + 1 :]
        if rects[a].colliderect(rects[b])
    ]


@pytest.mark.parametrize("size", WINDOW_SIZES)
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("look", LOOKS)
def test_no_two_labelled_rects_overlap_and_all_lie_in_their_panels(size, players, look):
    cap, bits, badges = look
    for hand in (3, 6):
        lay = Layout(size, players, hand, cap, bits, badges)
        rects = lay.labelled_rects(passed=5)
        assert len(rects) >= 14 * players + 8
        assert overlaps(rects) == []
        for name, rect in rects.items():
            assert lay.board.contains(rect), (name, rect, lay.board)
            assert lay.area_of(name).contains(rect), (name, rect, lay.area_of(name))
            assert rect.width > 0 and rect.height > 0, name
        for i, a in enumerate(lay.areas):  # the panels themselves never meet
            assert not a.colliderect(lay.strip) and not a.colliderect(lay.info)
            assert all(not a.colliderect(b) for b in lay.areas[i + 1 :])
        assert lay.board.right <= size[0] - 300 - 8  # the buttons and log column stay free


@pytest.mark.parametrize("look", LOOKS)
def test_six_players_at_1024_keep_dice_of_36_pixels_and_karma_numbers(look):
    """Finding 8: with 6 players in the small window the vine dice stay at least 36 pixels
    and every karma cell is wide enough for its number."""
    cap, bits, badges = look
    lay = Layout((1024, 640), 6, 3, cap, bits, badges)
    assert lay.d >= 36
    assert lay.die_big >= 36
    assert lay.m.kc >= MIN_CELL
    for value in range(cap + 1):
        cell = lay.karma_cell(0, value)
        assert kit.font(max(9, lay.m.kc - 5)).size(str(value))[0] <= cell.width


@pytest.mark.parametrize("size", WINDOW_SIZES)
def test_three_players_use_the_table_without_an_empty_quadrant(size):
    """Finding 8: three players sit side by side across the whole table (no 2 × 2 grid with
    one cell empty) and their areas use most of its width."""
    lay = Layout(size, 3, 3, 6, False, ())
    assert (lay.cols, lay.rows) == (3, 1)
    assert len({a.y for a in lay.areas}) == 1
    used = lay.areas[-1].right - lay.areas[0].left
    assert used >= lay.region.width * 0.9


@pytest.mark.parametrize(
    "size, smallest_die", [((1280, 800), 60), ((1024, 640), 40)], ids=["1280", "1024"]
)
@pytest.mark.parametrize("look", LOOKS)
def test_four_players_areas_fill_the_table_with_bigger_dice(size, smallest_die, look):
    """Play-test: with 4 players at 1280×800 an empty band ran above and below the seats'
    areas (65 px each) while their dice were 55 px, held back by the karma track beside the
    vines (at 1024×640 the areas left a quarter of the width empty, dice 37 px). The track
    goes under the vines and the score slots ("across"): the 2 × 2 areas fill the region to
    within 20 px at top and bottom and 5 % of its width, and the dice grow."""
    cap, bits, badges = look
    lay = Layout(size, 4, 3, cap, bits, badges)
    assert (lay.cols, lay.rows) == (2, 2)
    top = min(area.top for area in lay.areas)
    bottom = max(area.bottom for area in lay.areas)
    assert top - lay.region.top <= 20 and lay.region.bottom - bottom <= 20, (top, bottom)
    left = min(area.left for area in lay.areas)
    right = max(area.right for area in lay.areas)
    assert right - left >= lay.region.width * 0.95
    assert lay.d >= smallest_die
    for seat in range(4):  # the track runs under the vines and the slots, inside the area
        track = lay.karma_track(seat)
        assert (
            track.top >= lay.vine_row(seat, 2).bottom and track.top >= lay.slot_rect(seat, 5).bottom
        )
        assert lay.areas[seat].contains(track)


@pytest.mark.parametrize("size", WINDOW_SIZES)
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_tokens_are_stacked_top_to_bottom_as_their_names_say(size, players):
    """The log and hints name the tomato tokens top / middle / bottom (engine TOKEN_NAMES):
    token 0 is drawn above token 1 above token 2, in one column."""
    assert TOKEN_NAMES == ("top", "middle", "bottom")
    lay = Layout(size, players)
    for seat in range(players):
        top, middle, bottom = (lay.token_rect(seat, t) for t in range(3))
        assert top.x == middle.x == bottom.x, (players, seat)
        assert top.bottom <= middle.top and middle.bottom <= bottom.top, (players, seat)


@pytest.mark.parametrize("size", WINDOW_SIZES)
@pytest.mark.parametrize("players", [2, 3, 6])
def test_texts_fit_their_rects(size, players):
    lay = Layout(size, players, 3, 12, True, ALL_BADGES)
    for seat in range(players):
        parts = lay.header_parts(seat)
        assert kit.font(SCORE_FONT, True).size(worst_score_words())[0] <= parts["score"].width
        # a bot's name fits at the smallest size the header uses, without an ellipsis
        assert (
            kit.fit_label("Bot 5 (Hard)", NAME_FONT, parts["name"].width, True, 11)[0]
            == "Bot 5 (Hard)"
        )
    assert lay.badge_texts == ALL_BADGES  # English fits whole
    for label, rect in zip(lay.badge_texts, lay.badge_rects(), strict=True):
        assert kit.font(lay.badge_size, True).size(label)[0] <= rect.width - 12
    assert lay.note_rect().width >= 60


@pytest.mark.parametrize("size", WINDOW_SIZES)
def test_a_sequence_is_drawn_in_a_row_and_a_set_as_a_stack(size):
    """Finding 5: a sequence's dice sit side by side in order of value; a set's dice pile up,
    each a little right of and above the one under it, inside the vine's row."""
    from engine.diced_tomatoes.notation import parse_position
    from scenes.tables.diced_tomatoes.draw import vine_places

    lay = Layout(size, 2)
    state = parse_position("players=2 vines=4r3r5r|2r2b2r2r|-/-|-|-")
    sequence = vine_places(lay, 0, 0, state.vines[0][0])
    assert [k for k, _ in sequence] == [1, 0, 2]  # 3, 4 (the seed), 5
    xs = [centre[0] for _, centre in sequence]
    assert xs == sorted(xs) and xs[1] - xs[0] >= lay.d
    stack = vine_places(lay, 0, 1, state.vines[0][1])
    assert [k for k, _ in stack] == [0, 1, 2, 3]  # the seed at the bottom
    steps = [b[1][0] - a[1][0] for a, b in zip(stack, stack[1:])]
    assert all(0 < step < lay.d / 2 for step in steps)  # overlapping: a pile
    assert [c[1] for _, c in stack] == sorted((c[1] for _, c in stack), reverse=True)
    for token, places in ((0, sequence), (1, stack)):
        row = lay.vine_row(0, token)
        for _, (x, y) in places:
            die = pygame.Rect(0, 0, lay.d, lay.d)
            die.center = (int(x), int(y))
            assert row.inflate(0, 2 * lay.m.vgap - 2).contains(die)  # never over the next vine


@pytest.mark.parametrize("rect", [pygame.Rect(40, 460, 944, 80), pygame.Rect(40, 470, 1200, 220)])
@pytest.mark.parametrize("players", [1, 2, 3, 6])
def test_the_score_sheets_tracks_fit_under_the_numbers(rect, players):
    """Six players' tracks under the score sheet at 1024×640 once overlapped; now the seats
    sit in columns so every die has room and stays readable."""
    from scenes.tables.diced_tomatoes.draw import summary_grid

    columns, rows, size, column_w = summary_grid(rect, players, 150)
    assert columns * rows >= players
    assert size >= 18
    assert rows * (size + 8) <= rect.height
    assert columns * column_w + (columns - 1) * 24 <= rect.width


class LongerWords:
    """A pretend language whose every message is 30 % longer (Russian runs about that much
    longer than English); placeholders are kept."""

    def gettext(self, message):
        return message + "ж" * -(-len(message) * 3 // 10)

    def ngettext(self, singular, plural, count):
        return self.gettext(singular if count == 1 else plural)


@pytest.fixture
def longer_words(monkeypatch):
    import translation

    monkeypatch.setattr(translation, "_translations", LongerWords())


@pytest.mark.parametrize("players", [2, 3, 6])
def test_thirty_percent_longer_words_still_fit_at_1024(longer_words, players):
    """The badges, the headers' scores and the buttons hold a language 30 % longer than
    English at 1024×640: nothing overlaps, a button's words are cut to fit it."""
    from engine.diced_tomatoes.notation import parse_position
    from scenes.tables.diced_tomatoes import input as table_input
    from scenes.tables.diced_tomatoes.draw import score_words
    from scenes.tables.diced_tomatoes.tips import badge_labels

    state = parse_position(f"players={players} options=gdouec")
    badges = badge_labels(state)
    lay = Layout((1024, 640), players, 3, 12, True, badges)
    assert overlaps(lay.labelled_rects(passed=5)) == []
    for label, rect in zip(lay.badge_texts, lay.badge_rects(), strict=True):
        assert lay.info.contains(rect)
        assert kit.font(lay.badge_size, True).size(label)[0] <= rect.width - 12
    for seat in range(players):
        words = score_words(state, seat)
        assert kit.font(SCORE_FONT, True).size(words)[0] <= lay.header_parts(seat)["score"].width
    rows = table_input.karma_rows(state, state.legal_actions(), table_input.Selection(), True)
    for row in rows:  # the column shows each karma label, or cuts its name: the cost stays
        rect = pygame.Rect(0, 0, 300, 34)
        small, widths, labels = chrome.row_labels(row.buttons, rect, 6, False)
        for button, label, width in zip(row.buttons, labels, widths, strict=True):
            cost = button.label[button.label.rindex(" (") :]
            assert label.replace("\n", " ") == button.label or label.endswith(cost)
            assert max(kit.button_needs(label.split("\n"), small)) <= width


def test_at_the_end_the_header_shows_the_final_total():
    """Play-test: the header said 26 pts at the end, the sheet 28 (karma left unspent)."""
    import random

    from engine import registry
    from engine.diced_tomatoes import rules
    from engine.match import Match, Seat
    from scenes.tables.diced_tomatoes.draw import score_words

    match = Match(registry.get("diced-tomatoes"), [Seat("human", "A"), Seat("human", "B")], {}, 3)
    rng = random.Random(3)
    while not match.is_terminal():
        if match.is_chance():
            match.resolve_chance()
        else:
            match.apply(rng.choice(match.legal_actions()))
    state = match.state
    for seat in range(2):
        total = rules.score_parts(state, seat)["total"]
        assert score_words(state, seat) == f"{total} pts"
        assert state.score_sheet()["rows"][seat][-1] == total


@pytest.mark.parametrize("d", [40, 55, 64])
def test_the_seeds_calyx_leaves_every_pip_in_sight(d):
    """A play-test: the seed's leaf crown sat on the die's top-left pip."""
    from types import SimpleNamespace

    import pygame

    from engine.diced_tomatoes.state import Die
    from scenes.tables.diced_tomatoes.draw import draw_vine_dice
    from sprites import diced_tomatoes_art as da

    centre = (100, 100)
    alone = pygame.Surface((200, 200))
    seeded = pygame.Surface((200, 200))
    rect = da.blit_die(alone, centre, d, "r", 6)
    lay = SimpleNamespace(m=SimpleNamespace(d=d))
    draw_vine_dice(seeded, lay, 0, 0, [Die("r", 6)], places=[(0, centre)])
    assert seeded.get_at((rect.x, rect.y)) != alone.get_at((rect.x, rect.y))  # the calyx is there
    step, radius = d * 0.26, max(2, int(d * 0.085)) - 1
    for dx, dy in ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)):
        x, y = int(rect.x + d / 2 + dx * step), int(rect.y + d / 2 + dy * step)
        around = range(-radius, radius + 1)
        pip = [(x + i, y + j) for i in around for j in around]
        assert [seeded.get_at(p) for p in pip] == [alone.get_at(p) for p in pip], (dx, dy)
