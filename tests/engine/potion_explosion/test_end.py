"""docs/rules/potion_explosion.md, "Skill tokens", "End of the game" and PE-D11, PE-D12."""

import pytest

from engine.core import CHANCE, TERMINAL, IllegalAction
from engine.potion_explosion.rules import game_ends_after_turn
from engine.potion_explosion.state import (
    Brewing,
    ChooseStack,
    EndTurn,
    GameEndTriggered,
    GameOver,
    LastRoundBegun,
    NoTileLeft,
    PlaceMarble,
    RegularPick,
    SkillTokenEarned,
    Stack,
    TieBreakPick,
    TieBreakResult,
    TieBreakStarted,
)
from tests.engine.potion_explosion.helpers import FULL, of_type, pos, reveal, roll

TRACKS = "tracks=" + "/".join([FULL] * 5)


def finish_wis4(s):
    """Player 0's slot 0 holds WIS4 with R R Y placed; the pool's Y completes it."""
    return s.apply_action(PlaceMarble("pool", "Y", 0, "Y"))


def tokens(ev):
    return [(e.reason, e.source) for e in of_type(ev, SkillTokenEarned)]


def test_skill_tokens_mastery_for_every_three_potions_of_one_type():
    """Skill tokens, Mastery: a token for every 3 completed potions of one type («каждые 3
    одинаковых приготовленных зелья»): the 3rd, the 6th, ... of that type, not the 4th or 5th."""
    s = pos(f"{TRACKS} p0=WIS4:RRY,-/Y/-/WIS5,WIS6/0.0.-.0.0.0")
    ev = finish_wis4(s)
    assert tokens(ev) == [("mastery", "countdown")]
    assert s.desks[0].tokens == 1 and s.desks[0].mastery == ["WIS"] and s.countdown == 3
    s = pos(f"{TRACKS} p0=WIS4:RRY,-/Y/-/WIS5,WIS6,WIS7/1.0.WIS.0.0.0")
    assert tokens(finish_wis4(s)) == []  # a 4th Wisdom: no token
    s = pos(f"{TRACKS} p0=WIS4:RRY,-/Y/-/WIS5,WIS6,WIS7,WIS4/1.0.WIS.0.0.0")
    assert tokens(finish_wis4(s)) == []  # a 5th Wisdom: no token
    s = pos(f"{TRACKS} p0=WIS4:RRY,-/Y/-/WIS5,WIS6,WIS7,WIS4,WIS5/1.0.WIS.0.0.0")
    ev = finish_wis4(s)  # the 6th Wisdom: a second Mastery token
    assert tokens(ev) == [("mastery", "countdown")]
    assert s.desks[0].tokens == 2 and s.desks[0].mastery == ["WIS", "WIS"]
    assert s.score_sheet()["rows"][0][1] == 8  # 4 VP per skill token


def test_skill_tokens_mastery_counts_each_type_apart():
    """Skill tokens, Mastery: the three must be of one type; other types do not add up."""
    s = pos(f"{TRACKS} p0=WIS4:RRY,-/Y/-/WIS5,SAN4,SAN5,MAG4/0.0.-.0.0.0")
    assert tokens(finish_wis4(s)) == []
    s = pos(f"{TRACKS} p0=WIS4:RRY,-/Y/-/WIS5,WIS6,SAN4,SAN5,SAN6/1.0.SAN.0.0.0")
    assert tokens(finish_wis4(s)) == [("mastery", "countdown")]
    assert s.desks[0].mastery == ["SAN", "WIS"]


def test_skill_tokens_variety_on_fifth_type_once():
    """Skill tokens, Variety: completing a potion of your 5th different type, once."""
    s = pos(f"{TRACKS} p0=WIS4:RRY,-/Y/-/SAN4,MAG4,PRI4,BLI4/0.0.-.0.0.0")
    assert tokens(finish_wis4(s)) == [("variety", "countdown")]
    s = pos(f"{TRACKS} p0=WIS4:RRY,-/Y/-/SAN4,MAG4,PRI4,BLI4,ABY4/1.0.-.1.0.0")
    assert tokens(finish_wis4(s)) == []


