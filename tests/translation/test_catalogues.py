"""The catalogues (issue 23, "Tests and checks"): every message in the code has a translation in
each language, with the same placeholders; no catalogue holds a message the code no longer has;
every translation can be drawn with its language's font; the plural rules are the languages'
own."""

from __future__ import annotations

import string
import subprocess
import sys
from pathlib import Path

import pygame.freetype
import pytest
from babel.messages.pofile import read_po

import translation
from scenes import kit

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = translation.LOCALE_DIR / "messages.pot"
TRANSLATED = translation.LANGUAGES[1:]


def _catalogue(path):
    with open(path, "rb") as po_file:
        return read_po(po_file)


def _ids(catalogue) -> set:
    return {(message.context, message.id) for message in catalogue if message.id}


def _placeholders(text: str) -> set:
    """The named fields of a ``str.format`` pattern: ``{name}``, ``{count}``, ``{item!r}``."""
    return {
        (field, conversion)
        for _literal, field, _spec, conversion in string.Formatter().parse(text)
        if field is not None
    }


@pytest.fixture(scope="module")
def template():
    return _catalogue(TEMPLATE)


@pytest.mark.long  # extracting every message of the code with Babel: ~3 CPU-s
def test_the_template_holds_every_message_of_the_code(tmp_path, template):
    """``python -m translation`` was run after the last change of a marked string: extracting again
    gives the same messages (so no .po misses one, see below)."""
    fresh = tmp_path / "messages.pot"
    subprocess.run(
        [
            sys.executable,
            "-c",
            "from babel.messages.frontend import main; main()",
            "-q",
            "extract",
            "-F",
            str(ROOT / "translation" / "babel.cfg"),
            "-k",
            "N_",
            "-k",
            "NP_:1c,2",
            "-o",
            str(fresh),
            *(
                str(ROOT / source)
                for source in (
                    "main.py",
                    "engine",
                    "scenes",
                    "saves",
                    "sprites",
                    "sound",
                    "translation",
                    "net",
                )
            ),
        ],
        check=True,
        cwd=ROOT,
    )
    assert _ids(_catalogue(fresh)) == _ids(template)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_and_nothing_else(language, template):
    catalogue = _catalogue(translation.catalogue_path(language))
    assert _ids(catalogue) == _ids(template), "run python -m translation"
    untranslated = [
        message.id
        for message in catalogue
        if message.id
        and (
            "fuzzy" in message.flags
            or not all(message.string if isinstance(message.string, tuple) else [message.string])
        )
    ]
    assert untranslated == []
    assert not catalogue.obsolete


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_the_placeholders(language):
    catalogue = _catalogue(translation.catalogue_path(language))
    wrong = []
    for message in catalogue:
        if not message.id or "fuzzy" in message.flags:  # a guess, unused: the test above
            continue
        sources = message.id if isinstance(message.id, tuple) else (message.id,)
        wanted = set().union(*(_placeholders(source) for source in sources))
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for form in filter(None, forms):  # untranslated: the test above says so
            got = _placeholders(form)
            # a counted message's form may use what the English singular or plural uses ("the
            # red marble" / "3 red marbles"), so each form takes a part of what both use
            if (got != wanted) if len(sources) == 1 else not got <= wanted:
                wrong.append((message.id, form))
        if (
            len(sources) == 2
            and all(forms)
            and set().union(*(_placeholders(form) for form in forms)) < _placeholders(sources[1])
        ):
            wrong.append((message.id, "the forms leave out what the plural says"))
    assert wrong == []


