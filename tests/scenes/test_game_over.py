"""The score sheet at the end of every game: the players' names and totals are drawn, whether
the game's table draws its own sheet or leaves it to the plain one."""

from __future__ import annotations

import random

import pytest

from engine import registry
from engine.match import Match, Seat
from scenes import kit
from scenes.game_over import GameOverScene
from scenes.routes import open_match
from scenes.title import TitleScene
from tests.scenes.driver import close_apps, frames, make_app
from tests.soak import quick_first


def finished(game_id: str, seed: int = 3) -> Match:
    match = Match(registry.get(game_id), [Seat("human", "Ana"), Seat("human", "Ben")], {}, seed)
    rng = random.Random(seed)
    while not match.is_terminal():
        if match.is_chance():
            match.resolve_chance()
        else:
            match.apply(rng.choice(match.legal_actions()))
    return match


@pytest.mark.parametrize("game_id", quick_first([spec.id for spec in registry.games()], 2))
def test_the_score_sheet_shows_every_player_and_total(game_id, monkeypatch):
    """Play-test: at the end of Off the Rails and Diced Tomatoes the sheet was blank — their
    tables draw no sheet of their own, and the plain one was skipped all the same."""
    app = make_app(size=(1280, 800))
    try:
        app.manager.push(TitleScene(app))
        match = finished(game_id)
        table = open_match(app, match, replace_stack=False)
        scene = GameOverScene(app, match)
        app.manager.push(scene)
        frames(app, 1)
        said: list[str] = []
        real = kit.blit_text
        monkeypatch.setattr(
            kit,
            "blit_text",
            lambda s, text, *a, **k: said.append(str(text)) or real(s, text, *a, **k),
        )
        scene.draw(app.screen)
        assert scene.table is table
        drawn = " ".join(said)
        assert "Ana" in drawn and "Ben" in drawn, said
        totals = [row[-1] for row in scene.sheet["rows"]]
        assert all(str(total) in drawn for total in totals), (totals, said)
    finally:
        close_apps()
