"""The Potion Explosion table scene, played through mouse events at its targets (issues 6, 17).

Layout and input are tested without a display in ``tests/scenes/potion_explosion/``."""

import json

import pygame
import pytest

from engine import registry
from engine.core import CHANCE
from engine.match import Match, Seat
from engine.potion_explosion import state as pe
from engine.potion_explosion.notation import parse_position
from saves.format import dumps, make_envelope
from scenes.game_over import GameOverScene
from scenes.pause import PauseScene
from scenes.routes import open_match
from scenes.tables.potion_explosion import input as table_input
from scenes.tables.potion_explosion.table import PotionExplosionTable
from scenes.title import TitleScene
from tests.engine.potion_explosion.helpers import exploded_places
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
from tests.soak import WINDOW_SIZES, keep_first, quick_first

SPEC = registry.get("potion-explosion")


def start(app, seats, seed, options=None, position=None):
    match = Match(SPEC, seats, options or {}, seed)
    if position is not None:
        match.set_position(parse_position(position))
    open_match(app, match)
    frames(app, 2)
    assert isinstance(app.manager.top.game, PotionExplosionTable)
    return app.manager.top


def hover(app, pos):
    frames(
        app,
        1,
        events=[pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))],
    )


def do_effect(app, table, action):
    """Make the pending effect's choice ``action`` with the mouse, as a player would."""
    if isinstance(action, pe.FinishEffect):
        click(app, find_button(app, "Take nothing"))
    elif isinstance(action, pe.TakeMarble):
        click_at(app, area(table, ("marble", action.track, action.position)).center)
    elif isinstance(action, pe.TakePair):
        # the lower marble; when it has two partners, then the upper one
        before = len(table.match.history)
        click_at(app, area(table, ("marble", action.track, action.position)).center)
        if len(table.match.history) == before:
            assert table.game.selection.anchor == (action.track, action.position)
            click_at(app, area(table, ("marble", action.track, action.position + 1)).center)
    elif isinstance(action, pe.TakeRun):
        # one end; when more than one run goes through it, then the other end
        before = len(table.match.history)
        click_at(app, area(table, ("marble", action.track, action.start)).center)
        if len(table.match.history) == before:
            end = action.start + action.length - 1
            click_at(app, area(table, ("marble", action.track, end)).center)
    elif isinstance(action, pe.TakeBottom):
        click_at(app, area(table, ("marble", action.track, 0)).center)
    elif isinstance(action, pe.TakePool):
        click_at(app, table.game.layout().boxes[action.opponent].center)
    elif isinstance(action, pe.FilterMarbles):
        for q in action.positions:
            click_at(app, area(table, ("marble", action.track, q)).center)
        click(app, find_button(app, f"Return {len(action.positions)}"))
    elif isinstance(action, pe.CopyPotion):
        click_at(app, area(table, ("completed", table.viewer_seat(), action.index)).center)
    else:
        raise AssertionError(action)


def human_step(app, table, drink=True):
    """One human decision made with the mouse."""
    state = table.match.state
    legal = state.legal_actions()
    if state.phase == "types":
        click_at(
            app,
            area(
                table, ("type", legal[0].potion if hasattr(legal[0], "potion") else legal[0].type)
            ).center,
        )
        return
    if state.phase == "draft":
        click_at(app, area(table, ("offer", legal[0].tile)).center)
        return
    if state.phase == "end":
        click_at(app, area(table, ("stack", legal[0].stack)).center)
        return
    if state.phase == "tiebreak":
        click_at(app, area(table, ("marble", legal[0].track, legal[0].position)).center)
        return
    if state.effect is not None:
        choices = [a for a in legal if not isinstance(a, pe.FinishEffect)]
        do_effect(app, table, choices[0] if choices else pe.FinishEffect())
        return
    if not state.picked:
        picks = [a for a in legal if isinstance(a, pe.RegularPick)]
        best = max(picks, key=lambda a: len(state.chain_preview(a.track, a.position)[0]))
        click_at(app, area(table, ("marble", best.track, best.position)).center)
        return
    places = [a for a in legal if isinstance(a, pe.PlaceMarble)]
    if places:
        # a click on the marble places it when one hole fits; else it is picked up and the
        # hole glows
        a = places[0]
        before = len(table.match.history)
        click_at(app, area(table, (a.source, a.colour)).center)
        if len(table.match.history) == before:
            assert (a.slot, a.hole) in table.game.view().holes
            click_at(app, area(table, ("hole", a.slot, a.hole)).center)
        return
    drinks = [a for a in legal if isinstance(a, pe.Drink)]
    if drink and drinks:
        click_at(app, area(table, ("completed", table.viewer_seat(), drinks[0].index)).center)
        return
    pools = [a for a in legal if isinstance(a, pe.MoveToPool)]
    if pools and state.end_turn_refusal():
        click_at(app, area(table, ("hand", pools[0].colour)).center)  # no hole: to the pool
        return
    click(app, find_button(app, "End turn"))


@pytest.mark.long
def test_two_player_game_human_vs_bot_by_mouse_reaches_score_sheet(app):
    table = start(app, [Seat("human", "Ana"), Seat("bot", "Bot (Medium)", "medium")], seed=12)
    over = play_to_end(app, table, human_step)
    assert over.sheet == table.match.state.score_sheet()
    assert len(over.sheet["rows"]) == 2
    assert over.table is table  # the table draws the sheet: each player's potions
    frames(app, 2)
    drunk = [a for a in table.match.history if a.player == 0 and isinstance(a.action, pe.Drink)]
    assert drunk, "the human drank potions by clicking them"


