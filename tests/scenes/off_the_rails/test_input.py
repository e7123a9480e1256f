"""Clicks, keys and the wheel on the Off the Rails table → intents, without a display (issue 18).

Positions are built with the engine tests' helpers; the legal actions are the engine's; targets
come from a real :class:`Layout`, so a click lands where a player's would."""

from dataclasses import replace

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.off_the_rails import board as B
from engine.off_the_rails import state as S
from engine.off_the_rails.tasks import tasks_from_lists
from engine.off_the_rails.words import tile_words
from scenes import kit
from scenes.tables.off_the_rails import input as table_input
from scenes.tables.off_the_rails.input import (
    Act,
    Confirm,
    Refuse,
    Say,
    Select,
    Selection,
    choose_tool,
    click,
    end_actions,
    forced_choice,
    ghost,
    hint_how,
    hint_selection,
    key_press,
    wheel,
)
from scenes.tables.off_the_rails.layout import Layout
from scenes.tables.off_the_rails.marks import board_marks
from scenes.tables.off_the_rails.paths import Choice, path_tags, preview_paths
from scenes.tables.off_the_rails.prompts import prompt, prompt_boxes
from scenes.tables.off_the_rails.tips import targets
from tests.engine.off_the_rails.helpers import blank, lay, put_cart, put_gems
from tests.soak import WINDOW_SIZES

NONE = Selection()
NAMES = ("Ana", "Ben")


pytestmark = pytest.mark.usefixtures("fonts")  # tests/scenes/conftest.py


def layout(state, size=(1280, 800)) -> Layout:
    players = state.num_players
    return Layout(size, players, 0 if players == 1 else players + 1)


def found(state, key, selection=NONE, size=(1280, 800)):
    """The target ``key`` as the scene would build it, checked by hit-testing its centre."""
    legal = state.legal_actions()
    ask = prompt(state, legal, NAMES)
    every = targets(layout(state, size), state, legal, selection, ask, NAMES)
    target = [t for t in every if t.key == key]
    assert target, key
    hit = kit.hit_test(every, target[0].bounds.center)
    assert hit is not None and hit.key == key
    return hit


def at(state, key, selection=NONE, size=(1280, 800)):
    """The intent of a click at the centre of target ``key``."""
    hit = found(state, key, selection, size)
    legal = state.legal_actions()
    return click(hit.key, state, legal, selection, prompt(state, legal, NAMES))


def tool(state, name, selection=NONE) -> Selection:
    intent = choose_tool(name, state, state.legal_actions(), selection)
    assert isinstance(intent, Select) and intent.selection.tool == name
    return intent.selection


# --- the action phase ---------------------------------------------------------------------------
def test_a_tile_tool_lays_the_shape_shown_and_the_engine_refuses_the_rest():
    s = blank()
    curve = tool(s, "curve")
    assert at(s, ("square", 5, 2), curve) == Act(S.PlaceTile(5, 2, "NE"))
    turned = curve.turned(1)
    assert at(s, ("square", 5, 2), turned) == Act(S.PlaceTile(5, 2, "ES"))
    assert at(s, ("square", 4, 4), curve) == Refuse("No track may be placed on a mine centre.")
    lay(s, {(5, 2): "NS"})
    assert at(s, ("square", 5, 2), curve) == Refuse(
        "That square already holds a tile; you may upgrade it instead."
    )
    assert at(s, ("square", -1, 3), curve) == Refuse(
        "Track goes only on the underground grid, never on the surface."
    )


def test_picking_a_tool_again_keeps_the_rotation_the_player_chose():
    """Issue 18, finding 1: each tool keeps its own rotation, also after putting it down."""
    s = blank()
    curve = tool(s, "curve")
    turned = key_press(pygame.K_r, 0, s, s.legal_actions(), curve).selection
    turned = wheel(1, turned).selection
    assert ghost(s, turned, (5, 2))[0] == "SW"
    straight = tool(s, "straight", turned)
    assert ghost(s, straight, (5, 2))[0] == "NS"
    again = tool(s, "curve", straight)
    assert ghost(s, again, (5, 2))[0] == "SW"
    down = choose_tool("curve", s, s.legal_actions(), again)
    assert down == Select(Selection(None, again.turns, None))
    assert ghost(s, tool(s, "curve", down.selection), (5, 2))[0] == "SW"
    back = key_press(pygame.K_r, pygame.KMOD_SHIFT, s, s.legal_actions(), again).selection
    assert ghost(s, back, (5, 2))[0] == "ES"


def test_an_upgrade_is_the_t_junction_shown_and_r_shows_the_other():
    s = blank()
    lay(s, {(5, 2): "NS"})
    upgrade = tool(s, "upgrade")
    shapes = {ghost(s, upgrade, (5, 2))[0], ghost(s, upgrade.turned(1), (5, 2))[0]}
    assert shapes == {"NES", "NSW"}
    intent = at(s, ("square", 5, 2), upgrade)
    assert intent == Act(S.UpgradeTile(5, 2, ghost(s, upgrade, (5, 2))[0]))
    assert isinstance(at(s, ("square", 6, 2), upgrade), Refuse)


def test_the_upgrade_tool_starts_in_the_t_junction_that_carries_on_the_track_next_to_it():
    """Play-test: the straight and the curve start in the shape that joins the track or a
    cart's line, but Upgrade showed whichever T-junction it was last turned to. Over a tile,
    it shows the engine's best upgrade whose new exit joins (``joining_upgrades``: the cart's
    line first); R turns it from there and it stays turned on that square; a tile where no
    new exit joins keeps the rotation the player left; a hinted upgrade stays the hint's."""
    s = blank()
    lay(s, {(1, 3): "NS", (2, 3): "EW", (6, 9): "NS", (9, 9): "NS", (2, 4): "NS"})
    put_cart(s, 0, (1, 3), "S")
    upgrade = tool(s, "upgrade")
    assert [a.exits for a in s.upgrades_at(2, 3)] == ["ESW", "NEW"]
    assert ghost(s, upgrade, (2, 3))[0] == "NEW"  # open north, where the cart comes from
    assert at(s, ("square", 2, 3), upgrade) == Act(S.UpgradeTile(2, 3, "NEW"))
    assert ghost(s, upgrade, (2, 4))[0] == "NSW"  # open west, to the tile next to it
    far = wheel(1, upgrade, s, (6, 9)).selection  # nothing joins there: turned as it was
    assert ghost(s, far, (6, 9))[0] == "NSW"
    assert ghost(s, far, (9, 9))[0] == "NSW"  # the rotation kept from last time
    assert ghost(s, far, (2, 3))[0] == "NEW"  # the cart's line wins over it
    turned = key_press(pygame.K_r, 0, s, s.legal_actions(), far, hover=(2, 3)).selection
    assert ghost(s, turned, (2, 3))[0] == "ESW"  # turned on the square: the player's choice
    assert ghost(s, wheel(1, turned, s, (2, 3)).selection, (2, 3))[0] == "NEW"
    assert table_input.status(s, s.legal_actions(), upgrade, NAMES, (2, 3)) == (
        "click to upgrade D3 to a T-junction open north, east and west (R or the wheel "
        "turns it) · 4 actions left"
    )
    hinted = hint_selection(s, S.UpgradeTile(2, 3, "ESW"), NONE)  # the hint's, not the line's
    assert at(s, ("square", 2, 3), hinted) == Act(S.UpgradeTile(2, 3, "ESW"))


def test_a_cart_goes_on_a_glowing_square_of_the_players_edge():
    s = blank()
    cart = tool(s, "cart")
    assert found(s, ("square", -1, 4), cart).active
    assert at(s, ("square", -1, 4), cart) == Act(S.PlaceCart(0, -1, 4))
    assert at(s, ("square", 12, 4), cart) == Refuse(
        "A cart starts on a square of your own surface edge."
    )


