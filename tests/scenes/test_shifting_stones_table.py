"""The Shifting Stones table scene, played through mouse events at its targets (issue 40.5).

A move in at most two gestures (a stone dragged or clicked, and the card that pays, in either
order), scoring by a click, the engine's reasons for what may not be done, and the secret hands:
no frame draws a hand card to anyone but its holder, in hot-seat under the pass screen and
during animations included."""

from __future__ import annotations

import pygame
import pytest

from engine import registry
from engine.match import Match, Seat
from engine.positions import match_from_position, position_text, read_position
from engine.shifting_stones.data import card_name
from engine.shifting_stones.state import HIDDEN, EndTurn, Flip, Pay, Score, Shift
from scenes import kit
from scenes.confirm import ConfirmScene
from scenes.game_over import GameOverScene
from scenes.pass_screen import PassScreen
from scenes.routes import open_match
from scenes.tables import game_table_class
from scenes.tables.shifting_stones import draw
from scenes.tables.shifting_stones.input import Selection
from scenes.tables.shifting_stones.table import ShiftingStonesTable
from scenes.title import TitleScene
from tests.scenes.driver import click, close_apps, find_button, frames, key, make_app

SPEC = registry.get("shifting-stones")
POSITION = "grid=SFB/HOE/TTO first=0 active=0 hands=8,41,7,14/5,6,9,10"
"""Ana holds 8 and 41 (they match the grid now), 7 (three payments away) and 14 (one)."""


@pytest.fixture
def app():
    a = make_app(size=(1024, 640))
    a.manager.push(TitleScene(a))
    frames(a, 1)
    yield a
    close_apps()


def start(app, seats, position=POSITION):
    state = read_position(SPEC, position)
    match = match_from_position(SPEC, seats, {}, 1, state)
    table = open_match(app, match)
    frames(app, 2)
    assert isinstance(table.game, ShiftingStonesTable)
    return table


def against_bot(app):
    return start(app, [Seat("human", "Ana"), Seat("bot", "Bob", "easy")])


def press(app, pos, button=1):
    frames(
        app,
        1,
        events=[pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))],
    )
    frames(app, 1, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)])
    frames(app, 1, events=[pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)])


