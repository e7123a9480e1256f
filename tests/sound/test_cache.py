"""The WAV cache: made once, read back, damaged files rendered again, unwritable folders kept in
memory, other versions removed."""

from __future__ import annotations

import json
import os

import pytest

from sound import cache, library, synth

FEW = [("marble_clack", 1, 0), ("explosion", 3, 1), ("button_click", 1, 2)]


def fill(folder):
    store = cache.SoundCache(folder)
    data = {key: store.wav(*key) for key in FEW}
    store.finish()
    return store, data


def test_first_use_renders_and_stores_then_reads_back(tmp_path):
    folder = tmp_path / "sounds" / library.version()
    store, data = fill(folder)
    assert store.rendered == 3
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [cache.INDEX] + [cache.file_name(*key) for key in FEW]
    )
    again, second = fill(folder)
    assert again.rendered == 0 and second == data
    assert synth.read_wav(data[FEW[1]]) == pytest.approx(
        library.render("explosion", 1, 3), abs=1 / 32767
    )


def test_default_folder_is_under_the_user_cache(tmp_path):
    # conftest points XDG_CACHE_HOME at the test's own folder
    assert (
        cache.default_folder()
        == tmp_path / "cache" / "tabletop-trio" / "sounds" / library.version()
    )


def test_a_damaged_file_is_rendered_again_and_rewritten(tmp_path):
    folder = tmp_path / library.version()
    _, data = fill(folder)
    victim = folder / cache.file_name(*FEW[1])
    damaged = bytearray(victim.read_bytes())
    damaged[200] ^= 0xFF  # one flipped byte: still a WAV, wrong checksum
    victim.write_bytes(bytes(damaged))
    (folder / cache.file_name(*FEW[2])).write_bytes(b"")
    store, again = fill(folder)
    assert store.rendered == 2 and again == data
    assert victim.read_bytes() == data[FEW[1]]


def test_a_damaged_index_renders_everything_again(tmp_path):
    folder = tmp_path / library.version()
    _, data = fill(folder)
    (folder / cache.INDEX).write_text("{not json")
    store, again = fill(folder)
    assert store.rendered == 3 and again == data
    assert set(json.loads((folder / cache.INDEX).read_text())) == {
        cache.file_name(*key) for key in FEW
    }


def test_an_unwritable_place_renders_in_memory(tmp_path):
    blocker = tmp_path / "cache"
    blocker.write_text("a file where the folder should be")
    store, data = fill(blocker / library.version())
    assert not store.writable and store.rendered == 3
    assert all(synth.read_wav(wav) for wav in data.values())


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_folder_renders_in_memory(tmp_path):
    folder = tmp_path / library.version()
    folder.mkdir()
    folder.chmod(0o500)
    try:
        store, data = fill(folder)
        assert store.rendered == 3 and not store.writable
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o700)


def test_a_file_that_cannot_be_written_stops_further_writes(tmp_path, monkeypatch):
    folder = tmp_path / library.version()
    monkeypatch.setattr(cache, "_replace", lambda path, data: False)
    store, data = fill(folder)
    assert not store.writable and store.rendered == 3 and len(data) == 3


def test_other_versions_are_removed(tmp_path):
    old = tmp_path / "0123456789ab"
    old.mkdir()
    (old / "x.wav").write_bytes(b"old")
    keep = tmp_path / "notes"  # not a version folder: left alone
    keep.mkdir()
    fill(tmp_path / library.version())
    assert not old.exists() and keep.exists()


def test_memory_only_cache_keeps_nothing():
    store = cache.SoundCache(None)
    assert synth.read_wav(store.wav("button_click")) and not store.writable


def test_the_render_command_fills_a_folder_and_reports_refusals(tmp_path, monkeypatch, capsys):
    from sound import render

    monkeypatch.setattr(library, "keys", lambda: FEW)
    folder = tmp_path / library.version()
    assert render.main([str(folder)]) == 0
    assert cache.SoundCache(folder).missing(FEW) == []
    blocker = tmp_path / "blocked"
    blocker.write_text("not a folder")
    assert render.main([str(blocker / "x")]) == 3
    assert render.main([]) == 2 and "usage" in capsys.readouterr().err
