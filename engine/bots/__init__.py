"""Computer players, and what they know of each game.

Every bot follows :class:`engine.match.Bot`: ``choose(observation, legal_actions, rng)``. Bots see
only the observation and draw luck only from ``rng`` (seeded by the match), so games replay.

Each game brings one :class:`GameBots` object (``GameSpec.bots``, defined in
``engine/<game>/bots.py``): its evaluation, its hint reasons, the moves the rules force on a
computer player, the moves worth considering, and its bot for each level — like OpenSpiel's single
``Evaluator`` per game. :func:`make_bot` is the one way the program gets a bot.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Sequence

from engine.bots.beginner import BeginnerBot
from engine.bots.greedy import GreedyBot
from engine.bots.random_bot import RandomBot
from engine.bots.rollout import RolloutBot
from engine.bots.search import Parallel, Search, TurnClock
from engine.core import Action
from translation import _

LEVELS = ("easy", "medium", "hard")


class GameBots:
    """What search and hints know of one game. A game subclasses it in ``engine/<game>/bots.py``.

    Override :meth:`evaluate` (required) and :meth:`explain`; override :meth:`forced_move`,
    :meth:`allowed_moves`, :meth:`sensible_moves` and :meth:`make` where the game needs them.
    Methods never change the states they are given.

    ``EASY_TEMPERATURE``, ``EASY_TOP`` and ``EASY_MARGIN`` tune Easy's mistakes (see
    :class:`engine.bots.beginner.BeginnerBot`), measured per game with bench/bots.py.
    """

    EASY_TEMPERATURE = 1.0
    EASY_TOP = 3
    EASY_MARGIN = 2.0
    HARD_ROLLOUTS = 48
    """Hard's rollouts per decision with a fixed budget (the default :class:`RolloutBot`)."""
    HARD_RATE = 100.0
    """Hard's rollouts per CPU-second of one core, for a timed budget (measured per game)."""

    def evaluate(self, state, player: int) -> float:
        """How good ``state`` is for seat ``player`` (higher is better; the scale is the game's
        victory points or close to it, so Easy's noise means the same in every game)."""
        raise NotImplementedError

    def leaf_value(self, state, player: int) -> float:
        """How good ``state`` is for seat ``player`` where a rollout of
        :class:`engine.bots.rollout.RolloutBot` ends; its moves on the way are chosen by
        :meth:`evaluate`. By default :meth:`evaluate` too; a game may value the end of a
        rollout more closely (Diced Tomatoes: ``heuristics.hard_evaluate``)."""
        return self.evaluate(state, player)

    def explain(self, state, action: Action, names: Sequence[str]) -> str:
        """Why ``action`` is good for the player to move in ``state``: one sentence starting with
        a capital letter, in the player's terms ("Harvests your vine worth 4 into slot 2."),
        naming seats by ``names``; "" when there is nothing more to say than the move itself."""
        return ""

    def forced_move(self, observation, legal_actions: Sequence[Action]) -> Action | None:
        """A move the rules make every computer player take here (e.g. DT-D5: a bot always
        clears its vine worth 0 or less), else None."""
        return None

    def allowed_moves(self, observation, legal_actions: Sequence[Action]) -> list[Action]:
        """The legal moves a computer player considers (a non-empty subset; by default all),
        e.g. no marble shuffled back and forth between pool and hand."""
        return list(legal_actions)

    def considered_moves(self, observation, moves: Sequence[Action]) -> list:
        """Of the allowed ``moves``, those a computer player (and so a hint) weighs at its own
        decision: a check too costly for every step of a rollout (e.g. Diced Tomatoes: no karma
        spent for nothing). By default all of them; an empty list means all of them too."""
        return list(moves)

    def sensible_moves(self, observation, moves: Sequence[Action]) -> list:
        """Of the allowed ``moves``, those a beginner (Easy) considers: none of the game's
        self-harming patterns (a Little Help that completes nothing, karma spent on a die that
        gains nothing, a pointless marble shuffle...). By default all of them; an empty list
        means all of them too."""
        return list(moves)

    def position_key(self, state):
        """A hashable key equal for two positions that play the same (e.g. the same dice in
        other slots of a hand, or one vine on another of its owner's like tokens), so a search
        tries one move of each such group; ``None`` (the default) when the game gives none and
        every move is its own."""
        return None

    def only_when_best(self, observation, action: Action) -> bool:
        """Whether Easy plays ``action`` only when it values it best of all (a costly move, e.g.
        a Little Help, that a beginner takes only when plainly worth it). By default False."""
        return False

    def make(self, level: str, budget: float = 2.0, clock=None, parallel: Parallel | None = None):
        """The bot for ``level`` before :func:`make_bot` adds forced and allowed moves.

        By default: Easy is a :class:`BeginnerBot` (sensible moves, one step ahead, a softmax
        among the best few), Medium greedy with chance sampled three times, Hard a
        :class:`RolloutBot`: with ``clock``, ``budget`` seconds of thinking per turn
        (:class:`engine.bots.search.Search`), else :attr:`HARD_ROLLOUTS` per decision so games
        replay; its rollouts run by ``parallel``.
        """
        if level == "easy":
            return BeginnerBot(self, self.EASY_TEMPERATURE, self.EASY_TOP, self.EASY_MARGIN)
        if level == "medium":
            return GreedyBot(self.evaluate, samples=3)
        return RolloutBot(
            self,
            budget,
            clock,
            rollouts=self.HARD_ROLLOUTS,
            rate=self.HARD_RATE,
            parallel=parallel,
        )


