"""Is an Off the Rails position one the rules can reach and play on? ``GameSpec.validator``.

:func:`validate` takes a position's plain data (``OTRState.to_dict()`` output: a save's start,
a paste after its notation was read, a network message) and raises
:class:`engine.core.InvalidPosition` with one sentence for the first thing wrong. It checks
what the contract test and Off the Rails' random-game test check between steps: every field's
type and range (OR-D1's board: track tiles on the grid off the mine centres, chasm squares
without track, gems on grid squares; carts on a track or a surface square, loads of at most 5,
speeds 1 to 6); the 66 gems conserved kind by kind; the 20 chasm tokens, the missions and the
cards of the decks never more than the game has; seats, edges and carts that belong together;
and the to-do list (engine/off_the_rails/tasks.py) naming carts, colours, squares and seats
that exist, its head a decision the position can take: a junction's exit for a cart on a
junction, a split of a cart's load with gems to split, a pile to pick after a split, a chasm
token to place while the chasm phase draws one. Call it through
:func:`engine.validation.check_position`, which adds the checks every game shares.
"""

from __future__ import annotations

from engine.off_the_rails import board
from engine.off_the_rails.board import ALL_TILES, CENTRE_SQUARES, COLOURS, EDGES, GRID, SIDES
from engine.off_the_rails.data import (
    ACTIONS_PER_TURN,
    BAG,
    CART_CAPACITY,
    CHASM,
    MAX_SPEED,
    MIN_SPEED,
    MISSIONS,
    TOKENS_PER_COLOUR,
    TOTAL_TOKENS,
    lengths_for,
)
from engine.off_the_rails.tasks import TaskKind
from engine.validation import Checker, refuse
from translation import _

FIELDS = (
    "num_players",
    "solo",
    "bumper",
    "chasm_die",
    "length",
    "split_rule",
    "tiles",
    "gems",
    "chasm",
    "carts",
    "bag",
    "lost",
    "stockpiles",
    "edges",
    "missions",
    "dealt",
    "taken",
    "claimed",
    "facts",
    "unseen",
    "piles",
    "solo_deck",
    "solo_pool",
    "token_supply",
    "delivered",
    "chasm_card_seen",
    "final_turns_left",
    "chasm_phase",
    "chasm_turn",
    "revealed_chasm_now",
    "player",
    "turn",
    "actions_left",
    "moved",
    "taken_here",
    "piles_split",
    "tasks",
    "over",
    "result",
)
CART_FIELDS = ("owner", "colour", "marker", "where", "square", "back", "facing", "speed", "load")
FACT_FIELDS = ("exits", "head_on", "derailed_opponent", "heist", "collector")
GEM_KINDS = len(BAG)
ALL_GEMS = sum(BAG)
MOST_TURNS = 1000
MOST_TASKS = 200
RESULTS = (None, "major victory", "victory", "partial victory", "loss")

# the fields each task kind holds after its kind: ("cart" | "seat" | "colour" | "count" | ...)
_TASK_FIELDS = {
    TaskKind.SETUP_CARD: ("colour",),
    TaskKind.CHASM_DECK: ("colour",),
    TaskKind.CHASM_DIE: ("colour",),
    TaskKind.CHASM_PLACE: ("colour",),
    TaskKind.EXIT: ("cart",),
    TaskKind.STOP: ("cart",),
    TaskKind.CART_DONE: ("cart",),
    TaskKind.RUN: ("cart", "steps"),
    TaskKind.PICKUP: ("cart", "gems"),
    TaskKind.SPLIT: ("cart", "cart"),
    TaskKind.PICK: ("cart", "cart"),
    TaskKind.DROP: ("cart", "cart"),
    TaskKind.COLLISION_END: ("cart", "cart", "flag", "flag"),
    TaskKind.DRAW_GEMS: ("row", "col", "count"),
    TaskKind.SOLO_GEM: ("colour", "number"),
    TaskKind.START_TURN: ("seat",),
    TaskKind.SOLO_REVEAL: ("count",),
}
TURN_ORDER = (TaskKind.ACTIONS, TaskKind.MOVEMENT, TaskKind.DEPOSIT, TaskKind.END_TURN)
"""A turn's phases, in order (rules, "A turn")."""
SETUP_TASKS = (
    TaskKind.SETUP_CARD,
    TaskKind.DEAL_MISSION,
    TaskKind.CHOOSE_EDGE,
    TaskKind.DRAW_EDGE,
    TaskKind.SOLO_GEM,
)