def test_skill_tokens_tenth_potion_only_with_five_or_six_players():
    """Skill tokens / PE-D11: completing your 10th potion earns a token only with 5–6 players."""
    done = "SAN4,SAN5,SAN6,MAG4,MAG5,MAG6,PRI4,PRI5,BLI4"
    flags = "2.0.SAN+MAG.1.0.0"
    s5 = pos(f"n=5 {TRACKS} p0=WIS4:RRY,-/Y/-/{done}/{flags}")
    assert tokens(finish_wis4(s5)) == [("tenth", "countdown")]
    s4 = pos(f"n=4 {TRACKS} p0=WIS4:RRY,-/Y/-/{done}/{flags}")
    assert tokens(finish_wis4(s4)) == []


def test_skill_tokens_one_completion_several_tokens_countdown_then_supply():
    """Skill tokens: one completion can earn several; the countdown stack first, then the
    general supply."""
    s = pos(
        f"n=5 {TRACKS} skill=1/7 "
        "p0=WIS4:RRY,-/Y/-/SAN4,SAN5,SAN6,MAG4,MAG5,MAG6,PRI4,PRI5,BLI4/2.0.SAN+MAG.0.0.0"
    )
    ev = finish_wis4(s)
    assert tokens(ev) == [("variety", "countdown"), ("tenth", "supply")]
    assert (s.countdown, s.supply, s.desks[0].tokens) == (0, 6, 4)
    assert s.scores()[0] == 13 + 18 + 8 + 4 + 5 + 16


def _pick_and_end(s, roll_colour="R"):
    """Pick the top marble of track 0 (no explosion with an empty tank), end the turn."""
    s.apply_action(RegularPick(0, 7))
    if s.current_player() == CHANCE:
        roll(s, roll_colour)
    events = s.apply_action(EndTurn())
    while s.current_player() == CHANCE:
        events += roll(s, [a for a, _ in s.chance_outcomes()][0].colour)
    return events


def test_end_countdown_empty_finishes_the_round_with_equal_turns():
    """End of the game: triggered at the end of the turn in which the countdown stack became
    empty; the round is finished so every player has had the same number of turns."""
    full = "KKK"
    s = pos(
        f"n=3 first=0 player=1 {TRACKS} stacks=SAN5+3/-+0/-+0/-+0/-+0 skill=1/9 "
        f"p0=-,-/{full}/-/-/0.0.-.0.0.4 "
        f"p1=WIS4:RRY,SAN4:/Y/-/WIS5,WIS6/0.0.-.0.0.3 "
        f"p2=WIS4:,PRI4:/{full}/-/-/0.0.-.0.0.3 turn=p"
    )
    s.desks[1].slots[0] = Brewing("WIS4", ("RR", "RR", "YY"))
    s.changed()  # set by hand, not by an event
    placed = s.apply_action(PlaceMarble("pool", "Y", 0, "Y"))  # mastery: the countdown empties
    assert s.countdown == 0
    # announced at once, by the player who took the last token (the end comes after the turn)
    assert [e.player for e in of_type(placed, LastRoundBegun)] == [1]
    assert not of_type(placed, GameEndTriggered) and not s.ending
    ev = s.apply_action(EndTurn())
    assert not of_type(ev, LastRoundBegun)
    ev += s.apply_action(ChooseStack(0))
    while s.current_player() == CHANCE:
        ev += s.apply_action(s.chance_outcomes()[0][0])
    assert of_type(ev, GameEndTriggered) and s.ending
    assert s.current_player() == 2  # the round goes on
    assert [e.text([]) for e in of_type(ev, GameEndTriggered)] == [
        "The game will end after this round: the skill-token countdown stack is empty."
    ]
    ev = _pick_and_end(s)
    assert s.is_terminal() and s.current_player() == TERMINAL
    assert [d.turns for d in s.desks] == [4, 4, 4]
    assert of_type(ev, GameOver)[0].winners == (1,)
    assert s.returns() == [0.0, 1.0, 0.0]


