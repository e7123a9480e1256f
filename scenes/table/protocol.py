"""What a game brings to the table kit, and what the kit lets it see.

A game's table (``scenes/tables/<game>/table.py``) is a :class:`GameTable`: it lays out and
draws the board, says what the mouse points at, turns a click or key into an **intent**, says
how its events animate, and finds the words for the top bar and the log. It reads the table
through a :class:`TableContext` (the state shown, the person's legal moves, the viewer, the
mouse…) and never calls the scene: everything it wants done comes back as an intent, which the
one table scene (:mod:`scenes.table.scene`) carries out the same way for every game.

The intents (one set for all games):

* :class:`Act` — apply an action through the match (it refuses an illegal one with the rule).
* :class:`ActAll` — apply actions one after another ("Place all"), stopping at a refusal.
* :class:`Select` — the game's half-made choice changes (a picked-up die), with a message.
* :class:`Say` — tell the player something (no tone).
* :class:`Refuse` — say why not, with the error tone (and perhaps show the way: a selection).
* :class:`Confirm` — ask first ("End the action phase with 2 actions left?"), then act.
* :class:`Instead` — take back the person's last step and apply another action in its place
  (a marble moved to the other potion it fits).
* :class:`Handled` — the event was used (a drag begun); nothing else happens.

None of them decides a rule.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

if TYPE_CHECKING:
    import pygame

    from engine.core import Action, Event
    from engine.match import Match
    from scenes.kit import Target
    from scenes.table.steps import Stage, Step

MESSAGE_SECONDS = 6.0
"""How long a message from the table (a refusal, a prompt) stays in the top bar."""


@dataclass(frozen=True)
class Act:
    """Apply ``action`` (through the match, which refuses it with the rule if illegal)."""

    action: Any


@dataclass(frozen=True)
class ActAll:
    """Apply ``actions`` in turn, or while ``next()`` gives one (asked again after each step,
    e.g. every marble whose hole is sure); stops at a refusal, whose reason is shown."""

    actions: tuple = ()
    next: Callable[[], Any] | None = None


@dataclass(frozen=True)
class Select:
    """The game's selection becomes ``selection``; ``message`` ("" for none) is shown."""

    selection: Any
    message: str = ""


@dataclass(frozen=True)
class Say:
    """Tell the player ``message`` (nothing else changes, no tone)."""

    message: str


@dataclass(frozen=True)
class Refuse:
    """Say why not (``message``) with the error tone; with ``selection`` the game's selection
    becomes it too (a die that fits nowhere picked up to show the way)."""

    message: str
    selection: Any = None


@dataclass(frozen=True)
class Confirm:
    """Ask ``question`` (a whole sentence) first; on Yes (its button says ``yes``, "Yes" when
    empty) carry out ``then``."""

    question: str
    then: Any
    yes: str = ""


@dataclass(frozen=True)
class Instead:
    """Take back the person's last step and apply ``action`` in its place (refused with the
    rule if it cannot be taken back)."""

    action: Any


@dataclass(frozen=True)
class Handled:
    """The event was used (a drag begun, a key noted); nothing else happens."""


Intent = Act | ActAll | Select | Say | Refuse | Confirm | Instead | Handled


@dataclass(frozen=True)
class Button:
    """One button of the column over the log: ``key`` names it for :meth:`GameTable.press`,
    ``label`` is its text, ``tip`` what its tooltip adds under the label (or, a tuple, the
    tooltip's lines whole), ``selected`` shows a tool in hand. ``shorter`` are labels to use,
    in order, when ``label`` does not fit the button."""

    key: str
    label: str
    tip: str | tuple[str, ...] = ""
    enabled: bool = True
    selected: bool = False
    shorter: tuple[str, ...] = ()


