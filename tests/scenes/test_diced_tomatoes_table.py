"""The Diced Tomatoes table scene, played through mouse events at its targets (issues 4, 19)."""

import random

import pygame
import pytest

from engine import registry
from engine.diced_tomatoes import rules
from engine.diced_tomatoes import state as dt
from engine.diced_tomatoes.notation import parse_position
from engine.diced_tomatoes.state import PassDie, PlaceDie
from engine.match import Match, Seat
from scenes import kit
from scenes.game_over import GameOverScene
from scenes.pause import PauseScene
from scenes.routes import open_match
from scenes.table.steps import Stage
from scenes.tables.diced_tomatoes import animate
from scenes.tables.diced_tomatoes import draw as table_draw
from scenes.tables.diced_tomatoes import input as table_input
from scenes.tables.diced_tomatoes.input import Selection
from scenes.tables.diced_tomatoes.table import DicedTomatoesTable
from scenes.title import TitleScene
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
    settle,
    wait_for_human,
)
from tests.soak import keep_first, quick_first

SPEC = registry.get("diced-tomatoes")


def start(app, seats, seed, options=None):
    match = Match(SPEC, seats, options or {}, seed)
    open_match(app, match)
    frames(app, 2)
    assert isinstance(app.manager.top.game, DicedTomatoesTable)
    return app.manager.top


def pass_button(app):
    for label in ("Pass dice", "Set aside"):
        try:
            return find_button(app, label)
        except LookupError:
            pass
    raise LookupError("no Pass dice or Set aside button")


def human_step(app, table):
    """One human decision made with the mouse, as a player would."""
    state = table.match.state
    if state.pending_cleanup():
        click(app, find_button(app, "Clear vine"))
        return
    for target in table.targets():
        if target.key[0] == "die" and target.active:
            click_at(app, target.bounds.center)
            spots = sorted(table.game.view().spots)
            if spots:
                click_at(app, area(table, ("vine", *spots[0])).center)
                return
            if state.must_pass(target.key[1]):
                click(app, pass_button(app))
                return
            key(app, pygame.K_ESCAPE)
    click(app, find_button(app, "End turn"))


@pytest.mark.long
def test_two_player_game_human_vs_bot_by_mouse_reaches_score_sheet(app):
    table = start(app, [Seat("human", "Ana"), Seat("bot", "Bot 1 (Easy)", "easy")], seed=12)
    over = play_to_end(app, table, human_step)
    assert over.sheet == table.match.state.score_sheet()
    assert over.sheet["winners"]
    assert len(over.sheet["rows"]) == 2


@pytest.mark.long
def test_solo_game_by_mouse_shows_result(app):
    table = start(app, [Seat("human", "Ana")], seed=5)
    over = play_to_end(app, table, human_step)
    assert over.sheet["solo"]["summary"]
    assert over.sheet == table.match.state.score_sheet()


@pytest.mark.long
def test_three_player_hot_seat_game_by_mouse_reaches_score_sheet(app):
    table = start(
        app,
        [Seat("human", "Ana"), Seat("human", "Ben"), Seat("human", "Cy")],
        seed=8,
        options={"dicey": True, "overload": True},
    )
    over = play_to_end(app, table, human_step)
    assert over.sheet == table.match.state.score_sheet()
    assert len(over.sheet["rows"]) == 3


@pytest.mark.parametrize(
    "players,options",
    [
        (4, {"golden": True, "clean_any": True}),
        (5, {"open_empty": True, "update_2023": True}),
    ],
)
@pytest.mark.long
def test_four_and_five_player_games_by_mouse_with_variants_reach_the_score_sheet(
    app, players, options
):
    seats = [Seat("human", "Ana")] + [
        Seat("bot", f"Bot {i} (Easy)", "easy") for i in range(1, players)
    ]
    table = start(app, seats, seed=20 + players, options=options)
    over = play_to_end(app, table, human_step)
    assert over.sheet == table.match.state.score_sheet()
    assert len(over.sheet["rows"]) == players
    assert table.shown.to_dict() == table.match.state.to_dict()


def test_click_die_highlights_engine_targets_and_places(app):
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    wait_for_human(app, table)
    slot = table.match.state.rolled_dice()[0][0]
    click_at(app, area(table, ("die", slot)).center)
    assert table.game.selected == slot
    assert table.game.view().spots == frozenset(table.match.state.targets_for_die(slot))
    owner, token = sorted(table.game.view().spots)[0]
    click_at(app, area(table, ("vine", owner, token)).center)
    placed = table.match.history[-1].action
    assert (placed.die, placed.owner, placed.token) == (slot, owner, token)


