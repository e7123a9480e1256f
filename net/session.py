"""An online game on this computer: the match, the log, and what the table driver polls.

docs/DESIGN.md, "Playing at a distance". :class:`OnlineMatch` owns an
:class:`engine.match.Match` and a :class:`net.transport.Transport`. The table drives the match
as in hot-seat — chance with ``match.advance_chance()``, bots untimed (the fixed search of
:func:`net.bots.online_bot`, luck from ``match.bot_rng()``), a local person's decisions with
``match.apply`` and undo — and treats a remote seat like a bot whose moves come from a queue:
:meth:`OnlineMatch.play_remote`. Every frame it calls :meth:`OnlineMatch.poll`, which reads the
transport without blocking, checks what arrived, publishes this computer's finished turns and
returns typed outcomes (:data:`Outcome`).

What a turn is: a seat's consecutive decisions, with any chance between them, until another
seat is to move (or the game ends) — the undo boundary of ``engine/match.py``. The chance after
a turn belongs to it, so its hash is the position the next seat sees.

Nothing that arrives changes the match before it is checked whole on a copy: the sender is the
seat's player (where the transport can tell), the seat is the one to move, the turn and step
follow the log, each decision is legal, the turn ends where it should, the hash agrees. A bad
entry is refused with a sentence and the match stays as it was; a hash that differs stops the
game (:class:`Stopped`), as does a revealed secret that does not match its commitment.

Secret decisions (Off the Rails' split, OR-D7) go by commit and reveal (:mod:`net.secret`).
"""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Callable, Iterable

from engine.core import CHANCE, TERMINAL, Action, Event, IllegalAction
from engine.match import BOT, HUMAN, Match, Seat, pick_outcome
from engine.positions import match_from_position, read_position
from net import secret
from net.log import (
    BadEntry,
    Entry,
    Header,
    commitment,
    new_nonce,
    parse_entry,
    parse_header,
    state_hash,
)
from net.outcomes import (
    ConnectionLost,
    LocalTurnLost,
    Outcome,
    Reconnected,
    Refused,
    RemoteReady,
    SeatHandedOver,
    SecretAsked,
    SecretChoice,
    Stopped,
    TurnSent,
    Waiting,
)
from net.transport import Delivery, Restored, Transport, Trouble
from translation import _

INBOX_AHEAD = 64
"""Entries further ahead of the log than this are refused (a flood cannot fill memory)."""

PATIENCE = 120.0
"""Seconds a seat to move may keep the others waiting, in a game without a clock, before they
may hand it to a bot (a friend who thinks is not gone)."""


class _Refuse(Exception):
    def __init__(self, message: str, stop: bool = False):
        super().__init__(message)
        self.message = message
        self.stop = stop


class _Wait(Exception):
    """The match has not reached the entry yet (chance or a bot still to play)."""


def seeded_chance(state, seed: int, step: int) -> Action:
    """The chance outcome the match picks at history length ``step`` (as ``resolve_chance``)."""
    return pick_outcome(state.chance_outcomes(), random.Random(f"{seed}:{step}"))


