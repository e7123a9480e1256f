"""Fuzzed positions for every game: the property test (tests/engine/test_validation.py) and the
fuzzer in ``bench/fuzz_positions.py`` share these.

A case starts from real positions of seeded random games and changes them as a hostile hand
would: a field of the plain data replaced by a near value, a value of another type, the same
field of another position of the game, a list cut or stretched, a field removed; or a field of
the notation text replaced by another position's, digits changed. The case then goes through
the door every position from outside takes (:mod:`engine.validation`, or
:func:`engine.positions.read_position` for text) and, when accepted, is played to the end with
random legal moves (those the game's bots consider), a bounded number of steps and a time
limit. :func:`run_case` says which of four things happened: refused, played, hang, or a
traceback.
"""

from __future__ import annotations

import copy
import json
import random
import signal
import traceback
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass

from engine.core import CHANCE, TERMINAL, GameSpec, InvalidPosition
from engine.match import Match, Seat, pick_outcome
from engine.positions import read_position
from engine.validation import position_from_data
from tests.contract import random_allowed

PLAY_STEPS = 6000
"""Steps a fuzzed position may take to reach its end (a whole random game takes at most 3,000
from the set-up, tests/contract.py)."""
CASE_SECONDS = 20.0
"""Seconds one case may take, checks and play; longer is a hang."""


class Hang(Exception):
    """A case that did not end in its steps or its time."""


@dataclass
class Outcome:
    """What one case did: ``kind`` is "refused", "played", "hang" or "traceback";
    ``detail`` the refusal's sentence, or the traceback's last lines."""

    kind: str
    detail: str = ""
    case: str = ""
    """The position tried (plain data as JSON, or the text), for a hang or a traceback."""


def sample_states(spec: GameSpec, seed: int, count: int = 12) -> list:
    """``count`` positions of one seeded random game of ``spec`` (a random seat count and
    random options), the set-up and the end among them."""
    rng = random.Random(f"{spec.id}:{seed}")
    players = rng.randint(spec.min_players, spec.max_players)
    options = {
        option.name: rng.random() < 0.4
        if option.kind == "bool"
        else rng.choice(option.choices_for(players))
        for option in spec.options
        if option.applies(players)
    }
    match = Match(spec, [Seat("human", f"P{n}") for n in range(players)], options, seed)
    states = [match.state.clone()]
    steps = 0
    while not match.is_terminal() and steps < 4000:
        state = match.state
        if match.is_chance():
            match.resolve_chance(pick_outcome(state.chance_outcomes(), rng))
        else:
            match.apply(random_allowed(spec, state, match.legal_actions(), rng))
        steps += 1
        if rng.random() < 0.03:
            states.append(match.state.clone())
    states.append(match.state.clone())
    if len(states) > count:
        states = [states[0], *rng.sample(states[1:-1], count - 2), states[-1]]
    return states


# --- changing plain data ----------------------------------------------------------------------
def _paths(data, path=()):
    """Every place in plain data: ``(path, value)``, containers included."""
    yield path, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _paths(value, (*path, index))


def _get(data, path):
    for key in path:
        data = data[key]
    return data


def _put(data, path, value):
    if not path:
        return value
    _get(data, path[:-1])[path[-1]] = value
    return data


def _near(value, rng: random.Random):
    """A value a hand would put there instead."""
    if isinstance(value, bool):
        return rng.choice([not value, 1, 0, None, "true"])
    if isinstance(value, int):
        return rng.choice(
            [
                value + 1,
                value - 1,
                value + 1,
                value - 1,
                0,
                -1,
                -99,
                value * 2 + 3,
                10**7,
                2**40,
                None,
                str(value),
                float(value),
                True,
            ]
        )
    if isinstance(value, float):
        return rng.choice([value + 1, -value, 0, 1e308, None])
    if isinstance(value, str):
        return rng.choice(
            [
                value + value[:1],
                value[:-1],
                value.upper(),
                value.lower(),
                "",
                "x",
                None,
                0,
                value[::-1],
                "\u200b",
                value + "1",
            ]
        )
    if value is None:
        return rng.choice([0, -1, 1, 2, "", "x", [], {}])
    if isinstance(value, list):
        change = rng.randrange(6)
        if change == 0 and value:
            return value[:-1]
        if change == 1 and value:
            return [*value, copy.deepcopy(rng.choice(value))]
        if change == 2 and len(value) > 1:
            shuffled = list(value)
            rng.shuffle(shuffled)
            return shuffled
        if change == 3:
            return []
        if change == 4:
            return [*value, rng.choice([0, -1, "x", None, [], 99])]
        return {}
    if isinstance(value, dict):
        if value and rng.random() < 0.5:
            keys = list(value)
            changed = dict(value)
            del changed[rng.choice(keys)]
            return changed
        return dict(value, extra=rng.choice([0, "x", None, [1]]))
    return None


def _transfer(data, rng: random.Random) -> bool:
    """One more at one whole number, one less at another of the same list or mapping (a marble,
    a die, a gem moved: totals stay as they were, so only the finer checks can tell)."""
    parents = [
        (path, value)
        for path, value in _paths(data)
        if isinstance(value, (list, dict))
        and sum(1 for v in (value.values() if isinstance(value, dict) else value) if type(v) is int)
        >= 2
    ]
    if not parents:
        return False
    path, parent = rng.choice(parents)
    keys = [
        k
        for k, v in (parent.items() if isinstance(parent, dict) else enumerate(parent))
        if type(v) is int
    ]
    give, take = rng.sample(keys, 2)
    parent[give] += 1
    parent[take] -= 1
    return True


