"""A game in progress: seats, options, seed, state, history, undo, bots' turns and save data.

docs/DESIGN.md, "Matches, undo, saves". The match is the only place that picks chance outcomes in
play: each pick uses ``random.Random(f"{seed}:{index}")`` and only its ``random()`` method, so the
same seed and the same decisions give the same game on any machine and after a reload.

Undo never crosses a chance outcome or another player's decision: it replays the history prefix
from the last such boundary (no reverse rules).
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import translation
from engine.core import (
    CHANCE,
    TERMINAL,
    Action,
    Event,
    GameSpec,
    IllegalAction,
    InvalidPosition,
    TurnStarted,
)
from engine.names import NAME_LIMIT, has_visible_character, name_problem
from engine.validation import position_from_data
from translation import N_, _, clause, ngettext

HUMAN = "human"
BOT = "bot"
BOT_LEVELS = ("easy", "medium", "hard")
LEVEL_NAMES = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")}
"""A bot level's name, for a player (translate it with ``_`` where it is shown)."""


def bot_name(number: int, level: str, gettext=None) -> str:
    """The name a new bot seat gets, "Bot 2 (Hard)", in the language in use (the name is then
    the seat's: a saved game keeps it), or in the language of ``gettext``."""
    gettext = gettext or _
    level_word = gettext(LEVEL_NAMES.get(level, level))
    return gettext("Bot {number} ({level})").format(number=number, level=level_word)


@functools.lru_cache(maxsize=256)  # asked for every seat at every frame; catalogues never change
def _default_name_number(name: str, kind: str, level: str | None) -> int | None:
    """The seat number in ``name`` when it is the name a new seat of ``kind`` (and bot
    ``level``) gets by default in any language the program speaks — "Player 2", «Игрок 2»,
    "Bot 1 (Hard)", 「ボット1（むずかしい）」 — else None. A name without a digit is never one,
    and the language in use is tried first: another language's catalogue is read only for a
    default name given in it (reading all of them cost a table's first frame ~150 ms)."""
    if not any("0" <= ch <= "9" for ch in name):
        return None
    current = translation.current_language()
    languages = [current] + [code for code in translation.LANGUAGES if code != current]
    for language in languages:
        table = translation.translations(language)
        if kind == BOT:
            level_word = table.gettext(LEVEL_NAMES[level]) if level in LEVEL_NAMES else ""
            template = table.gettext("Bot {number} ({level})")
            pattern = re.escape(template).replace(r"\{level\}", re.escape(level_word))
        else:
            pattern = re.escape(table.gettext("Player {number}"))
        pattern = pattern.replace(r"\{number\}", r"(?P<number>[0-9]+)")
        found = re.fullmatch(pattern, name.strip(), flags=re.IGNORECASE)
        if found:
            return int(found.group("number"))
    return None


def shown_name(seat: Seat) -> str:
    """``seat``'s name as a player reads it now: a default name, given in the language the
    game began in, in the language in use ("Player 2" becomes «Игрок 2» after switching to
    Russian); a name a person typed as it is."""
    return shown_seat_name(seat.name, seat.kind, seat.level)


def shown_seat_name(name: str, kind: str, level: str | None, language: str | None = None) -> str:
    """:func:`shown_name` of a seat given by its parts (a save's list entry reads them from
    the file), in ``language`` (one of ``translation.LANGUAGES``; default: the language in
    use). Raises ValueError for an unknown ``language``."""
    number = _default_name_number(name, kind, level)
    if number is None:
        return name
    gettext = _ if language is None else translation.translations(language).gettext
    if kind == BOT:
        return bot_name(number, level or "", gettext)
    return gettext("Player {number}").format(number=number)