def test_a_die_dragged_onto_a_vine_is_placed_there(app):
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    wait_for_human(app, table)
    slot = table.match.state.rolled_dice()[0][0]
    owner, token = table.match.state.targets_for_die(slot)[-1]
    start_at = area(table, ("die", slot)).center
    end_at = area(table, ("vine", owner, token)).center
    frames(app, 1, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start_at, button=1)])
    frames(
        app,
        1,
        events=[pygame.event.Event(pygame.MOUSEMOTION, pos=end_at, rel=(0, 0), buttons=(1, 0, 0))],
    )
    assert table.game.view().dragging == slot
    frames(app, 2, events=[pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end_at, button=1)])
    assert table.match.history[-1].action == PlaceDie(slot, owner, token)


def test_right_click_cancels_selection(app):
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    wait_for_human(app, table)
    rect = area(table, ("die", table.match.state.rolled_dice()[0][0]))
    click_at(app, rect.center)
    assert table.game.selected is not None
    click_at(app, rect.center, button=3)
    assert table.game.selected is None


def test_end_turn_refused_with_engine_reason(app):
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    wait_for_human(app, table)
    reason = table.match.state.end_turn_refusal()
    assert reason
    click(app, find_button(app, "End turn"))
    assert table.current_message() == reason


def test_undo_and_restart_turn_by_keyboard(app):
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    wait_for_human(app, table)
    start_state = table.match.state.to_dict()
    human_step(app, table)
    human_step(app, table)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(table.match.history) >= 1
    key(app, pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert table.match.state.to_dict() == start_state
    assert table.shown.to_dict() == start_state


def test_karma_panel_reroll_walks_through_target(app):
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    wait_for_human(app, table)
    karma = table.match.state.karma[table.match.current_player()]
    click(app, find_button(app, "Re-roll  (1)"))
    assert table.game.selection.karma == "reroll"
    assert find_button(app, "Cancel")  # the chosen karma button cancels it
    slot = table.match.state.rolled_dice()[0][0]
    assert slot in table.game.view().karma_dice
    click_at(app, area(table, ("die", slot)).center)
    frames(app, 3)
    assert table.match.state.karma[table.match.current_player()] == karma - 1


def test_reroll_uses_the_die_already_selected(app):
    """Select a die, then Re-roll: that die is re-rolled (DT karma: re-roll, 1 karma)."""
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    wait_for_human(app, table)
    karma = table.match.state.karma[table.match.current_player()]
    slot = table.match.state.rolled_dice()[0][0]
    click_at(app, area(table, ("die", slot)).center)
    assert table.game.selected == slot
    key(app, pygame.K_r)  # the Re-roll button's key
    frames(app, 3)
    assert table.match.state.karma[table.match.current_player()] == karma - 1
    assert table.match.history[-1].action == dt.RollDie(slot, table.match.state.hand[slot].face)


@pytest.mark.long
def test_end_turn_with_dice_that_fit_nowhere_passes_them_and_ends_the_turn(app):
    """A rolled die that fits nowhere must be passed before the turn ends (rules, "A turn"):
    with only such dice left, End turn passes them to the next player and ends the turn, as
    the player means; its tooltip says so."""
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    for _ in range(60):
        wait_for_human(app, table)
        state = table.match.state
        left = [i for i in range(len(state.hand)) if state.hand[i]]
        if left and all(state.must_pass(i) for i in left) and state.end_turn_refusal():
            break
        human_step(app, table)
    else:
        raise AssertionError("seed 3 should bring dice that fit nowhere")
    mover, before = state.active, len(table.match.history)
    other = ("Ana", "Ben")[1 - mover]
    row = table_input.choices(state, table.match.legal_actions(), Selection(), table.match.names)
    tip = next(tip for label, _intent, tip, _on in row if label == "End turn")
    assert f"Pass the dice that fit nowhere to {other} and finish your turn. (E)" in tip
    key(app, pygame.K_e)
    frames(app, 5)
    done = [entry.action for entry in table.match.history[before:]]
    assert [type(a) for a in done[: len(left) + 1]] == [dt.PassDie] * len(left) + [dt.EndTurn]
    assert sorted(a.die for a in done[: len(left)]) == sorted(left)
    assert table.match.state.active != mover


def test_end_turn_while_a_die_fits_is_refused_with_the_rules_reason(app):
    """A die with a legal spot must be placed (rules, "A turn"): End turn refuses and says
    why, and nothing is passed."""
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    wait_for_human(app, table)
    assert any(isinstance(a, PlaceDie) for a in table.match.legal_actions())
    before = len(table.match.history)
    key(app, pygame.K_e)
    frames(app, 2)
    assert len(table.match.history) == before
    assert "must be placed or passed before the turn ends" in table.current_message()


def test_the_top_bar_under_the_pause_menu_still_says_what_to_do(app):
    """Play-test finding: with the pause menu (or a dialog) over the table, the top bar read
    "no die fits anywhere" while dice fitted: it asked for the clickable moves, none under a
    menu, instead of the person's legal moves."""
    table = start(app, [Seat("human", "Ana"), Seat("bot", "Bot", "easy")], seed=3)
    wait_for_human(app, table)
    assert any(isinstance(a, PlaceDie) for a in table.match.legal_actions())
    before = table.status_text()
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, PauseScene)
    assert table.status_text() == before
    assert "no die fits" not in table.status_text()


