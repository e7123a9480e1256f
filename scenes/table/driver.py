"""Driving a match at a table, with no pygame: whose move, bots, hints, undo, chance, replay.

The table scene (:mod:`scenes.table.scene`) asks the :class:`MatchDriver` what happens next and
shows it; the driver never calls the scene. Each call returns what happened as a typed outcome:

* :class:`Stepped` — a step was applied (a person's action, a bot's, luck, a replay step): its
  events and the state before them, for the table to animate; ``save`` says the autosave is due.
* :class:`Refused` — a person's action broke a rule: the rule in plain words.
* :class:`PassScreen` — in hot-seat, the screen passes to ``player`` first.
* :class:`PersonToMove` — a person may act (``new_turn`` once per turn: the chime).
* :class:`HintReady` — the hint asked for has arrived.
* :class:`Undone` — Undo or Restart took steps back (or could not).
* :class:`Jumped` — a replay moved to another position at once (no animation).
* :class:`GameOver` — the game has ended.

An online game (``online``, a :class:`net.session.OnlineMatch`) adds: :class:`WaitingForRemote`
(a person on another computer is to move), :class:`SecretPick` (a person here chooses without
seeing another seat's hidden choice), :class:`Halted` (the game stopped: positions differ) and
:class:`NetworkNews` (what :meth:`MatchDriver.poll_network` read from the log). A remote seat's
steps come checked from the session (:class:`Stepped` ``by`` "remote"); the driver never plays
them itself, and its bots are :func:`net.bots.online_bot`, untimed, so every computer agrees.

Bots and hints think through a :class:`scenes.table.thinking.Thinker` (a worker process in the
program), from the seat's observation only. A bot's answer is applied only if the match has not
moved meanwhile (undo, load). ``version`` counts every change of the match, so what a table
works out from the position (its legal moves, its buttons) is kept until it changes.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core import Action, Event, IllegalAction, TurnStarted
from engine.match import Match
from engine.replay import ReplayCursor
from scenes.table.thinking import DoneJob, InlineThinker, Job, Question, Thinker

if TYPE_CHECKING:
    from net.session import OnlineMatch


@dataclass(frozen=True)
class Stepped:
    """A step was applied: ``events`` took ``before`` to the match's state. ``by`` is "person",
    "bot", "chance" or "replay"; ``save`` is True when the game should autosave now."""

    events: tuple[Event, ...]
    before: Any
    by: str
    save: bool = True


@dataclass(frozen=True)
class Refused:
    """A person's action was refused: ``reason`` is the rule in plain words."""

    reason: str


@dataclass(frozen=True)
class PassScreen:
    """Hot-seat: show the pass screen for ``player`` before anything else."""

    player: int


@dataclass(frozen=True)
class PersonToMove:
    """``player``, a person, may act; ``new_turn`` is True the first time in a turn."""

    player: int
    new_turn: bool


@dataclass(frozen=True)
class HintReady:
    """The hint for the person to move: ``action``."""

    action: Action


@dataclass(frozen=True)
class Undone:
    """Undo or Restart: ``done`` is False when a roll, a draw or another player's move was in
    the way (nothing changed)."""

    done: bool


@dataclass(frozen=True)
class Jumped:
    """A replay jumped to another position (the board shows it at once)."""

    position: int


@dataclass(frozen=True)
class GameOver:
    """The game has ended (the match is terminal)."""


@dataclass(frozen=True)
class WaitingForRemote:
    """Online: ``seat``, a person on another computer, is to move; their turn has not come."""

    seat: int


@dataclass(frozen=True)
class SecretPick:
    """Online: a person here chooses without seeing another seat's hidden choice (OR-D7).
    ``choice`` is a :class:`net.outcomes.SecretChoice`: the seat, a masked ``view`` and the
    ``legal`` answers; answer with :meth:`MatchDriver.answer_secret`."""

    choice: Any


