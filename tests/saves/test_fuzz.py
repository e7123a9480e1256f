"""Fuzz the loader: random bytes and mutated real saves give only SaveError and write nothing."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import registry
from engine.bots import make_bot
from engine.match import Match, Seat
from saves import store
from saves.format import SaveError


def folder_state(folder):
    """Every file of ``folder`` but lock files: a game loaded holds its file's lock
    (saves/locks.py), which writes nothing into any save."""
    return sorted(
        (p.name, p.stat().st_size, p.stat().st_mtime_ns)
        for p in folder.iterdir()
        if not p.name.endswith(".lock")
    )


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


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.binary(max_size=400))
def test_random_bytes_give_only_save_error(tmp_path, data):
    load_text(tmp_path, data)


@pytest.mark.long
@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    which=st.integers(0, 50),
    cut=st.floats(0, 1),
    flips=st.lists(st.tuples(st.floats(0, 1), st.integers(0, 255)), max_size=4),
)
def test_mutated_real_saves_give_only_save_error(tmp_path, which, cut, flips):
    real_saves = real_saves_texts()
    raw = bytearray(real_saves[which % len(real_saves)].encode())
    for where, value in flips:
        raw[int(where * (len(raw) - 1))] = value
    if cut < 0.3:
        raw = raw[: int(len(raw) * cut / 0.3)]
    load_text(tmp_path, bytes(raw))


@pytest.mark.long
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
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


# --- issue 15: hostile edits of real saves, checksum recomputed or not -------------------------
HOSTILE_VALUES = [
    None,
    True,
    False,
    0,
    -1,
    5.0,
    1.5,
    "",
    "x",
    "A\x00B",
    "N" * 5000,
    [],
    {},
    [[[]]],
    {"type": "Nonsense"},
    2**70,
    float("nan"),
    float("inf"),
]
"""Values put in place of a field: wrong types, floats for ints, bools for ints, NUL in text,
very long text, nesting, huge numbers, NaN and Infinity."""


def leaves(data, path=()):
    """Every (path, value) in nested JSON data, containers included."""
    yield path, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from leaves(value, path + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from leaves(value, path + (i,))


def put(data, path, value):
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def twin(value):
    """The same number in the other type JSON can spell: 5 -> 5.0, 1 -> true, 5.0 -> 5."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return bool(value) if value in (0, 1) else float(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def check_correct_load(match, env):
    """A save that loads is a valid game: its seats are plain names, each recorded step is
    the very legal action (types and all) the replayed position offered, and play goes on."""
    from engine.core import CHANCE
    from engine.match import NAME_LIMIT
    from saves.format import canonical_json

    for seat in match.seats:
        assert isinstance(seat.name, str) and 0 < len(seat.name) <= NAME_LIMIT
    replay = Match(match.spec, match.seats, match.options, match.seed)
    for entry in match.history:
        offered = (
            [a for a, _ in replay.state.chance_outcomes()]
            if entry.player == CHANCE
            else replay.legal_actions()
        )
        same = [a for a in offered if a == entry.action]
        assert same and canonical_json(same[0].to_dict()) == canonical_json(entry.action.to_dict())
        replay.resolve_chance(entry.action) if entry.player == CHANCE else replay.apply(
            entry.action
        )
    for seat in match.seats:
        seat_dict = next(s for s in env["seats"] if s.get("name", "")[:NAME_LIMIT] == seat.name)
        assert seat_dict["kind"] == seat.kind
    for _ in range(6):  # and the game plays on
        if match.is_terminal():
            break
        if match.is_chance():
            match.advance_chance()
        else:
            player = match.current_player()
            match.seats[player] = Seat("bot", match.seats[player].name, "easy")
            match.play_bot_turn_now(make_bot)


def load_hostile(tmp_path, text: str):
    """Load ``text`` as a save and as a list entry: only SaveError or a correct load."""
    path = tmp_path / "hostile.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    info = store.read_info(path)  # never raises
    assert isinstance(info.title, str)
    try:
        match = store.load(path)
    except SaveError as err:
        assert "Traceback" not in str(err) and len(str(err)) < 400
        return None
    check_correct_load(match, json.loads(text))
    return match


@pytest.mark.long
@settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    which=st.integers(0, 50),
    where=st.integers(0, 10**6),
    how=st.sampled_from(
        ["value", "twin", "delete", "deep", "huge-int", "keep-checksum", "history-shuffle"]
    ),
    value=st.sampled_from(HOSTILE_VALUES),
    fix_checksum=st.booleans(),
)
def test_hostile_edits_of_real_saves_give_save_error_or_a_correct_load(
    tmp_path, which, where, how, value, fix_checksum
):
    """Issue 15: real saves of every game mutated in the ways of the report (non-text fields,
    Infinity and NaN, floats and bools where ints belong, NUL in names, nesting deeper than
    Python's recursion limit, integers of thousands of digits, steps removed or reordered), with
    the checksum recomputed (a determined hand) or not; bounded by count, not by time."""
    from saves.format import checksum

    real_saves = real_saves_texts()
    env = json.loads(real_saves[which % len(real_saves)])
    spots = [p for p, _ in leaves(env) if p and p[0] != "checksum"]
    spot = spots[where % len(spots)]
    marker = '"__HOSTILE__"'
    replacement = None
    if how == "value":
        put(env, spot, value)
    elif how == "twin":
        numbers = [
            p for p, v in leaves(env) if p and isinstance(v, (int, float)) and p[0] != "checksum"
        ]
        spot = numbers[where % len(numbers)]
        current = env
        for key in spot:
            current = current[key]
        put(env, spot, twin(current))
    elif how == "delete":
        parent = env
        for key in spot[:-1]:
            parent = parent[key]
        del parent[spot[-1]]
    elif how == "deep":
        put(env, spot, "__HOSTILE__")
        replacement = "[" * (200 + where % 3000) + "]" * (200 + where % 3000)
    elif how == "huge-int":
        put(env, spot, "__HOSTILE__")
        replacement = "9" * (4000 + where % 2000)
    elif how == "history-shuffle" and len(env["history"]) > 2:
        i = where % (len(env["history"]) - 1)
        env["history"][i], env["history"][i + 1] = env["history"][i + 1], env["history"][i]
    if fix_checksum and replacement is None:
        try:
            env["checksum"] = checksum(env)
        except ValueError:
            pass  # text no file can hold: the checksum stays wrong
    text = json.dumps(env, ensure_ascii=False)
    if replacement is not None:
        text = text.replace(marker, replacement)
    load_hostile(tmp_path, text)


def test_unchanged_real_saves_load_correctly(tmp_path):
    """The fuzz test's yardstick: an untouched save is a correct load."""
    for text in real_saves_texts():
        assert load_hostile(tmp_path, text) is not None
