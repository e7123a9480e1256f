"""Which table plays which game: one entry per game (the engine's entry is
:data:`engine.registry.GAMES`). A game without an entry plays on the generic table."""

from __future__ import annotations

import importlib

TABLES = {
    "potion-explosion": "scenes.tables.potion_explosion.table:PotionExplosionTable",
    "off-the-rails": "scenes.tables.off_the_rails.table:OffTheRailsTable",
    "diced-tomatoes": "scenes.tables.diced_tomatoes.table:DicedTomatoesTable",
    "tea-time": "scenes.tables.tea_time.table:TeaTimeTable",
    "shifting-stones": "scenes.tables.shifting_stones.table:ShiftingStonesTable",
}
"""``{game id: "module:GameTable class"}``."""

GENERIC = "scenes.tables.generic:GenericTable"


def game_table_class(game_id: str) -> type:
    """The game's :class:`scenes.table.protocol.GameTable` (the generic one for a game with
    no table of its own yet)."""
    module_name, class_name = TABLES.get(game_id, GENERIC).split(":")
    return getattr(importlib.import_module(module_name), class_name)
