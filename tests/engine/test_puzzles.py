"""Set-up puzzles (issue 24): every puzzle is a legal position and the Hard bot solves it."""

import pytest

from engine import registry
from engine.bots import make_bot
from engine.core import TurnStarted
from engine.match import Seat
from engine.positions import match_from_position, players_in, read_position
from engine.puzzles import PUZZLES, get, puzzles_for


def test_puzzle_ids_are_unique_and_every_game_is_known():
    assert len({p.id for p in PUZZLES}) == len(PUZZLES)
    known = {spec.id for spec in registry.games()}
    assert {p.game for p in PUZZLES} <= known
    assert get(PUZZLES[0].id) is PUZZLES[0]
    assert puzzles_for("diced-tomatoes") and all(
        p.game == "diced-tomatoes" for p in puzzles_for("diced-tomatoes")
    )


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.id)
def test_every_puzzle_is_a_legal_position_not_yet_solved(puzzle):
    spec = registry.get(puzzle.game)
    state = read_position(spec, puzzle.position)
    assert spec.notation.format(
        read_position(spec, spec.notation.format(state))
    ) == spec.notation.format(state)
    assert not state.is_terminal() and state.legal_actions()
    assert state.turn_owner() == 0  # the person (seat 0) is to play
    assert not puzzle.check(state, state, [])


def test_the_chain_reaction_puzzle_has_its_chain():
    """The pe-chain puzzle is solvable: the blue marble at track 3, place 5 sets off 9."""
    from engine.potion_explosion.state import RegularPick
    from engine.puzzles import _marbles_picked

    puzzle = get("pe-chain")
    spec = registry.get(puzzle.game)
    match = match_from_position(
        spec,
        [Seat("human", "Ana"), Seat("bot", "Bot", "easy")],
        {},
        7,
        read_position(spec, puzzle.position),
    )
    match.apply(RegularPick(track=2, position=4))
    while match.is_chance():
        match.advance_chance()
    assert _marbles_picked([event for _, event in match.events]) == 9
    assert puzzle.check(match.start_state(), match.state, [event for _, event in match.events])


@pytest.mark.parametrize(
    "puzzle",
    PUZZLES,
    ids=lambda p: p.id,
)
@pytest.mark.long
def test_the_hard_bot_solves_every_puzzle(puzzle):
    spec = registry.get(puzzle.game)
    state = read_position(spec, puzzle.position)
    seats = [Seat("bot", "Solver", "hard")] + [
        Seat("bot", f"Bot {i}", "easy") for i in range(1, players_in(state) or 1)
    ]
    match = match_from_position(spec, seats, {}, 7, state)
    start = match.start_state()
    bots = {level: make_bot(spec, level) for level in ("hard", "easy")}
    turns_of_seat_0 = 1

    def solved():
        return puzzle.check(start, match.state, [event for _, event in match.events])

    while not match.is_terminal() and not solved():
        if match.is_chance():
            match.advance_chance()
            continue
        seen = len(match.events)
        player = match.current_player()
        bot = bots[match.seats[player].level]
        match.apply(
            bot.choose(match.state.observation(player), match.legal_actions(), match.bot_rng())
        )
        for _, event in match.events[seen:]:
            if isinstance(event, TurnStarted) and event.player == 0:
                turns_of_seat_0 += 1
        if turns_of_seat_0 > puzzle.turns:
            break
    assert solved(), puzzle.goal
