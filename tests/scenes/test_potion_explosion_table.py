"""The Potion Explosion table scene, played through mouse events at its hit areas (issue 6)."""
import pygame
import pytest

from engine import registry
from engine.core import CHANCE
from engine.match import Match, Seat
from engine.potion_explosion import state as pe
from engine.potion_explosion.notation import parse_position
from scenes.game_over import GameOverScene
from scenes.pause import PauseScene
from scenes.potion_explosion_table import Layout, PotionExplosionTable
from scenes.tables import open_match
from scenes.title import TitleScene
from tests.engine.potion_explosion.helpers import exploded_places
from tests.scenes.driver import (area, ask_hint, click, click_at, find_button, frames, key,
                                 make_app, play_to_end, wait_for_human)

SPEC = registry.get("potion-explosion")


@pytest.fixture
def app():
    a = make_app()
    a.manager.push(TitleScene(a))
    yield a
    pygame.quit()


def start(app, seats, seed, options=None, position=None):
    match = Match(SPEC, seats, options or {}, seed)
    if position is not None:
        match.set_position(parse_position(position))
    open_match(app, match)
    frames(app, 2)
    assert isinstance(app.manager.top, PotionExplosionTable)
    return app.manager.top




def hover(app, pos):
    frames(app, 1, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                              buttons=(0, 0, 0))])


def do_effect(app, table, action):
    """Make the pending effect's choice ``action`` with the mouse, as a player would."""
    lay = table.layout
    if isinstance(action, pe.FinishEffect):
        label = "Done" if table.match.state.effect.tracks else "Take nothing"
        click(app, find_button(app, label))
    elif isinstance(action, pe.TakeMarble):
        click_at(app, area(table, ("marble", action.track, action.position)).center)
    elif isinstance(action, pe.TakePair):
        a = lay.marble_centre(action.track, action.position)
        b = lay.marble_centre(action.track, action.position + 1)
        # on the lower marble, toward its partner: the pair the scene outlines
        click_at(app, (int(a[0] + (b[0] - a[0]) * 0.2), int(a[1] + (b[1] - a[1]) * 0.2)))
    elif isinstance(action, pe.TakeRun):
        click_at(app, area(table, ("marble", action.track, action.start)).center)
        end = action.start + action.length - 1
        click_at(app, area(table, ("marble", action.track, end)).center)
    elif isinstance(action, pe.TakeBottom):
        click_at(app, area(table, ("marble", action.track, 0)).center)
    elif isinstance(action, pe.TakePool):
        click_at(app, table.layout.boxes[action.opponent].center)
    elif isinstance(action, pe.FilterMarbles):
        for q in action.positions:
            click_at(app, area(table, ("marble", action.track, q)).center)
        click(app, find_button(app, f"Return {len(action.positions)}"))
    elif isinstance(action, pe.CopyPotion):
        click_at(app, area(table, ("completed", table.layout.owner, action.index)).center)
    else:
        raise AssertionError(action)


def human_step(app, table, drink=True):
    """One human decision made with the mouse."""
    state = table.match.state
    legal = state.legal_actions()
    if state.phase == "types":
        click_at(app, area(table, ("type", legal[0].potion if hasattr(legal[0], "potion")
                                   else legal[0].type)).center)
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
        best = max(picks, key=lambda a: len(table.preview(a.track, a.position)))
        click_at(app, area(table, ("marble", best.track, best.position)).center)
        return
    places = [a for a in legal if isinstance(a, pe.PlaceMarble)]
    if places:
        a = places[0]
        click_at(app, area(table, (a.source, a.colour)).center)
        assert (a.slot, a.hole) in table.hole_targets()
        click_at(app, area(table, ("hole", a.slot, a.hole)).center)
        return
    drinks = [a for a in legal if isinstance(a, pe.Drink)]
    if drink and drinks:
        click_at(app, area(table, ("completed", table.layout.owner, drinks[0].index)).center)
        return
    pools = [a for a in legal if isinstance(a, pe.MoveToPool)]
    if pools and state.end_turn_refusal():
        click_at(app, area(table, ("hand", pools[0].colour)).center)
        click_at(app, area(table, ("poolzone",)).center)
        return
    click(app, find_button(app, "End turn"))




def test_two_player_game_human_vs_bot_by_mouse_reaches_score_sheet(app):
    table = start(app, [Seat("human", "Ana"), Seat("bot", "Bot (Medium)", "medium")], seed=12)
    over = play_to_end(app, table, human_step)
    assert over.sheet == table.match.state.score_sheet()
    assert len(over.sheet["rows"]) == 2
    drunk = [a for a in table.match.history if a.player == 0 and isinstance(a.action, pe.Drink)]
    assert drunk, "the human drank potions by clicking them"