@dataclass(frozen=True)
class Seat:
    """One chair at the table: ``kind`` is ``"human"`` or ``"bot"``; bots have a ``level``.

    ``name`` is text of 1 to :data:`NAME_LIMIT` characters without control characters, with
    at least one character one can see (:func:`has_visible_character`); raises ``ValueError``
    in plain words otherwise.
    """

    kind: str
    name: str
    level: str | None = None

    def __post_init__(self):
        if not isinstance(self.kind, str) or self.kind not in (HUMAN, BOT):
            raise ValueError(_("A seat is 'human' or 'bot', not {kind!r}.").format(kind=self.kind))
        if self.kind == BOT and (not isinstance(self.level, str) or self.level not in BOT_LEVELS):
            raise ValueError(
                _("A bot's level is easy, medium or hard, not {level!r}.").format(level=self.level)
            )
        problem = name_problem(self.name)
        if problem is not None:
            raise ValueError(problem)

    @property
    def is_bot(self) -> bool:
        return self.kind == BOT

    def to_dict(self) -> dict:
        return {"kind": self.kind, "name": self.name, "level": self.level}

    @classmethod
    def from_dict(cls, data: dict, number: int = 1) -> Seat:
        """The seat of ``to_dict`` output (seat ``number``, from 1); a name over
        :data:`NAME_LIMIT` characters is cut, and a name with nothing to see (an older save's)
        becomes the seat's default name. Raises ``ValueError`` for anything that is not a
        seat."""
        if not isinstance(data, dict):
            raise ValueError(_("a seat is damaged"))
        kind, name, level = data.get("kind"), data.get("name"), data.get("level")
        if not isinstance(kind, str) or not isinstance(name, str):
            raise ValueError(_("a seat is damaged"))
        name = name[:NAME_LIMIT]
        if not has_visible_character(name):
            name = (
                bot_name(number, level)
                if kind == BOT and isinstance(level, str)
                else _("Player {number}").format(number=number)
            )
        return cls(kind, name, level)


@dataclass(frozen=True)
class HistoryEntry:
    """One step of the game: ``player`` is a seat index or ``CHANCE``."""

    player: int
    action: Action