@pytest.mark.long
def test_four_player_game_with_chosen_types_by_mouse_at_small_size():
    app = make_app(size=(1024, 640))
    app.manager.push(TitleScene(app))
    seats = [Seat("human", "Ana")] + [Seat("bot", f"Bot {i}", "easy") for i in range(3)]
    table = start(app, seats, seed=1, options={"types": "chosen", "first_player": "seat1"})
    assert table.match.state.phase == "types"
    over = play_to_end(app, table, human_step)
    assert over.sheet == table.match.state.score_sheet()
    assert len(over.sheet["rows"]) == 4
    close_apps()


@pytest.mark.long
def test_all_bot_game_reaches_score_sheet():
    """Autoplay (as ``--autoplay --instant``): bots move as fast as the machine allows."""
    app = make_app(autoplay=True, quit_at_end=True, background_saves=True)
    app.manager.push(TitleScene(app))
    seats = [Seat("bot", f"Bot {i}", "easy") for i in range(3)]
    table = start(app, seats, seed=8)
    over = run_to_score_sheet(app, 6000, dt=0.25)
    assert isinstance(over, GameOverScene)
    assert over.sheet == table.match.state.score_sheet()
    assert app.result_line and not app.running
    close_apps()


@pytest.mark.parametrize("seed", quick_first([1, 2, 3]))
def test_explosion_preview_matches_engine_for_every_marble(app, seed):
    """Hovering a marble outlines the whole chain reaction the engine sets off (rules,
    "Explosions"), as far as the visible marbles decide it."""
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=seed)
    wait_for_human(app, table)
    while table.match.state.phase == "draft":
        human_step(app, table)
        wait_for_human(app, table)
    state = table.match.state
    checked = 0
    for t, track in enumerate(state.tracks):
        for q in range(len(track)):
            hover(app, area(table, ("marble", t, q)).center)
            view = table.game.view()
            shown = sorted(view.preview)
            work = state.clone()
            events = work.apply_action(pe.RegularPick(t, q))
            while work.current_player() == CHANCE:
                events += work.apply_action(work.chance_outcomes()[0][0])
            engine = [(t, p) for p in exploded_places(track, q, events)]
            if view.preview_more:
                assert set(shown) <= set(engine), (t, q, track)  # refills may add marbles
            else:
                assert shown == engine, (t, q, track)
                checked += 1
    assert checked >= 30


def test_the_log_rebuilt_after_load_is_the_log_seen_live(app):
    """Loading rebuilds the log from the match: the same lines, the pick summary included
    (a game opened from its save had lost its summaries)."""
    position = with_tank(
        "n=2 types=SAN,MAG,WIS,BAL,PRI,BLI phase=play first=0 player=0 "
        "tracks=YRBRYKBR/YYBBKKRR/RRRBBYKK/KBYRKBYR/BYRKBYRK tank={tank} "
        "stacks=WIS5+3/MAG5+3/BAL5+3/SAN5+3/PRI5+3 "
        "p0=WIS4:RRY,MAG4:/-/-/-/0.0.-.0.0.0 p1=BAL4:,BLI4:/RK/-/-/0.0.-.0.0.0"
    )
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=1, position=position)
    wait_for_human(app, table)
    click_at(app, area(table, ("marble", 0, 2)).center)  # a chain of 4
    for _ in range(6):
        wait_for_human(app, table)
        human_step(app, table)
    wait_for_human(app, table)
    live = list(table.log_lines)
    assert "Ana took 5 marbles: the one picked, then 2 red, then 2 yellow exploded." in live
    table.rebuild_log()
    assert table.log_lines == live and "" not in live
    envelope = json.loads(dumps(make_envelope(table.match)))
    open_match(app, Match.from_save(SPEC, envelope))  # as Continue and Load open it
    assert app.manager.top.log_lines == live


def test_no_explosion_label_once_the_pick_is_made(app):
    """After the regular pick no marble can be picked again this turn: hovering shows nothing."""
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=4)
    wait_for_human(app, table)
    while table.match.state.phase == "draft" or not table.match.state.picked:
        human_step(app, table)
        wait_for_human(app, table)
    for q in range(len(table.match.state.tracks[0])):
        hover(app, area(table, ("marble", 0, q)).center)
        view = table.game.view()
        assert (view.preview, view.preview_more) == (frozenset(), False)


EFFECT_POSITIONS = {
    # player 0 has a completed, undrunk potion of the type (and what its effect needs)
    "WIS": "p0=WIS4:,MAG4:/-/-/WIS6/0.0.-.0.0.0",
    "MAG": "p0=WIS4:,SAN4:/-/-/MAG6/0.0.-.0.0.0",
    "BAL": "p0=WIS4:,MAG4:/-/-/BAL6/0.0.-.0.0.0",
    "ABY": "p0=WIS4:,MAG4:/-/-/ABY6/0.0.-.0.0.0",
    "BLI": "p0=WIS4:,MAG4:/-/-/BLI6/0.0.-.0.0.0",
    "FIL": "p0=WIS4:,MAG4:/-/-/FIL6/0.0.-.0.0.0",
    "SAN": "p0=WIS4:,MAG4:/-/-/SAN6,WIS6!/0.0.-.0.0.0",
    "PRI": "p0=WIS4:,MAG4:/RB/-/PRI6/0.0.-.0.0.0",
}
BASE = (
    "n=2 types=SAN,MAG,WIS,BAL,PRI,BLI,ABY,FIL phase=play first=0 player=0 "
    "tracks=RBRYKRBY/YYBBKKRR/RRRBBYKK/KBYRKBYR/BYRKBYRK tank={tank} "
    "stacks=WIS5+3/MAG5+3/BAL5+3/SAN5+3/FIL5+3 turn=p {p0} p1=BAL4:,BLI4:/RK/-/-/0.0.-.0.0.0"
)


