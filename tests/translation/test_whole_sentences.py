"""Whole sentences (issue 41, items 4 and 5): each count goes through ngettext with its own
number, a word that takes a gender or a case is a whole sentence per case, and the logs of every
game — Off the Rails' and Potion Explosion's colours and directions too — and a game record's
result read in the player's language."""

from __future__ import annotations

import re

import pytest

import translation
from saves import record
from tests.translation.test_game_texts import NAMES, _play
from translation import _, ngettext

ENGLISH_WORDS = re.compile(
    r"\b(red|blue|yellow|black|white|green|north|east|south|west|marbles?|carts?|gems?|"
    r"took|placed|passed|turn)\b"
)
"""Words a log line would hold if a piece of it were left in English (the names are Latin, and
none of these)."""


@pytest.fixture(autouse=True)
def _english_after():
    yield
    translation.set_language("en")


def test_each_count_of_the_statistics_line_has_its_own_plural():
    """Spanish «2 partidas terminadas, 1 ganada»: the games won are counted on their own, not
    by the games finished («1 ganadas»)."""
    translation.set_language("es")
    finished = ngettext("{count} game finished", "{count} games finished", 2).format(count=2)
    won = ngettext("{count} won", "{count} won", 1).format(count=1)
    line = _("{finished}, {won} ({rate})").format(finished=finished, won=won, rate="50 %")
    assert line == "2 partidas terminadas, 1 ganada (50 %)"
    one = ngettext("{count} game finished", "{count} games finished", 1).format(count=1)
    assert one == "1 partida terminada"


def test_laying_out_a_card_names_it_with_its_own_article():
    """Spanish «Disponer una Oruga», «Disponer un Lirón»: one sentence per character, not "un"
    glued to any name."""
    from engine.tea_time.notation import parse_position
    from engine.tea_time.state import DealCard

    state = parse_position("players=2 turn=3 table=PcHm/rDpM/HrDp collections=C3/-")
    translation.set_language("es")
    assert state.action_to_string(DealCard("P")) == "Disponer una Oruga"
    assert state.action_to_string(DealCard("D")) == "Disponer un Lirón"
    assert state.action_to_string(DealCard("M")) == "Disponer una Liebre de Marzo"


def test_a_die_passed_to_a_player_is_one_sentence_the_translator_can_inflect():
    """Russian «Ana передаёт чёрный 5 игроку Ben»: the receiver takes its case in the
    sentence."""
    from engine.diced_tomatoes.state import DiePassed

    translation.set_language("ru")
    words = DiePassed(0, 0, "b", 5, 1).text(["Ana", "Ben"])
    assert words.startswith("Ana передаёт") and "игроку Ben" in words


@pytest.mark.parametrize("language", ["ru", "es", "ja"])
@pytest.mark.parametrize(
    ("game_id", "players", "seed", "steps"),
    [
        ("off-the-rails", 3, 7, 160),
        ("potion-explosion", 3, 3, 160),
        ("tea-time", 2, 5, 200),
        ("diced-tomatoes", 3, 11, 200),
    ],
)
def test_every_log_line_reads_in_the_language(language, game_id, players, seed, steps):
    """A seeded game's log: no line keeps a colour, a direction or another word in English,
    and each differs from its English one."""
    match, events, _decisions = _play(game_id, players, seed, steps)
    english = [event.text(match.names) for event in events]
    translation.set_language(language)
    shown = [(event.text(match.names), words) for event, words in zip(events, english) if words]
    assert len(shown) > 20
    left = [line for line, words in shown if line == words or ENGLISH_WORDS.search(line)]
    assert left == []


@pytest.mark.parametrize("language", ["ru", "es", "ja"])
def test_a_game_records_result_line_reads_in_the_language(language):
    """The record's result ("Ana 31, Ben 28; won by Ana") is for reading: in the language in
    use; the header's field names stay the format's."""
    match, _events, _decisions = _play("tea-time", 2, 5, 400)
    assert match.is_terminal()
    english = record.result_line(match)
    translation.set_language(language)
    line = record.result_line(match)
    assert line != english and "won by" not in line
    assert all(name in line for name in NAMES[:2])
    text = record.format_record(match)
    assert text.startswith(record.MAGIC) and "\nGame: tea-time (" in text


def test_sentences_one_after_the_other_follow_the_language():
    """Two whole sentences are joined as the language writes them: Japanese puts no space
    between 「…。」 and the next, English, Russian and Spanish one."""
    first, then = _("Which seat is yours?"), _("Cancel")
    assert translation.sentences(first, "", then) == f"{first} {then}"
    translation.set_language("ja")
    ja = translation.sentences(_("Which seat is yours?"), _("Cancel"))
    assert ja == _("Which seat is yours?") + _("Cancel") and " " not in ja
    translation.set_language("ru")
    assert translation.sentences(_("Cancel"), _("OK")) == "Отмена OK"


def test_a_diced_tomatoes_harvest_reason_follows_its_move_in_russian():
    """A harvest's hint says the move («Поставить …», the infinitive of every move's label)
    and then its reason. The Russian reason tells what the move does («Так вы соберёте …»),
    not a second order in the imperative («Соберите …») beside the infinitive; and every
    other Diced Tomatoes reason, which names its move, is in the infinitive too (a play-tester
    read «Засейте …» in one hint and «Поставить …» in the next)."""
    from engine.bots import as_sentence
    from engine.diced_tomatoes import heuristics, parse_position
    from engine.diced_tomatoes.state import PlaceDie

    state = parse_position("players=1 vines=5r5r5r|-|- hand=5r,2b score=1,2,3,4 karma=3")
    translation.set_language("ru")
    move = state.action_to_string(PlaceDie(0, 0, 0))
    reason = as_sentence(heuristics.explain_move(state, PlaceDie(0, 0, 0)), None)
    assert move.startswith("Поставить ")
    assert reason == "Так вы соберёте ваш верхний стебель стоимостью 5 в ячейку 5."
    # a reason that names its move uses the moves' infinitive too, never the imperative
    seed = as_sentence(heuristics.explain_move(state, PlaceDie(0, 0, 1)), None)
    assert seed.startswith("Засеять ваш средний жетон:"), seed


def test_a_saves_players_are_listed_with_the_languages_own_separator():
    """Play-test: the Japanese Replace question listed «テス, ボット1（ふつう）» with a Latin
    comma. The players of a save are joined as the language joins names."""
    from types import SimpleNamespace

    from scenes.load_game import what_it_is

    info = SimpleNamespace(game="tea-time", shown_seats=["テス", "ボット1（ふつう）"])
    translation.set_language("ja")
    assert what_it_is(info).endswith("テス、ボット1（ふつう）")
    translation.set_language("en")
    assert what_it_is(info) == "Tea Time · テス, ボット1（ふつう）"
