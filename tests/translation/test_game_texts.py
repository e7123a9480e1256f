"""The engines' own words in another language (issue 23): a seeded game of Diced Tomatoes and of
Tea Time played in Russian gives a log, refusals, hint reasons, move words and a score sheet that
are all Russian — every sentence differs from the English one and holds Cyrillic — and the same
events read in English again after switching back (the log is made when it is shown)."""

from __future__ import annotations

import random
import re

import pytest

import translation
from engine import registry
from engine.core import IllegalAction
from engine.match import Match, Seat
from tests.soak import quick_first

CYRILLIC = re.compile("[А-Яа-яЁё]")
NAMES = ["Ana", "Ben", "Cleo"]
"""Latin names, so a sentence's Cyrillic comes from the catalogue, never from a name."""


def _play(game_id: str, players: int, seed: int, steps: int):
    """A game of seeded random legal moves, ``steps`` decisions long at most: the match, its
    events and each decision with the state it was taken in (every chance node resolved by the
    match's seeded generator)."""
    spec = registry.get(game_id)
    seats = [Seat("human", NAMES[seat]) for seat in range(players)]
    match = Match(spec, seats, seed=seed)
    events, decisions = [], []
    rng = random.Random(seed)
    while not match.is_terminal() and len(decisions) < steps:
        if match.is_chance():
            events += match.advance_chance()
            continue
        state = match.state
        action = rng.choice(match.legal_actions())
        decisions.append((state.clone(), action))
        events += match.apply(action)
    return match, events, decisions


def _russian(text: str, english: str) -> bool:
    return bool(CYRILLIC.search(text)) and text != english


GAMES = [("diced-tomatoes", 3, 11, 400), ("tea-time", 3, 5, 400)]


@pytest.mark.parametrize(("game_id", "players", "seed", "steps"), GAMES)
def test_a_seeded_game_reads_in_russian_from_log_to_score_sheet(game_id, players, seed, steps):
    spec = registry.get(game_id)
    match, events, decisions = _play(game_id, players, seed, steps)
    names = match.names
    english_log = [event.text(names) for event in events]
    english_moves = [state.action_to_string(action, names) for state, action in decisions]
    translation.set_language("ru")
    log = [event.text(names) for event in events]
    shown = [(line, english) for line, english in zip(log, english_log) if english]
    assert len(shown) > 40
    assert [line for line, english in shown if not _russian(line, english)] == []
    moves = [state.action_to_string(action, names) for state, action in decisions]
    assert [m for m, e in zip(moves, english_moves) if not _russian(m, e)] == []
    # every decision's hint reason that says anything says it in Russian
    reasons = [spec.bots.explain(state, action, names) for state, action in decisions[:120]]
    said = [reason for reason in reasons if reason]
    assert len(said) > 20
    assert [reason for reason in said if not CYRILLIC.search(reason)] == []
    sheet = match.state.score_sheet()
    assert all(CYRILLIC.search(column) for column in sheet["columns"]), sheet["columns"]
    # switching back rebuilds the same sentences in English
    translation.set_language("en")
    assert [event.text(names) for event in events] == english_log


def test_diced_tomatoes_refusals_and_colour_words_agree_in_russian():
    """A refusal names its rule in Russian; the die colour takes its form for "кубик" (DT
    colour words have a context), and a seat's name is never glued to "'s"."""
    from engine.diced_tomatoes.notation import parse_position
    from engine.diced_tomatoes.state import EndTurn, PlaceDie

    state = parse_position("players=2 vines=-|-|-/3r|-|- hand=1b,4r")
    translation.set_language("ru")
    with pytest.raises(IllegalAction) as refused:
        state.apply_action(PlaceDie(0, 0, 0))  # a black die is never a seed
    assert str(refused.value) == "Семенем не может быть чёрный кубик; добавьте его в стебель."
    with pytest.raises(IllegalAction) as refused:
        state.apply_action(EndTurn())
    assert CYRILLIC.search(str(refused.value)) and "2" in str(refused.value)
    assert state.action_to_string(PlaceDie(1, 1, 0), ["Ana", "Ben"]) == (
        "Поставить красный 4 в верхний стебель игрока Ben"
    )


def test_tea_time_refusal_and_mirror_sides_read_in_russian():
    """Tea Time: a refused line says the rule in Russian; a take names each card's side."""
    from engine.tea_time.notation import parse_position
    from engine.tea_time.state import TakeCards

    state = parse_position("players=2 turn=3 table=PcHm/rDpM/HrDp collections=C3/-")
    translation.set_language("ru")
    with pytest.raises(IllegalAction) as refused:
        state.apply_action(TakeCards(((0, 0), (2, 2))))
    assert CYRILLIC.search(str(refused.value))
    words = state.action_to_string(TakeCards(((0, 0), (0, 1))), ["Ana", "Ben"])
    assert words == (
        "Взять карты: «Гусеница» обычной стороной и «Чеширский Кот» зеркальной стороной "
        "(ряд 1, столбцы 1–2)"
    )
    one = state.action_to_string(TakeCards(((0, 0),)), ["Ana", "Ben"])
    assert one == "Взять карту: «Гусеница» обычной стороной (ряд 1, столбец 1)", one


