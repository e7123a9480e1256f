"""Where the fonts are: the files of every language and script, found without importing
pygame_gui (the first frame is drawn before it loads; :mod:`scenes.window`).

:mod:`scenes.fonts` says how the files make a chain that has every glyph.
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path


def _package_folder(name: str) -> Path:
    """The folder of the installed package ``name``, found without running its code."""
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise ImportError(f"{name} is not installed")
    return Path(list(spec.submodule_search_locations)[0])


FONT_DIR = _package_folder("pygame_gui") / "data"
FONT_REGULAR = FONT_DIR / "NotoSans-Regular.ttf"
FONT_BOLD = FONT_DIR / "NotoSans-Bold.ttf"
FONTS = {
    "en": (FONT_REGULAR, FONT_BOLD),
    "ru": (FONT_REGULAR, FONT_BOLD),  # Noto Sans has Latin, Cyrillic and Greek
    "es": (FONT_REGULAR, FONT_BOLD),
    "ja": (FONT_DIR / "NotoSansJP-Regular.otf", FONT_DIR / "NotoSansJP-Bold.otf"),
    "zh": (FONT_DIR / "NotoSansSC-Regular.otf", FONT_DIR / "NotoSansSC-Bold.otf"),
    "ko": (FONT_DIR / "NotoSansKR-Regular.ttf", FONT_DIR / "NotoSansKR-Bold.ttf"),
}
"""Language or script code -> (regular, bold) font files, all shipped with pygame_gui. The
interface languages are en, ru, es and ja; "zh" (simplified Chinese) and "ko" (Hangul) are only
the fonts of names typed in those scripts. Noto Sans JP also covers Latin letters, digits,
Cyrillic and the punctuation and symbols the texts use."""


def font_file(bold: bool = False, language: str = "en") -> Path:
    """The font file of ``language`` (or script code), regular or bold."""
    return FONTS[language][1 if bold else 0]


@functools.lru_cache(maxsize=16)
def usable_font(path: Path, regular: Path = FONT_REGULAR, bold: Path = FONT_BOLD) -> Path | None:
    """``path``, or Noto Sans (``bold`` for a bold file, else ``regular``) where ``path`` is
    missing, or None: pygame's own font."""
    for candidate in (path, bold if "Bold" in path.name else regular, regular):
        if candidate.is_file():
            return candidate
    return None
