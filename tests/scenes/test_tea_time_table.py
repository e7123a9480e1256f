"""The Tea Time table scene, played through mouse events at its targets (issue 25).

Layout and input are tested without a display in ``tests/scenes/tea_time/``."""

import random

import pygame
import pytest

from engine import registry
from engine.match import Match, Seat
from engine.tea_time import state as tt
from engine.tea_time.notation import parse_position
from engine.tea_time.rules import refusal
from scenes.game_over import GameOverScene
from scenes.routes import open_match
from scenes.tables import game_table_class
from scenes.tables.tea_time import input as table_input
from scenes.tables.tea_time.table import TeaTimeTable
from scenes.title import TitleScene
from tests.scenes.driver import (
    ask_hint,
    click,
    click_at,
    close_apps,
    frames,
    key,
    make_app,
    play_out_animations,
    play_to_end,
    present,
    wait_for_human,
)
from tests.soak import WINDOW_SIZES, quick_first

SPEC = registry.get("tea-time")


def start(app, seats, seed, position=None):
    match = Match(SPEC, seats, {}, seed)
    if position is not None:
        match.set_position(parse_position(position))
    open_match(app, match)
    frames(app, 2)
    assert isinstance(app.manager.top.game, TeaTimeTable)
    return app.manager.top


def centre(table, cell) -> tuple:
    return table.game.layout().cell(*cell).center


def move(app, pos, buttons=(0, 0, 0)):
    frames(
        app,
        1,
        events=[pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)],
    )


def drag(app, cells_at):
    """Press on the first point, move through the others, let go at the last."""
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=cells_at[0], button=1)
    move(app, cells_at[0])
    frames(app, 1, events=[down])
    for point in cells_at[1:]:
        move(app, point, (1, 0, 0))
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=cells_at[-1], button=1)
    frames(app, 2, events=[up])


def human_step(app, table, rng=None):
    """One take made with the mouse, as a player would: a line chosen by the seeded ``rng``
    (the longest most often), its cards clicked in order; a line that could still grow is
    taken with Enter or the Take button (alternately); now and then dragged instead."""
    rng = rng or random.Random(0)
    legal = table.match.legal_actions()
    longest = max(len(action.cells) for action in legal)
    pool = [action for action in legal if len(action.cells) == longest]
    action = rng.choice(pool if rng.random() < 0.7 else legal)
    before = len(table.match.history)
    if len(action.cells) > 1 and rng.random() < 0.3:
        drag(app, [centre(table, cell) for cell in action.cells])
        assert len(table.match.history) > before, table.current_message()
        return
    for cell in action.cells:
        click_at(app, centre(table, cell))
        if len(table.match.history) > before:
            return
    assert table.game.selection.cells == action.cells, table.current_message()
    if rng.random() < 0.5:
        key(app, pygame.K_RETURN)
    else:
        click(app, table.column.button("take"))


def test_tea_time_has_its_own_table():
    assert game_table_class("tea-time") is TeaTimeTable


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12), (4, 13)])
@pytest.mark.long
def test_a_whole_game_by_mouse_against_bots_reaches_the_score_sheet(players, seed):
    app = make_app(size=(1280, 800) if players != 3 else (1024, 640))
    app.manager.push(TitleScene(app))
    seats = [Seat("human", "Ana")] + [
        Seat("bot", f"Bot {i}", "medium" if i % 2 else "easy") for i in range(1, players)
    ]
    table = start(app, seats, seed)
    rng = random.Random(seed)
    over = play_to_end(app, table, lambda app, table: human_step(app, table, rng))
    state = table.match.state
    assert state.is_terminal()
    assert over.sheet == state.score_sheet()
    assert len(over.sheet["rows"]) == players
    assert over.table is table  # the table draws the sheet
    assert table.shown.to_dict() == state.to_dict()
    mine = [entry for entry in table.match.history if entry.player == 0]
    assert len(mine) >= 8 and all(isinstance(entry.action, tt.TakeCards) for entry in mine)
    frames(app, 2)
    close_apps()