def test_end_stacks_empty_slot_not_refilled_ends_at_end_of_round():
    """End of the game: a turn whose empty slot could not be refilled (the stacks are empty)
    triggers the end; the round is finished."""
    s = pos(
        f"n=2 first=0 player=0 {TRACKS} p0=-,WIS4:/KKK/-/WIS5/0.0.-.0.0.0 "
        "p1=PRI4:,WIS4:/KKK/-/-/0.0.-.0.0.0"
    )
    ev = _pick_and_end(s)
    assert [(e.player, e.slot) for e in of_type(ev, NoTileLeft)] == [(0, 0)]
    assert [e.reason for e in of_type(ev, GameEndTriggered)] == [
        "no potion tile is left in the stacks"
    ]
    assert s.ending and s.current_player() == 1 and not s.is_terminal()
    ev = _pick_and_end(s)
    assert of_type(ev, GameOver) and not of_type(ev, GameEndTriggered)
    assert s.is_terminal() and [d.turns for d in s.desks] == [1, 1]


def test_end_the_turn_that_draws_the_last_tile_triggers_the_end():
    """End of the game: triggered at the end of the turn that drew the last tile of the stacks,
    not only when a slot cannot be refilled; the round is still finished."""
    s = pos(
        f"n=3 first=0 player=0 {TRACKS} stacks=-+0/WIS5+0/-+0/-+0/-+0 "
        "p0=-,WIS4:/KKK/-/-/0.0.-.0.0.0 p1=PRI4:,WIS4:/KKK/-/SAN4/0.0.-.0.0.0 "
        "p2=PRI4:,WIS4:/KKK/-/-/0.0.-.0.0.0"
    )
    s.apply_action(RegularPick(0, 7))
    ev = s.apply_action(EndTurn())
    ev += roll(s, "K")  # the returned marble rolls back in
    assert not of_type(ev, GameEndTriggered) and s.phase == "end"
    ev = s.apply_action(ChooseStack(1))
    assert s.desks[0].slots[0] == Brewing("WIS5") and not of_type(ev, NoTileLeft)
    assert [e.reason for e in of_type(ev, GameEndTriggered)] == [
        "no potion tile is left in the stacks"
    ]
    assert s.ending and s.current_player() == 1
    _pick_and_end(s)
    assert not s.is_terminal() and s.current_player() == 2  # the round goes on
    ev = _pick_and_end(s)
    assert of_type(ev, GameOver)[0].winners == (1,) and s.is_terminal()
    assert [d.turns for d in s.desks] == [1, 1, 1]


def test_end_a_tile_left_face_down_does_not_trigger_the_end():
    """End of the game: while a tile is left in the stacks (even face down), the game goes on."""
    s = pos(
        f"n=2 first=0 player=0 {TRACKS} stacks=-+0/WIS5+1/-+0/-+0/-+0 "
        "p0=-,WIS4:/KKK/-/-/0.0.-.0.0.0 p1=PRI4:,WIS4:/KKK/-/-/0.0.-.0.0.0"
    )
    s.apply_action(RegularPick(0, 7))
    s.apply_action(EndTurn())
    roll(s, "K")
    ev = s.apply_action(ChooseStack(1))
    assert s.current_player() == CHANCE  # the face-down tile is revealed
    ev += reveal(s, "WIS6")
    assert not of_type(ev, GameEndTriggered) and not s.ending
    assert s.current_player() == 1 and s.stacks[1] == Stack("WIS6", 0)


