"""Position notation for Potion Explosion: one line of ``key=value`` fields separated by spaces.

``format_position(state)`` writes every field; ``parse_position(text)`` reads them back, and any
field left out takes its default (so tests can write only what matters). Fields:

* ``n=3`` — players (required). ``opt=random,random`` — types option, first-player option.
* ``types=SAN,MAG,WIS,PRI,BLI,ABY`` — the potion types in play (default: the "first game" six;
  ``-`` for none yet). ``phase=play`` (types/first/starters/draft/play/end/tiebreak/over).
* ``first=0 player=0`` — first player and the seat whose turn it is.
* ``draft=2:MAG4,WIS4`` — draft index and the revealed starters still on offer (default:
  every starter drafted once the turns have begun, none before).
* ``tracks=RBRYK/..../`` — the 5 tracks, **bottom → top**, colour letters R B Y K.
* ``tank=R5B0Y3K2`` — marbles in the tank per colour.
* ``stacks=WIS6+3/-+0/...`` — each stack's visible top (``-`` none) and face-down count.
* ``skill=4/11`` — skill tokens in the countdown stack / in the general supply.
* ``turn=ph/BB`` — ``p``: regular pick made, ``h``: Little Help used (``-`` neither); after
  ``/``, the marbles moved from hand to pool this turn (bots do not move them back).
* ``effect=ABY:1.3:RB:2`` — pending effect: kind, tracks used, colours taken, source index.
* ``seam=2.3.1.pick`` — explosion being resolved: track, position, chain step, taker.
* ``end=1`` — the game end is triggered. ``tb=0.2:1:3`` — tie-break order, index, marbles
  taken. ``win=0.2`` — winners. ``tt=0`` — marbles of the tie-break pick in progress.
* ``p0=WIS4:RRY,MAG5:/Rb/RRY/SAN4!,WIS4/1.0.-.0.0.3`` — a desk: brewing slots (``-`` empty;
  ``CODE:`` + one letter per filled hole, ``B=K`` for a black marble in a blue hole), pool
  (lowercase = wild, Prismatic Joy), hand, completed potions (``!`` = drunk), then
  ``tokens.helps.mastery-types(+).variety.tenth.turns`` (a type once per Mastery token).

Example: ``parse_position("n=2 tracks=RBR//// p0=WIS4:/-/-/-/0.0.-.0.0.0")``.
"""

from __future__ import annotations

from engine.notation_fields import Fields, read_int
from engine.potion_explosion.data import (
    BREWING_SLOTS,
    COLOURS,
    FIRST_GAME_REMOVED,
    NUM_STACKS,
    NUM_TRACKS,
    SKILL_TOKENS,
    TILES,
    TOTAL_MARBLES,
    TYPE_CODES,
)
from engine.potion_explosion.state import (
    COLOUR_INDEX,
    SETUP_PHASES,
    Brewing,
    CompletedPotion,
    Desk,
    PendingEffect,
    Phase,
    PotionExplosionState,
    Seam,
    SeamTaker,
    Stack,
    TieBreak,
)
from translation import _


def _letters(counts, lower=None) -> str:
    out = ""
    for index, colour in enumerate(COLOURS):
        wild = lower[index] if lower else 0
        out += colour * (counts[index] - wild) + colour.lower() * wild
    return out or "-"


def _counts(text: str):
    counts, wild = [0, 0, 0, 0], [0, 0, 0, 0]
    if text == "-":
        return counts, wild
    for letter in text:
        if letter.upper() not in COLOUR_INDEX:
            raise ValueError(_("unknown marble colour {marble!r}").format(marble=letter))
        index = COLOUR_INDEX[letter.upper()]
        counts[index] += 1
        if letter.islower():
            wild[index] += 1
    return counts, wild


def format_desk(desk: Desk) -> str:
    """One desk in notation (see the module docstring)."""
    slots = []
    for brewing in desk.slots:
        if brewing is None:
            slots.append("-")
        else:
            slots.append(
                brewing.tile
                + ":"
                + "".join(
                    hole if hole == marble else f"{hole}={marble}"
                    for hole, marble in brewing.placed
                )
            )
    done = ",".join(potion.tile + ("!" if potion.drunk else "") for potion in desk.completed) or "-"
    stats = ".".join(
        [
            str(desk.tokens),
            str(desk.helps),
            "+".join(desk.mastery) or "-",
            str(int(desk.variety)),
            str(int(desk.tenth)),
            str(desk.turns),
        ]
    )
    return "/".join(
        [",".join(slots), _letters(desk.pool, desk.wild), _letters(desk.hand), done, stats]
    )


