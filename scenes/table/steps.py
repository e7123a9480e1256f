"""The one animation pipeline of every table: a match step becomes steps that play in turn.

When the match applies something (a person's action, a bot's, luck, a replay step) the table
shows its events as a list of :class:`Step`: events shown together, their animations and the
state once they happened (the engine's ``apply_event``, so a table never copies a rule). The
:class:`StepPlayer` queues them: as a step starts its sound cues play and the top bar shows its
caption; when it ends it *lands* — the board shows ``step.after`` and the step's log lines
appear — so the board and the log never run ahead of what was shown. Skipping (a click, Space)
lands every queued step at once; at instant speed a match step lands at once as one step.

A game says how its events group and animate (:meth:`scenes.table.protocol.GameTable.group`
and ``animate``); :func:`plan` puts the steps together from them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sprites.tween import Animation, AnimationQueue, linear


@dataclass
class Step:
    """One step of what a match step shows: ``events`` (shown together), ``animations``
    (played together) and ``after``, the state once they happened. ``caption`` is the top
    bar's line while it plays ("" for the first log line of its events); ``lines`` are the
    log's lines it adds as it lands (the table fills them)."""

    events: tuple
    animations: list = field(default_factory=list)
    after: Any = None
    caption: str = ""
    lines: list = field(default_factory=list)


@dataclass
class Stage:
    """What a game's animations need from the table, made afresh for each match step.

    ``layout`` is the game's layout, ``names`` the seats' names, ``seconds`` turns a length at
    normal speed into the length played, ``banner(message, seconds, scale, colour)`` makes a
    banner animation, ``apply_event`` is the engine's, ``viewer`` the seat whose view is drawn,
    ``humans`` the seats people play (for "Your turn"), ``patterns`` the colour-blind marks
    setting, and ``memo`` a scratch dict shared by the steps of one match step (a track's slide
    plays once).
    """

    layout: Any
    names: tuple
    seconds: Callable[[float], float]
    banner: Callable[..., Animation]
    apply_event: Callable[[Any, Any], Any]
    viewer: int = 0
    humans: tuple = ()
    patterns: bool = False
    memo: dict = field(default_factory=dict)

    def you(self, seat: int) -> bool:
        """Whether a banner says "you" for ``seat``: the one person playing against bots (in
        hot-seat banners name the seat: nobody knows yet who is at the keyboard)."""
        return len(self.humans) == 1 and seat == self.viewer and seat in self.humans


def one_per_event(events: Sequence) -> list[list]:
    """The default grouping: each event is a step of its own."""
    return [[event] for event in events]


def plan(
    events: Sequence,
    before: Any,
    stage: Stage,
    group: Callable[[Sequence], list[list]],
    animate: Callable[[list, Any, Any, Stage], tuple[list, str]],
) -> list[Step]:
    """The steps showing ``events``, which took ``before`` to the match's state: ``group``
    splits the events into steps, ``animate(group, before, after, stage)`` gives each its
    ``(animations, caption)``; each step's ``after`` is the engine's ``apply_event`` over its
    events."""
    out = []
    shown = before
    for events_of_step in group(events):
        after = shown
        for event in events_of_step:
            after = stage.apply_event(after, event)
        animations, caption = animate(events_of_step, shown, after, stage)
        out.append(Step(tuple(events_of_step), list(animations), after, caption))
        shown = after
    return out


class StepPlayer:
    """Plays steps in turn over an :class:`AnimationQueue`.

    ``on_start(step)`` runs as a step starts (its sound and caption); ``on_land(step, last)``
    when it ends (the board shows ``step.after``, its log lines appear); ``last`` is True for
    the last step of a match step. ``on_skip()`` runs when a skip cuts animations short (the
    table cuts sounds that would outlast them).
    """

    def __init__(
        self,
        on_start: Callable[[Step], None],
        on_land: Callable[[Step, bool], None],
        on_skip: Callable[[], None] | None = None,
    ):
        self.queue = AnimationQueue(on_skip=on_skip)
        self.on_start = on_start
        self.on_land = on_land

    @property
    def busy(self) -> bool:
        """True while a step plays or waits to."""
        return self.queue.busy

    def hidden(self) -> set:
        """Pieces the board must not draw: those in flight now."""
        return self.queue.hidden()

    def play(self, steps: list[Step], after: Any, events: tuple) -> None:
        """Queue ``steps`` (may be empty: at instant speed, or for events with nothing to
        show). With no steps, or a last step that does not know its state, the whole match
        step lands as one step showing ``after``."""
        if not steps or steps[-1].after is None:
            steps = [Step(tuple(events), [], after)]
        for index, step in enumerate(steps):
            last = index == len(steps) - 1
            self.queue.add(
                list(step.animations),
                lambda step=step, last=last: self.on_land(step, last),
                lambda step=step: self.on_start(step),
            )
        self.queue.update(0.0)

    def update(self, dt: float) -> None:
        self.queue.update(dt)

    def skip(self) -> None:
        """Land every queued step now (a click, Space, a key acting on the board)."""
        self.queue.skip()

    def draw(self, surface) -> None:
        self.queue.draw(surface)


def banner_animation(
    where: Callable[[], Any], message: str, seconds: float, scale: float = 1.0, colour=None
) -> Animation:
    """``message`` on the banner at ``where()`` for ``seconds`` (as played), fading in and out
    and growing a little; ``scale`` and ``colour`` say how big the moment is."""
    from scenes import kit

    def draw(surface, progress):
        alpha = min(1.0, progress * 5, (1 - progress) * 4)
        grow = scale * (0.85 + 0.15 * min(1.0, progress * 6))
        kit.draw_banner(surface, where(), message, alpha, scale=grow, colour=colour or kit.BANNER)

    return Animation(seconds, draw, ease=linear)
