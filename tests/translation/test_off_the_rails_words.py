"""Off the Rails speaks the player's language (issue 23): the log's event sentences, refusals,
hint reasons and the score sheet come out translated; colour words agree with their noun; sides
and edges are whole translated sentences."""

from __future__ import annotations

import re

import pytest

import translation
from engine.core import CHANCE, TERMINAL
from engine.off_the_rails import heuristics
from engine.off_the_rails import state as S
from engine.off_the_rails.words import COLOUR_CONTEXTS, square_name
from tests.engine.off_the_rails.helpers import blank, play, put_cart

CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
NAMES = ("Ana", "Ben", "Cleo", "Dov")


@pytest.fixture
def russian():
    translation.set_language("ru")
    yield
    translation.set_language("en")


def _in_english(make_text):
    """``make_text()`` while the program speaks English (the language is put back after)."""
    language = translation.current_language()
    translation.set_language("en")
    try:
        return make_text()
    finally:
        translation.set_language(language)


def _hint_reasons(state, names) -> list:
    """A hint reason for one legal move of each kind in ``state``."""
    kinds: dict = {}
    for action in state.legal_actions():
        kinds.setdefault(type(action).__name__, action)
    return [(action, heuristics.explain_move(state, action, names)) for action in kinds.values()]


@pytest.mark.parametrize("players, seed", [(2, 11), (4, 12), (1, 13)])
def test_a_seeded_game_reads_in_russian_log_hints_and_score_sheet(russian, players, seed):
    """Every log sentence of a whole seeded game (clans and solo), the hint reasons met on the
    way and the score sheet are Russian: Cyrillic, and not the English sentence."""
    names = list(NAMES[:players])
    events: list = []
    reasons: list = []

    def on_step(state, _action, step_events):
        events.extend(step_events)
        if len(reasons) < 40 and state.current_player() not in (CHANCE, TERMINAL):
            if len(events) % 7 == 0:  # a sample: routes for hints are slow to plan
                reasons.extend(_hint_reasons(state, names))

    final, _history = play(seed, players, on_step=on_step)
    shown = [event for event in events if _in_english(lambda e=event: e.text(names))]
    assert len(shown) > 50
    for event in shown:
        text = event.text(names)
        assert CYRILLIC.search(text), text
        assert text != _in_english(lambda e=event: e.text(names))
    seen = {type(event).__name__ for event in shown}
    assert {"TurnStarted", "TilePlaced", "CartPlaced", "CartMoved", "GameEnded"} <= seen
    assert reasons
    for action, reason in reasons:
        assert CYRILLIC.search(reason), (action, reason)
    sheet = final.score_sheet()
    for text in sheet["columns"] + sheet["notes"]:
        assert CYRILLIC.search(text), text


def test_refusals_and_hint_reasons_are_translated(russian):
    s = blank(2)
    refusals = [
        s.refusal(S.PlaceTile(4, 4, "NS")),  # a mine centre
        s.refusal(S.PlaceTile(0, 0, "NES")),  # a T-junction cannot be placed
        s.refusal(S.ChangeSpeed(0, 1)),  # a cart in the supply
        s.refusal(S.MoveCart(0)),  # the action phase first
        s.refusal(S.ClaimMission(3)),
    ]
    for refusal in refusals:
        assert refusal and CYRILLIC.search(refusal), refusal
    assert refusals[0] == "На центр шахты нельзя класть пути."
    assert refusals[0] != _in_english(lambda: s.refusal(S.PlaceTile(4, 4, "NS")))
    put_cart(s, 0, (3, 2), "S", back="N")
    for action, reason in _hint_reasons(s, list(NAMES[:2])):
        assert CYRILLIC.search(reason), (action, reason)
        assert CYRILLIC.search(s.action_to_string(action)), action


def test_solo_refusal_names_the_carts_own_edge_in_a_whole_sentence(russian):
    s = blank(1)
    refusal = s.refusal(S.PlaceCart(0, 12, 3))  # the red cart on the south edge
    assert refusal == "Красная вагонетка ставится только на северный край — своего цвета."


