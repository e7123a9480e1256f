"""Rendered sounds kept as WAV files in the user's cache folder, so they are made only once.

The folder is ``platformdirs.user_cache_path("tabletop-trio") / "sounds" / VERSION`` where
VERSION is :func:`sound.library.version` (a hash of the synthesis code): a new recipe renders
anew, and folders of other versions are removed. Each variant is ``NAME-sSTEP-vVARIANT.wav``;
``index.json`` lists every file with its SHA-256, written last. A file that is missing, damaged
or not in the index is rendered again and rewritten. A folder that cannot be created or written
is no error: the sounds are rendered in memory and nothing is kept. Nothing here touches pygame;
the board calls it from its loader thread.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
from pathlib import Path

import platformdirs

from sound import library, synth

INDEX = "index.json"
VERSION_NAME = re.compile(r"^[0-9a-f]{12}$")


def default_folder() -> Path:
    """Where this version's WAV files live (not created here)."""
    return (
        platformdirs.user_cache_path("tabletop-trio", appauthor=False)
        / "sounds"
        / library.version()
    )


def file_name(name: str, step: int, variant: int) -> str:
    """The WAV file of one variant: ``NAME-sSTEP-vVARIANT.wav``."""
    return f"{name}-s{step}-v{variant}.wav"


class SoundCache:
    """Gives the WAV bytes of each sound variant, from the folder when a valid copy is there,
    otherwise rendered (and stored when the folder allows). ``folder`` None keeps nothing."""

    def __init__(self, folder: Path | None):
        self.folder = folder
        self.index: dict[str, str] = {}
        self.changed = False
        self.rendered = 0
        """How many variants had to be rendered (0 when everything came from the cache)."""
        self.writable = folder is not None and self._prepare()

    def _prepare(self) -> bool:
        if self.folder is None:
            return False
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return False
        try:
            data = json.loads((self.folder / INDEX).read_text(encoding="utf-8"))
            if isinstance(data, dict):
                self.index = {
                    k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)
                }
        except (OSError, ValueError):
            self.index = {}
        self._drop_other_versions()
        return True

    def _drop_other_versions(self) -> None:
        if self.folder is None:
            return
        try:
            for other in self.folder.parent.iterdir():
                if other != self.folder and other.is_dir() and VERSION_NAME.match(other.name):
                    shutil.rmtree(other, ignore_errors=True)
        except OSError:
            pass

    def missing(self, keys) -> list:
        """The (name, step, variant) keys with no file listed in the index (a quick look: the
        files' checksums are checked when they are read)."""
        if self.folder is None:
            return list(keys)
        return [
            key
            for key in keys
            if file_name(*key) not in self.index or not (self.folder / file_name(*key)).is_file()
        ]

    def wav(self, name: str, step: int = 1, variant: int = 0) -> bytes:
        """The WAV file of one variant (mono, 16-bit, :data:`sound.synth.RATE` Hz)."""
        cached = self._read(file_name(name, step, variant))
        if cached is not None:
            return cached
        data = synth.wav_bytes(library.render(name, variant, step))
        self.rendered += 1
        self._write(file_name(name, step, variant), data)
        return data

    def _read(self, file: str) -> bytes | None:
        if self.folder is None or file not in self.index:
            return None
        try:
            data = (self.folder / file).read_bytes()
        except OSError:
            return None
        if hashlib.sha256(data).hexdigest() != self.index[file]:
            return None
        try:
            synth.wav_body(data)  # the format and length; the checksum vouches for the samples
        except ValueError:
            return None
        return data

    def _write(self, file: str, data: bytes) -> None:
        if not self.writable or self.folder is None:
            return
        if _replace(self.folder / file, data):
            self.index[file] = hashlib.sha256(data).hexdigest()
        else:
            self.index.pop(file, None)
            self.writable = False
        self.changed = True

    def finish(self) -> None:
        """Write the index when files were added (never raises)."""
        if self.changed and self.folder is not None:
            _replace(self.folder / INDEX, json.dumps(self.index, indent=0).encode())
            self.changed = False


def _replace(path: Path, data: bytes) -> bool:
    """Write ``data`` to ``path`` through a temporary file; False when the disk refuses."""
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    try:
        tmp.write_bytes(data)
        os.replace(tmp, path)
        return True
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass
        return False