@pytest.mark.parametrize("kind", sorted(EFFECT_POSITIONS))
def test_every_potion_effect_is_reachable_by_mouse(app, kind):
    p0 = EFFECT_POSITIONS[kind]
    position = with_tank(BASE.format(tank="{tank}", p0=p0))
    assert parse_position(position).marble_count() == 80
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=1, position=position)
    wait_for_human(app, table)
    assert table.match.state.drinkable() == [0]
    click_at(app, area(table, ("completed", 0, 0)).center)
    wait_for_human(app, table)
    decisions = [h.action for h in table.match.history if h.player >= 0]
    if kind == "BLI":
        # one opponent: the Elixir's only choice is made at once (the steal is animated)
        assert decisions[-2:] == [pe.Drink(0), pe.TakePool(1)]
        assert table.match.state.desks[0].hand == [1, 0, 0, 1]
        return
    assert decisions[-1] == pe.Drink(0)
    state = table.match.state
    if kind == "PRI":
        assert state.desks[0].wild == state.desks[0].pool
        return
    choices = [a for a in state.effect_choices() if not isinstance(a, pe.FinishEffect)]
    if kind == "SAN":
        do_effect(app, table, choices[0])
        assert isinstance(last_decision(table.match), pe.CopyPotion)
        wait_for_human(app, table)
        choices = [
            a for a in table.match.state.effect_choices() if not isinstance(a, pe.FinishEffect)
        ]
    if kind == "MAG":
        choices = choices[-1:]
    if kind == "BAL":
        choices = [max(choices, key=lambda a: a.length)]
    if kind == "FIL":
        choices = [max(choices, key=lambda a: len(a.positions))]
    action = choices[0]
    before = len(table.match.history)
    do_effect(app, table, action)
    assert len(table.match.history) > before, table.current_message()
    assert table.match.history[before].action == action
    if kind == "ABY":
        wait_for_human(app, table)
        while table.match.state.effect is not None:
            more = [
                a for a in table.match.state.effect_choices() if not isinstance(a, pe.FinishEffect)
            ]
            do_effect(app, table, more[0] if more else pe.FinishEffect())
            wait_for_human(app, table)
        assert table.match.state.effect is None


def with_tank(position: str) -> str:
    """Fill in ``tank={tank}`` so the position holds all 80 marbles, and give the stacks as
    many face-down tiles as are unseen: a position a save's start may hold (issue 36)."""
    from engine.potion_explosion.rules import unseen_tiles

    s = parse_position(position.replace("tank={tank}", "tank=R0B0Y0K0"))
    if "stacks=" in position:
        unseen = sum(unseen_tiles(s).values())
        tops = [stack.top or "-" for stack in s.stacks]
        given = next(word for word in position.split() if word.startswith("stacks="))
        spread = [unseen // 5 + (index < unseen % 5) for index in range(5)]
        stacks = "/".join(f"{top}+{count}" for top, count in zip(tops, spread))
        position = position.replace(given, f"stacks={stacks}")
    counts = [20, 20, 20, 20]
    for tr in s.tracks:
        for c in tr:
            counts["RBYK".index(c)] -= 1
    for d in s.desks:
        for k in range(4):
            counts[k] -= d.pool[k] + d.hand[k]
        for brewing in d.slots:  # the marbles in the potions' holes count too
            for placed in brewing.placed if brewing else ():
                counts["RBYK".index(placed[1])] -= 1
    tank = "".join(f"{c}{n}" for c, n in zip("RBYK", counts))
    return position.replace("tank={tank}", f"tank={tank}")


def last_decision(match):
    return next(h.action for h in reversed(match.history) if h.player >= 0)


def test_little_help_by_button_and_click(app):
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=4)
    wait_for_human(app, table)
    while table.match.state.phase == "draft":
        human_step(app, table)
        wait_for_human(app, table)
    assert table.tip_lines(table.column.button("help"))[0] == "Little Help (-2)"
    click(app, find_button(app, "Little Help (-2)"))
    assert table.game.selection.help_mode
    # the tip follows the button (play-test: Cancel help kept Little Help's tip)
    assert table.tip_lines(table.column.button("help")) == (
        "Cancel help",
        "Take no marble with the Little Help after all (L)",
    )
    click_at(app, area(table, ("marble", 2, 3)).center)
    assert isinstance(last_decision(table.match), pe.LittleHelp)
    wait_for_human(app, table)
    assert table.match.state.desks[table.match.current_player()].helps == 1


