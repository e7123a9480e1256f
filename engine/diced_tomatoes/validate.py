"""Is a Diced Tomatoes position one the rules can reach and play on? ``GameSpec.validator``.

:func:`validate` takes a position's plain data (``DicedTomatoesState.to_dict()`` output: a
save's start, a paste after its notation was read, a network message) and raises
:class:`engine.core.InvalidPosition` with one sentence for the first thing wrong. It checks
what the contract test and Diced Tomatoes' random-game test check between steps: every field's
type and range, the dice conserved colour by colour (13 or 14 per player: the bushel, the hand,
the dice passed on, the vines and the score tracks), karma and karma bits within the rules
(DT-D6, DT-D7, DT-D12), every vine a set or a sequence of at most 4 dice on a red seed, score
tracks of harvests 1 to 6, and the phase agreeing with the rest: the first-player roll
(DT-D1) only at the set-up, a turn's draws before its rolls, clean-up decisions (DT-D5) only
for vines worth 0 or less, an ending only once the game is over. Call it through
:func:`engine.validation.check_position`, which adds the checks every game shares.
"""

from __future__ import annotations

from engine.diced_tomatoes import rules
from engine.diced_tomatoes.state import (
    COLOURS,
    OPTION_NAMES,
    SLOTS,
    TOKENS,
    Ending,
    Phase,
    rolled,
)
from engine.validation import Checker, refuse
from translation import _

FIELDS = (
    "num_players",
    "options",
    "phase",
    "active",
    "last_player",
    "rollers",
    "rolls",
    "karma",
    "bits",
    "first_six",
    "final_round",
    "bushel",
    "to_draw",
    "hand",
    "passed",
    "vines",
    "score",
    "pending",
    "ended",
)
BITS_PER_KARMA = 3
MOST_DICE = 14 * 6
"""Every die of the largest game (6 players with the gold dice)."""


def _die(value, field: str) -> tuple[str, int | None]:
    """A die in the hand ``[colour, face]``: rolled (a face 1 to 6) or not yet (face None)."""
    Checker.sequence(value, field, 2)
    colour = Checker.choice(value[0], field, COLOURS)
    if value[1] is None:
        return colour, None
    return colour, Checker.integer(value[1], field, 1, 6)


def _rolled_die(value, field: str) -> tuple[str, int]:
    """A die on a vine ``[colour, face]``: always rolled."""
    Checker.sequence(value, field, 2)
    return Checker.choice(value[0], field, COLOURS), Checker.integer(value[1], field, 1, 6)


