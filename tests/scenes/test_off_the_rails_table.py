"""The Off the Rails table scene, played through mouse events at its hit areas (issue 8)."""
import pygame
import pytest

from engine import registry
from engine.match import Match, Seat
from engine.off_the_rails import board as B
from engine.off_the_rails import state as S
from scenes import kit
from scenes.game_over import GameOverScene
from scenes.off_the_rails_table import Layout, OffTheRailsTable
from scenes.pause import PauseScene
from scenes.tables import open_match
from scenes.title import TitleScene
from sprites import off_the_rails_art as oa
from tests.scenes.driver import (area, ask_hint, click, click_at, find_button, frames, key,
                                 make_app, play_to_end, wait_for_human)

SPEC = registry.get("off-the-rails")
SHORT = {"game_length": 13}


@pytest.fixture
def app():
    a = make_app()
    a.manager.push(TitleScene(a))
    yield a
    pygame.quit()


def start(app, seats, seed, options=None):
    match = Match(SPEC, seats, options if options is not None else SHORT, seed)
    open_match(app, match)
    frames(app, 2)
    assert isinstance(app.manager.top, OffTheRailsTable)
    return app.manager.top




def click_square(app, table, sq):
    click_at(app, area(table, ("square", sq[0], sq[1])).center)


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
    """One human decision made with the mouse, as a player would."""
    state = table.match.state
    pending = state.pending()
    if pending == "edge":
        click(app, find_button(app, "North (red clan)"))
        return
    if pending == "actions":
        mine = [i for i in state.carts_of(state.player) if state.carts[i].where == "board"]
        if state.actions_left and not mine and state.cart_placements():
            click(app, find_button(app, "Place cart"))
            click_square(app, table, sorted(table.target_squares())[0])
            return
        ahead = track_ahead(state) if state.actions_left else None
        if ahead:
            sq, exits = ahead
            if table.mode != "straight":
                click(app, find_button(app, "Straight"))
            while table.ghost_exits() != exits:
                key(app, pygame.K_r)
            click_square(app, table, sq)
            return
        click(app, find_button(app, "Move carts"))
        return
    if pending in ("move_cart", "chasm_token"):
        click_square(app, table, sorted(table.target_squares())[0])
        return
    if pending == "exit":
        side, rect = table.exit_arrows()[0]
        click_at(app, rect.center)
        return
    # gem, split, drop, pick, mission: the dialog over the board
    assert table.dialog_buttons, pending
    click(app, table.dialog_buttons[0])




def test_two_player_game_human_vs_bot_by_mouse_reaches_score_sheet(app):
    table = start(app, [Seat("human", "Ana"), Seat("bot", "Bot 1 (Easy)", "easy")], seed=12)
    over = play_to_end(app, table, human_step)
    assert over.sheet == table.match.state.score_sheet()
    assert len(over.sheet["rows"]) == 2
    assert table.match.state.turn >= 6          # a short game still lasts several turns
    kinds = {type(a) for a in (e.action for e in table.match.history if e.player == 0)}
    assert {S.ChooseEdge, S.PlaceCart, S.PlaceTile, S.EndActions} <= kinds


def test_solo_game_by_mouse_shows_result(app):
    table = start(app, [Seat("human", "Ana")], seed=5, options={})
    over = play_to_end(app, table, human_step)
    assert over.sheet == table.match.state.score_sheet()
    assert over.sheet["solo"]["result"] in ("major victory", "victory", "partial victory", "loss")


def test_all_bot_game_reaches_score_sheet(app):
    table = start(app, [Seat("bot", "Bot 1", "easy"), Seat("bot", "Bot 2", "easy"),
                        Seat("bot", "Bot 3", "easy")], seed=4)
    for _ in range(6000):
        if isinstance(app.manager.top, GameOverScene):
            break
        frames(app, 1, dt=0.25)
    over = app.manager.top
    assert isinstance(over, GameOverScene)
    assert over.sheet == table.match.state.score_sheet()


