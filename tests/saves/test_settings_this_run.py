"""Settings given for one run (``--language``, ``--ui-scale``) are never stored by it."""

from __future__ import annotations

import argparse

from saves.settings import Settings, load_settings, save_settings


def test_a_language_given_for_the_run_is_not_stored_when_the_settings_are_written(tmp_path):
    """Play-test: toggling sound (M) in a ``--language ja`` run stored Japanese for good."""
    path = tmp_path / "settings.json"
    save_settings(Settings(language="", ui_scale=100), path)
    settings = load_settings(path)
    settings.for_this_run("language", "ja")
    settings.for_this_run("ui_scale", 150)
    settings.sound_effects = False  # M: the settings are written
    save_settings(settings, path)
    stored = load_settings(path)
    assert (stored.language, stored.ui_scale, stored.sound_effects) == ("", 100, False)
    assert (settings.language, settings.ui_scale) == ("ja", 150)  # the run goes on in them


def test_a_setting_the_player_changes_during_the_run_is_stored_as_chosen(tmp_path):
    path = tmp_path / "settings.json"
    save_settings(Settings(language="es"), path)
    settings = load_settings(path)
    settings.for_this_run("language", "ja")
    settings.language = "ru"  # chosen in Settings
    save_settings(settings, path)
    assert load_settings(path).language == "ru"


def test_the_program_gives_its_command_line_language_for_the_run_only(tmp_path, monkeypatch):
    import main

    monkeypatch.setattr("saves.settings.load_settings", lambda: Settings(language="es"))
    settings = main.run_settings(argparse.Namespace(language="ru", ui_scale=None))
    assert settings.language == "ru" and settings.this_run == {"language": ("es", "ru")}