def drag(app, start, end):
    frames(app, 1, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for pos in (middle, end):
        event = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        frames(app, 1, events=[event])
    frames(app, 1, events=[pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])


def stone_at(table, square):
    return table.game.layout().stone(square).center


def card_at(table, card):
    hand = table.match.state.hands[table.viewer_seat()]
    return table.game.layout().hand_card(hand.index(card), len(hand)).center


def settle(app, table, limit=200):
    for _ in range(limit):
        frames(app, 1, dt=0.1)
        if not table.animating:
            return


def test_shifting_stones_has_its_own_table():
    assert game_table_class("shifting-stones") is ShiftingStonesTable


def test_click_a_stone_then_the_card_that_pays_flips_it(app):
    table = against_bot(app)
    press(app, stone_at(table, 4))  # the centre: Boat
    assert table.game.selection == Selection(move=Flip(4))
    assert table.match.state.grid_text() == "SFBHOETTO"  # nothing happens before the payment
    press(app, card_at(table, 7))
    settle(app, table)
    state = table.match.state
    assert state.grid_text() == "SFBHHETTO"  # Boat turned over to Horse
    assert state.discard[-1] == 7 and 7 not in state.hands[0]
    assert table.game.selection == Selection()


def test_choose_the_card_first_then_drag_a_stone_onto_its_neighbour(app):
    table = against_bot(app)
    press(app, card_at(table, 7))  # does not match: chosen to pay
    assert table.game.selection == Selection(card=7)
    assert "pays for the next move: swap or flip a stone." in table.current_message()
    drag(app, stone_at(table, 0), stone_at(table, 1))  # Sun onto Fish
    settle(app, table)
    state = table.match.state
    assert state.grid_text() == "FSBHOETTO" and state.discard[-1] == 7
    assert table.current_message() == ""  # the prompt went with the move it asked for
    assert [event for _step, event in table.match.events][-1].__class__.__name__ == "StonesShifted"


def test_a_diagonal_drag_is_refused_with_the_rule_and_nothing_is_paid(app):
    table = against_bot(app)
    drag(app, stone_at(table, 0), stone_at(table, 4))
    assert "diagonally" in table.current_message()
    assert table.match.state.hands[0] == [8, 41, 7, 14] and table.match.state.paid is None


def test_clicking_a_matching_card_scores_it(app):
    table = against_bot(app)
    press(app, card_at(table, 41))
    settle(app, table)
    state = table.match.state
    assert state.scored[0] == [41] and 41 not in state.hands[0]


def test_skip_button_follows_the_rules(app):
    table = against_bot(app)
    skip = find_button(app, "Skip")
    assert skip is not None and skip.is_enabled
    press(app, card_at(table, 41))  # scoring is acting: no skip this turn
    settle(app, table)
    frames(app, 2)
    assert not find_button(app, "Skip").is_enabled


def test_the_hand_shows_how_far_each_card_is(app):
    table = against_bot(app)
    view = table.game.view()
    assert view.away == {8: 0, 41: 0, 7: 3, 14: 1}
    assert draw.away_label(0) == "Matches now" and draw.away_label(1) == "1 payment away"


def drawn_cards(app, monkeypatch, n=1, dt=1 / 60) -> set:
    """The card ids drawn face up over ``n`` frames."""
    seen: set = set()
    real = draw.draw_card

    def spy(surface, rect, card, *args, **kwargs):
        if card != HIDDEN:
            seen.add(card)
        return real(surface, rect, card, *args, **kwargs)

    monkeypatch.setattr(draw, "draw_card", spy)
    frames(app, n, dt=dt)
    monkeypatch.setattr(draw, "draw_card", real)
    return seen


def test_hot_seat_never_draws_a_hand_to_the_wrong_person(app, monkeypatch):
    table = start(app, [Seat("human", "Ana"), Seat("human", "Bob")])
    bob_hand = set(table.match.state.hands[1])
    assert isinstance(app.manager.top, PassScreen) and app.manager.top.name == "Ana"
    assert drawn_cards(app, monkeypatch, 3) == set()  # the first person sits down first too
    app.manager.pop()
    shown = drawn_cards(app, monkeypatch, 2)
    assert {8, 41, 7, 14} <= shown and not shown & bob_hand
    table.act(Pay(7))
    table.act(Shift(0, 1))
    table.act(EndTurn())
    under = set()
    for _ in range(60):  # Ana's turn ends, her cards are drawn, Bob's turn starts
        under |= drawn_cards(app, monkeypatch, 1, dt=0.1)
        if isinstance(app.manager.top, PassScreen):
            break
    assert isinstance(app.manager.top, PassScreen)
    assert not under & set(table.match.state.hands[1])  # Bob's cards never drawn for Ana
    covered = drawn_cards(app, monkeypatch, 5, dt=0.1)
    public = set(table.match.state.discard)
    assert covered <= public  # no hand face up under the pass screen
    app.manager.pop()
    frames(app, 2)
    assert table.viewer_seat() == 1
    shown = drawn_cards(app, monkeypatch, 2)
    assert bob_hand <= shown and not shown & set(table.match.state.hands[0])


def test_the_log_never_names_a_drawn_card(app):
    table = start(app, [Seat("human", "Ana"), Seat("human", "Bob")])
    app.manager.pop()  # Ana's pass screen
    table.act(Pay(7))
    table.act(Flip(4))
    table.act(EndTurn())  # three cards left: one is drawn
    settle(app, table)
    drawn = set(table.match.state.hands[0]) - {8, 41, 7, 14}
    text = " ".join(table.log_lines)
    assert drawn and not any(card_name(card) in text for card in drawn)


@pytest.mark.long
def test_an_autoplayed_game_reaches_the_score_sheet():
    """Two Easy bots at the Shifting Stones table, as ``--autoplay --instant`` runs them."""
    app = make_app(size=(1024, 640), autoplay=True, quit_at_end=True, background_saves=True)
    app.manager.push(TitleScene(app))
    match = Match(SPEC, [Seat("bot", "A", "easy"), Seat("bot", "B", "easy")], seed=4)
    open_match(app, match)
    for _ in range(3000):
        frames(app, 1, dt=0.25, draw=False)
        if isinstance(app.manager.top, GameOverScene):
            break
    assert isinstance(app.manager.top, GameOverScene) and match.is_terminal()
    assert app.manager.top.sheet == match.state.score_sheet()
    texts: list = []
    real = kit.blit_text

    def spy(surface, text, *args, **kwargs):
        texts.append(text)
        return real(surface, text, *args, **kwargs)

    kit.blit_text = spy  # the plain sheet: a table that draws none of its own answers False
    try:
        frames(app, 1)
    finally:
        kit.blit_text = real
    assert "Cards scored" in texts and texts.count("A") >= 2  # the sheet's row and the summary's
    close_apps()


def test_behind_a_pass_screen_the_top_bar_names_no_card_of_the_next_hand(app):
    """Play-test: behind "Pass to Boris" the status line read "Boris: click Bird–·–Bird to
    score it", a card of the hand the pass screen hides."""
    table = start(app, [Seat("human", "Ana"), Seat("human", "Boris")])
    assert isinstance(app.manager.top, PassScreen) and app.manager.top.name == "Ana"
    assert table.status_text() == "Pass to Ana"
    assert not any(card_name(card) in table.status_text() for card in (8, 41, 7, 14))


def test_the_pause_menu_shows_no_position_while_hands_are_secret(app):
    """Play-test: Esc showed the position's notation, every hand in it, and Copy took it."""
    from scenes import routes

    table = against_bot(app)
    routes.push(app, "pause", table)
    frames(app, 1)
    pause = app.manager.top
    assert pause.hides_hands and pause.position == "" and not pause.copy_button.is_enabled
    # play-test: off, Copy still looked clickable; its words were brighter than the dimmed
    # table's. Now they are darker than the log behind the veil, the menu's far brighter.
    frames(app, 2)

    def brightest(rect) -> int:
        return max(
            sum(app.screen.get_at((x, y))[:3])
            for x in range(rect.left, rect.right)
            for y in range(rect.top, rect.bottom)
        )

    log = brightest(table.log.box.rect)
    assert brightest(pause.copy_button.get_abs_rect()) < log
    assert brightest(pause.buttons["Resume"].get_abs_rect()) > 2 * log


def test_a_replays_pause_menu_shows_and_copies_its_position(app):
    """Play-test: a replay's pause menu said "Copy gives its position" under Save, while
    Copy was off "until the game is over": a replay's game is over, its hands no secret."""
    import random

    from scenes import routes
    from scenes.routes import table_for
    from tests.random_play import play_randomly

    spec = registry.get("shifting-stones")
    seats = [Seat("human", "Ana"), Seat("bot", "Bot", "easy")]
    played = Match(spec, seats, {}, 3)
    play_randomly(played, random.Random(3), 60, lambda match: None)
    table = table_for(app, Match(spec, seats, {}, 3), replay=played.history)
    table.replay_panel.playing = False
    app.manager.push(table)
    frames(app, 2)
    table.replay_panel.go(30)
    routes.push(app, "pause", table)
    frames(app, 1)
    pause = app.manager.top
    assert not pause.hides_hands and pause.copy_button.is_enabled
    assert pause.position == position_text(spec, table.match.state)
    # the deck's card list has no space to break at: its row is cut, never run on under Copy
    rows = []
    real = kit.blit_text
    kit.blit_text = lambda surface, text, size, pos, *rest, **named: rows.append((text, size))
    try:
        pause.draw_position(app.screen)
    finally:
        kit.blit_text = real
    room = pause.position_rect().width - kit.px(170)
    assert any("deck=" in text for text, _size in rows)
    assert all(kit.text_size(text, size)[0] <= room for text, size in rows[1:])


def test_one_undo_takes_back_a_paid_move_whole(app):
    """Play-test: undoing one paid move took two Ctrl+Z; the first left the card paid and
    the turn stuck on "the card is paid: swap … or flip one"."""
    table = against_bot(app)
    press(app, stone_at(table, 4))
    press(app, card_at(table, 7))
    settle(app, table)
    assert table.match.state.grid_text() == "SFBHHETTO"
    assert table.take_back(False)
    settle(app, table)
    state = table.match.state
    assert state.grid_text() == "SFBHOETTO" and 7 in state.hands[0] and not state.discard


def test_a_stones_tooltip_leaves_the_players_rows_and_the_deck_line_in_sight(app):
    """Play-test: a stone's tooltip covered an opponent's scored cards, then the deck's and
    the discard's counts; it goes beside the stone where it hides no player's row and not
    the deck line (5 players at 1024×640)."""
    seats = [Seat("human", "Ana")] + [Seat("bot", f"Bot {n}", "easy") for n in range(1, 5)]
    hands = "/".join(",".join(str(4 * seat + k) for k in range(1, 5)) for seat in range(5))
    table = start(app, seats, f"players=5 grid=SFB/HOE/TTO first=0 active=0 hands={hands}")
    lay = table.game.layout()
    rows = [lay.info] + [lay.player_row(seat) for seat in range(5)]
    stones = [t for t in table.targets() if t.key[0] == "stone" and t.tooltip]
    assert stones
    for target in stones:
        tip = table.frame.tooltip_rect(target)
        assert not any(tip.colliderect(row) for row in rows), (target.key, tip)
        assert not tip.colliderect(target.bounds)


def test_a_scored_card_beside_a_name_tells_what_it_is_on_hover(app):
    """Play-test: at 5 players on 1024×640 the opponents' scored cards are small and hovering
    one said nothing; its tooltip names the card, its points and who scored it."""
    seats = [Seat("human", "Ana")] + [Seat("bot", f"Bot {n}", "easy") for n in range(1, 5)]
    hands = "/".join(",".join(str(4 * seat + k) for k in range(1, 5)) for seat in range(5))
    position = f"players=5 grid=SFB/HOE/TTO first=0 active=0 hands={hands} scored=-/41,30/-/-/-"
    table = start(app, seats, position)
    scored = [t for t in table.targets() if t.key[0] == "scored"]
    assert [t.key for t in scored] == [("scored", 1, 0), ("scored", 1, 1)]
    assert scored[0].tooltip[0].startswith(card_name(41) + " (")
    assert scored[1].tooltip[1] == "Scored by Bot 1"
    assert not any(t.active for t in scored)
    assert (
        table.game.handle(
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scored[0].rect.center, button=1)
        )
        is None
    )  # a click on it does nothing