@pytest.mark.long
def test_a_two_player_hot_seat_game_by_mouse():
    app = make_app()
    app.manager.push(TitleScene(app))
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=21)
    rng = random.Random(21)
    over = play_to_end(app, table, lambda app, table: human_step(app, table, rng))
    assert over.sheet == table.match.state.score_sheet()
    assert {entry.player for entry in table.match.history if entry.player >= 0} == {0, 1}
    close_apps()


TURN_THREE = "players=2 turn=3 table=PrCh/mDhC/PrMh collections=c2/-"


def test_a_click_off_the_line_is_refused_with_the_engines_sentence(app):
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], 1, TURN_THREE)
    wait_for_human(app, table)
    click_at(app, centre(table, (0, 0)))
    assert table.game.selection.cells == ((0, 0),)
    click_at(app, centre(table, (1, 2)))
    reason = refusal(table.match.state, tt.TakeCards(((0, 0), (1, 2))))
    assert table.current_message() == reason
    assert table.game.selection.cells == ((0, 0),)  # the choice so far is kept
    assert not table.match.history


def test_a_drag_across_three_cards_takes_the_line(app):
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], 1, TURN_THREE)
    wait_for_human(app, table)
    drag(app, [centre(table, cell) for cell in ((0, 0), (1, 1), (2, 2))])
    assert table.match.history[-1].action == tt.TakeCards(((0, 0), (1, 1), (2, 2)))


def test_a_drag_that_comes_back_to_its_card_takes_nothing(app):
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], 1, TURN_THREE)
    wait_for_human(app, table)
    drag(app, [centre(table, cell) for cell in ((0, 0), (0, 1), (0, 0))])
    assert not table.match.history and table.game.selection.cells == ()


def test_hovering_a_card_glows_its_partners_and_previews_the_take(app):
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], 1, TURN_THREE)
    wait_for_human(app, table)
    move(app, centre(table, (0, 1)))  # a mirror White Rabbit: Ana holds 2 mirror Cheshire Cats
    view = table.game.view()
    lines = table.match.state.lines_through(0, 1)
    assert view.joinable == {cell for line in lines for cell in line.cells} - {(0, 1)}
    assert view.hovered == (0, 1)
    assert view.preview.columns == {"R": (0, 1)}
    assert "White Rabbit" in table.status_text()
    # with the Cheshire Cat beside it chosen, hovering previews both: the cat cancels one
    click_at(app, centre(table, (0, 2)))
    move(app, centre(table, (0, 1)))
    preview = table.game.view().preview
    assert preview.columns == {"R": (0, 1), "C": (2, 1)} and preview.cancelled == {"C": 1}


def test_take_button_follows_the_selection(app):
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], 1, TURN_THREE)
    wait_for_human(app, table)
    assert not table.column.button("take").is_enabled
    click_at(app, centre(table, (1, 0)))
    frames(app, 1)
    assert (
        table.column.button("take").is_enabled and table.column.button("take").text == "Take 1 card"
    )
    click_at(app, centre(table, (1, 1)))
    frames(app, 1)
    assert table.column.button("take").text == "Take 2 cards"
    click(app, table.column.button("clear"))
    assert table.game.selection.cells == () and not table.match.history
    click_at(app, centre(table, (1, 0)))
    key(app, pygame.K_ESCAPE)  # Esc drops the choice before it opens the menu
    assert table.game.selection.cells == () and app.manager.top is table


def test_hint_outlines_its_cards_and_reads_once(app):
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], 1, TURN_THREE)
    wait_for_human(app, table)
    hint = ask_hint(app, table)
    assert isinstance(hint, tt.TakeCards)
    assert table.game.view().hint == hint.cells
    message = table.current_message()
    words = table.match.state.action_to_string(hint)
    assert message.startswith(f"Hint: {words}.")
    assert message.count(words.split(" (")[0][5:]) == 1  # the cards are named once