def _swap(data, rng: random.Random) -> bool:
    """Two items of one list change places (two tracks, two seats' desks, two tasks)."""
    lists = [value for _path, value in _paths(data) if isinstance(value, list) and len(value) > 1]
    if not lists:
        return False
    items = rng.choice(lists)
    a, b = rng.sample(range(len(items)), 2)
    items[a], items[b] = items[b], items[a]
    return True


def mutate_data(data: dict, donors: list, rng: random.Random, changes: int = 0) -> dict:
    """``data`` with 1 to 5 changes (``changes`` when given): a near value, the same place
    taken from one of ``donors`` (plain data of other positions of the game), one unit moved
    between two counts, or two items of a list swapped."""
    data = copy.deepcopy(data)
    for _change in range(changes or rng.choice([1, 1, 1, 2, 2, 3, 5])):
        roll = rng.random()
        if roll < 0.15 and _transfer(data, rng):
            continue
        if roll < 0.25 and _swap(data, rng):
            continue
        places = [path for path, _value in _paths(data) if path]
        if not places:
            break
        path = rng.choice(places)
        donor = rng.choice(donors) if donors else None
        if donor is not None and rng.random() < 0.45:
            try:
                value = copy.deepcopy(_get(donor, path))
            except (KeyError, IndexError, TypeError):
                value = _near(_get(data, path), rng)
        else:
            value = _near(_get(data, path), rng)
        data = _put(data, path, value)
    return data


# --- changing notation text ---------------------------------------------------------------------
def mutate_text(text: str, donors: list[str], rng: random.Random) -> str:
    """``text`` (a position's notation) with one change: a ``key=value`` field (or a line)
    taken from a donor text, its digits changed, a field dropped or doubled, or characters
    cut."""
    words = text.split(" ") if "\n" not in text else text.split("\n")
    joiner = " " if "\n" not in text else "\n"
    change = rng.randrange(6)
    index = rng.randrange(len(words))
    if change == 0 and donors:
        donor = rng.choice(donors)
        other = donor.split(joiner)
        key = words[index].partition("=")[0]
        same = [word for word in other if word.partition("=")[0] == key]
        words[index] = rng.choice(same or other)
    elif change == 1:
        word = words[index]
        digits = [i for i, ch in enumerate(word) if ch.isdigit()]
        if digits:
            at = rng.choice(digits)
            word = word[:at] + rng.choice("0123456789") + word[at + 1 :]
        words[index] = word
    elif change == 2:
        del words[index]
    elif change == 3:
        words.insert(index, words[index])
    elif change == 4:
        word = words[index]
        if word:
            at = rng.randrange(len(word))
            word = word[:at] + word[at + 1 :]
        words[index] = word
    else:
        word = words[index]
        at = rng.randrange(len(word) + 1)
        words[index] = word[:at] + rng.choice("-,./:|+?x0123456789RBYKrbgA") + word[at:]
    return joiner.join(words)


# --- running a case -----------------------------------------------------------------------------
@contextmanager
def time_limit(seconds: float):
    """Raise :class:`Hang` in this (main) thread after ``seconds``; no limit where the
    system has no interval timer."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def ring(_signum, _frame):
        raise Hang(f"no end after {seconds} s")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def play_to_end(spec: GameSpec, state, rng: random.Random, steps: int = PLAY_STEPS) -> int:
    """Play ``state`` to its end with random moves the bots consider (checking what play
    asks at every step); returns the steps taken. Raises :class:`Hang` past ``steps``."""
    players = state.num_players
    for step in range(steps):
        player = state.current_player()
        if player == TERMINAL:
            sheet = state.score_sheet()
            assert len(state.returns()) == players
            assert set(sheet["winners"]) <= set(range(players))
            spec.notation.format(state)
            return step
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            assert outcomes and abs(sum(p for _action, p in outcomes) - 1) < 1e-6
            state.apply_action(pick_outcome(outcomes, rng))
        else:
            assert 0 <= player < players, player
            legal = state.legal_actions()
            assert legal, "a player to move has no legal action"
            state.apply_action(random_allowed(spec, state, legal, rng))
    raise Hang(f"no end after {steps} steps")


def run_case(
    spec: GameSpec, make: Callable[[], object], seed: int, seconds: float = CASE_SECONDS
) -> Outcome:
    """Check the position ``make()`` gives (through the door) and play it to its end."""
    rng = random.Random(seed)
    try:
        with time_limit(seconds):
            try:
                state = make()
            except InvalidPosition as refusal:
                return Outcome("refused", refusal.reason)
            except ValueError as refusal:  # read_position's refusal of a text
                return Outcome("refused", str(refusal))
            play_to_end(spec, state, rng)
    except Hang as hang:
        return Outcome("hang", str(hang), getattr(make, "case", ""))
    except Exception:  # noqa: BLE001 - what the fuzzer counts
        detail = "".join(traceback.format_exc().splitlines(True)[-6:])
        return Outcome("traceback", detail, getattr(make, "case", ""))
    return Outcome("played")


def data_case(spec: GameSpec, base: dict, donors: list, rng: random.Random):
    """A maker of one fuzzed position from plain data (a save's start, a network message)."""
    changed = mutate_data(base, donors, rng)
    case = json.dumps(changed)

    def make():
        return position_from_data(spec, json.loads(case))

    make.case = case  # type: ignore[attr-defined]
    return make


def text_case(spec: GameSpec, base: str, donors: list[str], rng: random.Random):
    """A maker of one fuzzed position from notation text (a paste)."""
    changed = mutate_text(base, donors, rng)

    def make():
        return read_position(spec, changed)

    make.case = changed  # type: ignore[attr-defined]
    return make