def parse_desk(text: str) -> Desk:
    """A desk from notation; ``ValueError`` if malformed."""
    desk = Desk()
    parts = text.split("/")
    if len(parts) != 5:
        raise ValueError(_("a desk has 5 parts separated by '/': {text!r}").format(text=text))
    slots, pool, hand, done, stats = parts
    if len(slots.split(",")) > BREWING_SLOTS:
        raise ValueError(
            _("a desk has {count} brewing slots: {text!r}").format(
                count=BREWING_SLOTS, text=slots[:40]
            )
        )
    for slot, brewing in enumerate(slots.split(",")):
        if brewing == "-":
            continue
        code, _sep, holes = brewing.partition(":")
        if code not in TILES:
            raise ValueError(_("unknown potion tile {code!r}").format(code=code))
        placed, index = [], 0
        while index < len(holes):
            hole = holes[index]
            if index + 2 < len(holes) and holes[index + 1] == "=":
                placed.append(hole + holes[index + 2])
                index += 3
            else:
                placed.append(hole + hole)
                index += 1
        desk.slots[slot] = Brewing(code, tuple(placed))
    desk.pool, desk.wild = _counts(pool)
    desk.hand, _wild = _counts(hand)
    if done != "-":
        desk.completed = [
            CompletedPotion(code.rstrip("!"), code.endswith("!")) for code in done.split(",")
        ]
    numbers = stats.split(".")
    if len(numbers) != 6:
        raise ValueError(
            _("a desk ends with tokens.helps.mastery.variety.tenth.turns, not {text!r}").format(
                text=stats[:40]
            )
        )
    tokens, helps, mastery, variety, tenth, turns = numbers
    desk.tokens, desk.helps = read_int(tokens, "tokens"), read_int(helps, "helps")
    desk.turns = read_int(turns, "turns")
    desk.mastery = [] if mastery == "-" else mastery.split("+")
    desk.variety, desk.tenth = variety == "1", tenth == "1"
    return desk


MAX_PLAYERS = 6
FIELDS = (
    "n",
    "opt",
    "types",
    "phase",
    "first",
    "player",
    "draft",
    "tracks",
    "tank",
    "stacks",
    "skill",
    "turn",
    "effect",
    "seam",
    "end",
    "tb",
    "win",
    "tt",
    *(f"p{seat}" for seat in range(MAX_PLAYERS)),
)


def format_position(state: PotionExplosionState) -> str:
    """The full position as one line (see the module docstring)."""
    fields = [
        f"n={state.num_players}",
        f"opt={state.types_mode},{state.first_mode}",
        "types=" + (",".join(state.types) or "-"),
        f"phase={state.phase}",
        f"first={state.first}",
        f"player={state.player}",
        f"draft={state.draft_index}:" + (",".join(state.revealed) or "-"),
        "tracks=" + "/".join("".join(track) for track in state.tracks),
        "tank=" + "".join(f"{colour}{state.tank[index]}" for index, colour in enumerate(COLOURS)),
        "stacks=" + "/".join(f"{stack.top or '-'}+{stack.face_down}" for stack in state.stacks),
        f"skill={state.countdown}/{state.supply}",
        "turn="
        + (("p" if state.picked else "") + ("h" if state.help_used else "") or "-")
        + ("" if not any(state.to_pool) else "/" + _letters(state.to_pool)),
    ]
    effect = state.effect
    fields.append(
        "effect=-"
        if effect is None
        else "effect="
        + ":".join(
            [
                effect.kind,
                ".".join(map(str, effect.tracks)) or "-",
                "".join(effect.colours) or "-",
                "-" if effect.source is None else str(effect.source),
            ]
        )
    )
    seam = state.seam
    if seam is not None:
        fields.append(f"seam={seam.track}.{seam.position}.{seam.step}.{state.seam_taker}")
    elif state.seam_taker is not None:
        fields.append(f"seam=-.{state.seam_taker}")
    else:
        fields.append("seam=-")
    fields.append(f"end={int(state.ending)}")
    tiebreak = state.tiebreak
    fields.append(
        "tb=-"
        if tiebreak is None
        else "tb="
        + ":".join(
            [
                ".".join(map(str, tiebreak.order)),
                str(tiebreak.index),
                ".".join(map(str, tiebreak.taken)) or "-",
            ]
        )
    )
    fields.append("win=" + (".".join(map(str, state.winners)) or "-"))
    fields.append(f"tt={state.turn_taken}")
    for seat, desk in enumerate(state.desks):
        fields.append(f"p{seat}={format_desk(desk)}")
    return " ".join(fields)


