"""The Potion Explosion table's layout, without a display (issue 17, "Nothing overlaps or is cut
off"): at 1280×800 and 1024×640 and with 2 to 6 players, no two labelled rects overlap, all lie
on the board, and the texts drawn in them fit at the sizes the drawing uses."""

import pygame
import pytest

import translation
from engine.potion_explosion.data import NUM_TRACKS, TRACK_LENGTH, TYPE_CODES
from scenes import kit
from scenes.tables.potion_explosion.draw import View, stacks_label
from scenes.tables.potion_explosion.layout import (
    CAPTION_FONT,
    HEADER_FONT,
    MINI_FONT,
    PILE_FONT,
    Layout,
    pile_lines,
    worst_score,
)
from sprites.potion_explosion_art import short_name
from tests.engine.potion_explosion.helpers import pos
from tests.scenes.conftest import EVERY_SCALE
from tests.soak import WINDOW_SIZES

PLAYERS = [2, 3, 4, 5, 6]


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
        rects = lay.labelled_rects(completed=12)
        assert len(rects) > 30
        assert overlaps(rects) == []
        for name, rect in rects.items():
            assert lay.board.contains(rect), (name, rect, lay.board)
            assert rect.width > 0 and rect.height > 0, name
        # the board leaves the buttons and the log column free
        assert lay.board.right <= size[0] - 300 - 8


@pytest.mark.parametrize("size", WINDOW_SIZES)
@pytest.mark.parametrize("players", PLAYERS)
def test_the_viewers_desk_is_the_big_one_and_every_other_seat_has_a_box(size, players):
    lay = Layout(size, players, viewer=1)
    assert sorted(lay.boxes) == [seat for seat in range(players) if seat != 1]
    assert lay.others == [(1 + k) % players for k in range(1, players)]
    for seat in lay.others:
        chip = lay.chip(seat, 0)
        assert lay.boxes[seat].height >= 78 and chip.height >= 16
        # a 7-hole potion's holes in a row, each at least 11 pixels apart: readable
        assert min(chip.height - 2, (chip.width - chip.height - 6) / 7) >= 11
    assert lay.card(0).height >= 110 and lay.d >= 36


@pytest.fixture
def language(request):
    """Run the test in ``request.param`` (one of translation.LANGUAGES), English again after."""
    translation.set_language(request.param)
    kit.reset_caches()
    yield request.param
    translation.set_language("en")
    kit.reset_caches()


@pytest.mark.parametrize("language", translation.LANGUAGES, indirect=True)
@pytest.mark.parametrize("size", WINDOW_SIZES)
@pytest.mark.parametrize("players", [2, 6])
def test_texts_fit_their_rects(size, players, language):
    """In every language (issue 23): the pile, the scores, the potions' names and the stacks'
    title fit their rects at 1024×640."""
    lay = Layout(size, players, 0)
    lines, widest_score = pile_lines(), worst_score()
    for rect in lay.pile_lines():
        assert max(kit.font(PILE_FONT, True).size(line)[0] for line in lines) <= rect.width
    parts = lay.header_parts(lay.header(), HEADER_FONT)
    assert kit.font(HEADER_FONT, True).size(widest_score)[0] <= parts["score"].width
    assert parts["name"].width >= 100
    for seat in lay.others:
        parts = lay.header_parts(lay.mini_header(seat), MINI_FONT)
        assert kit.font(MINI_FONT, True).size(widest_score)[0] <= parts["score"].width
        assert parts["name"].width >= 40  # even beside both kinds of tokens
    # a potion's name under its tile is never cut ("Magneti…"): at worst it shrinks a little
    for code in TYPE_CODES:
        assert kit.fit_label(short_name(code), CAPTION_FONT, lay.caption(0).width, min_size=9)[
            0
        ] == short_name(code)
    # the stacks panel's title, in every state it takes
    states = [pos("phase=end"), pos("phase=tiebreak"), pos("end=1")]
    for state, chosen in zip(states, ({0}, set(), set())):
        label, _colour = stacks_label(state, View(stacks=frozenset(chosen)))
        text, size_ = kit.fit_label(label, 13, lay.stacks_label().width, bold=True)
        assert text == label and size_ >= 10, (label, size_)


@pytest.mark.parametrize("size", WINDOW_SIZES)
def test_completed_potions_never_overlap_however_many(size):
    lay = Layout(size, 6, 0)
    for count in range(1, 17):
        tiles = [lay.completed_rect(i, count) for i in range(count)]
        assert all(lay.completed_row().contains(t) for t in tiles)
        assert all(not a.colliderect(b) for i, a in enumerate(tiles) for b in tiles[i + 1 :])
        for seat in lay.others:
            small = [lay.mini_completed(seat, i, count) for i in range(count)]
            if small[0] is None:  # too many to see: the desk says how many
                assert count >= 6 and all(tile is None for tile in small)
                continue
            area = lay.mini_completed_area(seat)
            assert all(area.contains(t) for t in small), (count, small, area)
            assert all(not a.colliderect(b) for i, a in enumerate(small) for b in small[i + 1 :])


