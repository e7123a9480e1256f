"""A Shifting Stones position from outside is checked before it is played
(engine/shifting_stones/validate.py behind engine.validation's door): real positions pass;
damaged or impossible ones are refused in a player's sentence."""

from __future__ import annotations

import pytest

from engine.core import InvalidPosition
from engine.shifting_stones import GAME
from engine.validation import check_position, position_from_data
from tests.contract import is_player_sentence
from tests.engine.shifting_stones.helpers import pos

PLAY = "grid=SFB/HOE/TTO first=0 active=0 hands=8,41,7,14/5,6,9,10"
SOLO = "players=1 grid=SFB/HOE/TTO hands=8,7,9,10 deck=1,11,12,13,14,15,6,17,2,3,4,20"


def refused(data: dict) -> str:
    with pytest.raises(InvalidPosition) as error:
        position_from_data(GAME, data)
    assert is_player_sentence(error.value.reason), error.value.reason
    return error.value.reason


def edited(text: str, **changes) -> dict:
    data = pos(text).to_dict()
    data.update(changes)
    return data


def test_positions_of_the_rules_pass():
    for text in (PLAY, SOLO, "players=3 phase=setup", "players=1 phase=setup"):
        state = pos(text)
        assert check_position(GAME, state).to_dict() == state.to_dict()


def test_one_players_view_is_not_a_position_to_play_from():
    seen = pos(PLAY).observation(1)
    assert "whole position" in refused(seen.to_dict())


@pytest.mark.parametrize(
    "changes, words",
    [
        ({"grid": "SSBHOETTO"}, "2 stones show Sun or Moon, but the game has 1"),
        ({"grid": "SFBHOETT."}, "every square holds a stone"),
        ({"grid": "SFBHOETTX"}, "The field grid is damaged"),
        ({"hands": [[8, 41, 7, 14], [5, 6, 9, 8]]}, "Card 8 is in more than one place"),
        ({"deck": []}, "of the 72 cards are in the game"),
        ({"hands": [[8, 41, 7, 99], [5, 6, 9, 10]]}, "hands[0][3] is damaged"),
        ({"paid": 7}, "A card paid for a move is the top of the discard pile"),
        ({"phase": "over"}, "The game ends only once a player has scored"),
        ({"phase": "draw", "to_draw": 0}, "Cards are still to draw exactly while"),
        ({"active": None}, "someone's turn is on"),
        ({"strikes": 2}, "strikes is damaged"),
        ({"skipped": [True]}, "skipped is damaged"),
    ],
)
def test_damaged_or_impossible_positions_are_refused(changes, words):
    assert words in refused(edited(PLAY, **changes))


def test_a_solo_game_keeps_its_sixteen_cards_and_ends_as_the_rules_say():
    data = pos(SOLO).to_dict()
    data["deck"] = [card for card in data["deck"] if card != 20] + [5]
    data["out_of_play"] = sorted(set(data["out_of_play"]) - {5} | {20})
    assert "8 cards worth 1, 4 worth 2, 3 worth 3 and 1 worth 5" in refused(data)
    assert "fourth strike" in refused(edited(SOLO, phase="over"))
    assert "is over" in refused(edited(SOLO, strikes=4))
