"""Stake Pig: a tiny dice game used only by the tests to exercise matches, undo and saves.

Two or three players take turns. On your turn you may set your stake (1–3) as often as you like,
then roll a die (chance). A 1 loses the turn's total and ends the turn; any other face adds
face × stake to the turn total. Then roll again or hold (bank the turn total). First to 20 wins.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.bots import GameBots
from engine.core import (
    CHANCE,
    TERMINAL,
    Action,
    Event,
    GameSpec,
    IllegalAction,
    Notation,
    OptionSpec,
    RecordCodec,
    TurnStarted,
)

TARGET = 20


@dataclass(frozen=True)
class SetStake(Action):
    stake: int


@dataclass(frozen=True)
class Roll(Action):
    pass


@dataclass(frozen=True)
class Hold(Action):
    pass


@dataclass(frozen=True)
class Face(Action):
    value: int


@dataclass(frozen=True)
class Rolled(Event):
    player: int
    value: int

    def text(self, names):
        return f"{names[self.player]} rolled {self.value}."


class PigState:
    def __init__(self, num_players: int, target: int = TARGET):
        self.scores = [0] * num_players
        self.player = 0
        self.stake = 1
        self.turn_total = 0
        self.rolling = False
        self.target = target

    def current_player(self):
        if max(self.scores) >= self.target:
            return TERMINAL
        return CHANCE if self.rolling else self.player

    def is_terminal(self):
        return self.current_player() == TERMINAL

    def legal_actions(self):
        if self.current_player() < 0:
            return []
        moves = [SetStake(k) for k in (1, 2, 3) if k != self.stake] + [Roll()]
        return moves + ([Hold()] if self.turn_total else [])

    def chance_outcomes(self):
        return [(Face(v), 1 / 6) for v in range(1, 7)] if self.rolling else []

    def apply_action(self, action):
        if isinstance(action, Face):
            if not self.rolling:
                raise IllegalAction("Nobody is rolling.")
            self.rolling = False
            rolled = Rolled(self.player, action.value)
            if action.value == 1:
                self.turn_total = 0
                return [rolled, self._next()]
            self.turn_total += action.value * self.stake
            return [rolled]
        if self.current_player() < 0:
            raise IllegalAction("It is not a player's turn.")
        if isinstance(action, SetStake):
            if not 1 <= action.stake <= 3:
                raise IllegalAction("The stake is 1, 2 or 3.")
            self.stake = action.stake
        elif isinstance(action, Roll):
            self.rolling = True
        elif isinstance(action, Hold):
            if not self.turn_total:
                raise IllegalAction("Roll at least once before holding.")
            self.scores[self.player] += self.turn_total
            self.turn_total = 0
            if max(self.scores) < self.target:
                return [self._next()]
        else:
            raise IllegalAction("Stake Pig has no such move.")
        return []

    def _next(self) -> Event:
        self.player = (self.player + 1) % len(self.scores)
        self.stake = 1
        return PigTurnStarted(self.player)

    def returns(self):
        best = max(self.scores)
        return [1.0 if s == best else 0.0 for s in self.scores]

    def score_sheet(self):
        best = max(self.scores)
        return {
            "players": [{"total": s} for s in self.scores],
            "winners": [i for i, s in enumerate(self.scores) if s == best],
        }

    def clone(self):
        c = PigState.__new__(PigState)
        c.__dict__.update(self.__dict__)
        c.scores = list(self.scores)
        return c

    def to_dict(self):
        return dict(self.__dict__, scores=list(self.scores))

    @classmethod
    def from_dict(cls, data):
        s = cls.__new__(cls)
        s.__dict__.update(data)
        s.scores = list(data["scores"])
        return s

    def observation(self, player):
        return self.clone()

    def action_to_string(self, action, names=None):
        return type(action).__name__

    def turn_owner(self):
        return self.player


class PigTurnStarted(TurnStarted):
    """Stake Pig's turn begins."""


class PigBots(GameBots):
    def evaluate(self, state, player):
        return state.scores[player] + state.turn_total * (state.player == player) * 0.5


def _format(state) -> str:
    return "/".join(map(str, state.scores)) + f" p{state.player} t{state.turn_total}"


def _parse(text: str) -> PigState:
    scores, player, total = text.split()
    state = PigState(len(scores.split("/")))
    state.scores = [int(v) for v in scores.split("/")]
    state.player, state.turn_total = int(player[1:]), int(total[1:])
    return state


PIG = GameSpec(
    id="stake-pig",
    title="Stake Pig",
    min_players=2,
    max_players=3,
    description="A tiny dice game for tests.",
    options=(OptionSpec("target", "Target", "choice", 20, "Points to win.", (10, 20, 30)),),
    new_state=lambda n, options: PigState(n, options["target"]),
    state_from_dict=PigState.from_dict,
    action_codec=RecordCodec([SetStake, Roll, Hold, Face]),
    notation=Notation(_format, _parse),
    rules_summary="# Stake Pig\n## A turn\nSet a stake, roll, hold.",
    bots=PigBots(),
)