def test_enter_after_a_hint_takes_the_hinted_line_and_the_hint_says_so(app):
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], 1, TURN_THREE)
    wait_for_human(app, table)
    hint = ask_hint(app, table)
    assert table.current_message().endswith("Enter takes it.")
    assert (
        table.column.button("take").is_enabled
        and table.column.button("take").text == "Take the hint"
    )
    before = len(table.match.history)
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert table.match.history[before].action == hint


def test_an_older_hint_is_not_shown_while_the_next_is_thought_of(app):
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], 1, TURN_THREE)
    wait_for_human(app, table)
    first = ask_hint(app, table)
    click(app, table.column.button("take"))  # takes the hint; Ben's turn, the hint for Ana is gone
    wait_for_human(app, table)
    assert table.current_hint() is None
    table.ask_hint()  # the answer comes from the worker in a later frame
    assert table.current_hint() is None and table.game.view().hint == ()
    assert ask_hint(app, table) not in (None, first)


@pytest.mark.long
def test_after_every_step_played_to_its_end_the_board_shows_the_engine_state():
    """At normal speed the base queues each step of a match step and lands it as its
    animations end: drawn along the way, and once the queue is empty the displayed state is
    exactly the match's and the log is the one rebuilt from the match."""
    for players, seed in ((2, 31), (4, 32)):
        app = make_app(instant=False, background_saves=True)
        app.manager.push(TitleScene(app))
        table = start(app, [Seat("human", f"P{i}") for i in range(players)], seed)
        match = table.match
        rng = random.Random(seed)
        surface = pygame.Surface(app.size)
        count = 0
        while not match.is_terminal():
            play_out_animations(table, surface)
            assert table.shown.to_dict() == match.state.to_dict()
            before = match.state.clone()
            if match.is_chance():
                events = match.advance_chance()
            else:
                events = match.apply(rng.choice(match.legal_actions()))
            present(table, events, before)
            if count % 10 == 0:
                while table.player.busy:
                    table.player.update(0.1)
                live = list(table.log_lines)
                table.rebuild_log()
                assert table.log_lines == live  # the log, step by step, as it was
            count += 1
        while table.player.busy:
            table.player.update(0.1)
        assert table.shown.to_dict() == match.state.to_dict()
        assert count > 30
        app.autosaver.close()
        close_apps()


def test_steps_land_on_the_engine_state_and_cancelling_has_its_own_step():
    """Each step's ``after`` is the engine's apply_event over its events; a take that cancels
    shows the take, then the cards meeting (drawn at several moments), as separate steps."""
    app = make_app(instant=False)
    app.manager.push(TitleScene(app))
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], 1, TURN_THREE)
    wait_for_human(app, table)
    before = table.match.state.clone()
    events = table.match.apply(tt.TakeCards(((0, 1), (0, 2))))  # mirror Rabbit, Cheshire Cat
    steps = table.steps(events, before)
    kinds = [type(step.events[0]).__name__ for step in steps]
    assert kinds[:2] == ["CardsTaken", "CardsCancelled"]
    surface = pygame.Surface(app.size)
    shown = before
    for step in steps:
        table.shown = shown
        for animation in step.animations:
            for progress in (0.0, 0.3, 0.5, 0.8, 1.0):
                animation.draw_fn(surface, progress)
        table.draw_board(surface)
        shown = step.after
    assert shown.to_dict() == table.match.state.to_dict()
    cancel = steps[1]
    assert ("column", 0, 2) in set().union(*(a.hide for a in cancel.animations))
    close_apps()


