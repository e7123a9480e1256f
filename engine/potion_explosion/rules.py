"""The rules of Potion Explosion, as rules/potion_explosion.md states them.

Read this module top to bottom to understand the game:

1. **Setup** — the 6 potion types, the first player, the starter draft, the 5 stacks, the
   dispenser (sections "Players, setup", PE-D1, PE-D11).
2. **Chance** — every random thing is a chance node: a marble rolling from the tank into a track
   (outcome = colour, weighted by the tank's counts), a tile becoming the visible top of a stack
   (drawn from all unseen tiles), the starters revealed, the types and first player.
3. **A turn** — regular pick with explosions, Little Help, placing and moving marbles, drinking
   potions (each effect asks for its own follow-up action), end of turn, drawing tiles. "End
   turn" is refused while an empty hole of a brewing potion could take a marble of its colour
   from the hand *or the pool* (placement comes before the pool: moving a fitting marble into
   the pool does not excuse it; a wild Prismatic Joy marble, PE-D10, must fill only its own
   colour), and while the hand holds marbles and the pool has room (:func:`end_turn_refusal`).
4. **Explosions** — the seam algorithm of the section "Explosions".
5. **Skill tokens, end of the game, tie-break.** The end is triggered at the end of a turn in
   which the countdown stack became empty, or after which no potion tile is left in the stacks
   (the turn that drew the last tile, or one whose empty slot could not be refilled); the round
   is finished so every player has had the same number of turns.

Functions here take the state (:class:`engine.potion_explosion.state.PotionExplosionState`) and
either read it or change it; ``apply_action`` validates first and only then mutates, so an
``IllegalAction`` leaves the state untouched.
"""
from __future__ import annotations

from itertools import combinations

from engine.core import CHANCE, TERMINAL, IllegalAction
from engine.potion_explosion.data import (BREWING_SLOTS, COLOUR_NAMES, COLOURS, FILTER_MAX,
                                          FIRST_GAME_REMOVED, NUM_STACKS, POOL_SIZE,
                                          SKILL_TOKENS, STARTER_OF, TILE_CODES, TILES,
                                          TRACK_LENGTH, TYPE_BY_CODE, TYPE_CODES, TYPES_IN_PLAY,
                                          tiles_of_types)
from engine.potion_explosion.state import (
    CI, ChooseFirstPlayer, ChoosePotionType, ChooseStack, ChooseTypes, CopyPotion, DraftStarter,
    Drink, EffectCopied, EndTurn, Exploded, FilterMarbles, FinishEffect, FirstPlayerChosen,
    GameEndTriggered, GameOver, LittleHelp, LittleHelpTaken, MarbleMoved, MarblePlaced,
    MarbleRefilled, MarbleRollsIn, MarblesReturned, MarblesSlid, MarbleTaken, MoveToHand,
    MoveToPool, NoTileLeft, PlaceMarble, PoolMadeWild, PoolStolen, PotionCompleted, PotionDrunk,
    PotionExplosionState, RegularPick, RevealStarter, RevealTile, SeamCollision,
    SkillTokenEarned, StarterDrafted, StarterRevealed, TakeBottom, TakeMarble, TakePair,
    TakePool, TakeRun, TieBreakPick, TieBreakResult, TieBreakStarted, TileDrawn, TileRevealed,
    TurnEnded, TurnStarted, TypesChosen)

# =============================================================================================
# 1. Setup
# =============================================================================================


def new_state(num_players: int, options: dict) -> PotionExplosionState:
    """A new game before any chance: ``options`` has ``types`` ("random", "chosen",
    "first_game") and ``first_player`` ("random", "seat1"). Rules, "Players, setup"."""
    if not 2 <= num_players <= 6:
        raise ValueError(f"Potion Explosion is played by 2 to 6 players, not {num_players}.")
    s = PotionExplosionState(num_players, options.get("types", "random"),
                             options.get("first_player", "random"))
    # Skill tokens: a countdown stack of players + 2, the rest form the supply (PE-D11).
    s.countdown = num_players + 2
    s.supply = SKILL_TOKENS - s.countdown
    if s.types_mode == "first_game":
        s.types = [t for t in TYPE_CODES if t not in FIRST_GAME_REMOVED]
    _advance_setup(s, [])
    return s


def draft_order(s) -> list:
    """Seats in draft order: seating order from the first player, then back in reverse, so the
    last player takes two in a row (rules, "Players, setup")."""
    seats = [(s.first + k) % s.n for k in range(s.n)]
    return seats + seats[::-1]


