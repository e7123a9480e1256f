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
program runs). Until a language's catalogue exists the English text is returned unchanged.

The package is not called ``i18n``: that name belongs to python-i18n, which pygame_gui imports;
a package of ours by that name would hide it (and clash with it when installed).

Public names: ``_``, ``ngettext``, ``N_``, :func:`set_language`, :func:`current_language`,
:data:`LANGUAGES`.
"""
from __future__ import annotations

import gettext

LANGUAGES: tuple[str, ...] = ("en", "ru", "es", "ja")
"""The languages the program speaks, as ISO 639-1 codes; the first is the fallback."""

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def set_language(code: str) -> None:
    """Switch every later ``_`` call to the language ``code`` (one of :data:`LANGUAGES`).

    Raises ValueError for a code not in :data:`LANGUAGES`."""
    global _translations, _language
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; expected one of {', '.join(LANGUAGES)}")
    _translations = gettext.NullTranslations()
    _language = code


def current_language() -> str:
    """The code of the language in use (one of :data:`LANGUAGES`)."""
    return _language


def _(message: str) -> str:
    """``message`` (an English source string) in the current language."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a counted message for ``count`` in the current language (Russian has three)."""
    return _translations.ngettext(singular, plural, count)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it (translate later with ``_``)."""
    return message