@pytest.mark.parametrize("language", translation.LANGUAGES)
@pytest.mark.parametrize("size", quick_first([(1024, 640), (1280, 800)], one_argument=True))
def test_the_karma_buttons_show_their_whole_words_in_every_language(language, size):
    """The six karma buttons share the column two by two; in every language each shows its
    whole label and cost, never cut with an ellipsis, at both window sizes."""

    from scenes.routes import open_match
    from scenes.tables.diced_tomatoes import input as table_input
    from scenes.title import TitleScene
    from tests.scenes.driver import close_apps, frames, make_app

    app = make_app(size=size)
    try:
        app.manager.push(TitleScene(app))
        app.set_language(language)
        spec = registry.get("diced-tomatoes")
        match = Match(spec, [Seat("human", "Ana"), Seat("bot", "Ben", "easy")], seed=3)
        open_match(app, match)
        frames(app, 2)
        table = app.manager.top
        shown = {
            key.split(":")[1]: button.text
            for key, button in table.column.buttons().items()
            if key.startswith("karma:")
        }
        whole = {karma.kind: table_input.karma_button_label(karma) for karma in table_input.KARMA}
        assert shown == whole
        assert not any("…" in text for text in shown.values())
    finally:
        close_apps()


@pytest.mark.parametrize("language", translation.LANGUAGES)
def test_a_bot_seats_name_spells_its_level_as_the_seat_menu_does(language):
    """Play-test: in Russian the seat menu said «Бот — средний» and the seat then read
    «Бот 1 (Средний)». A new bot's name spells its level as the menu does."""
    from engine.match import BOT_LEVELS, LEVEL_NAMES, bot_name
    from scenes.new_game import SEAT_KINDS

    table = translation.translations(language)
    previous = translation.current_language()
    translation.set_language(language)
    try:
        for level in BOT_LEVELS:
            level_word = table.gettext(LEVEL_NAMES[level])
            assert level_word in bot_name(1, level), (language, level)
            assert level_word in table.gettext(SEAT_KINDS[level]), (language, level)
    finally:
        translation.set_language(previous)


KARMA_4 = (
    "Roll over",
    "Roll over {die}",
    "roll over",
    "roll a die over",
    "Roll over only turns a 1 into a 6 or a 6 into a 1.",
    "Turn a rolled 1 into a 6, or a 6 into a 1.",
)
"""The words of Diced Tomatoes' 4-karma action (a rolled 1 becomes a 6, a 6 a 1)."""
KARMA_5 = (
    "Flip seed",
    "Flip the seed on your {token} token",
    "Flip the seed on the {token} token of {name}",
    "flip a seed",
    "flips {seed} from {old} to {new}",
    "{name} flipped the seed on their own {token} token from {old} to {new}.",
    "Flipping that seed would break the vine's set or sequence.",
)
"""The words of its 5-karma action (a seed die turned to its opposite face)."""
KARMA_TERMS = {
    "en": ("roll", "flip"),
    "ru": ("скрут|скруч", "перевер|перевор|обрат"),
    "es": ("salt", "vuelta|volte|gir"),
    "ja": ("ロールオーバー|1→6", "裏返|反転"),
}
"""Per language: the cost-4 action's word (the pages': ru «Скрутить кубик», ja
「ロールオーバーする」; es by its effect, the page's «Tira los dados» being a re-roll's word) and
the cost-5 action's (ru «Перевернуть кубик семени», es «Dar la vuelta», ja 「裏返す」)."""


@pytest.mark.parametrize("language", translation.LANGUAGES)
def test_karma_roll_over_and_flip_a_seed_are_named_as_the_pages_name_them(language):
    """Diced Tomatoes' karma actions: cost 4 turns a 1 into a 6 or a 6 into a 1, cost 5 flips
    the seed die. Their buttons, tips, refusals, log and hint words use each one's own word,
    never the other's (a player who learned on the website presses the right one); the rules
    help names both."""
    from scenes.rules_help import rules_summary

    four, five = (re.compile(pattern, re.IGNORECASE) for pattern in KARMA_TERMS[language])
    translation.set_language(language)
    try:
        for words in map(translation._, KARMA_4):
            assert four.search(words) and not five.search(words), words
        for words in map(translation._, KARMA_5):
            assert five.search(words) and not four.search(words), words
        tip = translation._(
            "Spend it in your turn: 1 re-roll, 2 shift, 3 clean a vine, 4 roll over, 5 flip "
            "a seed, 6 set a die."
        )
        assert four.search(tip).start() < five.search(tip).start()
        help_text = rules_summary(registry.get("diced-tomatoes"), language)
        assert four.search(help_text) and five.search(help_text)
    finally:
        translation.set_language("en")
