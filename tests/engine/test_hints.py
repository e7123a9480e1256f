"""Hints worth trusting (issue 21): over random positions of every game, a hint's reason says
what its move does to the board in the player's terms, naming the objects of the move (the
marbles' colours and track; the vine and its owner; the cart and the square) and only the seats
at the table, by their names."""

from __future__ import annotations

import random
import re

import pytest

from engine import registry
from engine.bots import make_bot
from engine.match import Match, Seat

GAMES = ("potion-explosion", "diced-tomatoes", "off-the-rails")
NAMES = ["Ana", "Bob", "Cleo"]


def positions(game: str, players: int, count: int, seed: int) -> list:
    """``count`` positions at a player's decision, spread over a seeded game of Easy bots from
    its start to its end."""
    spec = registry.get(game)
    match = Match(spec, [Seat("bot", NAMES[seat], "easy") for seat in range(players)], seed=seed)
    found = []
    while not match.is_terminal():
        if match.is_chance():
            match.advance_chance()
            continue
        found.append(match.state.clone())
        match.play_bot_turn_now(make_bot)
    step = max(1, len(found) // count)
    return found[::step][:count]


def objects(game: str, state, action, names) -> list:
    """Words the reason for ``action`` must contain: what the move acts on."""
    kind = type(action).__name__
    if game == "potion-explosion":
        from engine.potion_explosion.data import COLOUR_NAMES, TILES, TYPE_BY_CODE

        me = state.current_player()
        desk = state.desks[me]
        if hasattr(action, "track"):
            words = [f"track {action.track + 1}"]
            if hasattr(action, "colour"):
                return words + [COLOUR_NAMES[action.colour]]
            track = state.tracks[action.track]
            place = {
                "TakePair": getattr(action, "position", 0),
                "TakeRun": getattr(action, "start", 0),
                "TakeBottom": 0,
            }.get(kind, getattr(action, "position", 0))
            return words + [COLOUR_NAMES[track[place]]]
        if kind == "TakePool":
            return [names[action.opponent]]
        if kind == "PlaceMarble":
            return [COLOUR_NAMES[action.colour], TILES[desk.slots[action.slot].tile].name]
        if kind in ("MoveToPool", "MoveToHand"):
            return [COLOUR_NAMES[action.colour]]
        if kind in ("Drink", "CopyPotion"):
            return [TILES[desk.completed[action.index].tile].name]
        if kind == "ChooseStack":
            return [TILES[state.stacks[action.stack].top].name]
        if kind == "DraftStarter":
            return [TILES[action.tile].name]
        if kind == "FinishEffect":
            return [TYPE_BY_CODE[state.effect.kind].name]
        return []
    if game == "diced-tomatoes":
        from engine.diced_tomatoes.state import COLOUR_NAMES, TOKEN_NAMES

        me = state.current_player()
        if hasattr(action, "owner"):
            return [
                TOKEN_NAMES[action.token],
                "your" if action.owner == me else names[action.owner],
            ]
        if hasattr(action, "die"):
            colour, face = state.hand[action.die]
            return [f"{COLOUR_NAMES[colour]} {face}"]
        return []
    from engine.off_the_rails.state import square_name

    words = []
    if hasattr(action, "row"):
        words.append(square_name(action.row, action.col))
        cart = state.cart_at((action.row, action.col))
        if (
            kind == "PlaceChasmToken"
            and cart is not None
            and state.carts[cart].owner != state.current_player()
        ):
            words.append(names[state.carts[cart].owner])
    if hasattr(action, "cart"):
        words.append(state.carts[action.cart].label)
    if kind in ("ChooseExit", "TakeGem"):
        words.append(state.carts[state.moving_cart()].label)
    if kind == "TakeGem":
        words.append(action.gem)
    return words


def check(game, state, action, names) -> None:
    spec = registry.get(game)
    reason = spec.bots.explain(state, action, names)
    words = state.action_to_string(action, names)
    assert reason, (words, "no reason")
    assert not reason[0].islower() and reason[-1] in ".!", reason
    for word in objects(game, state, action, names):
        assert word in reason, (words, reason, word)
    assert not re.search(r"\bPlayer \d", reason + words), (words, reason)
    for stranger in NAMES[len(names) :]:
        assert stranger not in reason + words, (words, reason)


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.long
def test_every_hint_reason_names_the_objects_of_its_move_and_the_seats_at_the_table(game, players):
    """One legal move of each kind in each of 30 positions (each could be a hint): the reason
    mentions what the move acts on and no seat that is not at the table."""
    rng = random.Random(players)
    names = NAMES[:players]
    for state in positions(game, players, 30, seed=400 + players):
        kinds: dict = {}
        for action in state.legal_actions():
            kinds.setdefault(type(action).__name__, []).append(action)
        for kind, actions in sorted(kinds.items()):
            if kind not in ("EndTurn", "EndActions"):
                check(game, state, actions[int(rng.random() * len(actions))], names)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.long
def test_the_hard_moves_hint_names_the_objects_of_its_move(game):
    """The hint is Hard's move (no clock: a fixed search, so the test replays)."""
    spec = registry.get(game)
    names = NAMES[:2]
    for index, state in enumerate(positions(game, 2, 3, seed=420)):
        legal = state.legal_actions()
        action = make_bot(spec, "hard").choose(
            state.observation(state.current_player()), legal, random.Random(index)
        )
        if type(action).__name__ not in ("EndTurn", "EndActions"):
            check(game, state, action, names)


CRAFTED = {
    # karma 6: every karma action is on offer (flip a lone seed, set, roll over a 1 or a 6)
    "diced-tomatoes": [
        "players=3 vines=2r|-|4r4r/5r|3r4r|-/-|6r|- hand=5r,1b,6r karma=6,3,3",
        "players=2 vines=1r|2r3r|-/6r|-|5r5r5r hand=1r,4b karma=6,3",
    ],
    # the pending effects of a Potion of Wisdom, Magnetical Attraction, Balm of Uttermost
    # Stickiness, Sands of Time (copying a drunk Wisdom) and Elixir of Blind Love
    "potion-explosion": [
        f"types=WIS,MAG,BAL,SAN,BLI,ABY phase=play tracks={tracks} tank=R5B5Y5K5 "
        f"stacks=MAG5+3/SAN5+3/BAL5+3/ABY5+3/WIS5+3 turn=p effect={effect} "
        f"p0=WIS4:R,MAG4:B/Y/-/WIS4!,{drunk}/0.0.-.0.0.3 p1=BAL4:,SAN4:/RB/-/-/0.0.-.0.0.3"
        for tracks in ["RRBYKKYB/BBYRKYRK/YYKRBRKB/KBRYRBYK/RYBKRYBK"]
        for effect, drunk in [
            ("WIS:-:-:0", "SAN4"),
            ("MAG:-:-:0", "MAG4"),
            ("BAL:-:-:0", "BAL4"),
            ("BLI:-:-:1", "BLI4"),
        ]
    ]
    + [
        "types=WIS,MAG,BAL,SAN,BLI,ABY phase=play tracks=RRBYKKYB/BBYRKYRK/YYKRBRKB/KBRYRBYK/"
        "RYBKRYBK tank=R5B5Y5K5 stacks=MAG5+3/SAN5+3/BAL5+3/ABY5+3/WIS5+3 turn=p "
        "p0=WIS4:R,MAG4:B/Y/-/WIS4!,SAN4/0.0.-.0.0.3 p1=BAL4:,SAN4:/RB/-/-/0.0.-.0.0.3"
    ],
}


@pytest.mark.parametrize("game", sorted(CRAFTED))
def test_hint_reasons_for_every_move_of_rarer_positions(game):
    """Positions random games seldom reach (karma 6; a potion's effect pending): every legal
    move's reason names what it acts on."""
    spec = registry.get(game)
    for text in CRAFTED[game]:
        if game == "potion-explosion":
            text = "n=2 " + text
        state = spec.notation.parse(text)
        names = NAMES[: state.num_players]
        for action in state.legal_actions():
            if type(action).__name__ not in ("EndTurn", "EndActions"):
                check(game, state, action, names)