def test_save_from_pause_and_load_back_identical(app):
    from saves import store

    table = start(app, [Seat("human", "Ana"), Seat("bot", "Bot 1 (Easy)", "easy")], seed=12)
    wait_for_human(app, table)
    human_step(app, table)
    state = table.match.state.to_dict()
    key(app, pygame.K_ESCAPE)
    if not isinstance(app.manager.top, PauseScene):
        key(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, PauseScene)
    click(app, find_button(app, "Save"))  # asks for a name
    click(app, find_button(app, "Save"))  # saves under the default name
    saved = [i for i in store.list_saves() if not i.is_autosave][0]
    loaded = store.load(saved.path)
    assert loaded.state.to_dict() == state


def test_resize_mid_game_keeps_working(app):
    table = start(app, [Seat("human", "Ana"), Seat("bot", "Bot 1 (Easy)", "easy")], seed=12)
    wait_for_human(app, table)
    app.resize((1024, 640))
    frames(app, 2)
    table = app.manager.top
    for target in table.targets():
        assert table.game.layout().board.contains(target.bounds), target
    human_step(app, table)


def test_tooltip_and_log_use_the_token_words_and_names(app):
    """Hovering a token names its owner ("your" for the person asked) and top / middle /
    bottom; the log's placement sentence says "top" for the upper token."""
    table = start(app, [Seat("human", "Ana"), Seat("bot", "Ben", "easy")], seed=12)
    wait_for_human(app, table)
    tips = {t.key: t.tooltip for t in table.targets()}
    assert tips[("vine", 1, 0)][0] in ("The top token of Ben", "The top vine of Ben")
    assert tips[("vine", 0, 2)][0] in ("Your bottom token", "Your bottom vine")
    assert not any("Player" in line for tip in tips.values() for line in tip)
    slot = table.match.state.rolled_dice()[0][0]
    owner, token = table.match.state.targets_for_die(slot)[0]
    table.act(PlaceDie(slot, owner, token))
    frames(app, 30, dt=0.1)
    where = ("top", "middle", "bottom")[token]
    assert any(
        f"{where} token" in line or f"{where} vine" in line for line in table.log_box.sentences[-4:]
    ), table.log_box.sentences[-4:]


def test_hint_is_a_legal_action_for_the_human_and_is_explained(app):
    table = start(app, [Seat("human", "Ana"), Seat("bot", "Bot 1 (Easy)", "easy")], seed=12)
    app.settings.bot_budget = 0.2
    wait_for_human(app, table)
    ask_hint(app, table)
    hint = table.current_hint()
    assert hint in table.match.legal_actions()
    assert table.current_message().startswith("Hint: ")
    assert "Player" not in table.current_message()
    if isinstance(hint, (PlaceDie, PassDie)):
        assert table.game.selected == hint.die  # the hinted die is picked up, its spots glow
        assert table.game.view().hint  # and framed on the board


def test_after_a_hint_the_first_esc_opens_the_menu(app):
    """Issue 42: after a hint, the first Esc only put the hinted die back; Esc opens the menu
    (the hint's die was no choice of the player's), and the hint clears on its own."""
    app.settings.bot_budget = 0.2
    for seed in range(3, 30):  # a hint that picks up a die (not a karma action)
        table = start(app, [Seat("human", "Ana"), Seat("bot", "Bot 1 (Easy)", "easy")], seed=seed)
        wait_for_human(app, table)
        hint = ask_hint(app, table)
        if isinstance(hint, (PlaceDie, PassDie)):
            break
    assert isinstance(hint, (PlaceDie, PassDie)) and table.game.selected == hint.die
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, PauseScene)


def test_the_hint_leaves_the_top_bar_once_a_move_is_made(app):
    table = start(app, [Seat("human", "Ana"), Seat("bot", "Bot 1 (Easy)", "easy")], seed=12)
    app.settings.bot_budget = 0.2
    wait_for_human(app, table)
    ask_hint(app, table)
    assert table.current_message().startswith("Hint: ")
    human_step(app, table)
    assert not table.current_message().startswith("Hint: ")


