"""Player settings, stored as JSON in ``platformdirs.user_config_path("tabletop-trio")``.

A missing or damaged settings file gives the defaults (the damaged file is kept as
``settings.json.damaged`` and the problem reported once in ``Settings.problem``).
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

import platformdirs

from saves.store import write_atomic, SaveError

ANIMATION_SPEEDS = ("normal", "fast", "instant")
WINDOW_SIZES = ((1280, 800), (1440, 900), (1600, 1000), (1024, 640))
SPEED_FACTORS = {"normal": 1.0, "fast": 0.45, "instant": 0.0}


VOLUME_RANGE = (0, 100)
"""The master volume, in percent."""


@dataclass
class Settings:
    """What the settings scene edits. ``window_size`` is (width, height) in pixels;
    ``master_volume`` is percent (0–100) of full loudness; ``sound_effects`` off (or M) mutes."""

    animation_speed: str = "normal"
    fullscreen: bool = False
    window_size: tuple = (1280, 800)
    pass_screen: bool = True
    colorblind_patterns: bool = False
    bot_budget: float = 1.5
    master_volume: int = 80
    sound_effects: bool = True
    problem: str | None = field(default=None, compare=False)

    @property
    def speed_factor(self) -> float:
        """Multiplier for animation durations: 1 normal, 0.45 fast, 0 instant."""
        return SPEED_FACTORS[self.animation_speed]


def _master_volume(value):
    """The volume (a whole percent in :data:`VOLUME_RANGE`), or None when it is damaged."""
    if (isinstance(value, int) and not isinstance(value, bool)
            and VOLUME_RANGE[0] <= value <= VOLUME_RANGE[1]):
        return value
    return None


def config_path() -> Path:
    folder = platformdirs.user_config_path("tabletop-trio")
    folder.mkdir(parents=True, exist_ok=True)
    return folder / "settings.json"


def load_settings(path: Path | None = None) -> Settings:
    """Read the settings file; never raises (defaults plus ``problem`` on damage)."""
    path = path or config_path()
    if not path.exists():
        return Settings()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        known = {f.name for f in fields(Settings)} - {"problem"}
        values = {k: v for k, v in data.items() if k in known}
        if "window_size" in values:
            values["window_size"] = tuple(int(x) for x in values["window_size"])
        settings = Settings(**values)
        if settings.animation_speed not in ANIMATION_SPEEDS:
            raise ValueError(f"unknown animation speed {settings.animation_speed!r}")
        if _master_volume(settings.master_volume) is None:
            raise ValueError(f"the volume must be a whole percent from 0 to 100, "
                             f"not {settings.master_volume!r}")
        if not isinstance(settings.sound_effects, bool):
            raise ValueError(f"sound effects are on or off (true or false), "
                             f"not {settings.sound_effects!r}")
        w, h = settings.window_size
        if w < 1024 or h < 640:
            settings.window_size = (max(w, 1024), max(h, 640))
        return settings
    except (ValueError, TypeError, AttributeError, OSError) as err:
        try:
            path.replace(path.with_name(path.name + ".damaged"))
        except OSError:
            pass
        return Settings(problem=f"Your settings file could not be read ({err}); "
                                f"defaults are used and the old file was kept as "
                                f"{path.name}.damaged.")


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically; raises ``SaveError`` if the disk refuses."""
    data = asdict(settings)
    data.pop("problem", None)
    data["window_size"] = list(settings.window_size)
    write_atomic(path or config_path(), json.dumps(data, indent=1) + "\n")


__all__ = ["Settings", "load_settings", "save_settings", "ANIMATION_SPEEDS", "WINDOW_SIZES",
           "SaveError"]
