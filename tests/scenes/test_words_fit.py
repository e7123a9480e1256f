"""Every word fits, in a font that has it, in every language (issue 41).

Every screen — title, new game (each game, its puzzles), load, settings, rules, statistics —
and every table with what covers it — its column of buttons and top bar in the positions that
change them, with two seats and with the most the game takes, the pause menu (and its
save-name row), leaving, the hot-seat pass screen, the score sheet — is laid out in every
language at 1024 × 640 and at 1280 × 800 with the UI scale set to 150 % (the window shows
125 %, the largest it holds): every run takes one size for each screen set or game and
language, in turn (:func:`in_turn`), ``-m soak`` the other. The texts checked are the ones
the program really shows: the widgets' texts, fonts and rects as built, and every line the
scenes draw themselves (:class:`tests.scenes.fit.Recorder`). A finding is a text wider than its
widget, cut with "…", squeezed past its smallest size and drawn so, a status line that needs a
third line, a glyph no font of the chain has, a hyphen pygame_gui put in a line, or a line of
Japanese starting or ending where it must not.
"""

from __future__ import annotations

import functools
import itertools
import random

import pytest

import translation
from engine import registry
from engine.match import Match, Seat, bot_name
from saves import stats, store
from scenes import routes
from scenes.title import TitleScene
from tests.scenes.driver import close_apps, frames, make_app
from tests.scenes.fit import Finding, Recorder, widget_findings, widget_texts
from tests.soak import keep_first

LANGUAGES = ("en", "ru", "es", "ja")
SIZES = {"1024x640": ((1024, 640), 100), "1280x800-150": ((1280, 800), 150)}
"""Window size and UI scale setting: the smallest window, and 1280 × 800 asked for 150 %."""
GAMES = [spec.id for spec in registry.games()]


def in_turn(*axes, offset: int = 0) -> list:
    """Every combination of ``axes`` (lists of parameter values) with a size of :data:`SIZES`
    as its last value: each run lays out every combination once, at the size the sum of its
    values' places (and ``offset``) picks in turn, so every language meets both sizes across
    the screens or the games; the other size of each is marked ``soak``. (At 150 % the
    1280 × 800 window shows 125 %: the same room as 1024 × 640, rounded otherwise.)"""
    sizes = list(SIZES)
    first, other = [], []
    for places in itertools.product(*(range(len(axis)) for axis in axes)):
        values = tuple(axis[place] for axis, place in zip(axes, places))
        turn = sum(places) + offset
        first.append((*values, sizes[turn % 2]))
        other.append((*values, sizes[(turn + 1) % 2]))
    return keep_first(first + other, len(first))


def player(number: int) -> str:
    """A seat's default name as New game gives it, in the language in use."""
    return translation._("Player {number}").format(number=number)


def two_seats() -> list[Seat]:
    """A person and a Medium bot with the names New game gives them."""
    return [Seat("human", player(1)), Seat("bot", bot_name(1, "medium"), "medium")]


@functools.cache
def _random_play(game: str, seed: int, players: int) -> tuple:
    """A random game of ``game`` to its end: ``(states seat 0 moves in, the last state)``,
    states as clones (engine only, once a process)."""
    spec = registry.get(game)
    seats = [Seat("human", "A")] + [Seat("bot", "B", "easy")] * (players - 1)
    match = Match(spec, seats, {}, seed)
    rng = random.Random(seed)
    mine = []
    while not match.is_terminal():
        if match.is_chance():
            match.advance_chance()
            continue
        if match.current_player() == 0:
            mine.append(match.state.clone())
        match.apply(rng.choice(match.legal_actions()))
    return tuple(mine), match


def finished_match(game: str) -> Match:
    """A finished two-seat game of ``game`` with the default names (random moves)."""
    _mine, played = _random_play(game, 1, 2)
    match = Match(played.spec, two_seats(), played.options, played.seed)
    match.set_position(played.state.clone())
    return match


# --- the positions each table is shown in -------------------------------------------------------
def _dt_cleanup(state, legal) -> bool:
    pending = state.pending_cleanup()
    return bool(pending) and pending[0] == 0 and any("Vine" in type(a).__name__ for a in legal)


def _dt_passing(state, legal) -> bool:
    return any(type(a).__name__ == "PassDie" for a in legal)


def _pe_effect(state, legal) -> bool:
    return state.effect is not None


def _or_question(state, legal) -> bool:
    from scenes.tables.off_the_rails.prompts import prompt

    return prompt(state, legal, ["A", "B"]) is not None


def _tt_any(state, legal) -> bool:
    return True


VARIANTS = {
    "diced-tomatoes": {"clear or keep": _dt_cleanup, "pass dice": _dt_passing},
    "potion-explosion": {"an effect": _pe_effect},
    "off-the-rails": {"a question": _or_question},
    "tea-time": {"a take": _tt_any},
    "shifting-stones": {},
}
"""Per game, positions besides the start that change the column or the top bar: found in
random games (seat 0 to move), each shown at the real table."""


@functools.cache
def variant_state(game: str, name: str):
    """The first state of seeded random games where seat 0 moves and ``VARIANTS`` holds."""
    test = VARIANTS[game][name]
    for seed in range(1, 40):
        for state in _random_play(game, seed, 2)[0]:
            if test(state, state.legal_actions()):
                return state
    raise AssertionError(f"no random game of {game} reached {name}")


