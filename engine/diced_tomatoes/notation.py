"""Diced Tomatoes position notation: one line of ``key=value`` fields, parse and format round-trip.

Example (3 players, Dicey Tomato Rules, player 2 to place a red 4 and a black 2)::

    players=3 options=d phase=turn active=1 last=0 start=- karma=3,3,4 bits=0,0,0 first6=-
    final=no bushel=r27,b6,g0 draw=0 hand=4r,2b,x passed=- vines=1r2r|-|3r/-|-|-/-|-|-
    score=1,3/-/- pending=- end=-

(on one line, fields separated by spaces). The fields:

* ``players`` — 1 to 6.
* ``options`` — letters of the options that are on, ``-`` for none: ``g`` Sunny Golden Hybrid,
  ``d`` Dicey Tomato Rules, ``o`` Karma Overload, ``u`` 2023 update, ``e`` open = empty,
  ``c`` clean any vine.
* ``phase`` — ``start`` (first-player roll), ``turn``, ``cleanup`` or ``over``.
* ``active`` — whose turn (seat from 0), ``-`` during the first-player roll.
* ``last`` — the last player marker's seat, ``-`` until decided.
* ``start`` — the first-player roll in progress: rolling seats and rolls so far, ``0.1.2:3.5``
  (seats 0, 1, 2 roll; 0 rolled 3, 1 rolled 5); ``-`` otherwise.
* ``karma``, ``bits`` — per seat, comma-separated.
* ``first6`` — the first seat to harvest six tomatoes, or ``-``; ``final`` — ``yes`` once the
  final round is on.
* ``bushel`` — colour counts ``r25,b6,g0``.
* ``draw`` — dice still to draw this turn.
* ``hand`` — the active player's dice by slot, comma-separated: ``4r`` (face and colour ``r``
  red, ``b`` black, ``g`` gold), ``?r`` not rolled yet, ``x`` placed or passed; ``-`` empty.
* ``passed`` — colours of dice passed to the next player, ``r,b``, or ``-``.
* ``vines`` — per seat (separated by ``/``) the 3 tokens left to right (separated by ``|``),
  each its dice seed first in placement order (``1r2r``) or ``-`` when empty.
* ``score`` — per seat (``/``) the score track values, slot 1 first (``1,3``), ``-`` if empty.
* ``pending`` — clean-up decisions waiting, ``owner.token`` comma-separated, or ``-``.
* ``end`` — ``final``, ``bushel`` or ``stuck`` (solo: no die held can ever be placed) once the
  game is over, else ``-``.

:func:`parse_position` accepts any subset of the fields, so tests can write short positions:
missing ones default to a fresh turn (phase ``turn``, seat 0 active, the last seat holding the
marker, karma 3, no bits), and a missing ``bushel`` holds every die not shown elsewhere.
"""

from __future__ import annotations

import re

from engine.diced_tomatoes.rules import full_bushel
from engine.diced_tomatoes.state import (
    COLOURS,
    OPTION_NAMES,
    TOKENS,
    DicedTomatoesState,
    Die,
    Ending,
    Phase,
    UnrolledDie,
)
from engine.notation_fields import Fields, check_per_seat, in_range, read_int
from translation import _

OPTION_LETTERS = {
    "golden": "g",
    "dicey": "d",
    "overload": "o",
    "update_2023": "u",
    "open_empty": "e",
    "clean_any": "c",
}
_LETTER_OPTION = {v: k for k, v in OPTION_LETTERS.items()}
FIELDS = (
    "players",
    "options",
    "phase",
    "active",
    "last",
    "start",
    "karma",
    "bits",
    "first6",
    "final",
    "bushel",
    "draw",
    "hand",
    "passed",
    "vines",
    "score",
    "pending",
    "end",
)
_DIE = re.compile(r"([1-6])([rbg])")


def _seat(value) -> str:
    return "-" if value is None else str(value)


def _ints(values) -> str:
    return ",".join(str(v) for v in values) if values else "-"


def format_position(state: DicedTomatoesState) -> str:
    """The one-line notation of ``state`` (see the module docstring)."""
    opts = "".join(OPTION_LETTERS[k] for k in OPTION_NAMES if state.options[k]) or "-"
    if state.phase == Phase.START:
        start = ".".join(map(str, state.rollers)) + ":" + ".".join(map(str, state.rolls))
    else:
        start = "-"
    hand = (
        ",".join(
            "x" if die is None else f"{'?' if die.face is None else die.face}{die.colour}"
            for die in state.hand
        )
        or "-"
    )
    vines = "/".join(
        "|".join("".join(f"{die.face}{die.colour}" for die in vine) or "-" for vine in seat)
        for seat in state.vines
    )
    score = "/".join(",".join(map(str, s)) or "-" for s in state.score)
    pending = ",".join(f"{o}.{t}" for o, t in state.pending) or "-"
    fields = {
        "players": str(state.num_players),
        "options": opts,
        "phase": state.phase.value,
        "active": _seat(state.active),
        "last": _seat(state.last_player),
        "start": start,
        "karma": _ints(state.karma),
        "bits": _ints(state.bits),
        "first6": _seat(state.first_six),
        "final": "yes" if state.final_round else "no",
        "bushel": ",".join(f"{c}{state.bushel[c]}" for c in COLOURS),
        "draw": str(state.to_draw),
        "hand": hand,
        "passed": ",".join(state.passed) or "-",
        "vines": vines,
        "score": score,
        "pending": pending,
        "end": "-" if state.ended is None else state.ended.value,
    }
    return " ".join(f"{k}={fields[k]}" for k in FIELDS)


