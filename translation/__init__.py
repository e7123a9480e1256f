"""The translation system: every string a player reads goes through here.

Usage, in any module that shows text to a player (engine refusals and event sentences included)::

    from translation import _, ngettext, N_

    _("End turn")                                   # a fixed string
    _("{name} takes {count} marbles").format(name=name, count=count)   # placeholders: named,
                                                    # formatted AFTER translation, never an f-string
    ngettext("{count} marble", "{count} marbles", count).format(count=count)
    TITLES = {"easy": N_("Easy")}                   # marked for extraction, translated at use:
    _(TITLES[level])

``_`` looks the message up in the current language's catalogue when it is called, so a string must
be translated where it is shown, not once at import time (the language can change while the
program runs).

Catalogues are GNU gettext ``.po`` files, one per language, in
``translation/locale/<code>/LC_MESSAGES/messages.po``; the template
``translation/locale/messages.pot`` is extracted from the code with Babel (``python -m
translation`` extracts it and updates every ``.po``). No compiled ``.mo`` file is kept in the
repository or written at install: the first time a language is chosen its ``.po`` is read with
Babel's reader and compiled in memory into a standard :class:`gettext.GNUTranslations`, so the
catalogue a player sees is always the one in the tree. The language's plural rule comes from the
``Plural-Forms`` header (Russian has three forms, Japanese one). A fuzzy or untranslated entry
shows the English text.

The package is not called ``i18n``: that name belongs to python-i18n, which pygame_gui imports;
a package of ours by that name would hide it (and clash with it when installed).

Public names: ``_``, ``ngettext``, ``N_``, :func:`set_language`, :func:`current_language`,
:func:`pgettext`, :data:`LANGUAGES`, :data:`LANGUAGE_NAMES`, :func:`system_language`,
:func:`catalogue_path`, :func:`translations`.
"""

from __future__ import annotations

import gettext
import io
import os
from pathlib import Path

LANGUAGES: tuple[str, ...] = ("en", "ru", "es", "ja")
"""The languages the program speaks, as ISO 639-1 codes; the first is the fallback."""

LANGUAGE_NAMES: dict[str, str] = {"en": "English", "ru": "Русский", "es": "Español", "ja": "日本語"}
"""Each language's name in itself (what the settings list shows, whatever language is on)."""

DOMAIN = "messages"
LOCALE_DIR = Path(__file__).with_name("locale")
"""Where the catalogues live: ``LOCALE_DIR / code / "LC_MESSAGES" / "messages.po"``."""

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"
_loaded: dict[str, gettext.NullTranslations] = {}
"""Compiled catalogues by language code (reading a ``.po`` takes a few milliseconds)."""


def catalogue_path(code: str) -> Path:
    """The ``.po`` file of language ``code`` (English has none: it is the source)."""
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def translations(code: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``code``: a :class:`gettext.GNUTranslations` read from its
    ``.po`` (fuzzy entries left out), or a pass-through for English and for a language whose
    file is missing. Raises ValueError for a code not in :data:`LANGUAGES`."""
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; expected one of {', '.join(LANGUAGES)}")
    if code not in _loaded:
        _loaded[code] = _compile(code)
    return _loaded[code]


def _compile(code: str) -> gettext.NullTranslations:
    """The catalogue of ``code`` compiled: from the cache when this very ``.po`` was compiled
    before (a start in Russian read it with Babel in ~0.2 s), else read with Babel, compiled,
    and kept in the cache for the next start."""
    path = catalogue_path(code)
    if code == LANGUAGES[0] or not path.exists():
        return gettext.NullTranslations()
    source = path.read_bytes()
    cached = _cache_path(code, source)
    if cached is not None:
        try:
            return gettext.GNUTranslations(io.BytesIO(cached.read_bytes()))
        except (OSError, ValueError, KeyError, UnicodeDecodeError):  # missing or damaged
            pass
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    catalogue = read_po(io.BytesIO(source), locale=code, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalogue, use_fuzzy=False)
    if cached is not None:
        _keep(cached, compiled.getvalue())
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def _cache_path(code: str, source: bytes) -> Path | None:
    """Where the compiled catalogue of this exact ``.po`` is kept (named by its hash, so an
    edited catalogue is compiled again), or None when there is no cache folder."""
    import hashlib

    try:
        from platformdirs import user_cache_path

        folder = user_cache_path("tabletop-trio") / "catalogues"
    except Exception:  # noqa: BLE001 - no cache folder: compile every time, as before
        return None
    digest = hashlib.sha256(source).hexdigest()[:16]
    return folder / f"{code}-{digest}.mo"


def _keep(path: Path, data: bytes) -> None:
    """Write the compiled catalogue atomically; a folder that cannot be written is no error
    (the next start compiles again)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.tmp-{os.getpid()}")
        temporary.write_bytes(data)
        os.replace(temporary, path)
        language = path.name.split("-")[0]
        for old in path.parent.glob(f"{language}-*.mo"):
            if old != path:
                old.unlink(missing_ok=True)  # an older catalogue's compilation
    except OSError:
        pass


def set_language(code: str) -> None:
    """Switch every later ``_`` call to the language ``code`` (one of :data:`LANGUAGES`).

    Raises ValueError for a code not in :data:`LANGUAGES`."""
    global _translations, _language
    _translations = translations(code)
    _language = code


def current_language() -> str:
    """The code of the language in use (one of :data:`LANGUAGES`)."""
    return _language


def system_language(environ=None) -> str:
    """The language the system asks for, as gettext reads it (``LANGUAGE``, ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``; ``LANGUAGE`` may list several, ``ru:en``): the first one this
    program speaks, else English (``"C"``, ``"POSIX"`` and unknown languages)."""
    environ = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if not value:
            continue
        for item in value.split(":"):
            code = item.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
            if code in LANGUAGES:
                return code
        if variable != "LANGUAGE":
            break  # the first locale variable set decides, as in gettext
    return LANGUAGES[0]


def _(message: str) -> str:
    """``message`` (an English source string) in the current language."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a counted message for ``count`` in the current language (Russian has three)."""
    return _translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, as used in ``context`` (one English word may need
    different words elsewhere: ``pgettext("marbles", "red")`` is "красных" in "5 красных
    шариков", ``pgettext("a marble", "red")`` is "красный")."""
    return _translations.pgettext(context, message)


def sentences(*parts: str) -> str:
    """Whole sentences one after the other, as the current language writes them: a space
    between them in English, Russian and Spanish, none in Japanese (「…。…。」). Empty parts are
    left out."""
    shown = [part for part in parts if part]
    if not shown:
        return ""
    text = shown[0]
    for part in shown[1:]:
        # TRANSLATORS: two whole sentences one after the other; Japanese writes no space between
        text = _("{sentence} {next}").format(sentence=text, next=part)
    return text


def clause(sentence: str) -> str:
    """A whole sentence made a part of another, in brackets or before a semicolon: its own
    full stop left out, in any language ("…column 10." → "…column 10", "…です。" → "…です"),
    so no sentence reads "(…column 10.); the move was ignored"."""
    return sentence.strip().rstrip(".。")


def decimal(value: float, digits: int = 1) -> str:
    """``value`` with ``digits`` decimals as the current language writes it ("1.5" in English,
    "1,5" in Russian and Spanish), by Babel's locale data."""
    from babel.numbers import format_decimal

    return format_decimal(value, format="0." + "0" * digits, locale=_language)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it (translate later with ``_``)."""
    return message


def NP_(context: str, message: str) -> str:
    """Mark ``message`` in ``context`` for extraction without translating it (translate later
    with ``pgettext(context, message)``)."""
    return message
