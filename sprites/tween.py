"""Easing curves, animations and a queue that plays them in order (tested on a fake clock).

An :class:`Animation` lasts ``duration`` seconds (already scaled by the speed setting) and draws
itself with a progress from 0 to 1 through an easing curve. An :class:`AnimationQueue` plays groups
of animations one group after another; animations of a group run together. Skipping finishes every
queued group at once, running each group's ``on_done`` in order, so the table ends exactly where
the engine says.

A group's ``on_start`` (and an animation's own ``on_start``) runs when it begins to play: the
moment to start its sound. It is for effects heard or seen in real time, so :meth:`skip` does not
run it for groups (or animations) that had not begun; the queue's ``on_skip`` runs instead (the
table cuts sounds that would outlast the skipped animations).
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable


def linear(t: float) -> float:
    """No easing: progress ``t`` (0 to 1) as it is."""
    return t


def ease_out_cubic(t: float) -> float:
    """Starts fast and slows to a stop (``t`` 0 to 1 → 0 to 1)."""
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    """Starts and ends slowly (smoothstep; ``t`` 0 to 1 → 0 to 1)."""
    return 3 * t * t - 2 * t * t * t


def ease_out_back(t: float, s: float = 1.70158) -> float:
    """Overshoots a little then settles (a piece that lands with a small bounce)."""
    t -= 1
    return t * t * ((s + 1) * t + s) + 1


def bounce_out(t: float) -> float:
    """Falls and bounces three times, like a die or marble hitting the table."""
    if t < 1 / 2.75:
        return 7.5625 * t * t
    if t < 2 / 2.75:
        t -= 1.5 / 2.75
        return 7.5625 * t * t + 0.75
    if t < 2.5 / 2.75:
        t -= 2.25 / 2.75
        return 7.5625 * t * t + 0.9375
    t -= 2.625 / 2.75
    return 7.5625 * t * t + 0.984375


EASINGS = {
    "linear": linear,
    "ease_out_cubic": ease_out_cubic,
    "ease_in_out": ease_in_out,
    "ease_out_back": ease_out_back,
    "bounce_out": bounce_out,
}


def lerp(a: float, b: float, t: float) -> float:
    """The value a fraction ``t`` (0 to 1) of the way from ``a`` to ``b``."""
    return a + (b - a) * t


def lerp_point(a, b, t: float) -> tuple:
    """The point a fraction ``t`` (0 to 1) of the way from ``a`` to ``b`` (``(x, y)``
    pixels, as floats)."""
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def arc_point(a, b, t: float, height: float) -> tuple:
    """A point on a parabola from ``a`` to ``b`` rising ``height`` pixels at the middle."""
    x, y = lerp_point(a, b, t)
    return (x, y - height * 4 * t * (1 - t))


def wobble(t: float, amount: float = 1.0) -> float:
    """A decaying shake for tumbling dice: large early, still at the end."""
    return math.sin(t * 28) * (1 - t) * amount


class Animation:
    """One moving thing. ``draw(surface, p)`` gets the eased progress ``p`` in [0, 1].

    ``hide`` names pieces the board must not draw meanwhile (they are in flight). ``delay`` and
    ``duration`` are seconds; ``on_start()`` runs once when the delay has passed and the
    animation begins to move (e.g. one die's landing sound), never when it is skipped.
    """

    def __init__(
        self,
        duration: float,
        draw: Callable | None = None,
        ease: Callable[[float], float] = ease_out_cubic,
        hide=(),
        delay: float = 0.0,
        on_start: Callable[[], None] | None = None,
    ):
        self.duration = max(0.0, duration)
        self.delay = max(0.0, delay)
        self.elapsed = 0.0
        self.ease = ease
        self.draw_fn = draw
        self.hide = set(hide)
        self.on_start = on_start
        self.started = False

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def raw(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def progress(self) -> float:
        return self.ease(self.raw)

    def update(self, dt: float) -> None:
        self.elapsed += dt
        if not self.started and self.elapsed >= self.delay:
            self.started = True
            if self.on_start is not None:
                self.on_start()

    def finish(self) -> None:
        """Jump to the end (a skip): ``on_start`` does not run if it had not yet."""
        self.started = True
        self.elapsed = self.delay + self.duration

    def draw(self, surface) -> None:
        if self.draw_fn is not None and self.elapsed >= self.delay:
            self.draw_fn(surface, self.progress)


class AnimationQueue:
    """Groups of animations played in order; ``on_start`` of a group runs when it begins,
    ``on_done`` when it ends. ``on_skip()`` runs when :meth:`skip` cuts groups short."""

    def __init__(self, on_skip: Callable[[], None] | None = None):
        self.groups: deque = deque()
        self.on_skip = on_skip
        self._started = False  # has the head group's on_start run?

    @property
    def busy(self) -> bool:
        return bool(self.groups)

    def add(
        self, animations, on_done: Callable | None = None, on_start: Callable | None = None
    ) -> None:
        """Queue a group (a list of Animation, possibly empty), the callback run when it begins
        to play (``on_start``: start its sound here) and the one run when it ends
        (``on_done``)."""
        self.groups.append((list(animations), on_done, on_start))

    def hidden(self) -> set:
        """Pieces the board should not draw: those in flight in the current group."""
        if not self.groups:
            return set()
        out: set = set()
        for a in self.groups[0][0]:
            out |= a.hide
        return out

    def update(self, dt: float) -> None:
        """Advance the current group; finished groups run ``on_done`` and make way."""
        while self.groups:
            animations, on_done, on_start = self.groups[0]
            if not self._started:
                self._started = True
                if on_start:
                    on_start()
            for a in animations:
                a.update(dt)
            dt = 0.0
            if all(a.done for a in animations):
                self.groups.popleft()
                self._started = False
                if on_done:
                    on_done()
                continue
            break

    def skip(self) -> None:
        """Finish everything queued now (click or Space); runs ``on_skip`` if anything was."""
        cut = bool(self.groups)
        while self.groups:
            animations, on_done, _ = self.groups.popleft()
            self._started = False
            for a in animations:
                a.finish()
            if on_done:
                on_done()
        if cut and self.on_skip is not None:
            self.on_skip()

    def draw(self, surface) -> None:
        if self.groups:
            for a in self.groups[0][0]:
                a.draw(surface)
