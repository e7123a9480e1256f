"""A save's list entry as a player reads it now: default seat names and the title the program
gave, in the language in use; names and titles a person typed as typed.

A seat keeps the name it was given, in the language of that moment (the save is the game as
played): «Бот 1 (сильный)» from a game begun in Russian reads "Bot 1 (Hard)" in English, as the
table says it once loaded (:func:`engine.match.shown_seat_name`). The title the program gives a
save, "<game> — <seats>", follows the language too; a title the player typed never changes.
"""

from __future__ import annotations

from saves.format import clean_title, title_of
from translation import LANGUAGES, current_language, translations


def _spec(game_id: str):
    """The registry's spec of ``game_id``, or None for a game this version does not know."""
    from engine import registry

    try:
        return registry.get(game_id)
    except KeyError:
        return None


def _kinds_known(info) -> bool:
    return len(info.seat_kinds) == len(info.seats)


def shown_seats(info) -> tuple:
    """The names of ``info``'s seats (a :class:`saves.store.SaveInfo`) as a player reads them
    now: a default name ("Player 1", «Бот 1 (сильный)») in the language in use, a typed one as
    it is; the names as saved when the seats' kinds are unknown."""
    if not _kinds_known(info):
        return info.seats
    from engine.match import shown_seat_name  # here: the first frame loads no engine

    return tuple(
        shown_seat_name(name, kind, level)
        for name, (kind, level) in zip(info.seats, info.seat_kinds, strict=True)
    )


def default_title(info, language: str) -> str | None:
    """The title the program gives ``info``'s game and seats in ``language`` (as
    :func:`saves.format.match_title` made it then, cleaned as the list cleans titles), or
    None when the game or the seats' kinds are unknown."""
    if not _kinds_known(info):
        return None
    return _program_title(info.game, zip(info.seats, info.seat_kinds, strict=True), language)


def _program_title(game_id: str, seats, language: str) -> str | None:
    """The title the program gives game ``game_id`` with ``seats`` (``(name, (kind, level))``
    each) in ``language``, or None for a game this version does not know."""
    spec = _spec(game_id)
    if spec is None:
        return None
    from engine.match import shown_seat_name

    names = [shown_seat_name(name, kind, level, language) for name, (kind, level) in seats]
    return clean_title(title_of(spec.title, names, translations(language)))


def title_now(title: str, match) -> str:
    """The name to offer for saving ``match`` (an :class:`engine.match.Match`) again, once it
    was saved or loaded as ``title``: a title the program gave, in whichever language, made
    again in the language in use (the seats' default names too); a title the player typed as
    typed."""
    seats = [(seat.name, (seat.kind, seat.level)) for seat in match.seats]
    given = clean_title(title)
    if any(given == _program_title(match.spec.id, seats, code) for code in LANGUAGES):
        return _program_title(match.spec.id, seats, current_language()) or given
    return given


def has_default_title(info) -> bool:
    """True when ``info``'s title is the one the program gives, "<game> — <seats>" (a save not
    named by the player, or named with the name offered), in any language the program speaks
    with the seats' names as that language says them (a game begun in Russian and saved in
    English); or, as before the seats' kinds were read, ending with the names as saved. A
    title the player typed is never one (unless typed just so)."""
    if not info.seats:
        return False
    if info.title.endswith(", ".join(info.seats)):
        return True
    return any(info.title == default_title(info, code) for code in LANGUAGES)


def shown_title(info) -> str:
    """``info``'s title as a player reads it now: a title the program gave, made again in the
    language in use with :func:`shown_seats`; a title the player typed as typed."""
    if not has_default_title(info):
        return info.title
    spec = _spec(info.game)
    return clean_title(title_of(spec.title if spec is not None else info.game, shown_seats(info)))