def test_a_hinted_little_help_frames_its_button_until_pressed(app):
    """Play-test: a hint to take a marble with the Little Help named the marble, and clicking
    it was refused as a second take: the Little Help button is framed until pressed."""
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=4)
    wait_for_human(app, table)
    while table.match.state.phase == "draft":
        human_step(app, table)
        wait_for_human(app, table)
    help_move = next(a for a in table.match.state.legal_actions() if isinstance(a, pe.LittleHelp))
    table.driver.hint, table.driver._hint_at = help_move, len(table.match.history)
    assert table.game.hinted_button() == "help"
    click(app, find_button(app, "Little Help (-2)"))
    assert table.game.selection.help_mode and table.game.hinted_button() is None
    table.driver.hint = next(
        a for a in table.match.state.legal_actions() if isinstance(a, pe.RegularPick)
    )
    assert table.game.hinted_button() is None


def test_end_turn_refused_with_engine_reason(app):
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    wait_for_human(app, table)
    while table.match.state.phase == "draft":
        human_step(app, table)
        wait_for_human(app, table)
    reason = table.match.state.end_turn_refusal()
    assert reason
    click(app, find_button(app, "End turn"))
    assert table.current_message() == reason


def test_drag_hand_marble_to_pool(app):
    position = with_tank(BASE.format(tank="{tank}", p0="p0=WIS4:,MAG4:/-/Y/-/0.0.-.0.0.0"))
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=1, position=position)
    wait_for_human(app, table)
    src = area(table, ("hand", "Y")).center
    dst = area(table, ("poolzone",)).center
    frames(app, 1, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=src, button=1)])
    hover(app, ((src[0] + dst[0]) // 2, (src[1] + dst[1]) // 2))
    hover(app, dst)
    frames(app, 2, events=[pygame.event.Event(pygame.MOUSEBUTTONUP, pos=dst, button=1)])
    assert last_decision(table.match) == pe.MoveToPool("Y")


def test_undo_placement_by_keyboard(app):
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    for _ in range(200):
        wait_for_human(app, table)
        state = table.match.state
        if any(isinstance(a, pe.PlaceMarble) for a in state.legal_actions()):
            break
        human_step(app, table, drink=False)
    before = table.match.state.to_dict()
    human_step(app, table)
    assert isinstance(last_decision(table.match), pe.PlaceMarble)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert table.match.state.to_dict() == before
    assert table.shown.to_dict() == before


@pytest.mark.long
def test_save_from_pause_and_load_back_identical(app):
    from saves import store

    table = start(app, [Seat("human", "Ana"), Seat("bot", "Bot (Medium)", "medium")], seed=12)
    for _ in range(12):
        wait_for_human(app, table)
        human_step(app, table)
    wait_for_human(app, table)
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
    table = start(app, [Seat("human", "Ana"), Seat("bot", "Bot (Medium)", "medium")], seed=12)
    for _ in range(6):
        wait_for_human(app, table)
        human_step(app, table)
    wait_for_human(app, table)
    app.resize((1024, 640))
    frames(app, 2)
    table = app.manager.top
    board = table.game.layout().board
    for target in table.targets():
        assert board.contains(target.bounds), target
    before = len(table.match.history)
    human_step(app, table)
    assert len(table.match.history) > before


@pytest.mark.parametrize("players,seed", keep_first([(2, 21), (4, 22), (6, 23)], 2))
@pytest.mark.long
def test_animations_draw_and_land_on_the_engine_state(players, seed):
    """Every event batch of random games: each step's animations draw at several moments, and
    the states the steps land (the engine's apply_event, issue 16) end exactly at the engine's
    state after the batch."""
    import random

    app = make_app(instant=False)
    app.manager.push(TitleScene(app))
    table = start(app, [Seat("human", f"P{i}") for i in range(players)], seed=seed)
    match = Match(SPEC, [Seat("human", f"P{i}") for i in range(players)], {}, seed)
    rng = random.Random(seed)
    surface = pygame.Surface(app.size)
    batches = 0
    while not match.is_terminal() and batches < 400:
        before = match.state.clone()
        if match.is_chance():
            events = match.advance_chance()
        else:
            legal = match.legal_actions()
            # fewer Little Helps than pure random play, so games end
            choice = [a for a in legal if not isinstance(a, pe.LittleHelp)] or legal
            events = match.apply(rng.choice(choice))
        after = match.state.clone()
        shown = before
        for step in table.steps(events, before):
            table.shown = shown
            for a in step.animations:
                for p in (0.0, 0.4, 0.8):
                    if a.draw_fn is not None:
                        a.draw_fn(surface, p)
            table.draw_board(surface)
            shown = step.after
        assert shown.to_dict() == after.to_dict(), events
        batches += 1
    assert batches > 100
    close_apps()


def test_tie_break_picks_are_made_on_the_dispenser(app):
    position = with_tank(
        "n=2 types=SAN,MAG,WIS,BAL,PRI,BLI phase=play first=0 player=1 end=1 "
        "tracks=RBRYKRBY/YYBBKKRR/RRRBBYKK/KBYRKBYR/BYRKBYRK tank={tank} "
        "stacks=WIS5+3/MAG5+3/BAL5+3/SAN5+3/PRI5+3 turn=p "
        "p0=WIS4:,MAG4:/-/-/SAN4/0.0.-.0.0.0 p1=BAL4:,BLI4:/-/-/SAN4/0.0.-.0.0.0"
    )
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=1, position=position)
    wait_for_human(app, table)
    click(app, find_button(app, "End turn"))
    for _ in range(2):
        wait_for_human(app, table)
        assert table.match.state.phase == "tiebreak"
        assert "tie-break" in table.status_text()
        human_step(app, table)
        assert isinstance(last_decision(table.match), pe.TieBreakPick)
    for _ in range(20):
        frames(app, 1, dt=0.5)
    assert isinstance(app.manager.top, GameOverScene)
    assert app.manager.top.sheet == table.match.state.score_sheet()


@pytest.mark.long
def test_hint_is_outlined_on_the_board(app):
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    wait_for_human(app, table)
    while table.match.state.phase == "draft":
        human_step(app, table)
        wait_for_human(app, table)
    ask_hint(app, table)
    hint = table.current_hint()
    assert isinstance(hint, (pe.RegularPick, pe.LittleHelp))
    rects = table.game.view().hint
    assert list(rects) == [table.game.layout().marble_rect(hint.track, hint.position)]
    assert area(table, ("marble", hint.track, hint.position)).colliderect(rects[0])


@pytest.mark.parametrize("players,seed", keep_first([(2, 31), (5, 32)]))
@pytest.mark.long
def test_after_every_step_played_to_its_end_the_board_shows_the_engine_state(players, seed):
    """At normal speed the base queues each step of a match step and lands it as its
    animations end (issue 17): drawn along the way, and once the queue is empty the displayed
    state is exactly the match's and the log is the one rebuilt from the match."""
    import random

    app = make_app(instant=False, background_saves=True)
    app.manager.push(TitleScene(app))
    table = start(app, [Seat("human", f"P{i}") for i in range(players)], seed=seed)
    match = table.match
    rng = random.Random(seed)
    surface = pygame.Surface(app.size)
    count = 0
    while not match.is_terminal() and count < 250:
        play_out_animations(table, surface)
        assert table.shown.to_dict() == match.state.to_dict()
        before = match.state.clone()
        if match.is_chance():
            events = match.advance_chance()
        else:
            legal = match.legal_actions()
            choice = [a for a in legal if not isinstance(a, pe.LittleHelp)] or legal
            events = match.apply(rng.choice(choice))
        present(table, events, before)
        if count % 25 == 0:
            while table.player.busy:
                table.player.update(0.1)
            live = list(table.log_lines)
            table.rebuild_log()
            assert table.log_lines == live  # the log, step by step, as it was
        count += 1
    assert count >= 200
    app.autosaver.close()
    close_apps()


def test_a_pick_shows_step_by_step_log_caption_and_sound_follow_the_table():
    """Issue 17: each step's log lines appear when it lands, its caption is the top bar's
    line while it plays, and its sound cues play as it starts (an explosion per chain step)."""
    from tests.scenes.test_sound import RecordingBoard

    app = make_app(instant=False)
    board = RecordingBoard(app.settings)
    app.sound = board
    app.manager.push(TitleScene(app))
    position = with_tank(
        "n=2 types=SAN,MAG,WIS,BAL,PRI,BLI phase=play first=0 player=0 "
        "tracks=YRBRYKBR/YYBBKKRR/RRRBBYKK/KBYRKBYR/BYRKBYRK tank={tank} "
        "stacks=WIS5+3/MAG5+3/BAL5+3/SAN5+3/PRI5+3 "
        "p0=WIS4:RRY,MAG4:/-/-/-/0.0.-.0.0.0 p1=BAL4:,BLI4:/RK/-/-/0.0.-.0.0.0"
    )
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=1, position=position)
    wait_for_human(app, table)
    board.heard.clear()
    logged = len(table.log_lines)
    click_at(app, area(table, ("marble", 0, 2)).center)  # blue: the reds, then yellows
    assert table.player.busy
    assert table.status_text() == "Ana picked a blue marble from track 1."
    assert len(table.log_lines) == logged  # not before the board shows it
    assert board.names()[0] == "marble_pick"  # the first step's cue, at once
    wait_for_human(app, table)
    assert table.shown.to_dict() == table.match.state.to_dict()
    new = table.log_lines[logged:]
    assert new[0] == "Ana picked a blue marble from track 1."
    assert any("chain reaction 2" in line for line in new)
    chain = [step for name, step, _, _ in board.heard if name == "explosion"]
    assert chain == [1, 2]  # each explosion louder, in order
    close_apps()