def test_taking_and_cancelling_sound_as_their_steps_start():
    from tests.scenes.test_sound import RecordingBoard

    app = make_app(instant=False)
    board = RecordingBoard(app.settings)
    app.sound = board
    app.manager.push(TitleScene(app))
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], 1, TURN_THREE)
    wait_for_human(app, table)
    board.heard.clear()
    logged = len(table.log_lines)
    click_at(app, centre(table, (0, 2)))
    click_at(app, centre(table, (0, 1)))
    key(app, pygame.K_RETURN)
    assert table.player.busy
    assert board.names()[0] == "cards_taken"
    assert len(table.log_lines) == logged  # the log waits for the board
    wait_for_human(app, table, dt=0.05)
    assert "cards_cancel" in board.names()
    assert table.shown.to_dict() == table.match.state.to_dict()
    new = table.log_lines[logged:]
    assert new[0] == "Ana took a mirror White Rabbit and a normal Cheshire Cat."
    assert "cancelled" in new[1]
    close_apps()


def test_a_round_is_laid_out_card_by_card_with_a_flick_each():
    from tests.scenes.test_sound import RecordingBoard

    app = make_app(instant=False)
    board = RecordingBoard(app.settings)
    app.sound = board
    app.manager.push(TitleScene(app))
    table = start(app, [Seat("bot", "Bot", "easy"), Seat("human", "Ana")], 7)
    wait_for_human(app, table, dt=0.05)
    alice = sum(isinstance(event, tt.AlicePlaced) for _, event in table.match.events)
    assert board.names().count("card_dealt") == 12 + alice  # each card, and Alice put down
    close_apps()


@pytest.mark.parametrize("size", WINDOW_SIZES)
@pytest.mark.long
def test_the_score_sheet_draws_every_player_at_both_sizes(size):
    app = make_app(size=size)
    app.manager.push(TitleScene(app))
    seats = [Seat("bot", f"Bot {i}", "easy") for i in range(4)]
    table = start(app, seats, 5)
    for _ in range(600):
        frames(app, 1, dt=0.5)
        if isinstance(app.manager.top, GameOverScene):
            break
    assert isinstance(app.manager.top, GameOverScene)
    frames(app, 2)
    assert table.match.state.is_terminal()
    close_apps()


def test_tea_time_is_picked_and_started_from_new_game(app):
    from scenes.new_game import NewGameScene
    from tests.scenes.driver import find_button

    click(app, find_button(app, "New game"))
    scene = app.manager.top
    assert isinstance(scene, NewGameScene)
    scene.choose_game([game.id for game in scene.games].index("tea-time"))
    frames(app, 1)
    assert scene.spec.id == "tea-time" and scene.seat_count >= 2
    scene.seed_entry.set_text("8")
    click(app, find_button(app, "Start"))
    table = app.manager.top
    assert isinstance(table.game, TeaTimeTable)
    assert table.match.seed == 8 and len(table.match.seats) == scene.seat_count


