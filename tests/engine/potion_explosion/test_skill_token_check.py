"""Play-test: a position whose skill tokens did not add up was refused with "The skill tokens
add up to 0: the countdown stack, the supply and the players' hold 15 together", which reads
as if they hold 15. The refusal says what each place holds, the sum, and what the game has."""

from __future__ import annotations

import pytest

from engine import registry
from engine.core import InvalidPosition
from engine.match import Match, Seat
from engine.validation import position_from_data


def _started():
    spec = registry.get("potion-explosion")
    match = Match(spec, [Seat("human", "Ana"), Seat("human", "Ben")], {}, 3)
    while match.is_chance() or match.state.phase.name != "PLAY":
        if match.is_chance():
            match.resolve_chance()
        else:
            match.apply(match.legal_actions()[0])
    return spec, match.state.to_dict()


def test_skill_tokens_that_do_not_add_up_are_refused_in_plain_words():
    spec, data = _started()
    assert [desk["tokens"] for desk in data["desks"]] == [0, 0]
    data["countdown"], data["supply"] = 3, 0  # the supply's 10 lost
    with pytest.raises(InvalidPosition) as caught:
        position_from_data(spec, data)
    assert caught.value.reason == (
        "The countdown stack holds 3, the supply 0 and the players 0: 3 skill tokens in all, "
        "but the game has 15."
    )
