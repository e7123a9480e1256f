"""Every sentence a player reads is plain words (issue 14, "Everywhere"; BRIEF, "Standards").

Decision codes such as PE-D8 belong in docstrings and test names, never in a refusal, a log line,
a hint, a prompt or the rules summary; and a refusal is a sentence (a capital first letter, a
full stop, exclamation or question mark at the end).

The refusal walk tries, in many positions of seeded random games and a few positions from the
notation, every action class with plausible wrong arguments and legal actions seen in other
phases, and collects each ``IllegalAction``'s reason and the line that raised it. Every ``raise
IllegalAction`` in ``engine/potion_explosion`` must be reached, so a new refusal cannot slip by.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from engine.core import CHANCE, IllegalAction
from engine.potion_explosion import GAME, RULES_SUMMARY
from engine.potion_explosion import state as pe
from engine.potion_explosion.data import POTION_TYPES
from engine.potion_explosion.heuristics import explain_move
from tests.engine.potion_explosion.helpers import FULL, pos

ENGINE = Path(pe.__file__).parent
CODE = re.compile(r"\b(PE|DT|OR|TT)-D\d+|\bD\d+\)")

WRONG_ARGUMENTS = {
    pe.ChooseTypes: [(("SAN", "MAG"),), (("SAN", "MAG", "WIS", "BAL", "PRI", "BLI"),)],
    pe.ChoosePotionType: [("SAN",), ("XYZ",)],
    pe.ChooseFirstPlayer: [(0,), (9,)],
    pe.RevealStarter: [("WIS4",), ("ZZZ9",)],
    pe.DraftStarter: [("WIS4",), ("ZZZ9",), (5,)],
    pe.RevealTile: [(stack, "ZZZ9") for stack in range(5)] + [(9, "WIS4")],
    pe.MarbleRollsIn: [(track, "X") for track in range(5)] + [(0, "R")],
    pe.RegularPick: [(0, 0), (0, 99), (9, 0), ("0", 0)],
    pe.LittleHelp: [(0, 0), (0, 99), (9, 0)],
    pe.PlaceMarble: [
        (source, colour, slot, hole)
        for source in ("hand", "pool", "bag")
        for colour in ("R", "K", "Z")
        for slot in (0, 1, 5)
        for hole in ("R", "B")
    ],
    pe.MoveToPool: [(colour,) for colour in ("R", "B", "Y", "K", "Z")],
    pe.MoveToHand: [(colour,) for colour in ("R", "B", "Y", "K", "Z")],
    pe.Drink: [(index,) for index in (0, 1, 2, -1, 99, "a")],
    pe.TakeMarble: [(0, 0), (9, 9)],
    pe.TakePair: [(0, 0), (0, 7)],
    pe.TakeBottom: [(0,), (9,)],
    pe.TakeRun: [(0, 0, 2), (0, 0, 1)],
    pe.TakePool: [(0,), (1,), (9,)],
    pe.FilterMarbles: [(0, "R", (0,)), (0, "R", (0, 1, 2, 3, 4, 5))],
    pe.CopyPotion: [(0,), (9,)],
    pe.FinishEffect: [()],
    pe.EndTurn: [()],
    pe.ChooseStack: [(0,), (1,), (9,), ("x",)],
    pe.TieBreakPick: [(0, 0), (9, 9)],
}
"""Arguments to try for each action class: some legal somewhere, most wrong."""

TRACKS = "tracks=" + "/".join([FULL] * 5)
POSITIONS = [
    # a tie-break, and the game over
    "n=2 first=0 phase=tiebreak player=1 tb=0.1:1:2 " + TRACKS,
    "n=2 phase=over win=0 " + TRACKS,
    # each potion effect waiting for its choice, with desks that can be stolen from
    *(
        f"n=3 {TRACKS} turn=p effect={kind}:-:-:0 p0=WIS4:R,-/B/R/WIS4!,SAN4!/0.0.-.0.0.0 "
        f"p1=-,-/RB/-/-/0.0.-.0.0.0"
        for kind in ("WIS", "MAG", "BAL", "ABY", "BLI", "FIL", "SAN")
    ),
    # drinks: a Sands of Time with nothing to copy, a drunk potion, a wild pool
    f"{TRACKS} turn=p p0=WIS4:,-/-/-/SAN4,WIS4!/0.0.-.0.0.0",
    f"{TRACKS} turn=p p0=WIS4:R,SAN4:/rb/K/PRI4!/0.0.-.0.0.0",
    # the pool full, the hand holding a marble that fits nothing, the Little Help used; end of
    # turn, stacks
    f"{TRACKS} turn=ph p0=WIS4:,-/BKK/K/-/0.0.-.0.0.0",
    f"{TRACKS} phase=end stacks=WIS5+0/-+0/-+0/-+0/-+0 p0=-,-/-/-/-/0.0.-.0.0.0",
]


def raise_sites() -> set:
    """``(file name, line)`` of every ``raise IllegalAction(...)`` in the game's engine."""
    sites = set()
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Raise)
                and isinstance(node.exc, ast.Call)
                and getattr(node.exc.func, "id", None) == "IllegalAction"
            ):
                sites.add((path.name, node.lineno))
    return sites


