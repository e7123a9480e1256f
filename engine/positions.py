"""Shareable positions: a match that starts from a position written in a game's notation.

Each game's ``GameSpec.notation`` formats a state as text and parses it back (documented in the
game's ``notation`` module). :func:`read_position` turns a player's text (pasted or typed) into a
state or a plain refusal saying what is wrong and where; :func:`match_from_position` starts a
match there (:meth:`engine.match.Match.set_position`, so saves keep the start).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import GameSpec
from engine.match import Match, Seat
from engine.notation_fields import POSITION_TEXT_LIMIT, ForeignField, check_length
from engine.validation import check_position
from translation import _, ngettext


def position_text(spec: GameSpec, state) -> str:
    """The position of ``state`` in ``spec``'s notation (what Copy puts on the clipboard)."""
    return spec.notation.format(state)


def read_position(spec: GameSpec, text: str):
    """The state written as ``text`` in ``spec``'s notation, checked before it is played
    (:func:`engine.validation.check_position`).

    Surrounding blank space is ignored; a text longer than
    :data:`engine.notation_fields.POSITION_TEXT_LIMIT` is refused before it is read. Raises
    ``ValueError`` starting "This position cannot be read:" followed by the notation's own
    reason (what is wrong and where), or :class:`engine.core.InvalidPosition` (a
    ``ValueError`` too) saying why the position cannot be played."""
    try:
        check_length(text, POSITION_TEXT_LIMIT + 1000)  # blank space around it is allowed
    except ValueError as err:
        raise ValueError(_("This position cannot be read: {reason}").format(reason=err)) from None
    cleaned = text.strip()
    if not cleaned:
        raise ValueError(_("This position cannot be read: there is no text."))
    return check_position(spec, _parse(spec, cleaned))


def _parse(spec: GameSpec, cleaned: str):
    try:
        return spec.notation.parse(cleaned)
    except ValueError as err:
        reason = str(err).strip() or type(err).__name__
        said = _("This position cannot be read: {reason}").format(
            reason=reason if reason[-1] in ".!?。！？" else reason + "."
        )
        raise (ForeignField(said) if isinstance(err, ForeignField) else ValueError(said)) from None
    except Exception as err:  # noqa: BLE001
        # a notation's parser that trips over text it did not expect still refuses in words
        raise ValueError(
            _("This position cannot be read: it is not {game} notation ({problem}).").format(
                game=_(spec.title), problem=f"{type(err).__name__}: {err}"[:80]
            )
        ) from None


def players_in(state) -> int | None:
    """How many seats ``state`` is for (its ``num_players``), or None when it does not say."""
    players = getattr(state, "num_players", None)
    return players if isinstance(players, int) else None


def match_from_position(
    spec: GameSpec, seats: Sequence[Seat], options: dict | None, seed: int, state
) -> Match:
    """A match of ``seats`` starting at ``state`` (from :func:`read_position`).

    Options the position itself holds (``state.options``) win over ``options``, so the match
    saves what it plays. Raises ``ValueError`` when the seat count does not fit the position."""
    players = players_in(state)
    if players is not None and players != len(seats):
        raise ValueError(
            ngettext(
                "This position is for {count} player, not {seats}.",
                "This position is for {count} players, not {seats}.",
                players,
            ).format(count=players, seats=len(seats))
        )
    chosen = dict(options or {})
    own = getattr(state, "options", None)
    if isinstance(own, dict):
        chosen.update(
            {option.name: own[option.name] for option in spec.options if option.name in own}
        )
    match = Match(spec, seats, chosen, seed)
    match.set_position(state)
    return match
