"""The Diced Tomatoes table scene, played through mouse events at its hit areas (issue 4)."""
import pygame
import pytest

from engine import registry
from engine.diced_tomatoes.state import PassDie, PlaceDie
from engine.match import Match, Seat
from scenes.diced_tomatoes_table import DicedTomatoesTable
from scenes.game_over import GameOverScene
from scenes.pause import PauseScene
from scenes.tables import open_match
from scenes.title import TitleScene
from tests.scenes.driver import (
    ask_hint,
    click,
    click_at,
    find_button,
    frames,
    key,
    make_app,
    play_to_end,
    wait_for_human,
)

SPEC = registry.get("diced-tomatoes")


@pytest.fixture
def app():
    a = make_app()
    a.manager.push(TitleScene(a))
    yield a
    pygame.quit()


def start(app, seats, seed, options=None):
    match = Match(SPEC, seats, options or {}, seed)
    open_match(app, match)
    frames(app, 2)
    assert isinstance(app.manager.top, DicedTomatoesTable)
    return app.manager.top



def human_step(app, table):
    """One human decision made with the mouse, as a player would."""
    state = table.match.state
    if state.pending_cleanup():
        click(app, find_button(app, "Clear vine"))
        return
    for rect, key_ in table.hit_areas():
        if key_[0] == "die":
            click_at(app, rect.center)
            targets = table.die_targets()
            if targets:
                owner, token = targets[0]
                click_at(app, table.layout.vine_row(owner, token).center)
                return
            if state.must_pass(key_[1]):
                click(app, find_button(app, "Pass die"))
                return
    click(app, find_button(app, "End turn"))




def test_two_player_game_human_vs_bot_by_mouse_reaches_score_sheet(app):
    table = start(app, [Seat("human", "Ana"), Seat("bot", "Bot 1 (Easy)", "easy")], seed=12)
    over = play_to_end(app, table, human_step)
    assert over.sheet == table.match.state.score_sheet()
    assert over.sheet["winners"]
    assert len(over.sheet["rows"]) == 2


def test_solo_game_by_mouse_shows_result(app):
    table = start(app, [Seat("human", "Ana")], seed=5)
    over = play_to_end(app, table, human_step)
    assert over.sheet["solo"]["summary"]
    assert over.sheet == table.match.state.score_sheet()


def test_click_die_highlights_engine_targets_and_places(app):
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    wait_for_human(app, table)
    slot = table.match.state.rolled_dice()[0][0]
    rect = dict((k, r) for r, k in table.hit_areas())[("die", slot)]
    click_at(app, rect.center)
    assert table.selected == slot
    assert table.die_targets() == table.match.state.targets_for_die(slot)
    owner, token = table.die_targets()[0]
    click_at(app, table.layout.vine_row(owner, token).center)
    placed = table.match.history[-1].action
    assert (placed.die, placed.owner, placed.token) == (slot, owner, token)


def test_right_click_cancels_selection(app):
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    wait_for_human(app, table)
    rect = table.hit_areas()[0][0]
    click_at(app, rect.center)
    assert table.selected is not None
    click_at(app, rect.center, button=3)
    assert table.selected is None


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


def test_karma_panel_reroll_walks_through_target(app):
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    wait_for_human(app, table)
    karma = table.match.state.karma[table.match.current_player()]
    click(app, find_button(app, "Re-roll  (1)"))
    assert table.karma_kind == "reroll"
    slot = table.match.state.rolled_dice()[0][0]
    click_at(app, table.layout.hand_die(slot).center)
    frames(app, 3)
    assert table.match.state.karma[table.match.current_player()] == karma - 1


def test_reroll_uses_the_die_already_selected(app):
    """Select a die, then Re-roll: that die is re-rolled (DT karma: re-roll, 1 karma)."""
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    wait_for_human(app, table)
    karma = table.match.state.karma[table.match.current_player()]
    slot = table.match.state.rolled_dice()[0][0]
    click_at(app, table.layout.hand_die(slot).center)
    assert table.selected == slot
    click(app, find_button(app, "Re-roll  (1)"))
    frames(app, 3)
    assert table.match.state.karma[table.match.current_player()] == karma - 1


