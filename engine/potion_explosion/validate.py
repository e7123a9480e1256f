"""Is a Potion Explosion position one the rules can reach and play on? ``GameSpec.validator``.

:func:`validate` takes a position's plain data (``PotionExplosionState.to_dict()`` output: a
save's start, a paste after its notation was read, a network message) and raises
:class:`engine.core.InvalidPosition` with one sentence for the first thing wrong. It checks
what the contract test and Potion Explosion's random-game test check between steps: every
field's type and range; known potion types and tiles, each tile of the types in play at most
twice and the stacks' face-down tiles exactly the unseen ones; the 80 marbles conserved colour
by colour, tracks of at most 8 (PE-D1), pools of at most 3 with wild marbles among them
(PE-D10); the 15 skill tokens conserved, each one earned (PE-D11: a Mastery token for
every 3 potions of a type); the turns taken in seat
order; and the phase agreeing with the rest: the set-up before any marble, the draft in its
order, a pending effect of a potion type in play, an explosion only after a pick, the end of a
turn with an empty slot and a tile to draw (PE-D5), the tie-break (PE-D12) and the winners
only at the end. Call it through :func:`engine.validation.check_position`, which adds the
checks every game shares.
"""

from __future__ import annotations

from collections import Counter

from engine.potion_explosion.data import (
    BREWING_SLOTS,
    COLOURS,
    COPIES_PER_RECIPE,
    FIRST_GAME_REMOVED,
    MARBLES_PER_COLOUR,
    NUM_STACKS,
    NUM_TRACKS,
    POOL_SIZE,
    SKILL_TOKENS,
    STARTER_OF,
    TILES,
    TRACK_LENGTH,
    TYPE_CODES,
    TYPES_IN_PLAY,
)
from engine.potion_explosion.state import SETUP_PHASES, Phase, SeamTaker
from engine.validation import Checker, check_players, refuse
from translation import _, ngettext

FIELDS = (
    "n",
    "types_mode",
    "first_mode",
    "types",
    "first",
    "phase",
    "revealed",
    "draft_index",
    "player",
    "tracks",
    "tank",
    "stacks",
    "countdown",
    "supply",
    "desks",
    "picked",
    "help_used",
    "to_pool",
    "effect",
    "seam",
    "seam_taker",
    "ending",
    "tiebreak",
    "winners",
    "turn_taken",
)
DESK_FIELDS = (
    "slots",
    "pool",
    "wild",
    "hand",
    "completed",
    "tokens",
    "helps",
    "mastery",
    "variety",
    "tenth",
    "turns",
)
EFFECT_KINDS = ("WIS", "MAG", "BAL", "ABY", "BLI", "FIL", "SAN")
"""Potion types whose effect waits for choices (Prismatic Joy acts at once)."""
ALL_MARBLES = MARBLES_PER_COLOUR * len(COLOURS)
MOST_TURNS = 1000