@dataclass(frozen=True)
class Row:
    """A row of the column over the log: its ``buttons`` (none: a space left empty now),
    ``height`` in pixels at 100 % (``exact``: pixels as they are), ``small`` labels in the
    theme's small font; ``drawn`` marks a space the game draws in (Off the Rails' players and
    missions), which a replay keeps while it leaves the rows of buttons out, their room given
    to the log. Buttons share the row equally, or by their labels when one would not fit an
    equal share."""

    buttons: tuple[Button, ...] = ()
    height: int = 36
    exact: bool = False
    small: bool = False
    drawn: bool = False


class TableContext(Protocol):
    """What a :class:`GameTable` may read of the table (the scene provides it)."""

    match: Match
    """The match being played (read it; act through intents)."""
    shown: Any
    """The state the board shows: it catches up with the match as steps land."""
    time: float
    """Seconds since the table opened (pulses and glows)."""
    mouse: tuple[int, int]

    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels."""
        ...

    @property
    def column_width(self) -> int:
        """The width of the column of buttons and log on the right, in pixels."""
        ...

    @property
    def controls_top(self) -> int:
        """Where the game's rows of buttons start in the column, in pixels from the top (under
        the top buttons, which grow with the UI scale)."""
        ...

    @property
    def animating(self) -> bool:
        """True while steps animate."""
        ...

    @property
    def version(self) -> int:
        """Counts every change of the match (keys for what is worked out from it)."""
        ...

    @property
    def patterns(self) -> bool:
        """The colour-blind marks setting."""
        ...

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats people play."""
        ...

    @property
    def replay(self) -> list | None:
        """The recorded history a replay steps through, or None while playing."""
        ...

    finished: bool
    """True once the game has ended and the score sheet was shown."""

    def legal(self) -> list[Action]:
        """What a click or key may use now: the person's legal actions, empty while a bot
        plays, the board animates or a menu covers the table."""
        ...

    def person_legal(self) -> list[Action]:
        """The person's legal actions for words, even while covered or animating."""
        ...

    def own_turn(self) -> bool:
        """A person is to move at this table (perhaps while their own last step animates)."""
        ...

    def viewer_seat(self) -> int:
        """The seat whose private, big view is drawn."""
        ...

    def hidden(self) -> frozenset:
        """Pieces in flight now: the board must not draw them."""
        ...

    def current_hint(self) -> Action | None:
        """The hinted action while it still applies."""
        ...

    def key_at(self, pos: tuple[int, int]) -> Any:
        """The key of the target under ``pos``, or None."""
        ...

    def cached(self, name: str, key: Hashable, compute: Callable[[], Any]) -> Any:
        """``compute()``'s value, kept while ``key`` stays equal."""
        ...

    def seconds(self, normal: float) -> float:
        """A length at normal speed as played (0 at instant speed)."""
        ...

    def is_top(self) -> bool:
        """True when no menu or dialog covers the table."""
        ...

    def tip_avoid(self, target: Target) -> list[pygame.Rect]:
        """What a tooltip for ``target`` keeps off (the column, the active targets, what the
        game keeps in sight)."""
        ...