@dataclass(frozen=True)
class Halted:
    """Online: the game stopped and cannot go on here; ``message`` says why."""

    message: str


@dataclass(frozen=True)
class NetworkNews:
    """Online: what the log brought since the last poll (:mod:`net.outcomes`, in order)."""

    outcomes: tuple


Outcome = (
    Stepped
    | Refused
    | PassScreen
    | PersonToMove
    | HintReady
    | Undone
    | Jumped
    | GameOver
    | WaitingForRemote
    | SecretPick
    | Halted
)


@dataclass(frozen=True)
class Thinking:
    """A search running now: a bot's move (``hint`` False) or a hint; ``since`` is when it began
    (the driver's clock, seconds), ``level`` the bot's level."""

    since: float
    level: str
    hint: bool


@dataclass
class HotSeat:
    """How a table shares one screen between people: ``pass_screens()`` is the setting (a pass
    screen between people's turns), ``before_chance`` shows it before the luck that opens a
    person's turn (their dice roll, Diced Tomatoes), ``hidden_decision()`` says a decision now
    must not be seen by the others (a split in Off the Rails: a pass screen even with the
    setting off); ``secret_hands`` hides each person's hand until they sit."""

    pass_screens: Callable[[], bool] = lambda: True
    before_chance: bool = False
    hidden_decision: Callable[[], bool] = lambda: False
    secret_hands: bool = False
    """Each person holds cards the others may not see (Shifting Stones): the first person's
    turn also starts behind a pass screen, and so does every person's, the setting aside."""


