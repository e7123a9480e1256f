"""Game records: a finished game as a small readable text file that ``--replay FILE`` opens.

A record is plain UTF-8 text, a header then one line per step::

    Tabletop Trio game record 1
    Game: diced-tomatoes (Diced Tomatoes)
    Seat 1: human Ana
    Seat 2: bot hard Bot 1 (Hard)
    Options: {"clean_any": false, "dicey": false, ...}
    Seed: 412
    Date: 2026-12-01T18:30:00+00:00
    Result: Ana 24, Bot 1 (Hard) 21; won by Ana

    1. chance: RollDie slot=0 face=4  ; Ana rolled a 4
    2. Ana: PlaceDie slot=0 token=1  ; Place the red 4 as a seed on your top token
    ...

A game begun from a position has a ``Start:`` line holding the position in the game's notation
(``GameSpec.notation``). A step is ``N. WHO: TYPE field=value …``: ``WHO`` is the seat's name or
``chance``; ``TYPE`` and the fields are the action's ``to_dict`` (``GameSpec.action_codec``), each
value written as compact JSON. After ``;`` the step in plain words, for reading only. ``Result``
and ``Date`` are for reading too; lines starting with ``#`` and blank lines are ignored.

Reading refuses anything it cannot use with a :class:`RecordError` naming the line.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import platformdirs

from engine.core import CHANCE, GameSpec, IllegalAction
from engine.json_text import json_problem
from engine.match import HistoryEntry, Match, Seat
from engine.validation import check_position
from translation import _, clause, ngettext

MAGIC = "Tabletop Trio game record"
VERSION = 1
MAX_RECORD_BYTES = 4 * 1024 * 1024
_STEP = re.compile(r"^(\d+)\.\s+(.*)$")
_ACTION = re.compile(r"^([A-Za-z_]\w*)(.*)$")
_FIELD = re.compile(r"\s*([A-Za-z_]\w*)=")


class RecordError(ValueError):
    """A record that cannot be read or written; ``str(err)`` is a sentence for the player."""


@dataclass
class GameRecordFile:
    """What a record holds: ``spec`` (the game), ``seats``, ``options``, ``seed``, ``start``
    (a starting state, or None for the game's set-up) and ``history`` (:class:`HistoryEntry`)."""

    spec: GameSpec
    seats: list
    options: dict
    seed: int
    start: Any
    history: list

    def fresh_match(self) -> Match:
        """A match at the record's start, with no steps: what a replay begins from."""
        match = Match(self.spec, self.seats, self.options, self.seed)
        if self.start is not None:
            match.set_position(self.start.clone())
        return match


def action_text(action) -> str:
    """``"PlaceDie slot=0 token=1"``: the action's type and fields, values as compact JSON."""
    data = action.to_dict()
    fields = " ".join(
        f"{name}={json.dumps(value, separators=(',', ':'), ensure_ascii=False)}"
        for name, value in data.items()
        if name != "type"
    )
    return f"{data['type']} {fields}".rstrip()


def parse_action_fields(text: str) -> dict:
    """The ``field=value`` pairs after an action's type as a dict; raises ``ValueError``."""
    decoder = json.JSONDecoder()
    fields, position = {}, 0
    while position < len(text) and text[position:].strip():
        match = _FIELD.match(text, position)
        if match is None:
            raise ValueError(
                _("expected name=value at {text!r}").format(text=text[position : position + 20])
            )
        try:
            value, position = decoder.raw_decode(text, match.end())
        except json.JSONDecodeError:
            raise ValueError(
                _("the value of {name} cannot be read").format(name=match.group(1))
            ) from None
        fields[match.group(1)] = value
    return fields


def _seat_line(seat: Seat) -> str:
    return f"bot {seat.level} {seat.name}" if seat.is_bot else f"human {seat.name}"


def result_line(match) -> str:
    """ "Ana 24, Bot 21; won by Ana" from the score sheet (empty for an unfinished game), in the
    language in use (the line is for reading)."""
    if not match.is_terminal():
        return ""
    sheet = match.state.score_sheet()
    totals = (
        [row[-1] for row in sheet["rows"]]
        if "rows" in sheet
        else [p.get("total") for p in sheet.get("players", [])]
    )
    names = match.names
    scores = _(", ").join(
        _("{name} {score}").format(name=names[i], score=total)
        for i, total in enumerate(totals)
        if i < len(names)
    )
    winners = [names[i] for i in sheet.get("winners", []) if 0 <= i < len(names)]
    if not winners:
        return scores
    return ngettext("{scores}; won by {names}", "{scores}; won by {names}", len(winners)).format(
        scores=scores, names=_(" and ").join(winners)
    )


def format_record(match, finished_at: datetime | None = None) -> str:
    """The record of ``match`` (finished or not) as text (see the module docstring)."""
    when = (finished_at or datetime.now(timezone.utc)).isoformat(timespec="seconds")
    # the header's names are the format's (read back); what follows them is for reading
    lines = [f"{MAGIC} {VERSION}", f"Game: {match.spec.id} ({_(match.spec.title)})"]
    lines += [f"Seat {i}: {_seat_line(seat)}" for i, seat in enumerate(match.seats, 1)]
    lines.append(f"Options: {json.dumps(match.options, sort_keys=True)}")
    lines.append(f"Seed: {match.seed}")
    if match.to_save().get("start") is not None:
        lines.append(f"Start: {match.spec.notation.format(match.start_state())}")
    lines.append(f"Date: {when}")
    result = result_line(match)
    if result:
        lines.append(f"Result: {result}")
    lines.append("")
    state = match.start_state()  # the words describe each step before it happens
    names = match.names
    for number, entry in enumerate(match.history, 1):
        who = "chance" if entry.player == CHANCE else names[entry.player]
        try:
            words = state.action_to_string(entry.action, names)
        except Exception:  # noqa: BLE001 - the words are a courtesy; the step is what counts
            words = ""
        state.apply_action(entry.action)
        words = " ".join(str(words).split())
        lines.append(
            f"{number}. {who}: {action_text(entry.action)}" + (f"  ; {words}" if words else "")
        )
    return "\n".join(lines) + "\n"


def _split_comment(text: str) -> str:
    """The step without its ``; words`` (a ``;`` inside a JSON text value stays)."""
    quoted = False
    escaped = False
    for index, char in enumerate(text):
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == '"':
            quoted = not quoted
        elif char == ";" and not quoted:
            return text[:index]
    return text


def parse_record(text: str) -> GameRecordFile:
    """Read a record; raises :class:`RecordError` saying what is wrong and on which line."""
    from engine import registry

    lines = text.splitlines()
    if not lines or not lines[0].startswith(MAGIC):
        raise RecordError(
            _(
                "This is not a Tabletop Trio game record (its first line should "
                "be “{magic} {version}”)."
            ).format(magic=MAGIC, version=VERSION)
        )
    header: dict = {}
    seat_lines: dict = {}
    steps = []
    for number, line in enumerate(lines[1:], 2):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        step = _STEP.match(stripped)
        if step:
            steps.append((number, step))
            continue
        key, sep, value = stripped.partition(":")
        if not sep:
            raise RecordError(
                _("Line {line} of the record is neither a header nor a step: {text}").format(
                    line=number, text=stripped[:60]
                )
            )
        if key.startswith("Seat "):
            seat_lines[key[5:].strip()] = (number, value.strip())
        else:
            header[key.strip()] = (number, value.strip())

    def field(name):
        if name not in header:
            raise RecordError(_("The record has no “{name}:” line.").format(name=name))
        return header[name]

    line, value = field("Game")
    game_id = value.split(" ", 1)[0]
    try:
        spec = registry.get(game_id)
    except KeyError:
        raise RecordError(
            _("Line {line}: this program does not know the game “{game}”.").format(
                line=line, game=game_id[:40]
            )
        ) from None
    seats = []
    for index in range(1, len(seat_lines) + 1):
        if str(index) not in seat_lines:
            raise RecordError(_("The record has no “Seat {number}:” line.").format(number=index))
        line, value = seat_lines[str(index)]
        kind, _sep, rest = value.partition(" ")
        try:
            if kind == "bot":
                level, _sep, name = rest.partition(" ")
                seats.append(Seat("bot", name, level))
            else:
                seats.append(Seat(kind, rest))
        except ValueError as err:
            raise RecordError(_("Line {line}: {problem}").format(line=line, problem=err)) from None
    line, value = field("Options")
    try:
        try:
            options = json.loads(value)
        except json.JSONDecodeError as err:
            raise ValueError(
                _("the options cannot be read ({problem})").format(problem=json_problem(err))
            ) from None
        if not isinstance(options, dict):
            raise ValueError(_("not a set of options"))
        options = spec.resolve_options(options, len(seats))
        spec.check_players(len(seats))
    except ValueError as err:
        raise RecordError(_("Line {line}: {problem}").format(line=line, problem=err)) from None
    line, value = field("Seed")
    try:
        seed = int(value)
    except ValueError:
        raise RecordError(
            _("Line {line}: the seed must be a whole number.").format(line=line)
        ) from None
    start = None
    if "Start" in header:
        line, value = header["Start"]
        try:
            start = check_position(spec, spec.notation.parse(value))
        except ValueError as err:
            raise RecordError(
                _("Line {line}: the starting position cannot be read: {problem}").format(
                    line=line, problem=err
                )
            ) from None
    record = GameRecordFile(spec, seats, options, seed, start, [])
    probe = record.fresh_match()
    for expected, (step_line, step) in enumerate(steps, 1):
        if int(step.group(1)) != expected:
            raise RecordError(
                _("Line {line}: step {found} where step {expected} should be.").format(
                    line=step_line, found=step.group(1), expected=expected
                )
            )
        player = probe.current_player()
        rest = step.group(2)
        # a default name is shown in the language in use ("Бот 1 (сильный)") but written as
        # the record has it ("Bot 1 (Hard)"): either names the seat
        names = (
            ["chance"]
            if player == CHANCE
            else sorted({probe.names[player], probe.seats[player].name}, key=len, reverse=True)
            if player >= 0
            else []
        )
        who = next((name for name in names if rest.startswith(f"{name}:")), None)
        if who is None:
            expected_who = names[0] if names else _("nobody (the game is over)")
            raise RecordError(
                _("Line {line}: this step should be played by {who}.").format(
                    line=step_line, who=expected_who
                )
            )
        action_match = _ACTION.match(_split_comment(rest[len(who) + 1 :]).strip())
        try:
            if action_match is None:
                raise ValueError(_("no move is written"))
            data = {"type": action_match.group(1)} | parse_action_fields(action_match.group(2))
            action = spec.action_codec.from_dict(data)
        except ValueError as err:
            raise RecordError(
                _("Line {line}: the step cannot be read ({problem}).").format(
                    line=step_line, problem=clause(str(err))
                )
            ) from None
        try:
            if player == CHANCE:
                probe.resolve_chance(action)
            else:
                probe.apply(action)
        except IllegalAction as err:
            raise RecordError(
                _("Line {line}: the step cannot be played: {reason}").format(
                    line=step_line, reason=err.reason
                )
            ) from None
        record.history.append(HistoryEntry(player, action))
    return record


def load_record(path) -> GameRecordFile:
    """Read the record file at ``path``; raises :class:`RecordError` in plain words."""
    from saves.format import SaveError
    from saves.store import read_text

    try:
        text = read_text(Path(path), limit=MAX_RECORD_BYTES, kind="game record")
    except SaveError as err:
        raise RecordError(str(err)) from None
    return parse_record(text)


def records_dir() -> Path:
    """Where exported records go: ``records`` in the user data folder."""
    return platformdirs.user_data_path("tabletop-trio") / "records"


def export_record(match, folder: Path | None = None) -> Path:
    """Write ``match``'s record as ``GAME-TIME.txt`` in ``folder`` (default :func:`records_dir`)
    and return its path; raises :class:`RecordError` when it cannot be written."""
    folder = Path(folder) if folder else records_dir()
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    path = folder / f"{match.spec.id}-{stamp}.txt"
    number = 2
    try:
        folder.mkdir(parents=True, exist_ok=True)
        while path.exists():
            path = folder / f"{match.spec.id}-{stamp}-{number}.txt"
            number += 1
        path.write_text(format_record(match), encoding="utf-8")
    except OSError as err:
        raise RecordError(
            _("Could not write the game record: {reason}.").format(reason=err.strerror or err)
        ) from None
    return path