def test_end_turn_with_a_die_that_fits_nowhere_shows_pass_die(app):
    """A rolled die must be placed or passed before the turn ends (rules, "A turn"): End turn
    refuses and selects the stuck die, so its Pass die button shows."""
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    for _ in range(60):
        wait_for_human(app, table)
        state = table.match.state
        stuck = [i for i in range(len(state.hand)) if state.hand[i] and state.must_pass(i)]
        if stuck and state.end_turn_refusal():
            break
        human_step(app, table)
    else:
        raise AssertionError("seed 3 should bring a die that fits nowhere")
    table.end_turn()
    frames(app, 1)
    assert table.selected == stuck[0]
    assert find_button(app, "Pass die")
    assert "Pass die" in table.current_message()


def test_save_from_pause_and_load_back_identical(app):
    from saves import store
    table = start(app, [Seat("human", "Ana"), Seat("bot", "Bot 1 (Easy)", "easy")], seed=12)
    wait_for_human(app, table)
    human_step(app, table)
    state = table.match.state.to_dict()
    key(app, pygame.K_ESCAPE)
    if table.selected is not None or table.karma_kind:
        key(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, PauseScene)
    click(app, find_button(app, "Save"))      # asks for a name
    click(app, find_button(app, "Save"))      # saves under the default name
    saved = [i for i in store.list_saves() if not i.is_autosave][0]
    loaded = store.load(saved.path)
    assert loaded.state.to_dict() == state


def test_resize_mid_game_keeps_working(app):
    table = start(app, [Seat("human", "Ana"), Seat("bot", "Bot 1 (Easy)", "easy")], seed=12)
    wait_for_human(app, table)
    app.resize((1024, 640))
    frames(app, 2)
    table = app.manager.top
    for rect, _ in table.hit_areas():
        assert rect.right <= 1024 - table.log_width and rect.bottom <= 640
    human_step(app, table)


@pytest.mark.parametrize("players", [1, 3, 6])
def test_areas_do_not_overlap_at_small_size(players):
    from scenes.diced_tomatoes_table import Layout
    lay = Layout(pygame.Rect(0, 44, 1024 - 316, 640 - 44), players, 6, 3)
    for i, a in enumerate(lay.areas):
        assert lay.board.contains(a)
        assert not a.colliderect(lay.strip)
        for b in lay.areas[i + 1:]:
            assert not a.colliderect(b)
        assert lay.karma_cell(i, 6).bottom <= a.bottom and lay.slot_rect(i, 5).right <= a.right
    assert lay.d >= 24


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_token_words_match_how_the_table_stacks_the_tokens(size):
    """The log and hints name the tomato tokens top / middle / bottom (engine TOKEN_NAMES):
    with 1 to 6 players, at both window sizes, token 0 is drawn above token 1 above token 2 in
    one column, so the words match what the player sees."""
    from engine.diced_tomatoes.state import TOKEN_NAMES
    from scenes.diced_tomatoes_table import Layout
    assert TOKEN_NAMES == ("top", "middle", "bottom")
    w, h = size
    for players in range(1, 7):
        lay = Layout(pygame.Rect(0, 44, w - 316, h - 44), players, 6, 3)
        for p in range(players):
            top, middle, bottom = (lay.vine_die(p, t, 0) for t in range(3))   # the seeds
            assert top.x == middle.x == bottom.x, (players, p)
            assert top.bottom <= middle.top and middle.bottom <= bottom.top, (players, p)


def test_tooltip_and_log_use_the_token_words(app):
    """Hovering a token and the log's placement sentence say "top" for the upper token."""
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    wait_for_human(app, table)
    assert table.vine_info(1, 0).startswith("Ben's top token: ")
    assert table.vine_info(0, 2).startswith("Ana's bottom token: ")
    slot = table.match.state.rolled_dice()[0][0]
    owner, token = table.match.state.targets_for_die(slot)[0]
    table.try_action_and_reset(PlaceDie(slot, owner, token))
    frames(app, 30, dt=0.1)
    where = ("top", "middle", "bottom")[token]
    assert any(f"{where} token" in line or f"{where} vine" in line
               for line in table.log_box.sentences[-3:]), table.log_box.sentences[-3:]