def _gems(value, field: str, most: int = ALL_GEMS) -> list[int]:
    """Five gem counts (rock, ruby, emerald, gold, diamond)."""
    counts = Checker.integers(value, field, 0, most, GEM_KINDS)
    return counts


def _square(key: str, field: str) -> tuple[int, int]:
    """A square key ``"r,c"`` of the grid."""
    row, comma, col = key.partition(",")
    if not comma or not row.lstrip("-").isdigit() or not col.lstrip("-").isdigit():
        refuse(_("The field {field} is damaged: it names no square.").format(field=field))
    square = (int(row), int(col))
    if not board.on_grid(square) or key != f"{square[0]},{square[1]}":
        refuse(
            _("The field {field} is damaged: it names no square of the board.").format(field=field)
        )
    return square


def validate(data: dict) -> None:
    """Raise :class:`engine.core.InvalidPosition` unless ``data`` is an Off the Rails
    position the rules can reach between two steps (see the module docstring)."""
    check = Checker
    check.mapping(data, "position", FIELDS)
    players = check.integer(data["num_players"], "num_players", 1, 4)
    solo = check.boolean(data["solo"], "solo")
    if solo != (players == 1):
        refuse(_("The solo game is the game of one player."))
    check.boolean(data["bumper"], "bumper")
    check.boolean(data["chasm_die"], "chasm_die")
    check.choice(data["length"], "length", lengths_for(players) or (21,))
    check.choice(data["split_rule"], "split_rule", ("choose", "larger"))
    totals = [0] * GEM_KINDS

    def count(gems) -> None:
        for kind in range(GEM_KINDS):
            totals[kind] += gems[kind]

    tiles = {}
    for key, exits in check.mapping(data["tiles"], "tiles").items():
        square = _square(key, f"tiles[{key!r}]")
        check.choice(exits, f"tiles[{key!r}]", ALL_TILES)
        if square in CENTRE_SQUARES:
            refuse(_("No track is laid on a mine's centre square."))
        tiles[square] = exits
    for key, gems in check.mapping(data["gems"], "gems").items():
        _square(key, f"gems[{key!r}]")
        counts = _gems(gems, f"gems[{key!r}]")
        if not any(counts):
            refuse(_("The field gems[{key!r}] is damaged: a deposit holds gems.").format(key=key))
        count(counts)
    chasm = {}
    for key, colour in check.mapping(data["chasm"], "chasm").items():
        square = _square(key, f"chasm[{key!r}]")
        chasm[square] = check.choice(colour, f"chasm[{key!r}]", COLOURS)
        if square in tiles:
            refuse(_("A chasm square holds no track."))
    if len(chasm) > TOTAL_TOKENS:
        refuse(_("The board has more chasm squares than the game has chasm tokens."))
    count(_gems(data["bag"], "bag"))
    count(_gems(data["lost"], "lost"))
    count(_gems(data["solo_pool"], "solo_pool"))
    stockpiles = check.sequence(data["stockpiles"], "stockpiles", players)
    for seat, stock in enumerate(stockpiles):
        count(_gems(stock, f"stockpiles[{seat}]"))
    carts = check.sequence(data["carts"], "carts", 4 if solo else 2 * players)
    edges = check.sequence(data["edges"], "edges", players)
    for seat, edge in enumerate(edges):
        check.choice(edge, f"edges[{seat}]", (None, *EDGES))
    chosen = [edge for edge in edges if edge is not None]
    if len(set(chosen)) != len(chosen) or (solo and chosen):
        refuse(_("Each player takes an edge of their own; the solo player takes none."))
    for index, cart in enumerate(carts):
        count(_check_cart(cart, index, solo, players, edges, tiles))
    if totals != list(BAG):
        refuse(
            _("The gems add up to {count}, kind by kind not those of the game ({total}).").format(
                count=sum(totals), total=ALL_GEMS
            )
        )
    _check_cards(data, players, solo, chasm)
    _check_turn(data, players, solo, carts)
    _check_tasks(data, players, solo, carts, tiles)