def test_a_solo_game_autosaves_when_each_turn_begins(app):
    """One seat never changes hands: the autosave follows the engine's TurnStarted instead."""
    from saves import store

    table = start(app, [Seat("human", "Solo")], seed=2)
    slot = store.saves_dir() / "autosave-diced-tomatoes.json"
    for _ in range(40):
        if table.match.turn_count() >= 2:
            break
        wait_for_human(app, table)
        human_step(app, table)
    wait_for_human(app, table)
    assert table.match.turn_count() >= 2
    assert slot.exists()
    assert store.load(slot).turn_count() == table.match.turn_count()


@pytest.mark.long
def test_game_over_replay_steps_through_history_and_new_game_keeps_settings(app):
    match = Match(
        SPEC, [Seat("bot", "A", "easy"), Seat("bot", "B", "easy")], {"dicey": True}, seed=31
    )
    open_match(app, match)
    run_to_score_sheet(app, 3000, dt=0.3)
    assert isinstance(app.manager.top, GameOverScene)
    final = match.state.to_dict()
    click(app, find_button(app, "Replay"))
    replay = app.manager.top
    assert isinstance(replay.game, DicedTomatoesTable) and replay.replay is not None
    run_to_score_sheet(app, 5000, dt=0.3)
    assert replay.match.state.to_dict() == final
    click(app, find_button(app, "Play again"))
    fresh = app.manager.top
    assert isinstance(fresh.game, DicedTomatoesTable)
    assert fresh.match.options == match.options and fresh.match.seats == match.seats


def stage_for(table):
    return Stage(
        table.game.layout(),
        tuple(table.match.names),
        table.seconds,
        table.banner,
        table.match.spec.apply_event,
        table.viewer_seat(),
        table.humans,
    )


def test_cleared_dice_fly_back_on_their_own_arcs():
    """Clearing animation (bugbear B023): each die of a cleared vine flies to the bushel on its
    own arc, higher for dice further along the vine. Halfway, the dice differ by arc height."""
    app = make_app(instant=False)
    try:
        table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
        prior = parse_position("players=2 vines=1r1b1r1r|-|-/-|-|-")
        event = dt.VineCleared(0, 0, 0, "zero", ("r", "b", "r", "r"))
        anims = animate.clear(event, prior, stage_for(table))
        assert len(anims) == 4
        lay = table.game.layout()
        places = dict(table_draw.vine_places(lay, 0, 0, prior.vines[0][0]))
        target = lay.bushel_centre()
        rises = []
        for k, anim in enumerate(anims):
            surface = pygame.Surface(app.size, pygame.SRCALPHA)
            anim.draw_fn(surface, 0.5)
            straight = (places[k][1] + target[1]) / 2
            rises.append(straight - surface.get_bounding_rect().centery)
        steps = [b - a for a, b in zip(rises, rises[1:])]
        assert all(abs(step - 15) <= 2 for step in steps), rises
    finally:
        close_apps()


@pytest.mark.long
def test_animated_play_lands_every_step_on_an_engine_state():
    """Issue 16: at normal speed every step lands by showing a state the engine's apply_event
    gave (dice conserved colour by colour, nothing re-applied by the scene), and the board ends
    on the match's state."""
    from tests.engine.diced_tomatoes.test_random_games import check_invariants

    app = make_app(instant=False)
    try:
        seats = [Seat("bot", "A", "easy"), Seat("bot", "B", "easy"), Seat("bot", "C", "easy")]
        match = Match(SPEC, seats, {"golden": True, "overload": True, "dicey": True}, seed=31)
        open_match(app, match)
        frames(app, 2)
        table = app.manager.top
        landed = []
        original = table.player.on_land

        def checked_land(step, last):
            check_invariants(step.after, vines_too=False)  # mid-step a full vine awaits harvest
            landed.append(step.after)
            return original(step, last)

        table.player.on_land = checked_land
        for _ in range(500):
            frames(app, 3, dt=0.1, draw=False)  # the third is drawn; every frame lands its steps
            if len(match.history) > 160 or app.manager.top is not table:
                break
        kinds = {type(e).__name__ for _, e in match.events}
        assert {"DieDrawn", "DieRolled", "DiePlaced", "KarmaBitGained"} <= kinds
        assert len(landed) > 100
        table.player.skip()
        assert table.shown.to_dict() == match.state.to_dict()
    finally:
        close_apps()


