"""Fuzz the loader: random bytes and mutated real saves give only SaveError and write nothing."""
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import registry
from engine.bots import make_bot
from engine.match import Match, Seat
from saves import store
from saves.format import SaveError


def folder_state(folder):
    return sorted((p.name, p.stat().st_size, p.stat().st_mtime_ns) for p in folder.iterdir())


_SAVES = []


def real_saves_texts():
    """Save texts of short real games of every registered game (made once)."""
    if _SAVES:
        return _SAVES
    texts = []
    for spec in registry.games():
        n = max(2, spec.min_players)
        m = Match(spec, [Seat("bot", f"B{i}", "easy") for i in range(n)], seed=3)
        steps = 0
        while not m.is_terminal() and steps < 60:
            m.advance_chance() if m.is_chance() else m.play_bot_turn_now(make_bot)
            steps += 1
        from saves.format import dumps, make_envelope
        texts.append(dumps(make_envelope(m)))
    _SAVES.extend(texts)
    return _SAVES


def load_text(tmp_path, data: bytes):
    path = tmp_path / "fuzz.json"
    path.write_bytes(data)
    before = folder_state(tmp_path)
    try:
        store.load(path)
    except SaveError:
        pass
    assert folder_state(tmp_path) == before  # nothing written, nothing deleted


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=400))
def test_random_bytes_give_only_save_error(tmp_path, data):
    load_text(tmp_path, data)


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(which=st.integers(0, 50), cut=st.floats(0, 1), flips=st.lists(
    st.tuples(st.floats(0, 1), st.integers(0, 255)), max_size=4))
def test_mutated_real_saves_give_only_save_error(tmp_path, which, cut, flips):
    real_saves = real_saves_texts()
    raw = bytearray(real_saves[which % len(real_saves)].encode())
    for where, value in flips:
        raw[int(where * (len(raw) - 1))] = value
    if cut < 0.3:
        raw = raw[: int(len(raw) * cut / 0.3)]
    load_text(tmp_path, bytes(raw))


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6))
def test_structurally_edited_saves_with_fixed_checksum_give_only_save_error(tmp_path, seed):
    """Even a save whose checksum was recomputed after editing (a determined hand) is refused
    with SaveError: wrong types, missing keys, unknown actions, impossible histories."""
    from saves.format import checksum
    real_saves = real_saves_texts()
    rng = random.Random(seed)
    env = json.loads(real_saves[seed % len(real_saves)])
    key = rng.choice(["options", "seats", "seed", "history", "snapshot", "game"])
    choice = rng.randrange(5)
    if choice == 0:
        env[key] = None
    elif choice == 1:
        env[key] = "x"
    elif choice == 2 and env["history"]:
        i = rng.randrange(len(env["history"]))
        env["history"][i]["action"] = {"type": "Nonsense"}
    elif choice == 3 and env["history"]:
        del env["history"][rng.randrange(len(env["history"]))]
    else:
        env.pop(key)
    env["checksum"] = checksum(env)
    load_text(tmp_path, json.dumps(env).encode())
