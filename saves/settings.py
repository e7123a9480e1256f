"""Player settings, stored as JSON in ``platformdirs.user_config_path("tabletop-trio")``.

Each field is checked against its type and range when read (:data:`CHECKS`); a field that is
missing takes its default quietly, a damaged one takes its default and is reported. A file with
any damage is kept as ``settings.json.damaged`` and the repaired settings are written in its
place; the problem is reported once, in one sentence, in ``Settings.problem``. A config folder
that cannot be created gives the defaults and a ``problem`` saying where; the game still starts.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

import translation
from saves import folders
from saves.files import SaveError, make_folder, read_text, write_atomic
from translation import N_, _

ANIMATION_SPEEDS = ("normal", "fast", "instant")
WINDOW_SIZES = ((1280, 800), (1440, 900), (1600, 1000), (1024, 640))
SPEED_FACTORS = {"normal": 1.0, "fast": 0.45, "instant": 0.0}
MIN_WINDOW = (1024, 640)
MAX_WINDOW = (7680, 4320)
"""The window size range, in pixels (the smallest layout; an 8K screen)."""
BOT_BUDGET_RANGE = (0.1, 10.0)
"""Seconds a Hard computer player may think per turn."""
SETTINGS_BYTES = 64 * 1024
VOLUME_RANGE = (0, 100)
"""The master volume, in percent."""
UI_SCALES = (100, 125, 150, 175, 200)
"""The UI scale steps, in percent of the normal size of text and widgets."""


@dataclass
class Settings:
    """What the settings scene edits. ``window_size`` is (width, height) in pixels;
    ``bot_budget`` is seconds a Hard bot may think per turn (a hint per question);
    ``master_volume`` is percent (0–100) of full loudness; ``sound_effects`` off (or M) mutes;
    ``window_size`` and ``window_maximized`` are the window as the player last left it;
    ``ui_scale`` is the size of text and widgets in percent, one of :data:`UI_SCALES` (a window
    too small for it shows the largest scale it holds: :func:`scenes.kit.fitting_scale`)."""

    animation_speed: str = "normal"
    fullscreen: bool = False
    window_size: tuple = (1280, 800)
    pass_screen: bool = True
    colorblind_patterns: bool = False
    bot_budget: float = 2.0
    master_volume: int = 80
    sound_effects: bool = True
    language: str = ""
    """A code of :data:`translation.LANGUAGES`, or "" for the system's language (English when the
    program does not speak it)."""
    window_maximized: bool = False
    ui_scale: int = 100
    last_game: str = ""
    """The id of the game last started at New game ("" for none yet): New game opens on it."""
    player_names: tuple = ()
    """The names last typed for the people's seats at New game, by seat (up to 6; "" keeps
    that seat's "Player N" in the language in use)."""
    seat_kinds: tuple = ()
    """The seats last chosen at New game, by seat (up to 6): "human" or a bot level."""
    seat_count: int = 0
    """How many seats New game last started with (1–6), or 0 for none yet."""
    game_options: dict = field(default_factory=dict)
    """The options a player set at New game when each game was last started: game id ->
    option name -> value (a play-tester's game length was back to the default next time, the
    seats kept)."""
    problem: str | None = field(default=None, compare=False)
    this_run: dict = field(default_factory=dict, compare=False)
    """Settings given for this run only (``--language``, ``--ui-scale``): name -> ``(stored,
    given)``. :func:`save_settings` writes the stored value while the setting is still the
    one given (toggling sound in a ``--language ja`` run made Japanese the language for good);
    a setting the player changes in Settings is written as chosen."""

    def for_this_run(self, name: str, value) -> None:
        """Use ``value`` for the setting ``name`` in this run only (see :attr:`this_run`)."""
        stored = self.this_run.get(name, (getattr(self, name), None))[0]
        self.this_run[name] = (stored, value)
        setattr(self, name, value)

    @property
    def speed_factor(self) -> float:
        """Multiplier for animation durations: 1 normal, 0.45 fast, 0 instant."""
        return SPEED_FACTORS[self.animation_speed]


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _window_size(value):
    if (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(map(_is_int, value))
        and MIN_WINDOW[0] <= value[0] <= MAX_WINDOW[0]
        and MIN_WINDOW[1] <= value[1] <= MAX_WINDOW[1]
    ):
        return tuple(value)
    return None