def test_clicking_your_cart_chooses_it_for_the_speed_buttons():
    s = blank()
    put_cart(s, 0, (2, 5), "S")
    put_cart(s, 1, (6, 1), "S")
    intent = at(s, ("square", 6, 1))
    assert isinstance(intent, Select) and intent.selection.cart == 1
    chosen = intent.selection
    plus = key_press(pygame.K_EQUALS, 0, s, s.legal_actions(), chosen)
    assert plus == Act(S.ChangeSpeed(1, 1))
    assert key_press(pygame.K_MINUS, 0, s, s.legal_actions(), NONE) == Say(
        "Click one of your carts on the board first to choose which one."
    )


def test_or_d12_enter_moves_the_carts_and_the_last_look_is_never_answered_for_the_player():
    """OR-D12: with the four actions spent the person still ends the phase (Enter); the table
    does not answer it (the one legal action is not a question)."""
    s = blank()
    for c in range(4):
        s.apply_action(S.PlaceTile(0, c, "EW"))
    legal = s.legal_actions()
    assert legal == [S.EndActions()]
    assert forced_choice(s, legal) is None
    assert key_press(pygame.K_RETURN, 0, s, legal, NONE) == Act(S.EndActions())
    assert isinstance(choose_tool("straight", s, legal, NONE), Refuse)
    assert "last look" in table_input.status(s, legal, NONE, NAMES)


# --- paths, questions and answers -----------------------------------------------------------------
def test_the_path_of_every_cart_is_the_engines():
    s = blank()
    lay(
        s,
        {
            (0, 5): "NS",
            (1, 5): "NS",
            (2, 5): "NES",
            (0, 1): "NS",
            (1, 1): "NS",
            (5, 8): "NS",
            (6, 8): "NS",
        },
    )
    put_cart(s, 0, (-1, 5), "S", speed=4)  # to the junction: a choice
    put_cart(s, 1, (-1, 1), "S", speed=5)  # off the end of the track
    put_cart(s, 2, (6, 8), "N", speed=1)
    paths = {p.cart: p for p in preview_paths(s)}
    assert paths[0].squares == ((-1, 5), (0, 5), (1, 5), (2, 5)) and paths[0].end == "choice"
    assert paths[1].squares == ((-1, 1), (0, 1), (1, 1)) and paths[1].end == "derail"
    assert 2 not in paths  # the opponent's cart: no path
    s = blank()
    lay(s, {(0, 5): "NS", (1, 5): "NS", (2, 5): "NS"})
    put_cart(s, 0, (-1, 5), "S", speed=3)
    put_cart(s, 2, (2, 5), "S")
    (only,) = preview_paths(s)
    assert only.squares == ((-1, 5), (0, 5), (1, 5)) and only.end == "crash-derail"  # empty
    put_cart(s, 0, (-1, 5), "S", speed=3, load=(0, 1, 0, 0, 0))
    assert preview_paths(s)[0].end == "collision"


def test_a_junction_is_answered_by_its_arrows():
    s = blank()
    lay(s, {(2, 5): "NS", (3, 5): "NES", (3, 6): "EW", (4, 5): "NS"})
    put_cart(s, 0, (2, 5), "S", speed=3)
    s.apply_action(S.EndActions())
    assert s.pending() == "exit"
    assert found(s, ("exit", "E")).active
    assert at(s, ("exit", "E")) == Act(S.ChooseExit("E"))
    legal = s.legal_actions()
    assert click(("square", 4, 5), s, legal, NONE) == Act(S.ChooseExit("S"))  # its square too


def test_a_real_jewel_choice_is_asked_with_buttons_that_keep_off_the_cart():
    s = blank()
    lay(s, {(2, 5): "NS", (3, 5): "NS", (4, 5): "NS"})
    put_cart(s, 0, (2, 5), "S", speed=2)
    put_gems(s, (3, 5), (0, 1, 1, 0, 0))  # passing through: 1 gem of 2 kinds
    s.apply_action(S.EndActions())
    legal = s.legal_actions()
    ask = prompt(s, legal, NAMES)
    assert [o.label for o in ask.options] == ["Take the ruby", "Take the emerald"]
    assert at(s, ("choice", 1)) == Act(S.TakeGem("emerald"))
    assert key_press(pygame.K_1, 0, s, legal, NONE, ask) == Act(S.TakeGem("ruby"))
    for size in ((1280, 800), (1024, 640)):
        lay_ = layout(s, size)
        panel, _ = prompt_boxes(lay_, ask)
        assert not panel.colliderect(lay_.square((3, 5)))


def hit_and_split(load: tuple) -> S.OTRState:
    """Ana's cart (a ruby) runs into seat 1's cart holding ``load``: its owner splits."""
    s = blank()
    lay(s, {(2, 5): "NS", (3, 5): "NS"})
    put_cart(s, 0, (2, 5), "S", speed=1, load=(0, 1, 0, 0, 0))
    put_cart(s, 2, (3, 5), "S", load=load)
    s.apply_action(S.EndActions())
    return s


def test_a_question_with_one_legal_answer_is_answered_for_the_player():
    """Issue 18, finding 2: a split with one way to split (two rubies) asks nothing."""
    s = hit_and_split((0, 2, 0, 0, 0))
    assert s.pending() == "split"
    legal = s.legal_actions()
    assert forced_choice(s, legal) == S.SplitLoad((0, 1, 0, 0, 0)) == legal[0]


def test_split_buttons_show_both_piles_and_the_pick_hides_them():
    s = hit_and_split((0, 2, 1, 0, 1))
    ask = prompt(s, s.legal_actions(), NAMES)
    assert ask.pictures and ask.focus == ((3, 5), (2, 5))
    assert all(sum(o.left) == 2 and sum(o.right) == 2 for o in ask.options)
    assert found(s, ("choice", 0)).tooltip[0] == ask.options[0].label
    s.apply_action(ask.options[0].action)
    seen = s.observation(0)
    pick = prompt(seen, seen.legal_actions(), NAMES)
    assert [o.label for o in pick.options] == ["Pile 1 (2 gems)", "Pile 2 (2 gems)"]
    assert pick.options[0].left is None  # the mover sees no gems
    # the owner named with the square: both players' carts may be white (play-testers)
    assert pick.title == (
        "Pick one of Ben's piles: those gems drop on F4, where Ben's white cart stands"
    )


def test_the_chasm_token_goes_on_a_glowing_square_else_the_rule_is_said():
    s = blank()
    s.chasm[(3, 3)] = "red"
    s.tasks = tasks_from_lists(("chasm_place", "red"), ("end_turn",))
    s._legal = None
    assert found(s, ("square", 2, 3)).active
    assert at(s, ("square", 2, 3)) == Act(S.PlaceChasmToken(2, 3))
    assert at(s, ("square", 9, 9)) == Refuse(
        "The red chasm token goes on a square next to a red chasm."
    )


# --- tooltips: every gem shows ------------------------------------------------------------------
def test_gems_under_a_cart_or_a_ghost_are_listed_in_the_squares_tooltip():
    """Issue 18, finding 3: the square's tooltip lists the gems lying under a cart and those
    under the tile being laid, and the cart's own load."""
    s = blank()
    lay(s, {(3, 5): "NS"})
    put_gems(s, (3, 5), (1, 2, 0, 0, 1))
    put_cart(s, 2, (3, 5), "N", load=(0, 0, 1, 0, 0))
    tip = found(s, ("square", 3, 5)).tooltip
    assert tip[0] == "F4 (red mine square 3)"
    assert "Gems here: a rock, 2 rubies and a diamond." in tip
    assert "Ben's white cart: speed 3, facing north, holding an emerald." in tip
    put_gems(s, (7, 2), (0, 0, 0, 2, 0))
    curve = tool(s, "curve")
    target = found(s, ("square", 7, 2), curve)
    assert target.active and target.tooltip[1] == "Gems here: 2 gold."


