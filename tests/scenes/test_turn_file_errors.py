"""Play-test: Open turn file said a damaged file's error twice (red text under the path and a
message over the screen), and the Open button's tooltip covered Back. The error is said once;
Open sits beside Back (Enter is named over the path instead of in a tooltip)."""

from __future__ import annotations

import pytest

from scenes import routes
from scenes.title import TitleScene
from scenes.turn_files import TurnFilesScene
from tests.scenes.driver import click, close_apps, find_button, frames, make_app


@pytest.fixture
def app(home):
    a = make_app()
    a.manager.push(TitleScene(a))
    routes.push(a, "turn_files")
    frames(a, 2)
    yield a
    close_apps()


def test_a_damaged_turn_file_is_said_once_under_the_path(app, tmp_path):
    scene = app.manager.top
    assert isinstance(scene, TurnFilesScene)
    garbage = tmp_path / "garbage-turn.json"
    garbage.write_text("garbage", encoding="utf-8")
    scene.path_entry.set_text(str(garbage))
    click(app, find_button(app, "Open"))
    assert scene.error_label.text == "This is not a turn file (damaged JSON)."
    assert not any("damaged JSON" in message for message in app.messages)


def test_an_error_too_long_for_the_line_is_said_in_a_message_instead(app):
    scene = app.manager.top
    long = "This turn file cannot be read " + "because of a long reason " * 12 + "here."
    scene.fail(long)
    assert scene.error_label.text == ""
    assert app.messages.count(long) == 1


def test_open_and_back_share_a_row_so_no_tooltip_covers_the_other_button(app):
    """A tooltip shows above or below its button: Open beside Back, neither covers the other
    (Back's tooltip went over Open, just above it, in Japanese at 1024x640)."""
    open_button, back = find_button(app, "Open"), find_button(app, "Back")
    assert open_button.tool_tip_text in (None, "")
    assert open_button.rect.y == back.rect.y and open_button.rect.right < back.rect.left


def test_the_turn_files_heading_says_a_long_folder_by_its_last_two_folders():
    """A long path ran off both sides of the Open turn file heading: the home folder reads
    "~", a path still long its last two folders."""
    from pathlib import Path

    from scenes.turn_files import folder_words

    assert folder_words(Path.home() / "Documents" / "Tabletop Trio") == str(
        Path("~", "Documents", "Tabletop Trio")
    )
    deep = Path("/dev/shm/pytest-of-root/pytest-387/popen-gw0/fits_2/documents/Tabletop Trio")
    assert folder_words(deep) == str(Path("…", "documents", "Tabletop Trio"))
