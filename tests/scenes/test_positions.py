"""Shareable positions (issue 24): Copy in the pause menu, Start from a position in New game."""

import random

import pygame
import pytest

from engine import registry
from engine.match import Match, Seat
from engine.positions import read_position
from scenes.pause import PauseScene
from scenes.position import PositionScene
from scenes.title import TitleScene
from tests.random_play import play_randomly
from tests.scenes.driver import (
    click,
    close_apps,
    find_button,
    frames,
    make_app,
    past_pass_screens,
)

GAMES = [spec.id for spec in registry.games()]


@pytest.fixture
def app():
    a = make_app()
    a.manager.push(TitleScene(a))
    frames(a, 2)
    yield a
    close_apps()


def random_position(game_id, seed):
    spec = registry.get(game_id)
    match = Match(spec, [Seat("human", "Ana"), Seat("human", "Ben")], {}, seed)
    rng = random.Random(seed)
    play_randomly(match, rng, rng.randrange(5, 150))
    match.advance_chance()
    return match


def shows_its_position(game_id: str) -> bool:
    """A game whose hands are secret shows no position while it is played (the pause menu's
    own test); the others copy and paste theirs."""
    from scenes.tables import game_table_class

    return not game_table_class(game_id).secret_hands


@pytest.mark.parametrize("game_id", [game for game in GAMES if shows_its_position(game)])
@pytest.mark.long
def test_copy_then_paste_starts_the_same_position(app, game_id):
    from scenes.routes import open_match

    for seed in (1, 2):
        match = random_position(game_id, seed)
        if match.is_terminal():
            continue
        table = open_match(app, match)
        frames(app, 2)
        past_pass_screens(app)  # Shifting Stones' secret hands: the first person sits down first
        app.manager.push(PauseScene(app, table))
        frames(app, 1)
        click(app, find_button(app, "Copy"))
        assert "Position copied" in app.messages
        click(app, find_button(app, "Quit to title"))
        click(app, find_button(app, "Quit"))  # unsaved: the question, answered Quit
        click(app, find_button(app, "New game"))
        click(app, find_button(app, "Start from a position…"))
        assert isinstance(app.manager.top, PositionScene)
        click(app, find_button(app, "Paste"))
        click(app, find_button(app, "Start"))
        past_pass_screens(app)
        table = app.manager.top
        assert table.match.spec.id == game_id
        assert table.match.start_state().to_dict() == match.state.to_dict()
        assert len(table.match.seats) == 2


def test_a_bad_position_stays_in_the_box_with_the_chosen_games_reason(app):
    click(app, find_button(app, "New game"))
    form = app.manager.top
    form.choose_game([g.id for g in form.games].index("diced-tomatoes"))
    click(app, find_button(app, "Start from a position…"))
    scene = app.manager.top
    scene.box.set_text("players=2 phase=banana")
    click(app, find_button(app, "Start"))
    assert app.manager.top is scene
    assert "phase" in scene.error and "banana" in scene.error
    assert scene.box.get_text() == "players=2 phase=banana"


def test_a_position_sets_the_number_of_seats(app):
    click(app, find_button(app, "New game"))
    form = app.manager.top
    click(app, find_button(app, "Start from a position…"))
    scene = app.manager.top
    text = registry.get("diced-tomatoes").notation.format(
        read_position(registry.get("diced-tomatoes"), "players=3 phase=turn hand=4r")
    )
    scene.box.set_text(text)
    click(app, find_button(app, "Start"))
    assert len(app.manager.top.match.seats) == 3 and form.seat_count == 3


def pick_first_puzzle(app):
    """New game → Diced Tomatoes → Start from a position… → its first puzzle; returns it."""
    from engine.puzzles import puzzles_for

    click(app, find_button(app, "New game"))
    form = app.manager.top
    form.choose_game([g.id for g in form.games].index("diced-tomatoes"))
    click(app, find_button(app, "Start from a position…"))
    puzzle = puzzles_for("diced-tomatoes")[0]
    click(app, find_button(app, puzzle.title))
    return puzzle


@pytest.mark.long
def test_a_puzzle_fills_the_box_and_its_goal_is_told(app):

    puzzle = pick_first_puzzle(app)
    assert app.manager.top.box.get_text() == puzzle.position
    click(app, find_button(app, "Start"))
    assert any(puzzle.goal in message for message in app.messages)
    table = app.manager.top
    assert table.match.spec.id == "diced-tomatoes" and table.puzzle is puzzle
    # the red 3 on the 5-4-6 vine: a 5 harvested into slot 5, and the table says so
    from engine.diced_tomatoes.state import PlaceDie

    assert table.try_action(PlaceDie(die=0, owner=0, token=0))
    frames(app, 3)
    assert table.puzzle_watch.solved
    assert any(message.startswith("Puzzle solved!") for message in app.messages)


def test_pause_menu_shows_the_position_at_both_sizes():
    for size in ((1280, 800), (1024, 640)):
        a = make_app(size=size)
        from scenes.routes import open_match

        a.manager.push(TitleScene(a))
        open_match(a, random_position("off-the-rails", 3))
        frames(a, 2)
        pause = PauseScene(a, a.manager.top)
        a.manager.push(pause)
        frames(a, 2)
        strip = pause.position_rect()
        menu_bottom = max(b.get_abs_rect().bottom for b in pause.buttons.values())
        assert strip.top > menu_bottom and strip.bottom <= size[1]
        assert pause.copy_button.get_abs_rect().colliderect(strip)
        # Off the Rails' board is drawn in rows: run together it read as noise (play-test);
        # "The board, drawn in 55 lines of text" read oddly: it says what it is for instead
        assert pause.position.strip().count("\n") > 1
        drawn = " ".join(drawn_texts(pause.draw_position, pygame.Surface(size)))
        assert drawn == (
            "Position The position as text, to share or to play on from it later: Copy it, "
            "then paste it in New game, Start from a position."
        )
        close_apps()


