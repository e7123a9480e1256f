"""What a crash leaves behind, cleaned when the program starts: temporary files of writes
that never finished and lock files of saves that are gone.

Every temporary file the program writes is ``.NAME.tmp-PID-N`` (saves, settings) or
``.NAME.tmp-PID`` (the sound cache) in the folder of the file it replaces: the number of the
process that wrote it says whether that write can still be going on.
"""

from __future__ import annotations

import os
import re
import stat
import time
from collections.abc import Iterable
from pathlib import Path

from saves import folders, locks

_TEMP_NAME = re.compile(r"^\..+\.tmp-(\d+)(?:-\d+)?$")


def clean_stray_files(places: Iterable[Path], min_age: float) -> int:
    """Clean ``places`` and every other folder the program writes (settings, the data folder
    with the statistics, the sound cache's folders); returns how many temporary files went
    (:func:`clean_folder`)."""
    places = [*places, folders.config_path(), folders.data_path()]
    try:  # the sound cache keeps a folder per version of its sounds
        sounds = folders.cache_path() / "sounds"
        places += [inner for inner in sounds.iterdir() if inner.is_dir()]
    except OSError:
        pass
    return sum(clean_folder(place, min_age) for place in places)


def clean_folder(folder: Path, min_age: float) -> int:
    """Delete ``folder``'s temporary files whose process is gone, whatever their age, and
    those of a running process (another copy writing right now) only when ``min_age`` seconds
    old (a write takes milliseconds; the number may belong to a new process by now); then the
    stale lock files (:func:`saves.locks.clean_stale`). Returns how many temporary files went;
    never raises."""
    try:
        entries = list(folder.iterdir())
    except OSError:
        return 0
    count = 0
    now = time.time()
    for path in entries:
        found = _TEMP_NAME.match(path.name)
        if not found:
            continue
        try:
            info = path.lstat()
            abandoned = not process_alive(int(found.group(1)))
            old = min_age <= 0 or now - info.st_mtime >= min_age
            if stat.S_ISREG(info.st_mode) and (abandoned or old):
                path.unlink()
                count += 1
        except (OSError, ValueError):
            pass
    locks.clean_stale(folder)
    return count


def process_alive(pid: int) -> bool:
    """Whether process ``pid`` runs (True where it cannot be told: the age rule then)."""
    if pid == os.getpid() or os.name != "posix":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True
    return True