def test_the_mission_tooltip_says_what_it_asks_and_a_held_one_is_taken_by_a_click():
    s = blank()
    s.missions, s.dealt = [10, 3, 7], [10, 3, 7]
    s.stockpiles[0] = (0, 1, 1, 1, 1)
    s._legal = None
    target = found(s, ("mission", 10))
    assert target.active and target.tooltip[0] == "The Spice of Life · 4 points"
    assert at(s, ("mission", 10)) == Act(S.ClaimMission(10))
    assert at(s, ("mission", 3)) == Say(
        "Diamonds aren't Forever: Stockpile a diamond from a single cart in one turn."
    )


# --- the buttons ----------------------------------------------------------------------------------
def test_the_tool_in_hand_stays_while_the_table_animates_and_goes_when_no_longer_available():
    """Issue 18 (second look): the Straight or Curve tool is kept after a tile is laid. While
    the tile drops in the table has no legal actions for the person: the buttons are off but
    the tool stays in hand; it is put down only when the engine no longer allows it."""
    s = blank()
    straight = tool(s, "straight")
    busy = table_input.controls(s, [], straight)
    assert busy.selection.tool == "straight" and busy.enabled == frozenset()
    acting = table_input.controls(s, s.legal_actions(), straight)
    assert acting.selection.tool == "straight"
    assert {"straight", "curve", "move"} <= acting.enabled and "straight" in acting.selected
    s.actions_left = 0
    spent = table_input.controls(s, s.legal_actions(), straight)
    assert spent.selection.tool is None and spent.enabled == frozenset({"move"})
    assert spent.selected == frozenset({"move"})  # the last look: Move carts is next


# --- the words on the carts' paths (issue 18, second look) ---------------------------------------
def covered(lay_, path) -> list:
    """The rects a path's tags keep clear of: its squares, its branches', and the squares
    they run off towards."""
    squares = list(path.squares) + ([path.toward] if path.toward else [])
    rects = [lay_.square(sq) for sq in squares]
    for branch in path.branches:
        rects += covered(lay_, branch)
    return rects


def edge_labels(lay_) -> list:
    """The squares of the surface strips, where the labels A–L and 1–12 are."""
    return [lay_.square(sq) for sq in B.SURFACE_EDGE]


def check_tags(s, size):
    lay_ = layout(s, size)
    paths = preview_paths(s)
    tags = path_tags(lay_, s, paths)
    keep = {path.cart: covered(lay_, path) for path in paths}
    for tag in tags:
        assert lay_.grid.contains(tag.rect), tag
        assert not any(tag.rect.colliderect(label) for label in edge_labels(lay_)), tag
        clash = [r for r in keep[tag.cart] if r.clip(tag.rect).width * r.clip(tag.rect).height]
        assert clash == [], (tag, paths)
    assert_apart(lay_, tags)
    return paths, tags


def assert_apart(lay_, tags):
    """No tag on a mine centre (its emblem) nor on another tag (issue 42)."""
    centres = [lay_.square(square) for square in B.MINE_CENTRES.values()]
    for index, tag in enumerate(tags):
        assert tag.rect.collidelist(centres) < 0, tag
        assert [other for other in tags[:index] if other.rect.colliderect(tag.rect)] == [], tag


@pytest.mark.parametrize("size", WINDOW_SIZES)
def test_the_derail_tag_keeps_off_the_square_to_build_on_and_the_edge_labels(size):
    """The reported case: a cart on the north edge with one straight ahead derails into the
    next square; the red tag must leave that square (where the player builds) and the path in
    view, and stay off the letters of the edge."""
    s = blank()
    lay(s, {(0, 5): "NS"})
    put_cart(s, 0, (-1, 5), "S", speed=3)
    (path,), (tag,) = check_tags(s, size)
    assert path.end == "derail" and path.toward == (1, 5)
    assert tag.words == "derail" and tag.tone == "bad" and tag.square == (0, 5)
    lay_ = layout(s, size)
    assert not tag.rect.colliderect(lay_.square((1, 5)))
    centre = lay_.centre((0, 5))
    assert abs(tag.rect.centerx - centre[0]) + abs(tag.rect.centery - centre[1]) < 3 * lay_.cell


@pytest.mark.parametrize("size", WINDOW_SIZES)
def test_the_tags_of_paths_through_the_mines_keep_off_the_mine_numbers(size):
    """Play-test: "you pick one" tags lay over the mine squares' numbers, which a deposit card
    names. Two carts run past the red and yellow mines and the blue and green ones, with jewels
    to choose on the way: no tag covers a number."""
    s = blank()
    lay(s, {(3, col): "EW" for col in range(12)})
    lay(s, {(6, col): "EW" for col in range(12)})
    put_cart(s, 0, (3, 1), "E", speed=5)
    put_gems(s, (3, 3), (0, 1, 0, 1, 0))
    put_gems(s, (3, 5), (1, 0, 1, 0, 0))
    put_cart(s, 1, (6, 1), "E", speed=6)
    put_gems(s, (6, 5), (0, 1, 1, 0, 0))
    paths, tags = check_tags(s, size)
    assert sorted(tag.words for tag in tags) == ["stop", "stop", "you pick one:", "you pick one:"]
    numbers = layout(s, size).mine_numbers()
    assert len(numbers) == 32
    assert [tag.words for tag in tags if tag.rect.collidelist(numbers) >= 0] == []


@pytest.mark.parametrize("size", WINDOW_SIZES)
def test_a_tag_keeps_off_the_square_the_tool_in_hand_would_build_on(size):
    """Play-test: while a curve was being placed the red "derail" tag lay on its preview, so
    which way it turned could not be seen. The square being built on is kept clear too."""
    s = blank()
    lay(s, {(0, 5): "NS"})
    put_cart(s, 0, (-1, 5), "S", speed=3)
    lay_ = layout(s, size)
    paths = preview_paths(s)
    (tag,) = path_tags(lay_, s, paths)
    under = lay_.square_at(tag.rect.center)
    assert under is not None and under != (1, 5)
    (moved,) = path_tags(lay_, s, paths, building=under)
    assert moved.words == "derail"
    assert not moved.rect.colliderect(lay_.square(under))
    assert not moved.rect.colliderect(lay_.square((1, 5)))


SHAPES = ("NS", "EW", "NE", "ES", "SW", "NW", "NES", "ESW", "NSW", "NEW", "NESW")


@st.composite
def positions(draw):
    """A board with random track and two of the player's carts on it (or on the edge)."""
    s = blank()
    squares = st.tuples(st.integers(0, 11), st.integers(0, 11))
    track = draw(st.dictionaries(squares, st.sampled_from(SHAPES), min_size=4, max_size=40))
    lay(s, {sq: ex for sq, ex in track.items() if sq not in B.MINE_CENTRES.values()})
    spots = draw(
        st.lists(
            st.one_of(squares, st.tuples(st.just(-1), st.integers(0, 11))),
            min_size=2,
            max_size=2,
            unique=True,
        )
    )
    for cart, square in enumerate(spots):
        facing = "S" if square[0] == -1 else draw(st.sampled_from("NESW"))
        put_cart(s, cart, square, facing, speed=draw(st.integers(1, 6)))
    for square in draw(st.lists(squares, max_size=4)):
        if square in s.tiles and s.cart_at(square) is None:
            put_gems(s, square, (0, 1, 0, 1, 0))
    return s


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.sampled_from([(1280, 800), (1024, 640)]))
@pytest.mark.long
def test_no_tag_covers_its_cart_path_or_the_square_it_heads_for_nor_an_edge_label(s, size):
    check_tags(s, size)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.sampled_from([(1280, 800), (1024, 640)]), st.randoms(use_true_random=False))
