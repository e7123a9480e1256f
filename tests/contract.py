"""The engine contract every game keeps, checked over seeded random games (like OpenSpiel's
``random_sim_test``).

:func:`contract_check` plays random legal games of a :class:`engine.core.GameSpec` and checks at
every step what docs/DESIGN.md's "engine contract" promises:

* chance nodes list outcomes whose probabilities sum to 1; players have legal actions, listed
  without repeats and in the same order when asked twice, each surviving its codec round trip;
* an action legal elsewhere but not here is refused with :class:`IllegalAction` — a sentence with
  no decision code — and changes nothing;
* ``clone()`` equals the state and is independent of it; ``to_dict()`` is JSON and
  ``from_dict(to_dict())`` gives it back; the player to move and the legal actions a state
  keeps between changes are those a fresh ``from_dict`` state works out; the position
  notation round-trips;
* ``observation(player)`` keeps what the player needs to decide (whose move, the legal actions);
* the step's events, applied one by one with the game's ``apply_event`` to the state before,
  give exactly the state after, and never change the state they are given; every event has a
  log text;
* ``turn_owner()`` is a seat; at the end ``returns()`` and ``score_sheet()`` have one entry per
  seat; a state that counts its turns (the optional ``turns_by_seat()``, which lets a game
  played from a shared position go on counting) counts the turns the match has seen start;
* the match's save replays to the same position (``Match.from_save``).

A game's own random-game test adds only its own invariants (marbles, dice, gems conserved).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence

from engine.core import CHANCE, TERMINAL, Event, GameSpec, IllegalAction
from engine.match import Match, Seat, pick_outcome

DECISION_CODE = re.compile(r"\b(PE|OR|DT|TT|SS)-D\d+")
MAX_STEPS = 3000


def is_player_sentence(text: str) -> bool:
    """A refusal a player reads: a capital first letter, a full stop (or ! ?) at the end, and no
    decision code such as "PE-D8"."""
    text = text.strip()
    return (
        bool(text)
        and (text[0].isupper() or text[0].isdigit())
        and text[-1] in ".!?"
        and not DECISION_CODE.search(text)
    )


def _check_state(spec: GameSpec, state, names: Sequence[str]) -> None:
    data = state.to_dict()
    json.dumps(data)
    fresh = spec.state_from_dict(data)
    assert fresh.to_dict() == data, "from_dict(to_dict()) differs"
    # a state may keep its player to move and legal moves until it changes: never stale ones
    assert fresh.current_player() == state.current_player(), "a kept current_player() is stale"
    assert fresh.legal_actions() == state.legal_actions(), "kept legal_actions() are stale"
    assert fresh.chance_outcomes() == state.chance_outcomes(), "kept chance outcomes are stale"
    copy = state.clone()
    assert copy.to_dict() == data, "clone() differs"
    assert copy.legal_actions() == fresh.legal_actions(), "clone() keeps stale legal actions"
    text = spec.notation.format(state)
    assert spec.notation.format(spec.notation.parse(text)) == text, "notation round trip"
    player = state.current_player()
    assert player in (CHANCE, TERMINAL) or 0 <= player < len(names), player
    if player >= 0:
        assert 0 <= state.turn_owner() < len(names), "turn_owner() is not a seat"


def _check_turn_counts(match: Match) -> None:
    counting = getattr(match.state, "turns_by_seat", None)
    if counting is not None:
        assert counting() == match.turns_by_seat(), "the state counts other turns than started"


def _check_observation(state, player: int) -> None:
    seen = state.observation(player)
    json.dumps(seen.to_dict())
    assert seen.current_player() == player
    assert seen.legal_actions() == state.legal_actions(), "observation changes the legal actions"


def _check_refusals(state, legal, seen_actions: dict, rng: random.Random) -> list[str]:
    """Try up to 4 actions seen elsewhere that are not legal here; each must be refused with a
    player's sentence and leave the state as it was. Returns the refusal texts."""
    reasons = []
    before = state.to_dict()
    legal_set = set(legal)
    candidates = [action for action in seen_actions if action not in legal_set]
    for action in rng.sample(candidates, min(4, len(candidates))):
        trial = state.clone()
        try:
            trial.apply_action(action)
        except IllegalAction as refusal:
            reasons.append(refusal.reason)
            assert is_player_sentence(refusal.reason), (
                f"not a player's sentence: {refusal.reason!r}"
            )
            assert trial.to_dict() == before, f"a refused {action} changed the state"
        else:
            raise AssertionError(f"{action} is not listed as legal but was accepted")
    return reasons


