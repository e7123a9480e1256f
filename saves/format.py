"""The save envelope: format name, schema version, migrations, checksum.

docs/DESIGN.md, "Matches, undo, saves". A save is one JSON object::

    {"format": "tabletop-trio-save", "schema_version": 4, "game": "<game id>",
     "options": {...}, "seats": [...], "seed": 7, "rules_version": 2,
     "history": [...], "snapshot": {...}, "start": {...} (only for a game set up from a position),
     "title": "<Game> — Ana vs Bot", "turn": 12, "saved_at": "2026-11-29T15:00:00+00:00",
     "to_move": 1, "turns_by_seat": [6, 6], "round_of_rounds": [2, 5] (games dealt in rounds),
     "checksum": "<sha256 hex of the canonical JSON of everything else>"}

``turn`` counts every turn started; ``to_move`` is the seat whose turn it is (``turn_owner``) and
``turns_by_seat`` the turns each seat has started, for the load list (saves before these two
fields existed are replayed to learn them); ``round_of_rounds`` is there only for a game played
in rounds of its own (``Match.round_of_rounds``), so the list says the round as its table does.

Loading verifies the checksum, migrates older schema versions one step at a time (one registered
function per step, then the game's own ``GameSpec.upgrade_save`` for that step: this module
knows no game), replays the history and compares it with the snapshot. A save made under a
game's older rules (``rules_version`` below the game's) whose history no longer replays goes on
from its snapshot instead, with a notice. Every failure is a :class:`SaveError` whose message a
player understands.
"""

from __future__ import annotations

import hashlib
import json
import math
import unicodedata
from collections.abc import Callable
from datetime import datetime, timezone
from typing import TypeGuard

from saves.files import SaveError, clean_title
from translation import _, pgettext

FORMAT = "tabletop-trio-save"
SCHEMA_VERSION = 4
TURN_LIMIT = 100_000
"""The most turns a save may claim (its ``turn`` field, shown in the list)."""
SAVED_AT_LIMIT = 64
RULES_VERSION_LIMIT = 1000
HISTORY_LIMIT = 20_000
"""The most steps a save may hold (the longest real game takes a few thousand): a longer
history is refused before it is replayed."""


SEATS_LIMIT = 8
"""The most seats a save may hold (no game seats more than 6), so a save of 100,000 seats is
refused before a name of it is read — without loading every game's rules to ask them."""


def seats_limit() -> int:
    """The most seats a save may hold (:data:`SEATS_LIMIT`)."""
    return SEATS_LIMIT


MIGRATIONS: dict[int, Callable[[dict], dict]] = {}
"""``MIGRATIONS[v]`` turns a version-``v`` envelope (a dict) into version ``v + 1``."""


def migration(from_version: int):
    """Decorator registering the step from ``from_version`` to ``from_version + 1``."""

    def register(func):
        MIGRATIONS[from_version] = func
        return func

    return register


@migration(0)
def _from_v0(envelope: dict) -> dict:
    """Version 0 (development builds) had no title or turn; fill them in."""
    envelope.setdefault("title", envelope.get("game", "Saved game"))
    envelope.setdefault("turn", 0)
    return envelope


@migration(1)
def _from_v1(envelope: dict) -> dict:
    """Version 2 changed nothing the program reads; a game may have changed what it records
    (its ``GameSpec.upgrade_save``, called after every step)."""
    return envelope


@migration(2)
def _from_v2(envelope: dict) -> dict:
    """Version 3 adds ``rules_version`` and ``start``; a save without them was made under each
    game's first rules and started from the game's set-up."""
    return envelope


@migration(3)
def _from_v3(envelope: dict) -> dict:
    """Version 4 changed nothing the program reads; see :func:`_from_v1`."""
    return envelope


def game_upgrade(envelope: dict, from_version: int) -> dict:
    """The game's own part of the step from save format ``from_version`` (its
    ``GameSpec.upgrade_save``: a history recorded under rules that asked other questions,
    rewritten for today's). An unknown game, or a history the game cannot rewrite, is left
    as it is: loading says so, or goes on from the save's position."""
    from engine import registry

    try:
        spec = registry.get(envelope["game"])
    except (KeyError, TypeError):
        return envelope
    if spec.upgrade_save is None:
        return envelope
    try:
        return spec.upgrade_save(dict(envelope), from_version)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        return envelope