def test_tile_ghost_legality_matches_engine_on_every_square(app):
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    wait_for_human(app, table)
    human_step(app, table)  # choose the edge
    wait_for_human(app, table)
    click(app, find_button(app, "Curve"))
    assert table.mode == "curve"
    state = table.match.state
    for r in range(12):
        for c in range(12):
            rect = area(table, ("square", r, c))
            frames(app, 1, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center,
                                                       rel=(0, 0), buttons=(0, 0, 0))])
            assert table.hover == (r, c)
            exits, legal, reason = table.ghost_at((r, c))
            action = S.PlaceTile(r, c, exits)
            assert legal == (action in state.legal_actions())
            assert reason == state.refusal(action)
    centre = B.MINE_CENTRES["red"]
    click_square(app, table, centre)
    assert table.current_message() == "No track may be placed on a mine centre."
    # a legal click places exactly the ghost's shape
    key(app, pygame.K_r)
    exits = table.ghost_exits()
    click_square(app, table, (0, 0))
    assert table.match.history[-1].action == S.PlaceTile(0, 0, exits)


def test_upgrade_offers_the_engine_shapes(app):
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    wait_for_human(app, table)
    human_step(app, table)
    wait_for_human(app, table)
    click(app, find_button(app, "Straight"))
    click_square(app, table, (9, 9))
    click(app, find_button(app, "Upgrade"))
    assert (9, 9) in table.target_squares()
    click_square(app, table, (9, 9))
    labels = [b.text for b in table.dialog_buttons]
    assert len(labels) == len(table.match.state.upgrades_at(9, 9)) == 2
    click(app, table.dialog_buttons[0])
    assert isinstance(table.match.history[-1].action, S.UpgradeTile)
    assert len(table.match.state.tiles[(9, 9)]) == 3