def _check_cart(cart, index: int, solo: bool, players: int, edges, tiles) -> list[int]:
    """One cart's fields; returns its load."""
    check = Checker
    field = f"carts[{index}]"
    check.mapping(cart, field, CART_FIELDS)
    owner = check.integer(cart["owner"], f"{field}.owner", 0, players - 1)
    if solo:
        colour = check.choice(cart["colour"], f"{field}.colour", (COLOURS[index],))
        check.choice(cart["marker"], f"{field}.marker", (colour,))
    else:
        check.choice(cart["marker"], f"{field}.marker", (("white", "black")[index % 2],))
        edge = edges[index // 2]
        wanted = None if edge is None else board.EDGE_COLOUR[edge]
        check.choice(cart["colour"], f"{field}.colour", (wanted,))
        if owner != index // 2:
            refuse(
                _("The field {field} is damaged: each player has a white and a black cart.").format(
                    field=field
                )
            )
    where = check.choice(cart["where"], f"{field}.where", ("board", "supply", "lost"))
    check.choice(cart["back"], f"{field}.back", (None, *SIDES))
    check.choice(cart["facing"], f"{field}.facing", (None, *SIDES))
    check.integer(cart["speed"], f"{field}.speed", MIN_SPEED, MAX_SPEED)
    load = _gems(cart["load"], f"{field}.load", CART_CAPACITY)
    if sum(load) > CART_CAPACITY:
        refuse(_("A cart holds at most {count} gems.").format(count=CART_CAPACITY))
    square = cart["square"]
    if where != "board":
        if square is not None or any(load):
            refuse(_("A cart off the board has no square and no gems."))
        return load
    row, col = check.integers(square, f"{field}.square", -1, GRID, 2)
    if board.on_grid((row, col)):
        if (row, col) not in tiles:
            refuse(_("A cart on the board stands on track or on the surface."))
    elif (row, col) not in board.SURFACE_EDGE:
        refuse(
            _("The field {field} is damaged: it names no square of the board.").format(field=field)
        )
    return load


def _check_cards(data, players: int, solo: bool, chasm) -> None:
    """Missions, the deposit deck, the solo deck and the chasm tokens."""
    check = Checker
    missions = check.integers(data["missions"], "missions", 1, len(MISSIONS), most=len(MISSIONS))
    dealt = check.integers(data["dealt"], "dealt", 1, len(MISSIONS), most=len(MISSIONS))
    taken = check.sequence(data["taken"], "taken", players)
    held = list(missions)
    for seat, mine in enumerate(taken):
        held += check.integers(mine, f"taken[{seat}]", 1, len(MISSIONS), most=len(MISSIONS))
    if len(set(held)) != len(held) or len(set(dealt)) != len(dealt) or not set(held) <= set(dealt):
        refuse(_("Each mission card dealt is in one place only: face up or with one player."))
    check.boolean(data["claimed"], "claimed")
    unseen = check.mapping(data["unseen"], "unseen")
    for colour, numbers in unseen.items():
        check.choice(colour, "unseen", COLOURS)
        found = check.integers(numbers, f"unseen.{colour}", 1, 8, most=8)
        if found != sorted(set(found)):
            refuse(
                _("The field unseen.{colour} is damaged: each card number once, in order.").format(
                    colour=colour
                )
            )
    piles = check.sequence(data["piles"], "piles", most=8)
    for index, pile in enumerate(piles):
        if not any(check.integers(pile, f"piles[{index}]", 0, 1, 5)):
            refuse(
                _(
                    "The field piles[{index}] is damaged: a pile of the deposit deck holds cards."
                ).format(index=index)
            )
    if piles and solo:
        refuse(_("The solo game has no deposit deck of piles."))
    chasm_cards = sum(pile[4] for pile in piles)
    if not solo and chasm_cards != (0 if data["chasm_card_seen"] else 1):
        refuse(_("The Chasm card is in the deposit deck until it is revealed, and only then."))
    tasks = data["tasks"] if isinstance(data["tasks"], list) else []
    kinds = [task[0] if isinstance(task, list) and task else None for task in tasks]
    if not solo:
        if set(unseen) != set(COLOURS):
            refuse(_("The field unseen is damaged: it names the numbers not seen of every colour."))
        chasm_deck_to_come = not data["chasm_phase"] and "begin_chasm" not in kinds
        for index, colour in enumerate(COLOURS):
            wanted = sum(pile[index] for pile in piles) + sum(
                1
                for task in tasks
                if isinstance(task, list)
                and task[:2] in (["setup_card", colour], ["chasm_deck", colour])
            )
            wanted += chasm_deck_to_come  # the chasm deck shows one card of each colour
            if wanted > len(unseen[colour]):
                refuse(_("More deposit cards of a colour are still to come than its numbers."))
        if kinds.count("deal_mission") > len(MISSIONS) - len(dealt):
            refuse(_("More missions are to be dealt than the deck holds."))
        if kinds.count("draw_edge") > len(EDGES) - len(chosen_edges(data)):
            refuse(_("More edges are to be drawn than are left."))
        choosing = "choose_edge" in kinds or "draw_edge" in kinds
        if not choosing and len(chosen_edges(data)) != players:
            refuse(_("Once the edges are chosen, every player has one."))
    deck = check.sequence(data["solo_deck"], "solo_deck", most=33)
    cards = []
    for index, card in enumerate(deck):
        colour, number = check.sequence(card, f"solo_deck[{index}]", 2)
        check.choice(colour, f"solo_deck[{index}]", (*COLOURS, CHASM))
        check.integer(
            number, f"solo_deck[{index}]", 0 if colour == CHASM else 1, 0 if colour == CHASM else 8
        )
        cards.append((colour, number))
    if len(set(cards)) != len(cards) or (deck and not solo):
        refuse(_("Each card of the solo deck is in it once, and only in the solo game."))
    supply = check.mapping(data["token_supply"], "token_supply", COLOURS)
    for colour, tokens in supply.items():
        placed = sum(1 for on in chasm.values() if on == colour)
        check.integer(tokens, f"token_supply.{colour}", 0, TOKENS_PER_COLOUR - placed)
    delivered = check.mapping(data["delivered"], "delivered")
    for edge, gems in delivered.items():
        check.choice(edge, "delivered", EDGES)
        _gems(gems, f"delivered.{edge}")
    if delivered and not solo:
        refuse(_("Only the solo game counts the gems delivered at each edge."))
    for name in ("chasm_card_seen", "chasm_phase", "chasm_turn", "revealed_chasm_now"):
        check.boolean(data[name], name)
    check.integer(data["final_turns_left"], "final_turns_left", -1, players)
    check.choice(data["result"], "result", RESULTS)
    if data["result"] is not None and not (solo and data["over"]):
        refuse(_("A solo game has its result once it is over."))


def chosen_edges(data) -> list:
    """The edges the players have taken so far."""
    return [edge for edge in data["edges"] if edge is not None]


def _check_turn(data, players: int, solo: bool, carts) -> None:
    """Whose turn, its actions, the carts moved and the facts the missions read."""
    check = Checker
    player = check.integer(data["player"], "player", 0, players - 1)
    check.integer(data["turn"], "turn", 0, MOST_TURNS)
    check.integer(data["actions_left"], "actions_left", 0, ACTIONS_PER_TURN)
    moved = check.integers(data["moved"], "moved", 0, len(carts) - 1, most=len(carts))
    if len(set(moved)) != len(moved) or any(carts[index]["owner"] != player for index in moved):
        refuse(_("Only the carts of the player whose turn it is move, each once."))
    check.integer(data["taken_here"], "taken_here", 0, CART_CAPACITY)
    over = check.boolean(data["over"], "over")
    facts = check.mapping(data["facts"], "facts")
    if facts:
        check.mapping(facts, "facts", FACT_FIELDS)
        for index, exit_ in enumerate(check.sequence(facts["exits"], "facts.exits", most=8)):
            load, by_opponent = check.sequence(exit_, f"facts.exits[{index}]", 2)
            _gems(load, f"facts.exits[{index}]", CART_CAPACITY)
            check.boolean(by_opponent, f"facts.exits[{index}]")
        for name in FACT_FIELDS[1:]:
            check.boolean(facts[name], f"facts.{name}")
    split = data["piles_split"]
    if split is not None:
        piles = check.sequence(split, "piles_split", 2)
        for index, pile in enumerate(piles):
            _gems(pile, f"piles_split[{index}]", CART_CAPACITY)
    if over and data["tasks"]:
        refuse(_("A finished game has nothing left to do."))


def _check_tasks(data, players: int, solo: bool, carts, tiles) -> None:
    """The to-do list: known tasks naming what exists, and a head the position can take."""
    check = Checker
    tasks = check.sequence(data["tasks"], "tasks", most=MOST_TASKS)
    kinds = [kind.value for kind in TaskKind]
    parsed = []
    for index, task in enumerate(tasks):
        field = f"tasks[{index}]"
        check.sequence(task, field, most=5)
        if not task:
            refuse(
                _("The field {field} is damaged: a task names what is to be done.").format(
                    field=field
                )
            )
        kind = TaskKind(check.choice(task[0], field, kinds))
        shape = _TASK_FIELDS.get(kind, ())
        check.sequence(task, field, 1 + len(shape))
        for value, what in zip(task[1:], shape, strict=True):
            if what == "cart":
                check.integer(value, field, 0, len(carts) - 1)
            elif what == "seat":
                check.integer(value, field, 0, players - 1)
            elif what == "colour":
                check.choice(value, field, COLOURS)
            elif what == "flag":
                check.boolean(value, field)
            elif what == "row" or what == "col":
                check.integer(value, field, 0, GRID - 1)
            elif what == "number":
                check.integer(value, field, 1, 8)
            else:
                check.integer(value, field, 0, 64)
        parsed.append((kind, task[1:]))
        if kind in SETUP_TASKS and (kind == TaskKind.SOLO_GEM) != solo:
            refuse(
                _("The field {field} is damaged: it is a task of the other kind of game.").format(
                    field=field
                )
            )
    setup = [index for index, (kind, _fields) in enumerate(parsed) if kind in SETUP_TASKS]
    turn_kinds = [kind for kind, _fields in parsed if kind in TURN_ORDER]
    if setup and (data["turn"] != 0 or setup[-1] >= _first_turn_task(parsed)):
        refuse(_("The set-up is done before the first turn."))
    if turn_kinds != sorted(set(turn_kinds), key=TURN_ORDER.index):
        refuse(_("A turn's phases come once each, in order."))
    if sum(kind == TaskKind.SOLO_GEM for kind, _fields in parsed) > sum(data["solo_pool"]):
        refuse(_("More gems are to be laid in the mines than the solo set-up holds."))
    if not parsed:
        if not data["over"]:
            refuse(_("A game that goes on has something left to do."))
        return
    if data["over"]:
        refuse(_("A finished game has nothing left to do."))
    _check_head(data, parsed[0], carts, tiles, solo)


def _first_turn_task(parsed) -> int:
    """Where the first turn's work begins in the to-do list (its length when it does not)."""
    for index, (kind, _fields) in enumerate(parsed):
        if kind in TURN_ORDER or kind == TaskKind.START_TURN:
            return index
    return len(parsed)


def _check_head(data, head, carts, tiles, solo: bool) -> None:
    """The decision (or draw) the game waits for must be one the position can take."""
    kind, fields = head
    player = data["player"]
    cart_tasks = (TaskKind.EXIT, TaskKind.RUN, TaskKind.PICKUP, TaskKind.STOP)
    if kind in cart_tasks:
        cart = carts[fields[0]]
        if cart["where"] != "board" or cart["owner"] != player:
            refuse(_("Only a cart on the board of the player to move rolls on."))
        square = tuple(cart["square"])
        if kind == TaskKind.EXIT and (
            square not in tiles or len(tiles[square]) < 3 or cart["back"] not in tiles[square]
        ):
            refuse(_("An exit is chosen only for a cart on a junction."))
        if kind == TaskKind.PICKUP and not any(data["gems"].get(f"{square[0]},{square[1]}", ())):
            refuse(_("A cart takes gems only from a deposit on its square."))
    if kind in (TaskKind.SPLIT, TaskKind.PICK, TaskKind.DROP):
        hit = carts[fields[0]]
        if hit["where"] != "board" or not any(hit["load"]):
            refuse(_("A collision's load is split only for a cart on the board holding gems."))
        split = data["piles_split"]
        if (kind == TaskKind.PICK) != (split is not None):
            refuse(_("A pile is picked only after a split, and a split waits for its pick."))
        if split is not None and [a + b for a, b in zip(*split, strict=True)] != hit["load"]:
            refuse(_("The two piles of a split are the hit cart's load."))
    elif data["piles_split"] is not None:
        refuse(_("A pile is picked only after a split, and a split waits for its pick."))
    if kind in (TaskKind.ACTIONS, TaskKind.MOVEMENT, TaskKind.DEPOSIT) and not solo:
        if any(edge is None for edge in data["edges"]):
            refuse(_("The turns begin once every player has an edge."))
    if kind == TaskKind.CHASM_PLACE and not data["chasm_phase"]:
        refuse(_("Chasm tokens are placed only in the chasm phase."))