def canonical_json(data) -> str:
    """The one JSON spelling the checksum is taken over: sorted keys, no spaces, UTF-8."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def checksum(envelope: dict) -> str:
    """SHA-256 hex of the canonical JSON of ``envelope`` without its ``checksum`` field."""
    body = {k: v for k, v in envelope.items() if k != "checksum"}
    return hashlib.sha256(canonical_json(body).encode("utf-8")).hexdigest()


def match_title(match) -> str:
    """A short title for the save list: "<game title> — Ana, Bot (Easy)"."""
    return title_of(match.spec.title, match.names)


def title_of(game: str, names, catalogue=None) -> str:
    """The title the program gives a save of ``game`` (its untranslated title) with seats
    ``names``: "<game title> — Ana, Bot (Easy)", 「… — テス、ボット1」, in the language of
    ``catalogue`` (a :func:`translation.translations`; default: the one in use), the names
    joined as that language lists them (a tester read Latin commas in a Japanese title)."""
    gettext = catalogue.gettext if catalogue is not None else _
    between = (catalogue.pgettext if catalogue is not None else pgettext)("between names", ", ")
    return gettext("{game} — {seats}").format(game=gettext(game), seats=between.join(names))


def make_envelope(match, title: str | None = None, now: datetime | None = None) -> dict:
    """The complete, checksummed envelope for ``match`` (an :class:`engine.match.Match`)."""
    return envelope_of(
        match.to_save(),
        title or match_title(match),
        match.turn_count(),
        now,
        progress=match_progress(match),
    )


def match_progress(match) -> dict:
    """Who is to move and how many turns each seat has had (for the save list)."""
    progress = {"to_move": match.turn_owner(), "turns_by_seat": match.turns_by_seat()}
    round_of_rounds = match.round_of_rounds()
    if round_of_rounds is not None:
        progress["round_of_rounds"] = list(round_of_rounds)
    return progress


def envelope_of(
    data: dict,
    title: str,
    turn: int,
    now: datetime | None = None,
    canonical=canonical_json,
    progress: dict | None = None,
) -> dict:
    """The checksummed envelope around ``data`` (``Match.to_save()``), titled ``title`` at
    turn ``turn``. ``canonical`` spells the JSON the checksum is taken over."""
    envelope = {"format": FORMAT, "schema_version": SCHEMA_VERSION}
    envelope.update(data)
    envelope["title"] = clean_title(title)
    envelope["turn"] = turn
    envelope.update(progress or {})
    envelope["saved_at"] = (now or datetime.now(timezone.utc)).isoformat(timespec="seconds")
    body = {k: v for k, v in envelope.items() if k != "checksum"}
    envelope["checksum"] = hashlib.sha256(canonical(body).encode("utf-8")).hexdigest()
    return envelope


def dumps(envelope: dict, step_lines: list[str] | None = None) -> str:
    """The text written to disk: one line per envelope field and one per history step, so a
    person can read it; each line is spelled by the standard library's C encoder (a 500-step
    save takes about a millisecond, where ``indent`` would force the pure-Python encoder, ten
    times slower on every autosave). The checksum ignores formatting. ``step_lines`` are the
    history's steps already spelled (:class:`SpelledSteps`)."""
    fields = []
    for key, value in envelope.items():
        if key == "history" and value:
            steps = ",\n  ".join(step_lines if step_lines is not None else map(_spell, value))
            spelled = "[\n  " + steps + "\n ]"
        else:
            spelled = _spell(value)
        fields.append(f" {_spell(key)}: {spelled}")
    return "{\n" + ",\n".join(fields) + "\n}\n"


_spell = json.JSONEncoder(ensure_ascii=False).encode
"""``json.dumps(value, ensure_ascii=False)`` with one encoder for every line (``dumps`` made a
new one for each: most of the time of spelling a save of short steps)."""


