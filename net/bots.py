"""Bots in an online game: every computer plays them, so they must decide alike everywhere.

A bot at the table thinks for the time set in Settings (:func:`engine.bots.make_bot` with a
clock): two computers would search different amounts and choose differently. Online, every
bot is made by :func:`online_bot`: no clock, the fixed search each level makes without one
(Hard's fixed number of rollouts, the same on a slow and a fast computer), and its luck from
:meth:`engine.match.Match.bot_rng` — seeded by the game's seed and the step, never by time.
"""

from __future__ import annotations

from engine.bots import make_bot
from engine.core import GameSpec


def online_bot(spec: GameSpec, level: str):
    """The bot for ``level`` in an online game of ``spec``: clock-less, a fixed budget.

    Pass it to :meth:`engine.match.Match.bot_request` as the factory. Raises ``ValueError`` for
    an unknown level."""
    return make_bot(spec, level, clock=None)
