"""What a player's name may be, checked without loading the rest of the engine: the settings
check the names they keep before the program's first frame (:mod:`engine.match` costs ~17 ms
to load)."""

from __future__ import annotations

import unicodedata

from translation import _, ngettext

NAME_LIMIT = 24
"""The most characters in a seat's name (a longer name from an old save is cut)."""

_UNSEEN_CATEGORIES = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zs", "Zl", "Zp", "Mn", "Me"))
_UNSEEN_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")
"""Hangul fillers, the blank Braille pattern and the Mongolian vowel separator: letters or
symbols by their category that no font draws."""


def has_visible_character(name: str) -> bool:
    """True when ``name`` holds a character one can see: not only blank space, format
    characters (a zero-width space, a soft hyphen, a direction mark), combining marks with
    nothing to sit on, or letters no font draws (a Hangul filler)."""
    return any(
        unicodedata.category(ch) not in _UNSEEN_CATEGORIES and ch not in _UNSEEN_LETTERS
        for ch in name
    )


def name_problem(name: object) -> str | None:
    """Why ``name`` cannot be a player's name, in plain words, or None when it can: text of 1
    to :data:`NAME_LIMIT` characters without control characters, with at least one character
    one can see (:func:`has_visible_character`)."""
    if not isinstance(name, str) or not name.strip():
        return _("A player's name must be some text.")
    if len(name) > NAME_LIMIT:
        return ngettext(
            "A player's name has at most {count} character.",
            "A player's name has at most {count} characters.",
            NAME_LIMIT,
        ).format(count=NAME_LIMIT)
    if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in name):
        return _("A player's name must not hold control characters.")
    if not has_visible_character(name):
        return _("A player's name needs at least one letter, digit or sign one can see.")
    return None