def parse_position(text: str) -> DicedTomatoesState:
    """Build a state from the notation; ``ValueError`` names the bad field.

    >>> s = parse_position("players=2 vines=-|1r|1r2r/-|-|- hand=1r,2r,3r")
    >>> s.active, s.karma, s.vines[0][2]
    (0, [3, 3], [Die(colour='r', face=1), Die(colour='r', face=2)])
    """
    fields = Fields(text, FIELDS, "players=2")
    vines_text = fields.get("vines")
    if "players" in fields:
        n = fields.number("players", 2, 1, 6)
    elif vines_text:
        n = in_range(len(vines_text.split("/")), "players", 1, 6)
    else:
        raise ValueError(_("the notation needs players= or vines="))
    s = object.__new__(DicedTomatoesState)
    s.num_players = n
    letters = fields.text("options", "-")
    if letters != "-" and any(ch not in _LETTER_OPTION for ch in letters):
        raise ValueError(
            _("options: {text!r} holds a letter that is no option ({letters}).").format(
                text=letters[:20], letters=", ".join(OPTION_LETTERS.values())
            )
        )
    s.options = {k: OPTION_LETTERS[k] in letters for k in OPTION_NAMES}
    s.phase = Phase(fields.choice("phase", Phase.TURN.value, [p.value for p in Phase]))
    s.active = fields.seat("active", None if s.phase == Phase.START else 0, n)
    s.last_player = fields.seat("last", None if s.phase == Phase.START else n - 1, n)
    start = fields.text("start", "-")
    if start == "-":
        s.rollers, s.rolls = (), []
    else:
        who, _colon, rolled = start.partition(":")
        s.rollers = tuple(
            in_range(read_int(x, "start"), "start", 0, n - 1) for x in who.split(".") if x
        )
        s.rolls = [in_range(read_int(x, "start"), "start", 1, 6) for x in rolled.split(".") if x]
    s.karma = fields.per_seat("karma", 3, n, 0, 99)
    s.bits = fields.per_seat("bits", 0, n, 0, 99)
    s.first_six = fields.seat("first6", None, n)
    s.final_round = fields.choice("final", "no", ("yes", "no")) == "yes"
    s.to_draw = fields.number("draw", 0, 0, 99)
    hand = fields.text("hand", "-")
    s.hand = []
    if hand != "-":
        for item in hand.split(","):
            if item == "x":
                s.hand.append(None)
            elif len(item) == 2 and item[1] in COLOURS and (item[0] == "?" or item[0] in "123456"):
                s.hand.append(
                    UnrolledDie(item[1]) if item[0] == "?" else Die(item[1], int(item[0]))
                )
            else:
                raise ValueError(
                    _(
                        "hand: {text!r} is not a die (a face 1 to 6 or ?, then r, b or g; x for "
                        "none)."
                    ).format(text=item[:20])
                )
    passed = fields.text("passed", "-")
    s.passed = [] if passed == "-" else passed.split(",")
    if any(c not in COLOURS for c in s.passed):
        raise ValueError(
            _("passed: {text!r} is not a list of colours (r, b, g).").format(text=passed[:20])
        )
    if vines_text is None:
        s.vines = [[[] for _token in range(TOKENS)] for _seat in range(n)]
    else:
        seats = vines_text.split("/")
        if len(seats) != n:
            check_per_seat("vines", len(seats), n)
        s.vines = []
        for seat in seats:
            tokens = seat.split("|")
            if len(tokens) != TOKENS:
                raise ValueError(
                    _("vines: each seat has 3 tokens, not {text!r}.").format(text=seat[:40])
                )
            row: list[list[Die]] = []
            for tok in tokens:
                if tok == "-":
                    row.append([])
                    continue
                dice = _DIE.findall(tok)
                if "".join(f + c for f, c in dice) != tok or len(dice) > 4:
                    raise ValueError(
                        _("vines: {text!r} is not a vine of at most 4 dice (such as 1r2r).").format(
                            text=tok[:20]
                        )
                    )
                row.append([Die(colour, int(face)) for face, colour in dice])
            s.vines.append(row)
    score = fields.get("score")
    if score is None:
        s.score = [[] for _seat in range(n)]
    else:
        seats = score.split("/")
        check_per_seat("score", len(seats), n)
        s.score = [
            []
            if x == "-"
            else [in_range(read_int(v, "score"), "score", 1, 6) for v in x.split(",")]
            for x in seats
        ]
    pending = fields.text("pending", "-")
    s.pending = []
    if pending != "-":
        for item in pending.split(","):
            o, _dot, t = item.partition(".")
            s.pending.append(
                (
                    in_range(read_int(o, "pending"), "pending", 0, n - 1),
                    in_range(read_int(t, "pending"), "pending", 0, TOKENS - 1),
                )
            )
    end = fields.text("end", "-")
    s.ended = None if end == "-" else Ending(fields.choice("end", "-", [e.value for e in Ending]))
    bushel = fields.get("bushel")
    if bushel is None:
        s.bushel = full_bushel(n, s.options)
        used = [die.colour for die in s.hand if die is not None] + list(s.passed)
        used += [die.colour for seat in s.vines for vine in seat for die in vine]
        used += ["r"] * sum(len(x) for x in s.score)
        for c in used:
            s.bushel[c] -= 1
        if min(s.bushel.values()) < 0:
            raise ValueError(_("the position uses more dice than the game has."))
    else:
        s.bushel = {c: 0 for c in COLOURS}
        for item in bushel.split(","):
            if not item or item[0] not in COLOURS:
                raise ValueError(
                    _("bushel: {text!r} is not a colour and a count, such as r25.").format(
                        text=item[:20]
                    )
                )
            s.bushel[item[0]] = in_range(read_int(item[1:], "bushel"), "bushel", 0, 99)
    return s
