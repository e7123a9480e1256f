"""Potion Explosion's words in Russian and Japanese (play-test 50): names in their own
quotes and never needing their gender, the tooltips' potion names translated, the stacks'
tiles "below" (face up, rules "Setup") with their recipe."""

import pytest

import translation
from engine.potion_explosion import state as pe
from engine.potion_explosion.heuristics import explain_move
from scenes.tables.potion_explosion.input import Selection
from scenes.tables.potion_explosion.last_turn import LastTurn
from scenes.tables.potion_explosion.layout import Layout
from scenes.tables.potion_explosion.tips import targets
from tests.engine.potion_explosion.helpers import pos

TRACKS = "tracks=YBRBKYRK/YYBBKKRR/RRRBBYKK/KBYRKBYR/BYRKBYRK"


@pytest.fixture(params=["ru", "ja", "en"])
def language(request):
    translation.set_language(request.param)
    yield request.param
    translation.set_language("en")


@pytest.fixture
def russian():
    translation.set_language("ru")
    yield
    translation.set_language("en")


def _tips(state, last_turns=None) -> dict:
    lay = Layout((1024, 640), state.num_players, 0)
    legal = state.legal_actions()
    return {t.key: t.tooltip for t in targets(lay, state, legal, Selection(), 0, last_turns)}


def test_the_stars_tooltip_names_the_potions_in_the_language_in_use(fonts, language):
    """The ★ under a bot's desk said "…приготовленное зелье: Filter of Lavamancing."."""
    state = pos(f"n=2 {TRACKS} turn=p p0=WIS4:,MAG4:/-/-/-/0.0.-.0.0.0")
    stars = _tips(state, {1: LastTurn(["R"], ["FIL5"])})[("strip", 1)][-1]
    expected = {
        "ru": "Каждая звезда — приготовленное зелье: Зелье Лавы.",
        "ja": "星1つが完成したポーション1個：溶岩術のフィルター。",
        "en": "Each star is a potion completed: Filter of Lavamancing.",
    }[language]
    assert stars == expected


def test_a_stacks_tooltip_says_the_tiles_below_and_the_recipe(fonts, language):
    """The stacks are face up (rules, "Setup"): the tiles under the top are "below", not
    "face down"; the top tile's recipe is told (its holes are tiny at 1024x640)."""
    state = pos(
        f"n=2 {TRACKS} stacks=WIS5+3/MAG5+8/BAL5+3/SAN5+3/FIL5+3 turn=p "
        "p0=WIS4:,MAG4:/-/-/-/0.0.-.0.0.0"
    )
    tip = _tips(state)[("stack", 1)]  # MAG5: R2 K2 Y1
    expected = {
        "ru": (
            "Нужны шарики: 2 красных, 1 жёлтый, 2 чёрных.",
            "Стопка 2: под верхней плиткой ещё 8.",
        ),
        "ja": ("必要なビー玉：赤2個、黄1個、黒2個。", "山2：下にあと8枚。"),
        "en": ("Marbles needed: 2 red, 1 yellow, 2 black.", "Stack 2: 8 more below."),
    }[language]
    assert tip[-2:] == expected


def test_russian_hints_name_each_potion_in_its_own_quotes_without_its_gender(russian):
    """«ваше «Эликсир Слепой Любви»» (a masculine name after a neuter "ваше") and «в «Эликсир
    Слепой Любви и Зелье Бездны»» (two names in one pair of quotes); one colon, not two
    («взорвутся: 2 синих шарика: 3 шарика»)."""
    completes = pos(f"n=2 {TRACKS} turn=- p0=BLI5:BYY,ABY7:/-/-/-/0.0.-.0.0.0")
    assert explain_move(completes, pe.RegularPick(0, 2), ["Ana", "Ben"]) == (
        "Если взять красный шарик, на дорожке 1 взорвутся 2 синих шарика, всего 3 шарика — "
        "хватит, чтобы приготовить ваше зелье «Эликсир Слепой Любви» (5 ПО)."
    )
    feeds_two = pos(f"n=2 {TRACKS} turn=- p0=WIS4:,ABY7:/-/-/-/0.0.-.0.0.0")
    reason = explain_move(feeds_two, pe.RegularPick(0, 2), ["Ana", "Ben"])
    assert reason.endswith("— для 3 пустых ячеек в «Зелье мудрости» и «Зелье Бездны».")


def test_russian_log_lines_put_the_default_name_first(russian):
    """«…попадают в руку игрока Игрок 1»: a name cannot be declined, so it leads the line."""
    boom = pe.Exploded(0, 0, (1, 2), "B", 1)
    assert boom.text(["Игрок 1", "Бот 1"]) == "Игрок 1 получает в руку 2 синих шарика от взрыва!"
    chain = pe.Exploded(0, 0, (1, 2, 3, 4, 5), "B", 2)
    assert chain.text(["Игрок 1", "Бот 1"]) == (
        "Игрок 1 получает в руку 5 синих шариков от взрыва (цепная реакция 2)!"
    )
    back = pe.MarblesReturned(0, ("R", "B"), "hand", 0, ())
    assert back.text(["Игрок 1", "Бот 1"]) == "Игрок 1 возвращает в резервуар 2 шарика из руки."


@pytest.mark.parametrize(
    "language, title",
    [("en", "Black marble ×2 (hand)"), ("es", "Canica negra ×2 (mano)")],
)
def test_a_marbles_tooltip_capitalises_its_first_word_not_its_colour(fonts, language, title):
    """Play-test (Spanish): the hand's marble read "Canica Negra ×2": the colour was
    capitalised wherever the language put it."""
    from tests.scenes.potion_explosion.test_input import desk, state_of

    translation.set_language(language)
    try:
        state = state_of(desk("WIS4:RR,MAG4:", hand="KK"))
        assert _tips(state)[("hand", "K")][0] == title
    finally:
        translation.set_language("en")