def test_end_last_player_of_the_round_draws_the_last_tile_game_over_at_once():
    """End of the game: when the last player of the round draws the last tile, the round is
    complete, so the game ends at once (and the log says so)."""
    s = pos(
        f"n=2 first=0 player=1 {TRACKS} stacks=WIS5+0/-+0/-+0/-+0/-+0 "
        "p0=PRI4:,WIS4:/KKK/-/SAN4/0.0.-.0.0.1 p1=-,WIS4:/KKK/-/-/0.0.-.0.0.0"
    )
    s.apply_action(RegularPick(0, 7))
    s.apply_action(EndTurn())
    roll(s, "K")
    ev = s.apply_action(ChooseStack(0))
    assert [type(e).__name__ for e in ev] == [
        "TileDrawn",
        "GameEndTriggered",
        "TurnCounted",
        "GameOver",
    ]
    assert s.is_terminal() and [d.turns for d in s.desks] == [1, 1]
    # the log says the round is over, not that it will end after it
    assert ev[1].round_over and ev[1].text([]) == (
        "The round is over, and with it the game: no potion tile is left in the stacks."
    )


def test_pe_d12_tie_break_pick_with_explosions_most_marbles_wins():
    """End of the game / PE-D12: tied players, in seating order from the first player, each make
    one pick with explosions; most marbles wins."""
    s = pos(
        "n=3 first=1 player=0 end=1 tracks=KRBRK/YBY/KKYKK/RBYK/RBYK "
        "p0=WIS4:,SAN4:/BBB/-/WIS4/0.0.-.0.0.2 p1=WIS4:,SAN4:/BBB/-/WIS4/0.0.-.0.0.3 "
        "p2=WIS4:,SAN4:/BBB/-/SAN4/0.0.-.0.0.3 turn=p"
    )
    ev = s.apply_action(EndTurn())
    assert of_type(ev, TieBreakStarted)[0].players == (1, 0)  # from the first player
    assert s.phase == "tiebreak" and s.current_player() == 1
    with pytest.raises(IllegalAction):
        s.apply_action(RegularPick(0, 0))
    ev = s.apply_action(TieBreakPick(1, 1))  # Y B Y: 1 + 2 marbles
    assert of_type(ev, TieBreakResult)[0].marbles == 3
    assert s.current_player() == 0
    ev = s.apply_action(TieBreakPick(2, 2))  # K K Y K K: 1 + 4 marbles
    assert of_type(ev, TieBreakResult)[0].marbles == 5
    assert s.is_terminal() and s.winners == [0]
    sheet = s.score_sheet()
    assert sheet["winners"] == [0] and sheet["rows"][0] == [5, 0, 0, 5]
    assert sheet["columns"] == ["Potion VP", "Skill token VP", "Little Help", "Total"]
    assert any("took 5 marble" in n for n in sheet["notes"])


def test_pe_d12_still_tied_shares_the_victory():
    """PE-D12: ties after the tie-break share the victory."""
    s = pos(
        "n=2 first=0 player=1 end=1 tracks=RBY/RBY/// "
        "p0=-,-/KKK/-/WIS4/0.0.-.0.0.1 p1=-,-/KKK/-/WIS4/0.0.-.0.0.0 turn=p"
    )
    s.apply_action(EndTurn())
    s.apply_action(TieBreakPick(0, 0))
    s.apply_action(TieBreakPick(1, 0))
    assert s.is_terminal() and s.winners == [0, 1] and s.returns() == [1.0, 1.0]
    assert any("shared" in n for n in s.score_sheet()["notes"])


def test_end_score_potion_vp_tokens_little_help():
    """End of the game, Score: potion VP + 4 per skill token - 2 per Little Help token."""
    s = pos("p0=-,-/-/-/WIS7,SAN4/2.3.-.0.0.0")
    assert s.scores()[0] == 11 + 3 + 8 - 6
    assert s.score_sheet()["rows"][0] == [14, 8, -6, 16]