TWELVE = (1, 9, 6, 20, 10, 2, 11, 7, 12, 13, 3, 8)
"""Twelve scored cards worth 1, 1, 2, 5, 1, 3, 1, 2, 1, 1, 3, 2 points: 6 ones, 3 twos, 2 threes
and a five (22 points)."""


def four_players_one_with_twelve(app):
    """Ana and three bots at 1024×640; Bot 1 has scored :data:`TWELVE`."""
    seats = [Seat("human", "Ana")] + [Seat("bot", f"Bot {n}", "easy") for n in range(1, 4)]
    hands = "14,15,16,21/23,24,25,34/39,41,42,43/46,47,17,19"
    scored = ",".join(str(card) for card in TWELVE)
    return start(
        app,
        seats,
        f"players=4 grid=SFB/HOE/TTO first=0 active=0 hands={hands} scored=-/{scored}/-/-",
    )


def test_twelve_scored_cards_beside_a_name_are_stacks_with_counts_and_tooltips(app, monkeypatch):
    """Play-test: an opponent's 8 to 12 scored cards overlapped into slivers that could be
    neither read nor counted. They are one stack for each value, each with its count, wide
    enough to read, and hovering one lists its cards."""
    table = four_players_one_with_twelve(app)
    targets = [t for t in table.targets() if t.key[0] in ("scored", "stack") and t.key[1] == 1]
    assert [t.key for t in targets] == [
        ("stack", 1, 1),
        ("stack", 1, 2),
        ("stack", 1, 3),
        ("stack", 1, 5),
    ]
    assert all(t.bounds.width >= 30 for t in targets)  # the slivers were 10 px wide
    ones = targets[0].tooltip
    assert ones[0] == "6 cards worth 1 point each"
    assert list(ones[1:-1]) == [card_name(card) for card in (1, 9, 10, 11, 12, 13)]
    assert ones[-1] == "Scored by Bot 1"
    assert targets[3].tooltip[0] == "1 card worth 5 points"
    stacks: list = []
    real = draw.draw_stack
    monkeypatch.setattr(
        draw, "draw_stack", lambda surface, rect, points, count: stacks.append((points, count))
    )
    frames(app, 1)
    monkeypatch.setattr(draw, "draw_stack", real)
    assert stacks == [(1, 6), (2, 3), (3, 2), (5, 1)]


