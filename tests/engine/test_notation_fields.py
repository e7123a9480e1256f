"""The one ``key=value`` notation reader (issue 37, item 6): the same refusals, in the same
words, for every game whose position is a line of fields, and size checked first."""

import pytest

from engine import registry
from engine.notation_fields import DIGITS_LIMIT, POSITION_TEXT_LIMIT, Fields
from engine.off_the_rails.notation import parse as otr_parse

LINE_GAMES = {
    "diced-tomatoes": "players",
    "potion-explosion": "n",
    "shifting-stones": "players",
    "tea-time": "players",
}


@pytest.mark.parametrize("game_id, players", sorted(LINE_GAMES.items()))
def test_every_line_notation_refuses_in_the_same_words(game_id, players):
    parse = registry.get(game_id).notation.parse
    cases = {
        f"{players}=2 colour=red": "unknown field 'colour'; the fields are ",
        f"{players}=2 {players}=3": f"the field '{players}' is given twice.",
        f"{players}=2 hello": "'hello' is not a field: write name=value, e.g. ",
        f"{players}=two": f"{players}: 'two' is not a number.",
        f"{players}=9": f"{players}: 9 is outside ",
        f"{players}=2 phase=lunch": "phase: 'lunch' is not one of ",
    }
    for text, words in cases.items():
        with pytest.raises(ValueError) as refusal:
            parse(text)
        assert words in str(refusal.value), (text, str(refusal.value))


@pytest.mark.parametrize("game_id", [spec.id for spec in registry.games()])
def test_a_huge_paste_is_refused_before_it_is_read(game_id):
    parse = registry.get(game_id).notation.parse
    with pytest.raises(ValueError, match="characters long, but a position has at most"):
        parse("x" * (POSITION_TEXT_LIMIT + 1))


def test_ten_million_players_are_refused_before_a_state_is_built():
    """Issue 36: ``n=10000000`` built a 2.9 GB Potion Explosion state before its player
    count was checked."""
    with pytest.raises(ValueError, match="n: '10000000' is not a number."):
        registry.get("potion-explosion").notation.parse("n=10000000")
    with pytest.raises(ValueError, match="n: 999999 is outside 2 to 6."):
        registry.get("potion-explosion").notation.parse("n=999999")


def test_numbers_and_seats_are_read_with_limits():
    fields = Fields("a=12 b=- c=3 d=1,2", ("a", "b", "c", "d"), "a=1")
    assert fields.number("a", 0, 0, 20) == 12
    assert fields.number("z", 7, 0, 1) == 7  # left out: the default
    assert fields.seat("b", 0, 4) is None and fields.seat("c", None, 4) == 3
    assert fields.per_seat("d", 0, 2, 0, 9) == [1, 2]
    with pytest.raises(ValueError, match="c: '3' is not a seat; seats are 0 to 2"):
        fields.seat("c", None, 3)
    with pytest.raises(ValueError, match=r"d: 2 given, one per player \(3\) needed."):
        fields.per_seat("d", 0, 3, 0, 9)
    long_number = "9" * (DIGITS_LIMIT + 1)
    with pytest.raises(ValueError, match="is not a number"):
        Fields(f"a={long_number}", ("a",), "a=1").number("a", 0, 0, 10**9)
    with pytest.raises(ValueError, match="is not a seat"):
        Fields(f"a={'0' * 4000}1", ("a",), "a=1").seat("a", None, 4)


def test_off_the_rails_carts_are_read_by_the_same_reader():
    text = registry.get("off-the-rails").notation.format(
        registry.get("off-the-rails").new_state(2, {})
    )
    broken = text.replace("cart 0: owner=0", "cart 0: owner=0 owner=1", 1)
    assert broken != text
    with pytest.raises(ValueError, match="the field 'owner' is given twice."):
        otr_parse(broken)