class MatchDriver:
    """Drives ``match`` for a table.

    ``thinker`` runs the bots' and hints' searches; ``budget`` is Hard's seconds per turn when
    ``timed`` (else a fixed search, so a game repeats); ``pause()`` is the seconds to wait
    between two bot moves (the animation speed: 0 at instant). ``replay`` is a recorded
    history to step through instead of playing (the match must be at its start). ``clock`` is
    monotonic seconds (tests pass a fake one). ``online`` is the online game that owns
    ``match`` (its bots untimed, whatever ``timed`` says); ``autoplay_people`` lets an Easy bot
    make the decisions of this computer's people (the command line's ``--autoplay`` online).
    """

    def __init__(
        self,
        match: Match,
        thinker: Thinker | None = None,
        *,
        budget: Callable[[], float] = lambda: 2.0,
        timed: Callable[[], bool] = lambda: False,
        pause: Callable[[], float] = lambda: 0.0,
        hot_seat: HotSeat | None = None,
        replay: list | None = None,
        clock: Callable[[], float] = time.monotonic,
        online: OnlineMatch | None = None,
        autoplay_people: bool = False,
    ):
        self.match = match
        self.online = online
        self.autoplay_people = autoplay_people
        self.thinker: Thinker = thinker if thinker is not None else InlineThinker()
        self.budget = budget
        self.timed = timed
        self.pause = pause
        self.hot_seat = hot_seat or HotSeat()
        self.clock = clock
        self.replay = list(replay) if replay is not None else None
        self.cursor = ReplayCursor(match, self.replay) if self.replay is not None else None
        """Where the replay stands (scrubbing: by step, by turn, to any step), or None."""
        self.job: Job | None = None
        self._job_for = -1  # the history length the bot's search was asked at
        self._job_level = ""
        self.job_since = 0.0
        self.bot_wait = 0.0
        self.hint_job: Job | None = None
        self._hint_for = -1
        self.hint_since = 0.0
        self.hint: Action | None = None
        self._hint_at = -1
        self._hints_given: dict[str, Action] = {}
        """Each hint given in this match by the position it was asked in (:meth:`ask_hint`)."""
        self.last_human: int | None = None
        """The person the screen was last passed to (hot-seat)."""
        self._together: list[tuple[int, int]] = []
        """``(start, end)`` history lengths of decisions one gesture made at once."""
        self.seated: int | None = None
        """The person at the keyboard (hot-seat): set once their pass screen is gone."""
        self._turn_chimed: tuple | None = None
        self._legal: tuple[int, list[Action]] | None = None

    # --- looking ----------------------------------------------------------------------------
    @property
    def version(self) -> int:
        """Counts every change of the match (a step, an undo, a replay jump)."""
        return self.match.revision

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats people play at this table, in seat order (online: this computer's)."""
        return tuple(
            i
            for i, seat in enumerate(self.match.seats)
            if not seat.is_bot and (self.online is None or i in self.online.local)
        )

    def person_to_move(self) -> bool:
        """True when a person at this table is to move in a game being played (not a replay;
        online, not while a checked turn from the log waits to be played or the game has
        stopped)."""
        if self.replay is not None or not self.match.is_human_turn():
            return False
        online = self.online
        return online is None or (
            self.match.current_player() in online.local
            and online.stopped is None
            and not online.remote_ready()
        )

    def legal(self) -> list[Action]:
        """The legal actions of the person to move (empty while a bot or luck is to move or a
        replay runs), worked out once per :attr:`version`."""
        if not self.person_to_move():
            return []
        if self._legal is None or self._legal[0] != self.version:
            self._legal = (self.version, self.match.legal_actions())
        return self._legal[1]

    def thinking(self) -> Thinking | None:
        """The search running now, if any."""
        if self.hint_job is not None and not self.hint_job.done():
            return Thinking(self.hint_since, "hard", True)
        if self.job is not None and not self.job.done():
            return Thinking(self.job_since, self._job_level, False)
        return None

    def current_hint(self) -> Action | None:
        """The hinted action while it still applies to the position, else None."""
        return self.hint if self._hint_at == len(self.match.history) else None

    def can_undo(self) -> bool:
        return self.person_to_move() and self.match.can_undo()

    # --- a person acts ----------------------------------------------------------------------
    def apply(self, action: Action) -> Stepped | Refused:
        """Apply the person's ``action``: :class:`Stepped`, or :class:`Refused` with the rule."""
        before = self.match.state.clone()
        try:
            events = self.match.apply(action)
        except IllegalAction as err:
            return Refused(err.reason)
        return Stepped(tuple(events), before, "person")

    def undo(self, whole_turn: bool = False) -> Undone | None:
        """Take back the person's last step — the decisions one gesture made together count as
        one (:meth:`acted_together`) — or, ``whole_turn``, back to the turn's start or the last
        roll or draw in it. None when it is not a person's move in a played game."""
        if not self.person_to_move():
            return None
        self._drop_hint()
        if whole_turn:
            done = self.match.undo_turn()
        else:
            length = len(self.match.history)
            start = next((s for s, end in reversed(self._together) if end == length), None)
            done = self.match.undo()
            while done and start is not None and len(self.match.history) > start:
                if not self.match.undo():  # a roll or a draw between them: stop there
                    break
        self._together = [(s, e) for s, e in self._together if e <= len(self.match.history)]
        return Undone(done)

    def acted_together(self, start: int, end: int) -> None:
        """A person's gesture made the decisions ``start``…``end`` of the history at once (a
        card paid and the move it paid for; Place all): Undo takes them back as one."""
        if end - start > 1:
            self._together.append((start, end))

    # --- hints ------------------------------------------------------------------------------
    def ask_hint(self) -> bool:
        """Ask the Hard computer player, on the thinker, for the person's best move now. False
        when no person is to move or a hint is already being thought of. A position hinted
        before in this match (undone to, or asked again) gets the same hint at once: the
        table's search is timed, so a new search could advise another move there."""
        if not self.person_to_move() or self.hint_job is not None:
            return False
        player = self.match.current_player()
        self.hint = None  # an older hint must not pass for this one while it is thought of
        self._hint_for = len(self.match.history)
        self.hint_since = self.clock()
        given = self._hints_given.get(self._hint_position())
        if given is not None:
            self.hint_job = DoneJob(given)
            return True
        # the person's seat and turn: a hint followed step by step plays the plan the turn's
        # first hint chose (Hard remembers it in the seat's TurnClock) instead of a new plan
        # at every step, which sent a player one way and then another (a play-test)
        match = self.match
        self.hint_job = self.thinker.ask(
            Question(
                match.spec.id,
                "hard",
                self.budget(),
                self.timed(),
                match.state.observation(player),
                tuple(match.legal_actions()),
                match.bot_rng(),
                player,
                turn=("hint", id(match), match.turn_count()),
            )
        )
        return True

    def poll_hint(self) -> HintReady | None:
        """The hint, once it has arrived for the position still on the table."""
        if self.hint_job is None or not self.hint_job.done():
            return None
        job, self.hint_job = self.hint_job, None
        action = job.result()
        if self._hint_for != len(self.match.history):
            return None
        self.hint, self._hint_at = action, self._hint_for
        self._hints_given[self._hint_position()] = action
        return HintReady(action)

    def _hint_position(self) -> str:
        """The position a hint is asked in, whole (the seat to move included)."""
        return json.dumps(self.match.state.to_dict(), sort_keys=True, default=str)

    def _drop_hint(self) -> None:
        if self.hint_job is not None:
            self.hint_job.cancel()
            self.hint_job = None

    # --- what happens by itself -------------------------------------------------------------
    def advance(self, dt: float) -> Outcome | None:
        """What the match does next by itself, with ``dt`` seconds since the last call; call it
        while the board is idle (nothing animating). None while waiting (a bot thinking or
        pausing between moves, a replay paused)."""
        match = self.match
        if match.is_terminal():
            return GameOver()
        if self.replay is not None:
            return None
        online = self.online
        if online is not None and online.stopped is not None:
            return Halted(online.stopped)
        if match.is_chance():
            screen = self._pass_before_luck() if self.hot_seat.before_chance else None
            if screen is not None:
                return screen
            before = match.state.clone()
            events = match.advance_chance()  # consecutive draws or rolls animate together
            return Stepped(tuple(events), before, "chance")
        if online is not None and online.remote_ready():
            before = match.state.clone()  # a checked turn from the log, one step at a time
            return Stepped(tuple(online.play_remote() or ()), before, "remote")
        if match.is_bot_turn():
            return self._drive_bot(dt)
        if online is not None and match.current_player() not in online.local:
            choice = online.secret_choice()
            if choice is None:
                return WaitingForRemote(match.current_player())
            if self.autoplay_people:
                self.answer_secret(self._autoplay_answer(choice))
                return None
            return SecretPick(choice)
        if self.autoplay_people:
            return self._drive_bot(dt)
        return self._person_turn()

    # --- online -----------------------------------------------------------------------------
    def poll_network(self) -> NetworkNews | None:
        """Read the online game's log (never blocking; call it every frame): its news, or
        None when nothing happened. A turn taken back or a seat handed to a bot drops the
        searches asked for the position before."""
        if self.online is None:
            return None
        found = tuple(self.online.poll())
        if not found:
            return None
        from net.outcomes import LocalTurnLost, SeatHandedOver

        if any(isinstance(item, (LocalTurnLost, SeatHandedOver)) for item in found):
            self.stop()
            self._legal = None
        return NetworkNews(found)

    def answer_secret(self, action: Action) -> Refused | None:
        """Publish the person's answer to a :class:`SecretPick`; :class:`Refused` (nothing
        sent) when it is not a legal answer or none is asked."""
        if self.online is None:
            return Refused("")
        try:
            self.online.answer_secret(action)
        except IllegalAction as err:
            return Refused(err.reason)
        return None

    def _autoplay_answer(self, choice) -> Action:
        from net.bots import online_bot

        bot = online_bot(self.match.spec, "easy")
        return bot.choose(choice.view, list(choice.legal), self.match.bot_rng())

    def _drive_bot(self, dt: float) -> Stepped | None:
        match = self.match
        if self.job is None:
            if self.bot_wait > 0:
                self.bot_wait -= dt
                return None
            player = match.current_player()
            level = match.seats[player].level or "easy"  # a person played by --autoplay: Easy
            self._job_for, self._job_level = len(match.history), level
            self.job_since = self.clock()
            online = self.online is not None
            self.job = self.thinker.ask(
                Question(
                    match.spec.id,
                    level,
                    self.budget(),
                    self.timed() and not online,
                    match.state.observation(player),
                    tuple(match.legal_actions()),
                    match.bot_rng(),
                    player,
                    online,
                    (id(match), match.turn_count()),  # Hard's thinking time is per turn
                )
            )
            if not self.job.done():
                return None
        if not self.job.done():
            return None
        job, self.job = self.job, None
        action = job.result()
        before = match.state.clone()
        try:
            events = match.apply_bot_move(action, self._job_for)
        except IllegalAction:
            return None  # the position changed meanwhile (undo, load): ask again
        self.bot_wait = self.pause()
        return Stepped(tuple(events), before, "bot")

    def _pass_before_luck(self) -> PassScreen | None:
        """Hot-seat, before the luck that opens another person's turn: their pass screen
        first, so the roll plays before their eyes. Once it is gone they are seated."""
        owner = self.match.turn_owner()
        if not 0 <= owner < len(self.match.seats) or self.match.seats[owner].is_bot:
            return None
        if len(self.humans) < 2 or not (self.hot_seat.pass_screens() or self.hot_seat.secret_hands):
            return None
        if self.last_human is None and not self.hot_seat.secret_hands:
            return None
        if owner != self.last_human:
            self.last_human = owner
            return PassScreen(owner)
        self.seated = owner
        return None

    def _person_turn(self) -> PassScreen | PersonToMove:
        player = self.match.current_player()
        secret = self.hot_seat.secret_hands
        if (
            (self.last_human is not None or secret)
            and player != self.last_human
            and len(self.humans) > 1
            and (self.hot_seat.pass_screens() or self.hot_seat.hidden_decision() or secret)
        ):
            self.last_human = player
            return PassScreen(player)
        self.last_human = player
        self.seated = player  # past the pass screen: at the keyboard now
        turn = (self.match.turn_count(), player)
        new_turn = turn != self._turn_chimed
        self._turn_chimed = turn  # once per turn, not once per decision
        return PersonToMove(player, new_turn)

    def turns_started(self, events: tuple[Event, ...]) -> bool:
        """True when ``events`` begin a turn."""
        return any(isinstance(event, TurnStarted) for event in events)

    # --- replay -----------------------------------------------------------------------------
    def replay_step(self) -> Stepped | None:
        """One recorded step forward with the luck that follows it (up to
        :meth:`ReplayCursor.next_stop`), its events played as one (None at the end or outside
        a replay)."""
        if self.cursor is None or self.cursor.at_end:
            return None
        before = self.match.state.clone()
        stop = self.cursor.next_stop()
        events: list[Event] = []
        while self.cursor.position < stop:
            events.extend(self.cursor.step_forward() or ())
        return Stepped(tuple(events), before, "replay", save=False)

    def replay_go(self, position: int) -> Jumped | None:
        """Show the recorded game after ``position`` steps at once."""
        if self.cursor is None:
            return None
        self.cursor.go_to(position)
        return Jumped(self.cursor.position)

    # --- the end ----------------------------------------------------------------------------
    def settle(self, timeout: float = 10.0) -> None:
        """Block until the running searches end (tests: frames spun meanwhile only take the
        interpreter from a thread)."""
        for job in (self.job, self.hint_job):
            if job is not None:
                job.wait(timeout)

    def stop(self) -> None:
        """Stop thinking (quit, load, game over): running searches are cancelled."""
        for job in (self.job, self.hint_job):
            if job is not None:
                job.cancel()
        self.job = self.hint_job = None