# --- the checks -----------------------------------------------------------------------------------
def look(app, recorder: Recorder, where: str, show, frames_run: int = 2) -> list[Finding]:
    """Open a screen with ``show()`` (with the kit's caches empty, so every text is laid out
    afresh), draw it, and say what does not fit on it."""
    recorder.clear()
    shown = show()
    frames(app, frames_run)
    out = widget_findings(app, where) + recorder.findings(
        where, widget_texts(app), allow=card_description_with_its_tooltip(app)
    )
    top = app.manager.top
    if callable(getattr(top, "status_text", None)):
        out += status_findings(where, top)
    return shown, out


def card_description_with_its_tooltip(app):
    """New game's game cards: with five games in a small window a description keeps the
    lines its card holds, the last ending in "…" (the Rules screen has it whole). Such a cut
    is no finding; any other is."""
    top = app.manager.top
    whole = [
        " ".join(translation._(spec.description).split())
        for _button, spec, _y in getattr(top, "game_buttons", ())
    ]

    def allow(text: str) -> bool:
        line = text.rstrip("…").strip()
        return bool(line) and any(line in description for description in whole)

    return allow


def status_findings(where: str, table) -> list[Finding]:
    """The top bar's status line and message: at most two lines, each inside the bar."""
    _bar, _message, _size, lines = table.top_bar(table.app.size[0])
    out = []
    if len(lines) > 2:
        out.append(Finding(where, "cut", " ".join(lines), "the top bar shows two lines"))
    return out


def opened(language: str, size: str):
    window, percent = SIZES[size]
    app = make_app(size=window)
    app.settings.ui_scale = percent
    app.apply_ui_scale(relayout=False)
    app.set_language(language)
    app.manager.push(TitleScene(app))
    return app


@pytest.fixture
def cleanup():
    yield
    close_apps()
    translation.set_language("en")


@pytest.mark.parametrize(("language", "size"), in_turn(LANGUAGES))
@pytest.mark.long
def test_every_menu_screen_fits_in_every_language(language, size, cleanup):
    app = opened(language, size)
    for game in GAMES:  # a save and a finished game of each, for Load and Statistics
        match = finished_match(game)
        store.save(Match(match.spec, two_seats(), match.options, 7), player(1))
        record = stats.record_of(match, 60.0)
        assert record is not None
        stats.add(record)
    found: list[Finding] = []
    with Recorder() as recorder:

        def check(where, show=lambda: None, frames_run=2):
            shown, findings = look(app, recorder, where, show, frames_run)
            found.extend(findings)
            return shown

        check("title", app.manager.relayout)
        form = check("new game", lambda: routes.push(app, "new_game"))
        for index, spec in enumerate(form.games):

            def choose(index=index, spec=spec):
                form.choose_game(index)
                form.seat_count = spec.max_players
                form.relayout()

            check(f"new game: {spec.id}", choose)
            position = check(f"position: {spec.id}", lambda: routes.push(app, "position", form), 1)
            for puzzle in position.puzzles():  # its goal, as choosing it shows it

                def goal(puzzle=puzzle, position=position):
                    position.goal = translation._(puzzle.goal)

                check(f"puzzle: {puzzle.title}", goal, 1)
            app.manager.pop()
        app.manager.pop()
        for name in ("load_game", "statistics", "settings"):
            check(name, lambda name=name: routes.push(app, name))
            app.manager.pop()
        rules = check("rules", lambda: routes.push(app, "rules"), 1)
        for index, game in enumerate(GAMES):
            check(f"rules: {game}", lambda index=index: rules.choose(index), 1)
    assert not found, "\n".join(str(finding) for finding in dict.fromkeys(found))


@pytest.mark.parametrize(("game", "language", "size"), in_turn(GAMES, LANGUAGES))
@pytest.mark.long
def test_every_table_and_what_covers_it_fits_in_every_language(game, language, size, cleanup):
    app = opened(language, size)
    spec = registry.get(game)
    found: list[Finding] = []
    with Recorder() as recorder:

        def check(where, show, frames_run=2):
            shown, findings = look(app, recorder, f"{game}: {where}", show, frames_run)
            found.extend(findings)
            return shown

        def at(name):
            match = Match(spec, two_seats(), {}, 5)
            if name != "start":
                match.set_position(variant_state(game, name).clone())
            return routes.open_match(app, match)

        def most_seats():
            seats = [Seat("human", player(1))] + [
                Seat("bot", bot_name(number, "hard"), "hard")
                for number in range(1, spec.max_players)
            ]
            return routes.open_match(app, Match(spec, seats, {}, 5))

        check("most seats", most_seats, 3)
        for name in ("start", *VARIANTS[game]):
            table = check(name, lambda name=name: at(name), 3)
        check("pause", lambda: routes.push(app, "pause", table))
        app.manager.pop()
        check("save name", lambda: routes.push(app, "pause", table, naming=True))
        app.manager.pop()
        check("leave", lambda: routes.push(app, "leave", table, None))
        app.manager.pop()
        check("pass screen", lambda: routes.push(app, "pass", player(2)))
        app.manager.pop()
        check("game over", lambda: routes.open_match(app, finished_match(game)), 3)
    assert not found, "\n".join(str(finding) for finding in dict.fromkeys(found))