def test_against_bots_your_desk_stays_the_big_one_through_their_turns():
    """Issue 17, finding 1: against bots the person's desk is the big one all game."""
    app = make_app()
    app.manager.push(TitleScene(app))
    seats = [Seat("bot", "Bot 1", "easy"), Seat("human", "Ana"), Seat("bot", "Bot 2", "easy")]
    table = start(app, seats, seed=6, options={"first_player": "seat1"})
    seen = set()
    for _ in range(400):
        frames(app, 1, dt=0.25)
        seen.add((table.match.state.turn_owner(), table.game.layout().viewer))
        if table.human_to_move():
            human_step(app, table)
        if len({owner for owner, _ in seen}) == 3 and len(seen) >= 3:
            break
    assert {owner for owner, _ in seen} == {0, 1, 2}
    assert {viewer for _, viewer in seen} == {1}
    close_apps()


def test_hot_seat_the_big_desk_is_the_seat_to_move_after_the_pass_screen():
    from scenes.pass_screen import KEY_DELAY, PassScreen

    app = make_app(pass_screen=True)
    app.manager.push(TitleScene(app))
    table = start(
        app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3, options={"first_player": "seat1"}
    )
    for _ in range(60):
        wait_for_human(app, table)
        if isinstance(app.manager.top, PassScreen):
            break
        if table.match.state.phase == "play" and table.match.current_player() == 1:
            break
        human_step(app, table)
        frames(app, 2)
    for _ in range(40):
        if isinstance(app.manager.top, PassScreen):
            break
        frames(app, 1)
    assert isinstance(app.manager.top, PassScreen)
    assert table.match.current_player() == 1
    assert table.viewer_seat() == 0  # Ana's desk until Ben takes the seat
    app.manager.top.shown_at -= KEY_DELAY  # a moment later: Enter is for the screen
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert app.manager.top is table and table.viewer_seat() == 1
    assert table.game.layout().viewer == 1 and table.game.layout().others == [0]
    close_apps()