def validate(data: dict) -> None:
    """Raise :class:`engine.core.InvalidPosition` unless ``data`` is a Diced Tomatoes position
    the rules can reach between two steps (see the module docstring)."""
    check = Checker
    check.mapping(data, "position", FIELDS)
    players = check.integer(data["num_players"], "num_players", 1, 6)
    options = check.mapping(data["options"], "options", OPTION_NAMES)
    for name in OPTION_NAMES:
        check.boolean(options[name], f"options.{name}")
    phase = check.choice(data["phase"], "phase", [p.value for p in Phase])
    active = check.seat_or_none(data["active"], "active", players)
    last = check.seat_or_none(data["last_player"], "last_player", players)
    rollers = check.integers(data["rollers"], "rollers", 0, players - 1, most=players)
    rolls = check.integers(data["rolls"], "rolls", 1, 6, most=players)
    in_turn_2023 = options["update_2023"] and phase == Phase.TURN
    cap = rules.KARMA_MAX_IN_TURN_2023 if in_turn_2023 else rules.KARMA_MAX  # DT-D7, DT-D12
    karma = check.integers(data["karma"], "karma", 0, cap, players)
    bits = check.integers(data["bits"], "bits", 0, BITS_PER_KARMA - 1, players)
    first_six = check.seat_or_none(data["first_six"], "first_six", players)
    final_round = check.boolean(data["final_round"], "final_round")
    bushel = check.mapping(data["bushel"], "bushel", COLOURS)
    counts = {
        colour: check.integer(bushel[colour], f"bushel.{colour}", 0, MOST_DICE)
        for colour in COLOURS
    }
    to_draw = check.integer(data["to_draw"], "to_draw", 0, rules.DICE_PER_TURN)
    hand = check.sequence(data["hand"], "hand", most=MOST_DICE)
    unrolled = rolled_dice = placed = 0
    for slot, die in enumerate(hand):
        if die is None:
            placed += 1
            continue
        colour, face = _die(die, f"hand[{slot}]")
        counts[colour] += 1
        if face is None:
            unrolled += 1
        else:
            rolled_dice += 1
    passed = check.sequence(data["passed"], "passed", most=MOST_DICE)
    for index, colour in enumerate(passed):
        counts[check.choice(colour, f"passed[{index}]", COLOURS)] += 1
    vines = check.sequence(data["vines"], "vines", players)
    score = check.sequence(data["score"], "score", players)
    pending = check.sequence(data["pending"], "pending", most=players * TOKENS)
    ended = check.choice(data["ended"], "ended", [None, *(e.value for e in Ending)])
    values: dict[tuple[int, int], int] = {}
    for seat in range(players):
        tokens = check.sequence(vines[seat], f"vines[{seat}]", TOKENS)
        track = check.integers(score[seat], f"score[{seat}]", 1, 6, most=SLOTS)
        counts["r"] += len(track)
        growing = 0
        for token, vine in enumerate(tokens):
            field = f"vines[{seat}][{token}]"
            dice = [
                _rolled_die(die, f"{field}[{n}]")
                for n, die in enumerate(check.sequence(vine, field, most=4))
            ]
            if not dice:
                continue
            growing += 1
            for colour, _face in dice:
                counts[colour] += 1
            faces = [face for _colour, face in dice]
            if dice[0][0] != "r" or not rules.is_set_or_sequence(faces):
                refuse(
                    _(
                        "The vine on token {token} of seat {seat} is not a set or a sequence "
                        "grown from a red seed."
                    ).format(token=token + 1, seat=seat + 1)
                )
            value = rules.vine_value([rolled(colour, face) for colour, face in dice])
            values[seat, token] = value
            if len(dice) == 4 and rules.is_harvestable(value):
                refuse(
                    _(
                        "The complete vine on token {token} of seat {seat} is worth {value}; it "
                        "would have been harvested."
                    ).format(token=token + 1, seat=seat + 1, value=value)
                )
        if not options["open_empty"] and len(track) + growing > SLOTS:
            refuse(
                _(
                    "Seat {seat} has more harvests and growing vines than its score track has "
                    "slots."
                ).format(seat=seat + 1)
            )
    golden = rules.full_bushel(players, options)
    if counts != golden:
        refuse(
            _(
                "The dice add up to {red} red, {black} black and {gold} gold, but a game of "
                "{players} players has {red_all}, {black_all} and {gold_all}."
            ).format(
                red=counts["r"],
                black=counts["b"],
                gold=counts["g"],
                players=players,
                red_all=golden["r"],
                black_all=golden["b"],
                gold_all=golden["g"],
            )
        )
    for seat in range(players):
        if bits[seat] and not options["overload"]:
            refuse(_("Karma bits are used only with Karma Overload."))
    sixes = [seat for seat in range(players) if len(score[seat]) == SLOTS]
    if final_round != (first_six is not None) or (sixes and first_six is None and players > 1):
        # alone, the sixth harvest ends the game at once (DT-D13): no final round
        refuse(_("The final round begins when a player harvests a sixth tomato, and only then."))
    if first_six is not None and first_six not in sixes:
        refuse(_("The first player to six tomatoes has six harvests."))
    spots = []
    for index, spot in enumerate(pending):
        owner, token = check.sequence(spot, f"pending[{index}]", 2)
        spot_key = (
            check.integer(owner, f"pending[{index}]", 0, players - 1),
            check.integer(token, f"pending[{index}]", 0, TOKENS - 1),
        )
        if spot_key in spots or values.get(spot_key, 1) > 0:
            refuse(_("Clean-up decisions are taken only for vines worth 0 or less, once each."))
        spots.append(spot_key)
    _check_start(data, phase, players, active, last, rollers, rolls, karma, bits, hand)
    if phase == Phase.START:
        return
    if active is None or last is None or rollers or rolls:
        refuse(_("Once the turn order is decided, a seat plays and a seat holds the marker."))
    if (phase == Phase.OVER) != (ended is not None):
        refuse(_("A game has its ending once it is over, and only then."))
    if phase != Phase.TURN and to_draw:
        refuse(_("Dice are drawn only during a turn."))
    if phase == Phase.TURN:
        if to_draw > sum(bushel.values()):
            refuse(_("More dice are to be drawn than the bushel holds."))
        if to_draw and (rolled_dice or placed):
            refuse(_("A turn's dice are all drawn before any is rolled."))
    if phase == Phase.CLEANUP and (not pending or unrolled or rolled_dice):
        refuse(
            _("The clean-up comes after every die is placed or passed, with a decision to take.")
        )
    if phase != Phase.CLEANUP and pending:
        refuse(_("Clean-up decisions are taken only at the clean-up."))
    if phase == Phase.CLEANUP:
        overripe = [spot for spot, value in values.items() if rules.is_overripe(value)]
        if overripe:
            refuse(_("At the clean-up, vines worth more than 6 have been cleared."))


def _check_start(data, phase, players, active, last, rollers, rolls, karma, bits, hand):
    """The first-player roll (DT-D1): before any turn, with 2 or more players, the rollers
    rolling in turn, and the game as it was set up."""
    if phase != Phase.START:
        return
    fresh = (
        players > 1
        and active is None
        and last is None
        and len(rollers) >= 2
        and len(set(rollers)) == len(rollers)
        and len(rolls) < len(rollers)
        and all(k == rules.START_KARMA for k in karma)
        and not any(bits)
        and not hand
        and not data["passed"]
        and data["first_six"] is None
        and not data["final_round"]
        and data["to_draw"] == 0
        and not any(data["score"])
        and not any(vine for seat in data["vines"] for vine in seat)
        and not data["pending"]
        and data["ended"] is None
    )
    if not fresh:
        refuse(_("While the turn order is rolled for, the game is as it was set up."))
