"""Play-test: a refused move read "(…row 10, column 10.); the move was ignored." — the rule's
own sentence kept its full stop inside the brackets. The rule is set in as a clause, in every
language."""

from __future__ import annotations

import json

import pytest

import translation
from tests.net.test_bad_input import ana_plays_a_turn, refused_alone, table


@pytest.mark.parametrize("language", ["en", "ru", "es", "ja"])
def test_an_illegal_moves_rule_sits_in_its_brackets_without_a_full_stop(language):
    previous = translation.current_language()
    translation.set_language(language)
    try:
        hub, ana, ben = table()
        entry = ana_plays_a_turn(ana)
        hub.items.clear()
        illegal = dict(entry, actions=[{"type": "TakeCards", "cells": [[9, 9]]}])
        message = refused_alone(ben, hub, json.dumps(illegal), "ana")
    finally:
        translation.set_language(previous)
    assert "10" in message, message  # the rule names the place: row 10, column 10
    for stop in (".)", "。)", ".）", "。）"):
        assert stop not in message, message


def test_clause_leaves_out_a_sentences_own_full_stop():
    assert translation.clause("The place at row 10, column 10 is empty.") == (
        "The place at row 10, column 10 is empty"
    )
    assert translation.clause("その場所は空です。") == "その場所は空です"
    assert translation.clause("no stop") == "no stop"