def _advance_setup(s, events) -> None:
    """Move through the setup phases whose work is done."""
    if s.phase == "types" and len(s.types) == TYPES_IN_PLAY:
        s.phase = "first"
    if s.phase == "first" and s.first_mode == "seat1":
        s.first = 0
        s.phase = "starters"
    if s.phase == "starters" and len(s.revealed) == 2 * s.n:
        s.phase = "draft"
    if s.phase == "draft" and s.draft_index == 2 * s.n:
        # Undrafted starters are shuffled with all other tiles into 5 stacks, as even as
        # possible; each stack's top is revealed by chance (a stack = top + face-down count).
        s.revealed = []
        remaining = sum(_unseen(s).values())
        for i in range(NUM_STACKS):
            s.stacks[i] = [None, remaining // NUM_STACKS + (1 if i < remaining % NUM_STACKS else 0)]
        s.phase = "play"
        s.player = s.first
        events.append(TurnStarted(s.first))


def _unseen(s) -> dict:
    """``{tile code: count}`` of the tiles of the chosen types nobody can see (inside stacks)."""
    counts = tiles_of_types(s.types)
    seen = list(s.revealed)
    seen += [st[0] for st in s.stacks if st[0] is not None]
    for d in s.desks:
        seen += [sl[0] for sl in d.slots if sl is not None]
        seen += [c[0] for c in d.completed]
    for code in seen:
        counts[code] -= 1
    return {c: counts[c] for c in TILE_CODES if counts.get(c, 0) > 0}


# =============================================================================================
# 2. Whose move, chance
# =============================================================================================


def _pending_reveal(s):
    """Index of the first stack whose top must be revealed, or None."""
    for i, st in enumerate(s.stacks):
        if st[0] is None and st[1] > 0:
            return i
    return None


def _pending_refill(s):
    """Index of the first track with fewer than 8 marbles while the tank has some (PE-D1)."""
    if s.tank[0] or s.tank[1] or s.tank[2] or s.tank[3]:
        for i, t in enumerate(s.tracks):
            if len(t) < TRACK_LENGTH:
                return i
    return None


def current_player(s) -> int:
    ph = s.phase
    if ph == "over":
        return TERMINAL
    if ph == "types":
        return CHANCE if s.types_mode == "random" else 0
    if ph in ("first", "starters"):
        return CHANCE
    if ph == "draft":
        return draft_order(s)[s.draft_index]
    if _pending_reveal(s) is not None or _pending_refill(s) is not None:
        return CHANCE
    return s.player


def turn_owner(s) -> int:
    """The seat whose turn or draft pick it is (chance nodes inside a turn belong to it)."""
    if s.phase == "draft":
        return draft_order(s)[s.draft_index]
    if s.phase in ("types", "first", "starters"):
        return 0
    return s.player


def chance_outcomes(s) -> list:
    """``[(action, probability)]``; see the module docstring, section 2."""
    ph = s.phase
    if ph == "types" and s.types_mode == "random":
        combos = list(combinations(TYPE_CODES, TYPES_IN_PLAY))
        return [(ChooseTypes(c), 1 / len(combos)) for c in combos]
    if ph == "first":
        return [(ChooseFirstPlayer(p), 1 / s.n) for p in range(s.n)]
    if ph == "starters":
        avail = _starters_left(s)
        total = sum(avail.values())
        return [(RevealStarter(c), k / total) for c, k in avail.items()]
    if ph in ("types", "draft", "over"):
        return []
    i = _pending_reveal(s)
    if i is not None:
        unseen = _unseen(s)
        total = sum(unseen.values())
        return [(RevealTile(i, c), k / total) for c, k in unseen.items()]
    t = _pending_refill(s)
    if t is not None:
        total = sum(s.tank)
        return [(MarbleRollsIn(t, c), s.tank[k] / total) for k, c in enumerate(COLOURS)
                if s.tank[k]]
    return []


def _starters_left(s) -> dict:
    """Starter tiles of the chosen types not yet revealed: ``{code: count}``."""
    out = {}
    for t in TYPE_CODES:
        if t in s.types:
            k = 2 - s.revealed.count(STARTER_OF[t])
            if k:
                out[STARTER_OF[t]] = k
    return out


def _apply_chance(s, a) -> list:
    ev = []
    ph = s.phase
    if isinstance(a, ChooseTypes):
        if ph != "types" or s.types_mode != "random":
            raise IllegalAction("The potion types are not being drawn now.")
        if (not isinstance(a.types, tuple) or len(a.types) != TYPES_IN_PLAY or len(set(a.types)) != TYPES_IN_PLAY
                or any(t not in TYPE_CODES for t in a.types)):
            raise IllegalAction("Six different potion types are played.")
        s.types = [t for t in TYPE_CODES if t in a.types]
        ev.append(TypesChosen(tuple(s.types)))
    elif isinstance(a, ChooseFirstPlayer):
        if ph != "first":
            raise IllegalAction("The first player is not being chosen now.")
        if not isinstance(a.seat, int) or not 0 <= a.seat < s.n:
            raise IllegalAction("There is no such seat.")
        s.first = a.seat
        s.phase = "starters"
        ev.append(FirstPlayerChosen(a.seat))
    elif isinstance(a, RevealStarter):
        if ph != "starters" or _starters_left(s).get(a.tile, 0) == 0:
            raise IllegalAction("That starter cannot be revealed now.")
        s.revealed.append(a.tile)
        s.revealed.sort()
        ev.append(StarterRevealed(a.tile))
    elif isinstance(a, RevealTile):
        if ph in ("types", "first", "starters", "draft", "over") or _pending_reveal(s) != a.stack:
            raise IllegalAction("No stack is waiting for that tile.")
        if _unseen(s).get(a.tile, 0) == 0:
            raise IllegalAction("That tile is not among the unseen tiles.")
        st = s.stacks[a.stack]
        st[0] = a.tile
        st[1] -= 1
        ev.append(TileRevealed(a.stack, a.tile))
    elif isinstance(a, MarbleRollsIn):
        if (ph in ("types", "first", "starters", "draft", "over") or _pending_reveal(s) is not None
                or _pending_refill(s) != a.track):
            raise IllegalAction("No track is waiting for a marble there.")
        k = CI.get(a.colour)
        if k is None or s.tank[k] == 0:
            raise IllegalAction("The tank holds no marble of that colour.")
        s.tank[k] -= 1
        s.tracks[a.track].append(a.colour)
        ev.append(MarbleRefilled(a.track, len(s.tracks[a.track]) - 1, a.colour))
    else:
        raise IllegalAction("That is not a chance outcome.")
    _advance_setup(s, ev)
    _settle(s, ev)
    return ev


# =============================================================================================
# 3. A turn: legal actions
# =============================================================================================


def _empty_holes(slot) -> list:
    """Empty holes of a brewing potion: counts per colour in COLOURS order."""
    free = list(TILES[slot[0]].recipe)
    for hole, _ in slot[1]:
        free[CI[hole]] -= 1
    return free


def _visible(s) -> list:
    return [(t, p) for t, tr in enumerate(s.tracks) for p in range(len(tr))]


def _copyable(desk) -> list:
    """Indices of drunk completed potions Sands of Time may copy (PE-D8: not Sands of Time)."""
    return [i for i, (code, drunk) in enumerate(desk.completed)
            if drunk and TILES[code].type != "SAN"]


def legal_actions(s) -> list:
    """All actions of the current player, in a stable order (rules, "A turn")."""
    p = current_player(s)
    if p < 0:
        return []
    ph = s.phase
    if ph == "types":
        return [ChoosePotionType(t) for t in TYPE_CODES if t not in s.types]
    if ph == "draft":
        return [DraftStarter(c) for c in sorted(set(s.revealed), key=TILE_CODES.index)]
    if ph == "tiebreak":
        return [TieBreakPick(t, q) for t, q in _visible(s)]
    if ph == "end":
        return [ChooseStack(i) for i, st in enumerate(s.stacks) if st[0] is not None]
    d = s.desks[p]
    if s.effect is not None:
        return _effect_actions(s, d) + [FinishEffect()]
    acts = []
    if not s.picked:
        acts += [RegularPick(t, q) for t, q in _visible(s)]
    if not s.help_used:
        acts += [LittleHelp(t, q) for t, q in _visible(s)]
    frees = [None if sl is None else _empty_holes(sl) for sl in d.slots]
    for k, c in enumerate(COLOURS):
        if d.hand[k]:
            for i, free in enumerate(frees):
                if free and free[k]:
                    acts.append(PlaceMarble("hand", c, i, c))
    for k, c in enumerate(COLOURS):
        if d.pool[k]:
            for i, free in enumerate(frees):
                if not free:
                    continue
                for h, hc in enumerate(COLOURS):
                    if free[h] and (h == k or d.wild[k]):
                        acts.append(PlaceMarble("pool", c, i, hc))
    if sum(d.pool) < POOL_SIZE:
        acts += [MoveToPool(c) for k, c in enumerate(COLOURS) if d.hand[k]]
    acts += [MoveToHand(c) for k, c in enumerate(COLOURS) if d.pool[k]]
    copy_ok = bool(_copyable(d))
    for i, (code, drunk) in enumerate(d.completed):
        if not drunk and (TILES[code].type != "SAN" or copy_ok):
            acts.append(Drink(i))
    if end_turn_refusal(s) is None:
        acts.append(EndTurn())
    return acts


def _effect_actions(s, d) -> list:
    """The follow-up choices of the pending potion effect (rules, "Potion effects")."""
    kind = s.effect["kind"]
    tracks = s.tracks
    if kind == "WIS":
        return [TakeMarble(t, q) for t, q in _visible(s)]
    if kind == "MAG":
        return [TakePair(t, q) for t, tr in enumerate(tracks) for q in range(len(tr) - 1)
                if tr[q] != tr[q + 1]]
    if kind == "BAL":
        out = []
        for t, tr in enumerate(tracks):
            for start in range(len(tr) - 1):
                length = 1
                while start + length < len(tr) and tr[start + length] == tr[start]:
                    length += 1
                    out.append(TakeRun(t, start, length))
        return out
    if kind == "ABY":
        return [TakeBottom(t) for t, tr in enumerate(tracks)
                if tr and t not in s.effect["tracks"] and tr[0] not in s.effect["colours"]]
    if kind == "BLI":
        return [TakePool(o) for o in range(s.n) if o != s.player]
    if kind == "FIL":
        out = []
        for t, tr in enumerate(tracks):
            for c in COLOURS:
                where = [q for q, m in enumerate(tr) if m == c]
                for size in range(1, min(FILTER_MAX, len(where)) + 1):
                    out += [FilterMarbles(t, c, combo) for combo in combinations(where, size)]
        return out
    if kind == "SAN":
        return [CopyPotion(i) for i in _copyable(d)]
    return []


def unplaced_marble(desk):
    """``(slot, colour, source)`` of a marble that must still be placed before the turn may end,
    or None: an empty hole of a brewing potion whose colour is in the hand or the pool (rules,
    "A turn": placement comes before the pool, so moving a fitting marble from the hand into the
    pool does not excuse it). A wild pool marble (PE-D10) counts for its own colour only: it
    *may* fill another colour's hole but never has to. Slots, then colours, then the hand first.
    """
    for slot, brewing in enumerate(desk.slots):
        if brewing is None:
            continue
        free = _empty_holes(brewing)
        for k, colour in enumerate(COLOURS):
            if free[k]:
                if desk.hand[k]:
                    return slot, colour, "hand"
                if desk.pool[k]:
                    return slot, colour, "pool"
    return None


def _slot_name(desk, slot) -> str:
    """The potion in ``slot`` as a player names it: its type, and which slot when the desk brews
    two potions of the same type."""
    name = TILES[desk.slots[slot][0]].name
    other = desk.slots[1 - slot]
    if other is not None and TILES[other[0]].name == name:
        return f"{name} in your {('first', 'second')[slot]} brewing slot"
    return name


def end_turn_refusal(s):
    """Why "end turn" is refused now (a sentence), or None (rules, "A turn", PE-D4)."""
    if s.phase != "play" or current_player(s) != s.player:
        return "It is not the moment to end a turn."
    d = s.desks[s.player]
    if s.effect is not None:
        return f"Finish the effect of your {TYPE_BY_CODE[s.effect['kind']].name} first."
    if not s.picked and any(s.tracks):
        return "You must make your regular pick before ending your turn."
    unplaced = unplaced_marble(d)
    if unplaced is not None:
        slot, colour, source = unplaced
        return (f"Your {_slot_name(d, slot)} still has an empty {COLOUR_NAMES[colour]} hole and "
                f"your {source} holds a {COLOUR_NAMES[colour]} marble: place it there before "
                f"ending your turn.")
    if sum(d.hand) and sum(d.pool) < POOL_SIZE:
        return ("Your ingredient pool still has room: move marbles from your hand into it "
                "before ending your turn.")
    return None


def prompt(s):
    """What the game waits for now, as a sentence for the table scene's status line."""
    p = current_player(s)
    if p == TERMINAL:
        return "The game is over."
    if p == CHANCE:
        return "Waiting for the dispenser and the stacks."
    if s.phase == "types":
        return f"Choose a potion type for this game ({len(s.types)} of 6 chosen)."
    if s.phase == "draft":
        return "Draft one of the revealed starter potions."
    if s.phase == "end":
        return "Choose a stack to refill your empty brewing slot."
    if s.phase == "tiebreak":
        return "Tie-break: pick one marble; explosions count."
    if s.effect is not None:
        return effect_prompt(s)
    if not s.picked and any(s.tracks):
        return "Make your regular pick: take any marble from the dispenser."
    why = end_turn_refusal(s)
    if why:
        return why
    return "Place marbles, drink potions, or end your turn."


def effect_prompt(s):
    """A sentence for the pending effect's choice, or None."""
    if s.effect is None:
        return None
    return {
        "WIS": "Potion of Wisdom: take any 1 marble from the dispenser.",
        "MAG": "Magnetical Attraction: take 2 adjacent marbles of different colours.",
        "BAL": "Balm of Uttermost Stickiness: take 2 or more adjacent marbles of one colour.",
        "ABY": "Abyssal Draft: take bottom marbles, one per track, each of a new colour "
               "(or finish).",
        "BLI": "Elixir of Blind Love: choose an opponent whose pool you take.",
        "FIL": "Filter of Lavamancing: choose a track, a colour and up to 5 of its marbles to "
               "return to the tank.",
        "SAN": "Sands of Time: choose a drunk potion whose effect you use again.",
    }.get(s.effect["kind"])


# =============================================================================================
# 3b. A turn: applying actions
# =============================================================================================


def apply_action(s, a) -> list:
    """Validate ``a`` for the current position, then apply it; returns the events."""
    p = current_player(s)
    if p == TERMINAL:
        raise IllegalAction("The game is over.")
    if p == CHANCE:
        return _apply_chance(s, a)
    ph = s.phase
    ev: list = []
    if ph == "types":
        if not isinstance(a, ChoosePotionType):
            raise IllegalAction("First choose the six potion types for this game.")
        if a.potion not in TYPE_CODES or a.potion in s.types:
            raise IllegalAction("Choose a potion type that is not chosen yet.")
        s.types.append(a.potion)
        s.types.sort(key=TYPE_CODES.index)
        if len(s.types) == TYPES_IN_PLAY:
            ev.append(TypesChosen(tuple(s.types)))
        _advance_setup(s, ev)
        return ev
    if ph == "draft":
        if not isinstance(a, DraftStarter):
            raise IllegalAction("Draft one of the revealed starter potions first.")
        if not isinstance(a.tile, str) or a.tile not in s.revealed:
            raise IllegalAction("That starter is not among the revealed ones.")
        d = s.desks[p]
        slot = d.slots.index(None)
        s.revealed.remove(a.tile)
        d.slots[slot] = [a.tile, []]
        s.draft_index += 1
        ev.append(StarterDrafted(p, a.tile, slot))
        _advance_setup(s, ev)
        _settle(s, ev)
        return ev
    if ph == "tiebreak":
        if not isinstance(a, TieBreakPick):
            raise IllegalAction("Make your tie-break pick from the dispenser.")
        _check_marble(s, a.track, a.position)
        s.turn_taken = 1
        _take(s, p, a.track, a.position, "tie-break", ev)
        s.seam = [a.track, a.position, 1]
        s.seam_taker = "tiebreak"
        _settle(s, ev)
        return ev
    if ph == "end":
        if not isinstance(a, ChooseStack):
            raise IllegalAction("Choose a stack to refill your empty brewing slot.")
        if (not isinstance(a.stack, int) or not 0 <= a.stack < NUM_STACKS
                or s.stacks[a.stack][0] is None):
            raise IllegalAction("That stack has no tile left.")
        d = s.desks[p]
        slot = d.slots.index(None)
        tile = s.stacks[a.stack][0]
        s.stacks[a.stack][0] = None
        d.slots[slot] = [tile, []]
        ev.append(TileDrawn(p, a.stack, slot, tile))
        _settle(s, ev)
        return ev
    # --- phase "play"
    d = s.desks[p]
    if s.effect is not None:
        return _apply_effect(s, p, d, a, ev)
    if isinstance(a, RegularPick):
        if s.picked:
            raise IllegalAction("You have already made your regular pick this turn.")
        _check_marble(s, a.track, a.position)
        s.picked = True
        _take(s, p, a.track, a.position, "pick", ev)
        # Explosions: the seam is where the marble was (rules, "Explosions").
        s.seam = [a.track, a.position, 1]
        s.seam_taker = "pick"
    elif isinstance(a, LittleHelp):
        if s.help_used:
            raise IllegalAction("You may ask for a Little Help only once per turn.")
        _check_marble(s, a.track, a.position)
        s.help_used = True
        d.helps += 1
        ev.append(LittleHelpTaken(p))
        _take(s, p, a.track, a.position, "little help", ev)   # never explodes
    elif isinstance(a, PlaceMarble):
        _place(s, p, d, a, ev)
    elif isinstance(a, MoveToPool):
        k = CI.get(a.colour)
        if k is None or not d.hand[k]:
            raise IllegalAction("You have no marble of that colour in your hand.")
        if sum(d.pool) >= POOL_SIZE:
            raise IllegalAction("The ingredient pool holds at most 3 marbles.")
        d.hand[k] -= 1
        d.pool[k] += 1
        s.to_pool[k] += 1
        ev.append(MarbleMoved(p, a.colour, "hand", "pool"))
    elif isinstance(a, MoveToHand):
        k = CI.get(a.colour)
        if k is None or not d.pool[k]:
            raise IllegalAction("Your pool has no marble of that colour.")
        _remove_from_pool(d, k)
        s.to_pool[k] = min(s.to_pool[k], d.pool[k])
        d.hand[k] += 1
        ev.append(MarbleMoved(p, a.colour, "pool", "hand"))
    elif isinstance(a, Drink):
        _drink(s, p, d, a, ev)
    elif isinstance(a, EndTurn):
        why = end_turn_refusal(s)
        if why:
            raise IllegalAction(why)
        _end_turn(s, p, d, ev)
    elif isinstance(a, FinishEffect):
        raise IllegalAction("No potion effect is waiting for a choice.")
    elif isinstance(a, (TakeMarble, TakePair, TakeBottom, TakeRun, TakePool, FilterMarbles,
                        CopyPotion)):
        raise IllegalAction("Drink the matching potion before using its effect.")
    else:
        raise IllegalAction("That is not a move of this part of the game.")
    _settle(s, ev)
    return ev


def _check_marble(s, t, q) -> None:
    if not (isinstance(t, int) and 0 <= t < len(s.tracks)):
        raise IllegalAction("There are only 5 tracks in the dispenser.")
    if not (isinstance(q, int) and 0 <= q < len(s.tracks[t])):
        raise IllegalAction("There is no marble at that place of the track.")


def _take(s, p, t, q, reason, ev) -> str:
    """Move the marble at ``q`` of track ``t`` to ``p``'s hand; marbles above slide down."""
    tr = s.tracks[t]
    c = tr.pop(q)
    s.desks[p].hand[CI[c]] += 1
    ev.append(MarbleTaken(p, t, q, c, reason))
    if q < len(tr):
        ev.append(MarblesSlid(t, q, 1))
    return c


def _remove_positions(s, t, positions, ev) -> list:
    """Remove the marbles at ``positions`` of track ``t`` (no explosion); returns colours."""
    tr = s.tracks[t]
    pos = sorted(positions)
    colours = [tr[q] for q in pos]
    # Emit slides block by block from the top so the positions stay meaningful.
    blocks = []
    for q in pos:
        if blocks and blocks[-1][1] == q - 1:
            blocks[-1][1] = q
        else:
            blocks.append([q, q])
    for lo, hi in reversed(blocks):
        del tr[lo:hi + 1]
        if lo < len(tr):
            ev.append(MarblesSlid(t, lo, hi - lo + 1))
    return colours


def _remove_from_pool(d, k) -> None:
    """Take one colour-``k`` marble out of a pool, an ordinary one before a wild one."""
    if d.pool[k] > d.wild[k]:
        d.pool[k] -= 1
    else:
        d.pool[k] -= 1
        d.wild[k] -= 1


def _place(s, p, d, a, ev) -> None:
    """Place a marble into an empty hole (rules, "A turn"; PE-D10 for wild pool marbles)."""
    if not isinstance(a.slot, int) or not 0 <= a.slot < BREWING_SLOTS or d.slots[a.slot] is None:
        raise IllegalAction("That brewing slot holds no potion.")
    k, h = CI.get(a.colour), CI.get(a.hole)
    if k is None or h is None:
        raise IllegalAction("Marbles are red, blue, yellow or black.")
    slot = d.slots[a.slot]
    if not _empty_holes(slot)[h]:
        raise IllegalAction(f"Your {TILES[slot[0]].name} has no empty "
                            f"{COLOUR_NAMES[a.hole]} hole.")
    if a.source == "hand":
        if not d.hand[k]:
            raise IllegalAction(f"You have no {COLOUR_NAMES[a.colour]} marble in your hand.")
        if h != k:
            raise IllegalAction("A marble fills only a hole of its own colour.")
        d.hand[k] -= 1
    elif a.source == "pool":
        if not d.pool[k]:
            raise IllegalAction(f"Your pool has no {COLOUR_NAMES[a.colour]} marble.")
        if h != k:
            if not d.wild[k]:
                raise IllegalAction("A marble fills only a hole of its own colour (unless a "
                                    "Potion of Prismatic Joy made your pool marbles wild).")
            d.pool[k] -= 1
            d.wild[k] -= 1
        else:
            _remove_from_pool(d, k)
    else:
        raise IllegalAction("Marbles are placed from your hand or your pool.")
    slot[1].append(a.hole + a.colour)
    ev.append(MarblePlaced(p, a.colour, a.source, a.slot, a.hole))
    if len(slot[1]) == TILES[slot[0]].holes:
        _complete(s, p, d, a.slot, ev)


def _complete(s, p, d, i, ev) -> None:
    """A full potion is completed at once: marbles to the tank (PE-D3), tile to the completed
    potions, skill tokens checked (rules, "A turn", "Skill tokens")."""
    code, placed = d.slots[i]
    returned = tuple(m for _, m in placed)
    for m in returned:
        s.tank[CI[m]] += 1
    d.slots[i] = None
    d.completed.append([code, False])
    ev.append(PotionCompleted(p, i, code, returned))
    _check_skill_tokens(s, p, d, TILES[code].type, ev)


def _drink(s, p, d, a, ev) -> None:
    """Drink a completed potion (once per game, PE-D7) and start its effect."""
    if not (isinstance(a.index, int) and 0 <= a.index < len(d.completed)):
        raise IllegalAction("You have no such completed potion.")
    code, drunk = d.completed[a.index]
    if drunk:
        raise IllegalAction("That potion has already been drunk; each potion is drunk once.")
    kind = TILES[code].type
    if kind == "SAN" and not _copyable(d):
        raise IllegalAction("Sands of Time needs a potion you have already drunk (other than a "
                            "Sands of Time) to copy.")
    d.completed[a.index][1] = True
    ev.append(PotionDrunk(p, a.index, code, TYPE_BY_CODE[kind].effect))
    _start_effect(s, p, d, kind, a.index, ev)


def _start_effect(s, p, d, kind, source, ev) -> None:
    if kind == "PRI":
        # PE-D10: the marbles now in the pool become wild for this turn.
        d.wild = d.pool[:]
        ev.append(PoolMadeWild(p, tuple(c for k, c in enumerate(COLOURS)
                                        for _ in range(d.pool[k]))))
        return
    s.effect = {"kind": kind, "tracks": [], "colours": [], "source": source}


def _apply_effect(s, p, d, a, ev) -> list:
    """Resolve the pending effect's choice; potions never cause explosions."""
    kind = s.effect["kind"]
    if isinstance(a, FinishEffect):
        s.effect = None
        _settle(s, ev)
        return ev
    legal = _effect_actions(s, d)
    if a not in legal:
        raise IllegalAction(_effect_refusal(s, kind, a))
    if isinstance(a, TakeMarble):
        _take(s, p, a.track, a.position, "potion", ev)
        s.effect = None
    elif isinstance(a, TakePair):
        _take(s, p, a.track, a.position + 1, "potion", ev)
        _take(s, p, a.track, a.position, "potion", ev)
        s.effect = None
    elif isinstance(a, TakeRun):
        for q in range(a.start + a.length - 1, a.start - 1, -1):
            _take(s, p, a.track, q, "potion", ev)
        s.effect = None
    elif isinstance(a, TakeBottom):
        c = _take(s, p, a.track, 0, "potion", ev)
        s.effect["tracks"].append(a.track)
        s.effect["colours"].append(c)
        if not _effect_actions(s, d):
            s.effect = None
    elif isinstance(a, TakePool):
        o = s.desks[a.opponent]
        taken = tuple(c for k, c in enumerate(COLOURS) for _ in range(o.pool[k]))
        for k in range(4):
            d.hand[k] += o.pool[k]
        o.pool = [0, 0, 0, 0]
        o.wild = [0, 0, 0, 0]
        ev.append(PoolStolen(p, a.opponent, taken))
        s.effect = None
    elif isinstance(a, FilterMarbles):
        colours = _remove_positions(s, a.track, a.positions, ev)
        for c in colours:
            s.tank[CI[c]] += 1
        ev.append(MarblesReturned(p, tuple(colours), "track", a.track, tuple(a.positions)))
        s.effect = None
    elif isinstance(a, CopyPotion):
        code = d.completed[a.index][0]
        s.effect = None
        ev.append(EffectCopied(p, code))
        _start_effect(s, p, d, TILES[code].type, a.index, ev)
    _settle(s, ev)
    return ev


def _effect_refusal(s, kind, a) -> str:
    name = TYPE_BY_CODE[kind].name
    wanted = {"WIS": TakeMarble, "MAG": TakePair, "BAL": TakeRun, "ABY": TakeBottom,
              "BLI": TakePool, "FIL": FilterMarbles, "SAN": CopyPotion}[kind]
    if not isinstance(a, wanted):
        return f"Finish the effect of your {name} first (or stop using it)."
    return {
        "WIS": "There is no marble there.",
        "MAG": "Magnetical Attraction takes 2 adjacent marbles of different colours.",
        "BAL": "The Balm takes 2 or more adjacent marbles of one colour.",
        "ABY": "Abyssal Draft takes bottom marbles, at most one per track and one of each colour.",
        "BLI": "Choose an opponent's pool.",
        "FIL": "The Filter returns 1 to 5 marbles of one colour from one track.",
        "SAN": "Sands of Time copies a potion you have already drunk, other than a Sands of "
               "Time.",
    }[kind]


def _end_turn(s, p, d, ev) -> None:
    """End of turn step 1: hand marbles return to the tank; then draw tiles (phase "end")."""
    returned = tuple(c for k, c in enumerate(COLOURS) for _ in range(d.hand[k]))
    for k in range(4):
        s.tank[k] += d.hand[k]
    d.hand = [0, 0, 0, 0]
    d.wild = [0, 0, 0, 0]        # PE-D10: wild only until the end of this turn
    ev.append(TurnEnded(p))
    if returned:
        ev.append(MarblesReturned(p, returned, "hand", -1, ()))
    s.phase = "end"


def tiles_left(s) -> bool:
    """Whether any potion tile is left in the stacks, face up or face down."""
    return any(st[0] is not None or st[1] for st in s.stacks)


def _advance_end(s, ev) -> None:
    """End of turn steps 2–3: once no slot can be filled, check the end and pass the turn."""
    p = s.player
    d = s.desks[p]
    empty = [i for i, sl in enumerate(d.slots) if sl is None]
    if empty and any(st[0] is not None for st in s.stacks):
        return                                          # the player chooses a stack (PE-D5)
    for i in empty:
        ev.append(NoTileLeft(p, i))
    if not s.ending and not tiles_left(s):
        # rules, "End of the game": after any turn that leaves the stacks empty, including the
        # turn that drew the last tile
        s.ending = True
        ev.append(GameEndTriggered("no potion tile is left in the stacks"))
    d.turns += 1
    if s.countdown == 0 and not s.ending:
        s.ending = True
        ev.append(GameEndTriggered("the skill-token countdown stack is empty"))
    nxt = (p + 1) % s.n
    if s.ending and nxt == s.first:
        _finish_game(s, ev)      # the round is complete: everyone had the same number of turns
        return
    s.phase = "play"
    s.player = nxt
    s.picked = False
    s.help_used = False
    s.to_pool = [0, 0, 0, 0]
    ev.append(TurnStarted(nxt))


# =============================================================================================
# 4. Explosions
# =============================================================================================


def _settle(s, ev) -> None:
    """Resolve everything that needs no decision: explosions of a pick after its track refilled,
    the end-of-turn steps, the tie-break bookkeeping. Stops at a chance node."""
    while True:
        if s.phase in ("types", "first", "starters", "draft", "over"):
            return
        if _pending_reveal(s) is not None or _pending_refill(s) is not None:
            return
        if s.seam is not None:
            _seam_step(s, ev)
            continue
        if s.phase == "end":
            _advance_end(s, ev)
            if s.phase == "end":
                return
            continue
        return


def _seam_step(s, ev) -> None:
    """One step of rules, "Explosions": check the seam; explode the whole run or stop."""
    t, i, step = s.seam
    tr = s.tracks[t]
    if i <= 0 or i >= len(tr):            # bottom taken, or nothing slid down: no explosion
        _seam_done(s, ev)
        return
    below, above = tr[i - 1], tr[i]
    if below != above:
        ev.append(SeamCollision(t, i, below, above, False))
        _seam_done(s, ev)
        return
    lo, hi = i - 1, i
    while lo > 0 and tr[lo - 1] == below:
        lo -= 1
    while hi + 1 < len(tr) and tr[hi + 1] == below:
        hi += 1
    count = hi - lo + 1
    ev.append(SeamCollision(t, i, below, above, True))
    p = s.player
    ev.append(Exploded(p, t, tuple(range(lo, hi + 1)), below, step))
    del tr[lo:hi + 1]
    s.desks[p].hand[CI[below]] += count
    if s.seam_taker == "tiebreak":
        s.turn_taken += count
    if lo < len(tr):
        ev.append(MarblesSlid(t, lo, count))
    s.seam = [t, lo, step + 1]            # chain reaction: check the new seam after refilling


def _seam_done(s, ev) -> None:
    s.seam = None
    if s.seam_taker == "tiebreak":
        s.seam_taker = None
        tb = s.tiebreak
        tb["taken"].append(s.turn_taken)
        ev.append(TieBreakResult(s.player, s.turn_taken))
        s.turn_taken = 0
        tb["index"] += 1
        _next_tiebreaker(s, ev)
    else:
        s.seam_taker = None


def chain_preview(track: list, position: int) -> tuple:
    """``(positions, more)`` for a regular pick at ``position``: every position (in ``track`` as
    it is) that explodes, step after step of the chain reaction, as far as the marbles already
    in the track decide it; ``more`` is True when a marble still to roll in from the tank could
    join or continue the chain (the seam or a run reaches the top). Rules, "Explosions".
    Raises ``IndexError`` for an empty place."""
    if not 0 <= position < len(track):
        raise IndexError("no marble at that place of the track")
    where = [q for q in range(len(track)) if q != position]     # original places, bottom first
    colours = [track[q] for q in where]
    seam = position
    exploded = []
    while True:
        if seam <= 0:
            return sorted(exploded), False          # nothing below the gap
        if seam >= len(colours):
            return sorted(exploded), True           # an unknown refill marble meets the seam
        c = colours[seam]
        if colours[seam - 1] != c:
            return sorted(exploded), False
        lo, hi = seam - 1, seam
        while lo > 0 and colours[lo - 1] == c:
            lo -= 1
        while hi + 1 < len(colours) and colours[hi + 1] == c:
            hi += 1
        exploded += where[lo:hi + 1]
        if hi + 1 == len(colours):
            return sorted(exploded), True           # the run reaches the top: refills may join
        del where[lo:hi + 1]
        del colours[lo:hi + 1]
        seam = lo


# =============================================================================================
# 5. Skill tokens, end of the game, tie-break
# =============================================================================================


def _check_skill_tokens(s, p, d, kind, ev) -> None:
    """Mastery (3rd potion of a type), Variety (5th type), 10th potion with 5–6 players
    (PE-D11); one completion can earn several (rules, "Skill tokens")."""
    types = [TILES[c[0]].type for c in d.completed]
    if types.count(kind) >= 3 and kind not in d.mastery:
        d.mastery.append(kind)
        _award(s, p, d, "mastery", ev)
    if len(set(types)) >= 5 and not d.variety:
        d.variety = True
        _award(s, p, d, "variety", ev)
    if s.n >= 5 and len(types) >= 10 and not d.tenth:
        d.tenth = True
        _award(s, p, d, "tenth", ev)


def _award(s, p, d, reason, ev) -> None:
    """A token from the countdown stack while it has any, then from the general supply."""
    if s.countdown:
        s.countdown -= 1
        source = "countdown"
    elif s.supply:
        s.supply -= 1
        source = "supply"
    else:
        return
    d.tokens += 1
    ev.append(SkillTokenEarned(p, reason, source))


def _finish_game(s, ev) -> None:
    """Score; a tie for the best total goes to the tie-break picks (PE-D12)."""
    totals = [d.score() for d in s.desks]
    best = max(totals)
    tied = [p for p in range(s.n) if totals[p] == best]
    if len(tied) == 1:
        _game_over(s, tied, ev)
        return
    order = sorted(tied, key=lambda q: (q - s.first) % s.n)
    s.tiebreak = {"order": order, "index": 0, "taken": []}
    s.phase = "tiebreak"
    s.picked = s.help_used = False
    ev.append(TieBreakStarted(tuple(order)))
    _next_tiebreaker(s, ev)


def _next_tiebreaker(s, ev) -> None:
    tb = s.tiebreak
    while tb["index"] < len(tb["order"]) and not any(s.tracks):
        tb["taken"].append(0)                  # an empty dispenser: nothing to take
        tb["index"] += 1
    if tb["index"] < len(tb["order"]):
        s.player = tb["order"][tb["index"]]
        return
    most = max(tb["taken"])
    _game_over(s, sorted(p for p, k in zip(tb["order"], tb["taken"]) if k == most), ev)


def _game_over(s, winners, ev) -> None:
    s.phase = "over"
    s.winners = list(winners)
    ev.append(GameOver(tuple(winners), tuple(d.score() for d in s.desks)))


def score_sheet(s) -> dict:
    """Potion VP, skill tokens, Little Help, total per seat; winners; tie-break notes."""
    rows = [[d.potion_vp(), 4 * d.tokens, -2 * d.helps, d.score()] for d in s.desks]
    totals = [r[-1] for r in rows]
    winners = list(s.winners) if s.phase == "over" else \
        [p for p in range(s.n) if totals[p] == max(totals)]
    notes = []
    if s.tiebreak is not None:
        for p, k in zip(s.tiebreak["order"], s.tiebreak["taken"]):
            notes.append(f"Tie-break: Player {p + 1} took {k} marble(s).")
        if len(winners) > 1 and s.phase == "over":
            notes.append("Still tied after the tie-break: the victory is shared.")
    return {"columns": ["Potion VP", "Skill token VP", "Little Help", "Total"],
            "rows": rows, "winners": winners, "notes": notes}


# =============================================================================================
# Words
# =============================================================================================


def action_to_string(s, a) -> str:
    """The action in plain words, e.g. "Pick the red marble at place 3 of track 2"."""
    def marble(t, q):
        try:
            c = COLOUR_NAMES[s.tracks[t][q]] + " "
        except (IndexError, TypeError):
            c = ""
        return f"the {c}marble at place {q + 1} of track {t + 1}"

    def tile(code):
        return f"{TILES[code].name} ({TILES[code].holes} holes, {TILES[code].vp} VP)"

    p = turn_owner(s)
    if isinstance(a, ChooseTypes):
        return "Play with " + ", ".join(TYPE_BY_CODE[t].name for t in a.types)
    if isinstance(a, ChoosePotionType):
        return f"Choose {TYPE_BY_CODE[a.potion].name}"
    if isinstance(a, ChooseFirstPlayer):
        return f"Player {a.seat + 1} goes first"
    if isinstance(a, RevealStarter):
        return f"Reveal starter {tile(a.tile)}"
    if isinstance(a, DraftStarter):
        return f"Draft {tile(a.tile)}"
    if isinstance(a, RevealTile):
        return f"Stack {a.stack + 1} shows {tile(a.tile)}"
    if isinstance(a, MarbleRollsIn):
        return f"A {COLOUR_NAMES[a.colour]} marble rolls into track {a.track + 1}"
    if isinstance(a, RegularPick):
        return f"Pick {marble(a.track, a.position)}"
    if isinstance(a, LittleHelp):
        return f"Take a Little Help (-2 VP) and {marble(a.track, a.position)}"
    if isinstance(a, PlaceMarble):
        name = "?"
        if 0 <= p < s.n and 0 <= a.slot < BREWING_SLOTS and s.desks[p].slots[a.slot]:
            name = TILES[s.desks[p].slots[a.slot][0]].name
        hole = "" if a.hole == a.colour else f" (in a {COLOUR_NAMES[a.hole]} hole)"
        return f"Place a {COLOUR_NAMES[a.colour]} marble from your {a.source} on your " \
               f"{name}{hole}"
    if isinstance(a, MoveToPool):
        return f"Move a {COLOUR_NAMES[a.colour]} marble from your hand to your pool"
    if isinstance(a, MoveToHand):
        return f"Move a {COLOUR_NAMES[a.colour]} marble from your pool to your hand"
    if isinstance(a, Drink):
        try:
            return f"Drink your {TILES[s.desks[p].completed[a.index][0]].name}"
        except (IndexError, TypeError):
            return "Drink a potion"
    if isinstance(a, TakeMarble):
        return f"Take {marble(a.track, a.position)}"
    if isinstance(a, TakePair):
        return f"Take the marbles at places {a.position + 1} and {a.position + 2} of track " \
               f"{a.track + 1}"
    if isinstance(a, TakeRun):
        return f"Take {a.length} marbles from place {a.start + 1} of track {a.track + 1}"
    if isinstance(a, TakeBottom):
        return f"Take the bottom marble of track {a.track + 1}"
    if isinstance(a, TakePool):
        return f"Take Player {a.opponent + 1}'s pool"
    if isinstance(a, FilterMarbles):
        places = ", ".join(str(q + 1) for q in a.positions)
        return f"Return the {COLOUR_NAMES.get(a.colour, '?')} marbles at places {places} of " \
               f"track {a.track + 1} to the tank"
    if isinstance(a, CopyPotion):
        try:
            return f"Use again your {TILES[s.desks[p].completed[a.index][0]].name}"
        except (IndexError, TypeError):
            return "Copy a drunk potion"
    if isinstance(a, FinishEffect):
        return "Stop using this potion's effect"
    if isinstance(a, EndTurn):
        return "End your turn"
    if isinstance(a, ChooseStack):
        top = s.stacks[a.stack][0] if 0 <= a.stack < NUM_STACKS else None
        return f"Take {tile(top) if top else 'the top tile'} from stack {a.stack + 1}"
    if isinstance(a, TieBreakPick):
        return f"Tie-break: pick {marble(a.track, a.position)}"
    return type(a).__name__
