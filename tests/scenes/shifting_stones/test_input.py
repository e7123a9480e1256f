"""What a click or drag means at the Shifting Stones table, without a display (issue 40.5): a
move in at most two gestures in either order, the engine's reasons when it may not be made,
scoring by a click, and the hint's card chosen."""

import pytest

from engine import registry
from engine.positions import read_position
from engine.shifting_stones.state import EndTurn, Flip, Pay, Score, Shift, Skip
from scenes.table.protocol import Act, ActAll, Confirm, Refuse, Select
from scenes.tables.shifting_stones import input as table_input
from scenes.tables.shifting_stones.input import Selection

SPEC = registry.get("shifting-stones")
POSITION = "grid=SFB/HOE/TTO first=0 active=0 hands=8,41,7,14/5,6,9,10"


def position(text=POSITION):
    state = read_position(SPEC, text)
    return state, state.legal_actions()


def test_a_stone_first_waits_for_the_card_that_pays():
    state, legal = position()
    intent = table_input.choose_move(state, legal, Selection(), Flip(4))
    assert isinstance(intent, Select) and intent.selection == Selection(move=Flip(4))
    assert "now click the card" in intent.message
    assert table_input.choose_card(state, legal, intent.selection, 7) == ActAll((Pay(7), Flip(4)))


def test_a_card_first_then_the_stones_makes_the_swap():
    state, legal = position()
    intent = table_input.choose_card(state, legal, Selection(), 7)
    assert isinstance(intent, Select) and intent.selection == Selection(card=7)
    swap = table_input.choose_move(state, legal, intent.selection, Shift(1, 0))
    assert swap == ActAll((Pay(7), Shift(0, 1)))


def test_a_matching_card_clicked_is_scored_but_pays_once_a_move_waits():
    state, legal = position()
    assert table_input.choose_card(state, legal, Selection(), 41) == Act(Score(41))
    waiting = Selection(move=Flip(0))
    assert table_input.choose_card(state, legal, waiting, 41) == ActAll((Pay(41), Flip(0)))


def test_a_diagonal_swap_gets_the_engines_reason_and_keeps_the_card():
    state, legal = position()
    intent = table_input.choose_move(state, legal, Selection(card=7), Shift(0, 4))
    assert isinstance(intent, Refuse) and "diagonally" in intent.message
    assert intent.selection == Selection(card=7)


def test_with_a_card_paid_the_move_is_made_at_once():
    state, legal = position(
        POSITION.replace("hands=8,41,7,14", "hands=8,41,14") + " discard=7 paid=7"
    )
    assert table_input.choose_move(state, legal, Selection(), Flip(2)) == Act(Flip(2))
    refusal = table_input.choose_card(state, legal, Selection(), 14)
    assert isinstance(refusal, Refuse) and "You have paid for a move" in refusal.message


def test_no_cards_to_pay_with_is_the_engines_word():
    state, legal = position("grid=SFB/HOE/TTO first=0 active=0 hands=-/5,6,9,10")
    intent = table_input.choose_move(state, legal, Selection(), Flip(4))
    assert isinstance(intent, Refuse) and "Discard a card" in intent.message
    assert table_input.status(state, legal, Selection()) == "no cards to pay with: end the turn"


def test_skip_refused_after_acting_and_end_turn_asks_while_a_card_matches():
    state, legal = position(POSITION + " skipped=0")
    assert Skip() not in legal
    refusal = table_input.act_or_refuse(state, legal, Skip())
    assert isinstance(refusal, Refuse) and "two turns in a row" in refusal.message
    ask = table_input.end_turn(state, legal)
    assert isinstance(ask, Confirm) and ask.then == Act(EndTurn())
    state, legal = position("grid=SFB/HOE/TTO first=0 active=0 hands=7/5,6,9,10")
    assert table_input.end_turn(state, legal) == Act(EndTurn())


def test_a_hinted_payment_frames_its_card_and_chooses_nothing():
    """Play-test: the hint chose its card, so the player's next drag paid with it and the
    card they then clicked was spent on the following click. A hint only frames."""
    from scenes.tables.shifting_stones.table import ShiftingStonesTable

    assert not hasattr(table_input, "hint_selection")
    assert ShiftingStonesTable.on_hint is not None
    assert ShiftingStonesTable.on_hint.__qualname__.startswith("GameTable.")


def test_the_last_round_never_says_more_cards_than_the_number_that_ends_the_game():
    """Play-test: "Bot 1 (Hard) has 11 of 10 cards: last round"."""
    from scenes.tables.shifting_stones.draw import last_round_words

    assert last_round_words("Ana", 8, 8) == "Ana has 8 of 8 cards: last round"
    assert last_round_words("Bot", 11, 10) == "Bot has 11 cards (10 end the game): last round"


def test_skip_asks_first_while_a_card_matches():
    """Play-test: End turn asked first when a card still matched, Skip did not."""
    state, legal = position(POSITION)
    assert Skip() in legal
    ask = table_input.skip(state, legal)
    assert isinstance(ask, Confirm) and ask.then == Act(Skip()) and "Skip without" in ask.question
    state, legal = position("grid=SFB/HOE/TTO first=0 active=0 hands=7/5,6,9,10")
    assert table_input.skip(state, legal) == Act(Skip())
    state, legal = position(POSITION + " skipped=0")
    refusal = table_input.skip(state, legal)
    assert isinstance(refusal, Refuse) and "two turns in a row" in refusal.message


def test_a_player_past_the_number_that_ends_the_game_shows_their_count_alone():
    """Play-test: a row read "11 of 10" beside the name once a turn scored past 10."""
    from scenes.tables.shifting_stones.draw import scored_count

    assert scored_count(7, 10) == "7 of 10"
    assert scored_count(10, 10) == "10 of 10"
    assert scored_count(11, 10) == "11 cards"


@pytest.mark.long
def test_once_the_game_is_over_the_notice_no_longer_says_last_round():
    """Play-test: after the last turn the side panel still said "…: last round" while the
    status said the game was over. Easy bots play a game to its end."""
    from engine.bots import make_bot
    from engine.match import Match, Seat
    from engine.shifting_stones import GAME
    from scenes.tables.shifting_stones.draw import notice_text

    match = Match(GAME, [Seat("bot", f"B{i}", "easy") for i in range(2)], seed=5)
    names = ["B0", "B1"]
    said_last_round = False
    while not match.is_terminal():
        if match.is_chance():
            match.advance_chance()
            continue
        said_last_round |= notice_text(match.state, names).endswith("last round")
        match.play_bot_turn_now(make_bot)
    assert said_last_round
    assert notice_text(match.state, names) == ""