def test_a_stack_counts_only_the_cards_landed_on_it(app, monkeypatch):
    """A card in flight to its stack is not counted yet, and a stack whose only card is in
    flight is not drawn."""
    table = four_players_one_with_twelve(app)
    view = table.game.view()
    stacks: list = []
    monkeypatch.setattr(
        draw, "draw_stack", lambda surface, rect, points, count: stacks.append((points, count))
    )
    flying = frozenset({("scored", 1, 11), ("scored", 1, 3)})  # a 2 and the 5
    view = draw.View(seen=view.seen, names=view.names, viewer=0, hidden=flying)
    draw.draw_player(app.screen, table.game.layout(), view, 1)
    assert stacks == [(1, 6), (2, 2), (3, 2)]


def test_a_card_scored_onto_a_stack_flies_to_that_stack(app, monkeypatch):
    """Scoring the 13th card (a 3) flies it to the stack of threes, not past the strip's end."""
    from engine.shifting_stones.state import CardScored
    from scenes.table.steps import Stage
    from scenes.tables.shifting_stones import animate

    table = four_players_one_with_twelve(app)
    lay = table.game.layout()
    before = table.match.state
    stage = Stage(lay, ("Ana", "Bot 1", "Bot 2", "Bot 3"), lambda s: s, None, None)
    (flight,) = animate.score(CardScored(1, 26, 3, 13), before, lay, stage)
    landed: list = []
    monkeypatch.setattr(draw, "draw_card", lambda surface, rect, card: landed.append(rect))
    flight.draw_fn(app.screen, 1.0)
    threes = lay.scored_spots(1, draw.scored_points([*TWELVE, 26]))[2]
    assert threes.points == 3 and landed[0].center == threes.rect.center
    assert flight.hide == {("hand", 26), ("scored", 1, 12)}