def test_pe_d13_the_last_turn_asks_no_stack_choice():
    """PE-D13 (End of the game): once the end is triggered, the last player of the round draws no
    tile for an empty slot (it could never be brewed): no stack is chosen, the game is over."""
    s = pos(
        f"n=2 first=0 player=1 end=1 {TRACKS} stacks=WIS5+2/MAG5+1/-+0/-+0/-+0 "
        "p0=PRI4:,WIS4:/KKK/-/SAN4/0.0.-.0.0.1 p1=-,WIS4:/KKK/-/-/0.0.-.0.0.0"
    )
    assert game_ends_after_turn(s)
    s.apply_action(RegularPick(0, 7))
    s.apply_action(EndTurn())
    ev = roll(s, "K")
    assert s.is_terminal() and s.phase == "over"
    assert not of_type(ev, NoTileLeft) and [d.turns for d in s.desks] == [1, 1]
    assert s.desks[1].slots[0] is None and s.stacks[0] == Stack("WIS5", 2)
    assert of_type(ev, GameOver)[0].winners == (0,)


def test_pe_d13_the_turn_that_empties_the_countdown_asks_no_stack_choice():
    """PE-D13 (End of the game): when the last player of the round empties the countdown stack, the
    game ends after this turn, so no stack is chosen for the empty slot either."""
    s = pos(
        f"n=2 first=0 player=1 {TRACKS} stacks=SAN5+3/-+0/-+0/-+0/-+0 skill=1/9 "
        "p0=-,-/KKK/-/-/0.0.-.0.0.1 "
        "p1=WIS4:RRY,SAN4:/Y/-/WIS5,WIS6/0.0.-.0.0.0 turn=p"
    )
    ev = s.apply_action(PlaceMarble("pool", "Y", 0, "Y"))  # mastery: the countdown empties
    assert s.countdown == 0 and s.desks[1].slots[0] is None
    ev = s.apply_action(EndTurn())
    assert [e.reason for e in of_type(ev, GameEndTriggered)] == [
        "the skill-token countdown stack is empty"
    ]
    assert s.is_terminal() and not of_type(ev, NoTileLeft)


def test_end_of_the_game_a_stack_is_chosen_while_the_round_goes_on():
    """PE-D5: before the last turn of the game, an empty slot is refilled from a chosen stack
    (the end triggered, the round not complete yet)."""
    s = pos(
        f"n=3 first=0 player=1 end=1 {TRACKS} stacks=WIS5+2/-+0/-+0/-+0/-+0 "
        "p0=PRI4:,WIS4:/KKK/-/-/0.0.-.0.0.1 p1=-,WIS4:/KKK/-/-/0.0.-.0.0.0 "
        "p2=PRI4:,WIS4:/KKK/-/-/0.0.-.0.0.0"
    )
    s.apply_action(RegularPick(0, 7))
    s.apply_action(EndTurn())
    roll(s, "K")
    assert s.phase == "end" and s.legal_actions() == [ChooseStack(0)]


def test_pe_d15_no_marble_left_to_take_triggers_the_end():
    """PE-D15: with five or six players every marble can end up in pools and potions; a turn
    that ends with the dispenser and the tank empty triggers the end (the round is finished),
    instead of turns passing forever with nothing to take."""
    s = pos(
        f"n=3 first=0 player=1 {TRACKS} stacks=SAN5+3/WIS5+3/-+0/-+0/-+0 skill=4/9 "
        "p0=-,-/KKK/-/-/0.0.-.0.0.1 "
        "p1=WIS4:RR,SAN4:/-/-/-/0.0.-.0.0.0 p2=-,-/-/-/-/0.0.-.0.0.0 turn=p"
    )
    s.tracks = [[] for _ in s.tracks]  # as if every marble were held (conservation aside)
    s.tank = [0, 0, 0, 0]
    ev = s.apply_action(EndTurn())
    assert [e.text([]) for e in of_type(ev, GameEndTriggered)] == [
        "The game will end after this round: no marble is left in the dispenser or the tank."
    ]
    assert s.ending and not s.is_terminal()