def a_chain_of_explosions_playing():
    """``(app, table)`` at normal speed just after Ana's pick set off a chain of two
    explosions, still animating."""
    app = make_app(instant=False)
    app.manager.push(TitleScene(app))
    position = with_tank(
        "n=2 types=SAN,MAG,WIS,BAL,PRI,BLI phase=play first=0 player=0 "
        "tracks=YRBRYKBR/YYBBKKRR/RRRBBYKK/KBYRKBYR/BYRKBYRK tank={tank} "
        "stacks=WIS5+3/MAG5+3/BAL5+3/SAN5+3/PRI5+3 "
        "p0=WIS4:RRY,MAG4:/-/-/-/0.0.-.0.0.0 p1=BAL4:,BLI4:/RK/-/-/0.0.-.0.0.0"
    )
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=1, position=position)
    wait_for_human(app, table)
    click_at(app, area(table, ("marble", 0, 2)).center)
    return app, table


@pytest.mark.parametrize("skip", ["space", "click"])
def test_space_or_a_click_skips_every_animation_to_the_engine_state(skip):
    app, table = a_chain_of_explosions_playing()
    for _ in range(20):
        assert table.player.busy
        if skip == "space":
            key(app, pygame.K_SPACE)
        else:
            frames(
                app, 1, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 300), button=1)]
            )
        if not table.match.is_chance():
            break
    frames(app, 2)
    wait_for_human(app, table)
    assert not table.player.busy
    assert table.shown.to_dict() == table.match.state.to_dict()
    assert table.match.state.desks[0].hand == [2, 1, 2, 0]
    close_apps()


@pytest.mark.long
def test_place_all_pressed_while_the_explosion_plays_acts_once_it_lands():
    """Play-test finding: P pressed during the person's own explosion was lost. It waits until
    the board has caught up (refills included), then places what fits; a key never carries
    into a later turn."""
    app, table = a_chain_of_explosions_playing()
    assert table.player.busy
    key(app, pygame.K_p)
    assert not any(isinstance(e.action, pe.PlaceMarble) for e in table.match.history)
    for _ in range(400):
        frames(app, 1, dt=0.1)
        if table.human_to_move():
            frames(app, 1)
            break
    placed = [e.action for e in table.match.history if isinstance(e.action, pe.PlaceMarble)]
    assert placed, table.current_message()
    assert table.input.queued_key is None
    close_apps()


def test_the_pause_menu_leaves_the_top_bar_saying_what_to_do(app):
    """Esc with marbles in hand and room in the pool: the top bar still asks to keep them in
    the pool (it said "End turn (E) when ready", and E was then refused)."""
    position = with_tank(
        "n=2 types=SAN,MAG,WIS,BAL,PRI,BLI phase=play first=0 player=0 "
        "tracks=YRBRYKBR/YYBBKKRR/RRRBBYKK/KBYRKBYR/BYRKBYRK tank={tank} "
        "stacks=WIS5+3/MAG5+3/BAL5+3/SAN5+3/PRI5+3 turn=p "
        "p0=WIS4:RRY,MAG4:BBK/-/R/-/0.0.-.0.0.0 "
        "p1=BAL4:,BLI4:/RK/-/-/0.0.-.0.0.0"
    )
    table = start(
        app, [Seat("human", "Ana"), Seat("bot", "Bot", "easy")], seed=1, position=position
    )
    wait_for_human(app, table)
    playing = table.status_text()
    assert "pool" in playing
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, PauseScene)
    assert table.status_text() == playing


@pytest.mark.parametrize("size", WINDOW_SIZES)
def test_a_hand_marble_tooltip_leaves_its_holes_in_sight(size):
    """The hand marble's tooltip names the holes it fits: it never covers those holes."""
    app = make_app(size=size)
    app.manager.push(TitleScene(app))
    try:
        position = with_tank(
            "n=3 types=SAN,MAG,WIS,BAL,PRI,BLI phase=play first=0 player=0 "
            "tracks=YRBRYKBR/YYBBKKRR/RRRBBYKK/KBYRKBYR/BYRKBYRK tank={tank} "
            "stacks=WIS5+3/MAG5+3/BAL5+3/SAN5+3/PRI5+3 turn=p "
            "p0=WIS4:R,WIS4:R/-/YY/-/0.0.-.0.0.0 "
            "p1=BAL4:,BLI4:/RK/-/-/0.0.-.0.0.0 p2=BAL4:,BLI4:/-/-/-/0.0.-.0.0.0"
        )
        table = start(
            app,
            [Seat("human", "Ana"), Seat("bot", "Bot", "easy"), Seat("bot", "Bot 2", "easy")],
            seed=1,
            position=position,
        )
        wait_for_human(app, table)
        marble = area(table, ("hand", "Y"))
        holes = [t.bounds for t in table.targets() if t.key[0] == "hole" and t.key[2] == "Y"]
        assert len(holes) == 4
        hover(app, marble.center)
        target = table.target_at(marble.center)
        tip = table.frame.tooltip_rect(target)
        assert not any(tip.colliderect(hole) for hole in holes), tip
        assert not tip.colliderect(marble)
    finally:
        close_apps()