@pytest.mark.long
def test_no_tag_nor_the_hint_label_sits_on_a_mine_centre_or_on_another(s, size, rng):
    """Issue 42, finding 7: "stop", "derail", "you choose the way" and the hint's label sat
    on the mines' emblems and on each other. Over many positions, with any legal move as the
    hint, every tag as the board shows it keeps off the mine centres and off the others."""
    lay_ = layout(s, size)
    legal = s.legal_actions()
    hint = rng.choice([a for a in legal if not isinstance(a, S.EndActions)])
    paths = preview_paths(s)
    tags = path_tags(lay_, s, paths)
    marks = board_marks(lay_, s, legal, NONE, None, None, hint, paths, tags)
    shown = list(tags) + ([marks["hint_tag"]] if marks["hint_tag"] else [])
    assert marks["hint_tag"] is not None and marks["hint_tag"].tone == "hint"
    assert_apart(lay_, shown)


@pytest.mark.parametrize("size", WINDOW_SIZES)
def test_a_stop_beside_a_mine_centre_is_tagged_off_its_emblem(size):
    """The case seen: a cart stopping next to the yellow mine's centre had "stop" on the crown,
    and the hint's label sat on the red one."""
    s = blank()
    lay(s, {(3, col): "EW" for col in range(12)})
    put_cart(s, 0, (3, 2), "E", speed=5)
    (path,) = preview_paths(s)
    assert path.end == "stop" and path.squares[-1] == (3, 7)
    paths, tags = check_tags(s, size)
    lay_ = layout(s, size)
    hint = S.PlaceTile(4, 3, "NS")
    marks = board_marks(lay_, s, s.legal_actions(), NONE, None, None, hint, paths, tags)
    assert_apart(lay_, [*tags, marks["hint_tag"]])


def test_a_jewel_and_a_junction_on_the_way_are_named_and_each_way_on_is_drawn():
    """Issue 18: the path no longer stops at a "?": it names the jewels the cart may take (it
    goes on past them: the way does not depend on the jewel) and, at a junction, shows where
    each way on leads, as the engine plays it."""
    s = blank()
    lay(s, {(0, 8): "NS", (1, 8): "NES", (2, 8): "NS", (1, 9): "EW", (1, 10): "EW"})
    put_gems(s, (0, 8), (0, 1, 0, 1, 0))
    put_cart(s, 1, (-1, 8), "S", speed=4)
    (path,) = preview_paths(s)
    assert path.squares == ((-1, 8), (0, 8), (1, 8)) and path.end == "choice"
    assert path.choices == (
        Choice((0, 8), "gem", ("ruby", "gold")),
        Choice((1, 8), "exit", ("E", "S")),
    )
    east, south = path.branches
    assert east.squares == ((1, 8), (1, 9), (1, 10)) and east.end == "stop"
    assert south.squares == ((1, 8), (2, 8)) and south.end == "derail"
    # the engine agrees: the same answers on a copy move the cart the same way
    work = s.clone()
    work.apply_action(S.EndActions())
    work.apply_action(S.TakeGem("gold"))
    work.apply_action(S.ChooseExit("E"))
    assert work.carts[1].square == (1, 10)
    _paths, tags = check_tags(s, (1024, 640))
    words = [(tag.words, tag.gems, tag.small) for tag in tags]
    assert ("you choose the way", (), False) in words
    assert ("you pick one:", ("ruby", "gold"), False) in words
    assert ("stop", (), True) in words and ("derail", (), True) in words
    assert "?" not in [tag.words for tag in tags]


def test_a_cart_that_picks_twice_on_a_deposit_says_so_on_one_tag():
    """Play-test: a cart ending its move on a deposit picks there twice (rules "Gems": 1 on
    entering, 2 in all ending there), and the path showed one "you pick one:", so the second
    pick was unseen. The engine really takes two gems there, a question each; the tag counts
    them."""
    s = blank()
    track = {(1, 3): "NS", (2, 3): "NS", (3, 3): "NS", (4, 3): "NSW", (5, 3): "NE"}
    lay(s, {**track, (5, 4): "EW", (4, 2): "EW", (4, 1): "EW", (4, 0): "EW"})
    put_cart(s, 0, (2, 3), "S", speed=4)
    put_gems(s, (5, 4), (0, 2, 1, 0, 0))
    work = s.clone()
    work.apply_action(S.EndActions())
    work.apply_action(S.ChooseExit("S"))
    taken = [work.apply_action(S.TakeGem("ruby")) for _pick in range(2)]
    gems = [[(e.row, e.col, e.gem) for e in ev if isinstance(e, S.GemTaken)] for ev in taken]
    assert gems == [[(5, 4, "ruby")], [(5, 4, "ruby")]]  # two picks, one event each
    paths, tags = check_tags(s, (1024, 640))
    picks = [c for c in paths[0].branches[0].choices if c.kind == "gem"]
    assert [c.square for c in picks] == [(5, 4), (5, 4)]
    at_deposit = [(tag.words, tag.gems) for tag in tags if tag.square == (5, 4)]
    assert sorted(at_deposit) == [("stop", ()), ("you pick 2 jewels:", ("ruby", "emerald"))]


def test_while_two_carts_paths_show_each_tag_shows_its_carts_marker():
    """Play-test: near a junction the "stop" and "you choose the way" tags of two carts, all
    in one colour, could not be told apart. While two carts' paths show, each tag bears its
    cart's marker (white or black, as painted on the cart); with one cart, none."""
    s = blank()
    lay(s, {(2, c): "EW" for c in range(0, 4)})
    lay(s, {(9, c): "EW" for c in range(0, 4)})
    put_cart(s, 0, (2, 0), "E", speed=2)
    put_cart(s, 1, (9, 0), "E", speed=2)
    lay_ = layout(s, (1024, 640))
    paths = preview_paths(s)
    tags = path_tags(lay_, s, paths)
    assert sorted((tag.words, tag.marker) for tag in tags) == [
        ("stop", "black"),
        ("stop", "white"),
    ]
    assert all(tag.rect.width > kit.font(13, True).size("stop")[0] + 10 for tag in tags)
    assert_apart(lay_, tags)
    alone = path_tags(lay_, s, paths[:1])
    assert [(tag.words, tag.marker) for tag in alone] == [("stop", None)]


def test_the_jewel_question_says_when_the_cart_takes_two_here():
    """Play-test: ending its move on a deposit, a cart picks twice (rules "Gems"), and the
    second "takes one jewel here: which?" read as the first asked again. The first question
    says two come, one at a time; the second says it is one more."""
    s = blank()
    lay(s, {(1, 3): "NS", (2, 3): "NS", (3, 3): "NS"})
    put_cart(s, 0, (1, 3), "S", speed=2)
    put_gems(s, (3, 3), (0, 2, 1, 0, 0))
    s.apply_action(S.EndActions())
    assert s.pending() == S.Pending.GEM
    ask = prompt(s, s.legal_actions(), NAMES)
    assert ask.title == "Your white cart takes 2 jewels here, one at a time: which first?"
    s.apply_action(S.TakeGem("ruby"))
    assert s.pending() == S.Pending.GEM
    ask = prompt(s, s.legal_actions(), NAMES)
    assert ask.title == "Your white cart takes one more jewel here: which?"


