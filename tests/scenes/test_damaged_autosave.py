"""Play-test: with the autosave damaged, Continue said "A backup of the previous save exists
and can be loaded instead", but the title had no way to do that. Continue now loads the backup
and says so; its tooltip says what it will do; nothing is deleted."""

from __future__ import annotations

import pytest

from engine.match import Match, Seat
from saves import store
from tests.dice_game import PIG, Roll
from tests.scenes.driver import click, find_button


@pytest.fixture
def app(pig_app):
    return pig_app


def _slot_with_backup() -> Match:
    match = Match(PIG, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    store.autosave(match)  # the backup will hold the start
    match.apply(Roll())
    store.autosave(match)
    return match


def test_continue_loads_the_backup_of_an_autosave_damaged_after_the_title_was_built(app):
    _slot_with_backup()
    app.manager.top.relayout()
    slot = store.autosave_path(PIG.id)
    slot.write_text('{"format": ', encoding="utf-8")  # damaged while the title shows
    click(app, find_button(app, "Continue"))
    assert app.manager.top.match.history == []  # the backup: the game one save earlier
    assert any(
        "autosave-stake-pig.json is damaged, so its backup was loaded" in m for m in app.messages
    )
    assert not any("can be loaded instead" in m for m in app.messages)
    kept = [p for p in slot.parent.iterdir() if p.name.startswith("unfinished-")]
    assert any(p.read_text(encoding="utf-8") == '{"format": ' for p in kept)  # nothing is lost


def test_continue_is_offered_for_a_damaged_autosave_with_a_backup_and_its_tooltip_says_so(app):
    _slot_with_backup()
    store.autosave_path(PIG.id).write_text("garbage", encoding="utf-8")
    app.manager.top.relayout()
    button = find_button(app, "Continue")
    assert button.is_enabled
    assert button.tool_tip_text == "The last autosave is damaged: Continue loads its backup"


def test_a_damaged_autosave_without_a_backup_leaves_continue_off_and_says_why(app):
    match = Match(PIG, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    store.autosave(match).write_text("garbage", encoding="utf-8")
    app.manager.top.relayout()
    button = find_button(app, "Continue")
    assert not button.is_enabled
    assert button.tool_tip_text == "The autosave is damaged; Load game says why"


def test_a_damaged_save_in_the_saves_folder_names_where_its_backup_is_loaded(app):
    _slot_with_backup()
    slot = store.autosave_path(PIG.id)
    slot.write_text("{", encoding="utf-8")
    with pytest.raises(store.SaveError) as caught:
        store.load(slot)
    assert "Backup in Load game loads it" in str(caught.value)
