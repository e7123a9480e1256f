"""The load list says what each save is: game, players, whose turn, turns per player (issue 24)."""

import json

import pytest

from engine import registry
from engine.match import Match, Seat
from saves import store
from saves.format import checksum, make_envelope
from scenes import kit
from scenes.load_game import fit_where, what_it_is, where_it_is
from tests.dice_game import PIG, Face, Hold, Roll

pytestmark = pytest.mark.usefixtures("pig_registered")


def match_after_turns(turns: int) -> Match:
    """Ana and Ben each roll a 3 and hold, ``turns`` turns in all."""
    match = Match(PIG, [Seat("human", "Ana"), Seat("human", "Ben")], {}, 1)
    for _ in range(turns):
        match.apply(Roll())
        match.resolve_chance(Face(3))
        match.apply(Hold())
    return match


def test_turns_by_seat_counts_each_players_turns_not_steps():
    match = match_after_turns(3)
    assert len(match.history) == 9
    # Stake Pig's first turn starts with no event; each Hold starts the next player's turn
    assert match.turns_by_seat() == [1, 2]
    assert match.turn_owner() == 1


def test_a_save_records_whose_turn_and_the_turns_per_seat(tmp_path):
    path = store.save(match_after_turns(3), "Evening game", tmp_path)
    info = store.read_info(path)
    assert info.to_move == 1 and info.to_move_name == "Ben"
    assert info.turns_by_seat == (1, 2) and info.round == 2


def test_the_list_line_names_the_game_players_turn_and_round(tmp_path):
    path = store.save(match_after_turns(3), "Evening game", tmp_path)
    info = store.read_info(path)
    assert what_it_is(info) == "Stake Pig · Ana, Ben"
    line = where_it_is(info)
    assert line.startswith("Ben to play · round 2 · saved ")
    assert line.endswith(" · evening-game")


def test_a_third_line_too_long_cuts_the_file_name_before_the_time(tmp_path):
    """Play-test: the time of a save was cut off while its file name was kept out of sight;
    the file name goes first ("…"), then the file name whole, and only then the rest."""
    path = store.save(match_after_turns(3), "Evening game with the neighbours", tmp_path)
    info = store.read_info(path)
    whole = where_it_is(info)
    assert whole.endswith(" · evening-game-with-the-neighbours")
    head = whole.removesuffix(" · evening-game-with-the-neighbours")
    assert fit_where(info, len(whole), len) == whole  # one pixel a letter
    assert fit_where(info, len(head) + 11, len) == head + " · evening…"
    assert fit_where(info, len(head) + 4, len) == head  # no room for the name's start
    assert fit_where(info, len(head), len) == head
    assert fit_where(info, 20, len) == kit.ellipsize(head, 20, len)
    assert fit_where(info, 20, len).endswith("…") and len(fit_where(info, 20, len)) <= 20


def test_an_autosave_says_so_first(tmp_path):
    """Play-test: at the end of the line "autosave" was cut off in Russian at 1024 × 640."""
    info = store.read_info(store.autosave(match_after_turns(1), tmp_path))
    assert where_it_is(info).startswith("autosave · Ben to play · round 1 · saved ")
    assert where_it_is(info).count("autosave") == 1


def test_a_save_from_before_these_fields_is_replayed_to_learn_them(tmp_path):
    envelope = make_envelope(match_after_turns(4), title="Old")
    del envelope["to_move"], envelope["turns_by_seat"]
    envelope["checksum"] = checksum(envelope)
    path = tmp_path / "old.json"
    path.write_text(json.dumps(envelope), encoding="utf-8")
    info = store.read_info(path)
    assert info.error is None
    assert info.to_move == 0 and info.turns_by_seat == (2, 2) and info.round == 2


def test_damaged_turn_fields_make_a_damaged_entry(tmp_path):
    envelope = make_envelope(match_after_turns(1), title="Bad")
    envelope["turns_by_seat"] = ["many"]
    envelope["checksum"] = checksum(envelope)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(envelope), encoding="utf-8")
    info = store.read_info(path)
    assert "turns_by_seat" in info.error


def test_a_game_in_rounds_of_its_own_is_listed_by_its_round_as_the_table_says_it(tmp_path):
    """Tea Time plays in deals: five turns into round 1 the list says "round 1 of 5" (as the
    table's "Round 1 of 5" does), not the turns each player has had."""
    import random

    spec = registry.get("tea-time")
    match = Match(spec, [Seat("human", "Ana"), Seat("human", "Ben")], {}, 4)
    rng = random.Random(4)
    while match.state.turn < 5:
        if match.is_chance():
            match.advance_chance()
        else:
            match.apply(rng.choice(match.legal_actions()))
    assert match.state.round == 1 and max(match.turns_by_seat()) == 3
    info = store.read_info(store.save(match, "Tea", tmp_path))
    assert info.round_of_rounds == (1, 5)
    assert " · round 1 of 5 · saved " in where_it_is(info)