def test_hint_is_a_legal_action_for_the_human_and_is_explained(app):
    table = start(app, [Seat("human", "Ana"), Seat("bot", "Bot 1 (Easy)", "easy")], seed=12)
    app.settings.bot_budget = 0.2
    wait_for_human(app, table)
    ask_hint(app, table)
    hint = table.current_hint()
    assert hint in table.match.legal_actions()
    assert table.current_message().startswith("Hint: ")
    if isinstance(hint, (PlaceDie, PassDie)):
        assert table.selected == hint.die      # the hinted die is picked up, its spots glow


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


def test_game_over_replay_steps_through_history_and_new_game_keeps_settings(app):
    match = Match(SPEC, [Seat("bot", "A", "easy"), Seat("bot", "B", "easy")],
                  {"dicey": True}, seed=31)
    open_match(app, match)
    for _ in range(3000):
        frames(app, 1, dt=0.3)
        if isinstance(app.manager.top, GameOverScene):
            break
    assert isinstance(app.manager.top, GameOverScene)
    final = match.state.to_dict()
    click(app, find_button(app, "Replay"))
    replay = app.manager.top
    assert isinstance(replay, DicedTomatoesTable) and replay.replay is not None
    for _ in range(5000):
        frames(app, 1, dt=0.3)
        if isinstance(app.manager.top, GameOverScene):
            break
    assert replay.match.state.to_dict() == final
    click(app, find_button(app, "Play again"))
    fresh = app.manager.top
    assert isinstance(fresh, DicedTomatoesTable)
    assert fresh.match.options == match.options and fresh.match.seats == match.seats


def test_cleared_dice_fly_back_on_their_own_arcs():
    """Clearing animation (bugbear B023): each die of a cleared vine flies to the bushel on its
    own arc, higher for dice further along the vine; before the fix every die read the loop's
    last index and flew on the last die's arc. Halfway, the dice differ only by arc height."""
    from engine.diced_tomatoes.notation import parse_position
    from engine.diced_tomatoes.state import VineCleared
    app = make_app(instant=False)
    try:
        table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
        prior = parse_position("players=2 vines=1r1b1r1r|-|-/-|-|-")
        event = VineCleared(0, 0, 0, "zero", ("r", "b", "r", "r"))
        anims = table.anim_clear(table.layout, event, prior)
        assert len(anims) == 4
        centres = []
        for anim in anims:
            surface = pygame.Surface(app.size, pygame.SRCALPHA)
            anim.draw_fn(surface, 0.5)
            centres.append(surface.get_bounding_rect().centery)
        rises = [centres[0] - y for y in centres]
        expected = (0, 15, 30, 45)
        assert all(abs(rise - want) <= 2 for rise, want in zip(rises, expected, strict=True)), rises
    finally:
        pygame.quit()


def test_animated_play_lands_every_group_on_an_engine_state():
    """Issue 16: at normal speed every animation group lands by showing a state the engine's
    apply_event gave (dice conserved colour by colour, nothing re-applied by the scene), and
    the board ends on the match's state."""
    from tests.engine.diced_tomatoes.test_random_games import check_invariants
    app = make_app(instant=False)
    try:
        seats = [Seat("bot", "A", "easy"), Seat("bot", "B", "easy"), Seat("bot", "C", "easy")]
        match = Match(SPEC, seats, {"golden": True, "overload": True, "dicey": True}, seed=31)
        open_match(app, match)
        frames(app, 2)
        table = app.manager.top
        landed = []
        original = table.landing

        def checked_landing(state):
            check_invariants(state, vines_too=False)   # mid-step a full vine awaits harvest
            landed.append(state)
            return original(state)
        table.landing = checked_landing
        for _ in range(1500):
            frames(app, 1, dt=0.1)
            if len(match.history) > 160 or not isinstance(app.manager.top, DicedTomatoesTable):
                break
        kinds = {type(e).__name__ for _, e in match.events}
        assert {"DieDrawn", "DieRolled", "DiePlaced", "KarmaBitGained"} <= kinds
        assert len(landed) > 100
        table.anims.skip()
        assert table.shown.to_dict() == match.state.to_dict()
    finally:
        pygame.quit()
