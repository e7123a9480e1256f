"""The player's folders: no doubled Windows folder, and saves of the doubled one still found."""

import platformdirs

from saves import folders, store
from saves.settings import config_path


def test_the_folders_are_asked_without_an_author(monkeypatch, tmp_path):
    asked = []

    def fake(name, appauthor=None, **kw):
        asked.append((name, appauthor))
        return tmp_path / name

    for attr in ("user_data_path", "user_config_path", "user_cache_path"):
        monkeypatch.setattr(platformdirs, attr, fake)
    folders.data_path(), folders.config_path(), folders.cache_path()
    assert asked == [("tabletop-trio", False)] * 3


def test_saves_in_the_doubled_folder_move_up_and_are_listed(monkeypatch, tmp_path):
    root = tmp_path / "tabletop-trio"
    old = root / "tabletop-trio" / "saves"
    old.mkdir(parents=True)
    (old / "evening.json").write_text("{}")
    monkeypatch.setattr(folders, "data_path", lambda: root)
    assert store.saves_dir() == root / "saves"
    assert (root / "saves" / "evening.json").read_text() == "{}"
    assert not (root / "tabletop-trio").exists()
    assert [info.path.name for info in store.list_saves()] == ["evening.json"]


def test_a_folder_that_cannot_move_is_still_used(monkeypatch, tmp_path):
    root = tmp_path / "tabletop-trio"
    (root / "tabletop-trio" / "saves").mkdir(parents=True)

    def refuse(src, dst):
        raise PermissionError(13, "denied")

    monkeypatch.setattr(folders.os, "replace", refuse)
    assert folders.adopt(root, "saves") == root / "tabletop-trio" / "saves"


def test_settings_in_the_doubled_folder_move_up(monkeypatch, tmp_path):
    root = tmp_path / "cfg"
    (root / "tabletop-trio").mkdir(parents=True)
    (root / "tabletop-trio" / "settings.json").write_text('{"fullscreen": true}')
    monkeypatch.setattr(folders, "config_path", lambda: root)
    assert config_path() == root / "settings.json"
    assert (root / "settings.json").read_text() == '{"fullscreen": true}'
