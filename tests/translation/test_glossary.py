"""The glossaries (issue 41): ``translation/glossary/<code>.md`` lists every game term with the word
the published page uses, and the catalogues keep to it. Where a term's English word appears in a
message of its game, the translation holds the glossary's word (one of the stems in the
glossary's check column, so that "стебель" is found in «стебля» and «стеблей»)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import translation
from engine import registry

GAME_TITLES = tuple(spec.title for spec in registry.games())
GLOSSARIES = Path(translation.__file__).resolve().parent / "glossary"
TRANSLATED = translation.LANGUAGES[1:]
EVERY_GAME = "Every game"
"""The section whose terms hold in every message, not in one game's."""


@dataclass(frozen=True)
class Term:
    """One row: the English words, the translation's word, the stems a translation must hold
    (empty when the row is listed but not checked; a stem with a capital letter is matched as
    written, one in lower case in any case) and the game (folder name) it belongs to."""

    english: tuple
    word: str
    stems: tuple
    game: str
    line: int


def _cells(line: str) -> list:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _plain(text: str) -> str:
    """A cell without its notes: "clean a vine (karma 3)" → "clean a vine"."""
    return re.sub(r"\([^)]*\)", "", text).replace("*", "").strip()


def glossary(code: str, path: Path | None = None) -> list:
    """The terms of the glossary of ``code``: a Markdown table ``| English | word | check |
    source |``; a row with a bold English cell (``**Diced Tomatoes**``) starts a game's terms."""
    path = path or GLOSSARIES / f"{code}.md"
    terms = []
    game = ""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.startswith("|") or set(line) <= set("|-: "):
            continue
        cells = _cells(line)
        if len(cells) != 4 or cells[0] == "English":
            continue
        english, word, check = cells[0], cells[1], cells[2]
        if english.startswith("**"):
            title = english.strip("*").strip()
            game = "" if title == EVERY_GAME else title.lower().replace(" ", "_")
        stems = tuple(stem.strip() for stem in check.split("/") if stem.strip() not in ("", "—"))
        names = tuple(name for name in (_plain(part) for part in english.split(",")) if name)
        terms.append(Term(names, word, stems, game, number))
    return terms


def exemptions(code: str, path: Path | None = None) -> set:
    """The messages a glossary lets go without a term, as (term, msgid): lines such as
    ``- vine: `Clean vine` — the button stands by the chosen vine`` below the table."""
    path = path or GLOSSARIES / f"{code}.md"
    found = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        match = re.match(r"- ([^:`]+): `([^`]+)`", line)
        if match:
            found.add((match[1].strip(), match[2]))
    return found


def _pattern(english: str) -> re.Pattern:
    """The English words as they appear in a message: whole words, the last one also with a
    plural ending ("vine" finds "vines", not "divine")."""
    words = r"\s+".join(re.escape(word) for word in english.split())
    return re.compile(rf"(?<![\w-]){words}(?:s|es)?(?![\w-])", re.IGNORECASE)


def _holds(text: str, stem: str) -> bool:
    """Whether ``text`` holds ``stem``: in any case when the stem is written in lower case, as
    written when it has a capital («ПО», the victory points, is not «по»)."""
    return stem in (text.lower() if stem.islower() else text)


def _forms(value) -> tuple:
    return value if isinstance(value, tuple) else (value,)


def _catalogue(code: str):
    with open(translation.catalogue_path(code), "rb") as po_file:
        return read_po(po_file)


def _of_game(message, game: str) -> bool:
    return not game or any(f"/{game}/" in f"/{path}" for path, _line in message.locations)


def violations(code: str, terms: list, exempt: set = frozenset()) -> list:
    """Each message of a term's game whose English holds the term but whose translation holds
    none of its stems, as "line N (term): msgid → msgstr". Placeholders and game titles are not
    words of a message; a word the translation keeps as it is (a notation field, "vines=") is
    kept."""
    checked = [(term, [_pattern(name) for name in term.english]) for term in terms if term.stems]
    found = []
    for message in _catalogue(code):
        if not message.id:
            continue
        english = " ".join(_forms(message.id))
        words = re.sub(r"\{[^}]*\}", "…", english)
        for title in GAME_TITLES:  # a name, not its words: "Potion Explosion" is no potion
            words = words.replace(title, "…")
        forms = [form for form in _forms(message.string) if form]
        key = _forms(message.id)[0]
        for term, patterns in checked:
            if (term.english[0], key) in exempt:
                continue
            if not _of_game(message, term.game):
                continue
            matches = [match[0] for pattern in patterns for match in pattern.finditer(words)]
            if not matches:
                continue
            missing = [
                form
                for form in forms
                if not any(_holds(form, stem) for stem in term.stems)
                and not any(match in form for match in matches)
            ]
            if missing:
                found.append(
                    f"line {term.line} ({', '.join(term.english)} → {term.word}): "
                    f"{english!r} → {missing[0]!r}"
                )
    return found


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_language_has_a_glossary_of_the_games_terms(code):
    terms = glossary(code)
    games = {term.game for term in terms}
    assert {"diced_tomatoes", "potion_explosion", "off_the_rails", "tea_time"} <= games
    assert sum(1 for term in terms if term.stems) >= 40, "most terms are checked"


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.long
def test_the_catalogue_keeps_to_the_glossary(code):
    """E.g. Japanese "clean a vine" is 「つるを綺麗にする」 (the page's words), so no Japanese
    message about cleaning a vine says 「掃除」."""
    found = violations(code, glossary(code), exemptions(code))
    assert not found, "\n".join(found)


def test_a_term_is_found_in_its_own_game_only(tmp_path):
    """The same English word is a different term in another game ("track": a dispenser's lane in
    Potion Explosion, a rail in Off the Rails), and a word inside another is not the term."""
    page = tmp_path / "xx.md"
    page.write_text(
        "| English | Word | Check | Source |\n|---|---|---|---|\n"
        "| **Potion Explosion** | Potion Explosion | — | ours |\n"
        "| track | Spur | spur | ours |\n",
        encoding="utf-8",
    )
    (term,) = [term for term in glossary("ru", page) if term.stems]
    assert term.game == "potion_explosion" and term.english == ("track",)
    assert _pattern("track").search("from track {track}")
    assert _pattern("vine").search("Your vines")
    assert not _pattern("vine").search("divine")
    assert not _pattern("cart").search("minecart")
