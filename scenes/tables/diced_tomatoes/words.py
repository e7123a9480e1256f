"""Words the Diced Tomatoes table shows in several places (the tray, tooltips, the log), each
through the translation system (:mod:`i18n`): dice colours, token names, seat names, the
bushel's counts and the one-line summary of a roll."""

from __future__ import annotations

from engine.diced_tomatoes import state as dt
from engine.diced_tomatoes.state import COLOURS
from translation import NP_, _, pgettext

BUSHEL_WORDS = {
    "r": NP_("dice in the bushel", "red"),
    "b": NP_("dice in the bushel", "black"),
    "g": NP_("dice in the bushel", "gold"),
}
"""The colours as the bushel's counts name them ("red: 31"; Russian "красные: 31")."""


def colour_word(colour: str) -> str:
    """ "red", "black" or "gold" for the engine's colour letter, agreeing with a die;
    ``KeyError`` for another."""
    return dt.colour_word(colour)


def token_word(token: int) -> str:
    """ "top", "middle" or "bottom" for token 0, 1 or 2."""
    return dt.token_word(token)


def name_of_seat(names, seat: int) -> str:
    """The seat's name, or "Player N" for a seat ``names`` does not cover."""
    return names[seat] if 0 <= seat < len(names) else _("Player {number}").format(number=seat + 1)


def header_name(names, seat: int, viewer: int, humans) -> str:
    """The name a seat's header shows: "Ana (you)" for the one person playing against bots."""
    name = name_of_seat(names, seat)
    if len(humans) == 1 and seat == viewer and seat in humans:
        return _("{name} (you)").format(name=name)
    return name


def bushel_counts(state) -> str:
    """ "red: 31 · black: 5" (gold only with Sunny Golden Hybrid)."""
    return " · ".join(
        _("{colour}: {count}").format(
            count=state.bushel[c], colour=pgettext("dice in the bushel", BUSHEL_WORDS[c])
        )
        for c in COLOURS
        if c != "g" or state.options.get("golden")
    )


def roll_words(events, names) -> str:
    """One log line for a roll: "Ana rolled a red 5, a black 3 and a red 1." ("" for none)."""
    rolls = [e for e in events if isinstance(e, dt.DieRolled)]
    if not rolls:
        return ""
    listed = dt.list_words([dt.die_words(e.colour, e.face) for e in rolls])
    return _("{name} rolled {dice}.").format(name=name_of_seat(names, rolls[0].player), dice=listed)