def drawn_texts(draw, *arguments) -> list:
    """The texts ``draw(*arguments)`` blits with :func:`kit.blit_text`, in order."""
    from scenes import kit

    texts = []
    real = kit.blit_text

    def record(surface, content, *args, **kwargs):
        texts.append(content)
        return real(surface, content, *args, **kwargs)

    kit.blit_text = record
    try:
        draw(*arguments)
    finally:
        kit.blit_text = real
    return texts


@pytest.mark.long
def test_a_puzzle_keeps_itself_in_its_own_save_and_resumes_from_it(app):
    """Play-test: puzzles and pasted positions each left another save named
    "unfinished-diced-tomatoes-…" in Load and pushed the player's own game out of its slot."""
    from engine.diced_tomatoes.state import PlaceDie
    from saves import store
    from scenes.routes import open_match

    mine = Match(
        registry.get("diced-tomatoes"), [Seat("human", "Ana"), Seat("bot", "B", "easy")], {}, 3
    )
    mine.advance_chance()
    store.autosave(mine)
    store.release(mine)
    puzzle = pick_first_puzzle(app)
    click(app, find_button(app, "Start"))
    table = app.manager.top
    assert table.try_action(PlaceDie(die=0, owner=0, token=0))
    frames(app, 3)
    app.autosaver.flush()
    saves = {info.path.name: info for info in store.list_saves()}
    assert set(saves) == {"autosave-diced-tomatoes.json", f"puzzle-{puzzle.id}.json"}
    assert saves[f"puzzle-{puzzle.id}.json"].title == f"Puzzle: {puzzle.title}"
    assert store.holds(saves["autosave-diced-tomatoes.json"].path, mine)
    table.saves.release()
    resumed = store.load(saves[f"puzzle-{puzzle.id}.json"].path)
    assert len(resumed.history) == len(table.match.history)
    again = open_match(app, resumed)
    assert again.puzzle is puzzle
    resumed.advance_chance()
    store.autosave(resumed)
    assert store.read_info(saves[f"puzzle-{puzzle.id}.json"].path).title == (
        f"Puzzle: {puzzle.title}"
    )


@pytest.mark.long
def test_a_pasted_position_gets_a_readable_name_of_its_own(app):
    from saves import store

    click(app, find_button(app, "New game"))
    form = app.manager.top
    form.choose_game([g.id for g in form.games].index("diced-tomatoes"))
    click(app, find_button(app, "Start from a position…"))
    scene = app.manager.top
    spec = registry.get("diced-tomatoes")
    scene.box.set_text(spec.notation.format(read_position(spec, "players=2 phase=turn hand=4r")))
    click(app, find_button(app, "Start"))
    table = app.manager.top
    table.saves.autosave()
    app.autosaver.flush()
    (info,) = store.list_saves()
    assert info.path.name.startswith("position-diced-tomatoes-")
    assert info.title.startswith("Diced Tomatoes from a position, ") and not info.is_autosave


@pytest.mark.long
def test_a_puzzle_not_solved_in_its_turns_says_so(app):
    """Play-test: a puzzle whose turns were spent without its goal said nothing."""
    from engine.diced_tomatoes.state import EndTurn, PlaceDie

    pick_first_puzzle(app)
    click(app, find_button(app, "Start"))
    table = app.manager.top
    for _ in range(30):  # seat 0 plays its turn out without the goal's move
        frames(app, 3)
        if table.match.current_player() != 0 or table.puzzle_watch.solved:
            break
        legal = [a for a in table.match.legal_actions() if a != PlaceDie(0, 0, 0)]
        ends = [a for a in legal if isinstance(a, EndTurn)]
        table.try_action(ends[0] if ends else legal[0])
    for _ in range(200):  # the other seat's turn, then seat 0's next one begins
        frames(app, 2, dt=0.25)
        if table.puzzle_watch.failed or table.puzzle_watch.solved:
            break
    if not table.puzzle_watch.solved:
        assert table.puzzle_watch.failed, (table.match.turns_by_seat(), table.puzzle_watch.turns_at)
        assert any(m.startswith("Not solved this time:") for m in app.messages)


@pytest.mark.parametrize("game", [spec.id for spec in registry.games()])
def test_a_position_with_one_wrong_value_is_refused_in_its_own_games_words(game):
    """Play-test: a Tea Time position with one wrong value, pasted without naming the game,
    was refused in Potion Explosion's words ("unknown field 'players'; the fields are n,
    opt…"). Detection reports the reason of the game whose notation the text is written in."""
    from scenes.position import detect

    spec = registry.get(game)
    seats = [Seat("human", "Ana")] + [Seat("bot", "Bot", "easy")] * (max(2, spec.min_players) - 1)
    match = Match(spec, seats, {}, 3)
    while match.is_chance():
        match.advance_chance()
    text = spec.notation.format(match.state)
    name, _equals, value = next(word for word in text.split() if "=" in word).partition("=")
    spoiled = text.replace(f"{name}={value}", f"{name}=x{value}", 1)
    with pytest.raises(ValueError) as refused:
        detect(spoiled)
    assert f"{name}: 'x{value}" in str(refused.value), str(refused.value)
    assert detect(text)[0].id == game