def parse_position(text: str) -> PotionExplosionState:
    """Build a state from notation; missing fields take defaults. ``ValueError`` if malformed."""
    fields = Fields(text, FIELDS, "n=2")
    if "n" not in fields:
        raise ValueError(_("the notation needs n= (the number of players)."))
    players = fields.number("n", 2, 2, MAX_PLAYERS)  # checked before a desk is made
    types_mode, _comma, first_mode = fields.text("opt", "random,random").partition(",")
    state = PotionExplosionState(players, types_mode, first_mode)
    types = fields.get("types")
    if types is None:
        state.types = [code for code in TYPE_CODES if code not in FIRST_GAME_REMOVED]
    else:
        state.types = [] if types == "-" else types.split(",")
    state.phase = Phase(fields.choice("phase", "play", [phase.value for phase in Phase]))
    state.first = fields.number("first", 0, -1, players - 1)
    state.player = fields.number("player", 0, -1, players - 1)
    drafted = 0 if state.phase in SETUP_PHASES else 2 * players  # a turn comes after the draft
    draft_index, _sep, revealed = fields.text("draft", f"{drafted}:-").partition(":")
    state.draft_index = read_int(draft_index, "draft")
    state.revealed = [] if revealed in ("-", "") else revealed.split(",")
    tracks = fields.text("tracks", "/" * (NUM_TRACKS - 1)).split("/")
    if len(tracks) != NUM_TRACKS:
        raise ValueError(_("tracks= needs 5 tracks separated by '/'"))
    state.tracks = [list(track) for track in tracks]
    for track in state.tracks:
        for marble in track:
            if marble not in COLOUR_INDEX:
                raise ValueError(_("unknown marble colour {marble!r}").format(marble=marble))
    tank = fields.text("tank", "R0B0Y0K0")
    state.tank = [0, 0, 0, 0]
    number, colour = "", None
    for letter in tank + "$":
        if letter.isdigit():
            number += letter
        else:
            if colour is not None:
                if colour not in COLOUR_INDEX:
                    raise ValueError(
                        _("tank: {text!r} is not a colour (R, B, Y or K).").format(text=colour)
                    )
                state.tank[COLOUR_INDEX[colour]] = read_int(number, "tank")
            colour, number = letter, ""
    if "stacks" in fields:
        state.stacks = []
        for stack in fields.text("stacks", "").split("/"):
            top, _sep, below = stack.partition("+")
            state.stacks.append(
                Stack(None if top == "-" else top, read_int(below or "0", "stacks"))
            )
        if len(state.stacks) != NUM_STACKS:
            raise ValueError(_("stacks= needs 5 stacks"))
    countdown, _sep, supply = fields.text(
        "skill", f"{players + 2}/{SKILL_TOKENS - players - 2}"
    ).partition("/")
    state.countdown, state.supply = read_int(countdown, "skill"), read_int(supply, "skill")
    turn, _sep, moved = fields.text("turn", "-").partition("/")
    state.picked, state.help_used = "p" in turn, "h" in turn
    state.to_pool, _wild = _counts(moved or "-")
    effect = fields.text("effect", "-")
    if effect != "-":
        kind, tracks_used, colours, source = effect.split(":")
        state.effect = PendingEffect(
            kind,
            ()
            if tracks_used == "-"
            else tuple(read_int(t, "effect") for t in tracks_used.split(".")),
            () if colours == "-" else tuple(colours),
            None if source == "-" else read_int(source, "effect"),
        )
    seam = fields.text("seam", "-")
    takers = [taker.value for taker in SeamTaker]
    if seam != "-":
        parts = seam.split(".")
        if parts[0] == "-":
            state.seam_taker = SeamTaker(
                _one_of(parts[1] if len(parts) > 1 else "", takers, "seam")
            )
        else:
            if len(parts) < 3:
                raise ValueError(
                    _("seam: {text!r} is not track.position.step[.taker].").format(text=seam[:20])
                )
            state.seam = Seam(*(read_int(part, "seam") for part in parts[:3]))
            state.seam_taker = SeamTaker(
                _one_of(parts[3] if len(parts) > 3 else "pick", takers, "seam")
            )
    state.ending = fields.choice("end", "0", ("0", "1")) == "1"
    tiebreak = fields.text("tb", "-")
    if tiebreak != "-":
        order, index, taken = tiebreak.split(":")
        state.tiebreak = TieBreak(
            tuple(read_int(seat, "tb") for seat in order.split(".")),
            read_int(index, "tb"),
            () if taken == "-" else tuple(read_int(t, "tb") for t in taken.split(".")),
        )
    winners = fields.text("win", "-")
    state.winners = [] if winners == "-" else [read_int(seat, "win") for seat in winners.split(".")]
    state.turn_taken = fields.number("tt", 0, 0, TOTAL_MARBLES)
    for seat in range(MAX_PLAYERS):
        desk = fields.get(f"p{seat}")
        if desk is not None and seat >= players:
            raise ValueError(
                _("p{seat}: a game of {count} players has no seat {seat}.").format(
                    seat=seat, count=players
                )
            )
        if desk is not None:
            state.desks[seat] = parse_desk(desk)
    state.changed()  # set by hand, not by events
    return state


def _one_of(text: str, choices: list, field: str) -> str:
    if text not in choices:
        raise ValueError(
            _("{field}: {text!r} is not one of {choices}.").format(
                field=field, text=text[:20], choices=", ".join(choices)
            )
        )
    return text
