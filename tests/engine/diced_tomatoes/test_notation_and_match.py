"""Diced Tomatoes: the position notation, matches (undo, turn owner, saves) and bot autoplay."""

from __future__ import annotations

import random

import pytest

from engine.bots import make_bot
from engine.core import CHANCE, TERMINAL
from engine.diced_tomatoes import GAME, format_position, parse_position
from engine.diced_tomatoes.state import ClearVine, EndTurn, PlaceDie, Reroll, RollDie
from engine.match import Match, Seat

from .helpers import pos


def test_notation_round_trip_full_example():
    """Notation: the module docstring's example parses and formats back identically."""
    text = (
        "players=3 options=d phase=turn active=1 last=0 start=- karma=3,3,4 bits=0,0,0 "
        "first6=- final=no bushel=r27,b6,g0 draw=0 hand=4r,2b,x passed=- "
        "vines=1r2r|-|3r/-|-|-/-|-|- score=1,3/-/- pending=- end=-"
    )
    s = parse_position(text)
    assert format_position(s) == text
    assert s.active == 1 and s.hand == [("r", 4), ("b", 2), None]
    assert s.vines[0][0] == [("r", 1), ("r", 2)] and s.score[0] == [1, 3]
    assert GAME.notation.parse(GAME.notation.format(s)) == s


def test_notation_defaults_fill_the_bushel_with_unused_dice():
    """Notation: missing fields default; the bushel holds every die not shown elsewhere."""
    s = pos("players=2 options=g vines=1r2b|-|-/-|-|- hand=3g,?r score=4/- passed=b")
    assert s.bushel == {"r": 22 - 3, "b": 4 - 2, "g": 2 - 1}
    assert s.karma == [3, 3] and s.active == 0 and s.last_player == 1 and s.phase == "turn"
    assert s.current_player() == CHANCE


def test_notation_start_phase_and_cleanup_round_trip():
    """Notation: the first-player roll in progress and pending clean-up decisions round-trip."""
    s = GAME.new_state(4, {})
    s.apply_action(s.chance_outcomes()[2][0])
    assert "start=0.1.2.3:3" in format_position(s)
    assert parse_position(format_position(s)) == s
    c = pos("players=2 phase=cleanup pending=1.0,1.2 vines=-|-|-/1r1b|-|2r2b2b")
    assert c.current_player() == 1 and parse_position(format_position(c)) == c


@pytest.mark.parametrize(
    "bad, words",
    [
        ("players=7", "players: 7 is outside 1 to 6."),
        ("players=1 vines=1r9r|-|-", "vines: '1r9r' is not a vine"),
        ("players=2 hand=4q", "hand: '4q' is not a die"),
        ("players=3 karma=1,2", "karma: 2 given, one per player (3) needed."),
        ("players=2 karma=1,100", "karma: 100 is outside 0 to 99."),
        ("players=2 phase=dance", "phase: 'dance' is not one of start, turn, cleanup, over."),
        ("players=2 colour=red", "unknown field 'colour'"),
        ("players=1 vines=1r1r1r1r1r|-|-", "vines: '1r1r1r1r1r' is not a vine of at most 4 dice"),
        ("players=1 options=z", "options: 'z' holds a letter that is no option"),
        ("players=1 vines=1r|-|- vines=1r|-|-", "the field 'vines' is given twice."),
        ("hand=4r", "the notation needs players= or vines="),
        ("players=2 draw=9999999", "draw: '9999999' is not a number."),
    ],
)
def test_notation_rejects_bad_text_by_the_check_it_names(bad, words):
    """Notation (issue 37, item 8): each bad text is refused by its own check, whose message
    names the field, not by a missing ``players=``."""
    with pytest.raises(ValueError) as refusal:
        parse_position(bad)
    assert words in str(refusal.value)


def test_the_refused_cases_are_fine_once_their_one_fault_is_mended():
    """The cases above differ from accepted positions only in the fault they name."""
    for good in ("players=2 hand=4r", "players=3 karma=1,2,3", "players=2 karma=1,2"):
        assert parse_position(good).num_players == int(good[8])


def _play_to_placement(match):
    match.advance_chance()
    return match


def test_match_undo_within_turn_and_never_across_a_reroll():
    """Rules, Karma (undo): undo goes back within the turn but never across a re-roll."""
    seats = [Seat("human", "Ana"), Seat("human", "Bo")]
    m = Match(GAME, seats, {}, seed=5)
    m.advance_chance()
    p = m.current_player()
    s = m.state.clone()
    place = next(a for a in s.legal_actions() if isinstance(a, PlaceDie))
    m.apply(place)
    assert m.can_undo() and m.undo() and m.state.hand == s.hand
    m.state.karma[p] = 1
    m.apply(Reroll(next(i for i, _, _ in m.state.rolled_dice())))
    m.advance_chance()
    assert not m.can_undo()


def test_turn_owner_is_active_player_during_cleanup():
    """DT-D5 / GameSpec.turn_owner: the active player owns the turn while an owner decides."""
    s = pos("players=3 active=2 last=0 vines=-|-|-/1r1b|-|-/-|-|- hand=-")
    s.apply_action(EndTurn())
    assert s.current_player() == 1 and s.turn_owner() == 2
    s.apply_action(ClearVine(1, 0))
    assert s.turn_owner() == 0 and s.current_player() == CHANCE


@pytest.mark.long
def test_save_round_trip_replays_history():
    """Matches: a saved game replays to the same position."""
    seats = [Seat("bot", "A", "easy"), Seat("bot", "B", "easy"), Seat("bot", "C", "easy")]
    m = Match(GAME, seats, {"golden": True, "overload": True}, seed=11)
    for _ in range(150):
        if m.is_terminal():
            break
        if m.is_chance():
            m.resolve_chance()
        else:
            m.play_bot_turn_now(make_bot)
    again = Match.from_save(GAME, m.to_save())
    assert again.state == m.state


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
@pytest.mark.long
def test_autoplay_bots_reach_terminal_for_each_player_count(n):
    """Autoplay: a Match with bot seats plays to TERMINAL for every player count."""
    levels = ["easy", "medium"]
    seats = [Seat("bot", f"Bot {i + 1}", levels[i % 2] if n <= 3 else "easy") for i in range(n)]
    m = Match(GAME, seats, {"dicey": n % 2 == 0, "golden": n >= 4}, seed=n)
    steps = 0
    while not m.is_terminal():
        if m.is_chance():
            m.resolve_chance()
        else:
            m.play_bot_turn_now(make_bot)
        steps += 1
        assert steps < 20000
    assert m.current_player() == TERMINAL
    sheet = m.state.score_sheet()
    assert len(sheet["rows"]) == n
    if n == 1:
        assert "solo" in sheet
    assert all(isinstance(e.text(m.names), str) for _, e in m.events)


def test_greedy_bot_prefers_harvesting_its_own_vine():
    """Heuristics: the medium bot completes its own vine when it can."""
    s = pos("players=2 vines=5r5r5r|-|-/-|-|- hand=5r karma=0,3 bushel=r10,b2,g0")
    bot = make_bot(GAME, "medium")
    choice = bot.choose(s.observation(0), s.legal_actions(), random.Random(2))
    assert choice == PlaceDie(0, 0, 0)


def test_chance_roll_outcomes_sum_to_one():
    """Chance nodes: outcomes' probabilities sum to 1 at every kind of node."""
    for s in (GAME.new_state(3, {}), GAME.new_state(1, {}), pos("players=2 hand=?r,4r")):
        outcomes = s.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    assert pos("players=2 hand=?r,4r").chance_outcomes()[0][0] == RollDie(0, 1)
