"""The background autosave: the same file as a direct save, newest request wins, errors said."""

import json

import pytest

from engine import registry
from engine.match import Match, Seat
from saves import files, store
from saves.autosaver import Autosaver, save_text
from saves.format import dumps, make_envelope, match_progress, match_title


def played_match(steps=12, game="diced-tomatoes", seed=5):
    spec = registry.get(game)
    match = Match(spec, [Seat("human", "Ann"), Seat("bot", "Bot", "easy")], {}, seed)
    from engine.bots import make_bot

    for _ in range(steps):
        if match.is_terminal():
            break
        if match.is_chance():
            match.advance_chance()
        elif match.is_bot_turn():
            bot, obs, legal, rng, n = match.bot_request(lambda spec, level: make_bot(spec, level))
            match.apply_bot_move(bot.choose(obs, legal, rng), n)
        else:
            match.apply(match.legal_actions()[0])
    return match


@pytest.mark.parametrize("game", ["diced-tomatoes", "potion-explosion", "off-the-rails"])
def test_the_background_text_is_the_direct_saves_text(game):
    match = played_match(game=game)
    direct = make_envelope(match)
    text = save_text(match.to_save(), match_title(match), match.turn_count(), match_progress(match))
    envelope = json.loads(text)
    envelope["saved_at"] = direct["saved_at"]  # written a moment apart
    from saves.format import checksum

    envelope["checksum"] = checksum(envelope)
    assert envelope == direct
    assert text.startswith(dumps(direct)[:40])


def take_steps(match, count, pick_last=False):
    for _ in range(count):
        if match.is_chance():
            match.advance_chance()
        else:
            legal = match.legal_actions()
            match.apply(legal[-1] if pick_last else legal[0])


@pytest.mark.parametrize("game", ["diced-tomatoes", "potion-explosion"])
def test_saves_spelling_only_new_steps_are_the_saves_spelled_whole(game):
    """An autosave spells a step once (SpelledSteps): after more steps, steps taken back and
    other steps taken instead, its text is still exactly the whole game spelled anew, checksum
    included."""
    from saves.format import SpelledSteps, checksum, spelled_save_text

    match = played_match(steps=10, game=game)
    spelled = SpelledSteps()
    for moment in ("start", "more", "back", "other"):
        if moment == "more":
            take_steps(match, 6)
        elif moment == "back":
            match.rewind_to(len(match.history) - 4)
        elif moment == "other":
            take_steps(match, 2, pick_last=True)
        job = (match.to_save(), match_title(match), match.turn_count(), match_progress(match))
        envelope = json.loads(spelled_save_text(job, spelled))
        whole = json.loads(save_text(*job))
        whole["saved_at"] = envelope["saved_at"]  # spelled a moment apart
        whole["checksum"] = checksum(whole)
        assert envelope == whole, moment
        assert envelope["checksum"] == checksum(envelope), moment
        assert envelope["history"] == [
            {"player": entry.player, "action": entry.action.to_dict()} for entry in match.history
        ], moment


def test_a_save_is_spelled_one_field_and_one_history_step_per_line():
    """What a person opening the file reads: each envelope field and each step on its own
    line; the text parses back to exactly the envelope."""
    match = played_match(steps=12)
    envelope = make_envelope(match)
    text = dumps(envelope)
    assert json.loads(text) == envelope
    lines = text.splitlines()
    assert len(lines) == 2 + len(envelope) + len(envelope["history"]) + 1  # braces, ], steps
    assert ' "history": [' in lines
    assert all(line.startswith('  {"player": ') for line in lines if line.startswith("  {"))


def test_a_background_autosave_loads_back_at_the_same_step(tmp_path):
    match = played_match(steps=20)
    saver = Autosaver()
    saver.start()
    saver.request(match, folder=tmp_path)
    assert saver.flush() and saver.close()
    loaded = store.load(store.autosave_path(match.spec.id, tmp_path))
    assert len(loaded.history) == len(match.history) > 0
    assert loaded.state.to_dict() == match.state.to_dict()


def test_requests_faster_than_the_disk_keep_only_the_newest(tmp_path, monkeypatch):
    match = played_match(steps=4)
    saver = Autosaver()
    seen = []
    real = store.write_atomic
    monkeypatch.setattr(
        store,
        "write_atomic",
        lambda path, text: (seen.append(json.loads(text)["turn"]), real(path, text)),
    )
    with saver._lock:  # the worker cannot take a job while we queue three
        saver.start()
        for _ in range(3):
            saver.request(match, folder=tmp_path)
    assert saver.flush()
    assert len(seen) == 1


def test_a_failed_write_is_reported_and_the_next_success_clears_it(tmp_path, monkeypatch):
    match = played_match(steps=4)
    saver = Autosaver()  # not started: writes at once
    monkeypatch.setattr(
        files,
        "_write_synced",
        lambda path, text: (_ for _ in ()).throw(OSError(28, "No space left")),
    )
    saver.request(match, folder=tmp_path)
    assert saver.error == "Could not write autosave-diced-tomatoes.json: No space left."
    monkeypatch.undo()
    saver.request(match, folder=tmp_path)
    assert saver.error is None
