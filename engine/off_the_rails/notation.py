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

    lines = [ln for ln in text.splitlines() if ln.strip()]
    if not lines or not lines[0].startswith("OTR"):
        raise ValueError(_("Off the Rails notation starts with 'OTR 1'."))
    d: dict[str, Any] = {"tiles": {}, "gems": {}, "chasm": {}, "carts": []}
    rows = 0
    for ln in lines[2:]:
        try:
            if ln.startswith("cart "):
                d["carts"].append(_parse_cart(ln))
            elif " = " in ln:
                key, value = ln.split(" = ", 1)
                d[key.strip()] = json.loads(value)
            else:
                parts = ln.split()
                r = int(parts[0])
                if len(parts) != GRID + 1:
                    raise ValueError(_("a grid row has {count} cells").format(count=GRID))
                for c, cell in enumerate(parts[1:]):
                    _parse_cell(d, r, c, cell)
                rows += 1
        except (ValueError, KeyError, IndexError) as err:
            raise ValueError(
                _("bad notation line {line!r}: {error}").format(line=ln, error=err)
            ) from None
    if rows != GRID:
        raise ValueError(
            _("the notation needs {count} grid rows, found {found}").format(count=GRID, found=rows)
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


def _parse_cart(line):
    _cart, rest = line.split(":", 1)
    f = dict(item.split("=", 1) for item in rest.split())
    at = None if f["at"] == "-" else [int(x) for x in f["at"].split(",")]
    return {
        "owner": int(f["owner"]),
        "colour": None if f["colour"] == "-" else f["colour"],
        "marker": f["marker"],
        "where": f["where"],
        "square": at,
        "back": None if f["back"] == "-" else f["back"],
        "facing": None if f["facing"] == "-" else f["facing"],
        "speed": int(f["speed"]),
        "load": [0] * 5 if f["load"] == "-" else _ungems(f["load"]),
    }