def validate(data: dict) -> None:
    """Raise :class:`engine.core.InvalidPosition` unless ``data`` is a Potion Explosion
    position the rules can reach between two steps (see the module docstring)."""
    from engine.potion_explosion import GAME

    check = Checker
    check.mapping(data, "position", FIELDS)
    players = check_players(data["n"], GAME, "n")
    types_mode = check.choice(data["types_mode"], "types_mode", ("random", "chosen", "first_game"))
    check.choice(data["first_mode"], "first_mode", ("random", "seat1"))
    phase = check.choice(data["phase"], "phase", [p.value for p in Phase])
    types = check.sequence(data["types"], "types", most=TYPES_IN_PLAY)
    for index, code in enumerate(types):
        check.choice(code, f"types[{index}]", TYPE_CODES)
    if len(set(types)) != len(types):
        refuse(_("The potion types in play are six different ones, each named once."))
    if types != sorted(types, key=TYPE_CODES.index):  # one position, one text (a player asked)
        refuse(
            _("Name the potion types in play in the rules' order: {order}.").format(
                order=", ".join(code for code in TYPE_CODES)
            )
        )
    first_game = [code for code in TYPE_CODES if code not in FIRST_GAME_REMOVED]
    if types_mode == "first_game" and types != first_game:
        refuse(_("The first game is played with its own six potion types."))
    if phase != Phase.TYPES and len(types) != TYPES_IN_PLAY:
        refuse(_("Once the potion types are chosen, six are in play."))
    first = check.integer(data["first"], "first", 0, players - 1)
    player = check.integer(data["player"], "player", 0, players - 1)
    draft_index = check.integer(data["draft_index"], "draft_index", 0, 2 * players)
    revealed = check.sequence(data["revealed"], "revealed", most=2 * players)
    for index, code in enumerate(revealed):
        check.choice(code, f"revealed[{index}]", TILES)
    tracks = check.sequence(data["tracks"], "tracks", NUM_TRACKS)
    marbles: Counter[str] = Counter()
    for index, track in enumerate(tracks):
        if not isinstance(track, str) or len(track) > TRACK_LENGTH or set(track) - set(COLOURS):
            refuse(
                _(
                    "The field tracks[{index}] is damaged: a track holds at most 8 marbles, each "
                    "R, B, Y or K."
                ).format(index=index)
            )
        marbles.update(track)
    tank = check.integers(data["tank"], "tank", 0, MARBLES_PER_COLOUR, len(COLOURS))
    for colour, count in zip(COLOURS, tank, strict=True):
        marbles[colour] += count
    stacks = check.sequence(data["stacks"], "stacks", NUM_STACKS)
    tiles = Counter(revealed)
    for index, stack in enumerate(stacks):
        top, face_down = check.sequence(stack, f"stacks[{index}]", 2)
        if top is not None:
            tiles[check.choice(top, f"stacks[{index}]", TILES)] += 1
        check.integer(face_down, f"stacks[{index}]", 0, len(TILES) * COPIES_PER_RECIPE)
    countdown = check.integer(data["countdown"], "countdown", 0, players + 2)
    supply = check.integer(data["supply"], "supply", 0, SKILL_TOKENS - players - 2)
    desks = check.sequence(data["desks"], "desks", players)
    tokens = 0
    for seat, desk in enumerate(desks):
        tokens += _check_desk(desk, seat, types, marbles, tiles)
    if countdown + supply + tokens != SKILL_TOKENS:
        count = countdown + supply + tokens
        refuse(
            ngettext(
                "The countdown stack holds {countdown}, the supply {supply} and the players "
                "{held}: {count} skill token in all, but the game has {total}.",
                "The countdown stack holds {countdown}, the supply {supply} and the players "
                "{held}: {count} skill tokens in all, but the game has {total}.",
                count,
            ).format(
                countdown=countdown, supply=supply, held=tokens, count=count, total=SKILL_TOKENS
            )
        )
    for colour in COLOURS:
        if marbles[colour] != MARBLES_PER_COLOUR:
            refuse(
                _(
                    "The marbles add up to {count} of one colour, but the game has {total} of each."
                ).format(count=marbles[colour], total=MARBLES_PER_COLOUR)
            )
    for code, count in tiles.items():
        if TILES[code].type not in types or count > COPIES_PER_RECIPE:
            refuse(
                _("A potion tile is shown more often than the game holds it, or is not in play.")
            )
    picked = check.boolean(data["picked"], "picked")
    check.boolean(data["help_used"], "help_used")
    check.integers(data["to_pool"], "to_pool", 0, ALL_MARBLES, len(COLOURS))
    ending = check.boolean(data["ending"], "ending")
    turn_taken = check.integer(data["turn_taken"], "turn_taken", 0, ALL_MARBLES)
    winners = check.integers(data["winners"], "winners", 0, players - 1, most=players)
    effect = data["effect"]
    seam, taker, tiebreak = data["seam"], data["seam_taker"], data["tiebreak"]
    check.choice(taker, "seam_taker", [None, *(t.value for t in SeamTaker)])
    if phase in (p.value for p in SETUP_PHASES):
        _check_setup(data, phase, players, types, revealed, draft_index, types_mode)
        return
    if draft_index != 2 * players or revealed:
        refuse(_("The turns begin once every starter potion is drafted."))
    unseen = sum(
        COPIES_PER_RECIPE - tiles[code] for code, tile in TILES.items() if tile.type in types
    )
    if sum(stack[1] for stack in stacks) != unseen:
        refuse(
            _("The stacks hold {count} face-down tiles, but {unseen} tiles are unseen.").format(
                count=sum(stack[1] for stack in stacks), unseen=unseen
            )
        )
    _check_turns(desks, phase, players, first, player)
    desk = desks[player]
    if effect is not None:
        check.mapping(effect, "effect", ("kind", "tracks", "colours", "source"))
        kind = check.choice(effect["kind"], "effect.kind", EFFECT_KINDS)
        taken_tracks = check.integers(effect["tracks"], "effect.tracks", 0, NUM_TRACKS - 1)
        taken = check.sequence(effect["colours"], "effect.colours", len(taken_tracks))
        for index, colour in enumerate(taken):
            check.choice(colour, f"effect.colours[{index}]", COLOURS)
        source = check.integer(effect["source"], "effect.source", 0, len(desk["completed"]) - 1)
        if (
            phase != Phase.PLAY
            or kind not in types
            or seam is not None
            or not desk["completed"][source][1]
            or (taken_tracks and kind != "ABY")
            or len(set(taken_tracks)) != len(taken_tracks)
            or len(set(taken)) != len(taken)
        ):
            refuse(_("A potion's effect waits for its choices only after it is drunk in a turn."))
    if (seam is None) != (taker is None):
        refuse(_("An explosion is checked only while a pick's chain reaction goes on."))
    if seam is not None:
        track, position, step = check.sequence(seam, "seam", 3)
        check.integer(track, "seam", 0, NUM_TRACKS - 1)
        check.integer(position, "seam", 0, TRACK_LENGTH)
        check.integer(step, "seam", 1, ALL_MARBLES)
        wanted = Phase.TIEBREAK if taker == SeamTaker.TIEBREAK else Phase.PLAY
        if phase != wanted or (taker == SeamTaker.PICK and not picked):
            refuse(_("An explosion is checked only while a pick's chain reaction goes on."))
    if turn_taken and taker != SeamTaker.TIEBREAK:
        refuse(_("Marbles are counted for the tie-break only during a tie-break pick."))
    if phase == Phase.END:
        if any(desk["hand"]) or effect is not None or seam is not None:
            refuse(_("At the end of a turn the hand is empty and nothing waits."))
        revealing = any(top is None and face_down for top, face_down in stacks)
        refilling = any(tank) and any(len(track) < TRACK_LENGTH for track in tracks)
        choosing = None in desk["slots"] and any(top is not None for top, _down in stacks)
        if not revealing and not refilling and not choosing:
            refuse(_("A tile is chosen at the end of a turn only for an empty slot."))
    if phase in (Phase.TIEBREAK, Phase.OVER) and not ending:
        refuse(_("The game ends only once its end is triggered."))
    _check_tiebreak(tiebreak, phase, players, player, effect)
    if (phase == Phase.OVER) != bool(winners) or len(set(winners)) != len(winners):
        refuse(_("The winners are named once the game is over, and only then."))


