"""Shifting Stones' position notation (engine/shifting_stones/notation.py): it round-trips,
fills what is left out, and refuses bad text saying what and where."""

from __future__ import annotations

import pytest

from engine.shifting_stones import format_position, new_state, parse_position
from engine.shifting_stones.data import CARD_IDS
from engine.shifting_stones.state import HIDDEN, Phase


def test_a_short_position_fills_the_rest():
    state = parse_position("grid=SFB/HOE/TTO hands=1,2,3,4/5,6,7,8")
    assert state.num_players == 2 and state.phase == Phase.PLAY
    assert state.grid_text() == "SFBHOETTO"
    assert state.deck == [card for card in CARD_IDS if card > 8]
    assert (state.first_player, state.active, state.paid, state.viewer) == (0, 0, None, None)
    text = format_position(state)
    assert text.startswith("players=2 phase=play grid=SFB/HOE/TTO first=0 active=0 ")
    assert format_position(parse_position(text)) == text
    assert parse_position(text).to_dict() == state.to_dict()


def test_the_set_up_positions_read_back():
    for players in (1, 2, 5):
        state = new_state(players)
        assert parse_position(format_position(state)).to_dict() == state.to_dict()


def test_an_observation_writes_hidden_cards_as_counts():
    state = parse_position("grid=SFB/HOE/TTO hands=1,2,3,4/5,6,7,8 discard=9 scored=10/-")
    seen = state.observation(1)
    text = format_position(seen)
    assert "hands=?4/5,6,7,8" in text and "deck=?62" in text and "viewer=1" in text
    back = parse_position(text)
    assert back.to_dict() == seen.to_dict()
    assert back.hands[0] == [HIDDEN] * 4 and back.hidden_cards() == sorted(
        set(CARD_IDS) - {5, 6, 7, 8, 9, 10}
    )


@pytest.mark.parametrize(
    "text, words",
    [
        ("players=2 grid=SFB/HOE", "is not three rows of three faces"),
        ("grid=SFX/HOE/TTO", "'X' is not a face"),
        ("grid=SSB/HOE/TTO", "2 stones show S or M, but the game has 1"),
        ("grid=SFB/HOE/TTO hands=1,2/1", "card 1 is in more than one place"),
        ("grid=SFB/HOE/TTO hands=1,99/-", "'99' is not a card; cards are 1 to 72"),
        ("grid=SFB/HOE/TTO hands=1/2/3", "3 given, one per player (2) needed"),
        ("grid=SFB/HOE/TTO hands=1/2 deck=3,4", "4 cards are placed, but the game has 72"),
        ("grid=SFB/HOE/TTO paid=5", "the card just paid is the top of the discard pile"),
        ("grid=SFB/HOE/TTO colour=red", "unknown field 'colour'"),
        ("grid=SFB/HOE/TTO phase=dance", "'dance' is not one of"),
        ("players=1 grid=SFB/HOE/TTO", "a solo position names the cards of its deck"),
        ("players=1 grid=SFB/HOE/TTO deck=1,2,3", "a solo game plays with 16 cards"),
        ("grid=SFB/HOE/TTO hands=?4/- deck=?68", "hidden cards (?) belong to an observation"),
        ("grid=SFB/HOE/TTO hands", "is not a field"),
    ],
)
def test_bad_text_is_refused_saying_what_is_wrong(text, words):
    with pytest.raises(ValueError) as error:
        parse_position(text)
    assert words in str(error.value)