def test_a_cart_that_passes_a_deposit_again_beyond_a_junction_counts_both_picks():
    """A cart picks on a deposit, reaches a junction and, one way on, loops back over the
    deposit and picks again (two GemTaken there, as the engine plays it): that way's tag says
    2, while the path up to the junction says one. The same words about the same square still
    show once. The north way ends its move back on the junction: one tag says it stops there
    and its owner chooses its way on (a tester found "stop" beside "you choose the way")."""
    s = blank()
    lay(s, {(1, 8): "ES", (2, 8): "NE", (2, 9): "NEW", (1, 9): "SW", (2, 10): "EW"})
    put_cart(s, 0, (1, 8), "S", speed=6)
    put_gems(s, (2, 8), (0, 2, 2, 0, 0))
    work = s.clone()
    events = work.apply_action(S.EndActions()) + work.apply_action(S.TakeGem("ruby"))
    events += work.apply_action(S.ChooseExit("N")) + work.apply_action(S.TakeGem("ruby"))
    assert [(e.row, e.col) for e in events if isinstance(e, S.GemTaken)] == [(2, 8), (2, 8)]
    (path,) = preview_paths(s)
    north, east = path.branches
    assert north.squares == ((2, 9), (1, 9), (1, 8), (2, 8), (2, 9))
    assert north.end == "stop-choice" and north.branches == ()  # it stops on the junction
    work = s.clone()
    work.apply_action(S.EndActions())
    work.apply_action(S.TakeGem("ruby"))
    work.apply_action(S.ChooseExit("N"))
    work.apply_action(S.TakeGem("ruby"))
    assert work.pending() == S.Pending.EXIT and work.carts[0].square == (2, 9)
    tags = path_tags(layout(s, (1024, 640)), s, (path,))
    said = sorted((tag.words, tag.square, tag.small) for tag in tags)
    assert said == [
        ("derail", (2, 10), True),
        ("stop; you choose the way on", (2, 9), True),
        ("you choose the way", (2, 9), False),
        ("you pick 2 jewels:", (2, 8), True),
        ("you pick one:", (2, 8), False),
    ]
    assert_apart(layout(s, (1024, 640)), tags)


def test_enter_only_ends_the_action_phase_and_asks_first_with_actions_left():
    """Issue 42, finding 7: Enter both took the hint and ended the action phase, so an early
    Enter ended a turn with actions unused. Enter ends the action phase only, and asks first
    while actions are left; with none left and no cart in danger it ends at once."""
    s = blank()
    legal = s.legal_actions()
    for enter in (pygame.K_RETURN, pygame.K_KP_ENTER):
        assert key_press(enter, 0, s, legal, NONE) == Confirm(
            "End the action phase with 4 actions left?", Act(S.EndActions()), "Move carts"
        )
    s.apply_action(S.PlaceTile(0, 0, "EW"))
    s.apply_action(S.PlaceTile(0, 1, "EW"))
    s.apply_action(S.PlaceTile(0, 2, "EW"))
    assert end_actions(s, s.legal_actions()) == Confirm(
        "End the action phase with 1 action left?", Act(S.EndActions()), "Move carts"
    )
    s.apply_action(S.PlaceTile(0, 3, "EW"))
    assert key_press(pygame.K_RETURN, 0, s, s.legal_actions(), NONE) == Act(S.EndActions())
    # outside the action phase Enter means nothing (a chasm square is a click)
    s = blank()
    s.chasm[(3, 3)] = "red"
    s.tasks = tasks_from_lists(("chasm_place", "red"), ("end_turn",))
    s._legal = None
    assert key_press(pygame.K_RETURN, 0, s, s.legal_actions(), NONE) is None


def test_ending_the_action_phase_names_each_cart_whose_path_ends_badly():
    """Issue 42: a cart derailing on the preview asks first, naming the cart, even with every
    action spent; a cart that stops does not."""
    s = blank()
    lay(s, {(0, 5): "NS", (0, 8): "NS", (1, 8): "NS", (2, 8): "NS"})
    put_cart(s, 0, (-1, 5), "S", speed=3)
    put_cart(s, 1, (-1, 8), "S", speed=3)
    s.actions_left = 0
    s._legal = None
    paths = preview_paths(s)
    assert {p.cart: p.end for p in paths} == {0: "derail", 1: "stop"}
    intent = key_press(pygame.K_RETURN, 0, s, s.legal_actions(), NONE, None, paths)
    assert intent == Confirm(
        "End the action phase? Your white cart derails.", Act(S.EndActions()), "Move carts"
    )
    s.actions_left = 2
    assert end_actions(s, s.legal_actions(), paths).question == (
        "End the action phase with 2 actions left? Your white cart derails."
    )


@pytest.mark.parametrize(
    "hint, tool, shape",
    [
        (S.PlaceTile(5, 2, "EW"), "straight", "EW"),
        (S.PlaceTile(5, 2, "SW"), "curve", "SW"),
        (S.PlaceTile(5, 2, "NW"), "curve", "NW"),
    ],
)
def test_a_hinted_tile_puts_its_tool_in_hand_turned_so_one_click_lays_it(hint, tool, shape):
    """Issue 42: the hint prepares the controls (as Diced Tomatoes picks up the hinted die):
    the tool in hand, turned to the hinted shape; one click on the framed square lays it."""
    s = blank()
    ready = hint_selection(s, hint, NONE.turned(0))
    assert ready.tool == tool and ghost(s, ready, (5, 2))[0] == shape
    assert at(s, ("square", 5, 2), ready) == Act(hint)
    assert hint_how(hint) == "Click the framed square to make this move."


def test_a_hinted_upgrade_cart_or_speed_is_prepared_for_one_click():
    s = blank()
    lay(s, {(5, 2): "NS"})
    for up in s.upgrades_at(5, 2):
        ready = hint_selection(s, up, NONE)
        assert ready.tool == "upgrade" and at(s, ("square", 5, 2), ready) == Act(up)
    # a cart: the hinted one of the two in the supply goes on the framed square
    ready = hint_selection(s, S.PlaceCart(1, -1, 4), NONE)
    assert ready.tool == "cart" and at(s, ("square", -1, 4), ready) == Act(S.PlaceCart(1, -1, 4))
    # a speed: the cart is chosen for the buttons
    put_cart(s, 0, (2, 5), "S")
    put_cart(s, 1, (6, 1), "S")
    hint = S.ChangeSpeed(1, 1)
    ready = hint_selection(s, hint, NONE)
    assert key_press(pygame.K_EQUALS, 0, s, s.legal_actions(), ready) == Act(hint)
    assert hint_how(hint) == "Your cart is chosen: click Speed + to make this move."
    # a square, a cart or an arrow is clicked as it is: nothing to prepare
    assert hint_selection(s, S.EndActions(), NONE) is None
    assert hint_how(S.EndActions()) == "Click Move carts to make this move."


def test_with_upgrade_in_hand_the_status_names_the_t_junction_and_that_r_turns_it():
    """Issue 42: the button's tip says R turns the T-junction, the top bar did not. Over a
    tile it upgrades, the top bar names the tile a click lays; R names the other one."""
    s = blank()
    lay(s, {(5, 2): "NS", (6, 2): "NES"})
    upgrade = tool(s, "upgrade")
    legal = s.legal_actions()
    away = table_input.status(s, legal, upgrade, NAMES, None)
    assert away == (
        "click a glowing tile to upgrade it to the T-junction shown (R or the wheel turns it)"
        " · 4 actions left"
    )
    over = table_input.status(s, legal, upgrade, NAMES, (5, 2))
    turned = key_press(pygame.K_r, 0, s, legal, upgrade).selection
    other = table_input.status(s, legal, turned, NAMES, (5, 2))
    assert {over, other} == {
        "click to upgrade C6 to a T-junction open north, east and south (R or the wheel turns"
        " it) · 4 actions left",
        "click to upgrade C6 to a T-junction open north, south and west (R or the wheel turns"
        " it) · 4 actions left",
    }
    assert tile_words(ghost(s, upgrade, (5, 2))[0]) in over  # the tile a click lays
    assert table_input.status(s, legal, upgrade, NAMES, (6, 2)) == (
        "click to upgrade C7 to a cross · 4 actions left"
    )


