"""Where a line may break: at spaces, and between Chinese-script characters by the usual rules.

Japanese and Chinese put no spaces between words: a line breaks between any two characters,
except that none starts with closing punctuation, a prolonged-sound mark or a small kana
(、。）」ー… — :data:`NO_LINE_START`) and none ends with an opening bracket (（「 —
:data:`NO_LINE_END`): the kinsoku rules of JIS X 4051, in their common strict form; and a
paragraph's last line is not one character alone (:func:`lone`: 「え。」 under a full line).
A word in Latin or Cyrillic letters (a name, a number) keeps together as everywhere.

:func:`units` cuts a text into what a line is made of (:func:`scenes.kit.wrap` fills lines with
them); :func:`install` teaches pygame_gui's text boxes the same breaks — they broke lines only
at spaces and cut a Japanese paragraph with a hyphen (「1人なら-」 / 「-ソロ」).
"""

from __future__ import annotations

import re
from collections.abc import Callable

CJK = "\u2e80-\u2fff\u3000-\u30ff\u3100-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef"
"""Chinese-script characters and Japanese kana, with their punctuation and full-width forms
(regular expression ranges)."""
NO_LINE_START = (
    "、。，．・：；！？）」』】〕〉》〙〗｝］〟’”"
    "ー～…‥々ゝゞヽヾ"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
    ",.!?:;)]}%"
)
"""Characters no line may start with: closing brackets and punctuation, the prolonged-sound
mark and iteration marks, small kana; and their Latin counterparts after a Japanese word."""
NO_LINE_END = "（「『【〔〈《〘〖｛［〝‘“([{"
"""Characters no line may end with: opening brackets."""

_IS_CJK = re.compile(f"[{CJK}]")
_AFTER_MARK = re.compile(r"[/\\-](?=\S)")
"""A hyphen or a path separator inside a word: a line may break after it, as browsers do (a
turn file's path in a tooltip was cut mid-name with an added hyphen)."""
_OPTION = re.compile(r"(?<![^\s(\[«“‘\"'])-+[^\s-]\S*")
"""A word starting with hyphens — a command-line option, "--replay", "--quit-at-end": one
unit, never broken (a tooltip showed "-" / "-replay": a play-test)."""


def has_cjk(text: str) -> bool:
    """Whether ``text`` holds Chinese-script characters or kana."""
    return _IS_CJK.search(text) is not None


def lone(line: str) -> bool:
    """Whether ``line`` is one Chinese-script character or kana with at most the punctuation
    no line starts with (「え。」): a last line Japanese type does not leave alone."""
    letters = [ch for ch in line if not ch.isspace() and ch not in NO_LINE_START]
    return len(letters) == 1 and has_cjk(letters[0])


def no_lone_last(lines: list[str], text: str, fits: Callable[[str], bool]) -> list[str]:
    """``lines`` (``text`` wrapped) with a last line of one character alone (:func:`lone`)
    given the unit before it as well — where the line before breaks there without a space,
    keeps a unit of its own, and ``fits(last line)`` still."""
    if len(lines) < 2 or not lone(lines[-1]):
        return lines
    before = units(lines[-2])
    last = before[-1] + lines[-1]
    if len(before) < 2 or not text.rstrip().endswith(last) or not fits(last):
        return lines
    return [*lines[:-2], "".join(before[:-1]).rstrip(), last]


def may_break(before: str, after: str) -> bool:
    """Whether a line may break between the characters ``before`` and ``after`` (neither a
    space: a line breaks at a space anyway). Only next to a Chinese-script character or kana,
    and never before :data:`NO_LINE_START` nor after :data:`NO_LINE_END`."""
    if after in NO_LINE_START or before in NO_LINE_END:
        return False
    return bool(_IS_CJK.match(before) or _IS_CJK.match(after))


def units(text: str) -> list[str]:
    """``text`` cut where a line may break: runs of spaces, and the pieces between them, each
    cut again where :func:`may_break` allows ("Bot 1、" keeps its comma, 「（ソロ）」 its
    brackets); a space before a character no line starts with is no break ("150 %" is one
    unit). Joined, they give ``text`` back."""
    out: list[str] = []
    for ch in text:
        if ch in NO_LINE_START and len(out) >= 2 and out[-1].isspace():
            out[-2:] = [out[-2] + out[-1] + ch]  # "150 %" keeps together at its space too
            continue
        if out:
            last = out[-1]
            if ch.isspace() == last[-1].isspace() and (ch.isspace() or not may_break(last[-1], ch)):
                out[-1] = last + ch
                continue
        out.append(ch)
    return out


def split_points(text: str) -> list[int]:
    """Where pygame_gui may cut ``text`` into two lines: the index each second line would start
    at — after every space (pygame_gui's own points), at every break :func:`units` allows
    between Chinese-script characters, and after a hyphen or a path separator inside a word
    (not in a word starting with hyphens: a command-line option keeps whole)."""
    if not has_cjk(text):
        points = [pos + 1 for pos, char in enumerate(text) if char == " "]
        options = [match.span() for match in _OPTION.finditer(text)]
        marks = [
            match.end()
            for match in _AFTER_MARK.finditer(text)
            if not any(start < match.end() < end for start, end in options)
        ]
        return sorted(points + marks) if marks else points
    points, at = [], 0
    for unit in units(text):
        at += len(unit)
        if at < len(text) and (unit[-1] == " " or not text[at].isspace()):
            points.append(at)
    return points


def install() -> None:
    """Make pygame_gui break lines at :func:`split_points` (once a process): every text chunk
    of every widget computes its split points again after pygame_gui has (it looks only for
    spaces, and cut a run of Japanese or a long path with an added hyphen). Text without
    Chinese-script characters, hyphens or path separators keeps pygame_gui's own points."""
    from pygame_gui.core.text.text_line_chunk import TextLineChunkFTFont

    if getattr(TextLineChunkFTFont, "_tabletop_breaks", False):
        return

    def recompute(method):
        def patched(self, *args, **kwargs):
            result = method(self, *args, **kwargs)
            if has_cjk(self.text) or _AFTER_MARK.search(self.text):  # else pygame_gui's own
                self.split_points = split_points(self.text)
            return result

        return patched

    methods = ("__init__", "split", "_perform_normal_split", "_update_chunk_count_splits_and_size")
    for name in methods:
        setattr(TextLineChunkFTFont, name, recompute(getattr(TextLineChunkFTFont, name)))
    TextLineChunkFTFont._tabletop_breaks = True  # type: ignore[attr-defined]
