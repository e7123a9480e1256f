"""Saves recorded before issue 35's rule corrections still load (docs/DESIGN.md, "rules_version").

Each correction can make a recorded game replay differently, so each game's
``GameSpec.rules_version`` went up. A save recorded under the earlier reading (made here by
playing with that reading patched back in) replays to another position today: it is not refused
as damage but goes on from its saved position, with a notice. The same history recorded under
today's rules version is damage, which shows that the bump is what keeps it.
"""

from __future__ import annotations

import json

import pytest

from engine import registry
from engine.core import CHANCE
from engine.match import Match, Seat
from saves import format as fmt
from saves.format import SaveError


def _envelope(match: Match, rules_version: int) -> dict:
    envelope = fmt.make_envelope(match)
    envelope["rules_version"] = rules_version
    envelope["checksum"] = fmt.checksum(envelope)
    return json.loads(fmt.dumps(envelope))


def _check_old_save_goes_on(match: Match, old_version: int) -> Match:
    """``match`` was played under a game's earlier reading: its save from ``old_version`` loads
    from its snapshot with a notice; the same save claiming today's version is refused."""
    spec = match.spec
    assert spec.rules_version > old_version
    loaded = fmt.load_match(fmt.parse(fmt.dumps(_envelope(match, old_version))))
    assert loaded.state.to_dict() == match.state.to_dict()
    assert loaded.history == [] and "saved under earlier rules" in loaded.notice
    with pytest.raises(SaveError, match="cannot be replayed"):
        fmt.load_match(fmt.parse(fmt.dumps(_envelope(match, spec.rules_version))))
    return loaded


