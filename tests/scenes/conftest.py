"""What the table scene tests share."""

from __future__ import annotations

import pygame
import pytest

from scenes import kit
from tests.scenes.driver import close_apps
from tests.soak import quick_first

kit.STRICT_BACKDROP[0] = True  # a table's backdrop that disagrees with its drawing fails

SCALED = [
    ((1280, 800), 1.25),
    ((1536, 960), 1.5),
    ((1920, 1200), 1.5),
    ((1792, 1120), 1.75),
    ((2048, 1280), 2.0),
]
"""Windows with a UI scale they offer (:func:`scenes.kit.fitting_scale`): the smallest that holds
each scale, and a wider one at 150 %."""
SCALES_ABOVE_100 = quick_first([SCALED[-1], *SCALED[:-1]], 1)
""":data:`SCALED` for ``parametrize("size, scaled", …)``: 200 % in the quick run, the scales
between in the long tests."""
EVERY_SCALE = quick_first([((1024, 640), 1.0), SCALED[-1], *SCALED[:-1]], 2)
"""The smallest window at 100 % and every scaled one: the two extremes in the quick run."""


@pytest.fixture
def app():
    """A window showing the title; a table's test opens its table over it."""
    from scenes.title import TitleScene
    from tests.scenes.driver import make_app

    window = make_app()
    window.manager.push(TitleScene(window))
    yield window
    close_apps()


@pytest.fixture
def pig_app():
    """The title, drawn, with the test dice game (tests/dice_game.py) registered."""
    from engine import registry
    from scenes.title import TitleScene
    from tests.dice_game import PIG
    from tests.scenes.driver import frames, make_app

    registry.register(PIG)
    window = make_app()
    window.manager.push(TitleScene(window))
    frames(window, 2)
    yield window
    registry.unregister(PIG.id)
    close_apps()


@pytest.fixture
def scaled(request):
    """Lay out and measure at the UI scale ``request.param``; back to 100 % after."""
    kit.set_ui_scale(request.param)
    yield request.param
    kit.set_ui_scale(1.0)


@pytest.fixture
def fonts():
    """Text is measured with the app's fonts: pygame's font module, no window. Fonts made
    before an earlier ``pygame.quit()`` are dead, so the caches start empty."""
    pygame.font.init()
    kit.reset_caches()
    yield
    kit.reset_caches()


@pytest.fixture
def home(tmp_path, monkeypatch):
    """This computer's data, Documents and Downloads folders, fresh for the test."""
    for variable, name in (
        ("XDG_DATA_HOME", "data"),
        ("XDG_DOCUMENTS_DIR", "documents"),
        ("XDG_DOWNLOAD_DIR", "downloads"),
    ):
        (tmp_path / name).mkdir()
        monkeypatch.setenv(variable, str(tmp_path / name))
    yield tmp_path
    close_apps()