def _check_desk(desk, seat: int, types: list, marbles: Counter, tiles: Counter) -> int:
    """One desk's fields; adds its marbles and tiles to the counts; returns its tokens."""
    check = Checker
    field = f"desks[{seat}]"
    check.mapping(desk, field, DESK_FIELDS)
    slots = check.sequence(desk["slots"], f"{field}.slots", BREWING_SLOTS)
    for slot, brewing in enumerate(slots):
        if brewing is None:
            continue
        where = f"{field}.slots[{slot}]"
        code, placed = check.sequence(brewing, where, 2)
        tile = TILES[check.choice(code, where, TILES)]
        tiles[code] += 1
        holes = [0, 0, 0, 0]
        for marble in check.sequence(placed, where, most=tile.holes - 1):
            if not isinstance(marble, str) or len(marble) != 2 or set(marble) - set(COLOURS):
                refuse(
                    _(
                        "The field {field} is damaged: a placed marble is two colour letters."
                    ).format(field=where)
                )
            holes[COLOURS.index(marble[0])] += 1
            marbles[marble[1]] += 1
        if any(filled > room for filled, room in zip(holes, tile.recipe, strict=True)):
            refuse(_("A brewing potion has more marbles in its holes than its recipe asks."))
    pool = check.integers(desk["pool"], f"{field}.pool", 0, POOL_SIZE, len(COLOURS))
    wild = check.integers(desk["wild"], f"{field}.wild", 0, POOL_SIZE, len(COLOURS))
    hand = check.integers(desk["hand"], f"{field}.hand", 0, ALL_MARBLES, len(COLOURS))
    if sum(pool) > POOL_SIZE or any(w > p for w, p in zip(wild, pool, strict=True)):
        refuse(_("An ingredient pool holds at most 3 marbles, the wild ones among them."))
    for colour, in_pool, in_hand in zip(COLOURS, pool, hand, strict=True):
        marbles[colour] += in_pool + in_hand
    completed = check.sequence(desk["completed"], f"{field}.completed", most=len(TILES) * 2)
    done_types = []
    for index, potion in enumerate(completed):
        where = f"{field}.completed[{index}]"
        code, drunk = check.sequence(potion, where, 2)
        tiles[check.choice(code, where, TILES)] += 1
        check.boolean(drunk, where)
        done_types.append(TILES[code].type)
    mastery = check.sequence(desk["mastery"], f"{field}.mastery", most=len(TILES) * 2)
    for index, kind in enumerate(mastery):
        check.choice(kind, f"{field}.mastery[{index}]", types)
    variety = check.boolean(desk["variety"], f"{field}.variety")
    tenth = check.boolean(desk["tenth"], f"{field}.tenth")
    tokens = check.integer(desk["tokens"], f"{field}.tokens", 0, SKILL_TOKENS)
    check.integer(desk["helps"], f"{field}.helps", 0, MOST_TURNS)
    check.integer(desk["turns"], f"{field}.turns", 0, MOST_TURNS)
    earned = (
        all(mastery.count(kind) <= done_types.count(kind) // 3 for kind in set(mastery))
        and (not variety or len(set(done_types)) >= 5)
        and (not tenth or len(done_types) >= 10)
        and tokens <= len(mastery) + variety + tenth
    )
    if not earned:
        refuse(_("Seat {seat} holds a skill token it has not earned.").format(seat=seat + 1))
    return tokens


def _check_setup(data, phase, players, types, revealed, draft_index, types_mode) -> None:
    """Before the turns: no marble taken, no tile but the starters drafted in draft order."""
    untouched = (
        all(track == "" for track in data["tracks"])
        and data["tank"] == [MARBLES_PER_COLOUR] * len(COLOURS)
        and all(stack == [None, 0] for stack in data["stacks"])
        and data["countdown"] == players + 2
        and not data["picked"]
        and not data["help_used"]
        and data["effect"] is None
        and data["seam"] is None
        and data["seam_taker"] is None
        and not data["ending"]
        and data["tiebreak"] is None
        and not data["winners"]
        and data["turn_taken"] == 0
        and data["player"] == 0
        and all(
            not any(any(desk[name]) for name in ("pool", "wild", "hand", "completed", "mastery"))
            and not desk["tokens"]
            and not desk["turns"]
            and not desk["helps"]
            and all(slot is None or slot[1] == [] for slot in desk["slots"])
            for desk in data["desks"]
        )
    )
    if not untouched:
        refuse(_("Before the first turn no marble is taken and no potion brewed."))
    order = [(data["first"] + offset) % players for offset in range(players)]
    order += order[::-1]
    drafted = Counter(order[:draft_index])
    starters = {STARTER_OF[kind] for kind in types}
    for seat, desk in enumerate(data["desks"]):
        slots = desk["slots"]
        held = sum(slot is not None for slot in slots)
        if held != drafted[seat] or (slots[0] is None and slots[1] is not None):
            refuse(_("The starter potions are drafted in turn, into the first empty slot."))
        for slot in slots:
            if slot is not None and slot[0] not in starters:
                refuse(_("Only starter potions of the types in play are drafted."))
    if any(code not in starters for code in revealed):
        refuse(_("Only starter potions of the types in play are revealed."))
    if phase == Phase.TYPES:
        if len(types) >= TYPES_IN_PLAY:
            refuse(_("The potion types are chosen before anything else."))
        if types_mode == "first_game" or (types_mode == "random" and types):
            refuse(_("The potion types are chosen before anything else."))
    if phase in (Phase.TYPES, Phase.FIRST) and (revealed or draft_index):
        refuse(_("The starter potions are revealed once the first player is known."))
    if phase == Phase.FIRST and data["first_mode"] != "random":
        refuse(_("The first player is drawn only when the option says so."))
    if phase == Phase.STARTERS and (draft_index or len(revealed) >= 2 * players):
        refuse(_("The starter potions are revealed, two per player, before the draft."))
    if phase == Phase.DRAFT and len(revealed) != 2 * players - draft_index:
        refuse(_("Each starter drafted leaves the revealed ones."))


def _check_turns(desks, phase, players, first, player) -> None:
    """Turns are counted at each turn's end, in seat order from the first player."""
    turns = [desk["turns"] for desk in desks]
    order = [(first + offset) % players for offset in range(players)]
    in_order = [turns[seat] for seat in order]
    done = order.index(player) if phase in (Phase.PLAY, Phase.END) else 0
    expected = [in_order[-1] + 1] * done + [in_order[-1]] * (players - done)
    if phase in (Phase.TIEBREAK, Phase.OVER):
        expected = [in_order[0]] * players
    if in_order != expected:
        refuse(_("The players' turns are counted in seat order from the first player."))


def _check_tiebreak(tiebreak, phase, players, player, effect) -> None:
    """The tie-break (PE-D12): the tied seats pick in order, each once."""
    check = Checker
    if tiebreak is None:
        if phase == Phase.TIEBREAK:
            refuse(_("A tie-break has tied players to pick."))
        return
    if phase not in (Phase.TIEBREAK, Phase.OVER):
        refuse(_("A tie-break comes only after the last turn."))
    check.mapping(tiebreak, "tiebreak", ("order", "index", "taken"))
    order = check.integers(tiebreak["order"], "tiebreak.order", 0, players - 1, most=players)
    index = check.integer(tiebreak["index"], "tiebreak.index", 0, len(order))
    check.integers(tiebreak["taken"], "tiebreak.taken", 0, ALL_MARBLES, index)
    if len(order) < 2 or len(set(order)) != len(order):
        refuse(_("A tie-break is between two or more different players."))
    if phase == Phase.TIEBREAK and (index == len(order) or order[index] != player or effect):
        refuse(_("In a tie-break the tied players pick in turn."))