def test_a_message_that_begins_with_a_card_name_begins_with_a_capital(app):
    """Play-test: "any–Tree over Bird–any does not match the grid yet." began in lower case;
    past the opening quote of a card's name too."""
    table = against_bot(app)
    table.say(f"{card_name(23)} does not match the grid yet.")
    assert table.current_message() == "“Rows: any, Seed / Boat, any” does not match the grid yet."


def hinted_payment(table) -> tuple:
    """``(pay, move)``: a payment the hint's plan goes on from (one whose card does not score
    at a click) and the move it pays for, with the payment given as the table's hint."""
    from engine.shifting_stones.bots import hint_for

    state = table.match.state
    pay = next(
        action
        for action in state.legal_actions()
        if isinstance(action, Pay)
        and Score(action.card) not in state.legal_actions()  # a click would score it
        and hint_for(state, action) is not None
    )
    move = next(s for s in hint_for(state, pay).steps if isinstance(s, (Shift, Flip)))
    table.driver.hint, table.driver._hint_at = pay, len(table.match.history)
    return pay, move


def test_once_the_hinted_card_is_chosen_the_hint_frames_the_stones_it_pays_to_move(app):
    """Play-test: clicking the framed card, as the hint says, left nothing marked; the hint
    then frames the stones of the move that card pays for in the hint's plan."""

    table = against_bot(app)
    pay, move = hinted_payment(table)
    assert table.game.hint_marks() == ((), pay.card)
    press(app, card_at(table, pay.card))
    assert table.game.selection.card == pay.card
    squares = (move.square,) if isinstance(move, Flip) else (move.first, move.second)
    assert table.game.hint_marks() == (squares, None)


