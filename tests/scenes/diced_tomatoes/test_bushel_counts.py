"""Play-test: in Russian at 150 % the bushel's line "красные: 31 · чёрные: 5" touched the
bottom edge of its panel (its line was a fixed 18 px). The counts' line is as tall as its font
at the UI scale and sits inside the panel, clear of its edge and of the basket."""

from __future__ import annotations

import pytest

import translation
from scenes import kit
from scenes.tables.diced_tomatoes.layout import COUNTS_SIZE, Layout

pytestmark = pytest.mark.usefixtures("fonts")  # tests/scenes/conftest.py


@pytest.mark.parametrize("scale", [100, 150, 200])
@pytest.mark.parametrize("language", ["en", "ru", "ja"])
def test_the_bushel_counts_line_sits_inside_its_panel(scale, language):
    previous = translation.current_language()
    translation.set_language(language)
    kit.set_ui_scale(scale / 100)
    try:
        lay = Layout((1536, 960) if scale > 100 else (1280, 800), 2)
        counts = lay.bushel_counts()
        line = "красные: 31 · чёрные: 5" if language == "ru" else "red: 31 · black: 5"
        text, size = kit.fit_label(line, COUNTS_SIZE, counts.width, min_size=9)
        drawn = kit.text(text, size).get_rect(center=counts.center)
        assert drawn.height <= counts.height
        assert drawn.bottom <= lay.bushel.bottom - 4, (drawn, lay.bushel)
        assert lay.basket().bottom <= counts.top
    finally:
        kit.set_ui_scale(1.0)
        translation.set_language(previous)