def _bot_budget(value):
    if (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and math.isfinite(value)
        and BOT_BUDGET_RANGE[0] <= value <= BOT_BUDGET_RANGE[1]
    ):
        return float(value)
    return None


def _master_volume(value):
    """The volume (a whole percent in :data:`VOLUME_RANGE`), or None when it is damaged."""
    if _is_int(value) and VOLUME_RANGE[0] <= value <= VOLUME_RANGE[1]:
        return value
    return None


def _ui_scale(value):
    """The UI scale (one of :data:`UI_SCALES`), or None when it is damaged or unknown."""
    if _is_int(value) and value in UI_SCALES:
        return value
    return None


def _bool(value):
    return value if isinstance(value, bool) else None


def _player_names(value):
    """Up to 6 seat names ("" for none), each one a :class:`engine.match.Seat` accepts
    (:func:`engine.names.name_problem`); None when damaged."""
    from engine.names import name_problem  # not engine.match: the first frame waits

    if not isinstance(value, (list, tuple)) or len(value) > 6:
        return None
    for name in value:
        if not isinstance(name, str):
            return None
        if name and name_problem(name) is not None:
            return None
    return tuple(value)


def _seat_kinds(value):
    """Up to 6 seat kinds ("human", "online", "easy", "medium", "hard"); None when damaged."""
    kinds = ("human", "online", "easy", "medium", "hard")
    if not isinstance(value, (list, tuple)) or len(value) > 6:
        return None
    return tuple(value) if all(isinstance(kind, str) and kind in kinds for kind in value) else None


def _game_options(value):
    """Game id -> option name -> value (a bool, a whole number or a short text), a few of
    each; None when damaged. Whether a value suits its option, New game checks."""

    def short(text) -> bool:
        return isinstance(text, str) and 0 < len(text) <= 40

    def plain(option) -> bool:
        return isinstance(option, (bool, int)) or short(option)

    if not isinstance(value, dict) or len(value) > 20:
        return None
    for game, options in value.items():
        if not short(game) or not isinstance(options, dict) or len(options) > 20:
            return None
        if not all(short(name) and plain(option) for name, option in options.items()):
            return None
    return {game: dict(options) for game, options in value.items()}


def _seat_count(value):
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 6:
        return None
    return value


CHECKS = {
    "animation_speed": lambda v: v if isinstance(v, str) and v in ANIMATION_SPEEDS else None,
    "fullscreen": _bool,
    "window_size": _window_size,
    "pass_screen": _bool,
    "colorblind_patterns": _bool,
    "bot_budget": _bot_budget,
    "master_volume": _master_volume,
    "sound_effects": _bool,
    "language": lambda v: v if isinstance(v, str) and v in ("", *translation.LANGUAGES) else None,
    "window_maximized": _bool,
    "ui_scale": _ui_scale,
    "player_names": _player_names,
    "last_game": lambda v: v if isinstance(v, str) and len(v) <= 40 else None,
    "seat_kinds": _seat_kinds,
    "seat_count": _seat_count,
    "game_options": _game_options,
}
"""Field -> ``check(value)``: the value to use, or None when it is damaged."""

