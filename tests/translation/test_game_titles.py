"""Game titles follow one rule on every screen (issue 23): the name the catalogue gives in the
language, which is the published page's name where a page in that language gives one (Russian
«Сойти с рельсов», Japanese 「ダイスド・トマト」) and the English published name elsewhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import translation
from engine import registry

ROOT = Path(__file__).resolve().parents[2]

PUBLISHED = {
    "ru": {"off-the-rails": "Сойти с рельсов"},
    "es": {},
    "ja": {"diced-tomatoes": "ダイスド・トマト"},
}
"""The names the published pages (/work/shared/seeds) give; every other title stays English."""


_TITLE = re.compile(r"(?P<wrap>_\()?[\w.]*\b(?:spec|registry\.get\([^)]*\))\.title\b")


def _bare_title(line: str) -> bool:
    """True when ``line`` shows a registry title without translating it."""
    return any(match.group("wrap") is None for match in _TITLE.finditer(line))


@pytest.mark.parametrize("language", translation.LANGUAGES[1:])
def test_each_title_is_the_published_name_in_the_language(language):
    table = translation.translations(language)
    for spec in registry.games():
        wanted = PUBLISHED[language].get(spec.id, spec.title)
        assert table.gettext(spec.title) == wanted, (language, spec.id)


def test_every_screen_shows_the_title_through_the_catalogue():
    """No screen shows a game's registry title as it is (``spec.title``,
    ``registry.get(...).title``) without ``_()``."""
    found = []
    for path in [ROOT / "main.py", *sorted((ROOT / "scenes").rglob("*.py"))]:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if _bare_title(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []


def test_the_title_check_sees_a_bare_title():
    assert _bare_title('games = " · ".join(spec.title for spec in games)')
    assert _bare_title("return registry.get(game_id).title")
    assert not _bare_title('games = " · ".join(_(spec.title) for spec in games)')
    assert not _bare_title("heading(surface, _(self.match.spec.title), top=20)")
