"""The to-do list of an Off the Rails position: what happens next, head first (rules.py runs it).

Each entry is a small frozen record; its ``kind`` (a :class:`TaskKind`) names the step of the
rules it carries out. In ``to_dict`` a task is the list ``[kind, field, ...]`` (for example
``["run", 2, 3]``: cart 2 still rolls 3 squares), the same shape saves have always used, so
:func:`task_to_list` and :func:`task_from_list` convert both ways and old saves load unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import ClassVar

from engine.core import StrEnum
from translation import _


class TaskKind(StrEnum):
    """Every step of the game's to-do list, with the rule it carries out."""

    SETUP_CARD = "setup_card"  # Setup: an open deposit card of a colour
    DRAW_GEMS = "draw_gems"  # a deposit's gems drawn from the bag, one at a time
    DEAL_MISSION = "deal_mission"  # Setup: a face-up mission card
    CHOOSE_EDGE = "choose_edge"  # Setup: the first player picks an edge
    DRAW_EDGE = "draw_edge"  # Setup: the third player's edge is drawn
    SOLO_GEM = "solo_gem"  # Solo setup: one gem on a mine square
    START_TURN = "start_turn"  # a player's turn begins
    ACTIONS = "actions"  # the action phase
    MOVEMENT = "movement"  # the movement phase: the player's carts move one by one
    DEPOSIT = "deposit"  # the deposit phase (the chasm phase, solo chasm reveals)
    END_TURN = "end_turn"  # end of a turn: game end, the Chasm card's last turns
    RUN = "run"  # a cart rolls on (one segment of its movement at a time)
    PICKUP = "pickup"  # a cart takes gems from the deposit it is on
    EXIT = "exit"  # the owner chooses the exit at a junction (OR-D6)
    STOP = "stop"  # a cart's movement ends where it is
    SPLIT = "split"  # the hit cart's owner splits its load (OR-D7)
    PICK = "pick"  # the mover picks one of the two piles
    DROP = "drop"  # "Drop the larger half": the owner chooses the gems
    COLLISION_END = "collision_end"  # carts with no jewel before the collision derail
    CART_DONE = "cart_done"  # a cart's movement is over
    MISSION = "mission"  # missions fulfilled now are taken (OR-D11)
    CHASM_DECK = "chasm_deck"  # the chasm deck is revealed, one card per colour
    BEGIN_CHASM = "begin_chasm"  # from now on the deposit phase is the chasm phase
    CHASM_DRAW = "chasm_draw"  # a chasm token is drawn from the supply
    CHASM_DIE = "chasm_die"  # Chasm Die option: a d8 picks the mine square (OR-D8)
    CHASM_PLACE = "chasm_place"  # the active player places the drawn chasm token
    SOLO_REVEAL = "solo_reveal"  # Solo: cards revealed, a chasm token on each square
    GAME_END = "game_end"  # the game is over: final derails, Dirty Goblins, scores


@dataclass(frozen=True, slots=True)
class Step:
    """A task with no detail: deal_mission, choose_edge, draw_edge, actions, movement, deposit,
    end_turn, mission, begin_chasm, chasm_draw or game_end."""

    kind: TaskKind


@dataclass(frozen=True, slots=True)
class ColourStep:
    """A task about one colour: setup_card, chasm_deck (reveal that colour's card), chasm_die
    and chasm_place (the drawn token's colour)."""

    kind: TaskKind
    colour: str


@dataclass(frozen=True, slots=True)
class CartStep:
    """A task about one cart: exit (choose its exit), stop (its movement ends) or cart_done."""

    kind: TaskKind
    cart: int


@dataclass(frozen=True, slots=True)
class Run:
    """Cart ``cart`` still rolls ``steps`` squares."""

    kind: ClassVar[TaskKind] = TaskKind.RUN
    cart: int
    steps: int


@dataclass(frozen=True, slots=True)
class Pickup:
    """Cart ``cart`` takes up to ``gems`` more gems from the deposit it is on."""

    kind: ClassVar[TaskKind] = TaskKind.PICKUP
    cart: int
    gems: int


@dataclass(frozen=True, slots=True)
class HitStep:
    """A collision decision about the hit cart ``hit`` and the moving cart ``mover``: split
    (the owner of ``hit`` splits), pick (the mover's owner picks a pile) or drop."""

    kind: TaskKind
    hit: int
    mover: int


@dataclass(frozen=True, slots=True)
class CollisionEnd:
    """After a collision: each cart that held no jewels before it derails (rocks do not
    count)."""

    kind: ClassVar[TaskKind] = TaskKind.COLLISION_END
    mover: int
    hit: int
    mover_had_no_jewels: bool
    hit_had_no_jewels: bool


@dataclass(frozen=True, slots=True)
class DrawGems:
    """``count`` more gems are drawn from the bag onto square (row, col)."""

    kind: ClassVar[TaskKind] = TaskKind.DRAW_GEMS
    row: int
    col: int
    count: int


@dataclass(frozen=True, slots=True)
class SoloGem:
    """Solo setup: one gem from the start pool on mine square ``number`` of ``colour``."""

    kind: ClassVar[TaskKind] = TaskKind.SOLO_GEM
    colour: str
    number: int