@pytest.mark.parametrize(
    "players,seed,options",
    keep_first(
        [
            (3, 41, {"golden": True, "update_2023": True}),
            (1, 42, {}),
            (6, 43, {"golden": True, "update_2023": True}),
            (3, 44, {}),
        ],
        2,
    ),
)
@pytest.mark.long
def test_after_every_step_played_to_its_end_the_board_shows_the_engine_state(
    players, seed, options
):
    """At normal speed the base queues each step of a match step and lands it as its
    animations end (issue 19): drawn along the way, and once the queue is empty the displayed
    state is exactly the match's and the log is the one rebuilt from the match."""
    app = make_app(instant=False, background_saves=True)
    app.manager.push(TitleScene(app))
    table = start(app, [Seat("human", f"P{i}") for i in range(players)], seed=seed, options=options)
    match = table.match
    rng = random.Random(seed)
    surface = pygame.Surface(app.size)
    count = 0
    while not match.is_terminal() and count < 300:
        play_out_animations(table, surface)
        assert table.shown.to_dict() == match.state.to_dict()
        before = match.state.clone()
        if match.is_chance():
            events = match.advance_chance()
        else:
            legal = match.legal_actions()
            places = [a for a in legal if not isinstance(a, tuple(rules_karma()))]
            events = match.apply(rng.choice(places or legal))
        present(table, events, before)
        if count % 25 == 0:
            while table.player.busy:
                table.player.update(0.1)
            live = list(table.log_lines)
            table.rebuild_log()
            assert table.log_lines == live[-len(table.log_lines) :]  # the log as it was
        count += 1
    assert count >= 60
    app.autosaver.close()
    close_apps()


def rules_karma():
    return dt.KARMA_COSTS.keys()


def test_the_status_bar_says_what_the_board_shows_never_rolling_during_a_harvest():
    """Issue 19, finding 6: while a harvest plays, the top bar names it (its log line), not
    "Rolling…", even when the match has moved on to the next player's roll."""
    app = make_app(instant=False)
    app.manager.push(TitleScene(app))
    position = "players=2 active=0 last=1 vines=-|-|-/4r4r4r|-|- hand=4r,6b karma=3,3"
    match = Match(SPEC, [Seat("human", "Ana"), Seat("human", "Ben")], {}, seed=1)
    match.set_position(parse_position(position))
    open_match(app, match)
    frames(app, 2)
    table = app.manager.top
    wait_for_human(app, table)
    table.act(PlaceDie(0, 1, 0))  # completes Ben's vine: harvest and karma
    seen = []
    while table.player.busy:
        seen.append(table.status_text())
        frames(app, 1, dt=0.05)
    assert any("harvested a tomato worth 4" in line for line in seen), seen
    assert not any("Rolling" in line or "rolls" in line for line in seen), seen
    tip = {t.key: t.tooltip for t in table.targets()}[("vine", 1, 0)]
    assert "complete" not in " ".join(tip).lower()  # the vine is gone: no stale words
    assert tip[1].startswith("Empty and open")
    close_apps()


def test_hot_seat_the_next_player_sees_their_own_roll_after_the_pass_screen():
    """Issue 19, finding 4: in hot-seat the pass screen comes before the next person's dice
    are drawn and rolled (a chance node the table holds back); once it is gone, the dice
    tumble in front of them."""
    from scenes.pass_screen import KEY_DELAY, PassScreen

    app = make_app(pass_screen=True)
    app.manager.push(TitleScene(app))
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    first = None
    for _ in range(200):
        wait_for_human(app, table)
        if isinstance(app.manager.top, PassScreen):
            break
        first = table.match.current_player() if first is None else first
        human_step(app, table)
        frames(app, 2)
    assert isinstance(app.manager.top, PassScreen)
    state = table.match.state
    assert state.current_player() < 0  # the roll waits behind the pass screen
    assert all(die is None or die.face is None for die in state.hand)
    assert table.viewer_seat() == first  # still the last person's table
    app.manager.top.shown_at -= KEY_DELAY  # a moment later: Enter is for the screen
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert app.manager.top is table
    assert table.viewer_seat() == state.turn_owner() != first
    wait_for_human(app, table)
    assert table.match.current_player() == table.viewer_seat()
    assert table.match.state.rolled_dice()
    assert not isinstance(app.manager.top, PassScreen)  # no second pass screen
    close_apps()


def test_a_roll_sounds_once_with_one_landing_per_die():
    from tests.scenes.test_sound import RecordingBoard

    app = make_app(instant=False)
    board = RecordingBoard(app.settings)
    app.sound = board
    app.manager.push(TitleScene(app))
    table = start(app, [Seat("human", "Ana")], seed=3)
    step = next(
        s
        for s in table.steps([dt.DieRolled(0, i, "r", 4) for i in range(3)], table.match.state)
        if s.events
    )
    assert len(step.events) == 3  # the three dice roll together
    board.heard.clear()
    table.play_cues(step)
    board.update(3.0)
    assert board.names().count("dice_rattle") == 1
    assert board.names().count("die_land") == 3
    close_apps()


