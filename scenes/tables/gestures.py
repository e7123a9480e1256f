"""What a click or key at a table comes to, shared by every table's ``input.py``.

Each table's input maps a gesture to one of these (and to kinds of its own, such as a refusal
with the error tone); the scene carries it out. None of them decides a rule: :class:`Act`
goes through the match, which refuses an illegal action with the rule in plain words.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Act:
    """Apply ``action`` (through the match, which refuses it with the rule if illegal)."""

    action: object


@dataclass(frozen=True)
class Select:
    """Change the table's selection (its input module's ``Selection``) to ``selection`` and
    tell the player ``message`` ("" for nothing)."""

    selection: object
    message: str = ""


@dataclass(frozen=True)
class Say:
    """Tell the player ``message`` (nothing else changes)."""

    message: str