def scoring_in_flight(app):
    """A table against a bot in ``app`` (animated) where Ana's scored card still flies."""
    app.manager.push(TitleScene(app))
    frames(app, 1)
    table = against_bot(app)
    press(app, card_at(table, 41))  # scores: its card flies to the row for a while
    assert table.animating
    return table


def test_h_pressed_while_the_persons_own_step_plays_asks_for_the_hint_once_it_lands():
    """Play-test: H pressed as an animation ended did nothing. Pressed while the person's own
    step still plays, the hint is asked for once the step has landed."""
    app = make_app(size=(1024, 640), instant=False)
    try:
        table = scoring_in_flight(app)
        key(app, pygame.K_h)
        assert table.driver.hint_job is None and table.current_hint() is None
        for _ in range(200):
            if not table.animating:
                break
            frames(app, 1, dt=0.05)
        frames(app, 2)
        assert table.driver.hint_job is not None or table.current_hint() is not None
    finally:
        close_apps()


def test_a_click_on_end_turn_while_the_persons_own_step_plays_ends_the_turn():
    """A play-tester's find: End turn clicked while the scored card still flew (or its banner
    showed) did nothing. The button was off until the step landed, and the press came before
    that: now the press lands the step first, so the button it enables takes the click."""
    app = make_app(size=(1024, 640), instant=False)
    try:
        table = scoring_in_flight(app)
        end_turn = table.column.button("end")
        assert end_turn is not None and not end_turn.is_enabled  # nothing legal mid-flight
        press(app, end_turn.get_abs_rect().center)
        assert not table.animating  # the press landed the step
        question = app.manager.top  # card 8 still matches: End turn asks first
        assert isinstance(question, ConfirmScene)
        assert question.question == (
            "End the turn without scoring “grid: Sun at top left” (2 points)? "
            "It matches the grid now."
        )
        click(app, find_button(app, "End the turn"))
        frames(app, 2)
        assert [entry.action for entry in table.match.history][:2] == [Score(41), EndTurn()]
    finally:
        close_apps()


def two_move_hint(app, language: str):
    """A table at 1024 × 640 in ``language`` where the hint, a two-move plan, has just come:
    ``(table, the hint's words without how to take it)``."""
    from scenes.table.driver import HintReady

    app.set_language(language)
    position = (
        "grid=OBE/EHB/EHS hands=39,50,60,55/1,2,3,4 scored=-/47,14 discard=11,12 first=1 active=0"
    )
    table = start(app, [Seat("human", "Ana"), Seat("bot", "Bob", "hard")], position)
    table.driver.hint, table.driver._hint_at = Pay(55), len(table.match.history)
    table.input.hint_arrived(HintReady(Pay(55)), 30)
    frames(app, 2)
    return table, table.input.hint_message(Pay(55))


@pytest.mark.parametrize("language", ["ru", "es", "ja"])
def test_a_long_plan_hint_reads_whole_in_the_message_card_at_1024(app, language):
    """Play-tests: a hint naming every step of a two-move plan was cut with "…" in the top bar
    at 1024 × 640, then set in three lines of 11 px (Japanese, Spanish, Russian). A message the
    top bar cannot say in one line or two at 14 px is said whole in a card over the top of the
    game log, at 14 px, how to take it too; the top bar says whose turn it is."""
    from scenes.table import chrome

    table, words = two_move_hint(app, language)
    said = table.game.hint_words(words)
    assert said != words and table.current_message() == said  # how to take it, kept
    assert not table.fits_top_bar(said, easily=True)
    rect, lines = table.frame.message_card()
    assert "".join(lines).replace(" ", "") == said.replace(" ", "")
    step = kit.font(chrome.MESSAGE_CARD_SIZE).get_linesize()
    assert rect.height >= step * len(lines) and table.log.box.rect.contains(rect)
    _bar, message, size, lines = table.frame.top_bar(app.size[0])
    from translation import _

    assert message == _("The full message is in the framed box over the game log, on the right.")
    assert size >= 14 and len(lines) <= 2  # the bar says where to read it, easily
    app.notify("A toast.")
    (_toast_lines, toast), *_ = app.toast_rects()
    assert toast.top > rect.bottom  # toasts stack under the card