@pytest.mark.parametrize(
    "size, scale", [((1024, 640), 1.0), ((1280, 800), 1.25), ((2048, 1280), 2.0)]
)
def test_a_questions_buttons_hold_their_words_at_every_ui_scale(size, scale):
    """At 200 % the answers' words filled their 32 px buttons: the rows grow with the scale."""
    s = blank()
    lay(s, {(2, 5): "NS", (3, 5): "NS", (4, 5): "NS"})
    put_cart(s, 0, (2, 5), "S", speed=2)
    put_gems(s, (3, 5), (0, 1, 1, 0, 0))
    s.apply_action(S.EndActions())
    kit.set_ui_scale(scale)
    try:
        ask = prompt(s, s.legal_actions(), NAMES)
        board = Layout(size, 2, 3, kit.px(300))
        panel, rects = prompt_boxes(board, ask)
        assert board.grid.contains(panel)
        title = kit.text(ask.title, 15, bold=True).get_rect(
            midtop=(panel.centerx, panel.y + kit.px(9))
        )
        assert title.bottom <= rects[0].top
        for option, rect in zip(ask.options, rects, strict=True):
            words = kit.font(16, True).size(option.label)
            assert words[0] <= rect.width - 16 and words[1] <= rect.height
        for upper, lower in zip(rects, rects[1:]):
            assert not upper.colliderect(lower)
    finally:
        kit.set_ui_scale(1.0)


def test_which_cart_moves_first_is_asked_only_when_their_ways_can_meet():
    """Issue 42: "click the cart that moves first" was asked when the two carts' paths could
    never meet; the order matters only when one cart's way (any branch) touches another's."""
    from scenes.tables.off_the_rails.paths import Path, order_matters

    apart = (Path(0, ((1, 1), (1, 2), (1, 3)), "stop"), Path(1, ((5, 5), (6, 5)), "stop"))
    assert not order_matters(apart)
    crossing = (Path(0, ((1, 1), (1, 2)), "stop"), Path(1, ((2, 2), (1, 2)), "stop"))
    assert order_matters(crossing)
    branch = Path(2, ((1, 2), (1, 3)), "stop")
    forking = (
        Path(0, ((4, 4), (4, 5)), "choice", branches=(branch,)),
        Path(1, ((1, 3), (0, 3)), "stop"),
    )
    assert order_matters(forking)  # one branch reaches the other cart's square
    unknown = (Path(0, ((4, 4),), "choice"), Path(1, ((8, 8),), "stop"))
    assert order_matters(unknown)  # the way beyond an unexplored junction is not known


def test_a_crash_into_your_own_cart_asks_which_moves_first_and_says_so():
    """Play-test: the black cart's path ended crashing into the player's white cart; the
    table chose the order itself (white first, so nothing crashed) while the question before
    had said the black cart crashes. A path that runs into a cart reaches that cart's square,
    so the order is asked; the question says the crash holds unless the other moves first."""
    s = blank()
    lay(s, {(5, c): "EW" for c in range(0, 6)})
    put_cart(s, 0, (5, 1), "W", speed=3)  # white: leaves by the west edge
    put_cart(s, 1, (5, 4), "W", speed=4, load=(0, 1, 0, 0, 0))  # black: behind, faster
    paths = preview_paths(s)
    black = next(path for path in paths if path.cart == 1)
    assert black.end == "collision" and black.toward == (5, 1)
    from scenes.tables.off_the_rails.paths import order_matters

    assert order_matters(paths)
    assert end_actions(s, s.legal_actions(), paths).question == (
        "End the action phase with 4 actions left? Your black cart crashes into your white "
        "cart, unless that one moves first."
    )
    work = s.clone()
    work.apply_action(S.EndActions())
    assert work.pending() == S.Pending.MOVE_CART  # the engine asks the order: the table too


def test_a_crash_into_your_own_cart_that_derails_yours_says_so():
    """A cart with no jewels that crashes derails (rules, "Collisions"): the question said
    only "crashes into your white cart" of it."""
    s = blank()
    lay(s, {(5, c): "EW" for c in range(0, 6)})
    put_cart(s, 0, (5, 1), "W", speed=3)
    put_cart(s, 1, (5, 4), "W", speed=4)  # black, empty: no jewel to keep it on the rails
    black = next(path for path in preview_paths(s) if path.cart == 1)
    assert black.end == "crash-derail"
    assert end_actions(s, s.legal_actions(), preview_paths(s)).question == (
        "End the action phase with 4 actions left? Your black cart crashes into your white "
        "cart and derails, unless that one moves first."
    )


@pytest.mark.parametrize("size", WINDOW_SIZES)
@pytest.mark.parametrize("language", ["en", "ru", "es", "ja"])
def test_the_edge_question_keeps_every_deposit_in_sight(size, language):
    """Issue 42, finding 7: the edge-choice dialog covered a third of the board, and the
    deposits there are what the choice is about. With a deposit on every mine square, the
    question's panel (as drawn) covers none, in every language, and its words still read."""
    import translation
    from scenes.tables.off_the_rails.layout import PROMPT_MARGIN, prompt_label_span

    previous = translation.current_language()
    translation.set_language(language)
    try:
        s = blank()
        s.tasks = tasks_from_lists(("choose_edge",), ("actions",))
        s.edges = [None, None]
        s._legal = None
        for square in B.MINE_SQUARES.values():
            put_gems(s, square, (0, 1, 0, 0, 0))
        assert s.pending() == "edge"
        ask = prompt(s, s.legal_actions(), NAMES)
        lay_ = layout(s, size)
        panel, rects = prompt_boxes(lay_, ask)
        drawn = panel.inflate(2 * PROMPT_MARGIN, 2 * PROMPT_MARGIN)
        assert lay_.grid.contains(drawn)
        assert [sq for sq in s.gems if drawn.colliderect(lay_.square(sq))] == []
        for option, rect in zip(ask.options, rects, strict=True):
            assert drawn.contains(rect)
            room = prompt_label_span(rect, True).width
            assert kit.fit_label(option.label, 16, room, bold=True)[1] >= 12
    finally:
        translation.set_language(previous)


def test_a_tools_key_takes_the_tool_and_pressed_again_keeps_it():
    """Play-test: after a hint put the straight in hand, S put it down and the click on the
    framed square built nothing. A key only takes its tool; the button still puts it down."""
    s = blank()
    legal = s.legal_actions()
    hinted = hint_selection(s, S.PlaceTile(5, 2, "NS"), NONE)
    assert hinted.tool == "straight"
    kept = key_press(pygame.K_s, 0, s, legal, hinted)
    assert isinstance(kept, Select) and kept.selection == hinted
    assert at(s, ("square", 5, 2), kept.selection) == Act(S.PlaceTile(5, 2, "NS"))
    curve = key_press(pygame.K_c, 0, s, legal, hinted).selection
    assert curve.tool == "curve" and key_press(pygame.K_c, 0, s, legal, curve).selection == curve
    assert choose_tool("straight", s, legal, hinted) == Select(replace(hinted, tool=None))