class SpelledSteps:
    """Both spellings of each history step of one game — its line in the file and its
    canonical JSON for the checksum — kept from one save of the game to the next.

    :meth:`engine.match.Match.history_data` gives an unchanged step the same dict again, so
    an autosave after every step spells only the new steps (a 900-step game: every step
    spelled again took most of an autosave). A step is recognised by identity; a changed
    history (undo, another game) is spelled anew from where it differs."""

    def __init__(self) -> None:
        self._steps: list[tuple[dict, str, str]] = []

    def spell(self, history: list[dict]) -> tuple[list[str], list[str]]:
        """``(file lines, canonical texts)`` of the steps of ``history``, in order."""
        steps = self._steps
        kept = 0
        while kept < len(steps) and kept < len(history) and steps[kept][0] is history[kept]:
            kept += 1
        del steps[kept:]
        steps.extend((step, _spell(step), canonical_json(step)) for step in history[kept:])
        return [line for _step, line, _canonical in steps], [text for *_rest, text in steps]


def spelled_save_text(envelope_data: tuple, spelled: SpelledSteps) -> str:
    """The file text of a save (as ``dumps(envelope_of(data, title, turn, progress=...))``)
    from ``envelope_data`` = ``(data, title, turn, progress)``, spelling with ``spelled`` only
    the steps it has not met before."""
    data, title, turn, progress = envelope_data
    lines, canonical_steps = spelled.spell(data["history"])
    history_text = "[" + ",".join(canonical_steps) + "]"

    def canonical(body: dict) -> str:  # canonical_json(body), the history already spelled
        return (
            "{"
            + ",".join(
                canonical_json(key)
                + ":"
                + (history_text if key == "history" else canonical_json(body[key]))
                for key in sorted(body)
            )
            + "}"
        )

    return dumps(envelope_of(data, title, turn, canonical=canonical, progress=progress), lines)


class _BadNumber(ValueError):
    """A number JSON allows but a save never holds (NaN, Infinity, 1e400)."""


def _refuse_constant(name: str):
    raise _BadNumber(
        _("it holds {value}, which is not a number a save may hold").format(value=name)
    )


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _BadNumber(_("it holds a number too large to be read"))
    return value


def _decode(text: str, where: str):
    """JSON from a save's text; every failure (bad JSON, NaN or Infinity, integers of thousands
    of digits, nesting too deep for Python) is a :class:`SaveError`."""
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except json.JSONDecodeError as err:
        from engine.json_text import json_problem  # not at start: the first frame waits on it

        raise SaveError(
            _("{file} is not a readable save file ({problem}).").format(
                file=where, problem=json_problem(err)
            )
        ) from None
    except RecursionError:
        raise SaveError(
            _("{file} is not a readable save file (it is nested too deeply).").format(file=where)
        ) from None
    except _BadNumber as err:
        raise SaveError(
            _("{file} is not a readable save file ({problem}).").format(file=where, problem=err)
        ) from None
    except (ValueError, TypeError):  # an integer of over 4,300 digits, say
        raise SaveError(
            _("{file} is not a readable save file (it holds a number too long to be read).").format(
                file=where
            )
        ) from None


def is_plain_text(value, limit: int | None = None) -> bool:
    """True for a ``str`` without control characters or lone surrogates (which no font draws
    and no file holds), at most ``limit`` characters long when a limit is given."""
    if not isinstance(value, str) or (limit is not None and len(value) > limit):
        return False
    return not any(unicodedata.category(ch) in ("Cc", "Cs") for ch in value)


