"""Words the Diced Tomatoes table shows in several places (the tray, tooltips, the log), each
through the translation system (:mod:`i18n`): dice colours, token names, seat names, the
bushel's counts and the one-line summary of a roll."""

from __future__ import annotations

from engine.diced_tomatoes import state as dt
from engine.diced_tomatoes.state import COLOURS
from translation import N_, _

COLOUR_WORDS = {"r": N_("red"), "b": N_("black"), "g": N_("gold")}
"""A die's colour as a player reads it (translated where shown)."""
TOKEN_WORDS = (N_("top"), N_("middle"), N_("bottom"))
"""The tomato tokens, top to bottom, as a player reads them (the engine's ``TOKEN_NAMES``)."""


def colour_word(colour: str) -> str:
    """ "red", "black" or "gold" for the engine's colour letter; ``KeyError`` for another."""
    return _(COLOUR_WORDS[colour])


def token_word(token: int) -> str:
    """ "top", "middle" or "bottom" for token 0, 1 or 2."""
    return _(TOKEN_WORDS[token])


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
    """ "31 red · 5 black" (gold only with Sunny Golden Hybrid)."""
    return " · ".join(
        _("{count} {colour}").format(count=state.bushel[c], colour=colour_word(c))
        for c in COLOURS
        if c != "g" or state.options.get("golden")
    )


def roll_words(events, names) -> str:
    """One log line for a roll: "Ana rolled a red 5, a black 3 and a red 1." ("" for none)."""
    rolls = [e for e in events if isinstance(e, dt.DieRolled)]
    if not rolls:
        return ""
    dice = [_("a {colour} {face}").format(colour=colour_word(e.colour), face=e.face) for e in rolls]
    listed = (
        dice[0]
        if len(dice) == 1
        else _("{dice} and {last}").format(dice=", ".join(dice[:-1]), last=dice[-1])
    )
    return _("{name} rolled {dice}.").format(name=name_of_seat(names, rolls[0].player), dice=listed)