@dataclass(frozen=True, slots=True)
class StartTurn:
    """Seat ``player``'s turn begins."""

    kind: ClassVar[TaskKind] = TaskKind.START_TURN
    player: int


@dataclass(frozen=True, slots=True)
class SoloReveal:
    """Solo deposit phase: ``cards`` more cards are revealed (skipped cards do not count)."""

    kind: ClassVar[TaskKind] = TaskKind.SOLO_REVEAL
    cards: int


Task = (
    Step
    | ColourStep
    | CartStep
    | Run
    | Pickup
    | HitStep
    | CollisionEnd
    | DrawGems
    | SoloGem
    | StartTurn
    | SoloReveal
)

_STEP_KINDS = (
    TaskKind.DEAL_MISSION,
    TaskKind.CHOOSE_EDGE,
    TaskKind.DRAW_EDGE,
    TaskKind.ACTIONS,
    TaskKind.MOVEMENT,
    TaskKind.DEPOSIT,
    TaskKind.END_TURN,
    TaskKind.MISSION,
    TaskKind.BEGIN_CHASM,
    TaskKind.CHASM_DRAW,
    TaskKind.GAME_END,
)
_STEPS = {kind: Step(kind) for kind in _STEP_KINDS}
"""One shared record per task with no detail (records never change, so they can be shared)."""

ACTIONS = _STEPS[TaskKind.ACTIONS]
MOVEMENT = _STEPS[TaskKind.MOVEMENT]
DEPOSIT = _STEPS[TaskKind.DEPOSIT]
END_TURN = _STEPS[TaskKind.END_TURN]
MISSION = _STEPS[TaskKind.MISSION]
TURN = (ACTIONS, MOVEMENT, DEPOSIT, END_TURN)
"""The phases of a turn, queued when it starts (rules, "A turn")."""

# The plain form, both ways, one small function per record type (this runs on every change of
# the to-do list, so it avoids generic field loops).
_TO_LIST = {
    Step: lambda task: (task.kind,),
    ColourStep: lambda task: (task.kind, task.colour),
    CartStep: lambda task: (task.kind, task.cart),
    Run: lambda task: (TaskKind.RUN, task.cart, task.steps),
    Pickup: lambda task: (TaskKind.PICKUP, task.cart, task.gems),
    HitStep: lambda task: (task.kind, task.hit, task.mover),
    CollisionEnd: lambda task: (
        TaskKind.COLLISION_END,
        task.mover,
        task.hit,
        task.mover_had_no_jewels,
        task.hit_had_no_jewels,
    ),
    DrawGems: lambda task: (TaskKind.DRAW_GEMS, task.row, task.col, task.count),
    SoloGem: lambda task: (TaskKind.SOLO_GEM, task.colour, task.number),
    StartTurn: lambda task: (TaskKind.START_TURN, task.player),
    SoloReveal: lambda task: (TaskKind.SOLO_REVEAL, task.cards),
}


def _shared(step: Step):
    """The maker of a step without fields: it gives the one shared instance."""
    return lambda: step


_FROM_VALUES: dict = {
    **{kind: _shared(step) for kind, step in _STEPS.items()},
    **{
        kind: partial(ColourStep, kind)
        for kind in (
            TaskKind.SETUP_CARD,
            TaskKind.CHASM_DECK,
            TaskKind.CHASM_DIE,
            TaskKind.CHASM_PLACE,
        )
    },
    **{
        kind: partial(CartStep, kind) for kind in (TaskKind.EXIT, TaskKind.STOP, TaskKind.CART_DONE)
    },
    **{kind: partial(HitStep, kind) for kind in (TaskKind.SPLIT, TaskKind.PICK, TaskKind.DROP)},
    **{
        cls.kind: cls
        for cls in (Run, Pickup, CollisionEnd, DrawGems, SoloGem, StartTurn, SoloReveal)
    },
}
_PLAIN_KIND = {kind: kind.value for kind in TaskKind}


def task_to_tuple(task) -> tuple:
    """``Run(2, 3)`` -> ``(TaskKind.RUN, 2, 3)``: the plain form as a tuple (the kind is a
    :class:`TaskKind`, which is also its text)."""
    return _TO_LIST[type(task)](task)


def task_to_list(task) -> list:
    """``Run(2, 3)`` -> ``["run", 2, 3]``: the plain form saves keep."""
    values = list(_TO_LIST[type(task)](task))
    values[0] = _PLAIN_KIND[values[0]]
    return values


def task_from_list(values) -> Task:
    """Inverse of :func:`task_to_list` (also accepts a tuple, and the kind as a
    :class:`TaskKind`); ``ValueError`` for an unknown kind, ``TypeError`` for wrong fields."""
    make = _FROM_VALUES.get(values[0])
    if make is None:
        raise ValueError(_("unknown task {task!r}").format(task=values[0]))
    return make(*values[1:])


def tasks_from_lists(*lists) -> list:
    """A to-do list from plain lists: ``tasks_from_lists(("actions",), ("end_turn",))``."""
    return [task_from_list(values) for values in lists]