@pytest.mark.parametrize("size", WINDOW_SIZES)
def test_marbles_sit_in_the_tracks_without_touching(size):
    lay = Layout(size, 4, 0)
    tracks = lay.tracks_rect()
    rects = [lay.marble_rect(t, q) for t in range(NUM_TRACKS) for q in range(TRACK_LENGTH)]
    assert all(tracks.contains(r) for r in rects)
    assert not lay.tank.colliderect(tracks)
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    for t in range(NUM_TRACKS):
        label = pygame.Rect(0, 0, 10, 14)
        label.midtop = tuple(int(v) for v in lay.track_label(t))
        assert tracks.contains(label)


def test_a_drawn_tile_flies_as_a_card_not_a_stretched_capsule():
    """A tile flying to an opponent's flat chip keeps the card's shape (width/height) all the
    way and ends inside the chip."""
    from scenes.tables.potion_explosion.animate import card_between

    lay = Layout((1280, 800), 3, 0)
    start, end = lay.stack_card(0), lay.slot_rect(1, 0)
    assert end.width > 3 * end.height  # the chip is flat
    ratio = start.width / start.height
    for step in range(11):
        rect = card_between(start, end, step / 10, 40)
        assert abs(rect.width / rect.height - ratio) < 0.1, step
    final = card_between(start, end, 1.0, 40)
    assert final.height <= end.height and end.contains(final)


@pytest.mark.parametrize("size", WINDOW_SIZES)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_an_opponents_last_turn_strip_has_readable_marbles(size, players):
    """The strip under a compact desk draws its marbles strip height - 4 px wide: at least
    14 px (they were 10 px, too small to tell the colours apart)."""
    lay = Layout(size, players, 0)
    assert all(lay.last_turn_strip(seat).height - 4 >= 14 for seat in lay.others)


# --- the UI scale (issue 22, "Fits the screen") -------------------------------------------------


def ink_rect(words: str, size: int, row: pygame.Rect) -> pygame.Rect:
    """Where the pixels of ``words`` (bold, ``size``) fall when drawn centred on ``row``."""
    image = kit.text(words, size, (255, 255, 255), True)
    return image.get_bounding_rect().move(image.get_rect(midleft=row.midleft).topleft)


@pytest.mark.parametrize("size, scaled", EVERY_SCALE, indirect=["scaled"])
@pytest.mark.parametrize("players", [2, 6])
def test_at_every_ui_scale_the_pool_and_hand_labels_sit_above_their_marbles(size, scaled, players):
    """A play tester's find: at 125-150 % the pool's label ran into its marbles (the label's
    row kept its 100 % height while its text grew); the skill tokens' lines were squeezed."""
    lay = Layout(size, players, 0, kit.px(300))
    rects = lay.labelled_rects(completed=12)
    assert overlaps(rects) == []
    for name, rect in rects.items():
        assert lay.board.contains(rect), (name, rect)
    pool = lay.pool_zone()
    label = ink_rect("Pool Йg", 12, lay.zone_label(pool))
    first_marble_top = lay.pool_point(0)[1] - lay.md / 2
    assert pool.top < label.top and label.bottom <= first_marble_top + 1
    assert lay.pool_point(0)[1] + lay.md / 2 <= pool.bottom - 2
    hand = lay.hand_zone()
    label = ink_rect("Hand · 9 Йg", 12, lay.zone_label(hand))
    assert label.bottom <= lay.hand_group(0).top + 1
    assert lay.hand_group(3).bottom <= hand.bottom
    lines = lay.pile_lines()
    for upper, lower in zip(lines, lines[1:]):  # the pile's lines never overlap
        assert ink_rect("Йg 8", PILE_FONT, upper).bottom <= ink_rect("Йg 8", PILE_FONT, lower).top
    assert lines[0].height == kit.px(16)
    header = lay.header()
    assert ink_rect("Йg 188", HEADER_FONT, header).bottom <= lay.card(0).top
    for seat in lay.others:  # a compact desk's name keeps off its brewing potion
        name = ink_rect("Йg (Medium)", MINI_FONT, lay.mini_header(seat))
        assert name.bottom <= lay.chip(seat, 0).top


