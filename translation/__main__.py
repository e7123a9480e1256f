"""``python -m translation``: extract the messages from the code and update every catalogue.

1. ``pybabel extract`` writes the template ``translation/locale/messages.pot`` from the calls of
   ``_``, ``ngettext``, ``pgettext``, ``N_`` and ``NP_`` in the program's packages (file names
   only, no line numbers, so a moved line does not change the catalogues; sorted, so merges
   stay small).
2. ``pybabel update`` (or ``init`` for a new language) brings each ``messages.po`` in line with the
   template: new messages arrive empty, changed ones fuzzy (shown in English until a translator
   checks them), messages gone from the code are dropped.

Run it from the repository root after marking or changing strings, then translate what is new
(``tests/translation`` lists what is missing).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, write_po

from translation import DOMAIN, LANGUAGES, LOCALE_DIR, catalogue_path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("main.py", "engine", "scenes", "saves", "sprites", "sound", "translation", "net")
"""What is searched for messages (tests and benches show nothing to a player)."""
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
PLURAL_FORMS = {"es": "nplurals=2; plural=(n != 1);"}
"""Plural rules to use instead of Babel's CLDR ones: CLDR gives Spanish a third form for
millions ("1 000 000 de canicas") that no message here needs."""


def pybabel(*arguments: str) -> None:
    """Run one ``pybabel`` command (exits on its failure)."""
    CommandLineInterface().run(["pybabel", "-q", *arguments])


def set_plural_forms(path: Path, code: str, rule: str) -> None:
    """Give the catalogue at ``path`` the plural ``rule`` ("nplurals=2; plural=(n != 1);")."""
    with path.open("rb") as po_file:
        catalogue = read_po(po_file, locale=code)
    headers = [
        (name, rule if name == "Plural-Forms" else value) for name, value in catalogue.mime_headers
    ]
    catalogue.mime_headers = headers
    with path.open("wb") as po_file:
        write_po(po_file, catalogue, ignore_obsolete=True)


def extract() -> None:
    """Write the template from the sources (run in :data:`ROOT`)."""
    pybabel(
        "extract",
        "-F",
        str(Path(__file__).with_name("babel.cfg")),
        "-k",
        "N_",
        "-k",
        "NP_:1c,2",
        "--add-location=file",
        "--sort-output",
        "--project=Tabletop Trio",
        "--copyright-holder=Tabletop Trio",
        "-c",
        "TRANSLATORS:",
        "-o",
        str(TEMPLATE),
        *SOURCES,
    )


def main() -> int:
    """Extract the template and update (or create) every language's catalogue; returns 0
    (a pybabel failure exits)."""
    # from the project's folder, with relative paths: the locations' line wrapping must not
    # depend on where the project lies (a longer folder rewrapped the whole template)
    before = Path.cwd()
    os.chdir(ROOT)
    try:
        extract()
    finally:
        os.chdir(before)
    for code in LANGUAGES[1:]:
        command = "update" if catalogue_path(code).exists() else "init"
        extra = ("--ignore-obsolete", "--ignore-pot-creation-date") if command == "update" else ()
        pybabel(
            command, "-D", DOMAIN, "-i", str(TEMPLATE), "-d", str(LOCALE_DIR), "-l", code, *extra
        )
        if code in PLURAL_FORMS:
            set_plural_forms(catalogue_path(code), code, PLURAL_FORMS[code])
    return 0


if __name__ == "__main__":
    sys.exit(main())