def test_panel_titles_are_drawn_over_flying_dice(app):
    """Issue 19, finding 8: a die flying across the table never hides a panel's title: the
    titles are drawn over the animations."""
    from sprites.tween import Animation

    table = start(app, [Seat("human", "Ana"), Seat("bot", "Ben", "easy")], seed=3)
    wait_for_human(app, table)
    surface = pygame.Surface(app.size)
    lay = table.game.layout()
    cover = lay.board

    def paint(target, p):
        pygame.draw.rect(target, (255, 0, 255), cover)

    table.player.queue.add([Animation(10.0, paint)])
    table.draw(surface)
    name = lay.header_parts(1)["name"]
    row = [surface.get_at((x, name.centery))[:3] for x in range(name.x, name.right)]
    assert (255, 0, 255) not in row[:4]  # the header bar covers the flying piece
    assert any(colour != (255, 0, 255) for colour in row)
    vine = lay.vine_row(1, 1)
    assert surface.get_at(vine.center)[:3] == (255, 0, 255)  # the board itself is under it
    table.player.skip()


def test_the_running_score_and_variant_badges_come_from_the_engine(app):
    """Issue 19, findings 1 and 3: each header shows rules.running_score; the badges list the
    variants that are on, each with its option's description."""
    match = Match(
        SPEC, [Seat("human", "Ana"), Seat("human", "Ben")], {"dicey": True, "golden": True}, seed=3
    )
    match.set_position(
        parse_position(
            "players=2 options=gd active=0 last=1 score=1,4/2,2 first6=- vines=-|-|-/-|-|- "
            "hand=4r karma=3,3"
        )
    )
    open_match(app, match)
    frames(app, 2)
    table = app.manager.top
    wait_for_human(app, table)
    assert rules.running_score(table.shown, 0)["total"] == 10  # slot 1's 1 scores 6, then 4
    assert table_draw.score_words(table.shown, 0) == "10 pts"
    assert table_draw.score_words(table.shown, 1) == "8 pts"  # 2, then slot 2 worth 2 → 6
    tips = {t.key: t.tooltip for t in table.targets()}
    assert tips[("score", 0)][0] == "You: 10 points so far"
    assert tips[("score", 1)][0] == "Ben: 8 points so far"
    assert table.game.layout().badge_texts == ("Golden dice", "Dicey")
    assert tips[("badge", 1)] == ("Variant: Dicey Tomato Rules", SPEC.options[1].description)
    assert "scores 6" in " ".join(tips[("slot", 0, 0)])


def test_the_rules_screen_marks_the_variants_on_in_this_game(app):
    from scenes.rules_help import RulesScene, summary_to_html

    table = start(
        app, [Seat("human", "Ana"), Seat("bot", "Ben", "easy")], seed=3, options={"overload": True}
    )
    key(app, pygame.K_ESCAPE)
    if not isinstance(app.manager.top, PauseScene):
        key(app, pygame.K_ESCAPE)
    click(app, find_button(app, "Rules"))
    rules_scene = app.manager.top
    assert isinstance(rules_scene, RulesScene)
    assert rules_scene.active == {"overload"}
    text = summary_to_html(SPEC.rules_summary, rules_scene.marked())
    assert "On in this game: Karma Overload." in text
    assert text.count("(on in this game)") == 1
    assert "<b>Karma Overload: completing" in text
    del table


def test_button_tooltips_never_cover_the_log(app):
    """Issue 19, finding 6: the End turn tooltip (and every button's) goes beside the button,
    over the board, never over the log."""
    table = start(app, [Seat("human", "Ana"), Seat("bot", "Ben", "easy")], seed=3)
    wait_for_human(app, table)
    end = find_button(app, "End turn")
    frames(
        app,
        1,
        events=[
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=end.get_abs_rect().center, rel=(0, 0), buttons=(0, 0, 0)
            )
        ],
    )
    frames(app, 40)
    assert table.frame.tips.button is end
    surface = app.screen.copy()
    log = table.log_box.rect
    before = surface.subsurface(log).copy()
    table.frame.draw_tooltip(surface)
    assert pygame.image.tobytes(surface.subsurface(log), "RGB") == pygame.image.tobytes(
        before, "RGB"
    )