def _whole(state):
    """A Potion Explosion position a game can reach around what a test writes (a save's
    position is checked before it is played on, issue 36): every marble somewhere — those the
    test leaves out wait in the second seat's hand, so the tank stays as written and nothing
    rolls in — every skill token counted, and the unseen tiles in the stacks (a top each)."""
    from engine.potion_explosion.data import COLOURS, MARBLES_PER_COLOUR, SKILL_TOKENS
    from engine.potion_explosion.rules import unseen_tiles
    from engine.potion_explosion.state import Stack

    counts = [0, 0, 0, 0]
    for track in state.tracks:
        for marble in track:
            counts[COLOURS.index(marble)] += 1
    for desk in state.desks:
        for colour in range(4):
            counts[colour] += desk.pool[colour] + desk.hand[colour]
        for brewing in desk.slots:
            for placed in brewing.placed if brewing else ():
                counts[COLOURS.index(placed[1])] += 1
    for colour in range(4):
        state.desks[1].hand[colour] += MARBLES_PER_COLOUR - counts[colour] - state.tank[colour]
    state.supply = SKILL_TOKENS - state.countdown - sum(desk.tokens for desk in state.desks)
    unseen = [code for code, count in unseen_tiles(state).items() for _copy in range(count)]
    tops, rest = unseen[:5], len(unseen) - 5
    state.stacks = [Stack(top, rest // 5 + (i < rest % 5)) for i, top in enumerate(tops)]
    return state


def _plays_on(match: Match) -> None:
    """The loaded game goes on: chance is drawn and a player has moves."""
    while match.current_player() == CHANCE:
        match.advance_chance()
    assert match.legal_actions()
    match.apply(match.legal_actions()[0])


def test_an_off_the_rails_save_where_a_cart_of_rocks_survived_a_collision_goes_on(monkeypatch):
    """Off the Rails, rules version 4: a cart holding only rocks derails in a collision. Under
    version 3 it stayed on the track (rocks counted as what saves a cart)."""
    from engine.off_the_rails import rules
    from tests.engine.off_the_rails.helpers import blank, lay, put_cart

    spec = registry.get("off-the-rails")
    start = blank()
    lay(start, {(2, col): "EW" for col in range(12)})
    put_cart(start, 0, (2, 1), "E", speed=4, load=(0, 1, 0, 0, 0))
    put_cart(start, 2, (2, 4), "E", load=(1, 0, 0, 0, 0))
    match = Match(spec, [Seat("human", "Ana"), Seat("human", "Ben")], None, seed=5)
    match.set_position(start)
    with monkeypatch.context() as patch:
        patch.setattr(rules, "jewels", sum)  # the earlier reading: any gem saves a cart
        match.apply(match.legal_actions()[-1])  # EndActions: the white cart rams the rocks
    assert match.state.carts[2].where == "board"  # it survived under the earlier reading
    loaded = _check_old_save_goes_on(match, old_version=3)
    assert loaded.state.carts[2].where == "board"
    _plays_on(loaded)


def test_or_d14_an_off_the_rails_bumper_carts_save_that_dealt_the_mission_goes_on(monkeypatch):
    """Off the Rails, rules version 5: with the Bumper Carts option the Bumper Carts mission is
    not dealt (OR-D14). A version 4 save that dealt it goes on from its position, mission and
    all."""
    from engine.off_the_rails import rules
    from engine.off_the_rails.state import DealMission

    spec = registry.get("off-the-rails")
    seats = [Seat("human", "Ana"), Seat("human", "Ben")]
    match = Match(spec, seats, {"bumper_carts": True}, seed=5)
    with monkeypatch.context() as patch:
        patch.setattr(rules, "BUMPER_CARTS", 0)  # the earlier rule: every mission in the deck
        while match.current_player() == CHANCE:
            outcomes = [action for action, _ in match.state.chance_outcomes()]
            match.resolve_chance(DealMission(2) if DealMission(2) in outcomes else outcomes[0])
    assert 2 in match.state.missions
    loaded = _check_old_save_goes_on(match, old_version=4)
    assert 2 in loaded.state.missions
    _plays_on(loaded)


def test_a_potion_explosion_save_whose_abyssal_draft_stopped_early_goes_on(monkeypatch):
    """Potion Explosion, rules version 3: the Abyssal Draft cannot be stopped while a colour at
    the bottom of a track is left (PE-D14). A version 2 save that stopped one goes on."""
    from engine.potion_explosion import rules
    from engine.potion_explosion.state import Drink, FinishEffect, TakeBottom
    from tests.engine.potion_explosion.helpers import pos

    spec = registry.get("potion-explosion")
    start = _whole(pos("tracks=R/B/Y// turn=p p0=-,-/-/-/ABY4/0.0.-.0.0.0"))
    match = Match(spec, [Seat("human", "Ana"), Seat("human", "Ben")], None, seed=5)
    match.set_position(start)
    match.apply(Drink(0))
    match.apply(TakeBottom(0))
    with monkeypatch.context() as patch:
        patch.setattr(rules, "effect_may_stop", lambda state, choices: True)  # version 2
        match.apply(FinishEffect())
    assert match.state.effect is None and match.state.desks[0].hand == [1, 0, 0, 0]
    loaded = _check_old_save_goes_on(match, old_version=2)
    assert loaded.state.tracks[1:3] == [["B"], ["Y"]]
    _plays_on(loaded)


def test_a_potion_explosion_save_without_a_second_mastery_token_goes_on(monkeypatch):
    """Potion Explosion, rules version 3: Mastery gives a token for every 3 potions of one
    type. A version 2 save whose 6th potion of a type earned nothing goes on as it was saved."""
    from engine.potion_explosion import rules
    from engine.potion_explosion.state import PlaceMarble
    from tests.engine.potion_explosion.helpers import FULL, pos

    spec = registry.get("potion-explosion")
    tracks = "tracks=" + "/".join([FULL] * 5)
    start = _whole(pos(f"{tracks} p0=WIS4:RRY,-/Y/-/WIS5,WIS6,WIS7,WIS4,WIS5/1.0.WIS.0.0.0"))
    match = Match(spec, [Seat("human", "Ana"), Seat("human", "Ben")], None, seed=5)
    match.set_position(start)
    with monkeypatch.context() as patch:
        patch.setattr(rules, "mastery_due", lambda desk, kind: kind not in desk.mastery)
        match.apply(PlaceMarble("pool", "Y", 0, "Y"))
    assert match.state.desks[0].tokens == 1
    loaded = _check_old_save_goes_on(match, old_version=2)
    assert loaded.state.desks[0].tokens == 1
    _plays_on(loaded)


def test_a_diced_tomatoes_solo_save_with_karma_by_the_score_goes_on(monkeypatch):
    """Diced Tomatoes, rules version 3: solo karma is graded by the seed value (a seed 5 with a
    black die earns 3). A version 2 save that graded it by the harvested 4 (2 karma) goes on
    with the karma it was saved with."""
    from engine.diced_tomatoes import rules
    from engine.diced_tomatoes.notation import parse_position
    from engine.diced_tomatoes.state import PlaceDie

    spec = registry.get("diced-tomatoes")
    match = Match(spec, [Seat("human", "Ana")], None, seed=5)
    match.set_position(parse_position("players=1 vines=5r5b5r|-|- hand=5r,2r karma=0"))
    with monkeypatch.context() as patch:
        patch.setattr(rules, "karma_for_harvest", lambda value, overload: 2)  # by the 4
        match.apply(PlaceDie(0, 0, 0))
    assert match.state.karma == [2]
    loaded = _check_old_save_goes_on(match, old_version=2)
    assert loaded.state.karma == [2] and loaded.state.score == [[4]]
    _plays_on(loaded)