def _is_int(value: object) -> TypeGuard[int]:
    """An integer that is not a bool (JSON's true is not the number 1 in a save)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_envelope(envelope: dict, where: str | None = None) -> None:
    """Check every field of a current-version envelope against its type and range.

    Raises :class:`SaveError` naming the first damaged field in plain words. The history's
    actions are checked against their declared field types later, while replaying
    (:meth:`engine.core.RecordCodec.from_dict`).
    """
    where = _("this save") if where is None else where
    missing = [
        k for k in ("game", "options", "seats", "seed", "history", "snapshot") if k not in envelope
    ]
    if missing:
        raise SaveError(
            _("{file} is missing {fields}.").format(file=where, fields=", ".join(missing))
        )
    shapes = {"game": str, "options": dict, "seats": list, "history": list, "snapshot": dict}
    wrong = [k for k, kind in shapes.items() if not isinstance(envelope[k], kind)]
    if not _is_int(envelope["seed"]):
        wrong.append("seed")
    if "title" in envelope and not isinstance(envelope["title"], str):
        wrong.append("title")
    turn = envelope.get("turn", 0)
    if not _is_int(turn) or not 0 <= turn <= TURN_LIMIT:
        wrong.append("turn")
    if not is_plain_text(envelope.get("saved_at", ""), SAVED_AT_LIMIT):
        wrong.append("saved_at")
    rules_version = envelope.get("rules_version", 1)
    if not _is_int(rules_version) or not 1 <= rules_version <= RULES_VERSION_LIMIT:
        wrong.append("rules_version")
    if "start" in envelope and not isinstance(envelope["start"], dict):
        wrong.append("start")
    if "to_move" in envelope and not _is_int(envelope["to_move"]):
        wrong.append("to_move")
    by_seat = envelope.get("turns_by_seat", [])
    if not (
        isinstance(by_seat, list) and all(_is_int(n) and 0 <= n <= TURN_LIMIT for n in by_seat)
    ):
        wrong.append("turns_by_seat")
    rounds = envelope.get("round_of_rounds", [1, 1])
    if not (
        isinstance(rounds, list)
        and len(rounds) == 2
        and all(_is_int(n) and 1 <= n <= TURN_LIMIT for n in rounds)
    ):
        wrong.append("round_of_rounds")
    if wrong:
        raise SaveError(
            _("{file} has damaged fields: {fields}.").format(file=where, fields=", ".join(wrong))
        )
    if not all(isinstance(name, str) for name in envelope["options"]):
        raise SaveError(_("{file} has damaged options.").format(file=where))
    most = seats_limit()
    if not 1 <= len(envelope["seats"]) <= most or len(by_seat) > most:
        raise SaveError(
            _("{file} has {count} seats; a game has 1 to {most}.").format(
                file=where, count=len(envelope["seats"]), most=most
            )
        )
    if len(envelope["history"]) > HISTORY_LIMIT:
        raise SaveError(
            _("{file} holds {count} steps, more than any game takes.").format(
                file=where, count=len(envelope["history"])
            )
        )
    for number, seat in enumerate(envelope["seats"], 1):
        problem = seat_problem(seat)
        if problem:
            raise SaveError(
                _("{file} has a damaged seat {number}: {problem}.").format(
                    file=where, number=number, problem=problem
                )
            )
    for number, item in enumerate(envelope["history"], 1):
        if (
            not isinstance(item, dict)
            or set(item) != {"player", "action"}
            or not _is_int(item["player"])
            or not isinstance(item["action"], dict)
        ):
            raise SaveError(
                _("{file} has a damaged step {number} in its history.").format(
                    file=where, number=number
                )
            )


def seat_problem(seat) -> str | None:
    """What is wrong with one saved seat ``{"kind", "name", "level"}``, or None."""
    from engine.match import BOT, BOT_LEVELS, HUMAN

    if not isinstance(seat, dict) or not {"kind", "name"} <= set(seat) <= {"kind", "name", "level"}:
        return _("it is not a seat")
    if seat["kind"] not in (HUMAN, BOT) or not isinstance(seat["kind"], str):
        return _("it is neither a person nor a computer player")
    name = seat["name"]
    if not is_plain_text(name) or not name.strip():
        return _("its name is not plain text")
    level = seat.get("level")
    if level is not None and (not isinstance(level, str) or level not in BOT_LEVELS):
        return _("its level is not easy, medium or hard")
    if seat["kind"] == BOT and level is None:
        return _("a computer player without a level")
    return None


def parse(text: str, where: str | None = None) -> dict:
    """Check and migrate a save's text; returns the current-version envelope.

    Raises :class:`SaveError` for text that is not JSON, not a save, from a future version,
    damaged (checksum mismatch), missing fields or fields of the wrong type or range (see
    :func:`check_envelope`). ``where`` names the file in messages.
    """
    where = _("this save") if where is None else where
    envelope = _decode(text, where)
    if not isinstance(envelope, dict) or envelope.get("format") != FORMAT:
        raise SaveError(_("{file} is not a Tabletop Trio save file.").format(file=where))
    version = envelope.get("schema_version")
    if not _is_int(version) or version < 0:
        raise SaveError(_("{file} has no valid schema version.").format(file=where))
    if version > SCHEMA_VERSION:
        # a hostile 4,000 digits
        shown = str(version) if version < 10**6 else _("beyond any made so far")
        raise SaveError(
            _(
                "{file} was made by a newer version of Tabletop Trio (save format {version}; "
                "this program reads up to {latest})."
            ).format(file=where, version=shown, latest=SCHEMA_VERSION)
        )
    try:
        same = envelope.get("checksum") == checksum(envelope)
    except (RecursionError, ValueError, TypeError):  # too deep, or text no file can hold
        same = False
    if not same:
        raise SaveError(
            _(
                "{file} has been changed or damaged since it was saved (its checksum does not "
                "match)."
            ).format(file=where)
        )
    if version < SCHEMA_VERSION:
        check_envelope(envelope, where)  # an upgrade step may rely on the fields' types
    while version < SCHEMA_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise SaveError(
                _("{file} uses save format {version}, which cannot be upgraded.").format(
                    file=where, version=version
                )
            )
        try:
            envelope = game_upgrade(step(dict(envelope)), version)
        except SaveError:
            raise
        except Exception as err:  # noqa: BLE001 - a damaged old save, never a traceback
            raise SaveError(
                _("{file} is from an earlier version and cannot be upgraded ({problem}).").format(
                    file=where, problem=clean_title(str(err) or type(err).__name__)[:80]
                )
            ) from None
        version += 1
        envelope["schema_version"] = version
    check_envelope(envelope, where)
    return envelope


def _check_options(spec, options: dict, where: str) -> None:
    """Each saved option is one of its allowed values with the same type (``5.0`` is not the
    choice ``5``, ``true`` not ``1``); raises :class:`SaveError`."""
    known = {o.name: o for o in spec.options}
    for name, value in options.items():
        option = known.get(name)
        if option is None:
            raise SaveError(
                _("{file} has an option {game} does not have ({name!r}).").format(
                    file=where, game=_(spec.title), name=name
                )
            )
        allowed = (True, False) if option.kind == "bool" else option.choices
        if not any(type(value) is type(choice) and value == choice for choice in allowed):
            raise SaveError(
                _("{file} has a damaged option: {option}.").format(
                    file=where, option=_(option.label)
                )
            )


def load_match(envelope: dict, where: str | None = None):
    """Rebuild the :class:`engine.match.Match` of a checked envelope by replaying its history.

    Raises :class:`SaveError` for an unknown game or a history that does not replay.
    """
    from engine import registry
    from engine.match import Match

    where = _("this save") if where is None else where
    try:
        spec = registry.get(envelope["game"])
    except KeyError:
        raise SaveError(
            _("{file} is a game this program does not know ({game!r}).").format(
                file=where, game=clean_title(envelope["game"])[:40]
            )
        ) from None
    older_rules = envelope.get("rules_version", 1) < spec.rules_version
    try:
        _check_options(spec, envelope["options"], where)
        match = Match.from_save(spec, envelope)
        match.save_title = clean_title(envelope.get("title", ""))
        return match
    except RecursionError:
        raise SaveError(
            _("{file} cannot be replayed: it is nested too deeply.").format(file=where)
        ) from None
    except Exception as err:  # noqa: BLE001 - any failure to rebuild the game is a damaged save
        if older_rules:
            return _resume(spec, envelope, where)
        reason = clean_title(str(err) or type(err).__name__).rstrip(".")
        if isinstance(err, SaveError):
            raise
        raise SaveError(
            _("{file} cannot be replayed: {reason}.").format(file=where, reason=reason)
        ) from None


def _resume(spec, envelope: dict, where: str):
    """The match of a save from older rules, going on from its snapshot (see
    :meth:`engine.match.Match.resume`); raises :class:`SaveError` when even that fails."""
    from engine.match import Match

    try:
        match = Match.resume(spec, envelope)
    except RecursionError:
        raise SaveError(
            _("{file} cannot be replayed: it is nested too deeply.").format(file=where)
        ) from None
    except Exception as err:  # noqa: BLE001 - a snapshot that cannot be read is damage
        reason = clean_title(str(err) or type(err).__name__).rstrip(".")
        raise SaveError(
            _(
                "{file} was saved under earlier rules and its position cannot be read: {reason}."
            ).format(file=where, reason=reason)
        ) from None
    match.notice = _(
        "This game was saved under earlier rules of {game}: it goes on from where "
        "it was saved, and the moves before cannot be undone or "
        "replayed."
    ).format(game=_(spec.title))
    match.save_title = clean_title(envelope.get("title", ""))
    return match
