"""What is wrong with a text the JSON reader refused, said in the player's language.

Python's ``json.JSONDecodeError`` carries an English message ("Expecting ',' delimiter") that
must never reach a player; :func:`json_problem` keeps only where the text goes wrong.
"""

from __future__ import annotations

import json

from translation import _


def json_problem(err: json.JSONDecodeError) -> str:
    """A clause (no capital, no full stop) saying where the text ``err`` refused goes wrong:
    "it is empty", "it breaks off at line 3", "it is damaged at line 2, column 7" (a one-line
    text: "at character 7", "it breaks off at its end"). Lines and columns count from 1."""
    doc = err.doc if isinstance(err.doc, str) else ""
    if not doc.strip():
        return _("it is empty")
    # a string left open runs to the end: the text was cut there, not where the string began
    cut_short = err.pos >= len(doc.rstrip()) or err.msg.startswith("Unterminated string")
    if "\n" in doc.strip():
        if cut_short:
            last_line = doc.rstrip().count("\n") + 1  # blank lines after the end are not text
            return _("it breaks off at line {line}").format(line=last_line)
        return _("it is damaged at line {line}, column {column}").format(
            line=err.lineno, column=err.colno
        )
    if cut_short:
        return _("it breaks off at its end")
    return _("it is damaged at character {column}").format(column=err.colno)