class Bot(Protocol):
    """A computer player: picks one of ``legal_actions`` from what ``observation`` shows."""

    def choose(
        self, observation, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action: ...


def pick_outcome(outcomes: Sequence[tuple[Action, float]], rng: random.Random) -> Action:
    """Pick one chance outcome by its probability using only ``rng.random()``.

    ``outcomes`` is a non-empty list of ``(action, probability)``; raises ``ValueError`` if empty.
    """
    if not outcomes:
        raise ValueError("A chance node listed no outcomes.")
    total = 0.0
    for _action, p in outcomes:  # added in order, as sum() did before Python 3.12
        total += p
    x = rng.random() * total
    for action, p in outcomes:
        x -= p
        if x < 0:
            return action
    return outcomes[-1][0]


class Match:
    """A game being played: options, seats, seed, the state and its full history.

    ``Match(spec, seats, options, seed)`` starts a new game; ``seats`` is a list of :class:`Seat`
    whose length is the number of players. Raises ``ValueError`` for a bad seat count or option.
    """

    def __init__(
        self, spec: GameSpec, seats: Sequence[Seat], options: dict | None = None, seed: int = 0
    ):
        spec.check_players(len(seats))
        self.spec = spec
        self.seats = list(seats)
        self.options = spec.resolve_options(options, len(seats))
        self.seed = int(seed)
        self.state = spec.new_state(len(self.seats), dict(self.options))
        self.history: list[HistoryEntry] = []
        self.events: list[tuple[int, Event]] = []
        """Every event so far with the history index of the step that caused it."""
        self._initial = self.state.clone()
        self._started_from_position = False
        self.notice = ""
        """A sentence for the player about how this match was loaded ("" when there is none)."""
        self.save_title = ""
        """The title of the save this match was loaded from or last saved under ("" when
        none): Save offers it again."""
        self._floor = 0
        """History length undo may not go below: just after the last chance outcome or the
        other player's last decision (undo replays from the initial state, no reverse rules)."""
        self._history_data: list[tuple[HistoryEntry, dict]] = []
        """Each step with its plain data, made once (see :meth:`history_data`)."""
        self.revision = 0
        """Counts every change of the state (a step, an undo, a rewind): what is worked out
        from the position can be kept while it stays the same."""

    def set_position(self, state) -> None:
        """Start this match from ``state`` instead of the game's set-up (tests, puzzles).

        ``state`` is trusted: a position from outside goes through
        :func:`engine.validation.check_position` first (as :func:`engine.positions.read_position`
        and :meth:`from_save` do). Only before any step, and for as many players as the match
        has seats; raises ``ValueError`` otherwise. Undo never goes before it.
        """
        if self.history:
            raise ValueError("A position can only be set before the first step.")
        players = getattr(state, "num_players", None)
        if isinstance(players, int) and players != len(self.seats):
            raise ValueError(
                ngettext(
                    "This position is for {count} player, not {seats}.",
                    "This position is for {count} players, not {seats}.",
                    players,
                ).format(count=players, seats=len(self.seats))
            )
        self.state = state
        self._initial = state.clone()
        self._started_from_position = True
        self.revision += 1

    @property
    def from_position(self) -> bool:
        """True when :meth:`set_position` replaced the game's set-up (a shared position, a
        puzzle)."""
        return self._started_from_position

    # --- looking -------------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        """The seats' names as a player reads them now (:func:`shown_name`)."""
        return [shown_name(seat) for seat in self.seats]

    def current_player(self) -> int:
        return self.state.current_player()

    def is_chance(self) -> bool:
        return self.state.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.state.current_player() == TERMINAL

    def is_bot_turn(self) -> bool:
        p = self.state.current_player()
        return p >= 0 and self.seats[p].is_bot

    def is_human_turn(self) -> bool:
        p = self.state.current_player()
        return p >= 0 and not self.seats[p].is_bot

    def turn_owner(self, state=None) -> int:
        """Whose turn ``state`` (default: the current one) belongs to, for undo and autosave."""
        return (self.state if state is None else state).turn_owner()

    def turn_count(self) -> int:
        """How many turns have started: the game's :class:`TurnStarted` events so far, and the
        turn its set-up opened unannounced (:meth:`opening_turn`)."""
        started = sum(1 for _step, event in self.events if isinstance(event, TurnStarted))
        return started + (self.opening_turn() is not None)

    def turns_by_seat(self) -> list[int]:
        """How many turns each seat has started (its :class:`TurnStarted` events, and the turn
        the set-up opened: :meth:`opening_turn`), in seat order: the load list says "round 7",
        not "step 142"."""
        counts = [0] * len(self.seats)
        opening = self.opening_turn()
        if opening is not None and 0 <= opening < len(counts):
            counts[opening] += 1
        for _step, event in self.events:
            if isinstance(event, TurnStarted) and 0 <= event.player < len(counts):
                counts[event.player] += 1
        return counts

    def opening_turn(self) -> int | None:
        """The seat whose turn the game's own set-up opened, announced by no
        :class:`TurnStarted` (the set-up state's optional ``opening_turn()``: Diced Tomatoes
        solo), or None; None too for a game set up from a position, whose turns are counted
        from it."""
        opening = getattr(self._initial, "opening_turn", None)
        if self._started_from_position or not callable(opening):
            return None
        return opening()

    def round_of_rounds(self) -> tuple[int, int] | None:
        """``(round, rounds)`` for a game played in rounds of its own (Tea Time's deals), from
        the state's optional ``round_of_rounds()``; None for games without them."""
        progress = getattr(self.state, "round_of_rounds", None)
        return progress() if progress is not None else None

    def legal_actions(self) -> list[Action]:
        return self.state.legal_actions()

    # --- acting --------------------------------------------------------------------------
    def _record(self, player: int, action: Action, events: list[Event]) -> list[Event]:
        index = len(self.history)
        previous = self.history[-1].player if self.history else None
        self.revision += 1
        self.history.append(HistoryEntry(player, action))
        self.events.extend((index, e) for e in events)
        if player == CHANCE:
            self._floor = len(self.history)
        elif previous is not None and previous != player:
            self._floor = index
        return events

    def apply(self, action: Action) -> list[Event]:
        """Apply a player's decision; returns its events.

        Raises :class:`IllegalAction` (state unchanged) when it is not that player's legal move or
        when the game is waiting for chance or is over.
        """
        player = self.state.current_player()
        if player == TERMINAL:
            raise IllegalAction(_("The game is over."))
        if player == CHANCE:
            raise IllegalAction(_("The game is waiting for a roll or a draw."))
        # Each game refuses an illegal action before changing anything (its tests check that).
        events = self.state.apply_action(action)
        return self._record(player, action, events)

    def resolve_chance(self, outcome: Action | None = None) -> list[Event]:
        """Resolve one chance node: with ``outcome`` if given (tests), else the seeded pick."""
        if not self.is_chance():
            raise IllegalAction(_("Nothing is left to chance right now."))
        outcomes = self.state.chance_outcomes()
        if outcome is None:
            outcome = pick_outcome(outcomes, random.Random(f"{self.seed}:{len(self.history)}"))
        elif outcome not in [a for a, _ in outcomes]:
            raise IllegalAction(_("That outcome cannot happen here."))
        events = self.state.apply_action(outcome)
        return self._record(CHANCE, outcome, events)

    def advance_chance(self) -> list[Event]:
        """Resolve chance nodes until a player (or the end) is next; returns all their events."""
        events: list[Event] = []
        while self.is_chance():
            events.extend(self.resolve_chance())
        return events

    def bot_rng(self) -> random.Random:
        """The generator a bot uses for the next decision: seeded by match seed and move number."""
        return random.Random(f"bot:{self.seed}:{len(self.history)}")

    def bot_request(self, make_bot) -> tuple:
        """Everything a worker needs to pick the current bot's move, detached from the match.

        ``make_bot(spec, level)`` builds the bot. Returns ``(bot, observation, legal, rng,
        history_length)``; pass ``history_length`` back to :meth:`apply_bot_move` so a stale
        answer (after an undo or load) is refused.
        """
        player = self.state.current_player()
        if player < 0 or not self.seats[player].is_bot:
            raise IllegalAction(_("It is not a computer player's turn."))
        bot = make_bot(self.spec, self.seats[player].level)
        return (
            bot,
            self.state.observation(player),
            self.state.legal_actions(),
            self.bot_rng(),
            len(self.history),
        )

    def apply_bot_move(self, action: Action, history_length: int) -> list[Event]:
        """Apply a bot's answer if the match has not moved on since it was asked."""
        if history_length != len(self.history):
            raise IllegalAction(_("The position changed while the computer was thinking."))
        return self.apply(action)

    def play_bot_turn_now(self, make_bot) -> list[Event]:
        """Pick and apply the current bot's move on this thread (tests, autoplay without UI)."""
        bot, obs, legal, rng, n = self.bot_request(make_bot)
        return self.apply_bot_move(bot.choose(obs, legal, rng), n)

    # --- undo ----------------------------------------------------------------------------
    def _undo_floor(self) -> int:
        """The smallest history length undo may return to (the last boundary)."""
        return self._floor

    def can_undo(self) -> bool:
        """True when the last step is the current player's own decision after the last boundary."""
        return (
            len(self.history) > self._undo_floor()
            and self.history[-1].player == self.state.current_player()
        )

    def _rewind(self, length: int) -> None:
        state = self._initial.clone()
        for entry in self.history[:length]:
            state.apply_action(entry.action)
        self.history = self.history[:length]
        self.events = [(i, e) for i, e in self.events if i < length]
        self.state = state
        self.revision += 1

    def rewind_to(self, length: int, checkpoint: tuple | None = None) -> None:
        """Keep only the first ``length`` steps of the history, as if the game had stopped
        there (a replay scrubbed backwards); the state is rebuilt by replaying the history from
        the start position, or from ``checkpoint`` = ``(steps, state)``, a copy of the state
        after that many steps (``steps <= length``) kept by the caller to go back faster.
        Raises ``ValueError`` when ``length`` is not 0..len(history) or the checkpoint is past
        it."""
        if type(length) is not int or not 0 <= length <= len(self.history):
            raise ValueError(f"A game of {len(self.history)} steps cannot go to step {length}.")
        if checkpoint is None:
            self._rewind(length)
        else:
            steps, state = checkpoint
            if not 0 <= steps <= length:
                raise ValueError(f"A checkpoint after step {steps} is past step {length}.")
            state = state.clone()
            for entry in self.history[steps:length]:
                state.apply_action(entry.action)
            self.history = self.history[:length]
            self.events = [(i, e) for i, e in self.events if i < length]
            self.state = state
            self.revision += 1
        self._floor = length

    def start_state(self):
        """A copy of the position this match started from (the set-up, or
        :meth:`set_position`'s)."""
        return self._initial.clone()

    def undo(self) -> bool:
        """Take back the current player's last decision; False (nothing changes) if not allowed."""
        if not self.can_undo():
            return False
        self._rewind(len(self.history) - 1)
        return True

    def undo_turn(self) -> bool:
        """Take back all of the current player's decisions since the last boundary."""
        if not self.can_undo():
            return False
        self._rewind(self._undo_floor())
        return True

    # --- saving --------------------------------------------------------------------------
    def to_save(self) -> dict:
        """Plain data for the save envelope: game, options, seats, seed, the rules version,
        history, snapshot, and ``start`` (the first position) for a match started from a
        position (:meth:`set_position`)."""
        data = {
            "game": self.spec.id,
            "options": dict(self.options),
            "seats": [s.to_dict() for s in self.seats],
            "seed": self.seed,
            "rules_version": self.spec.rules_version,
            "history": self.history_data(),
            "snapshot": self.state.to_dict(),
        }
        if self._started_from_position:
            data["start"] = self._initial.to_dict()
        return data

    def history_data(self) -> list[dict]:
        """``[{"player": seat or CHANCE, "action": action.to_dict()}, ...]``, one per step.

        Each step's dict is made once and the same dict object is returned again by later
        calls (an autosave after every step would otherwise spell the whole game again, and a
        save can reuse its spelling of an unchanged step): callers must not change them.
        Steps taken back by undo and replaced are made anew (checked by identity)."""
        made = self._history_data
        kept = 0
        while kept < len(made) and kept < len(self.history) and made[kept][0] is self.history[kept]:
            kept += 1
        del made[kept:]
        for entry in self.history[kept:]:
            made.append((entry, {"player": entry.player, "action": entry.action.to_dict()}))
        return [data for _entry, data in made]

    @classmethod
    def from_save(cls, spec: GameSpec, data: dict) -> Match:
        """Rebuild a match by replaying its history; checks it against the snapshot.

        Raises ``ValueError`` with a plain reason when an action is unknown or illegal, or the
        replayed position differs from the snapshot.
        """
        seats = [Seat.from_dict(s, number) for number, s in enumerate(data["seats"], 1)]
        match = cls(spec, seats, data["options"], data["seed"])
        if "start" in data:  # a game started from a position, not the set-up: checked first
            try:
                match.set_position(position_from_data(spec, data["start"]))
            except ValueError as err:
                reason = err.reason if isinstance(err, InvalidPosition) else str(err)
                raise ValueError(
                    _("its starting position cannot be played ({reason})").format(
                        reason=clause(reason)
                    )
                ) from None
        for i, item in enumerate(data["history"]):
            player = item["player"]
            if type(player) is not int:  # True == 1, but it is not a seat
                raise ValueError(
                    _("step {number} of the history names no player").format(number=i + 1)
                )
            try:
                action = spec.action_codec.from_dict(item["action"])
            except ValueError as err:
                raise ValueError(
                    _("step {number} of the history is damaged ({error})").format(
                        number=i + 1, error=clause(str(err))
                    )
                ) from None
            try:
                if player == CHANCE:
                    match.resolve_chance(action)
                else:
                    if player != match.current_player():
                        raise IllegalAction(_("it is recorded for the wrong player"))
                    match.apply(action)
            except IllegalAction as err:
                raise ValueError(
                    _("step {number} of the history cannot be replayed: {reason}").format(
                        number=i + 1, reason=err.reason
                    )
                ) from None
        if match.state.to_dict() != data["snapshot"]:
            raise ValueError(_("the replayed game does not match the saved position"))
        return match

    @classmethod
    def resume(cls, spec: GameSpec, data: dict) -> Match:
        """A match that goes on from a save's ``snapshot`` without replaying its history: for a
        save made under older rules (``data["rules_version"]`` below ``spec.rules_version``)
        whose recorded steps today's rules no longer accept. Options that no longer exist for
        the seat count fall back to their defaults (the position keeps what it was dealt).

        The steps before the snapshot are gone: undo and replay start there. The snapshot is
        checked as any position from outside (:func:`engine.validation.position_from_data`).
        Raises ``ValueError`` (:class:`engine.core.InvalidPosition` for a snapshot the rules
        cannot play) when the snapshot itself cannot be used.
        """
        seats = [Seat.from_dict(s, number) for number, s in enumerate(data["seats"], 1)]
        spec.check_players(len(seats))
        options = {}
        known = {option.name: option for option in spec.options}
        for name, value in data["options"].items():
            try:
                options[name] = known[name].validate(value, len(seats))
            except (KeyError, ValueError):
                continue
        match = cls(spec, seats, options, data["seed"])
        match.set_position(position_from_data(spec, data["snapshot"]))
        return match
