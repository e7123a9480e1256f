"""Position notation for Off the Rails: a readable text that round-trips a whole state.

Format (one item per line)::

    OTR 1
       0  1  2  ...                          (column ruler, ignored by the parser)
    0  .  NS .  NE+rk #r ...                 12 rows of 12 cells
    ...
    cart 0: owner=0 colour=red marker=white where=board at=3,4 back=N facing=S speed=3 load=re
    bag = [12, 24, 15, 10, 5]
    tasks = [["actions"], ["movement"], ["deposit"], ["end_turn"]]
    ...

A cell is ``.`` (no tile) or the tile's exits in N-E-S-W order (``NS``, ``NE``, ``NES``,
``NESW``), or ``#`` plus the colour's first letter for a chasm square (``#r``, ``#y``, ``#g``,
``#b``); gems on the square follow after ``+`` as letters ``k`` rock, ``r`` ruby, ``e`` emerald,
``g`` gold, ``d`` diamond (``NE+rrd`` = a curve holding 2 rubies and a diamond; ``.+kk`` = 2 rocks
on an empty square). A cart's ``load`` uses the same letters (``-`` for empty); ``at`` is
``row,col`` or ``-``. Every other field of the state (decks as counts, stockpiles, missions, the
turn, the task list) follows as ``name = JSON``.

Example: ``parse(format(state)) == state`` for every reachable state.
"""

from __future__ import annotations

import json
from typing import Any

from engine.json_text import json_problem
from engine.notation_fields import Fields, ForeignField, check_length, in_range, read_int
from engine.off_the_rails.board import COLOURS, GRID
from engine.off_the_rails.data import GEM_LETTERS
from translation import _

_COLOUR_LETTER = {c: c[0] for c in COLOURS}
_LETTER_COLOUR = {c[0]: c for c in COLOURS}
_GRID_KEYS = ("tiles", "gems", "chasm")


def _gems(counts) -> str:
    return "".join(GEM_LETTERS[i] * n for i, n in enumerate(counts))


def _ungems(text: str) -> list:
    counts = [0, 0, 0, 0, 0]
    for ch in text:
        if ch not in GEM_LETTERS:
            raise ValueError(_("unknown gem letter {letter!r}").format(letter=ch))
        counts[GEM_LETTERS.index(ch)] += 1
    return counts


def format(state) -> str:  # noqa: A001 - the notation's public name
    """The notation text of ``state`` (an :class:`OTRState`)."""
    d = state.to_dict()
    lines = ["OTR 1", "   " + " ".join(f"{c:<5}" for c in range(GRID))]
    for r in range(GRID):
        cells = []
        for c in range(GRID):
            key = f"{r},{c}"
            if key in d["chasm"]:
                cell = "#" + _COLOUR_LETTER[d["chasm"][key]]
            else:
                cell = d["tiles"].get(key, ".")
            if key in d["gems"]:
                cell += "+" + _gems(d["gems"][key])
            cells.append(f"{cell:<5}")
        lines.append(f"{r:<2} " + " ".join(cells).rstrip())
    for i, k in enumerate(d["carts"]):
        at = f"{k['square'][0]},{k['square'][1]}" if k["square"] else "-"
        lines.append(
            f"cart {i}: owner={k['owner']} colour={k['colour'] or '-'} "
            f"marker={k['marker']} where={k['where']} at={at} back={k['back'] or '-'} "
            f"facing={k['facing'] or '-'} speed={k['speed']} "
            f"load={_gems(k['load']) or '-'}"
        )
    for key, value in d.items():
        if key in _GRID_KEYS or key == "carts":
            continue
        lines.append(f"{key} = {json.dumps(value, sort_keys=True)}")
    return "\n".join(lines) + "\n"


def parse(text: str):
    """Rebuild a state from :func:`format` text; ``ValueError`` names the bad line."""
    from engine.off_the_rails.state import OTRState

    check_length(text)
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if not lines or not lines[0].startswith("OTR"):
        raise ForeignField(_("Off the Rails notation starts with 'OTR 1'."))
    d: dict[str, Any] = {"tiles": {}, "gems": {}, "chasm": {}, "carts": []}
    rows: set[int] = set()
    for ln in lines[2:]:
        try:
            if ln.startswith("cart "):
                d["carts"].append(_parse_cart(ln))
            elif " = " in ln:
                key, value = ln.split(" = ", 1)
                try:
                    d[key.strip()] = json.loads(value)
                except json.JSONDecodeError as err:
                    raise ValueError(json_problem(err)) from None
            else:
                parts = ln.split()
                r = in_range(read_int(parts[0], "row"), "row", 0, GRID - 1)
                if len(parts) != GRID + 1:
                    raise ValueError(_("a grid row has {count} cells").format(count=GRID))
                if r in rows:
                    raise ValueError(_("the row is given twice"))
                for c, cell in enumerate(parts[1:]):
                    _parse_cell(d, r, c, cell)
                rows.add(r)
        except ValueError as err:
            raise ValueError(
                _("bad notation line {line!r}: {error}").format(line=ln[:60], error=err)
            ) from None
        except (KeyError, IndexError, RecursionError):  # Python's own words are not for players
            raise ValueError(
                _("bad notation line {line!r}: it holds a value the game does not know").format(
                    line=ln[:60]
                )
            ) from None
    if len(rows) != GRID:
        raise ValueError(
            _("the notation needs {count} grid rows, found {found}").format(
                count=GRID, found=len(rows)
            )
        )
    try:
        return OTRState.from_dict(d)
    except KeyError as err:
        raise ValueError(_("the notation misses the field {field}").format(field=err)) from None


def _parse_cell(data, row, col, cell):
    key = f"{row},{col}"
    base, _plus, gems = cell.partition("+")
    if base.startswith("#"):
        data["chasm"][key] = _LETTER_COLOUR[base[1:]]
    elif base != ".":
        data["tiles"][key] = base
    if gems:
        data["gems"][key] = _ungems(gems)


CART_FIELDS = ("owner", "colour", "marker", "where", "at", "back", "facing", "speed", "load")


def _parse_cart(line):
    _cart, rest = line.split(":", 1)
    fields = Fields(rest, CART_FIELDS, "owner=0")
    missing = [name for name in CART_FIELDS if name not in fields]
    if missing:
        raise ValueError(_("a cart needs {fields}").format(fields=", ".join(missing)))
    f = fields.values
    at = None if f["at"] == "-" else [read_int(x, "at") for x in f["at"].split(",")]
    return {
        "owner": read_int(f["owner"], "owner"),
        "colour": None if f["colour"] == "-" else f["colour"],
        "marker": f["marker"],
        "where": f["where"],
        "square": at,
        "back": None if f["back"] == "-" else f["back"],
        "facing": None if f["facing"] == "-" else f["facing"],
        "speed": read_int(f["speed"], "speed"),
        "load": [0] * 5 if f["load"] == "-" else _ungems(f["load"]),
    }
