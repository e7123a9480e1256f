"""Play-test: a damaged save said "(it is damaged or cut short: Expecting ',' delimiter)", and
in Russian the English parser words stayed inside the Russian sentence. What the JSON reader
says never reaches a player: each place that reads JSON says where the text goes wrong, in the
player's language."""

from __future__ import annotations

import json

import pytest

import translation
from engine import registry
from engine.json_text import json_problem
from engine.match import Match, Seat
from engine.positions import read_position
from saves.format import SaveError, parse
from saves.record import RecordError, parse_record
from saves.settings import load_settings

PARSER_WORDS = ("Expecting", "delimiter", "property name", "Unterminated", "Extra data", "char ")


@pytest.fixture
def russian():
    previous = translation.current_language()
    translation.set_language("ru")
    yield
    translation.set_language(previous)


def _problem(text: str) -> str:
    with pytest.raises(json.JSONDecodeError) as caught:
        json.loads(text)
    return json_problem(caught.value)


def test_json_problem_says_where_the_text_goes_wrong_not_the_parsers_words():
    assert _problem("") == "it is empty"
    assert _problem('{"a": 1,\n "b": [1, 2\n') == "it breaks off at line 2"
    assert _problem('{"a": 1\n "b": 2}') == "it is damaged at line 2, column 2"
    assert _problem('{"a" 1}') == "it is damaged at character 6"
    assert _problem('{"a": ') == "it breaks off at its end"
    assert _problem('{"a": "half a wo') == "it breaks off at its end"


@pytest.mark.parametrize("text", ["", "garbage", '{"format": "tabletop', '{"a": 1 "b": 2}'])
def test_a_damaged_save_is_refused_without_the_parsers_words(text):
    with pytest.raises(SaveError) as caught:
        parse(text, "broken.json")
    message = str(caught.value)
    assert message.startswith("broken.json is not a readable save file (")
    assert not any(word in message for word in PARSER_WORDS), message


def test_a_damaged_save_is_refused_wholly_in_russian(russian):
    with pytest.raises(SaveError) as caught:
        parse('{"format": 1,\n "x": }', "broken.json")
    message = str(caught.value)
    assert "строке 2" in message, message
    assert not any(word in message for word in PARSER_WORDS), message
    assert not any("a" <= ch <= "z" for ch in message.replace("broken.json", "")), message


def test_a_damaged_settings_file_is_said_without_the_parsers_words(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"volume": 3,\n "language": }', encoding="utf-8")
    problem = load_settings(path).problem
    assert "it is damaged at line 2, column 14" in problem
    assert not any(word in problem for word in PARSER_WORDS), problem


def test_a_records_damaged_options_line_is_said_without_the_parsers_words():
    text = "\n".join(
        [
            "Tabletop Trio game record 1",
            "Game: potion-explosion",
            "Seat 1: human Ana",
            "Seat 2: human Ben",
            'Options: {"rounds": ',
            "Seed: 4",
        ]
    )
    with pytest.raises(RecordError) as caught:
        parse_record(text)
    message = str(caught.value)
    assert not any(word in message for word in PARSER_WORDS), message


def test_an_off_the_rails_position_with_damaged_json_is_said_without_the_parsers_words():
    spec = registry.get("off-the-rails")
    match = Match(spec, [Seat("human", "Ana"), Seat("human", "Ben")], seed=4)
    while match.is_chance():
        match.resolve_chance()
    text = spec.notation.format(match.state)
    broken = "\n".join(
        line.split(" = ", 1)[0] + " = [1," if " = " in line else line for line in text.splitlines()
    )
    assert broken != text
    with pytest.raises(ValueError) as caught:
        read_position(spec, broken)
    message = str(caught.value)
    assert "it breaks off at its end" in message, message
    assert not any(word in message for word in PARSER_WORDS), message