def test_undo_and_restart_turn_by_keyboard(app):
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    wait_for_human(app, table)
    human_step(app, table)
    wait_for_human(app, table)
    start_state = table.match.state.to_dict()
    click(app, find_button(app, "Place cart"))
    click_square(app, table, sorted(table.target_squares())[0])
    human_step(app, table)
    assert len(table.match.state.tiles) == 1
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert not table.match.state.tiles
    assert table.shown.to_dict() == table.match.state.to_dict()
    key(app, pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    # back to the last boundary the engine allows: no tile, no cart placed this turn
    state = table.match.state
    assert not state.tiles and all(k.where == "supply" for k in state.carts)
    assert table.shown.to_dict() == state.to_dict()
    del start_state


def test_speed_buttons_change_the_selected_cart(app):
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    wait_for_human(app, table)
    human_step(app, table)
    wait_for_human(app, table)
    click(app, find_button(app, "Place cart"))
    click_square(app, table, sorted(table.target_squares())[0])
    click(app, find_button(app, "Speed +"))
    cart = table.match.history[-1].action.cart
    assert table.match.state.carts[cart].speed == 4
    assert table.match.state.actions_left == 2
    # a second cart: the speed buttons act on the cart clicked last
    click(app, find_button(app, "Place cart"))
    click_square(app, table, sorted(table.target_squares())[-1])
    first_square = table.match.state.carts[cart].square
    click(app, find_button(app, "Straight"))
    click_square(app, table, first_square)  # clicking your cart selects it, even in a mode
    assert table.selected_cart == cart
    click(app, find_button(app, "Speed −"))
    assert table.match.history[-1].action == S.ChangeSpeed(cart, -1)
    assert table.match.state.carts[cart].speed == 3


def test_hover_shows_the_engine_path(app):
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    wait_for_human(app, table)
    human_step(app, table)
    wait_for_human(app, table)
    click(app, find_button(app, "Place cart"))
    sq = sorted(table.target_squares())[0]
    click_square(app, table, sq)
    human_step(app, table)  # a straight in front of it
    ci = table.match.state.cart_at(sq)
    path, end = table.preview_path(ci)
    assert path[0] == sq and len(path) == 2 and end == "derail"


def test_save_from_pause_and_load_back_identical(app):
    from saves import store
    table = start(app, [Seat("human", "Ana"), Seat("bot", "Bot 1 (Easy)", "easy")], seed=12)
    wait_for_human(app, table)
    human_step(app, table)
    wait_for_human(app, table)
    human_step(app, table)
    state = table.match.state.to_dict()
    had_mode = table.mode is not None
    key(app, pygame.K_ESCAPE)
    if had_mode:
        assert table.mode is None  # the first Esc drops the half-made choice
        key(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, PauseScene)
    click(app, find_button(app, "Save"))      # asks for a name
    click(app, find_button(app, "Save"))      # saves under the default name
    saved = [i for i in store.list_saves() if not i.is_autosave][0]
    loaded = store.load(saved.path)
    assert loaded.state.to_dict() == state
    # and back through the menus: title, Load game, Load
    click(app, find_button(app, "Quit to title"))
    assert isinstance(app.manager.top, TitleScene)
    click(app, find_button(app, "Load game"))
    load = [b for b in app.ui.get_sprite_group().sprites() if getattr(b, "text", None) == "Load"
            and b.visible and b.is_enabled]
    click(app, load[0])
    table = app.manager.top
    assert isinstance(table, OffTheRailsTable)
    assert table.match.state.to_dict() == state and table.shown.to_dict() == state


def test_resize_mid_game_keeps_working(app):
    table = start(app, [Seat("human", "Ana"), Seat("bot", "Bot 1 (Easy)", "easy")], seed=12)
    wait_for_human(app, table)
    human_step(app, table)
    wait_for_human(app, table)
    app.resize((1024, 640))
    frames(app, 2)
    table = app.manager.top
    for rect, _ in table.hit_areas():
        assert rect.right <= 1024 - table.log_width and rect.bottom <= 640
    before = len(table.match.history)
    human_step(app, table)
    assert len(table.match.history) > before


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_layout_fits_with_four_players(size):
    w, h = size
    lay = Layout(pygame.Rect(0, 44, w - 316, h - 44))
    assert lay.board.contains(lay.frame) and lay.board.contains(lay.side)
    assert not lay.frame.colliderect(lay.side)
    assert lay.side.width >= Layout.SIDE_MIN
    assert lay.cell >= 26


def start_at(app, s, seats):
    """Open a match whose position is the hand-built state ``s``."""
    match = Match(SPEC, seats, SHORT, 1)
    match.set_position(s)
    open_match(app, match)
    frames(app, 2)
    return app.manager.top


@pytest.fixture(params=[True, False], ids=["instant", "animated"])
def any_speed_app(request):
    a = make_app(instant=request.param)
    a.manager.push(TitleScene(a))
    yield a
    pygame.quit()


def test_collision_split_on_hidden_screen_then_mover_picks(any_speed_app):
    from scenes.pass_screen import PassScreen
    app = any_speed_app
    from tests.engine.off_the_rails.helpers import blank, lay, put_cart
    s = blank(2)
    lay(s, {(2, 5): "NS", (3, 5): "NS"})
    put_cart(s, 0, (2, 5), "S", speed=1)
    put_cart(s, 2, (3, 5), "S", load=(0, 2, 1, 0, 0))
    table = start_at(app, s, [Seat("human", "Ana"), Seat("human", "Ben")])
    wait_for_human(app, table)
    click(app, find_button(app, "Move carts"))
    for _ in range(40):
        frames(app, 1, dt=0.1)
    assert isinstance(app.manager.top, PassScreen) and app.manager.top.name == "Ben"
    key(app, pygame.K_RETURN)
    assert table.match.state.pending() == "split"
    assert len(table.dialog_buttons) == len(table.match.state.legal_actions())
    click(app, table.dialog_buttons[0])
    for _ in range(10):
        frames(app, 1, dt=0.1)
    assert isinstance(app.manager.top, PassScreen) and app.manager.top.name == "Ana"
    key(app, pygame.K_RETURN)
    assert table.match.state.pending() == "pick"
    assert [b.text for b in table.dialog_buttons] == ["Pile 1 (2 gems)", "Pile 2 (1 gem)"]
    click(app, table.dialog_buttons[1])
    for _ in range(20):
        frames(app, 1, dt=0.1)
    dropped = [e for _, e in table.match.events if isinstance(e, S.GemsDropped)]
    assert dropped and sum(dropped[0].gems) == 1
    assert table.shown.gems.get((3, 5)) == table.match.state.gems.get((3, 5))


def test_junction_arrows_and_jewel_choice(any_speed_app):
    app = any_speed_app
    from tests.engine.off_the_rails.helpers import blank, lay, put_cart, put_gems
    s = blank(2)
    lay(s, {(2, 5): "NS", (3, 5): "NES", (3, 6): "EW", (4, 5): "NS"})
    put_cart(s, 0, (2, 5), "S", speed=3)
    put_gems(s, (3, 5), (0, 1, 1, 0, 0))
    table = start_at(app, s, [Seat("human", "Ana"), Seat("bot", "Bot", "easy")])
    wait_for_human(app, table)
    ci = 0
    path, end = table.preview_path(ci)
    assert path == [(2, 5), (3, 5)] and end == "choice"
    click(app, find_button(app, "Move carts"))
    wait_for_human(app, table)
    assert table.match.state.pending() == "gem"
    assert {b.text for b in table.dialog_buttons} == {"Take the ruby", "Take the emerald"}
    click(app, find_button(app, "Take the emerald"))
    wait_for_human(app, table)
    assert table.match.state.pending() == "exit"
    sides = {side for side, _ in table.exit_arrows()}
    assert sides == {"E", "S"}
    click_at(app, dict(table.exit_arrows())["E"].center)
    assert S.ChooseExit("E") in [e.action for e in table.match.history]
    took = [e for _, e in table.match.events if isinstance(e, S.GemTaken)]
    assert took[0].gem == "emerald"


def test_animated_bot_game_draws_every_step_without_error():
    """Normal animation speed on a coarse clock: every animation of a whole game gets drawn."""
    a = make_app(instant=False)
    try:
        a.manager.push(TitleScene(a))
        seats = [Seat("bot", "Bot 1", "easy"), Seat("bot", "Bot 2", "easy")]
        table = start(a, seats, seed=21)
        kinds = set()
        for _ in range(20000):
            if isinstance(a.manager.top, GameOverScene):
                break
            if table.anims.busy:
                kinds |= {type(x.draw_fn.__self__).__name__ if hasattr(x.draw_fn, "__self__")
                          else x.draw_fn.__qualname__.split(".")[1]
                          for x in table.anims.groups[0][0] if x.draw_fn}
            frames(a, 1, dt=0.15)
        assert isinstance(a.manager.top, GameOverScene)
        assert {"anim_move", "anim_tile", "anim_gems_fall", "anim_card"} <= kinds
    finally:
        pygame.quit()


def test_two_missions_at_once_offer_a_choice(app):
    from tests.engine.off_the_rails.helpers import blank, lay, put_cart
    s = blank(2)
    lay(s, {(2, 5): "NS", (3, 5): "NS"})
    put_cart(s, 0, (2, 5), "S", speed=1, load=(0, 1, 0, 0, 0))
    put_cart(s, 2, (3, 5), "N", load=(0, 1, 0, 0, 0))
    s.missions, s.dealt = [7, 8, 3], [7, 8, 3]
    table = start_at(app, s, [Seat("human", "Ana"), Seat("bot", "Bot", "easy")])
    wait_for_human(app, table)
    click(app, find_button(app, "Move carts"))
    wait_for_human(app, table)
    assert table.match.state.pending() == "mission"
    assert {b.text for b in table.dialog_buttons} == {"Take Head to Head", "Take Jewel Heist"}
    click(app, find_button(app, "Take Jewel Heist"))
    frames(app, 2)
    assert table.match.state.taken[0] == [8]


def test_a_held_mission_is_taken_by_clicking_its_card_in_the_action_phase(app):
    """Missions: The Spice of Life, once it holds, may be taken at any point of the turn: its
    card glows in the action phase and a click takes it (no action spent)."""
    from tests.engine.off_the_rails.helpers import blank
    s = blank(2)
    s.missions, s.dealt = [10, 3, 7], [10, 3, 7]
    s.stockpiles[0] = (0, 1, 1, 1, 1)
    s.bag = (12, 23, 14, 9, 4)
    table = start_at(app, s, [Seat("human", "Ana"), Seat("bot", "Bot", "easy")])
    wait_for_human(app, table)
    assert "you may take The Spice of Life now" in table.status_text()
    click_at(app, area(table, ("mission", 3)).center)          # not fulfilled: nothing happens
    assert table.match.state.taken[0] == []
    click_at(app, area(table, ("mission", 10)).center)
    frames(app, 2)
    assert table.match.state.taken[0] == [10] and table.match.state.actions_left == 4


def test_drop_the_larger_half_rule_by_pictures(app):
    from tests.engine.off_the_rails.helpers import blank, lay, put_cart
    s = blank(2, split_rule="larger")
    lay(s, {(2, 5): "NS", (3, 5): "NS"})
    put_cart(s, 0, (2, 5), "S", speed=1, load=(0, 1, 0, 0, 0))
    put_cart(s, 2, (3, 5), "S", load=(0, 2, 1, 0, 0))
    table = start_at(app, s, [Seat("bot", "Bot", "easy"), Seat("human", "Ben")])
    wait_for_human(app, table)
    state = table.match.state
    assert state.pending() == "drop"
    assert len(table.dialog_buttons) == len(state.legal_actions())
    assert all(b.text == "" for b in table.dialog_buttons)  # gem pictures instead of words
    choice = state.legal_actions()[-1]
    click(app, table.dialog_buttons[-1])
    frames(app, 2)
    dropped = [e for _, e in table.match.events if isinstance(e, S.GemsDropped)]
    assert dropped[0].gems == choice.gems


def test_cart_path_follows_straights_and_curves():
    import math
    from scenes.off_the_rails_table import path_track
    lay = Layout(pygame.Rect(0, 44, 964, 756))
    track = path_track(lay, [(1, 1), (2, 1), (2, 2)])  # south, then a curve to the east
    assert track(0)[0] == lay.centre((1, 1)) and track(0)[1] == 180
    end, angle = track(2)
    assert end == pytest.approx(lay.centre((2, 2))) and angle == 270
    # halfway round the curve the cart is half a cell from the corner it turns round
    (x, y), angle = track(1)
    cx, cy = lay.centre((2, 1))
    corner = (cx + lay.cell / 2, cy - lay.cell / 2)
    assert math.dist((x, y), corner) == pytest.approx(lay.cell / 2)
    assert angle == pytest.approx(225)


def test_score_sheet_names_players_and_clans_and_seat_colours_follow_the_clans(app):
    """The score screen's notes name each player with their clan and gems (no "Seat N"); the
    table gives each seat its clan's colour (blue and yellow here, as on the board)."""
    table = start(app, [Seat("bot", "Ana", "easy"), Seat("bot", "Ben", "easy")], seed=4)
    for _ in range(6000):
        if isinstance(app.manager.top, GameOverScene):
            break
        frames(app, 1, dt=0.25)
    over = app.manager.top
    assert isinstance(over, GameOverScene)
    state = table.match.state
    notes = [kit.with_names(n, table.match.names) for n in over.sheet["notes"]]
    assert not any("Seat" in n or "Player" in n for n in notes), notes
    for p, name in enumerate(("Ana", "Ben")):
        clan = B.EDGE_COLOUR[state.edges[p]]
        assert any(n.startswith(f"{name}, {clan} clan: ") for n in notes), notes
        assert table.seat_colour(p) == oa.clan(clan)
    frames(app, 2)  # the sheet draws


def test_long_hint_wraps_to_two_readable_lines_at_1024():
    """A hint and its reason too long for one readable line at 1024x640 wrap to two lines at
    14 px, every word kept (nothing cut off)."""
    app = make_app(size=(1024, 640))
    app.manager.push(TitleScene(app))
    try:
        table = start(app, [Seat("human", "Ana")], seed=5, options={})
        msg = ("Hint: Put the yellow cart in at the east edge, row 5 — Starts a trip for 4 gems "
               "with a diamond on I6 and back out.")
        width = 1024 - table.log_width - 16 - 8 - 20
        size, lines = table.message_lines(msg, width)
        assert size == 14 and len(lines) == 2 and " ".join(lines) == msg
        assert all(kit.font(size).size(line)[0] <= width for line in lines)
        short = "Hint: Take the emerald — Takes the emerald, worth 2 points."
        assert table.message_lines(short, width) == (16, [short])
        table.say(msg)
        frames(app, 2)
    finally:
        pygame.quit()


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