def test_cart_colours_agree_with_their_role_in_russian_and_spanish():
    """The subject, the object and the owner of a cart take their own forms in Russian."""
    moved = S.CartMoved(0, 0, "white", ((5, 5), (5, 6), (5, 7)), "E")
    hit = S.Collided(0, 0, 3, 1, S.CollisionKind.REAR, 5, 5, 5, 6, "white", "black")
    speed = S.SpeedChanged(1, 2, "black", 3, 4)
    try:
        translation.set_language("ru")
        assert moved.text(["Ana", "Ben"]) == "Белая вагонетка игрока Ana проехала 2 квадрата до H6."
        assert hit.text(["Ana", "Ben"]) == (
            "Белая вагонетка игрока Ana врезалась в чёрную вагонетку игрока Ben."
        )
        assert speed.text(["Ana", "Ben"]) == "Ben меняет скорость своей чёрной вагонетки с 3 на 4."
        assert moved.text(["Ana"]) == "Белая вагонетка проехала 2 квадрата до H6."
        translation.set_language("es")
        assert moved.text(["Ana", "Ben"]) == "La vagoneta blanca de Ana avanzó 2 casillas hasta H6."
        translation.set_language("ja")
        assert moved.text(["Ana", "Ben"]) == "Anaの白のカートが2マス進んでH6に着きました。"
    finally:
        translation.set_language("en")
    assert moved.text(["Ana", "Ben"]) == "Ana's white cart rolled 2 squares to H6."


def test_sides_and_edges_are_whole_translated_sentences():
    turned = S.CartTurned(0, 0, "white", 5, 5, "W")
    left = S.CartLeftMine(0, 0, "white", "north", -1, 3, (0, 2, 0, 0, 0))
    try:
        translation.set_language("ru")
        assert turned.text(["Ana", "Ben"]) == (
            "Белая вагонетка игрока Ana развернулась носом на запад."
        )
        assert left.text(["Ana", "Ben"]) == (
            "Белая вагонетка игрока Ana выехала из шахты через северный край и сдала на склад: "
            "2 рубина."
        )
        assert square_name(-1, 5) == "столбец F (северный край)"
        translation.set_language("ja")
        assert square_name(-1, 5) == "北の辺のF列"
    finally:
        translation.set_language("en")
    assert square_name(-1, 5) == "the north edge, column F"
    assert turned.text(["Ana", "Ben"]) == "Ana's white cart turned round to face west."


@pytest.mark.parametrize("language", translation.LANGUAGES[1:])
def test_every_colour_word_is_translated_in_every_context(language):
    table = translation.translations(language)
    for context in COLOUR_CONTEXTS:
        colours = ("white", "black") if context.startswith("cart") else ()
        for colour in colours + ("red", "yellow", "green", "blue"):
            assert table.pgettext(context, colour) != colour, (context, colour)


def test_russian_counts_gems_with_three_plural_forms(russian):
    from engine.off_the_rails.data import gems_text

    assert gems_text((0, 1, 0, 0, 0)) == "рубин"
    assert gems_text((0, 3, 0, 0, 0)) == "3 рубина"
    assert gems_text((0, 5, 0, 0, 0)) == "5 рубинов"
    assert gems_text((2, 0, 0, 10, 1)) == "2 камня, 10 золота и алмаз"
    assert gems_text((0, 0, 0, 0, 0)) == "ничего"


@pytest.mark.parametrize(
    "game, text, words",
    [
        ("off-the-rails", "XYZ", "Эту позицию нельзя прочитать: Нотация «Сойти с рельсов»"),
        (
            "potion-explosion",
            "types=a",
            "Эту позицию нельзя прочитать: в нотации нужно n= (число игроков).",
        ),
        ("potion-explosion", "n=2 tracks=RR", "tracks= требует 5 дорожек"),
    ],
)
def test_notation_errors_are_translated(russian, game, text, words):
    from engine import registry
    from engine.positions import read_position

    with pytest.raises(ValueError) as refused:
        read_position(registry.get(game), text)
    assert words in str(refused.value)