def _check_events(spec: GameSpec, before, events, after, names) -> None:
    assert all(isinstance(event, Event) for event in events)
    for event in events:
        assert isinstance(event.text(names), str)
    if spec.apply_event is None:
        return
    shown = before.clone()
    untouched = before.to_dict()
    for event in events:
        shown = spec.apply_event(shown, event)
    assert before.to_dict() == untouched, "apply_event changed the state it was given"
    assert shown.to_dict() == after.to_dict(), (
        f"the events {[type(event).__name__ for event in events]} applied one by one do not "
        f"give the state after the step"
    )


def random_allowed(spec: GameSpec, state, legal, rng: random.Random):
    """A uniformly random move among those the game's bots consider (so marbles are not
    shuffled between pool and hand for ever)."""
    allowed = spec.bots.allowed_moves(state, legal) if spec.bots else legal
    choices = allowed or legal
    return choices[int(rng.random() * len(choices))]


def contract_check(
    spec: GameSpec,
    seeds: Sequence[int],
    players: Sequence[int] | None = None,
    options_for=None,
    deep_every: int = 1,
    choose=random_allowed,
    invariants=None,
    steps_cap: int | None = None,
) -> list[str]:
    """Play one random game per seed and check the engine contract at every step.

    ``players`` gives the seat counts to cycle through (default: every count the game allows);
    ``options_for(rng, num_players)`` may give random options (default: the defaults).
    ``deep_every`` runs the costlier checks (round trips, refusals, observations) on every n-th
    step only. ``choose(spec, state, legal, rng)`` picks each move (default
    :func:`random_allowed`). ``invariants(state, step)`` is the game's own check (what it
    conserves), run on the first state and after every step, the last (terminal) one too.
    ``steps_cap`` stops each game after that many steps (chance and decisions), its replay
    still checked. Raises ``AssertionError`` naming the seed and step of the first broken
    promise.
    Returns every refusal text met, for tests of wording.
    """
    counts = list(players or range(spec.min_players, spec.max_players + 1))
    refusals: list[str] = []
    for index, seed in enumerate(seeds):
        rng = random.Random(seed)
        num_players = counts[index % len(counts)]
        options = options_for(rng, num_players) if options_for else None
        names = [f"Seat {n + 1}" for n in range(num_players)]
        match = Match(spec, [Seat("human", name) for name in names], options, seed)
        seen_actions: dict = {}
        step = 0
        try:
            if invariants:
                invariants(match.state, step)
            while not match.is_terminal():
                if steps_cap is not None and step >= steps_cap:
                    break
                assert step < MAX_STEPS, "the game did not end"
                state = match.state
                deep = step % deep_every == 0
                if deep:
                    _check_state(spec, state, names)
                before = state.clone()
                if match.is_chance():
                    outcomes = state.chance_outcomes()
                    assert outcomes and abs(sum(p for _, p in outcomes) - 1) < 1e-9
                    events = match.resolve_chance(pick_outcome(outcomes, rng))
                else:
                    legal = match.legal_actions()
                    assert legal, "a player to move has no legal action"
                    assert len(set(legal)) == len(legal), "legal actions repeat"
                    assert state.legal_actions() == legal, "legal actions change order"
                    for action in legal:
                        if action not in seen_actions:  # the codec is pure: once per action
                            assert spec.action_codec.from_dict(action.to_dict()) == action
                            seen_actions[action] = None
                    if deep:
                        _check_observation(state, match.current_player())
                        refusals += _check_refusals(state, legal, seen_actions, rng)
                    events = match.apply(choose(spec, state, legal, rng))
                if deep:
                    _check_events(spec, before, events, match.state, names)
                    _check_turn_counts(match)
                step += 1
                if invariants:
                    invariants(match.state, step)
            _check_turn_counts(match)
            if match.is_terminal():
                assert len(match.state.returns()) == num_players
                sheet = match.state.score_sheet()
                assert set(sheet["winners"]) <= set(range(num_players))
            replayed = Match.from_save(spec, json.loads(json.dumps(match.to_save())))
            assert replayed.state.to_dict() == match.state.to_dict(), "replay differs"
        except AssertionError as failure:
            raise AssertionError(
                f"{spec.id}, seed {seed}, {num_players} players, step {step}: {failure}"
            ) from failure
    return refusals