def test_four_player_game_with_chosen_types_by_mouse_at_small_size():
    app = make_app(size=(1024, 640))
    app.manager.push(TitleScene(app))
    seats = [Seat("human", "Ana")] + [Seat("bot", f"Bot {i}", "medium") for i in range(3)]
    table = start(app, seats, seed=5, options={"types": "chosen", "first_player": "seat1"})
    assert table.match.state.phase == "types"
    over = play_to_end(app, table, human_step)
    assert over.sheet == table.match.state.score_sheet()
    assert len(over.sheet["rows"]) == 4
    pygame.quit()


def test_all_bot_game_reaches_score_sheet():
    """Autoplay (as ``--autoplay --instant``): bots move as fast as the machine allows."""
    app = make_app(autoplay=True, quit_at_end=True)
    app.manager.push(TitleScene(app))
    seats = [Seat("bot", f"Bot {i}", "medium") for i in range(3)]
    table = start(app, seats, seed=8)
    for _ in range(6000):
        if isinstance(app.manager.top, GameOverScene):
            break
        frames(app, 1, dt=0.25)
    over = app.manager.top
    assert isinstance(over, GameOverScene)
    assert over.sheet == table.match.state.score_sheet()
    assert app.result_line and not app.running
    pygame.quit()


@pytest.mark.parametrize("seed", [1, 2, 3])
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
            shown = sorted(table.hover_preview)
            work = state.clone()
            events = work.apply_action(pe.RegularPick(t, q))
            while work.current_player() == CHANCE:
                events += work.apply_action(work.chance_outcomes()[0][0])
            engine = [(t, p) for p in exploded_places(track, q, events)]
            if table.preview_more:
                assert set(shown) <= set(engine), (t, q, track)   # refills may add marbles
            else:
                assert shown == engine, (t, q, track)
                checked += 1
    assert checked >= 30


def test_the_log_rebuilt_after_load_is_the_log_seen_live(app):
    """Loading rebuilds the log from the match: the same lines, the pick summary included."""
    position = with_tank("n=2 types=SAN,MAG,WIS,BAL,PRI,BLI phase=play first=0 player=0 "
                         "tracks=YRBRYKBR/YYBBKKRR/RRRBBYKK/KBYRKBYR/BYRKBYRK tank={tank} "
                         "stacks=WIS5+3/MAG5+3/BAL5+3/SAN5+3/PRI5+3 "
                         "p0=WIS4:RRY,MAG4:/-/-/-/0.0.-.0.0.0 p1=BAL4:,BLI4:/RK/-/-/0.0.-.0.0.0")
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=1, position=position)
    wait_for_human(app, table)
    click_at(app, area(table, ("marble", 0, 2)).center)      # a chain of 4
    for _ in range(6):
        wait_for_human(app, table)
        human_step(app, table)
    wait_for_human(app, table)
    live = list(table.log_lines)
    assert any(line.startswith("Ana's pick: ") and "exploded" in line for line in live)
    table.rebuild_log()
    assert table.log_lines == live and "" not in live


def test_no_explosion_label_once_the_pick_is_made(app):
    """After the regular pick no marble can be picked again this turn: hovering shows nothing."""
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=4)
    wait_for_human(app, table)
    while table.match.state.phase == "draft" or not table.match.state.picked:
        human_step(app, table)
        wait_for_human(app, table)
    for q in range(len(table.match.state.tracks[0])):
        hover(app, area(table, ("marble", 0, q)).center)
        assert (table.hover_preview, table.preview_more) == ([], False)


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
BASE = ("n=2 types=SAN,MAG,WIS,BAL,PRI,BLI,ABY,FIL phase=play first=0 player=0 "
        "tracks=RBRYKRBY/YYBBKKRR/RRRBBYKK/KBYRKBYR/BYRKBYRK tank={tank} "
        "stacks=WIS5+3/MAG5+3/BAL5+3/SAN5+3/FIL5+3 turn=p {p0} p1=BAL4:,BLI4:/RK/-/-/0.0.-.0.0.0")


@pytest.mark.parametrize("kind", sorted(EFFECT_POSITIONS))
def test_every_potion_effect_is_reachable_by_mouse(app, kind):
    p0 = EFFECT_POSITIONS[kind]
    position = with_tank(BASE.format(tank="{tank}", p0=p0))
    assert parse_position(position).marble_count() == 80
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=1, position=position)
    wait_for_human(app, table)
    assert table.match.state.drinkable() == [0]
    click_at(app, area(table, ("completed", 0, 0)).center)
    assert isinstance(last_decision(table.match), pe.Drink)
    wait_for_human(app, table)
    state = table.match.state
    if kind == "PRI":
        assert state.desks[0].wild == state.desks[0].pool
        return
    choices = [a for a in state.effect_choices() if not isinstance(a, pe.FinishEffect)]
    if kind == "SAN":
        do_effect(app, table, choices[0])
        assert isinstance(last_decision(table.match), pe.CopyPotion)
        wait_for_human(app, table)
        choices = [a for a in table.match.state.effect_choices()
                   if not isinstance(a, pe.FinishEffect)]
    if kind == "MAG":
        # every pair is reachable: hover each and check the outline, then click the last one
        for a in choices:
            hover(app, (0, 0))
            assert a in table.legal()
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
            more = [a for a in table.match.state.effect_choices()
                    if not isinstance(a, pe.FinishEffect)]
            do_effect(app, table, more[0] if more else pe.FinishEffect())
            wait_for_human(app, table)
        assert table.match.state.effect is None