def raised_at(error: BaseException) -> tuple:
    """The ``(file name, line)`` that raised ``error``."""
    trace = error.__traceback__
    while trace.tb_next is not None:
        trace = trace.tb_next
    return Path(trace.tb_frame.f_code.co_filename).name, trace.tb_lineno


def try_all(state, candidates, reasons: dict, sites: set) -> None:
    """Apply each candidate to a copy of ``state``; record refusals (and check they change
    nothing)."""
    copy = state.clone()
    before = copy.to_dict()  # a refusal leaves the copy so, and a new copy is made so
    for action in candidates:
        try:
            copy.apply_action(action)
        except IllegalAction as error:
            reasons.setdefault(error.reason, action)
            sites.add(raised_at(error))
            assert copy.to_dict() == before, action
            continue
        copy = state.clone()


def wrong_actions() -> list:
    return [
        cls(*arguments)
        for cls, arguments_list in WRONG_ARGUMENTS.items()
        for arguments in arguments_list
    ]


def random_game(seed: int, decisions_cap: int):
    """States of a seeded random game, one after each step (chance included)."""
    rng = random.Random(seed)
    players = 2 + seed % 5
    options = {
        "types": ("random", "chosen", "first_game")[seed % 3],
        "first_player": ("random", "seat1")[seed % 2],
    }
    state = GAME.new_state(players, GAME.resolve_options(options, players))
    decisions = 0
    while not state.is_terminal() and decisions < decisions_cap:
        yield state
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        legal = state.legal_actions()
        drinks_and_places = [a for a in legal if isinstance(a, (pe.PlaceMarble, pe.Drink))]
        if pe.EndTurn() in legal and rng.random() < 0.3:
            action = pe.EndTurn()
        elif drinks_and_places and rng.random() < 0.7:
            action = rng.choice(drinks_and_places)
        else:
            action = rng.choice([a for a in legal if not isinstance(a, pe.LittleHelp)] or legal)
        state.apply_action(action)
        decisions += 1
    yield state


def collect_refusals() -> tuple:
    reasons, sites, seen = {}, set(), []
    known = set()  # the members of seen, for a quick look-up
    wrong = wrong_actions()
    rng = random.Random(14)
    for seed in range(8):
        for step, state in enumerate(random_game(seed, 400 if seed else 10**6)):
            if step % 9 and not state.is_terminal():
                continue
            if state.current_player() >= 0:
                for action in state.legal_actions()[:12]:
                    if action not in known:
                        known.add(action)
                        seen.append(action)
            try_all(state, wrong + rng.sample(seen, min(40, len(seen))), reasons, sites)
    for text in POSITIONS:
        try_all(pos(text), wrong + seen, reasons, sites)
    return reasons, sites


def is_sentence(text: str, number_first: bool = False) -> bool:
    """A capital first letter (or, for a log line, a number: "3 red marbles explode") and a
    full stop, exclamation or question mark at the end."""
    first_ok = text[:1].isupper() or number_first and text[:1].isdigit()
    return first_ok and text.rstrip()[-1:] in (".", "!", "?")


@pytest.mark.long
def test_every_refusal_is_a_plain_sentence_without_decision_codes():
    """Issue 14, "Everywhere": every IllegalAction reason the game can raise is a sentence and
    names no decision code; every raise site of the engine is reached by the walk."""
    reasons, sites = collect_refusals()
    missing = raise_sites() - sites
    assert not missing, f"refusals never reached by the walk: {sorted(missing)}"
    assert len(reasons) >= 40, sorted(reasons)
    coded = [r for r in reasons if CODE.search(r)]
    assert not coded, coded
    not_sentences = [r for r in reasons if not is_sentence(r)]
    assert not not_sentences, not_sentences
    assert (
        "Sands of Time copies a potion you have already drunk, other than a Sands of Time."
        in reasons
    )


def test_log_prompts_hints_and_summary_name_no_decision_code():
    """Issue 14: no decision code in event texts, prompts, action texts, hints, the rules summary
    or the potion effects; event texts and prompts are sentences (or empty: left out of the
    log)."""
    names = [f"P{seat}" for seat in range(6)]
    texts = [RULES_SUMMARY] + [potion.effect for potion in POTION_TYPES]
    sentences = []
    for seed in range(3):
        state = GAME.new_state(3, GAME.resolve_options({}, 3))
        rng = random.Random(seed)
        for step in range(600):
            if state.is_terminal():
                break
            if state.current_player() == CHANCE:
                outcomes = state.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                legal = state.legal_actions()
                sentences.append(state.prompt())
                if step % 5 == 0:
                    for candidate in legal[:10]:
                        texts += [state.action_to_string(candidate), explain_move(state, candidate)]
                if state.effect_prompt():
                    sentences.append(state.effect_prompt())
                action = rng.choice(legal)
            sentences += [event.text(names) for event in state.apply_action(action)]
        sentences += [note for note in state.score_sheet()["notes"]]
    coded = [t for t in texts + sentences if CODE.search(t)]
    assert not coded, coded
    assert len(sentences) > 500
    not_sentences = sorted({t for t in sentences if t and not is_sentence(t, True)})
    assert not not_sentences, not_sentences
