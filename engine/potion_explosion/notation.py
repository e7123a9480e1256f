"""Position notation for Potion Explosion: one line of ``key=value`` fields separated by spaces.

``format_position(state)`` writes every field; ``parse_position(text)`` reads them back, and any
field left out takes its default (so tests can write only what matters). Fields:

* ``n=3`` — players (required). ``opt=random,random`` — types option, first-player option.
* ``types=SAN,MAG,WIS,PRI,BLI,ABY`` — the potion types in play (default: the "first game" six;
  ``-`` for none yet). ``phase=play`` (types/first/starters/draft/play/end/tiebreak/over).
* ``first=0 player=0`` — first player and the seat whose turn it is.
* ``draft=2:MAG4,WIS4`` — draft index and the revealed starters still on offer.
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

from engine.potion_explosion.data import (
    COLOURS,
    FIRST_GAME_REMOVED,
    NUM_STACKS,
    NUM_TRACKS,
    SKILL_TOKENS,
    TILES,
    TYPE_CODES,
)
from engine.potion_explosion.state import (
    COLOUR_INDEX,
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
    tokens, helps, mastery, variety, tenth, turns = stats.split(".")
    desk.tokens, desk.helps, desk.turns = int(tokens), int(helps), int(turns)
    desk.mastery = [] if mastery == "-" else mastery.split("+")
    desk.variety, desk.tenth = variety == "1", tenth == "1"
    return desk


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
    fields = {}
    for token in text.split():
        key, sep, value = token.partition("=")
        if not sep:
            raise ValueError(_("notation field without '=': {token!r}").format(token=token))
        fields[key] = value
    try:
        players = int(fields["n"])
    except KeyError:
        raise ValueError(_("notation needs n=<players>")) from None
    types_mode, first_mode = fields.get("opt", "random,random").split(",")
    state = PotionExplosionState(players, types_mode, first_mode)
    types = fields.get("types")
    if types is None:
        state.types = [code for code in TYPE_CODES if code not in FIRST_GAME_REMOVED]
    else:
        state.types = [] if types == "-" else types.split(",")
    state.phase = Phase(fields.get("phase", "play"))
    state.first = int(fields.get("first", 0))
    state.player = int(fields.get("player", 0))
    draft_index, _sep, revealed = fields.get("draft", "0:-").partition(":")
    state.draft_index = int(draft_index)
    state.revealed = [] if revealed in ("-", "") else revealed.split(",")
    tracks = fields.get("tracks", "/" * (NUM_TRACKS - 1)).split("/")
    if len(tracks) != NUM_TRACKS:
        raise ValueError(_("tracks= needs 5 tracks separated by '/'"))
    state.tracks = [list(track) for track in tracks]
    for track in state.tracks:
        for marble in track:
            if marble not in COLOUR_INDEX:
                raise ValueError(_("unknown marble colour {marble!r}").format(marble=marble))
    tank = fields.get("tank", "R0B0Y0K0")
    state.tank = [0, 0, 0, 0]
    number, colour = "", None
    for letter in tank + "$":
        if letter.isdigit():
            number += letter
        else:
            if colour is not None:
                state.tank[COLOUR_INDEX[colour]] = int(number)
            colour, number = letter, ""
    if "stacks" in fields:
        state.stacks = []
        for stack in fields["stacks"].split("/"):
            top, _sep, below = stack.partition("+")
            state.stacks.append(Stack(None if top == "-" else top, int(below or 0)))
        if len(state.stacks) != NUM_STACKS:
            raise ValueError(_("stacks= needs 5 stacks"))
    countdown, _sep, supply = fields.get(
        "skill", f"{players + 2}/{SKILL_TOKENS - players - 2}"
    ).partition("/")
    state.countdown, state.supply = int(countdown), int(supply)
    turn, _sep, moved = fields.get("turn", "-").partition("/")
    state.picked, state.help_used = "p" in turn, "h" in turn
    state.to_pool, _wild = _counts(moved or "-")
    effect = fields.get("effect", "-")
    if effect != "-":
        kind, tracks_used, colours, source = effect.split(":")
        state.effect = PendingEffect(
            kind,
            () if tracks_used == "-" else tuple(int(t) for t in tracks_used.split(".")),
            () if colours == "-" else tuple(colours),
            None if source == "-" else int(source),
        )
    seam = fields.get("seam", "-")
    if seam != "-":
        parts = seam.split(".")
        if parts[0] == "-":
            state.seam_taker = SeamTaker(parts[1])
        else:
            state.seam = Seam(int(parts[0]), int(parts[1]), int(parts[2]))
            state.seam_taker = SeamTaker(parts[3] if len(parts) > 3 else "pick")
    state.ending = fields.get("end", "0") == "1"
    tiebreak = fields.get("tb", "-")
    if tiebreak != "-":
        order, index, taken = tiebreak.split(":")
        state.tiebreak = TieBreak(
            tuple(int(seat) for seat in order.split(".")),
            int(index),
            () if taken == "-" else tuple(int(t) for t in taken.split(".")),
        )
    winners = fields.get("win", "-")
    state.winners = [] if winners == "-" else [int(seat) for seat in winners.split(".")]
    state.turn_taken = int(fields.get("tt", 0))
    for seat in range(players):
        if f"p{seat}" in fields:
            state.desks[seat] = parse_desk(fields[f"p{seat}"])
    return state