def with_tank(position: str) -> str:
    """Fill in ``tank={tank}`` so the position holds all 80 marbles."""
    s = parse_position(position.replace("tank={tank}", "tank=R0B0Y0K0"))
    counts = [20, 20, 20, 20]
    for tr in s.tracks:
        for c in tr:
            counts["RBYK".index(c)] -= 1
    for d in s.desks:
        for k in range(4):
            counts[k] -= d.pool[k] + d.hand[k]
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
    click(app, find_button(app, "Little Help (-2)"))
    assert table.help_mode
    click_at(app, area(table, ("marble", 2, 3)).center)
    assert isinstance(last_decision(table.match), pe.LittleHelp)
    wait_for_human(app, table)
    assert table.match.state.desks[table.match.current_player()].helps == 1


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
    click(app, find_button(app, "Save"))      # asks for a name
    click(app, find_button(app, "Save"))      # saves under the default name
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
    board = table.board_rect()
    for rect, _ in table.hit_areas():
        assert board.contains(rect), rect
    before = len(table.match.history)
    human_step(app, table)
    assert len(table.match.history) > before


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_layout_has_no_overlap(size, players):
    board = pygame.Rect(0, 44, size[0] - 300 - 16, size[1] - 44)
    lay = Layout(board, players, 0)
    blocks = [lay.disp, lay.stacks, lay.desk] + list(lay.boxes.values())
    for i, a in enumerate(blocks):
        assert board.contains(a), (a, board)
        for b in blocks[i + 1:]:
            assert not a.colliderect(b), (a, b)
    for t in range(5):
        for q in range(8):
            assert lay.disp.contains(lay.marble_rect(t, q))
    for slot in range(2):
        assert lay.desk.contains(lay.card(slot))
    assert lay.desk.contains(lay.pool_zone()) and lay.desk.contains(lay.hand_zone())
    assert not lay.pool_zone().colliderect(lay.card(1))
    for k in range(4):
        assert lay.hand_zone().contains(lay.hand_group(k))
    for i in range(14):
        assert lay.desk.contains(lay.completed_rect(i, 14))
    for p, box in lay.boxes.items():
        assert box.contains(lay.mini_card(p, 1))
        assert box.contains(lay.mini_completed(p, 9, 10))
    for i in range(5):
        assert lay.stacks.contains(lay.stack_card(i))
    assert lay.d >= 28


@pytest.mark.parametrize("players,seed", [(2, 21), (4, 22), (6, 23)])
def test_animations_draw_and_land_on_the_engine_state(players, seed):
    """Every event batch of random games: each animation draws at several moments, and the
    displayed state built by the landings (the engine's apply_event, issue 16) is exactly the
    engine's state after the batch."""
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
        table.shown = before.clone()
        for group in table.animate(events, before, after):
            anims, on_done = group if isinstance(group, tuple) else (group, None)
            for a in anims:
                for p in (0.0, 0.4, 0.8):
                    if a.draw_fn is not None:
                        a.draw_fn(surface, p)
            table.draw_board(surface)
            if on_done:
                on_done()
        assert table.shown.to_dict() == after.to_dict(), events
        batches += 1
    assert batches > 100
    pygame.quit()


def test_tie_break_picks_are_made_on_the_dispenser(app):
    position = with_tank(
        "n=2 types=SAN,MAG,WIS,BAL,PRI,BLI phase=play first=0 player=1 end=1 "
        "tracks=RBRYKRBY/YYBBKKRR/RRRBBYKK/KBYRKBYR/BYRKBYRK tank={tank} "
        "stacks=WIS5+3/MAG5+3/BAL5+3/SAN5+3/PRI5+3 turn=p "
        "p0=WIS4:,MAG4:/-/-/SAN4/0.0.-.0.0.0 p1=BAL4:,BLI4:/-/-/SAN4/0.0.-.0.0.0")
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


def test_hint_is_outlined_on_the_board(app):
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    wait_for_human(app, table)
    while table.match.state.phase == "draft":
        human_step(app, table)
        wait_for_human(app, table)
    ask_hint(app, table)
    hint = table.current_hint()
    assert isinstance(hint, (pe.RegularPick, pe.LittleHelp))
    rects = table.hint_rects(table.layout, table.shown)
    assert rects == [area(table, ("marble", hint.track, hint.position))]
