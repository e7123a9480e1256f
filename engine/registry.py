"""The list of games: id, title, player counts, options with defaults.

Each game package under ``engine/`` exposes ``GAME``, a :class:`engine.core.GameSpec`. A package
that does not exist yet is simply not listed; a package that exists but fails to import is a bug
and raises.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING

from translation import N_, _

if TYPE_CHECKING:  # loaded with the first game: --help and the title list games without it
    from engine.core import GameSpec

GAMES = (
    ("engine.potion_explosion", "potion-explosion", N_("Potion Explosion")),
    ("engine.off_the_rails", "off-the-rails", N_("Off the Rails")),
    ("engine.diced_tomatoes", "diced-tomatoes", N_("Diced Tomatoes")),
    ("engine.tea_time", "tea-time", N_("Tea Time")),
    ("engine.shifting_stones", "shifting-stones", N_("Shifting Stones")),
)
"""Every game, in menu order: ``(package, id, title)``. The id and title are said here too so
that the title screen and ``--help`` name the games without loading their rules (a package's
``GAME`` must agree: tests check it)."""
GAME_PACKAGES = tuple(package for package, _id, _title in GAMES)

_extra: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> None:
    """Add a game not in :data:`GAME_PACKAGES` (tests use this for their small dice game)."""
    _extra[spec.id] = spec


def unregister(game_id: str) -> None:
    """Remove a game added with :func:`register`; unknown ids are ignored."""
    _extra.pop(game_id, None)


def listed() -> list[tuple[str, str]]:
    """``(id, title)`` of every game, in menu order, without loading their rules (:data:`GAMES`
    names them). The titles are the English ones: translate them where shown."""
    found = [
        (game_id, title)
        for package, game_id, title in GAMES
        if importlib.util.find_spec(package) is not None
    ]
    return found + [(spec.id, spec.title) for spec in _extra.values()]


def games() -> list[GameSpec]:
    """Every registered game, in menu order."""
    from engine.core import GameSpec

    found = []
    for name in GAME_PACKAGES:
        if importlib.util.find_spec(name) is None:
            continue
        module = importlib.import_module(name)
        spec = getattr(module, "GAME", None)
        if isinstance(spec, GameSpec):
            found.append(spec)
    return found + list(_extra.values())


def get(game_id: str) -> GameSpec:
    """The game with this id; ``KeyError`` with a plain message lists the known ids."""
    for spec in games():
        if spec.id == game_id:
            return spec
    known = ", ".join(s.id for s in games()) or "none"
    raise KeyError(
        _("Unknown game {game_id!r}; known games: {known}.").format(game_id=game_id, known=known)
    )