def test_a_game_that_numbers_its_turns_is_listed_by_the_turn_its_table_shows(tmp_path):
    """A play tester's find: the list said "round 12" of an Off the Rails game whose table said
    "Turn 23: Ana to play."; it now says the table's turn."""
    import random

    spec = registry.get("off-the-rails")
    match = Match(spec, [Seat("human", "Ana"), Seat("human", "Ben")], {}, 4)
    rng = random.Random(4)
    while match.turn_count() < 5 or match.is_chance():
        if match.is_chance():
            match.advance_chance()
        else:
            match.apply(rng.choice(match.legal_actions()))
    shown = [event.turn for _step, event in match.events if type(event).__name__ == "TurnStarted"]
    info = store.read_info(store.save(match, "Mine", tmp_path))
    assert shown[-1] == 5 and max(info.turns_by_seat) == 3
    assert " · turn 5 · saved " in where_it_is(info)


def test_a_damaged_round_of_rounds_is_a_damaged_field(tmp_path):
    envelope = make_envelope(match_after_turns(1), title="Bad")
    envelope["round_of_rounds"] = [0, "five"]
    envelope["checksum"] = checksum(envelope)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(envelope), encoding="utf-8")
    info = store.read_info(path)
    assert info.error is not None and "round_of_rounds" in info.error


def played_from_a_position(game: str, turns_before: int):
    """A two-player game of ``game`` played at random until its ``turns_before``-th turn has
    started, copied as a position (as Copy and New game's position box do) and played on from
    it until one more turn has started: ``(the first match, the match from the position)``."""
    import random

    from engine.positions import match_from_position, position_text, read_position

    spec = registry.get(game)
    seats = [Seat("human", "Ana"), Seat("human", "Ben")]

    def play(match: Match, rng: random.Random, turns: int) -> None:
        while match.turn_count() < turns or match.is_chance():
            if match.is_chance():
                match.advance_chance()
            else:
                match.apply(rng.choice(match.legal_actions()))

    first = Match(spec, seats, {}, 4)
    play(first, random.Random(4), turns_before)
    state = read_position(spec, position_text(spec, first.state))
    shared = match_from_position(spec, seats, {}, 5, state)
    play(shared, random.Random(5), 1)
    return first, shared


def test_a_game_from_a_position_is_listed_by_the_positions_own_turn(tmp_path):
    """A play-tester's find: an Off the Rails game started from a position at turn 11 was
    listed at "turn 1" after its next turn began; the list goes on from the position's turn
    (the state's own count), as the table's "Turn 12" does."""
    first, shared = played_from_a_position("off-the-rails", 11)
    assert first.state.turn == 11 and shared.state.turn == 12 and shared.turn_count() == 1
    info = store.read_info(store.save(shared, "Shared", tmp_path))
    assert info.turn == 12 and sum(info.turns_by_seat) == 12 and not info.since_position
    assert " · turn 12 · saved " in where_it_is(info)


def test_a_game_from_a_position_is_listed_by_the_positions_own_round(tmp_path):
    """Potion Explosion's desks count their turns: a position in Ana's 6th turn, played on
    into Ben's 6th, is listed at round 6, not round 1."""
    first, shared = played_from_a_position("potion-explosion", 11)
    assert first.turns_by_seat() == [6, 5] and shared.turns_by_seat() == [0, 1]
    info = store.read_info(store.save(shared, "Shared", tmp_path))
    assert info.turns_by_seat == (6, 6) and info.round == 6
    assert where_it_is(info).startswith("Ben to play · round 6 · saved ")


def test_a_position_that_does_not_count_its_turns_is_listed_by_the_turns_played_from_it(
    tmp_path,
):
    """A Diced Tomatoes position does not say how many turns came before it: the list says
    the turns played from it rather than "round 1" (the title of a pasted position's save
    says it is from a position)."""
    first, shared = played_from_a_position("diced-tomatoes", 11)
    assert max(first.turns_by_seat()) == 6 and shared.turn_count() == 1
    info = store.read_info(store.save(shared, "Shared", tmp_path))
    assert info.since_position and info.turn == 1
    line = where_it_is(info)
    assert " · 1 turn played · saved " in line and "round" not in line


def test_a_game_from_its_set_up_is_not_a_game_from_a_position(tmp_path):
    info = store.read_info(store.save(match_after_turns(3), "Evening game", tmp_path))
    assert not info.since_position and info.turn == 3 and info.turns_by_seat == (1, 2)
