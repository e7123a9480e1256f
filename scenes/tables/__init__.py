"""Which table scene plays which game; opening a match in the window."""

from __future__ import annotations

import importlib
import importlib.util

TABLE_SCENES = {
    "diced-tomatoes": "scenes.tables.diced_tomatoes:DicedTomatoesTable",
    "potion-explosion": "scenes.tables.potion_explosion:PotionExplosionTable",
    "off-the-rails": "scenes.tables.off_the_rails:OffTheRailsTable",
    "tea-time": "scenes.tables.tea_time:TeaTimeTable",
}


def table_scene_class(game_id: str):
    """The table scene class for a game; the generic table when the game has none yet."""
    target = TABLE_SCENES.get(game_id)
    if target:
        module_name, cls_name = target.split(":")
        if importlib.util.find_spec(module_name) is not None:
            return getattr(importlib.import_module(module_name), cls_name)
    from scenes.generic_table import GenericTable

    return GenericTable


def open_match(app, match, replace_stack: bool = True, saved_as: str | None = None) -> None:
    """Show ``match`` at its table: the stack becomes title → table (or table is pushed).
    ``saved_as`` is the name of the save it was just loaded from: leaving at once asks
    nothing, since that save holds the game as it is."""
    from scenes.title import TitleScene

    scene = table_scene_class(match.spec.id)(app, match)
    if saved_as:
        scene.mark_saved(saved_as)
    if replace_stack:
        app.manager.reset(TitleScene(app), covered_by=scene)  # the title builds when uncovered
    else:
        app.manager.push(scene)