def test_a_click_on_the_die_the_hint_picked_up_keeps_it_then_the_token_places_it(app):
    """Play-test: the hint picks its die up, so the player's own click on that die put it
    back and the click on the token then asked for a die. Die then token places it. (Seed 14:
    Hard's hint there places a die; at seed 12 it now shifts the 4 to a third 5.)"""
    table = start(app, [Seat("human", "Ana"), Seat("bot", "Bot 1 (Easy)", "easy")], seed=14)
    app.settings.bot_budget = 0.2
    wait_for_human(app, table)
    hint = ask_hint(app, table)
    assert isinstance(hint, PlaceDie)
    assert table.game.selected == hint.die
    click_at(app, area(table, ("die", hint.die)).center)
    assert table.game.selected == hint.die
    before = len(table.match.history)
    click_at(app, area(table, ("vine", hint.owner, hint.token)).center)
    frames(app, 2)
    assert table.match.history[before].action == hint
    # a second click on a die the player picked up still puts it back
    wait_for_human(app, table)
    slot = table.match.state.rolled_dice()[0][0]
    click_at(app, area(table, ("die", slot)).center)
    assert table.game.selected == slot
    click_at(app, area(table, ("die", slot)).center)
    assert table.game.selected is None


def test_a_hint_says_its_move_once_then_what_the_reason_adds(app):
    """Play-test: "Place the red 6 as a seed… Seeds your top token with the red 6…" said the
    move twice. A reason that says the move stands alone; a harvest names its die first."""
    table = start(app, [Seat("human", "Ana"), Seat("bot", "Bot 1 (Easy)", "easy")], seed=12)
    wait_for_human(app, table)
    state = table.match.state
    seed = next(
        a for a in table.legal() if isinstance(a, PlaceDie) and not state.vines[a.owner][a.token]
    )
    reason = table.match.spec.bots.explain(state, seed, table.match.names)
    assert reason.startswith("Seeds ")
    assert table.hint_message(seed) == f"Hint: {reason}"
    assert state.action_to_string(seed, table.match.names) not in table.hint_message(seed)


def test_at_1024_a_vine_tooltip_keeps_off_the_bots_board():
    """Play-test: at 1024x640 the tooltip of the player's vine covered the bot's board."""
    app = make_app(size=(1024, 640))
    app.manager.push(TitleScene(app))
    table = start(app, [Seat("human", "Ana"), Seat("bot", "Bot 1 (Easy)", "easy")], seed=12)
    wait_for_human(app, table)
    bots_board = table.game.layout().areas[1]
    for token in range(3):
        target = next(t for t in table.targets() if t.key == ("vine", 0, token))
        assert target.tooltip
        assert not table.frame.tooltip_rect(target).colliderect(bots_board), token
    close_apps()


def test_an_uncovered_table_shows_no_tooltip_where_the_pointer_clicked_above(app, monkeypatch):
    """Play-test: back from the score sheet ("See the table"), the vine under the pointer
    greeted the table with its tooltip; it waits until the pointer reaches another target,
    as after a click on the table itself."""
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    wait_for_human(app, table)
    tipped = [target for target in table.targets() if target.tooltip]
    first, second = tipped[0], next(t for t in tipped if t.key != tipped[0].key)
    shown = []
    monkeypatch.setattr(kit, "draw_tooltip", lambda surface, rect, lines: shown.append(lines))
    frames(app, 1, events=[pointer_at(first.bounds.center)])
    assert shown  # the target's tooltip
    app.manager.push(PauseScene(app, table))
    frames(app, 1)
    app.manager.pop()
    shown.clear()
    frames(app, 2)
    assert shown == []
    frames(app, 1, events=[pointer_at(second.bounds.center)])
    assert shown


def pointer_at(pos) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def test_the_passed_zone_says_passed_only_once_dice_are_passed(app):
    """Issue 42: "Passed to Ben" showed before anything was passed. Until a die is passed the
    zone says whom dice that fit nowhere would go to; then that they were passed."""
    from scenes.tables.diced_tomatoes.draw import passed_words

    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    wait_for_human(app, table)
    state = table.match.state
    assert not state.passed
    assert passed_words(state, table.game.view()) == "For Ben"
    state = state.clone()
    state.passed = ["r"]
    assert passed_words(state, table.game.view()) == "Passed to Ben"


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.long
def test_every_part_of_a_glowing_vine_row_takes_the_click(size):
    """Play-test: in the 2-player layout the right half of a glowing vine row took no click.
    Through the real mouse: a die picked up, then a click near the right end of each glowing
    row places it there."""
    from engine.positions import match_from_position, read_position

    spec = registry.get("diced-tomatoes")
    try:
        for owner, token in ((0, 1), (1, 0), (1, 2)):
            app = make_app(size=size)
            app.manager.push(TitleScene(app))
            position = "players=2 phase=turn active=0 hand=3r,5r,2b vines=4r|-|-/-|-|-"
            match = match_from_position(
                spec,
                [Seat("human", "Ana"), Seat("bot", "Ben", "easy")],
                {},
                1,
                read_position(spec, position),
            )
            table = open_match(app, match)
            frames(app, 3)
            settle(table)
            die = next(t for t in table.game.targets() if t.key == ("die", 0))
            click_at(app, die.bounds.center)
            frames(app, 2)
            row = table.game.layout().vine_row(owner, token)
            before = len(match.history)
            click_at(app, (row.right - 6, row.centery))
            frames(app, 2)
            placed = [e.action for e in match.history[before:] if isinstance(e.action, PlaceDie)]
            assert placed and (placed[0].owner, placed[0].token) == (owner, token), size
            close_apps()
    finally:
        close_apps()


