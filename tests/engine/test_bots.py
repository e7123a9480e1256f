"""Training-mode bots (issue 9): legal moves at every level, hidden information, replay, cancel."""

import random

import pytest

from engine import registry
from engine.bots import make_bot
from engine.match import Match, Seat
from tests.soak import keep_first

GAMES = [g.id for g in registry.games()]


def random_positions(spec, count, seed, players=2):
    """States reached by random legal play, at a player's decision."""
    rng = random.Random(seed)
    out = []
    m = Match(spec, [Seat("bot", f"B{i}", "easy") for i in range(players)], seed=seed)
    while len(out) < count and not m.is_terminal():
        if m.is_chance():
            m.advance_chance()
            continue
        if rng.random() < 0.3:
            out.append(m.state.clone())
        legal = m.legal_actions()
        m.apply(legal[int(rng.random() * len(legal))])
    return out


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
@pytest.mark.long
def test_every_level_returns_a_legal_action(game, level):
    spec = registry.get(game)
    for i, state in enumerate(random_positions(spec, 4, seed=11 + i_seed(game))):
        player = state.current_player()
        legal = state.legal_actions()
        bot = make_bot(spec, level)
        action = bot.choose(state.observation(player), legal, random.Random(i))
        assert action in legal


def i_seed(game):
    return sum(map(ord, game)) % 97


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.long
def test_hard_bot_decision_is_reproducible_with_a_fixed_seed(game):
    """Without a clock Hard searches a fixed amount, so the same position and rng give the same
    move (games replay)."""
    spec = registry.get(game)
    state = random_positions(spec, 1, seed=5)[0]
    player = state.current_player()
    choices = {
        make_bot(spec, "hard").choose(
            state.observation(player), state.legal_actions(), random.Random(3)
        )
        for _ in range(2)
    }
    assert len(choices) == 1 and choices <= set(state.legal_actions())


@pytest.mark.parametrize("steps", keep_first([100, None]))
@pytest.mark.long
def test_bot_game_replays_exactly(steps):
    """A Diced Tomatoes game of a Hard and a Medium bot played twice from the same seed takes
    the same steps: its first 100 in every run, the whole game (~280) in the soak run."""
    spec = registry.get("diced-tomatoes")

    def play():
        m = Match(spec, [Seat("bot", "H", "hard"), Seat("bot", "M", "medium")], seed=6)
        while not m.is_terminal() and (steps is None or len(m.history) < steps):
            if m.is_chance():
                m.advance_chance()
            else:
                m.play_bot_turn_now(make_bot)
        return m.history

    first = play()
    assert first == play() and len(first) >= (steps or 200)


def test_dt_hint_reasons_are_sentences_for_every_placement():
    """The hint's reason comes from what the move does (docs/rules/diced_tomatoes.md, harvest): each
    placement gets a sentence, capitalised and ended, never a "Player N" for a named seat."""
    spec = registry.get("diced-tomatoes")
    from engine.diced_tomatoes.state import PlaceDie

    state = spec.notation.parse(spec.notation.format(random_positions(spec, 1, seed=2)[0]))
    for action in state.legal_actions():
        reason = spec.bots.explain(state, action, ["Ana", "Bob"])
        if isinstance(action, PlaceDie):
            assert reason[0].isupper() and reason.endswith(".") and "Player" not in reason


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_never_read_the_hidden_split(level):
    """Off the Rails OR-D7: the mover picks a pile without seeing the owner's split. Two
    positions differing only in that split give the mover the same observation, so every bot
    level makes the same decision in both (fixed seed)."""
    from engine.off_the_rails import GAME
    from engine.off_the_rails.state import EndActions, SplitLoad
    from tests.engine.off_the_rails.helpers import blank, lay, put_cart

    def position(split):
        s = blank()
        lay(s, {(2, c): "EW" for c in range(12)})
        put_cart(s, 0, (2, 1), "E", speed=4, load=(0, 1, 0, 0, 0))
        put_cart(s, 2, (2, 4), "E", load=(1, 1, 0, 0, 1))
        s.apply_action(EndActions())
        s.apply_action(SplitLoad(split))
        return s

    a, b = position((0, 1, 0, 0, 1)), position((1, 1, 0, 0, 0))
    assert a.split_piles() != b.split_piles()
    mover = a.current_player()
    assert a.observation(mover).to_dict() == b.observation(mover).to_dict()
    choices = set()
    for s in (a, b):
        bot = make_bot(GAME, level)
        choices.add(bot.choose(s.observation(mover), s.legal_actions(), random.Random(7)))
    assert len(choices) == 1
