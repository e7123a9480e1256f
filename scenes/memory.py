"""Keeps Python's garbage collector from stalling a frame.

The cyclic collector's oldest generation walks every object it tracks: once the program has
started, about 46,000 (modules, classes, fonts, catalogues, the theme), so a pass of it took
33–71 ms in the middle of a table's frames (2026-12-07, Hard bots playing; a frame at 60 fps
has 16.7 ms), a few times a minute. Those objects live as long as the program, so once they
are made they are frozen (:func:`gc.freeze`): the collector no longer walks them, and a pass
over what a table makes takes about a millisecond (``bench/frames``, README).
"""

from __future__ import annotations

import gc

_settled = False


def settle(collect: bool = True) -> None:
    """Freeze every object alive now, out of the collector's reach (:func:`gc.freeze`), once
    per program: the last piece of the start-up warm-up (``collect``: start-up's garbage is
    collected first, ~40 ms, while the title rests) or, if a table opens before that, as it
    opens (no collection: that frame has its own work). Later calls do nothing, so a closed
    table's objects are never frozen: the collector still frees them."""
    global _settled
    if _settled:
        return
    if collect:
        gc.collect()
    gc.freeze()
    _settled = True