def test_plural_rules_are_the_languages_own():
    """Russian has three forms (1 шарик, 3 шарика, 5 шариков, 21 шарик), Spanish two,
    Japanese one."""
    forms = {language: translation.translations(language) for language in TRANSLATED}
    ru = forms["ru"]
    assert [
        ru.ngettext("{count} marble", "{count} marbles", n).format(count=n)
        for n in (1, 3, 5, 11, 21, 22)
    ] == ["1 шарик", "3 шарика", "5 шариков", "11 шариков", "21 шарик", "22 шарика"]
    es = forms["es"]
    assert [
        es.ngettext("{count} marble", "{count} marbles", n).format(count=n) for n in (1, 2, 1000000)
    ] == ["1 canica", "2 canicas", "1000000 canicas"]
    ja = forms["ja"]
    assert ja.ngettext("{count} marble", "{count} marbles", 1) == ja.ngettext(
        "{count} marble", "{count} marbles", 7
    )


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.long
def test_every_translation_has_its_glyphs_in_the_languages_font(language):
    """pygame-ce's font metrics name no glyph as missing, in the regular and the bold face."""
    pygame.freetype.init()
    catalogue = _catalogue(translation.catalogue_path(language))
    texts = [
        form
        for message in catalogue
        if message.id
        for form in (message.string if isinstance(message.string, tuple) else (message.string,))
    ]
    rules = translation.LOCALE_DIR.parent / "rules" / language
    texts += [path.read_text(encoding="utf-8") for path in sorted(rules.glob("*.md"))]
    for bold in (False, True):
        face = pygame.freetype.Font(str(kit.font_file(bold, language)), 16)
        missing = sorted(
            {
                ch
                for text in texts
                for ch, metric in zip(text, face.get_metrics(text))
                if metric is None and not ch.isspace()
            }
        )
        assert missing == [], (language, bold)


def test_every_english_text_has_its_glyphs_in_the_font_that_draws_it():
    """Play-test: the karma tooltip's "worth 1–2 → 1" showed a box for the arrow (Noto Sans has
    none). Text the tables draw (:func:`kit.text`) is set in the font :func:`kit.script_language`
    picks for it, which has every glyph of every English message."""
    pygame.freetype.init()
    template = _catalogue(translation.LOCALE_DIR / "messages.pot")
    texts = [text for message in template if message.id for text in _forms(message.id)]
    assert any("→" in text for text in texts)
    for bold in (False, True):
        faces = {
            language: pygame.freetype.Font(str(kit.font_file(bold, language)), 16)
            for language in ("en", "ja")
        }
        missing = set()
        for text in texts:
            face = faces[kit.script_language(text, "en")]
            missing |= {
                ch
                for ch, metric in zip(text, face.get_metrics(text))
                if metric is None and ch.strip()
            }
        assert missing == set(), bold


def _forms(message_id) -> tuple:
    return message_id if isinstance(message_id, tuple) else (message_id,)


def test_the_language_menu_font_has_every_languages_name():
    """The language menu lists each language in itself, so it uses Noto Sans JP (the theme's
    ``#set_language``), which has Latin, Cyrillic and Japanese."""
    pygame.freetype.init()
    face = pygame.freetype.Font(str(kit.font_file(False, "ja")), 16)
    names = "".join(translation.LANGUAGE_NAMES.values())
    assert None not in face.get_metrics(names)


def test_the_glyph_check_sees_a_missing_glyph():
    pygame.freetype.init()
    face = pygame.freetype.Font(str(kit.font_file(False, "ru")), 16)
    assert face.get_metrics("日")[0] is None


def test_system_language_follows_gettexts_variables():
    assert translation.system_language({"LANG": "ru_RU.UTF-8"}) == "ru"
    assert translation.system_language({"LANGUAGE": "de:es", "LANG": "de_DE.UTF-8"}) == "es"
    assert translation.system_language({"LC_ALL": "ja_JP.UTF-8", "LANG": "ru_RU.UTF-8"}) == "ja"
    assert translation.system_language({"LANG": "C.UTF-8"}) == "en"
    assert translation.system_language({"LANG": "fr_FR.UTF-8"}) == "en"
    assert translation.system_language({}) == "en"


def test_set_language_switches_at_once_and_refuses_unknown_codes():
    try:
        translation.set_language("ja")
        assert translation._("New game") != "New game"
        translation.set_language("en")
        assert translation._("New game") == "New game"
        with pytest.raises(ValueError):
            translation.set_language("fr")
    finally:
        translation.set_language("en")