def test_undo_is_off_and_ctrl_z_says_a_take_is_the_whole_turn(app):
    """Undo never crosses another player's decision (docs/DESIGN.md) and a take ends the
    turn, so Undo and Restart are off and Ctrl+Z explains instead of refusing vaguely."""
    table = start(app, [Seat("human", "Ana"), Seat("bot", "Bob", "easy")], 4)
    wait_for_human(app, table)
    human_step(app, table, random.Random(1))
    wait_for_human(app, table)
    assert not table.top_buttons["undo"].is_enabled and not table.top_buttons["restart"].is_enabled
    before = table.match.state.to_dict()
    click_at(app, centre(table, next(iter(table_input.takeable(table.legal())))))
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert table.match.state.to_dict() == before
    assert table.current_message() == "A take is your whole turn: once taken, cards stay taken."
    assert table.game.selection.cells != ()  # the choice being made is kept
    key(app, pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert table.match.state.to_dict() == before


@pytest.mark.long
def test_replay_from_the_score_sheet_reaches_the_same_final_table():
    app = make_app(size=(1024, 640))
    app.manager.push(TitleScene(app))
    seats = [Seat("bot", "A", "easy"), Seat("bot", "B", "easy"), Seat("bot", "C", "easy")]
    table = start(app, seats, 17)
    for _ in range(3000):
        frames(app, 1, dt=0.3)
        if isinstance(app.manager.top, GameOverScene):
            break
    assert isinstance(app.manager.top, GameOverScene)
    final = table.match.state.to_dict()
    from tests.scenes.driver import find_button

    click(app, find_button(app, "Replay"))
    replay = app.manager.top
    assert isinstance(replay.game, TeaTimeTable) and replay.replay is not None
    for _ in range(5000):
        frames(app, 1, dt=0.3)
        if isinstance(app.manager.top, GameOverScene):
            break
    assert replay.match.state.to_dict() == final
    assert replay.shown.to_dict() == final
    close_apps()


def test_while_a_pair_cancels_the_score_is_the_total_of_the_cards_shown(monkeypatch):
    """Play-test: while a pair cancelled, the header showed the total with both cards still
    in the column (28) while the column showed them gone (30). The header shows only the
    totals before the take and after the cancelling."""
    from scenes.tables.tea_time import draw as table_draw

    app = make_app(instant=False)
    app.manager.push(TitleScene(app))
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], 1, TURN_THREE)
    wait_for_human(app, table)
    before = table.match.state.total_points(0)
    take = tt.TakeCards(((0, 1), (0, 2)))  # mirror Rabbit, Cheshire Cat: the cat cancels
    start_state = table.match.state.clone()
    taken_only = table.steps(start_state.clone().apply_action(take), start_state)[0].after
    drawn = []
    real = table_draw.draw_score

    def record(surface, lay, seat, points):
        drawn.append((seat, points))
        real(surface, lay, seat, points)

    monkeypatch.setattr(table_draw, "draw_score", record)
    assert table.try_action(take)
    for _ in range(200):
        if not table.player.busy:
            break
        frames(app, 1, dt=0.05)
    after = table.match.state.total_points(0)
    assert taken_only.total_points(0) not in (before, after)  # the mix the player saw
    assert {points for seat, points in drawn if seat == 0} <= {before, after}
    assert after in {points for seat, points in drawn if seat == 0}
    close_apps()


def test_a_card_in_flight_keeps_the_name_on_its_plate():
    """A play tester's find: a taken card lost its name the moment it left the table. In
    flight it is the card the table showed, name and all, shrinking towards its column."""
    from scenes.tables.tea_time import draw as table_draw
    from sprites import tea_time_art as ta

    app = make_app(instant=False)
    app.manager.push(TitleScene(app))
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], 1, TURN_THREE)
    wait_for_human(app, table)
    before = table.match.state.clone()
    events = table.match.apply(tt.TakeCards(((0, 1),)))  # the mirror Rabbit
    flight = table.steps(events, before)[0].animations[0]
    start_rect = table.game.layout().cell(0, 1)
    character, side = events[0].cards[0]
    card = tt.Card(character, tt.Side(side))
    plate = ta.name_plate(start_rect.width, start_rect.height, str(card.side))
    assert plate.height > 0
    plate = plate.move(start_rect.topleft)

    def plate_pixels(draw_fn) -> list:
        surface = pygame.Surface(app.size)
        surface.fill((0, 0, 0))
        draw_fn(surface)
        return [surface.get_at((x, plate.centery))[:3] for x in range(plate.x, plate.right)]

    lifting = plate_pixels(lambda surface: flight.draw_fn(surface, 0.0))
    named = plate_pixels(lambda surface: table_draw.draw_card(surface, start_rect, card))
    unnamed = plate_pixels(
        lambda surface: table_draw.draw_card(surface, start_rect, card, named=False)
    )
    assert named != unnamed  # the name's ink crosses the plate's middle row
    assert lifting == named
    close_apps()