class GameTable:
    """The hooks a game's table provides; each has a default, so a game overrides what it
    needs. ``self.ctx`` is the :class:`TableContext` it reads; ``self.selection`` its half-made
    choice (an immutable value: :class:`Select` replaces it)."""

    log_width: ClassVar[int] = 300
    """The column's width at 100 % UI scale."""
    pass_before_chance: ClassVar[bool] = False
    """Hot-seat: the pass screen comes before the luck that opens a person's turn (their dice
    roll), so they see it themselves."""
    hints_follow_plans: ClassVar[bool] = False
    """A hint is a plan of several steps (Shifting Stones: payments and moves before a card
    scores): once the person takes the hinted step, the plan's next step is hinted by itself
    (a play-tester lost the plan when its first step's frame went)."""
    secret_hands: ClassVar[bool] = False
    """Each person holds cards the others may not see (Shifting Stones): in hot-seat every
    person's turn, the first one included, starts behind a pass screen, the setting aside
    (:class:`scenes.table.driver.HotSeat`)."""

    def __init__(self, ctx: TableContext):
        self.ctx = ctx
        self.selection: Any = None

    # --- the board --------------------------------------------------------------------------
    def layout(self) -> Any:
        """Where everything goes for the window's size now (keep it with ``ctx.cached``)."""
        raise NotImplementedError

    def view(self) -> Any:
        """What the drawing shows besides the state (the game's ``draw.View``), per frame."""
        return None

    def backdrop(self, view: Any) -> tuple:
        """The layers drawn straight on the felt, in drawing order, for the cached backdrop
        (:class:`scenes.kit.Backdrop`); none by default."""
        return ()

    def draw(self, surface: pygame.Surface, view: Any) -> None:
        """Draw ``ctx.shown``, skipping the pieces in ``ctx.hidden()``."""

    def draw_over_animations(self, surface: pygame.Surface, view: Any) -> None:
        """Over the animations, under the widgets: what a flying piece must never hide."""

    def draw_over(self, surface: pygame.Surface, view: Any) -> bool:
        """Over the widgets (a dragged piece, a zoomed desk); True when it drew something that
        takes the place of the tooltip."""
        return False

    def banner_rect(self) -> pygame.Rect | None:
        """Where banners are centred; None for the middle of the board."""
        return None

    def targets(self) -> list[Target]:
        """What the mouse can point at now, most specific first (keep with ``ctx.cached``)."""
        return []

    def tooltip_avoid(self, target: Target) -> list[pygame.Rect]:
        """Besides the column and the active targets, what ``target``'s tooltip must leave in
        sight (the holes a hovered marble fits)."""
        return []

    def tooltip_area(self, target: Target) -> pygame.Rect | None:
        """The part of the window ``target``'s tooltip stays in, beside it, over whatever else
        lies there — for targets that fill an area (Shifting Stones' grid), where the tooltip
        would otherwise go far from the pointer to cover none of them; None: anywhere, off
        what :meth:`tooltip_avoid` and :meth:`tooltip_spare` name."""
        return None

    def tooltip_spare(self, target: Target) -> list[list[pygame.Rect]]:
        """What ``target``'s tooltip keeps off where the window has room, after what
        :meth:`tooltip_avoid` names: lists of rects, most important first. Where no place is
        free of them all, the tooltip covers the least important list first."""
        return []

    # --- input ------------------------------------------------------------------------------
    def handle(self, event: Any) -> Intent | None:
        """A mouse or key event the table did not use (Esc, Ctrl+Z, H, Space over an
        animation are the table's): the intent, or None when it means nothing here."""
        return None

    def controls(self) -> list[Row]:
        """The rows of buttons over the log, as they are now (asked when the position, the
        selection or the hint changes); the same number of rows each time."""
        return []

    def press(self, key: str) -> Intent | None:
        """A button of :meth:`controls` was pressed: its intent, worked out now."""
        return None

    def ui_key(self) -> Hashable:
        """What the buttons depend on besides the position (the selection, by default)."""
        return self.selection

    def select(self, selection: Any) -> None:
        """Take ``selection`` as the half-made choice (from :class:`Select` or
        :class:`Refuse`)."""
        self.selection = selection

    def reset(self) -> None:
        """Forget any half-made choice (Undo, Restart, a replay jump)."""

    def cancel(self) -> bool:
        """Drop a half-made choice (Esc, right click); True if there was one."""
        return False

    def acted(self, action: Any, done: bool) -> None:
        """A person's action was applied (``done``) or refused: the table may keep what it
        implies (a cart just put in is chosen for the speed buttons)."""

    def landed(self, step: Step, last: bool) -> None:
        """A step has landed on the board (``last``: the last of its match step)."""

    def position_changed(self) -> None:
        """The match jumped (undo, a replay jump, a language change rebuilt the log)."""

    def ready(self) -> Intent | None:
        """The person may act now, after a step: an intent to carry out at once (a question
        with one answer) or None."""
        return None

    def on_hint(self, action: Any) -> Intent | None:
        """The hint arrived: an intent that prepares it (a die picked up) or None."""
        return None

    def hidden_decision(self) -> bool:
        """The decision now must not be seen by the other people at the table (a split): the
        pass screen comes first in hot-seat even with the setting off."""
        return False

    def undo_refusal(self) -> str | None:
        """Why Undo can never apply in this game (a take is the whole turn), or None."""
        return None

    # --- steps ------------------------------------------------------------------------------
    def stage_names(self) -> tuple:
        """The names the animations, the log and the hints use for the seats: a computer
        player's level left out (:func:`log_names`)."""
        return tuple(log_names(self.ctx.match))

    def group(self, events: Sequence[Event]) -> list[list]:
        """How events split into steps that play one after another (default: one each)."""
        return [[event] for event in events]

    def animate(self, events: list, before: Any, after: Any, stage: Stage) -> tuple[list, str]:
        """``(animations, caption)`` of one step: ``events`` took ``before`` to ``after``."""
        return [], ""

    def cues(self, step: Step) -> list[tuple[Any, float | None]]:
        """What ``step`` sounds like as it starts: ``(what, seconds as played or None)`` for
        :mod:`sound.cues` (a cart's rumble lasts as long as its roll; None: the cue's own
        length at the speed played)."""
        return [(list(step.events), None)]

    # --- words ------------------------------------------------------------------------------
    def status(self, name: str) -> str:
        """The top bar when the person ``name`` is to move: what to do now."""
        from translation import _

        return _("{name}, your move").format(name=name)

    def chance_status(self) -> str:
        """The top bar while luck decides ("Rolling…")."""
        return ""

    def log_line(self, event: Event) -> str:
        """The log's sentence for ``event``; "" leaves it out."""
        return event.text(self.stage_names())

    def log_summary(self, events: Sequence[Event]) -> list[str]:
        """Lines summing up a match step's events after their own lines."""
        return []

    def reason_names_move(self, action: Any) -> bool:
        """Whether the engine's hint reason for ``action`` already says the move."""
        return True

    def hint_tip(self) -> str | None:
        """The Hint button's tip when the game says more than the usual one, else None."""
        return None

    def hint_words(self, words: str) -> str:
        """The hint as the top bar says it (a game may add how to take it: "Enter takes it")."""
        return words

    def hinted_button(self) -> str | None:
        """The key of the button of :meth:`controls` the hint is made with (a skip's Skip),
        which the table frames like the board's hinted pieces; None when the hint is on the
        board."""
        return None

    def quiet_while_busy(self) -> bool:
        """True when messages wait while the board animates (the top bar tells what happens)."""
        return False

    # --- the score sheet --------------------------------------------------------------------
    def draw_sheet(self, surface: pygame.Surface, rect: pygame.Rect, sheet: Any) -> bool:
        """Draw the score sheet in ``rect``; False for the plain table of the game-over scene."""
        return False

    def draw_summary(self, surface: pygame.Surface, rect: pygame.Rect) -> bool:
        """Draw what goes under the score sheet (score tracks, stockpiles); False for none."""
        return False

    def seat_colour(self, seat: int) -> tuple[int, int, int] | None:
        """A seat's colour on the score sheet (a clan's), or None."""
        return None


LEVEL_SUFFIX = re.compile(r"\s*[(（][^()（）]*[)）]$")
"""A computer player's level after its name ("Bot 1 (Easy)", 「ボット1（ふつう）」), in any
language."""


def log_names(match) -> list:
    """The seats' names as the log says them: a computer player's level left out ("the white
    cart of Bot 1", not "the white cart of Bot 1 (Easy)"; the seat's panel shows the level).
    One game's log said "Bot 1", another's "Bot 1 (Hard)" (a play-test)."""
    return [
        LEVEL_SUFFIX.sub("", name) if seat.is_bot else name
        for seat, name in zip(match.seats, match.names, strict=True)
    ]