def test_the_hints_ghost_tile_shows_only_while_the_tool_in_hand_builds_it():
    """Play-test: with the tool put down the hint's framed ghost straight stayed, as if a click
    would build it. Another tool or turn in hand: the frame and label stay, the ghost goes."""
    s = blank()
    put_cart(s, 0, (-1, 5), "S")
    legal = s.legal_actions()
    hint = S.PlaceTile(0, 5, "NS")
    hinted = hint_selection(s, hint, NONE)

    def marks(selection):
        return board_marks(layout(s), s, legal, selection, None, None, hint)

    assert marks(hinted)["hint_ghost"] == ((0, 5), "NS")
    for other in (NONE, replace(hinted, tool=None), hinted.turned(1), tool(s, "curve", hinted)):
        shown = marks(other)
        assert shown["hint_ghost"] is None
        assert shown["hint_rects"] == (layout(s).square((0, 5)),) and shown["hint_tag"] is not None
    lay(s, {(5, 2): "NS"})
    upgrade = S.UpgradeTile(5, 2, "NES")
    assert upgrade in s.legal_actions()
    ready = hint_selection(s, upgrade, NONE)
    shown = board_marks(layout(s), s, s.legal_actions(), ready, None, None, upgrade)
    assert shown["hint_ghost"] == ((5, 2), "NES")
    turned = board_marks(layout(s), s, s.legal_actions(), ready.turned(1), None, None, upgrade)
    assert turned["hint_ghost"] is None


def test_a_players_points_say_they_count_3_for_each_cart_still_in_supply():
    """Play-test: the header showed "6 pts" before anyone played and 3 once a cart went in,
    read as a punishment. The player's tooltip says the points count each cart in supply."""
    from engine.off_the_rails import rules as R
    from scenes.tables.off_the_rails.tips import player_tip

    s = blank()
    assert R.scores(s)[0]["total"] == 6
    first = "Score so far: 6, counting 3 for each cart still in supply (2 carts)."
    assert player_tip(s, 0, NAMES)[1] == first
    put_cart(s, s.carts_of(0)[0], (-1, 5), "S")
    assert player_tip(s, 0, NAMES)[1] == (
        "Score so far: 3, counting 3 for each cart still in supply (1 cart)."
    )
    put_cart(s, s.carts_of(0)[1], (-1, 7), "S")
    assert player_tip(s, 0, NAMES)[1] == (
        "Score so far: 0; no cart is left in supply (each would count 3)."
    )
    assert found(s, ("player", 1)).tooltip[1] == first  # what the mouse on Ben's row shows


def test_a_tile_tool_starts_in_the_shape_that_carries_on_the_track_next_to_the_square():
    """Play-test (pt50): S pressed with the straight last turned east–west, three clicks
    below a cart facing south laid three east–west straights. The ghost starts in the
    shape the engine says joins the cart or track beside the square (``joining_placements``);
    R turns it from there and it stays turned on that square; a square nothing joins keeps
    the rotation the player left."""
    s = blank()
    lay(s, {(1, 3): "NS"})
    put_cart(s, 0, (1, 3), "S")
    straight = wheel(1, tool(s, "straight")).selection  # last straight laid east–west
    assert ghost(s, straight, (6, 9))[0] == "EW"
    for row_ in (2, 3, 4):
        assert at(s, ("square", row_, 3), straight) == Act(S.PlaceTile(row_, 3, "NS"))
        s.apply_action(S.PlaceTile(row_, 3, "NS"))
    turned = key_press(pygame.K_r, 0, s, s.legal_actions(), straight, hover=(5, 3)).selection
    assert ghost(s, turned, (5, 3))[0] == "EW"
    again = wheel(1, turned, s, (5, 3)).selection
    assert ghost(s, again, (5, 3))[0] == "NS"
    curve = wheel(1, tool(s, "curve", straight)).selection
    assert ghost(s, curve, (5, 3))[0] == "NE"  # the first curve open to the north
    assert ghost(s, curve, (2, 9))[0] == "ES"  # nothing beside it: the kept rotation


def test_a_tile_tool_starts_in_a_shape_that_leads_neither_into_a_centre_nor_the_chasm():
    """Play-test: a new curve often started turned into a mine centre or the chasm and took
    1–3 presses of R (D8 below D7's south–west curve: north–east, into the blue centre; D4
    above D5's north–west curve: south–east, into the chasm on E4). Joining shapes that tie
    put the one that leads on first; where nothing joins, the kept rotation turns on to the
    first legal shape with no exit off the board, into a centre or the chasm."""
    s = blank()
    lay(s, {(6, 3): "SW", (4, 3): "NW"})
    s.chasm[(3, 4)] = "red"
    curve = tool(s, "curve")
    assert ghost(s, curve, (9, 9))[0] == "NE"  # nothing beside it, nothing dead: kept
    assert ghost(s, curve, (7, 3))[0] == "NW"  # D8: joins D7, leads west, not into the centre
    assert ghost(s, curve, (3, 3))[0] == "SW"  # D4: joins D5, leads west, not into the chasm
    assert ghost(s, curve, (8, 4))[0] == "ES"  # E9: north is the blue centre
    assert ghost(s, curve, (0, 9))[0] == "ES"  # J1: north is off the board
    assert ghost(s, curve, (11, 11))[0] == "NW"  # the corner: the one curve that leads on
    turned = wheel(1, wheel(1, curve).selection).selection  # turned twice: south–west
    assert ghost(s, turned, (9, 9))[0] == "SW" and ghost(s, turned, (0, 9))[0] == "SW"
    straight = tool(s, "straight")
    assert ghost(s, straight, (3, 7))[0] == "EW"  # H4: south is the yellow centre
    assert at(s, ("square", 7, 3), curve) == Act(S.PlaceTile(7, 3, "NW"))
    assert ghost(s, curve, (4, 4)) is not None and ghost(s, curve, (4, 4))[2] is False


@pytest.mark.parametrize("size", WINDOW_SIZES)
@pytest.mark.parametrize("language", ["en", "ru", "es", "ja"])
def test_the_split_question_says_the_mover_picks_a_pile_by_its_place(size, language):
    """Play-test (pt50), OR-D7: the owner of a hit cart was offered "emerald | gold" and
    "gold | emerald" with nothing saying why the order matters. The question says the mover
    picks pile 1 or pile 2 unseen, each answer names its piles by number, and the note and
    the piles' captions fit the panel in every language."""
    import translation
    from scenes.tables.off_the_rails.layout import PROMPT_MARGIN
    from scenes.tables.off_the_rails.prompts import pile_caption, pile_caption_width

    previous = translation.current_language()
    translation.set_language(language)
    try:
        s = hit_and_split((0, 0, 1, 1, 0))
        ask = prompt(s, s.legal_actions(), NAMES)
        assert ask.note == translation._(
            "{name} picks pile 1 or pile 2 without seeing them."
        ).format(name="Ana")
        if language == "en":
            assert ask.note == "Ana picks pile 1 or pile 2 without seeing them."
            labels = sorted(o.label for o in ask.options)
            assert labels == [
                "Pile 1: a gold; pile 2: an emerald",
                "Pile 1: an emerald; pile 2: a gold",
            ]
        lay_ = layout(s, size)
        panel, rects = prompt_boxes(lay_, ask)
        assert lay_.grid.contains(panel.inflate(2 * PROMPT_MARGIN, 2 * PROMPT_MARGIN))
        assert kit.fit_label(ask.note, 13, panel.width - 20)[1] == 13  # the whole note, full size
        caption = pile_caption_width()
        for n in (1, 2):
            assert kit.fit_label(pile_caption(n), 11, caption - 4, bold=True)[1] == 11
        for rect in rects:
            room = rect.width / 2 - caption - 16  # each pile's gems beside its caption
            assert room >= 2 * 20, (rect, caption)
    finally:
        translation.set_language(previous)