@pytest.mark.parametrize(
    "size, players", quick_first([((1024, 640), 3), ((1280, 800), 2), ((1280, 800), 4)])
)
def test_a_columns_tooltip_leaves_the_cards_the_strip_and_the_legend_in_sight(size, players):
    """A play-tester's find: a column's tooltip hid the scoring legend and the cards. Every
    column's and panel header's tooltip now keeps off the desk where the window has room (at
    1024 × 640 with four panels it has none)."""
    app = make_app(size=size)
    try:
        seats = [Seat("human", f"Player {seat + 1}") for seat in range(players)]
        table = start(app, seats, seed=7)
        lay = table.game.layout()
        desk = {"strip": lay.info, "cards": lay.grid, "legend": lay.legend}
        tips = [t for t in table.targets() if t.key[0] in ("column", "seat") and t.tooltip]
        assert len(tips) == players * 7
        for target in tips:
            rect = table.frame.tooltip_rect(target)
            covered = [name for name, part in desk.items() if rect.colliderect(part)]
            assert covered == [], (target.key, covered)
    finally:
        close_apps()


@pytest.mark.parametrize(
    "size, players",
    quick_first([((1024, 640), 4), ((1280, 800), 2), ((1280, 800), 4), ((1024, 640), 2)], 2),
)
def test_the_strips_and_the_opponents_tooltips_leave_the_own_collection_in_sight(size, players):
    """A play-tester's find: the round's, the deck's and an opponent's tooltips (its header,
    its columns) were drawn over the person's own columns. Every tooltip of a target off the
    person's own columns keeps off them, at the smallest window too, where it covers the cards'
    edge or the strip instead (those have no room there either)."""
    app = make_app(size=size)
    try:
        seats = [Seat("human", "Ana")] + [
            Seat("bot", name, "easy") for name in ("Alice", "Bob", "Cy")[: players - 1]
        ]
        table = start(app, seats, seed=3)
        wait_for_human(app, table)
        lay = table.game.layout()
        own = lay.column(0, 0).union(lay.column(0, 5))  # Ana's six columns, at the bottom
        assert lay.viewer == 0 and own.bottom == lay.panels[0].bottom - 4
        tips = [t for t in table.targets() if t.tooltip and not own.collidepoint(t.bounds.center)]
        keys = {t.key[0] for t in tips}
        assert {"round", "deck", "seat", "column", "legend"} <= keys
        for target in tips:
            rect = table.frame.tooltip_rect(target)
            assert not rect.colliderect(own), (target.key, rect, own)
    finally:
        close_apps()


def test_a_live_game_of_bots_keeps_its_panels_in_place_where_nothing_is_secret():
    """Play-test: watching two bots play Tea Time, the players' panels swapped places every
    turn (the seat to move was drawn as the big one); a replay already kept them."""
    app = make_app()
    try:
        app.manager.push(TitleScene(app))
        table = start(app, [Seat("bot", "Bo", "easy"), Seat("bot", "Cy", "easy")], seed=4)
        owners, seen = set(), set()
        for _ in range(120):
            frames(app, 5)
            owners.add(table.shown.turn_owner())
            seen.add(table.viewer_seat())
            if owners == {0, 1} and len(table.match.history) > 8:
                break
        assert owners == {0, 1} and seen == {0}
    finally:
        close_apps()


def test_after_a_pass_screen_the_board_hovers_where_the_pointer_is_now(app, monkeypatch):
    """Play-test (hot-seat, Japanese): after the pass screen the card under the pointer's old
    place stayed lit and the top bar still offered it, the pointer being elsewhere. The
    pointer moved over the pass screen: uncovered, the table reads where it is."""
    from scenes.pass_screen import PassScreen

    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], 1, TURN_THREE)
    wait_for_human(app, table)
    move(app, centre(table, (2, 1)))
    assert table.game.hovered_cell() == (2, 1)
    app.manager.push(PassScreen(app, "Ben"))
    frames(app, 2)
    monkeypatch.setattr(pygame.mouse, "get_focused", lambda: True)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: centre(table, (0, 0)))
    app.manager.pop()
    frames(app, 2)
    assert table.game.hovered_cell() == (0, 0)