def test_a_message_the_top_bar_says_easily_stays_there(app):
    table = against_bot(app)
    table.say("Ana: your turn.", 30)
    frames(app, 2)
    assert table.frame.message_card() is None
    assert table.frame.top_bar(app.size[0])[1] == "Ana: your turn."


def test_the_log_does_not_show_through_the_pause_menus_position_strip(app):
    """Play-test: at 1024 × 640 the log's words showed through the strip and its Copy."""
    from scenes import routes

    table = against_bot(app)
    # a log full to its bottom, under the strip
    table.log.box.extend(["A long sentence in the log, to be read through the strip."] * 30)
    routes.push(app, "pause", table)
    frames(app, 2)
    pause = app.manager.top
    over_log = pause.position_rect().clip(table.log.box.rect).inflate(-12, -12)
    assert over_log.width > 50 and over_log.height > 20
    sums = {
        sum(app.screen.get_at((x, y))[:3])
        for x in range(over_log.left, over_log.right)
        for y in range(over_log.top, over_log.bottom)
        if not pause.copy_button.get_abs_rect().inflate(4, 4).collidepoint(x, y)
    }
    assert max(sums) - min(sums) <= 6, (min(sums), max(sums))


def gap(tip: pygame.Rect, rect: pygame.Rect) -> int:
    """Pixels between ``tip`` and ``rect`` (0 where they touch or overlap)."""
    return max(
        0,
        rect.left - tip.right,
        tip.left - rect.right,
        rect.top - tip.bottom,
        tip.top - rect.bottom,
    )


def test_after_a_drag_the_tooltip_shows_beside_the_stone_under_the_pointer(app, monkeypatch):
    """Play-test: once a stone was dragged onto its neighbour, the tooltip that showed lay far
    from the pointer (kept off every other stone, the players' rows and the hand, it went to
    the board's far corner). It lies 10 px beside the stone the pointer is on, over the grid,
    off the players' rows, the deck line and the hand."""
    drawn: list = []
    monkeypatch.setattr(
        kit, "draw_tooltip", lambda surface, rect, lines, *a: drawn.append((rect, lines))
    )
    table = against_bot(app)
    press(app, card_at(table, 7))
    drag(app, stone_at(table, 1), stone_at(table, 4))  # Fish down onto Boat, paid with 7
    settle(app, table)
    assert table.match.state.grid_text() == "SOBHFETTO"
    drawn.clear()
    frames(app, 1)
    lay = table.game.layout()
    (tip, lines), *_ = drawn
    assert lines[0] == "Fish" and table.mouse == stone_at(table, 4)
    assert gap(tip, lay.stone(4)) == 10 and not tip.colliderect(lay.stone(4))
    assert lay.grid.contains(tip)
    rows = [lay.info, lay.hand_area] + [lay.player_row(seat) for seat in range(2)]
    assert not any(tip.colliderect(row) for row in rows)


def test_every_stones_and_cards_tooltip_lies_beside_it(app):
    """Every stone's tooltip 10 px beside its stone within the grid, every hand card's beside
    its card within the hand (none far from the pointer: a card's went to the far end of the
    hand row)."""
    table = against_bot(app)
    lay = table.game.layout()
    placed = 0
    for target in table.targets():
        area = {"stone": lay.grid, "card": lay.hand_area}.get(target.key[0])
        if area is None:
            continue
        tip = table.frame.tooltip_rect(target)
        assert gap(tip, target.bounds) == 10 and area.contains(tip), (target.key, tip)
        placed += 1
    assert placed == 9 + 4