def capitalised(text: str) -> str:
    """``text`` with its first letter in capitals, past any opening quote ("“row: Seed, Fish”
    matches…" begins "“Row"): a sentence may begin with a card's name."""
    return re.sub(r"^(\W*)(\w)", lambda found: found[1] + found[2].upper(), text, count=1)


def as_sentence(reason: str, names: Sequence[str]) -> str:
    """A hint reason as the player reads it: seats named ("Player 2" becomes ``names[1]``), a
    capital first letter and a full stop. ``""`` stays ``""``."""
    reason = re.sub(
        r"\bPlayer (\d+)\b",
        lambda match: (
            names[int(match.group(1)) - 1]
            if 0 < int(match.group(1)) <= len(names)
            else match.group(0)
        ),
        reason.strip(),
    )
    if not reason:
        return ""
    reason = capitalised(reason)
    return reason if reason[-1] in ".!?。！？" else reason + _(".")


def make_bot(
    spec,
    level: str,
    budget: float = 2.0,
    clock=None,
    parallel: Parallel | None = None,
    turns: TurnClock | None = None,
):
    """A bot for the game ``spec`` (a GameSpec) at ``level`` ("easy", "medium" or "hard").

    The game's :meth:`GameBots.make` builds it; a game without ``bots`` gets random play. The bot
    plays the game's forced moves and chooses among its allowed moves. Hard's search
    (:class:`engine.bots.search.Search`): with ``clock`` (e.g. ``time.monotonic``) ``budget``
    seconds of thinking per turn, shared by the turn's decisions through ``turns`` (kept per
    seat by the caller; by default the bot's own); without a clock a fixed amount of work per
    decision, so a game replays on any computer. ``parallel`` runs the search's work (default:
    on this thread). Raises ``ValueError`` for an unknown level.
    """
    if level not in LEVELS:
        raise ValueError(f"A bot's level is easy, medium or hard, not {level!r}.")
    if spec.bots is None:
        return RandomBot()
    make = spec.bots.make
    if parallel is not None and "parallel" in inspect.signature(make).parameters:
        bot = make(level, budget, clock, parallel=parallel)
    else:  # a game whose bots take no parallel map (they think on this thread)
        bot = make(level, budget, clock)
    search = getattr(bot, "search", None)
    if turns is not None and isinstance(search, Search):
        search.turns = turns
    return PolicyBot(spec.bots, bot)


class PolicyBot:
    """Plays the game's forced move when there is one, else asks the wrapped bot to choose among
    the moves the game allows bots (:meth:`GameBots.allowed_moves`) and weighs at a decision
    (:meth:`GameBots.considered_moves`)."""

    def __init__(self, knowledge: GameBots, bot):
        self.knowledge = knowledge
        self.bot = bot

    @property
    def search(self) -> Search | None:
        """The wrapped bot's :class:`engine.bots.search.Search` (Hard), else None."""
        search = getattr(self.bot, "search", None)
        return search if isinstance(search, Search) else None

    def cancel(self) -> None:
        """Stop the wrapped bot's search (undo, load, quit)."""
        if hasattr(self.bot, "cancel"):
            self.bot.cancel()

    def choose(self, observation, legal_actions, rng, turn=None):
        """The forced move, else the wrapped bot's choice among the allowed and considered moves
        (:meth:`GameBots.considered_moves`). ``turn`` names
        the turn the decision belongs to (e.g. the match's turn number), so a timed search shares
        the turn's budget between its decisions; None: a turn of its own."""
        forced = self.knowledge.forced_move(observation, legal_actions)
        if forced is not None:
            return forced
        search = self.search
        if search is not None:
            search.turn = turn
        allowed = self.knowledge.allowed_moves(observation, legal_actions) or legal_actions
        allowed = self.knowledge.considered_moves(observation, allowed) or allowed
        return self.bot.choose(observation, allowed, rng)


__all__ = [
    "BeginnerBot",
    "GameBots",
    "as_sentence",
    "capitalised",
    "GreedyBot",
    "PolicyBot",
    "RandomBot",
    "RolloutBot",
    "make_bot",
    "LEVELS",
    "Parallel",
    "Search",
    "TurnClock",
]