def test_right_click_cancelling_a_balm_run_drops_its_prompt(app):
    """Cancelling the Stickiness run's first end (right-click) leaves no stale "Now click the
    other end" message: the top bar says the effect's own prompt again."""
    position = with_tank(BASE.format(tank="{tank}", p0=EFFECT_POSITIONS["BAL"]))
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=1, position=position)
    wait_for_human(app, table)
    click_at(app, area(table, ("completed", 0, 0)).center)
    wait_for_human(app, table)
    assert table.match.state.effect.kind == "BAL"
    # track 2 starts R R R: three runs go through its middle red, so a second end is asked
    middle = area(table, ("marble", 2, 1)).center
    click_at(app, middle)
    assert table.game.selection.anchor == (2, 1)
    assert "other end" in table.current_message()
    click_at(app, middle, button=3)
    assert table.game.selection.anchor is None
    assert table.current_message() == ""
    state = table.match.state
    assert table_input.status(state, table.legal(), table.game.selection) == state.effect_prompt()


def test_a_bots_turn_plays_in_about_five_seconds_at_normal_speed():
    """Issue 42: two bots' turns took 20–25 s at Normal. A bot's turn plays at double speed,
    then faster, so each turn's animations and pauses add up to about five seconds."""
    from scenes.table.pace import BOT_TURN_SECONDS

    app = make_app(instant=False)
    try:
        app.manager.push(TitleScene(app))
        seats = [Seat("bot", "A", "medium"), Seat("bot", "B", "medium")]
        table = open_match(app, Match(registry.get("potion-explosion"), seats, seed=4))
        played: dict = {}
        for _ in range(6000):
            settle(table)
            app.step(1 / 30, events=[], draw=False)
            if table.pace.turn is not None:
                played[table.pace.turn] = table.pace.spent
            if len(played) > 4:
                break
        turns = list(played.values())[:-1]  # the last may still be playing
        assert len(turns) >= 3 and max(turns) > 2.0  # real turns, with animations
        assert max(turns) <= BOT_TURN_SECONDS + 2.0, turns
    finally:
        close_apps()


def test_a_marble_that_fits_two_potions_goes_in_on_one_click_and_moves_on_a_second(app):
    """Issue 42: a marble that fits two potions took two clicks. One click puts it where the
    hint would (the game's own evaluation); a click on it there moves it to the other potion
    (the placement is taken back first, so nothing else changes)."""
    position = with_tank(BASE.format(tank="{tank}", p0="p0=WIS4:,WIS5:/-/R/-/0.0.-.0.0.0"))
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=1, position=position)
    wait_for_human(app, table)
    before = len(table.match.history)
    click_at(app, area(table, ("hand", "R")).center)
    wait_for_human(app, table)
    first = table.match.history[-1].action
    assert len(table.match.history) == before + 1 and isinstance(first, pe.PlaceMarble)
    assert "click it to move it to" in table.status_text()
    click_at(app, area(table, ("hole", first.slot, "R")).center)
    wait_for_human(app, table)
    moved = table.match.history[-1].action
    assert len(table.match.history) == before + 1  # taken back, then placed again
    assert isinstance(moved, pe.PlaceMarble) and moved.slot != first.slot


HINTED_PLAN = (
    "n=2 types=SAN,MAG,WIS,BAL,PRI,BLI,ABY,FIL phase=play first=0 player=0 "
    "tracks=YBRBKYRK/YYBBKKRR/RRRBBYKK/KBYRKBYR/BYRKBYRK tank={tank} "
    "stacks=WIS5+3/MAG5+3/BAL5+3/SAN5+3/FIL5+3 turn=- p0=BLI5:BYY,ABY7:/-/-/-/0.0.-.0.0.0 "
    "p1=BAL4:,BLI4:/RK/-/-/0.0.-.0.0.0"
)


def test_one_click_puts_a_hand_marble_where_the_hint_said(app):
    """Play-test 50: the hint said 2 blue marbles complete the Elixir of Blind Love (5 VP,
    2 blue holes empty); one click on a blue hand marble put it in the Abyssal Draft (10 VP, 2
    blue holes too), which the evaluation likes better per hole, and the Elixir was never
    completed. One click follows the hint's plan now: both blue marbles go to the Elixir."""
    table = start(
        app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=1, position=with_tank(HINTED_PLAN)
    )
    wait_for_human(app, table)
    hint = ask_hint(app, table)
    assert hint == pe.RegularPick(0, 2), hint  # the red marble: 2 blue ones explode
    assert "Elixir of Blind Love" in table.hint_said and "Abyssal" not in table.hint_said
    click_at(app, area(table, ("marble", 0, 2)).center)
    wait_for_human(app, table)
    desk = table.match.state.desks[0]
    assert desk.hand[1] >= 2  # blue
    for _ in range(2):
        click_at(app, area(table, ("hand", "B")).center)
        wait_for_human(app, table)
        placed = table.match.history[-1].action
        assert isinstance(placed, pe.PlaceMarble) and placed.colour == "B"
        assert placed.slot == 0, placed  # the Elixir of Blind Love
    assert [p.tile for p in table.match.state.desks[0].completed] == ["BLI5"]