def test_a_message_cut_in_the_top_bar_shows_whole_under_the_pointer(app, monkeypatch):
    """Play-test: a long Spanish plan hint at 1024 × 640 was cut after its lines with "…", and
    a click clears it: the pointer resting on the bar shows the whole message below it."""
    from scenes import kit

    table = against_bot(app)
    long = " ".join(["Pay with the top card and swap the stones at the top left."] * 40)
    table.say(long, 30)
    frames(app, 2)
    assert table.frame.message_card() is None  # too long even for the card over the log
    bar, message, _size, lines = table.frame.top_bar(app.size[0])
    assert message == long and lines[-1].endswith("…")
    shown: list = []
    monkeypatch.setattr(kit, "draw_tooltip", lambda surface, rect, tip, *a: shown.append(tip))
    frames(app, 2, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=bar.center, rel=(0, 0))])
    assert [long] in shown
    shown.clear()
    short = "Ana: your turn."
    table.say(short, 30)
    frames(app, 2)
    assert [short] not in shown and [long] not in shown  # whole in the bar: nothing more


def test_a_hinted_step_taken_brings_the_plans_next_step_by_itself(app):
    """Play-test: a hint of several steps framed only the first; once it was taken, frame and
    words were gone. Taking the hinted step asks for the plan's next step by itself; another
    step taken leaves hints to the person (H)."""
    from scenes.table.protocol import ActAll

    table = against_bot(app)
    pay, move = hinted_payment(table)
    table.input.carry_out(ActAll((pay, move)))  # the card, then its stones: as clicked
    assert [entry.action for entry in table.match.history][-2:] == [pay, move]
    frames(app, 2)
    assert table.driver.hint_job is not None or table.current_hint() is not None
    for _frame in range(300):
        if table.current_hint() is not None:
            break
        frames(app, 1, dt=0.1)
    assert table.current_hint() is not None
    assert table.current_message().startswith("Hint:")
    other = next(a for a in table.match.legal_actions() if a != table.current_hint())
    assert table.input.act(other)
    frames(app, 3)
    assert table.driver.hint_job is None and table.current_hint() is None


def test_the_cards_right_of_a_paid_card_slide_into_its_place_as_it_flies(app, monkeypatch):
    """Play-test: after a payment the cards right of it jumped left as the step landed, so the
    framed card seemed to change. They slide there while the paid card flies to the discard."""
    from engine.shifting_stones.state import CardPaid
    from scenes.table.steps import Stage
    from scenes.tables.shifting_stones import animate

    table = against_bot(app)
    lay = table.game.layout()
    before = table.match.state
    stage = Stage(lay, ("Ana", "Bob"), lambda s: s, None, None)
    flight, *slides = animate.pay(CardPaid(0, 41), before, lay, stage)
    assert [slide.hide for slide in slides] == [{("hand", 7)}, {("hand", 14)}]
    drawn: list = []
    monkeypatch.setattr(draw, "draw_card", lambda surface, rect, card: drawn.append((card, rect)))
    for slide in slides:
        slide.draw_fn(app.screen, 0.0)
        slide.draw_fn(app.screen, 1.0)
    assert [(card, rect.topleft) for card, rect in drawn] == [
        (7, lay.hand_card(2, 4).topleft),
        (7, lay.hand_card(1, 3).topleft),
        (14, lay.hand_card(3, 4).topleft),
        (14, lay.hand_card(2, 3).topleft),
    ]
    # the bot's payment moves nothing of the viewer's hand
    assert animate.pay(CardPaid(1, HIDDEN), before, lay, stage)[1:] == []


def test_the_log_names_a_computer_player_without_its_level_as_every_game(app):
    """Play-test: Off the Rails' log said "Bot 1", Shifting Stones' "Bot 1 (Hard)". Every
    table's log, animations and hints name a computer player without its level (its panel
    shows it)."""
    table = start(app, [Seat("human", "Ana"), Seat("bot", "Bot 1 (Hard)", "hard")])
    assert table.game.stage_names() == ("Ana", "Bot 1")
    from engine.shifting_stones.state import CardPaid

    assert table.game.log_line(CardPaid(1, 5)).startswith("Bot 1 discarded ")
