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
  ``tokens.helps.mastery-types(+).variety.tenth.turns``.

Example: ``parse_position("n=2 tracks=RBR//// p0=WIS4:/-/-/-/0.0.-.0.0.0")``.
"""
from __future__ import annotations

from engine.potion_explosion.data import (COLOURS, FIRST_GAME_REMOVED, NUM_STACKS, NUM_TRACKS,
                                          SKILL_TOKENS, TILES, TYPE_CODES)
from engine.potion_explosion.state import CI, Desk, PotionExplosionState


def _letters(counts, lower=None) -> str:
    out = ""
    for k, c in enumerate(COLOURS):
        wild = lower[k] if lower else 0
        out += c * (counts[k] - wild) + c.lower() * wild
    return out or "-"


def _counts(text: str):
    counts, wild = [0, 0, 0, 0], [0, 0, 0, 0]
    if text == "-":
        return counts, wild
    for ch in text:
        k = CI[ch.upper()]
        counts[k] += 1
        if ch.islower():
            wild[k] += 1
    return counts, wild


def format_desk(d: Desk) -> str:
    slots = []
    for sl in d.slots:
        if sl is None:
            slots.append("-")
        else:
            slots.append(sl[0] + ":" + "".join(h if h == m else f"{h}={m}" for h, m in sl[1]))
    done = ",".join(c + ("!" if drunk else "") for c, drunk in d.completed) or "-"
    stats = ".".join([str(d.tokens), str(d.helps), "+".join(d.mastery) or "-",
                      str(int(d.variety)), str(int(d.tenth)), str(d.turns)])
    return "/".join([",".join(slots), _letters(d.pool, d.wild), _letters(d.hand), done, stats])


def parse_desk(text: str) -> Desk:
    d = Desk()
    parts = text.split("/")
    if len(parts) != 5:
        raise ValueError(f"a desk has 5 parts separated by '/': {text!r}")
    slots, pool, hand, done, stats = parts
    for i, sl in enumerate(slots.split(",")):
        if sl == "-":
            continue
        code, _, holes = sl.partition(":")
        if code not in TILES:
            raise ValueError(f"unknown potion tile {code!r}")
        placed, j = [], 0
        while j < len(holes):
            h = holes[j]
            if j + 2 < len(holes) and holes[j + 1] == "=":
                placed.append(h + holes[j + 2])
                j += 3
            else:
                placed.append(h + h)
                j += 1
        d.slots[i] = [code, placed]
    d.pool, d.wild = _counts(pool)
    d.hand, _ = _counts(hand)
    if done != "-":
        d.completed = [[c.rstrip("!"), c.endswith("!")] for c in done.split(",")]
    tokens, helps, mastery, variety, tenth, turns = stats.split(".")
    d.tokens, d.helps, d.turns = int(tokens), int(helps), int(turns)
    d.mastery = [] if mastery == "-" else mastery.split("+")
    d.variety, d.tenth = variety == "1", tenth == "1"
    return d


def format_position(s: PotionExplosionState) -> str:
    """The full position as one line (see the module docstring)."""
    f = [f"n={s.n}", f"opt={s.types_mode},{s.first_mode}",
         "types=" + (",".join(s.types) or "-"), f"phase={s.phase}",
         f"first={s.first}", f"player={s.player}",
         f"draft={s.draft_index}:" + (",".join(s.revealed) or "-"),
         "tracks=" + "/".join("".join(t) for t in s.tracks),
         "tank=" + "".join(f"{c}{s.tank[k]}" for k, c in enumerate(COLOURS)),
         "stacks=" + "/".join(f"{st[0] or '-'}+{st[1]}" for st in s.stacks),
         f"skill={s.countdown}/{s.supply}",
         "turn=" + (("p" if s.picked else "") + ("h" if s.help_used else "") or "-")
         + ("" if not any(s.to_pool) else "/" + _letters(s.to_pool))]
    e = s.effect
    f.append("effect=-" if e is None else "effect=" + ":".join([
        e["kind"], ".".join(map(str, e["tracks"])) or "-", "".join(e["colours"]) or "-",
        "-" if e["source"] is None else str(e["source"])]))
    f.append("seam=-" if s.seam is None else
             "seam=" + ".".join(map(str, s.seam)) + f".{s.seam_taker}")
    if s.seam is None and s.seam_taker is not None:
        f[-1] = f"seam=-.{s.seam_taker}"
    f.append(f"end={int(s.ending)}")
    tb = s.tiebreak
    f.append("tb=-" if tb is None else "tb=" + ":".join([
        ".".join(map(str, tb["order"])), str(tb["index"]),
        ".".join(map(str, tb["taken"])) or "-"]))
    f.append("win=" + (".".join(map(str, s.winners)) or "-"))
    f.append(f"tt={s.turn_taken}")
    for p, d in enumerate(s.desks):
        f.append(f"p{p}={format_desk(d)}")
    return " ".join(f)


def parse_position(text: str) -> PotionExplosionState:
    """Build a state from notation; missing fields take defaults. ``ValueError`` if malformed."""
    fields = {}
    for tok in text.split():
        key, sep, value = tok.partition("=")
        if not sep:
            raise ValueError(f"notation field without '=': {tok!r}")
        fields[key] = value
    try:
        n = int(fields["n"])
    except KeyError:
        raise ValueError("notation needs n=<players>") from None
    tm, fm = fields.get("opt", "random,random").split(",")
    s = PotionExplosionState(n, tm, fm)
    types = fields.get("types")
    if types is None:
        s.types = [t for t in TYPE_CODES if t not in FIRST_GAME_REMOVED]
    else:
        s.types = [] if types == "-" else types.split(",")
    s.phase = fields.get("phase", "play")
    s.first = int(fields.get("first", 0))
    s.player = int(fields.get("player", 0))
    di, _, rev = fields.get("draft", "0:-").partition(":")
    s.draft_index = int(di)
    s.revealed = [] if rev in ("-", "") else rev.split(",")
    tracks = fields.get("tracks", "/" * (NUM_TRACKS - 1)).split("/")
    if len(tracks) != NUM_TRACKS:
        raise ValueError("tracks= needs 5 tracks separated by '/'")
    s.tracks = [list(t) for t in tracks]
    for t in s.tracks:
        for m in t:
            if m not in CI:
                raise ValueError(f"unknown marble colour {m!r}")
    tank = fields.get("tank", "R0B0Y0K0")
    s.tank = [0, 0, 0, 0]
    num, col = "", None
    for ch in tank + "$":
        if ch.isdigit():
            num += ch
        else:
            if col is not None:
                s.tank[CI[col]] = int(num)
            col, num = ch, ""
    if "stacks" in fields:
        s.stacks = []
        for st in fields["stacks"].split("/"):
            top, _, below = st.partition("+")
            s.stacks.append([None if top == "-" else top, int(below or 0)])
        if len(s.stacks) != NUM_STACKS:
            raise ValueError("stacks= needs 5 stacks")
    cd, _, sup = fields.get("skill", f"{n + 2}/{SKILL_TOKENS - n - 2}").partition("/")
    s.countdown, s.supply = int(cd), int(sup)
    turn = fields.get("turn", "-")
    turn, _, moved = turn.partition("/")
    s.picked, s.help_used = "p" in turn, "h" in turn
    s.to_pool, _ = _counts(moved or "-")
    e = fields.get("effect", "-")
    if e != "-":
        kind, tr, co, src = e.split(":")
        s.effect = {"kind": kind, "tracks": [] if tr == "-" else [int(x) for x in tr.split(".")],
                    "colours": [] if co == "-" else list(co),
                    "source": None if src == "-" else int(src)}
    seam = fields.get("seam", "-")
    if seam != "-":
        parts = seam.split(".")
        if parts[0] == "-":
            s.seam_taker = parts[1]
        else:
            s.seam = [int(parts[0]), int(parts[1]), int(parts[2])]
            s.seam_taker = parts[3] if len(parts) > 3 else "pick"
    s.ending = fields.get("end", "0") == "1"
    tb = fields.get("tb", "-")
    if tb != "-":
        order, index, taken = tb.split(":")
        s.tiebreak = {"order": [int(x) for x in order.split(".")], "index": int(index),
                      "taken": [] if taken == "-" else [int(x) for x in taken.split(".")]}
    win = fields.get("win", "-")
    s.winners = [] if win == "-" else [int(x) for x in win.split(".")]
    s.turn_taken = int(fields.get("tt", 0))
    for p in range(n):
        if f"p{p}" in fields:
            s.desks[p] = parse_desk(fields[f"p{p}"])
    return s