# --- the words on the board leave what they are about in sight (play-test) -----------------------
@pytest.mark.parametrize("size", WINDOW_SIZES)
@pytest.mark.parametrize("language", ["en", "ru", "ja"])
def test_a_jewel_choice_tag_keeps_off_another_carts_track_where_there_is_room(size, language):
    """Play-test: "choose 2 jewels" about D8 lay three rows down over the green cart's track
    (D11), its leader across the cart. With room beside the blue mine's lower row, the tag
    keeps off every tile, cart and mine number, and stays within two squares of D8."""
    import translation

    previous = translation.current_language()
    translation.set_language(language)
    try:
        s = blank()
        lay(s, {(6, 2): "EW", (6, 3): "SW", (7, 3): "NW"})
        lay(s, {(9, 3): "NS", (10, 3): "NS", (11, 3): "NS"})
        put_cart(s, 0, (6, 2), "E", speed=2)
        put_cart(s, 2, (9, 3), "N")
        put_gems(s, (7, 3), (0, 1, 1, 0, 1))
        paths, tags = check_tags(s, size)
        (pick,) = [tag for tag in tags if tag.gems]
        lay_ = layout(s, size)
        taken = [lay_.square(sq) for sq in s.tiles] + [lay_.square((9, 3))]
        assert pick.rect.collidelist(taken) < 0, pick
        assert pick.rect.collidelist(lay_.mine_numbers()) < 0, pick
        x, y = lay_.centre((7, 3))
        near = (
            min(max(x, pick.rect.left), pick.rect.right),
            min(max(y, pick.rect.top), pick.rect.bottom),
        )
        assert abs(near[0] - x) + abs(near[1] - y) <= 2 * lay_.cell, pick
    finally:
        translation.set_language(previous)


@pytest.mark.parametrize("size", WINDOW_SIZES)
@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_hint_label_keeps_off_the_gems_beside_the_hinted_square(size, language):
    """Play-test: the "Hint" label sat over a deposit's gems beside the hinted square. With a
    deposit on any square round it, the label leaves that deposit's square in sight."""
    import translation

    previous = translation.current_language()
    translation.set_language(language)
    try:
        lay_ = layout(blank(), size)
        for hinted in ((6, 3), (2, 8), (9, 9), (3, 1)):
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    deposit = (hinted[0] + dr, hinted[1] + dc)
                    if deposit == hinted or deposit in B.MINE_CENTRES.values():
                        continue
                    s = blank()
                    put_gems(s, deposit, (0, 1, 1, 0, 0))
                    hint = S.PlaceTile(*hinted, "NS")
                    marks = board_marks(lay_, s, s.legal_actions(), NONE, None, None, hint)
                    label = marks["hint_tag"]
                    assert not label.rect.colliderect(lay_.square(deposit)), (hinted, deposit)
    finally:
        translation.set_language(previous)


@pytest.mark.parametrize("size", WINDOW_SIZES)
@pytest.mark.parametrize(
    ("start", "facing", "track", "edge"),
    [
        ((5, 1), "W", {(5, 0): "EW", (5, 1): "EW"}, (5, -1)),
        ((1, 8), "N", {(0, 8): "NS", (1, 8): "NS"}, (-1, 8)),
        ((7, 10), "E", {(7, 11): "EW", (7, 10): "EW"}, (7, 12)),
    ],
)
def test_the_out_tag_points_at_the_edge_of_the_row_or_column_the_cart_leaves_by(
    size, start, facing, track, edge
):
    """Play-test: the "out" tag of a cart leaving by row 6 sat beside the label "7", its
    leader ending on the path's last dot, drawn over the label "6". The tag's leader ends on
    the grid's border in the row (column) the cart leaves by, where the path ends in an
    arrow; the edge's label stays in sight."""
    s = blank()
    lay(s, track)
    put_cart(s, 0, start, facing, speed=3)
    (path,), (tag,) = check_tags(s, size)
    assert path.end == "left" and path.squares[-1] == edge
    lay_ = layout(s, size)
    point = lay_.anchor_point(tag.square)
    inner = B.step(edge, B.OPPOSITE[facing])  # the last grid square
    grid = lay_.grid
    on_border = {"W": point[0] - grid.left, "E": point[0] - grid.right, "N": point[1] - grid.top}
    assert abs(on_border[facing]) <= 1, point
    if facing in "EW":
        assert lay_.square(inner).top <= point[1] <= lay_.square(inner).bottom
    else:
        assert lay_.square(inner).left <= point[0] <= lay_.square(inner).right


def test_ending_the_actions_says_a_crash_the_other_order_brings():
    """Play-test: both carts' previews said "stop" (each as if it moved first), yet whichever
    moved first, the other crashed into it: the question before the carts rolled said nothing.
    Each order is played on a copy; a crash in every way is said (rules, "Collisions")."""
    from scenes.tables.off_the_rails.paths import OrderCrash, crashes_by_order

    s = blank()
    lay(s, {(5, c): "EW" for c in range(0, 9)})
    put_cart(s, 0, (5, 1), "E", speed=2)  # white: alone it stops on D6
    put_cart(s, 1, (5, 6), "W", speed=3)  # black, empty: alone it stops on D6 too
    paths = preview_paths(s)
    assert [path.end for path in paths] == ["stop", "stop"]
    assert crashes_by_order(s, paths) == (OrderCrash(0, 1, True), OrderCrash(1, 0, True))
    assert end_actions(s, s.legal_actions(), paths).question == (
        "End the action phase with 4 actions left? If your white cart moves first, your black "
        "cart crashes into it and derails. If your black cart moves first, your white cart "
        "crashes into it and derails."
    )
    turning = blank()  # the white cart meets a junction: only its way east meets the black
    lay(turning, {(5, c): "EW" for c in range(0, 9)} | {(5, 3): "ESW", (6, 3): "NS"})
    put_cart(turning, 0, (5, 1), "E", speed=3)
    put_cart(turning, 1, (5, 7), "W", speed=3)
    paths = preview_paths(turning)
    assert crashes_by_order(turning, paths) == (
        OrderCrash(0, 1, True, always=False),
        OrderCrash(1, 0, True, always=False),
    )
    assert end_actions(turning, turning.legal_actions(), paths).question.endswith(
        "If your black cart moves first, your white cart may crash into it, by the ways you "
        "choose at junctions."
    )
    far = blank()
    lay(far, {(5, c): "EW" for c in range(0, 12)})
    put_cart(far, 0, (5, 1), "E", speed=1)
    put_cart(far, 1, (5, 9), "W", speed=1)
    assert crashes_by_order(far, preview_paths(far)) == ()


def test_a_crash_into_a_slower_cart_ahead_holds_whichever_moves_first():
    """Play-test: "Your black cart crashes into your white cart, unless that one moves first";
    the white cart (speed 1) moved first and the black one (speed 3) behind it still ran into
    it. Where the other order crashes too, the question says "whichever moves first"."""
    s = blank()
    lay(s, {(5, c): "EW" for c in range(0, 9)})
    put_cart(s, 0, (5, 5), "E", speed=1)  # white, ahead
    put_cart(s, 1, (5, 4), "E", speed=3)  # black, behind and faster, no jewel
    paths = preview_paths(s)
    assert next(path for path in paths if path.cart == 1).end == "crash-derail"
    assert end_actions(s, s.legal_actions(), paths).question == (
        "End the action phase with 4 actions left? Your black cart crashes into your white "
        "cart and derails, whichever moves first."
    )


def test_a_way_not_followed_to_its_end_is_unknown_so_no_crash_is_sure():
    """A junction deeper than the preview follows leaves its ways unknown (None), so a crash
    seen on the other ways is said to come only "by the ways you choose", never always."""
    from scenes.tables.off_the_rails.paths import _movements

    s = blank()
    lay(s, {(5, c): "EW" for c in range(0, 9)} | {(5, 3): "ESW", (6, 3): "NS"})
    put_cart(s, 0, (5, 1), "E", speed=3)
    put_cart(s, 1, (5, 7), "W", speed=3)
    s.apply_action(S.EndActions())
    events = s.apply_action(S.MoveCart(0))
    assert _movements(s.clone(), list(events), 0) == [None]  # the junction on D6, unfollowed
    assert None not in _movements(s.clone(), list(events), 4)