class OnlineMatch:
    """An online game: ``header`` (:class:`net.log.Header`), the ``transport``, and
    ``local_seats``, the human seats played on this computer.

    ``clock()`` gives seconds since the epoch (tests pass a fake); ``on_change(session)`` is
    called after anything changed that should be stored (:mod:`net.store`).
    """

    def __init__(
        self,
        header: Header,
        transport: Transport,
        local_seats: Iterable[int],
        clock: Callable[[], float] = time.time,
        on_change: Callable[[OnlineMatch], None] | None = None,
    ):
        self.header = header
        self.spec = header.spec
        self.transport = transport
        self.clock = clock
        self.on_change = on_change
        seats = [seat.seat() for seat in header.seats]
        if header.start is None:
            self.match = Match(header.spec, seats, header.options, header.seed)
        else:
            state = read_position(header.spec, header.start)
            self.match = match_from_position(header.spec, seats, header.options, header.seed, state)
        self.local = {seat for seat in local_seats if header.seats[seat].kind == HUMAN}
        self.log: list[Entry] = []
        self._confirmed = 0
        """Entries before this index came back through the transport (or need not)."""
        self._inbox: dict[int, list[tuple[Entry, Delivery]]] = {}
        self._released: deque[Action] = deque()
        self._covered = 0
        """History steps accounted for: from accepted entries, chance, bots, published turns."""
        self._base = self.match.state.clone()
        """The state after ``_covered`` steps."""
        self._expect: tuple[int, str] | None = None
        """(step, hash) the match must show once it has played a released turn."""
        self._my_secret: dict | None = None
        """This computer's committed secret: nonce, actions, step, turn, answered."""
        self._commit: Entry | None = None
        self._answer: Entry | None = None
        self.handed: list[int] = []
        self.stopped: str | None = None
        self._outcomes: list[Outcome] = []
        self._shown_wait: int | None = None
        self._asked: int | None = None
        self.turn_since = clock()
        """When the seat to move began its turn (seconds since the epoch), for the clock."""
        self._mover: int | None = None
        self._sent_at: float | None = None
        """When the last accepted entry was sent, if its transport says (for the clock)."""

    # --- what the table asks ------------------------------------------------------------------
    @property
    def counts_in_statistics(self) -> bool:
        """False once a seat was handed to a bot: the game is no longer the friends' own."""
        return not self.handed

    def mover(self) -> int:
        """The seat to move in the log's position (a seat, ``CHANCE`` or ``TERMINAL``)."""
        return self._base.current_player()

    def next_mover(self) -> int:
        """The seat to move in the log's position once its chance is drawn (a seat or
        ``TERMINAL``): whose turn a list says it is, before the table has played the luck and
        the friend's turn that arrived (a list written while it waits, then a kill, named the
        friend again)."""
        state, step = self._base, self._covered
        if state.current_player() != CHANCE and not self._released:
            return state.current_player()
        state = state.clone()
        for action in (None, *self._released):
            if action is not None:
                state.apply_action(action)
                step += 1
            while state.current_player() == CHANCE:
                state.apply_action(seeded_chance(state, self.header.seed, step))
                step += 1
        return state.current_player()

    def is_remote(self, seat: int) -> bool:
        """True for a human seat played on another computer."""
        return 0 <= seat < len(self.match.seats) and (
            not self.match.seats[seat].is_bot and seat not in self.local
        )

    def is_remote_turn(self) -> bool:
        """True when the seat to move is played on another computer (the table waits for
        :meth:`play_remote`)."""
        return self.is_remote(self.match.current_player())

    def remote_ready(self) -> bool:
        """True when a checked remote turn waits in the queue."""
        return bool(self._released) and self.stopped is None

    def play_remote(self) -> list[Event] | None:
        """Apply the next step of a checked remote turn to the match: its next decision, or the
        chance that comes first. Returns its events, or None when the queue is empty."""
        self._cover()
        if not self.remote_ready():
            return None
        if self.match.is_chance():
            return self.match.advance_chance()
        if self._covered != len(self.match.history):
            raise RuntimeError("The table played a step the online game did not give it.")
        events = self.match.apply(self._released.popleft())
        self._cover_step(self.match.history[-1].player, self.match.history[-1].action)
        self._cover()  # (stored data changes with the log, not with each step played)
        return events

    def secret_choice(self) -> SecretChoice | None:
        """The decision a local seat makes now without seeing another seat's hidden choice,
        or None. Nothing in it shows the hidden choice: the view is that seat's observation of
        a stand-in position."""
        if self._commit is None or self._answer is not None or self._my_secret is not None:
            return None
        stand_in, _step = self._stand_in()
        seat = stand_in.current_player()
        if seat not in self.local:
            return None
        return SecretChoice(seat, stand_in.observation(seat), stand_in.legal_actions())

    def answer_secret(self, action: Action) -> None:
        """Publish a local seat's decision made without seeing the hidden choice. Raises
        :class:`engine.core.IllegalAction` when no such decision is asked or it is illegal."""
        choice = self.secret_choice()
        if choice is None or self.stopped:
            raise IllegalAction(_("No hidden choice waits for an answer here."))
        if action not in choice.legal:
            raise IllegalAction(_("That is not a legal choice here."))
        _stand_in, step = self._stand_in()
        entry = Entry("turn", len(self.log), step, choice.seat, (action,), None)
        self._answer = entry
        self._publish(entry)
        self._changed()

    def play_bot(self) -> list[Event]:
        """Play the bot to move on this thread (tests and the command-line runner; the table
        asks ``match.bot_request(net.bots.online_bot)`` on its worker instead)."""
        from net.bots import online_bot

        return self.match.play_bot_turn_now(online_bot)

    def time_left(self, now: float | None = None) -> float | None:
        """Seconds the seat to move has left on the clock (negative when past), or None
        without a clock."""
        if self.header.clock is None:
            return None
        return self.turn_since + self.header.clock - (self.clock() if now is None else now)

    def can_hand_over(self, target: int) -> bool:
        """Whether this computer may hand seat ``target`` to a bot now: a human seat played
        elsewhere, to move, past its time when the game has a clock (without one, once it has
        kept the others waiting :data:`PATIENCE` seconds: the friends then decide that it is
        gone), and a seat of this computer to ask it."""
        left = self.time_left()
        if left is None and self.clock() - self.turn_since < PATIENCE:
            return False  # a friend thinking, not gone
        return (
            self.stopped is None
            and self.is_remote(target)
            and self.mover() == target
            and not self._released
            and self._commit is None
            and any(not self.match.seats[seat].is_bot for seat in self.local)
            and (left is None or left < 0)
        )

    def hand_over(self, target: int, level: str = "medium") -> None:
        """Publish that seat ``target`` is played by a bot of ``level`` from now on (applied
        here at once and on every computer). Raises ``ValueError`` when not allowed."""
        if not self.can_hand_over(target):
            raise ValueError(_("That seat cannot be handed to a bot now."))
        proposer = min(seat for seat in self.local if not self.match.seats[seat].is_bot)
        entry = Entry(
            "handover", len(self.log), self._covered, proposer, target=target, level=level
        )
        self._apply_handover(entry)
        self._publish(entry)
        self._changed()

    # --- polling ------------------------------------------------------------------------------
    def poll(self) -> list[Outcome]:
        """Read the transport, check and queue what arrived, publish this computer's finished
        turns (:meth:`keep_up`); never blocks. Returns what happened since the last call."""
        self.keep_up()
        found, self._outcomes = self._outcomes, []
        return found

    def keep_up(self) -> None:
        """:meth:`poll`'s work, its news kept for the next: a table under a menu still stores
        what arrived, as one closing does (a turn left unread was lost)."""
        for item in self.transport.receive() if self.stopped is None else ():
            if isinstance(item, Trouble):
                self._outcomes.append(ConnectionLost(item.message, item.retry_in))
            elif isinstance(item, Restored):
                self._outcomes.append(Reconnected())
            else:
                self._receive(item)
            if self.stopped is not None:
                break
        if self.stopped is None:
            self._cover()
            self._try_inbox()
            self._cover()
            self._note_mover()

    def _note_mover(self) -> None:
        mover = self.mover()
        if mover != self._mover:
            self._mover = mover
            # a turn handed over days ago (read from a room's history) began then, not now
            now = self.clock()
            self.turn_since = min(now, self._sent_at) if self._sent_at is not None else now
            if not self._released:
                self._sent_at = None
            if self.log and self.log[-1].seat in self.local:
                self._announce(mover)  # the last to play pings the next person
        choice = self.secret_choice()
        asked = choice.seat if choice else None
        waiting = mover if self.is_remote(mover) and not self._released else None
        if self._commit is not None and self._answer is not None:
            waiting = self._commit.seat if self.is_remote(self._commit.seat) else None
        if asked is not None:
            waiting = None  # this computer answers first
        if waiting is not None and waiting != self._shown_wait:
            self._outcomes.append(Waiting(waiting))
        self._shown_wait = waiting
        if asked is not None and asked != self._asked:
            self._outcomes.append(SecretAsked(asked))
        self._asked = asked

    def _receive(self, item: Delivery) -> None:
        try:
            entry = parse_entry(item.data, self.header)
        except BadEntry as err:
            self._outcomes.append(Refused(str(err)))
            return
        seat = entry.seat
        if item.sender is not None and item.sender != self.header.seats[seat].player:
            self._outcomes.append(
                Refused(
                    _("A move for {name} came from {sender}; it was ignored.").format(
                        name=self.header.seats[seat].name, sender=item.sender[:80]
                    )
                )
            )
            return
        if entry.turn < len(self.log):
            self._against_log(entry, item)
            return
        if entry.turn > len(self.log) + INBOX_AHEAD:
            self._outcomes.append(Refused(_("A move far ahead of this game's turn was ignored.")))
            return
        self._inbox.setdefault(entry.turn, []).append((entry, item))

    def _against_log(self, entry: Entry, item: Delivery) -> None:
        """``entry`` is for a turn the log already has: a duplicate (nothing to do), the
        first of two where this computer's own came second (take ours back), or a second
        version (refused)."""
        known = self.log[entry.turn]
        if known.same_as(entry):
            self._confirmed = max(self._confirmed, entry.turn + 1)
            return
        if entry.turn >= self._confirmed and (
            entry.seat == known.seat or entry.target == known.seat
        ):
            self._lose_from(entry.turn)
            self._inbox.setdefault(entry.turn, []).insert(0, (entry, item))
            return
        self._outcomes.append(
            Refused(
                _("A second move for turn {number} was ignored: the first one counts.").format(
                    number=entry.turn + 1
                )
            )
        )

    def _lose_from(self, turn: int) -> None:
        """This computer's own entries from ``turn`` on came second: take them back."""
        step = self.log[turn].step
        del self.log[turn:]
        self._released.clear()
        self._expect = None
        if self._my_secret is not None and self._my_secret["turn"] >= turn:
            self._my_secret = None
        if self._commit is not None and self._commit.turn >= turn:
            self._commit = None
        if self._answer is not None and self._answer.turn >= turn:
            self._answer = None
        self.match.rewind_to(step)
        self._covered = step
        self._base = self.match.state.clone()
        self._outcomes.append(
            LocalTurnLost(_("Another move for this turn arrived first; yours was taken back."))
        )
        self._changed()

    # --- covering the match's history ---------------------------------------------------------
    def _cover_step(self, player: int, action: Action) -> None:
        self._base.apply_action(action)
        self._covered += 1
        if self._expect is not None and self._covered == self._expect[0]:
            if not self._base.current_player() == CHANCE:
                expected, self._expect = self._expect[1], None
                if state_hash(self._base) != expected:
                    self._stop(_("This computer's game went another way than the log says."))

    def _cover(self) -> None:
        """Account for the steps the table took: chance, bots and this computer's finished
        turns (published here)."""
        history = self.match.history
        while self.stopped is None:
            mine = self._my_secret
            if mine is not None and mine["answered"] and not self._released:
                if self._base.current_player() != CHANCE:
                    self._reveal()  # exactly after the answer and its chance, before a bot
            if self._covered >= len(history):
                break
            step = history[self._covered]
            if step.player == CHANCE or self.match.seats[step.player].is_bot:
                self._cover_step(step.player, step.action)
                continue
            if step.player not in self.local:
                raise RuntimeError("The table played a remote seat's step itself.")
            end = self._covered
            while end < len(history) and history[end].player in (step.player, CHANCE):
                end += 1
            if end == len(history) and self.match.current_player() in (step.player, CHANCE):
                break  # the turn goes on
            self._publish_turn(step.player, self._covered, end)

    def _publish_turn(self, seat: int, start: int, end: int) -> None:
        history = self.match.history
        actions = tuple(h.action for h in history[start:end] if h.player != CHANCE)
        for h in history[start:end]:
            self._cover_step(h.player, h.action)
        if self.stopped is not None:
            return
        after = self._base.current_player()
        if secret.is_secret(self.spec, actions) and self.is_remote(after):
            nonce = new_nonce()
            plain = [action.to_dict() for action in actions]
            entry = Entry("commit", len(self.log), start, seat, commit=commitment(nonce, plain))
            self._my_secret = {
                "nonce": nonce,
                "actions": plain,
                "step": start,
                "turn": entry.turn,
                "answered": False,
            }
            self._commit = entry
        else:
            entry = Entry("turn", len(self.log), start, seat, actions, state_hash(self._base))
        self._publish(entry)

    def _reveal(self) -> None:
        mine = self._my_secret
        assert mine is not None and self._commit is not None
        actions = tuple(self.spec.action_codec.from_dict(a) for a in mine["actions"])
        entry = Entry(
            "reveal",
            len(self.log),
            mine["step"],
            self._commit.seat,
            actions,
            state_hash(self._base),
            nonce=mine["nonce"],
        )
        self._my_secret = self._commit = self._answer = None
        self._publish(entry)

    def _publish(self, entry: Entry) -> None:
        self.log.append(entry)
        if not self.transport.echoes:
            self._confirmed = len(self.log)
        self.transport.publish(entry.to_dict())
        self._outcomes.append(TurnSent(entry.seat, entry.turn))
        self._changed()

    def _announce(self, seat: int) -> None:
        if self.is_remote(seat):
            player = self.header.seats[seat].player
            if player:
                self.transport.announce(
                    player, _("Your turn in {game}.").format(game=_(self.spec.title))
                )

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self)

    def _stop(self, message: str) -> None:
        self.stopped = message
        self._released.clear()
        self._outcomes.append(Stopped(message))
        self._changed()

    # --- judging entries ----------------------------------------------------------------------
    def _try_inbox(self) -> None:
        for turn in sorted(k for k in self._inbox if k < len(self.log)):
            # arrived before this computer published its own entry for that turn
            for entry, item in self._inbox.pop(turn, []):
                if turn < len(self.log) and self.stopped is None:
                    self._against_log(entry, item)
                else:
                    self._inbox.setdefault(turn, []).append((entry, item))
        while self.stopped is None and not self._released:
            candidates = self._inbox.get(len(self.log))
            if not candidates:
                self._inbox = {k: v for k, v in self._inbox.items() if k > len(self.log)}
                return
            entry, item = candidates[0]
            try:
                self._judge(entry)
            except _Wait:
                return
            except _Refuse as refusal:
                candidates.pop(0)
                if refusal.stop:
                    self._stop(refusal.message)
                else:
                    self._outcomes.append(Refused(refusal.message))
                continue
            candidates.pop(0)
            self._sent_at = item.sent_at
            self._changed()

    def _judge(self, entry: Entry) -> None:
        """Accept ``entry`` (the log's next) or raise :class:`_Refuse` / :class:`_Wait`."""
        base = self._base
        mover = base.current_player()
        if mover == CHANCE or (mover >= 0 and self.match.seats[mover].is_bot):
            raise _Wait()
        name = self.header.seats[entry.seat].name
        if entry.kind == "reveal":
            return self._judge_reveal(entry)
        if entry.kind == "turn" and entry.hash is None:
            return self._judge_answer(entry)
        if self._commit is not None:
            raise _Refuse(
                _("A move for {name} came while a hidden choice waits; it was ignored.").format(
                    name=name
                )
            )
        if mover == TERMINAL:
            raise _Refuse(_("A move arrived after the end of the game; it was ignored."))
        if entry.kind == "handover":
            return self._judge_handover(entry, mover)
        if entry.step != self._covered or entry.seat != mover:
            raise _Refuse(
                _(
                    "A move for {name} does not fit turn {number} of this game; it was ignored."
                ).format(name=name, number=entry.turn + 1)
            )
        if entry.kind == "commit":
            if not secret.decides_secret(self.spec, base):
                raise _Refuse(_("A hidden choice arrived where the rules hide nothing."))
            self.log.append(entry)
            self._confirmed = len(self.log)
            self._commit = entry
            return None
        end, digest = self._play_copy(base.clone(), entry.seat, entry.actions, self._covered)
        if digest != entry.hash:
            raise self._differs(entry)
        self._accept_turn(entry, list(entry.actions), (end, digest))
        return None

    def _accept_turn(self, entry: Entry, actions: list[Action], expect) -> None:
        if len(self.match.history) > self._covered:  # the same player, on another computer
            self.match.rewind_to(self._covered)
        self.log.append(entry)
        self._confirmed = len(self.log)
        self._released.extend(actions)
        self._expect = expect
        self._outcomes.append(RemoteReady(entry.seat, entry.turn))

    def _differs(self, entry: Entry) -> _Refuse:
        """The refusal of a turn that does not give the position it names: the game stops
        (another program version, or a changed program), unless a person carried it (a turn
        file may be damaged or edited: it is ignored and the game waits for the right one)."""
        name = self.header.seats[entry.seat].name
        if self.transport.hand_carried:
            return _Refuse(
                _(
                    "{name}'s turn {number} in this file does not give the position it should "
                    "here (a damaged or edited file, or another program version), so it was "
                    "ignored. Ask {name} to send it again."
                ).format(name=name, number=entry.turn + 1)
            )
        return _Refuse(
            _(
                "After {name}'s turn {number} the two computers show different positions, so "
                "the game stops here (a different program version, or a changed program). "
                "Nothing was lost: the game is kept as it was before that turn."
            ).format(name=name, number=entry.turn + 1),
            stop=True,
        )

    def _play_copy(self, state, seat: int, actions, step: int, whole: bool = True):
        """Play ``actions`` of ``seat`` on ``state`` (a copy) from history length ``step``,
        with the seeded chance after each; returns ``(step after, hash)``. With ``whole``, the
        turn must end there. Raises :class:`_Refuse` naming what is wrong."""
        name = self.header.seats[seat].name
        for number, action in enumerate(actions, 1):
            if state.current_player() != seat:
                raise _Refuse(
                    _("{name}'s move goes on after the turn ended; it was ignored.").format(
                        name=name
                    )
                )
            try:
                state.apply_action(action)
            except IllegalAction as err:
                raise _Refuse(  # the rule's words are said to the mover: quoted, as to them
                    _(
                        "{name}'s move was ignored: its step {number} is not allowed here. "
                        "The rules would tell {name}: “{reason}”"
                    ).format(number=number, name=name, reason=err.reason)
                ) from None
            step += 1
            while state.current_player() == CHANCE:
                state.apply_action(seeded_chance(state, self.header.seed, step))
                step += 1
        if whole and state.current_player() == seat:
            raise _Refuse(
                _("{name}'s move stops in the middle of the turn; it was ignored.").format(
                    name=name
                )
            )
        return step, state_hash(state)

    def _stand_in(self):
        """``(state, step)``: the position after a placeholder for the committed secret, as
        the answering seat may see it (its observation hides the secret anyway)."""
        state = self._base.clone()
        step = self._covered
        state.apply_action(state.legal_actions()[0])
        step += 1
        while state.current_player() == CHANCE:
            state.apply_action(seeded_chance(state, self.header.seed, step))
            step += 1
        return state, step

    def _judge_answer(self, entry: Entry) -> None:
        name = self.header.seats[entry.seat].name
        commit = self._commit
        if commit is None or self._answer is not None or len(entry.actions) != 1:
            raise _Refuse(
                _("A move for {name} has no position check; it was ignored.").format(name=name)
            )
        if self._my_secret is not None:  # the secret is this computer's: play it for real
            if entry.step != self._covered or entry.seat != self._base.current_player():
                raise _Refuse(
                    _(
                        "A move for {name} does not fit turn {number} of this game; it was ignored."
                    ).format(name=name, number=entry.turn + 1)
                )
            self._play_copy(self._base.clone(), entry.seat, entry.actions, self._covered, False)
            self._my_secret["answered"] = True
            self._accept_turn(entry, list(entry.actions), None)
            self._answer = entry
            return
        stand_in, step = self._stand_in()
        if entry.step != step or entry.seat != stand_in.current_player():
            raise _Refuse(
                _(
                    "A move for {name} does not fit turn {number} of this game; it was ignored."
                ).format(name=name, number=entry.turn + 1)
            )
        if entry.actions[0] not in stand_in.legal_actions():
            raise _Refuse(
                _("{name}'s choice is not allowed here; it was ignored.").format(name=name)
            )
        self.log.append(entry)
        self._confirmed = len(self.log)
        self._answer = entry

    def _judge_reveal(self, entry: Entry) -> None:
        commit, answer = self._commit, self._answer
        name = self.header.seats[entry.seat].name
        if commit is None or answer is None or entry.seat != commit.seat:
            raise _Refuse(
                _("A revealed choice from {name} answers nothing; it was ignored.").format(
                    name=name
                )
            )
        if (
            entry.step != commit.step
            or commitment(entry.nonce or "", [a.to_dict() for a in entry.actions]) != commit.commit
        ):
            raise _Refuse(
                _(
                    "{name}'s revealed choice is not the one committed to, so the game stops here."
                ).format(name=name),
                stop=True,
            )
        state = self._base.clone()
        step, _digest = self._play_copy(state, entry.seat, entry.actions, self._covered, False)
        if step != answer.step:
            raise _Refuse(
                _("{name}'s revealed choice does not fit the game, so the game stops here.").format(
                    name=name
                ),
                stop=True,
            )
        end, digest = self._play_copy(state, answer.seat, answer.actions, step, False)
        if digest != entry.hash:
            raise self._differs(entry)
        self._commit = self._answer = None
        self._accept_turn(entry, [*entry.actions, *answer.actions], (end, digest))

    def _judge_handover(self, entry: Entry, mover: int) -> None:
        target = entry.target
        assert target is not None
        seats = self.match.seats
        if (
            entry.step != self._covered
            or target != mover
            or seats[target].is_bot
            or seats[entry.seat].is_bot
        ):
            raise _Refuse(
                _(
                    "A request to hand {name}'s seat to a bot came out of turn; it was ignored."
                ).format(name=self.header.seats[target].name)
            )
        self._apply_handover(entry)
        self.log.append(entry)
        self._confirmed = len(self.log)

    def _apply_handover(self, entry: Entry) -> None:
        target = entry.target
        assert target is not None and entry.level is not None
        if len(self.match.history) > self._covered:
            self.match.rewind_to(self._covered)
        seat = self.match.seats[target]
        self.match.seats[target] = Seat(BOT, seat.name, entry.level)
        self.match.revision += 1  # what a table worked out for that seat no longer holds
        self.local.discard(target)
        self.handed.append(target)
        self._outcomes.append(SeatHandedOver(target, entry.level))

    # --- storing ------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        """Plain data to resume this game here (:meth:`restore`): the header, the log, the
        match's save data, and this computer's secret and unchecked entries."""
        return {
            "header": self.header.data,
            "local": sorted(self.local),
            "log": [entry.to_dict() for entry in self.log],
            "confirmed": self._confirmed,
            "inbox": [
                [entry.to_dict(), item.sender]
                for turn in sorted(self._inbox)
                for entry, item in self._inbox[turn]
            ],
            "released": [action.to_dict() for action in self._released],
            "expect": list(self._expect) if self._expect else None,
            "covered": self._covered,
            "secret": self._my_secret,
            "commit": self._commit.turn if self._commit else None,
            "answer": self._answer.turn if self._answer else None,
            "handed": list(self.handed),
            "stopped": self.stopped,
            "turn_since": self.turn_since,
            "match": self.match.to_save(),
        }

    @classmethod
    def restore(
        cls,
        data: dict,
        transport: Transport,
        clock: Callable[[], float] = time.time,
        on_change: Callable[[OnlineMatch], None] | None = None,
    ) -> OnlineMatch:
        """The game :meth:`to_dict` stored, going on with ``transport``; this computer's
        entries that may not have gone out are published again (duplicates are harmless).
        Raises ``ValueError`` (or :class:`net.log.BadEntry`) when the data is damaged."""
        header = parse_header(data["header"])
        session = cls(header, transport, data["local"], clock, on_change)
        session.match = Match.from_save(header.spec, data["match"])
        session.log = [parse_entry(item, header) for item in data["log"]]
        session._confirmed = int(data["confirmed"])
        for item, sender in data["inbox"]:
            entry = parse_entry(item, header)
            session._inbox.setdefault(entry.turn, []).append((entry, Delivery(item, sender)))
        codec = header.spec.action_codec
        session._released = deque(codec.from_dict(a) for a in data["released"])
        expect = data["expect"]
        session._expect = (int(expect[0]), str(expect[1])) if expect else None
        session._covered = int(data["covered"])
        state = session.match.start_state()
        for step in session.match.history[: session._covered]:
            state.apply_action(step.action)
        session._base = state
        session._my_secret = data["secret"]
        session._commit = session.log[data["commit"]] if data["commit"] is not None else None
        session._answer = session.log[data["answer"]] if data["answer"] is not None else None
        session.handed = list(data["handed"])
        session.stopped = data["stopped"]
        session.turn_since = float(data["turn_since"])
        session._mover = session.mover()
        for entry in session.log[session._confirmed :]:
            transport.publish(entry.to_dict())
        return session

    def close(self) -> None:
        """Stop the transport (the game stays stored)."""
        self.transport.close()
