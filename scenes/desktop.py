"""What makes the program look like a desktop application on Linux: the X11 window class and a
desktop entry with the icon, so menus, docks and task bars show its name and icon.

The window class is ``tabletop-trio`` (``SDL_VIDEO_X11_WMCLASS``, set before the window opens) and
matches ``StartupWMClass`` in the entry. ``tabletop-trio --install-desktop-entry`` writes
``tabletop-trio.desktop`` into ``$XDG_DATA_HOME/applications`` and the icon PNGs into
``$XDG_DATA_HOME/icons/hicolor/SIZE/apps``; the icon is drawn by code (:mod:`sprites.icon`),
so these files are made by that command, never kept in the repository.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import MutableMapping
from pathlib import Path

APP_ID = "tabletop-trio"
ICON_SIZES = (48, 64, 128, 256)


def set_window_class() -> None:
    """Before the video system starts: name the X11 window class (set outright: importing
    pygame already set it to the script's name, ``main.py``), and on Windows declare the
    process per-monitor DPI aware (SDL's hint), so the system does not blur the window by
    scaling its bitmap; a value the player set wins."""
    os.environ["SDL_VIDEO_X11_WMCLASS"] = APP_ID
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
    use_plain_framebuffer()


def use_plain_framebuffer(
    environment: MutableMapping[str, str] = os.environ, platform: str = sys.platform
) -> None:
    """On Linux, send the window's picture to the screen by shared memory (MIT-SHM) rather than
    through an OpenGL texture (SDL's ``SDL_FRAMEBUFFER_ACCELERATION``), unless the player set it.
    Where OpenGL is drawn in software (a virtual machine, a remote desktop, no graphics driver)
    the texture cost half a core at 60 fps in Mesa's threads and frames of 27–47 ms at p99 while
    a bot thought; by shared memory 20–22 ms (bench/frames). Windows already copies the picture
    plainly; macOS and Wayland have only the texture."""
    if platform.startswith("linux"):
        environment.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


def fits_desktop(size: tuple, desktop: tuple | None) -> bool:
    """Whether a ``size`` window (pixels) fits a desktop of ``desktop`` pixels; an unknown
    desktop (None, or zero as some drivers report) takes any size."""
    if not desktop or desktop[0] <= 0 or desktop[1] <= 0:
        return True
    return size[0] <= desktop[0] and size[1] <= desktop[1]


def fit_to_desktop(size: tuple, desktop: tuple | None, minimum: tuple) -> tuple:
    """``size`` as it is when it fits a desktop of ``desktop`` pixels, else shrunk to leave
    room for panels and the title bar (96 % of its width, 90 % of its height), keeping the
    shape of the table; never below ``minimum``. ``desktop`` None (unknown) keeps ``size``."""
    if desktop is None or fits_desktop(size, desktop):
        return tuple(size)
    room = (int(desktop[0] * 0.96), int(desktop[1] * 0.90))
    factor = min(1.0, room[0] / size[0], room[1] / size[1])
    return (max(minimum[0], int(size[0] * factor)), max(minimum[1], int(size[1] * factor)))


def sizes_to_offer(sizes, desktop: tuple | None, current: tuple, minimum: tuple) -> list:
    """The window sizes (``(width, height)`` pixels) the settings offer, smallest first: those
    of ``sizes`` that fit the ``desktop`` (:func:`fits_desktop`), ``minimum`` always (a window
    is never smaller), and ``current`` — the size in use — even when it does not fit, so the
    setting shows it."""
    offered = {tuple(size) for size in sizes if fits_desktop(size, desktop)}
    offered |= {tuple(minimum), tuple(current)}
    return sorted(offered, key=lambda size: (size[0] * size[1], size))


def command() -> str:
    """How a desktop entry starts the program: the installed ``tabletop-trio`` when it is on
    the PATH, else this Python running this main.py."""
    found = shutil.which(APP_ID)
    parts = (
        [found]
        if found
        else [sys.executable, str(Path(__file__).resolve().parent.parent / "main.py")]
    )
    return " ".join(quote(part) for part in parts)


def quote(argument: str) -> str:
    """An Exec argument, double-quoted (with \\ " ` $ escaped) when it holds a space or
    one of the characters the Desktop Entry spec reserves."""
    if not any(c in argument for c in " \t\"'\\><~|&;$*?#()`"):
        return argument
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in argument)
    return f'"{escaped}"'


def entry_text(exec_line: str) -> str:
    """The ``.desktop`` file (freedesktop.org Desktop Entry 1.5) starting ``exec_line``."""
    return "\n".join(
        [
            "[Desktop Entry]",
            "Type=Application",
            "Version=1.5",
            "Name=Tabletop Trio",
            "GenericName=Board games",
            "Comment=Potion Explosion, Off the Rails, Diced Tomatoes and Tea Time against bots "
            "or friends",
            f"Exec={exec_line}",
            f"Icon={APP_ID}",
            "Terminal=false",
            "Categories=Game;BoardGame;",
            f"StartupWMClass={APP_ID}",
            "",
        ]
    )


def data_home() -> Path:
    """The user's data folder: ``$XDG_DATA_HOME``, else ``~/.local/share``."""
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def install_entry(folder: Path | None = None) -> list[Path]:
    """Write the desktop entry and the icons under ``folder`` (default ``$XDG_DATA_HOME``);
    returns the files written. Raises OSError (or ``pygame.error``) when they cannot be."""
    from sprites.icon import save_png

    root = Path(folder) if folder is not None else data_home()
    written = []
    for size in ICON_SIZES:
        path = root / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        save_png(path, size)
        written.append(path)
    entry = root / "applications" / f"{APP_ID}.desktop"
    entry.parent.mkdir(parents=True, exist_ok=True)
    entry.write_text(entry_text(command()), encoding="utf-8")
    written.append(entry)
    return written