ROLL_OVER_LABELS = {
    "ja": "ロールオーバー（4）",
    "en": "Roll over  (4)",
    "ru": "Скрутить (4)",
    "es": "Saltar 1-6 (4)",
}
"""The roll-over karma button's label whole in each language (Japanese: the term of the
glossary and of the published page, not the page's bracketed "1→6/6→1")."""


@pytest.mark.parametrize(
    ("language", "size"),
    quick_first(
        [(language, size) for language in ROLL_OVER_LABELS for size in ((1024, 640), (1280, 800))]
    ),
)
def test_the_roll_over_button_reads_as_a_word_and_fits_whole(language, size):
    """Play-test: in Japanese the roll-over button said "1→6/6→1" in the small font; it says
    「ロールオーバー」 and, like every karma button, shows whole (not cut, not in two lines)
    at both window sizes."""
    app = make_app(size=size)
    try:
        app.set_language(language)
        app.manager.push(TitleScene(app))
        frames(app, 1)
        table = start(app, [Seat("human", "Ana"), Seat("bot", "Bob", "easy")], seed=3)
        shown = {key: button.text for key, button in table.column.buttons().items()}
        assert shown["karma:roll_over"] == ROLL_OVER_LABELS[language]
        labels = {key: label for key, label in shown.items() if key.startswith("karma:")}
        assert len(labels) == 6
        assert not any("…" in label or "\n" in label for label in labels.values()), labels
    finally:
        close_apps()


def test_after_a_die_is_placed_the_hand_lies_together_and_clicks_find_the_drawn_dice(
    app, monkeypatch
):
    """Play-test: a placed die left a gap in the tray. The dice left lie together from the
    left; each one's target is where it is drawn, and a click there picks its own slot."""
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    wait_for_human(app, table)
    first = table.match.state.rolled_dice()[0][0]
    owner, token = table.match.state.targets_for_die(first)[0]
    assert table.try_action(PlaceDie(first, owner, token))
    frames(app, 3)
    wait_for_human(app, table)
    hand = table.shown.hand
    left = [slot for slot, die in enumerate(hand) if die is not None]
    assert hand[first] is None and left and first < left[-1]  # a gap to close
    lay = table.game.layout()
    drawn: list = []
    monkeypatch.setattr(
        table_draw.da, "blit_die", lambda surface, centre, *rest, **kw: drawn.append(centre)
    )
    table_draw.draw_tray(pygame.Surface(app.size), lay, table.shown, table.game.view())
    monkeypatch.undo()
    assert drawn == [lay.hand_die(place).center for place in range(len(left))]
    for place, slot in enumerate(left):
        assert area(table, ("die", slot)) == lay.hand_die(place)
    slot = left[-1]
    click_at(app, lay.hand_die(len(left) - 1).center)
    assert table.game.selected == slot


def test_a_karma_hint_names_and_frames_the_button_that_makes_it(app):
    """Play-test: the hint «Превратить красный 5 в 6…» named no action to take. A hinted
    karma action frames its button and the hint says which it is; a placement frames none."""
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=4)
    wait_for_human(app, table)
    legal = table.match.state.legal_actions()
    shift = next(a for a in legal if isinstance(a, dt.Shift))
    table.driver.hint, table.driver._hint_at = shift, len(table.match.history)
    assert table.game.hinted_button() == "karma:shift"
    assert table.game.hint_words("Hint: turns the red 5 into a 6.") == (
        "Hint: turns the red 5 into a 6. Make it with the framed button: Shift ±1."
    )
    place = next(a for a in legal if isinstance(a, PlaceDie))
    table.driver.hint = place
    assert table.game.hinted_button() is None
    assert table.game.hint_words("Hint: seeds.") == "Hint: seeds."
