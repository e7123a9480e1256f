"""The one place screens open each other.

A screen never imports another to open it (that made an import circle of eleven files): it asks
for it here by name — ``routes.push(app, "pause", table)``. The names map to classes by module
path and are imported when first opened, so opening the program imports only the title.
Tables open through :func:`open_match` (the game's table from :mod:`scenes.tables`).
"""

from __future__ import annotations

import importlib
from typing import Any

SCREENS = {
    "title": "scenes.title:TitleScene",
    "new_game": "scenes.new_game:NewGameScene",
    "position": "scenes.position:PositionScene",
    "load_game": "scenes.load_game:LoadGameScene",
    "settings": "scenes.settings:SettingsScene",
    "rules": "scenes.rules_help:RulesScene",
    "statistics": "scenes.statistics:StatisticsScene",
    "pause": "scenes.pause:PauseScene",
    "leave": "scenes.leave:LeaveScene",
    "pass": "scenes.pass_screen:PassScreen",
    "confirm": "scenes.confirm:ConfirmScene",
    "game_over": "scenes.game_over:GameOverScene",
    "table": "scenes.table.scene:TableScene",
    "online_games": "scenes.online_games:OnlineGamesScene",
    "online_setup": "scenes.online_setup:OnlineSetupScene",
    "online_join": "scenes.online_join:JoinScene",
    "online_settings": "scenes.online_settings:MatrixSettingsScene",
    "online_dialog": "scenes.online_dialog:OnlineDialog",
    "turn_files": "scenes.turn_files:TurnFilesScene",
}
"""Every screen by name: ``module:Class``."""
GAME_TABLES = "scenes.tables:game_table_class"
"""Where a game's table is found by its id (the tables' registry)."""


def _load(path: str) -> Any:
    module_name, name = path.split(":")
    return getattr(importlib.import_module(module_name), name)


def screen_class(name: str) -> type:
    """The class of the screen ``name`` (``KeyError`` for an unknown name)."""
    return _load(SCREENS[name])


def make(app: Any, name: str, *args: Any, **kwargs: Any) -> Any:
    """A new screen ``name`` for ``app``, built with ``args``."""
    return screen_class(name)(app, *args, **kwargs)


def push(app: Any, name: str, *args: Any, **kwargs: Any) -> Any:
    """Open the screen ``name`` over the current one; returns it."""
    scene = make(app, name, *args, **kwargs)
    app.manager.push(scene)
    return scene


def replace(app: Any, name: str, *args: Any, **kwargs: Any) -> Any:
    """Open the screen ``name`` in place of the current one; returns it."""
    scene = make(app, name, *args, **kwargs)
    app.manager.replace(scene)
    return scene


def to_title(app: Any) -> Any:
    """Back to the title with nothing under it (quit a game)."""
    scene = make(app, "title")
    app.manager.reset(scene)
    return scene


def table_for(app: Any, match: Any, replay: list | None = None, online: Any = None) -> Any:
    """The table scene playing ``match`` (its game's table, or the generic one); ``online``
    the :class:`net.reopen.OnlinePlay` whose session owns it."""
    from scenes import memory

    memory.settle(collect=False)  # before the table's own objects: see scenes.memory
    game_table = _load(GAME_TABLES)(match.spec.id)
    return make(app, "table", match, game_table, replay, online)


def open_online(app: Any, play: Any) -> Any:
    """Show the online game ``play`` (:class:`net.reopen.OnlinePlay`) at its table, over the
    title. Returns the table."""
    scene = table_for(app, play.session.match, online=play)
    app.manager.reset(make(app, "title"), covered_by=scene)
    return scene


def open_match(app: Any, match: Any, replace_stack: bool = True, saved_as: str | None = None):
    """Show ``match`` at its table: the stack becomes title → table (or the table is pushed).
    ``saved_as`` is the name of the save it was just loaded from: leaving at once asks
    nothing, since that save holds the game as it is. Returns the table."""
    scene = table_for(app, match)
    if saved_as:
        scene.mark_saved(saved_as)
    if replace_stack:
        app.manager.reset(make(app, "title"), covered_by=scene)  # built when uncovered
    else:
        app.manager.push(scene)
    return scene


def open_replay(app: Any, match: Any, history: list) -> Any:
    """Watch ``history`` played on ``match`` (at its start), over the title."""
    app.manager.reset(make(app, "title"))
    scene = table_for(app, match, history)
    app.manager.push(scene)
    return scene