def test_without_a_hint_one_click_follows_the_hints_plan_for_the_marbles_held(app):
    """Play-test 50: with one blue marble for two potions' blue holes (a tie for the hint's
    plan, which names the first potion), one click chose the Abyssal Draft by the evaluation
    alone. Now, with 2 blue marbles in hand that complete the Elixir of Blind Love, the first
    click puts one there (the evaluation alone chose the Abyssal Draft)."""
    position = HINTED_PLAN.replace("turn=-", "turn=p").replace(
        "p0=BLI5:BYY,ABY7:/-/-/", "p0=BLI5:BYY,ABY7:/-/BB/"
    )
    position = position.replace("YBRBKYRK", "YRKYRK")
    table = start(
        app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=1, position=with_tank(position)
    )
    wait_for_human(app, table)
    click_at(app, area(table, ("hand", "B")).center)
    wait_for_human(app, table)
    placed = table.match.history[-1].action
    assert isinstance(placed, pe.PlaceMarble) and placed.slot == 0, placed


def test_a_wild_marble_placed_by_one_click_offers_the_other_hole_of_its_own_potion(app):
    """A play-test: after the Prismatic Joy a click put the black pool marble in a hole of the
    Abyssal Draft, and the status offered to move it "to Abyssal Draft instead"."""
    p0 = "p0=ABY7:,-/K/-/PRI6/0.0.-.0.0.0"
    position = with_tank(BASE.format(tank="{tank}", p0=p0))
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=1, position=position)
    wait_for_human(app, table)
    click_at(app, area(table, ("completed", 0, 0)).center)  # drink the Prismatic Joy
    wait_for_human(app, table)
    assert table.match.state.desks[0].wild == [0, 0, 0, 1]
    click_at(app, area(table, ("pool", "K")).center)
    wait_for_human(app, table)
    placed = last_decision(table.match)
    assert isinstance(placed, pe.PlaceMarble) and placed.slot == 0
    assert table.game.status("Ana") == (
        "Ana: the black marble went where the hint would put it; click it to move it to "
        "another hole of Abyssal Draft."
    )


# Ana has 14 completed potions, 3 of them drunk; she has picked (a drink is hers to take).
FOURTEEN_POTIONS = (
    "n=2 types=SAN,MAG,WIS,PRI,ABY,FIL phase=play "
    "tracks=RBYKRBYK/BRKYBRKY/RBYKRBYK/BRKYBRKY/RBYKRBYK tank=R9B10Y5K7 "
    "stacks=MAG5+5/SAN5+5/PRI5+5/ABY5+5/WIS5+5 turn=p p0=WIS4:RY,FIL7:KKKYYY/Y/-/"
    "WIS4!,WIS5,WIS6,FIL4!,FIL5,FIL6,MAG4,MAG5!,MAG6,SAN4,SAN5,PRI4,PRI5,ABY4/0.0.-.0.0.0 "
    "p1=MAG4:,SAN4:/-/-/-/0.0.-.0.0.0"
)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_every_drinkable_potion_keeps_its_green_badge_in_a_crowded_row(size):
    """Play-test: past about 12 completed potions the "Drink" badges went (the word no longer
    fits a tile): a drinkable potion keeps a green badge, word or not; a drunk one has none."""
    app = make_app(size=size)
    try:
        table = start(
            app, [Seat("human", "Ana"), Seat("bot", "Bot", "medium")], 1, None, FOURTEEN_POTIONS
        )
        frames(app, 2)
        drinkable = {a.index for a in table.match.state.legal_actions() if isinstance(a, pe.Drink)}
        assert drinkable == {1, 2, 4, 5, 6, 8, 9, 10, 11, 12, 13}  # all but the 3 drunk
        for index in range(14):
            rect = area(table, ("completed", 0, index))
            pixel = tuple(app.screen.get_at((rect.centerx, rect.bottom - 4)))[:3]
            assert (pixel == (60, 140, 80)) == (index in drinkable), (index, pixel)
    finally:
        close_apps()


def test_the_hovered_picks_badge_is_drawn_over_the_hints_frame(app, monkeypatch):
    """Play-test: hovering the hinted marble, its "6+" badge was half hidden under the hint's
    frame: the badge comes after the frame."""
    from scenes.tables.potion_explosion import draw

    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=4)
    wait_for_human(app, table)
    while table.match.state.phase == "draft":
        human_step(app, table)
        wait_for_human(app, table)
    pick = None
    for t, track in enumerate(table.match.state.tracks):
        for q in range(len(track)):
            hover(app, area(table, ("marble", t, q)).center)  # stays hovered once found
            if table.game.view().preview:
                pick = (t, q)
                break
        if pick is not None:
            break
    assert pick is not None
    table.driver.hint, table.driver._hint_at = pe.RegularPick(*pick), len(table.match.history)
    order: list = []
    real_badge, real_radius = draw.draw_preview_badge, draw.hint_radius
    monkeypatch.setattr(
        draw, "draw_preview_badge", lambda *a: order.append("badge") or real_badge(*a)
    )
    monkeypatch.setattr(draw, "hint_radius", lambda *a: order.append("frame") or real_radius(*a))
    frames(app, 1)
    assert "badge" in order and "frame" in order
    assert order.index("badge") > max(i for i, what in enumerate(order) if what == "frame")
