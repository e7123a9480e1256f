"""The Off the Rails table scene, played through mouse events at its targets (issues 8, 18).

Layout and input are tested without a display in ``tests/scenes/off_the_rails/``."""

import pygame
import pytest

import translation
from engine import registry
from engine.match import Match, Seat
from engine.off_the_rails import board as B
from engine.off_the_rails import state as S
from engine.off_the_rails import words as W
from engine.off_the_rails.tasks import tasks_from_lists
from scenes import kit
from scenes.confirm import ConfirmScene
from scenes.game_over import GameOverScene
from scenes.pass_screen import KEY_DELAY, PassScreen
from scenes.pause import PauseScene
from scenes.routes import open_match
from scenes.routes import table_for as make_table
from scenes.tables.off_the_rails.animate import path_track, roll_seconds
from scenes.tables.off_the_rails.layout import Layout
from scenes.tables.off_the_rails.paths import path_tags, preview_paths
from scenes.tables.off_the_rails.table import OffTheRailsTable
from scenes.title import TitleScene
from sprites import off_the_rails_art as oa
from tests.engine.off_the_rails.helpers import blank, lay, put_cart, put_gems
from tests.scenes.driver import (
    area,
    ask_hint,
    click,
    click_at,
    close_apps,
    find_button,
    frames,
    key,
    make_app,
    play_out_animations,
    play_to_end,
    present,
    run_to_score_sheet,
    wait_for_human,
)
from tests.soak import WINDOW_SIZES, keep_first, quick_first

SPEC = registry.get("off-the-rails")
SHORT = {"game_length": 13}


@pytest.fixture(params=[True, False], ids=["instant", "animated"])
def any_speed_app(request):
    a = make_app(instant=request.param)
    a.manager.push(TitleScene(a))
    yield a
    close_apps()


def start(app, seats, seed, options=None):
    match = Match(SPEC, seats, options if options is not None else SHORT, seed)
    open_match(app, match)
    frames(app, 2)
    assert isinstance(app.manager.top.game, OffTheRailsTable)
    return app.manager.top


def start_at(app, s, seats):
    """Open a match whose position is the hand-built state ``s``."""
    match = Match(SPEC, seats, SHORT, 1)
    match.set_position(s)
    open_match(app, match)
    frames(app, 2)
    return app.manager.top


def hover(app, pos):
    frames(
        app,
        1,
        events=[pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))],
    )


def click_square(app, table, sq):
    click_at(app, area(table, ("square", sq[0], sq[1])).center)


def choose(app, table, index=0):
    """Click the ``index``-th button of the question on the board."""
    click_at(app, area(table, ("choice", index)).center)


def move_carts(app, enter=False):
    """Move carts (its button, or Enter), answering Yes when the table asks first (actions
    left, or a cart's path ends badly): the person meant it."""
    if enter:
        key(app, pygame.K_RETURN)
    else:
        click(app, find_button(app, "Move carts"))
    if isinstance(app.manager.top, ConfirmScene):
        key(app, pygame.K_RETURN)


def track_ahead(state):
    """A square right in front of one of the player's carts where a straight may go."""
    for ci in state.carts_of(state.player):
        k = state.carts[ci]
        if k.where != "board" or not k.facing:
            continue
        sq = B.step(k.square, k.facing)
        while B.on_grid(sq) and sq in state.tiles and k.facing in state.tiles[sq]:
            sq = B.step(sq, k.facing)
        exits = "NS" if k.facing in "NS" else "EW"
        if B.on_grid(sq) and S.PlaceTile(sq[0], sq[1], exits) in state.placements_at(*sq):
            return sq, exits
    return None


def human_step(app, table):
    """One human decision made with the mouse (and Enter), as a player would."""
    state = table.match.state
    pending = state.pending()
    if pending == "edge":
        choose(app, table, 0)
        return
    if pending == "actions":
        mine = [i for i in state.carts_of(state.player) if state.carts[i].where == "board"]
        if state.actions_left and not mine and state.cart_placements():
            if table.game.selection.tool != "cart":
                click(app, find_button(app, "Place cart"))
            click_square(app, table, sorted(table.game.view().glow)[0])
            return
        ahead = track_ahead(state) if state.actions_left else None
        if ahead:
            sq, exits = ahead
            if table.game.selection.tool != "straight":
                click(app, find_button(app, "Straight"))
            hover(app, area(table, ("square", sq[0], sq[1])).center)
            while table.game.view().ghost[1] != exits:
                key(app, pygame.K_r)
            click_square(app, table, sq)
            return
        move_carts(app, enter=True)  # the last look is over: the carts roll
        return
    if pending in ("move_cart", "chasm_token"):
        click_square(app, table, sorted(table.game.view().glow)[0])
        return
    if pending == "exit":
        side = table.game.view().arrows[0][0]
        click_at(app, area(table, ("exit", side)).center)
        return
    # gem, split, drop, pick, mission: the buttons over the board
    assert table.game.ask() is not None, pending
    choose(app, table, 0)


# --- whole games ----------------------------------------------------------------------------------
@pytest.mark.long
def test_two_player_game_human_vs_bot_by_mouse_reaches_score_sheet(app):
    table = start(app, [Seat("human", "Ana"), Seat("bot", "Bot 1 (Easy)", "easy")], seed=12)
    over = play_to_end(app, table, human_step)
    assert over.sheet == table.match.state.score_sheet()
    assert len(over.sheet["rows"]) == 2
    assert table.match.state.turn >= 6  # a short game still lasts several turns
    kinds = {type(a) for a in (e.action for e in table.match.history if e.player == 0)}
    assert {S.ChooseEdge, S.PlaceCart, S.PlaceTile, S.EndActions} <= kinds


@pytest.mark.long
def test_solo_game_by_mouse_shows_result(app):
    table = start(app, [Seat("human", "Ana")], seed=5, options={})
    over = play_to_end(app, table, human_step)
    assert over.sheet == table.match.state.score_sheet()
    assert over.sheet["solo"]["result"] in ("major victory", "victory", "partial victory", "loss")


@pytest.mark.long
def test_all_bot_game_reaches_score_sheet(app):
    table = start(
        app,
        [Seat("bot", "Bot 1", "easy"), Seat("bot", "Bot 2", "easy"), Seat("bot", "Bot 3", "easy")],
        seed=4,
    )
    over = run_to_score_sheet(app, 6000, dt=0.25)
    assert isinstance(over, GameOverScene)
    assert over.sheet == table.match.state.score_sheet()