LABELS = {
    "animation_speed": N_("animation speed"),
    "fullscreen": N_("fullscreen"),
    "window_size": N_("window size"),
    "pass_screen": N_("pass screen"),
    "colorblind_patterns": N_("colour-blind patterns"),
    "bot_budget": N_("Hard bot thinking time"),
    "master_volume": N_("volume"),
    "sound_effects": N_("sound effects"),
    "language": N_("language"),
    "window_maximized": N_("maximised window"),
    "ui_scale": N_("UI scale"),
    "player_names": N_("player names"),
    "last_game": N_("last game"),
    "seat_kinds": N_("seats"),
    "seat_count": N_("number of seats"),
    "game_options": N_("game options"),
}
"""The settings scene's words for each field, for messages (translated where shown)."""


def config_folder() -> Path:
    """The settings folder (created on demand); :class:`SaveError` when it cannot be."""
    return make_folder(folders.config_path(), _("Settings will not be kept"))


def config_path() -> Path:
    return folders.adopt(config_folder(), "settings.json")


def load_settings(path: Path | None = None) -> Settings:
    """Read the settings file; never raises (defaults plus ``problem`` on damage)."""
    if path is None:
        try:
            path = config_path()
        except SaveError as err:
            return Settings(problem=str(err))
    try:
        if not path.exists() and not path.is_symlink():
            return Settings()
        data = json.loads(
            read_text(path, SETTINGS_BYTES, kind="settings"),
            parse_constant=lambda name: float("nan"),
        )
    except SaveError as err:
        return _damaged(
            path,
            Settings(),
            _("Your settings could not be read ({reason})").format(reason=str(err).rstrip(".")),
        )
    except (ValueError, RecursionError) as err:
        return _damaged(
            path,
            Settings(),
            _("Your settings file could not be read ({reason})").format(reason=_why(err)),
        )
    if not isinstance(data, dict):
        return _damaged(
            path, Settings(), _("Your settings file could not be read (it holds no settings)")
        )
    values, bad = {}, []
    for f in fields(Settings):
        if f.name not in CHECKS or f.name not in data:
            continue
        value = CHECKS[f.name](data[f.name])
        if value is None:
            bad.append(_(LABELS[f.name]))
        else:
            values[f.name] = value
    settings = Settings(**values)
    if bad:
        return _damaged(
            path,
            settings,
            _("Some settings were damaged ({names})").format(names=", ".join(bad)),
            repaired=True,
        )
    return settings


def _why(err: Exception) -> str:
    if isinstance(err, RecursionError):
        return _("it is nested too deeply")
    if isinstance(err, json.JSONDecodeError):
        from engine.json_text import json_problem  # not at start: the first frame waits on it

        return json_problem(err)
    return _("it holds a number too long to be read")


def _damaged(path: Path, settings: Settings, what: str, repaired: bool = False) -> Settings:
    """Keep the damaged file as ``NAME.damaged``, write ``settings`` in its place when some
    fields were good, and set ``settings.problem`` to one sentence."""
    kept = path.with_name(path.name + ".damaged")
    try:
        path.replace(kept)
        where = _("the old file was kept as {name}").format(name=kept.name)
    except OSError:
        where = _("the old file was left as it was")
    if repaired:
        try:
            save_settings(settings, path)
        except SaveError:
            pass
    settings.problem = (
        _("{what}; defaults are used for them and {where}.")
        if repaired
        else _("{what}; defaults are used and {where}.")
    ).format(what=what, where=where)
    return settings


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically; raises ``SaveError`` if the disk (or folder) refuses."""
    data = asdict(settings)
    data.pop("problem", None)
    data.pop("this_run", None)
    for name, (stored, given) in settings.this_run.items():
        if data.get(name) == given:
            data[name] = stored
    data["window_size"] = list(settings.window_size)
    data["player_names"] = list(settings.player_names)
    data["seat_kinds"] = list(settings.seat_kinds)
    write_atomic(path or config_path(), json.dumps(data, indent=1) + "\n")


__all__ = [
    "Settings",
    "load_settings",
    "save_settings",
    "ANIMATION_SPEEDS",
    "WINDOW_SIZES",
    "UI_SCALES",
    "SaveError",
]