@pytest.mark.long
def test_each_seats_last_turn_read_from_the_end_is_the_one_read_from_the_start():
    """The strip under a desk shows the seat's latest turn: its marbles taken and exploded, and
    the potions it completed. At every step of a game the quick reading (from the end) equals a
    plain reading of every event from the first."""
    from engine import registry
    from engine.bots import make_bot
    from engine.core import TurnStarted
    from engine.match import Match, Seat
    from engine.potion_explosion.events import Exploded, MarbleTaken, PoolStolen, PotionCompleted
    from scenes.tables.potion_explosion.last_turn import LastTurn, last_turns

    def read_from_the_start(events, players):
        turns, current = {}, None
        for _index, event in events:
            if isinstance(event, TurnStarted):
                current = event.player
                turns[current] = LastTurn()
            elif current is None:
                continue
            elif isinstance(event, MarbleTaken):
                turns[current].colours.append(event.colour)
            elif isinstance(event, Exploded):
                turns[current].colours += [event.colour] * len(event.positions)
            elif isinstance(event, PoolStolen):
                turns[current].colours += list(event.colours)
            elif isinstance(event, PotionCompleted):
                turns[current].completed.append(event.tile)
        return {seat: turn for seat, turn in turns.items() if seat < players}

    seats = [Seat("bot", f"Bot {n}", "easy") for n in range(3)]
    match = Match(registry.get("potion-explosion"), seats, seed=4)
    completed = 0
    while not match.is_terminal() and len(match.history) < 400:
        if match.is_chance():
            match.advance_chance()
        else:
            match.play_bot_turn_now(make_bot)
        expected = read_from_the_start(match.events, 3)
        assert last_turns(match.events, 3) == expected
        completed = max(completed, *(len(turn.completed) for turn in expected.values()), 0)
    assert completed >= 1  # the game reached turns that completed potions


@pytest.mark.parametrize("language", translation.LANGUAGES, indirect=True)
@pytest.mark.parametrize("size", WINDOW_SIZES)
def test_no_marble_of_a_full_tank_lies_under_its_label(size, language, monkeypatch):
    """A play tester's find: at 1024×640 in Japanese "タンク・29" covered the top of the heap.
    The heap leaves the label's corner free, in every language and at both sizes."""
    from scenes.tables.potion_explosion import draw

    drawn = []
    monkeypatch.setattr(
        draw.pa,
        "blit_marble",
        lambda _surface, centre, size_, *_rest: drawn.append((centre, size_)),
    )
    panels = []
    real_panel = kit.draw_panel
    monkeypatch.setattr(
        draw.kit,
        "draw_panel",
        lambda surface, rect, *rest, **kw: (
            panels.append(pygame.Rect(rect)),
            real_panel(surface, rect, *rest, **kw),
        ),
    )
    lay = Layout(size, 2, 0)
    state = pos("tank=R8B8Y7K6")  # 29 marbles, as the tester saw
    draw.draw_tank(pygame.Surface(size), lay, state, View())
    label = panels[-1]
    assert drawn and lay.tank.contains(label)
    for (x, y), marble in drawn:
        half = marble // 2
        assert not label.colliderect(pygame.Rect(x - half, y - half, marble, marble))


def test_an_empty_pool_slot_is_drawn_unlike_a_black_marble():
    """Play-test: empty pool slots were dark discs that read as black marbles. An empty slot is
    a hole with a rim, far from a black marble's shading."""
    from scenes.tables.potion_explosion import draw

    state = pos("n=2 turn=p p0=WIS4:,-/K/-/-/0.0.-.0.0.0")
    lay = Layout((1280, 800), 2, 0)
    surface = pygame.Surface((1280, 800))
    draw.draw_pool(surface, lay, state.desks[0], 0, View())
    black = surface.get_at([int(v) for v in lay.pool_point(0)])[:3]
    empty = surface.get_at([int(v) for v in lay.pool_point(1)])[:3]
    assert tuple(empty) == draw.EMPTY_SLOT
    assert abs(sum(black) - sum(draw.EMPTY_SLOT)) > 60  # a black marble is no hole
    x, y = (int(v) for v in lay.pool_point(1))
    assert tuple(surface.get_at((x + lay.md // 2 + 1, y))[:3]) == draw.EMPTY_RIM


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_a_drinkable_potions_label_fits_beside_its_small_tile_in_every_language(fonts, size):
    """Play-test (Spanish, 1024 × 640): "Beber" on a completed potion was 8 pixels tall, and
    Russian's "Выпить" did not fit at all. While the row has room the tiles stand apart and
    the label takes the gap too: at least 10 pixels in every language."""
    lay = Layout(size, 3, 0)
    for count in (1, 4, 6):
        rect = lay.completed_rect(0, count)
        room = rect.width + lay.completed_gap(count) - 6
        assert lay.completed_rect(count - 1, count).right <= lay.completed_row().right
        for language in ("en", "es", "ru", "ja"):
            translation.set_language(language)
            try:
                word = translation._("Drink")
                assert kit.text_size(word, 10, True)[0] <= room, (language, count, room)
            finally:
                translation.set_language("en")