# --- the action phase and the last look -----------------------------------------------------------
def first_turn(app, seats=None):
    table = start(app, seats or [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    wait_for_human(app, table)
    human_step(app, table)  # the edge
    wait_for_human(app, table)
    return table


@pytest.mark.long
def test_tile_ghost_legality_matches_engine_on_every_square(app):
    table = first_turn(app)
    click(app, find_button(app, "Curve"))
    assert table.game.selection.tool == "curve"
    state = table.match.state
    for r in range(12):
        for c in range(12):
            hover(app, area(table, ("square", r, c)).center)
            square, exits, ok = table.game.view().ghost
            assert square == (r, c)
            assert ok == (S.PlaceTile(r, c, exits) in state.legal_actions())
    click_square(app, table, B.MINE_CENTRES["red"])
    assert table.current_message() == "No track may be placed on a mine centre."
    # a legal click places exactly the ghost's shape
    key(app, pygame.K_r)
    hover(app, area(table, ("square", 0, 0)).center)
    exits = table.game.view().ghost[1]
    click_square(app, table, (0, 0))
    assert table.match.history[-1].action == S.PlaceTile(0, 0, exits)


def test_upgrade_lays_the_t_junction_shown(app):
    table = first_turn(app)
    click(app, find_button(app, "Straight"))
    click_square(app, table, (9, 9))
    click(app, find_button(app, "Upgrade"))
    assert (9, 9) in table.game.view().glow
    hover(app, area(table, ("square", 9, 9)).center)
    first = table.game.view().ghost[1]
    key(app, pygame.K_r)
    second = table.game.view().ghost[1]
    assert {first, second} == {a.exits for a in table.match.state.upgrades_at(9, 9)}
    click_square(app, table, (9, 9))
    assert table.match.history[-1].action == S.UpgradeTile(9, 9, second)


def test_picking_the_tool_again_keeps_the_chosen_rotation(app):
    """Issue 18, finding 1: the rotation a player chose stays with the tool."""
    table = first_turn(app)
    click(app, find_button(app, "Curve"))
    key(app, pygame.K_r)
    key(app, pygame.K_r)
    hover(app, area(table, ("square", 6, 1)).center)
    turned = table.game.view().ghost[1]
    click(app, find_button(app, "Straight"))
    click(app, find_button(app, "Curve"))
    hover(app, area(table, ("square", 6, 1)).center)
    assert table.game.view().ghost[1] == turned == "SW"


def test_or_d12_the_last_look_shows_every_path_waits_for_enter_and_undo_works(app):
    """Issue 18, finding 1: after the fourth action nothing moves; each cart's path shows; the
    fourth action can be undone; Enter (or Move carts) starts the movement."""
    table = first_turn(app)
    click(app, find_button(app, "Place cart"))
    click_square(app, table, (-1, 5))
    click(app, find_button(app, "Place cart"))
    click_square(app, table, (-1, 8))
    click(app, find_button(app, "Straight"))
    click_square(app, table, (0, 5))
    before = table.match.state.to_dict()
    click_square(app, table, (0, 8))
    state = table.match.state
    assert state.actions_left == 0 and state.pending() == "actions"
    assert table.status_text().startswith("Ana: last look")
    paths = {p.cart: p for p in table.game.view().paths}
    assert set(paths) == {0, 1}
    assert paths[0].squares[:2] == ((-1, 5), (0, 5)) and paths[0].end == "derail"
    assert find_button(app, "Move carts").is_selected  # it is the next step
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert table.match.state.to_dict() == before and table.shown.to_dict() == before
    click(app, find_button(app, "Straight"))
    click_square(app, table, (0, 8))
    key(app, pygame.K_RETURN)  # cart 0 derails: the table asks first (issue 42)
    assert isinstance(app.manager.top, ConfirmScene)
    assert app.manager.top.question == (
        "End the action phase? Your white cart derails. Your black cart derails."
    )
    key(app, pygame.K_RETURN)
    wait_for_human(app, table)
    assert any(isinstance(e, S.ActionsEnded) for _, e in table.match.events)
    # the two carts' ways can never meet: which moves first is no question (issue 42)
    moved = [e.cart for _, e in table.match.events if isinstance(e, S.CartMoved)]
    assert sorted(moved) == [0, 1]


def test_undo_and_restart_turn_by_keyboard(app):
    table = first_turn(app)
    click(app, find_button(app, "Place cart"))
    click_square(app, table, sorted(table.game.view().glow)[0])
    human_step(app, table)
    assert len(table.match.state.tiles) == 1
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert not table.match.state.tiles
    assert table.shown.to_dict() == table.match.state.to_dict()
    key(app, pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    state = table.match.state
    assert not state.tiles and all(k.where == "supply" for k in state.carts)
    assert table.shown.to_dict() == state.to_dict()


def test_speed_buttons_change_the_chosen_cart(app):
    table = first_turn(app)
    click(app, find_button(app, "Place cart"))
    click_square(app, table, sorted(table.game.view().glow)[0])
    click(app, find_button(app, "Speed +"))
    cart = table.match.history[-1].action.cart
    assert table.match.state.carts[cart].speed == 4
    assert table.match.state.actions_left == 2
    click(app, find_button(app, "Place cart"))
    click_square(app, table, sorted(table.game.view().glow)[-1])
    first_square = table.match.state.carts[cart].square
    click(app, find_button(app, "Straight"))
    click_square(app, table, first_square)  # clicking your cart chooses it, even with a tool
    assert table.game.selection.cart == cart
    click(app, find_button(app, "Speed −"))
    assert table.match.history[-1].action == S.ChangeSpeed(cart, -1)
    assert table.match.state.carts[cart].speed == 3


# --- saves, resizing ------------------------------------------------------------------------------
def test_save_from_pause_and_load_back_identical(app):
    from saves import store

    table = start(app, [Seat("human", "Ana"), Seat("bot", "Bot 1 (Easy)", "easy")], seed=12)
    for _ in range(2):
        wait_for_human(app, table)
        human_step(app, table)
    wait_for_human(app, table)
    state = table.match.state.to_dict()
    key(app, pygame.K_ESCAPE)
    if not isinstance(app.manager.top, PauseScene):
        key(app, pygame.K_ESCAPE)  # the first Esc put the tool down
    assert isinstance(app.manager.top, PauseScene)
    click(app, find_button(app, "Save"))  # asks for a name
    click(app, find_button(app, "Save"))  # saves under the default name
    saved = [i for i in store.list_saves() if not i.is_autosave][0]
    assert store.load(saved.path).state.to_dict() == state
    click(app, find_button(app, "Quit to title"))
    click(app, find_button(app, "Load game"))
    load = [
        b
        for b in app.ui.get_sprite_group().sprites()
        if getattr(b, "text", None) == "Load" and b.visible and b.is_enabled
    ]
    click(app, load[0])
    table = app.manager.top
    assert isinstance(table.game, OffTheRailsTable)
    assert table.match.state.to_dict() == state and table.shown.to_dict() == state


@pytest.mark.long
def test_the_last_deposit_card_stays_shown_after_continue(app):
    """Issue 18, finding 6: the table opened again on the same game (Continue, Load) shows the
    last deposit card revealed, as the table that revealed it did."""
    table = start(app, [Seat("human", "Ana"), Seat("bot", "Bot 1 (Easy)", "easy")], seed=12)
    for _ in range(12):
        wait_for_human(app, table)
        human_step(app, table)
    wait_for_human(app, table)
    card = table.game.last_card
    # a deposit card, or a card of the chasm deck naming the square a chasm opens on
    revealed = [
        (e.colour, e.number) if isinstance(e, S.CardRevealed) else (e.colour, e.card)
        for _, e in table.match.events
        if isinstance(e, S.CardRevealed) or (isinstance(e, S.ChasmOpened) and e.card)
    ]
    assert card == revealed[-1]
    again = make_table(app, table.match)
    assert again.game.last_card == card and again.game.view().last_card == card


def test_resize_mid_game_keeps_working(app):
    table = start(app, [Seat("human", "Ana"), Seat("bot", "Bot 1 (Easy)", "easy")], seed=12)
    wait_for_human(app, table)
    human_step(app, table)
    wait_for_human(app, table)
    app.resize((1024, 640))
    frames(app, 2)
    table = app.manager.top
    assert (
        table.game.layout().mode == "column"
        and table.log_box.rect.top > table.game.layout().info.bottom
    )
    for target in table.targets():
        assert pygame.Rect(0, 0, 1024, 640).contains(target.bounds), target
    before = len(table.match.history)
    human_step(app, table)
    assert len(table.match.history) > before


# --- movement: questions, collisions, junctions ---------------------------------------------------
def test_collision_split_on_hidden_screen_then_mover_picks(any_speed_app):
    app = any_speed_app
    s = blank(2)
    lay(s, {(2, 5): "NS", (3, 5): "NS"})
    put_cart(s, 0, (2, 5), "S", speed=1)
    put_cart(s, 2, (3, 5), "S", load=(0, 2, 1, 0, 0))
    table = start_at(app, s, [Seat("human", "Ana"), Seat("human", "Ben")])
    wait_for_human(app, table)
    move_carts(app)
    for _ in range(40):
        frames(app, 1, dt=0.1)
    assert isinstance(app.manager.top, PassScreen) and app.manager.top.name == "Ben"
    app.manager.top.shown_at -= KEY_DELAY  # a moment later: Enter is for the screen
    key(app, pygame.K_RETURN)
    assert table.match.state.pending() == "split"
    assert len(table.game.ask().options) == len(table.match.state.legal_actions())
    choose(app, table, 0)
    for _ in range(10):
        frames(app, 1, dt=0.1)
    assert isinstance(app.manager.top, PassScreen) and app.manager.top.name == "Ana"
    app.manager.top.shown_at -= KEY_DELAY  # a moment later: Enter is for the screen
    key(app, pygame.K_RETURN)
    assert table.match.state.pending() == "pick"
    assert [o.label for o in table.game.ask().options] == ["Pile 1 (2 gems)", "Pile 2 (1 gem)"]
    # the square and owner named: both carts may be of one colour (play-testers)
    hit = table.match.state.carts[table.match.state.hit_cart()]
    assert table.game.ask().title.endswith(
        f" drop on {W.square_name(*hit.square)}, where Ben's white cart stands"
    )
    choose(app, table, 1)
    for _ in range(20):
        frames(app, 1, dt=0.1)
    dropped = [e for _, e in table.match.events if isinstance(e, S.GemsDropped)]
    assert dropped and sum(dropped[0].gems) == 1
    assert table.shown.gems.get((3, 5)) == table.match.state.gems.get((3, 5))


def test_a_split_with_one_answer_is_not_asked_and_no_question_shows_while_carts_move():
    """Issue 18, finding 2: the hit cart holds two rubies, so the owner's split has one answer:
    the table makes it (no panel, no pass screen); and while the carts roll no question is on
    screen, only the mover's real one (the pile) once the table is still."""
    app = make_app(instant=False)
    app.manager.push(TitleScene(app))
    s = blank(2)
    lay(s, {(2, 5): "NS", (3, 5): "NS"})
    put_cart(s, 0, (2, 5), "S", speed=1, load=(0, 1, 0, 0, 0))
    put_cart(s, 2, (3, 5), "S", load=(0, 2, 0, 0, 0))
    table = start_at(app, s, [Seat("human", "Ana"), Seat("human", "Ben")])
    wait_for_human(app, table)
    move_carts(app, enter=True)
    asked_while_busy = []
    for _ in range(200):
        frames(app, 1, dt=0.05)
        if table.player.busy:
            asked_while_busy.append(table.game.view().prompt)
        if table.human_to_move() and table.match.state.pending() == "pick":
            break
    assert asked_while_busy and not any(asked_while_busy)
    assert not isinstance(app.manager.top, PassScreen)
    splits = [h for h in table.match.history if isinstance(h.action, S.SplitLoad)]
    assert [h.player for h in splits] == [1] and table.game.ask().title.startswith("Pick one")
    close_apps()


def test_junction_arrows_and_jewel_choice(any_speed_app):
    app = any_speed_app
    s = blank(2)
    lay(s, {(2, 5): "NS", (3, 5): "NES", (3, 6): "EW", (4, 5): "NS"})
    put_cart(s, 0, (2, 5), "S", speed=3)
    put_gems(s, (3, 5), (0, 1, 1, 0, 0))
    table = start_at(app, s, [Seat("human", "Ana"), Seat("bot", "Bot", "easy")])
    wait_for_human(app, table)
    (path,) = table.game.view().paths
    assert path.squares == ((2, 5), (3, 5)) and path.end == "choice"
    move_carts(app)
    wait_for_human(app, table)
    assert table.match.state.pending() == "gem"
    assert [o.label for o in table.game.ask().options] == ["Take the ruby", "Take the emerald"]
    panel = table.game.view().prompt_boxes[0]
    assert not panel.colliderect(table.game.layout().square((3, 5)))  # the cart stays in view
    choose(app, table, 1)
    wait_for_human(app, table)
    assert table.match.state.pending() == "exit"
    assert {side for side, _ in table.game.view().arrows} == {"E", "S"}
    click_at(app, area(table, ("exit", "E")).center)
    assert S.ChooseExit("E") in [e.action for e in table.match.history]
    took = [e for _, e in table.match.events if isinstance(e, S.GemTaken)]
    assert took[0].gem == "emerald"


def test_two_missions_at_once_offer_a_choice(app):
    s = blank(2)
    lay(s, {(2, 5): "NS", (3, 5): "NS"})
    put_cart(s, 0, (2, 5), "S", speed=1, load=(0, 1, 0, 0, 0))
    put_cart(s, 2, (3, 5), "N", load=(0, 1, 0, 0, 0))
    s.missions, s.dealt = [7, 8, 3], [7, 8, 3]
    table = start_at(app, s, [Seat("human", "Ana"), Seat("bot", "Bot", "easy")])
    wait_for_human(app, table)
    move_carts(app)
    wait_for_human(app, table)
    assert table.match.state.pending() == "mission"
    labels = [o.label for o in table.game.ask().options]
    assert set(labels) == {"Take Head to Head", "Take Jewel Heist"}
    choose(app, table, labels.index("Take Jewel Heist"))
    frames(app, 2)
    assert table.match.state.taken[0] == [8]


def test_a_held_mission_is_taken_by_clicking_its_card_in_the_action_phase(app):
    """Missions: The Spice of Life, once it holds, may be taken at any point of the turn: its
    card glows in the action phase and a click takes it (no action spent)."""
    s = blank(2)
    s.missions, s.dealt = [10, 3, 7], [10, 3, 7]
    s.stockpiles[0] = (0, 1, 1, 1, 1)
    s.bag = (12, 23, 14, 9, 4)
    table = start_at(app, s, [Seat("human", "Ana"), Seat("bot", "Bot", "easy")])
    wait_for_human(app, table)
    assert "you may take The Spice of Life now" in table.status_text()
    click_at(app, area(table, ("mission", 3)).center)  # not fulfilled: nothing happens
    assert table.match.state.taken[0] == []
    click_at(app, area(table, ("mission", 10)).center)
    frames(app, 2)
    assert table.match.state.taken[0] == [10] and table.match.state.actions_left == 4


def test_drop_the_larger_half_rule_by_pictures(app):
    s = blank(2, split_rule="larger")
    lay(s, {(2, 5): "NS", (3, 5): "NS"})
    put_cart(s, 0, (2, 5), "S", speed=1, load=(0, 1, 0, 0, 0))
    put_cart(s, 2, (3, 5), "S", load=(0, 2, 1, 0, 0))
    table = start_at(app, s, [Seat("bot", "Bot", "easy"), Seat("human", "Ben")])
    wait_for_human(app, table)
    state = table.match.state
    assert state.pending() == "drop"
    ask = table.game.ask()
    assert ask.pictures and len(ask.options) == len(state.legal_actions())
    choice = state.legal_actions()[-1]
    choose(app, table, len(ask.options) - 1)
    frames(app, 2)
    dropped = [e for _, e in table.match.events if isinstance(e, S.GemsDropped)]
    assert dropped[0].gems == choice.gems


def test_cart_path_follows_straights_and_curves():
    import math

    pygame.font.init()
    lay_ = Layout((1280, 800), 2, 3)
    track = path_track(lay_, [(1, 1), (2, 1), (2, 2)])  # south, then a curve to the east
    assert track(0)[0] == lay_.centre((1, 1)) and track(0)[1] == 180
    end, angle = track(2)
    assert end == pytest.approx(lay_.centre((2, 2))) and angle == 270
    (x, y), angle = track(1)
    cx, cy = lay_.centre((2, 1))
    corner = (cx + lay_.cell / 2, cy - lay_.cell / 2)
    assert math.dist((x, y), corner) == pytest.approx(lay_.cell / 2)
    assert angle == pytest.approx(225)


# --- what the table shows as it plays -------------------------------------------------------------
@pytest.mark.parametrize("players,seed", keep_first([(2, 31), (1, 32), (4, 33)], 2))
@pytest.mark.long
def test_after_every_step_played_to_its_end_the_board_shows_the_engine_state(players, seed):
    """Issue 18: at normal speed each step lands as its animations end (drawn along the way);
    once the queue is empty the board shows exactly the match's state, and the log is the one
    rebuilt from the match."""
    import random

    from tests.engine.off_the_rails.helpers import track_policy

    app = make_app(instant=False, background_saves=True)
    app.manager.push(TitleScene(app))
    table = start(app, [Seat("human", f"P{i}") for i in range(players)], seed=seed, options={})
    match = table.match
    rng = random.Random(seed)
    surface = pygame.Surface(app.size)
    count = 0
    while not match.is_terminal() and count < 2000:
        play_out_animations(table, surface, dt=0.14)
        assert table.shown.to_dict() == match.state.to_dict()
        before = match.state.clone()
        if match.is_chance():
            events = match.advance_chance()
        else:
            events = match.apply(track_policy(match.state, rng))
        present(table, events, before)
        if count % 40 == 0:
            while table.player.busy:
                table.player.update(0.14)
            live = list(table.log_lines)
            table.rebuild_log()
            assert table.log_lines == live
        count += 1
    while table.player.busy:
        table.player.update(0.14)
    assert match.is_terminal() and table.shown.to_dict() == match.state.to_dict()
    app.autosaver.close()
    close_apps()


def test_the_log_names_computer_players_without_their_level(app):
    """Issue 18, finding 6: the log reads "Bot 1's white cart"."""
    table = start(app, [Seat("bot", "Bot 1 (Easy)", "easy"), Seat("human", "Ana")], seed=8)
    wait_for_human(app, table)
    for _ in range(3):
        human_step(app, table)
        wait_for_human(app, table)
    lines = " ".join(table.log_lines)
    assert "Bot 1 (Easy)" not in lines and "Bot 1 " in lines
    assert table.match.names[0] == "Bot 1 (Easy)"  # the seat keeps its name


def test_no_stale_text_while_the_carts_roll_and_the_rumble_lasts_the_roll():
    """Issue 18, findings 6 and sound: while the table animates the top bar shows what is
    happening (never an old message); a cart's rumble lasts exactly its roll on the table."""
    from tests.scenes.test_sound import RecordingBoard

    app = make_app(instant=False)
    board = RecordingBoard(app.settings)
    app.sound = board
    app.manager.push(TitleScene(app))
    s = blank(2)
    lay(s, {(0, 5): "NS", (1, 5): "NS", (2, 5): "NS", (3, 5): "NS"})
    put_cart(s, 0, (-1, 5), "S", speed=4)
    table = start_at(app, s, [Seat("human", "Ana"), Seat("human", "Ben")])
    wait_for_human(app, table)
    table.say("Click an empty square to lay a curve (R or the wheel turns it).", 30)
    board.heard.clear()
    move_carts(app, enter=True)
    assert table.player.busy and table.current_message() == ""
    rolling = [h for h in board.heard if h[0] == "cart_rolling"]
    for _ in range(40):
        if rolling:
            break
        assert "lay a curve" not in table.status_text()
        frames(app, 1, dt=0.05)
        rolling = [h for h in board.heard if h[0] == "cart_rolling"]
    assert table.status_text().startswith("Ana's white cart rolls 4 squares")
    path = ((-1, 5), (0, 5), (1, 5), (2, 5), (3, 5))
    assert rolling[0][3] == pytest.approx(table.duration(roll_seconds(path)))
    assert table.player.queue.groups[0][0][0].duration == pytest.approx(rolling[0][3])
    close_apps()


@pytest.mark.long
def test_the_end_shows_the_last_derailments_then_a_beat_then_the_sheet():
    """Issue 18, finding 7: the last chasm token and each cart derailed at the end are shown
    (one step each), then the game-over banner, then a beat, then the score sheet. The top bar
    says the game is over only once the board shows its end."""
    app = make_app(instant=False)
    app.manager.push(TitleScene(app))
    s = blank(2)
    lay(s, {(0, 5): "NS", (8, 2): "EW"})
    put_cart(s, 0, (0, 5), "S", speed=1, load=(0, 1, 0, 0, 0))
    put_cart(s, 2, (8, 2), "W", load=(0, 0, 1, 0, 0))
    s.chasm = {(0, 0): "red"}
    s.chasm_card_seen = s.chasm_phase = s.chasm_turn = True
    s.token_supply = {"red": 0, "yellow": 0, "green": 0, "blue": 0}
    s.piles = []
    for index in range(19):  # 19 tokens placed, the 20th goes next
        s.chasm[(11, index % 12) if index < 12 else (10, index - 12)] = "red"
    s.tasks = tasks_from_lists(("chasm_place", "red"), ("end_turn",))
    s.actions_left = 0
    s._legal = None
    table = start_at(app, s, [Seat("human", "Ana"), Seat("human", "Ben")])
    wait_for_human(app, table)
    click_square(app, table, sorted(table.game.view().glow)[0])
    shown = []
    waited = 0.0
    for _ in range(400):
        if isinstance(app.manager.top, GameOverScene):
            break
        if table.player.busy:
            shown.append(table.caption)
            # the top bar tells what the board shows; the end only once it is shown
            assert table.status_text() == table.caption
        elif table.match.is_terminal():
            waited += 0.1
            assert table.status_text().startswith("The game is over.")
        frames(app, 1, dt=0.1)
    assert isinstance(app.manager.top, GameOverScene)
    captions = [c for i, c in enumerate(shown) if i == 0 or c != shown[i - 1]]
    opened = [c for c in captions if "chasm opened" in c]
    derails = [c for c in captions if "derailed" in c]
    assert opened and len(derails) == 2 and captions[-1].startswith("The game is over")
    assert captions.index(opened[0]) < captions.index(derails[0])
    assert waited >= 1.5  # a beat before the sheet
    close_apps()


@pytest.mark.long
def test_animated_bot_game_draws_every_step_without_error():
    """Normal animation speed on a coarse clock: every animation of a whole game gets drawn
    (every other frame: each animation spans several)."""
    a = make_app(instant=False)
    try:
        a.manager.push(TitleScene(a))
        seats = [Seat("bot", "Bot 1", "easy"), Seat("bot", "Bot 2", "easy")]
        table = start(a, seats, seed=33)
        kinds = set()
        for _ in range(10000):
            if isinstance(a.manager.top, GameOverScene):
                break
            if table.player.busy:
                kinds |= {
                    x.draw_fn.__qualname__.split(".")[0]
                    for x in table.player.queue.groups[0][0]
                    if x.draw_fn
                }
            frames(a, 2, dt=0.15, draw=False)  # the second is drawn
        assert isinstance(a.manager.top, GameOverScene)
        assert {"roll", "tile_drop", "gems_fall", "card_revealed"} <= kinds
    finally:
        close_apps()


def test_clans_carry_their_marks_with_the_colour_pattern_setting(app):
    """Issue 18, finding 5: with the colour-pattern setting each clan's carts and surface
    strip carry its emblem: the drawn pixels differ from the colour-only table."""
    s = blank(2)
    put_cart(s, 0, (2, 5), "S")
    table = start_at(app, s, [Seat("human", "Ana"), Seat("human", "Ben")])
    wait_for_human(app, table)
    surface = pygame.Surface(app.size)
    square = table.game.layout().square((2, 5))
    strip = table.game.layout().square((-1, 3))
    shots = {}
    for marks in (False, True):
        app.settings.colorblind_patterns = marks
        table.draw_board(surface)
        shots[marks] = (
            pygame.image.tobytes(surface.subsurface(square), "RGB"),
            pygame.image.tobytes(surface.subsurface(strip), "RGB"),
        )
    assert shots[True][0] != shots[False][0] and shots[True][1] != shots[False][1]
    assert oa.cart_top(40, oa.clan("red"), "white", "red") is not oa.cart_top(
        40, oa.clan("red"), "white"
    )


@pytest.mark.long
def test_score_sheet_names_players_and_clans_and_seat_colours_follow_the_clans(app):
    table = start(app, [Seat("bot", "Ana", "easy"), Seat("bot", "Ben", "easy")], seed=4)
    over = run_to_score_sheet(app, 6000, dt=0.25)
    assert isinstance(over, GameOverScene)
    state = table.match.state
    notes = [kit.with_names(n, table.match.names) for n in over.sheet["notes"]]
    assert not any("Seat" in n or "Player" in n for n in notes), notes
    for p, name in enumerate(("Ana", "Ben")):
        clan = B.EDGE_COLOUR[state.edges[p]]
        assert any(n.startswith(f"{name}, {clan} clan: ") for n in notes), notes
        assert table.seat_colour(p) == oa.clan(clan)
    frames(app, 2)


def test_solo_hint_gives_a_reason_in_the_second_person(app):
    table = start(app, [Seat("human", "Ana")], seed=5, options={})
    app.settings.bot_budget = 0.2
    wait_for_human(app, table)
    ask_hint(app, table)
    assert table.current_hint() in table.match.legal_actions()
    msg = table.current_message()
    assert msg.startswith("Hint: ") and ". " in msg, msg
    reason = msg.split(". ", 1)[1]
    assert reason != "A sensible move." and "Ana" not in reason, msg
    rects, _ = table.game.view().hint_rects, None
    assert rects  # the hinted move is framed on the board


def test_a_turn_of_four_straights_takes_six_inputs(app):
    """Click counts (issue 18): the tool stays in hand with the rotation chosen, so a turn of
    four straights down a cart's way is the tool, four squares and Enter: six inputs, and
    the cart then rolls without a further question."""
    s = blank(2)
    put_cart(s, 0, (-1, 5), "S", speed=4)
    table = start_at(app, s, [Seat("human", "Ana"), Seat("human", "Ben")])
    wait_for_human(app, table)
    inputs = 0
    click(app, find_button(app, "Straight"))
    inputs += 1
    hover(app, area(table, ("square", 0, 5)).center)
    while table.game.view().ghost[1] != "NS":  # the rotation: once, and only if needed
        key(app, pygame.K_r)
    for row in range(4):
        click_square(app, table, (row, 5))
        inputs += 1
        assert table.game.selection.tool == (
            "straight" if row < 3 else None
        )  # none: no action left
    assert [e.action for e in table.match.history[-4:]] == [
        S.PlaceTile(row, 5, "NS") for row in range(4)
    ]
    key(app, pygame.K_RETURN)
    inputs += 1
    wait_for_human(app, table)
    assert inputs == 6
    assert table.match.state.carts[0].square == (3, 5)  # rolled its 4 squares
    assert table.match.state.player == 1  # and the turn went on to Ben


@pytest.mark.long
def test_replay_from_the_score_sheet_plays_the_game_again_to_the_same_end(app):
    """Replay (score sheet): the same game step by step, then To end: the same final position,
    the same log, and the table shows it."""
    table = start(app, [Seat("human", "Ana"), Seat("bot", "Bot 1 (Easy)", "easy")], seed=12)
    over = play_to_end(app, table, human_step)
    final, log = table.match.state.to_dict(), list(table.log_lines)
    click(app, find_button(app, "Replay"))
    frames(app, 2)
    replay = app.manager.top
    assert isinstance(replay.game, OffTheRailsTable) and replay.replay is not None
    frames(app, 20, dt=0.5)  # it plays on by itself
    assert 0 < replay.cursor.position < replay.cursor.length == len(replay.replay)
    click(app, find_button(app, ">|"))
    frames(app, 2)
    assert replay.match.state.to_dict() == final == replay.shown.to_dict()
    assert replay.log_lines == log
    assert over.sheet == replay.match.state.score_sheet()


def test_the_tool_stays_in_hand_after_each_tile_at_normal_speed():
    """Issue 18 (second look): with animations on, the tool chosen stays in hand after each
    tile drops in, until the person changes it or it is no longer available (no action left)."""
    app = make_app(instant=False)
    app.manager.push(TitleScene(app))
    s = blank(2)
    put_cart(s, 0, (-1, 5), "S", speed=4)
    table = start_at(app, s, [Seat("human", "Ana"), Seat("human", "Ben")])
    wait_for_human(app, table)
    click(app, find_button(app, "Curve"))
    click(app, find_button(app, "Straight"))
    for row in range(3):
        click_square(app, table, (row, 5))
        assert table.player.busy  # the tile drops in: the button stays as it was, no flicker
        straight = find_button(app, "Straight")
        assert straight.is_enabled and straight.is_selected
        wait_for_human(app, table)
        frames(app, 3)
        assert table.match.history[-1].action == S.PlaceTile(row, 5, "NS")
        assert table.game.selection.tool == "straight"
        assert find_button(app, "Straight").is_selected
    click(app, find_button(app, "Curve"))  # the player changes it
    click_square(app, table, (3, 5))
    wait_for_human(app, table)
    frames(app, 3)
    assert table.game.selection.tool is None  # no action left: nothing to lay with it
    assert find_button(app, "Move carts").is_selected
    for label in ("Straight", "Curve", "Upgrade"):  # off, and drawn so (not selected)
        button = find_button(app, label)
        assert not button.is_enabled and not button.is_selected
        assert button.drawable_shape.active_state.state_id == "disabled"
    close_apps()


def a_chasm_token_to_place(app):
    """A table where Ana, her actions done, must place a red chasm token next to the one on
    D4."""
    s = blank(2)
    s.chasm = {(3, 3): "red"}
    s.tasks = tasks_from_lists(("chasm_place", "red"), ("end_turn",))
    s.actions_left = 0
    s._legal = None
    table = start_at(app, s, [Seat("human", "Ana"), Seat("human", "Ben")])
    wait_for_human(app, table)
    return table


def test_a_hinted_chasm_square_is_framed_and_one_click_takes_it_not_enter(app):
    """Issue 42, finding 7: Enter took the hint and also ended turns; each key does one thing.
    The hint frames the chasm square and says that a click there makes it; Enter does not."""
    table = a_chasm_token_to_place(app)
    hint = ask_hint(app, table)
    assert isinstance(hint, S.PlaceChasmToken)
    assert table.current_message().endswith(" Click the framed square to make this move.")
    before = len(table.match.history)
    key(app, pygame.K_RETURN)
    assert len(table.match.history) == before and app.manager.top is table
    (framed,) = table.game.view().hint_rects
    assert table.game.layout().square_at(framed.center) == (hint.row, hint.col)
    click_at(app, framed.center)
    frames(app, 2)
    assert table.match.history[before].action == hint


def test_a_hint_in_the_action_phase_prepares_the_tool_and_one_click_makes_it(app):
    """Issue 42: the hint prepares the controls as Diced Tomatoes picks up its hinted die: the
    tool in hand, turned as hinted; one click on the framed square makes the move. Enter still
    only ends the action phase, and asks first with actions left."""
    table = first_turn(app)
    hint = ask_hint(app, table)
    assert isinstance(hint, (S.PlaceCart, S.PlaceTile)), hint
    if isinstance(hint, S.PlaceCart):
        button = "Place cart"
    else:
        button = "Straight" if hint.exits in B.STRAIGHTS else "Curve"
    assert find_button(app, button).is_selected  # the tool is in hand
    message = table.current_message()
    assert message.startswith("Hint: ")
    assert message.endswith(" Click the framed square to make this move.")
    before = len(table.match.history)
    key(app, pygame.K_RETURN)
    assert isinstance(app.manager.top, ConfirmScene)
    assert app.manager.top.question == "End the action phase with 4 actions left?"
    key(app, pygame.K_ESCAPE)  # No: back to the table, nothing done
    assert app.manager.top is table and len(table.match.history) == before
    # play-test: the tool's key pressed after the hint put the tool down; now it keeps it
    key(app, {"Straight": pygame.K_s, "Curve": pygame.K_c, "Place cart": pygame.K_p}[button])
    assert find_button(app, button).is_selected
    (framed,) = table.game.view().hint_rects
    click_at(app, framed.center)
    frames(app, 2)
    assert table.match.history[before].action == hint


def test_an_early_enter_in_solo_asks_before_a_cart_derails_and_no_keeps_the_turn(app):
    """Issue 42, the reported case: in solo an early Enter ended the turn with 4 actions unused
    and a cart derailing out of the game. Enter and Move carts ask first, naming the actions
    left and the cart; No keeps the turn as it was, Yes (Move carts) ends the action phase."""
    s = blank(1)
    lay(s, {(0, 5): "NS"})
    put_cart(s, 1, (-1, 5), "S", speed=3)
    table = start_at(app, s, [Seat("human", "Ana")])
    wait_for_human(app, table)
    key(app, pygame.K_RETURN)
    ask = app.manager.top
    assert isinstance(ask, ConfirmScene)
    assert ask.question == "End the action phase with 4 actions left? Your yellow cart derails."
    key(app, pygame.K_ESCAPE)
    assert app.manager.top is table and not table.match.history
    assert table.match.state.actions_left == 4
    click(app, find_button(app, "Move carts"))
    assert isinstance(app.manager.top, ConfirmScene)
    click(app, find_button(app, "Move carts"))  # the question's Yes says what it does
    wait_for_human(app, table)
    assert [h.action for h in table.match.history][:1] == [S.EndActions()]
    assert any(isinstance(e, S.CartDerailed) for _, e in table.match.events)


def test_with_upgrade_in_hand_the_top_bar_names_the_t_junction_under_the_pointer(app):
    """Issue 42: the top bar says which T-junction a click lays and that R turns it; the click
    lays the one named."""
    from engine.off_the_rails.words import tile_words

    s = blank(2)
    lay(s, {(5, 2): "NS"})
    table = start_at(app, s, [Seat("human", "Ana"), Seat("human", "Ben")])
    wait_for_human(app, table)
    click(app, find_button(app, "Upgrade"))
    assert "(R or the wheel turns it)" in table.status_text()  # the pointer is off the board
    hover(app, area(table, ("square", 5, 2)).center)
    first = table.status_text()
    key(app, pygame.K_r)
    second = table.status_text()
    exits = table.game.view().ghost[1]
    assert first != second
    assert second == (
        f"Ana: click to upgrade C6 to {tile_words(exits)} (R or the wheel turns it)"
        " · 4 actions left"
    )
    click_square(app, table, (5, 2))
    assert table.match.history[-1].action == S.UpgradeTile(5, 2, exits)


def test_a_hint_says_its_move_once_then_what_the_reason_adds(app):
    """Play-test: "Open the chasm on D5. Opens the chasm on D5…" said the move twice: the
    reason, which says the move, stands alone."""
    table = a_chasm_token_to_place(app)
    action = S.PlaceChasmToken(2, 3)
    reason = table.match.spec.bots.explain(table.match.state, action, table.match.names)
    assert reason.startswith("Opens the chasm on ")
    message = table.hint_message(action)
    assert message == f"Hint: {reason}"
    assert table.match.state.action_to_string(action, table.match.names) not in message


def test_a_squares_tooltip_goes_when_it_is_clicked_and_comes_back_on_another(app, monkeypatch):
    """Play-test: after a chasm token went down, the old square's tooltip stayed up over the
    squares where the next token goes. A click hides the tooltip of the target clicked until
    the pointer is on another target."""
    s = blank(2)
    s.chasm = {(3, 3): "red"}
    s.tasks = tasks_from_lists(("chasm_place", "red"), ("chasm_place", "red"), ("end_turn",))
    s.actions_left = 0
    put_gems(s, (2, 3), (1, 0, 0, 0, 0))
    put_gems(s, (5, 5), (0, 1, 0, 0, 0))
    table = start_at(app, s, [Seat("human", "Ana"), Seat("human", "Ben")])
    wait_for_human(app, table)
    shown = []
    monkeypatch.setattr(kit, "draw_tooltip", lambda surface, rect, lines: shown.append(lines))
    square = area(table, ("square", 2, 3)).center
    hover(app, square)
    frames(app, 1)
    assert shown  # a square's tooltip shows while the pointer rests on it
    click_at(app, square)
    wait_for_human(app, table)
    assert (2, 3) in table.match.state.chasm
    shown.clear()
    frames(app, 2)
    assert not shown  # the clicked square keeps its tooltip down
    hover(app, area(table, ("square", 5, 5)).center)
    frames(app, 1)
    assert shown  # another square's shows again


def test_putting_a_cart_in_glows_white_on_your_edge(app):
    """Play-test finding: with Place cart chosen the yellow glow read as orange on the red
    strip and could not be seen; it is white, and it lies on the person's own edge."""
    from scenes.tables.off_the_rails.marks import CART_GLOW

    table = first_turn(app)
    key(app, pygame.K_p)
    view = table.game.view()
    assert view.glow_colour == CART_GLOW
    edge_squares = {(-1, col) for col in range(12)}  # Ana took the north edge
    assert view.glow and set(view.glow) <= edge_squares


@pytest.mark.parametrize("size", WINDOW_SIZES)
def test_the_edge_question_leaves_the_deposits_in_sight_and_its_buttons_choose(size):
    """Issue 42, finding 7: the edge-choice dialog covered a third of the board, the deposits
    that decide the choice among it. Its panel, as drawn, covers no deposit; a click on one of
    its buttons (where the layout puts it) chooses that edge."""
    from scenes.tables.off_the_rails.layout import PROMPT_MARGIN

    app = make_app(size=size)
    app.manager.push(TitleScene(app))
    table = start(app, [Seat("human", "Ana"), Seat("bot", "Bot", "easy")], seed=7)
    wait_for_human(app, table)
    state = table.match.state
    assert state.pending() == "edge" and state.gems
    from scenes.tables.off_the_rails.marks import CART_GLOW

    # a play-test: a yellow glow made the red, green and blue strips orange, olive and grey
    assert table.game.view().glow_colour == CART_GLOW
    panel, _rects = table.game.view().prompt_boxes
    drawn = panel.inflate(2 * PROMPT_MARGIN, 2 * PROMPT_MARGIN)
    lay_ = table.game.layout()
    assert [sq for sq in state.gems if drawn.colliderect(lay_.square(sq))] == []
    ask = table.game.ask()
    choose(app, table, 2)
    assert table.match.history[-1].action == ask.options[2].action == S.ChooseEdge("south")
    close_apps()


@pytest.mark.parametrize("size", quick_first([(1024, 640), (1280, 800)], one_argument=True))
def test_path_tags_and_the_hint_label_keep_off_the_mine_centres_and_each_other(size):
    """Issue 42, finding 7: "stop" sat on the yellow mine's crown, and the hint's label on the
    tags. At the table, with a hint asked, every tag drawn keeps off the mine centres and the
    other tags, while the pointer moves over the board with a tool in hand."""
    app = make_app(size=size)
    app.manager.push(TitleScene(app))
    app.settings.bot_budget = 0.2
    s = blank(2)
    lay(s, {(3, col): "EW" for col in range(12)})
    lay(s, {(6, col): "EW" for col in range(12)})
    put_cart(s, 0, (3, 2), "E", speed=5)
    put_cart(s, 1, (6, 1), "E", speed=6)
    put_gems(s, (6, 5), (0, 1, 1, 0, 0))
    table = start_at(app, s, [Seat("human", "Ana"), Seat("human", "Ben")])
    wait_for_human(app, table)
    assert ask_hint(app, table) is not None
    lay_ = table.game.layout()
    centres = [lay_.square(square) for square in B.MINE_CENTRES.values()]
    key(app, pygame.K_c)
    for square in ((2, 7), (4, 6), (5, 5), (7, 3), (3, 10)):
        hover(app, area(table, ("square", *square)).center)
        view = table.game.view()
        shown = [*view.tags, *([view.hint_tag] if view.hint_tag else [])]
        assert len(view.tags) >= 3
        for index, tag in enumerate(shown):
            assert tag.rect.collidelist(centres) < 0, tag
            assert not any(other.rect.colliderect(tag.rect) for other in shown[:index]), tag
    # play-test (pt50, Japanese): a junction in front of a deposit where the cart picks twice
    # stacked "you pick one" twice for one square; one tag counts both picks, none overlap
    previous = translation.current_language()
    translation.set_language("ja")
    try:
        s = blank(2)
        track = {(1, 3): "NS", (2, 3): "NS", (3, 3): "NS", (4, 3): "NSW", (5, 3): "NE"}
        lay(s, {**track, (5, 4): "EW", (4, 2): "EW", (4, 1): "EW", (4, 0): "EW"})
        put_cart(s, 0, (2, 3), "S", speed=4)
        put_gems(s, (5, 4), (0, 2, 1, 0, 0))
        put_gems(s, (4, 3), (0, 1, 0, 1, 0))
        paths = preview_paths(s)
        picks = [c for c in paths[0].branches[0].choices if c.kind == "gem"]
        assert [c.square for c in picks] == [(5, 4), (5, 4)]  # the engine asks twice there
        tags = path_tags(lay_, s, paths)
        said = [(tag.words, tag.square, tag.gems) for tag in tags]
        assert sorted(said) == sorted(set(said))
        assert said.count(("宝石を2つ選ぶ：", (5, 4), ("ruby", "emerald"))) == 1
        assert [words for words, square, _gems in said if square == (5, 4)].count("1つ選ぶ：") == 0
        assert {tag.square for tag in tags} == {(4, 3), (5, 4), (4, 1)}
        for index, tag in enumerate(tags):
            assert tag.rect.collidelist(centres) < 0, tag
            assert not any(other.rect.colliderect(tag.rect) for other in tags[:index]), tag
    finally:
        translation.set_language(previous)
    close_apps()


@pytest.mark.parametrize("size", WINDOW_SIZES)
def test_gems_under_a_cart_show_on_a_strip_in_its_square_and_gems_are_big_enough(size):
    """Play-test: gems dropped on a cart's square were hard to see (after issue 42, finding 7,
    small gems at its bottom corners, half on the neighbouring squares). At the table, what
    the gems change (a pale strip, the cart shrunk above it) stays on the cart's square; each
    kind's gem is drawn whole, in sight; the board's gems are 16 px pictures or more."""
    app = make_app(size=size)
    app.manager.push(TitleScene(app))
    s = blank(2)
    lay(s, {(3, col): "EW" for col in range(12)})
    put_cart(s, 0, (3, 3), "E", speed=2, load=(0, 1, 0, 1, 0))
    put_gems(s, (3, 3), (2, 1, 0, 0, 0))
    table = start_at(app, s, [Seat("human", "Ana"), Seat("human", "Ben")])
    wait_for_human(app, table)
    lay_ = table.game.layout()
    assert lay_.gem_size >= 16
    with_gems = pygame.Surface(app.size)
    table.draw_board(with_gems)
    del table.shown.gems[(3, 3)]
    without = pygame.Surface(app.size)
    table.draw_board(without)
    changed = pygame.mask.from_threshold(with_gems, (0, 0, 0), (1, 1, 1, 255), without, 1)
    changed.invert()  # the pixels the gems changed
    assert changed.count() > 100
    square = lay_.square((3, 3)).inflate(2, 2)  # the die's shadow reaches the square's edge
    assert all(square.contains(box) for box in changed.get_bounding_rects())
    from scenes.tables.off_the_rails.pieces import leftover_items, leftover_strip
    from tests.scenes.off_the_rails.test_draw import visible_share

    strip = leftover_strip(lay_, (3, 3))
    for names, _count, x, _step, _count_x in leftover_items(lay_, (3, 3), (2, 1, 0, 0, 0)):
        gem = oa.gem(names[0], lay_.leftover_gem_size)
        assert visible_share(with_gems, gem, (round(x), strip.centery)) >= 0.95, names
    close_apps()


@pytest.mark.parametrize(
    "size, square, facing",
    quick_first(
        [
            ((1280, 800), (2, 2), "E"),
            ((1024, 640), (3, 2), "S"),
            ((1280, 800), (9, 5), "W"),
            ((1024, 640), (2, 6), "S"),
            ((1280, 800), (-1, 4), "S"),
        ],
        2,
    ),
)
def test_a_carts_tooltip_leaves_the_mine_beside_it_and_its_neighbours_in_sight(
    size, square, facing
):
    """A play-tester's find: a cart's tooltip covered the top squares of the mine next to it.
    It now keeps off the squares around the cart and every mine within two squares of it."""
    app = make_app(size=size)
    try:
        app.manager.push(TitleScene(app))
        s = blank(2)
        for (_colour, number), mine_square in B.MINE_SQUARES.items():
            if number in (1, 2, 3):  # the top rows hold gems, as in the play-test
                put_gems(s, mine_square, (1, 0, 0, 0, 0))
        put_cart(s, 0, square, facing, load=(1, 0, 0, 0, 0))
        table = start_at(app, s, [Seat("human", "Ana"), Seat("bot", "Alice", "easy")])
        wait_for_human(app, table)
        target = next(t for t in table.targets() if t.key == ("square", *square))
        assert target.tooltip[1].startswith("Ana's white cart")
        hover(app, target.bounds.center)
        lay = table.game.layout()
        row, col = square
        keep = [
            ((row + dr, col + dc), lay.square((row + dr, col + dc)))
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if B.on_grid((row + dr, col + dc))
        ]
        for colour, (r, c) in B.MINE_CENTRES.items():
            near = max(abs(r - row), abs(c - col)) <= 3
            if near:
                keep += [
                    (key, lay.square(sq)) for key, sq in B.MINE_SQUARES.items() if key[0] == colour
                ]
        assert any(isinstance(key[0], str) for key, _rect in keep) or row == -1
        rect = table.frame.tooltip_rect(target)
        covered = [key for key, part in keep if rect.colliderect(part)]
        assert covered == [], (rect, covered)
    finally:
        close_apps()


def test_a_hints_reason_names_a_computer_player_as_the_log_does(app, monkeypatch):
    """Play-test: a hint read "Bot 1 (Hard)'s black cart"; the log says "Bot 1's". A reason
    gets the names the log uses, a computer player's level left out."""
    s = blank(2)
    table = start_at(app, s, [Seat("human", "Ana"), Seat("bot", "Bot 1 (Hard)", "hard")])
    heard: list = []
    bots = table.match.spec.bots
    monkeypatch.setattr(bots, "explain", lambda state, action, names: heard.append(names) or "")
    table.hint_message(S.EndActions())
    assert heard == [["Ana", "Bot 1"]]
