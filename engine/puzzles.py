"""Set-up puzzles: instructive positions with a goal, started from New game.

Each :class:`Puzzle` is a position in its game's notation (``GameSpec.notation``), a goal in
plain words and the test of that goal, ``check(start, state, events) -> bool`` over the starting
state, a later one and the events in between. The person plays seat 0; a puzzle's goal must be
reached within ``turns`` of that seat's turns. The tests play every puzzle with the Hard bot in
seat 0 and check it is solved. Off the Rails' positions (a board of many lines) are text files in
``puzzle_positions``. Shifting Stones' positions show the whole table, the other player's hand
included: a puzzle is read like a book's diagram (the table the person plays at shows only what
their seat may see).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from translation import N_


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: ``id`` (unique), ``game`` (a game id), ``title`` and ``goal`` (English, marked
    with ``N_``; translate where shown), ``position`` (notation text),
    ``check(start, state, events)`` and ``turns`` (seat 0's turns allowed)."""

    id: str
    game: str
    title: str
    goal: str
    position: str
    check: Callable[[Any, Any, Any], bool]
    turns: int = 1


# --- Diced Tomatoes -------------------------------------------------------------------------
def _harvested(start, state) -> list:
    """Seat 0's harvests since ``start`` (values, slot order)."""
    return list(state.score[0][len(start.score[0]) :])


# --- Potion Explosion ----------------------------------------------------------------------
def _marbles_picked(events) -> int:
    """Marbles seat 0 took with regular picks and their explosions in ``events``."""
    from engine.potion_explosion.state import Exploded, MarbleTaken

    return sum(
        1
        if isinstance(event, MarbleTaken) and event.reason == "pick"
        else len(event.positions)
        if isinstance(event, Exploded)
        else 0
        for event in events
        if getattr(event, "player", None) == 0
    )


def _potions_completed(events) -> int:
    """Potions seat 0 completed in ``events``."""
    from engine.potion_explosion.state import PotionCompleted

    return sum(1 for event in events if isinstance(event, PotionCompleted) and event.player == 0)


# --- Tea Time -------------------------------------------------------------------------------
def _won(state) -> bool:
    """The game is over and seat 0 alone won it."""
    return state.is_terminal() and state.score_sheet()["winners"] == [0]


# --- Shifting Stones -------------------------------------------------------------------------
def _cards_scored(start, state) -> list:
    """The cards seat 0 has scored since ``start``, in order."""
    return list(state.scored[0][len(start.scored[0]) :])


def _points_scored(start, state) -> int:
    """The points on the cards seat 0 has scored since ``start``."""
    return state.points(0) - start.points(0)


# --- Off the Rails -----------------------------------------------------------------------
def _position_file(name: str) -> str:
    """A position kept as a text file in ``puzzle_positions`` (Off the Rails' notation is a
    board of many lines)."""
    return (Path(__file__).with_name("puzzle_positions") / name).read_text(encoding="utf-8")


OTR_LAST_MILE = _position_file("otr-last-mile.txt")
"""Off the Rails: seat 0's white cart holds a diamond two squares from the south edge, with
no track in between."""


OTR_FULL_SPEED = _position_file("otr-full-speed.txt")
"""Off the Rails: the same diamond, track laid to the edge, but the cart crawls at speed 1."""


PUZZLES = (
    Puzzle(
        "dt-red-not-black",
        "diced-tomatoes",
        N_("Red, not black"),
        N_("Harvest a 5 into score slot 5 this turn."),
        "players=2 phase=turn active=0 last=1 karma=3,3 hand=3r,3b,6r "
        "vines=5r4r6r|-|-/2r|-|- score=1,2,3,4/2",
        lambda start, state, events: len(state.score[0]) >= 5 and state.score[0][4] == 5,
    ),
    Puzzle(
        "dt-shift",
        "diced-tomatoes",
        N_("One step to a tomato"),
        N_("Harvest a tomato this turn: your karma can move a die by one."),
        "players=2 phase=turn active=0 last=1 karma=2,3 hand=6r vines=3r2r4r|-|-/-|-|- score=-/-",
        lambda start, state, events: len(_harvested(start, state)) >= 1,
    ),
    Puzzle(
        "dt-roll-over",
        "diced-tomatoes",
        N_("From one to six"),
        N_("Harvest a 6 this turn."),
        "players=2 phase=turn active=0 last=1 karma=4,3 hand=1r "
        "vines=6r6r6r|-|-/5r|4r4r|3r4r score=2/1",
        lambda start, state, events: 6 in _harvested(start, state),
    ),
    Puzzle(
        "pe-chain",
        "potion-explosion",
        N_("Chain reaction"),
        N_("Take 7 marbles or more with your one pick."),
        "n=2 opt=random,random types=SAN,WIS,BAL,PRI,BLI,FIL phase=play first=0 player=0 "
        "draft=4:- tracks=BYRBBKKB/YRRYYBYY/KYYRBRYY/KYKKBYRY/KRBYRKYK tank=R9B9Y3K7 "
        "stacks=FIL6+8/BAL6+8/BLI6+8/BAL4+8/BAL6+7 skill=4/11 turn=- effect=- seam=- end=0 "
        "tb=- win=- tt=0 p0=BAL4:RKK,PRI4:YB/Y/-/-/0.3.-.0.0.3 "
        "p1=BLI4:KR,WIS4:R/BBK/-/-/0.3.-.0.0.3",
        lambda start, state, events: _marbles_picked(events) >= 7,
    ),
    Puzzle(
        "pe-two-potions",
        "potion-explosion",
        N_("Two at once"),
        N_("Complete both of your potions this turn."),
        "n=2 opt=random,random types=SAN,WIS,BAL,PRI,BLI,FIL phase=play first=0 player=0 "
        "draft=4:- tracks=BYKBBKKB/YRKYYBYY/YKRYRKBK/KYKKBYRY/KRBRYKYK tank=R11B9Y5K3 "
        "stacks=FIL6+8/BAL6+8/BLI6+8/BAL4+8/BAL6+7 skill=4/11 turn=- effect=- seam=- end=0 "
        "tb=- win=- tt=0 p0=BAL4:RKK,PRI4:YB/Y/-/-/0.3.-.0.0.3 "
        "p1=BLI4:KR,WIS4:R/BBK/-/-/0.3.-.0.0.3",
        lambda start, state, events: _potions_completed(events) >= 2,
    ),
    Puzzle(
        "otr-last-mile",
        "off-the-rails",
        N_("The last mile"),
        N_("Bring the diamond to the surface this turn."),
        OTR_LAST_MILE,
        lambda start, state, events: state.stockpiles[0][4] > start.stockpiles[0][4],
    ),
    Puzzle(
        "otr-full-speed",
        "off-the-rails",
        N_("Full speed ahead"),
        N_("The track is laid: bring the diamond to the surface this turn."),
        OTR_FULL_SPEED,
        lambda start, state, events: state.stockpiles[0][4] > start.stockpiles[0][4],
    ),
    Puzzle(
        "tt-last-cards",
        "tea-time",
        N_("The last three cards"),
        N_("Win the game: take the right cards of the last three."),
        "players=2 phase=play round=5 turn=5 first=0 active=0 table=C.../.C../..H. deck=- "
        "collections=C2,P2,R1/A,R3,c2,D2,H1,M2",
        lambda start, state, events: _won(state),
        turns=3,
    ),
    Puzzle(
        "tt-one-card",
        "tea-time",
        N_("One card is enough"),
        N_("Win the game from here."),
        "players=2 phase=play round=5 turn=5 first=0 active=0 table=H.../.PdC/.... deck=- "
        "collections=P1,r2,H1,D3/A,C1,H2,M2",
        lambda start, state, events: _won(state),
        turns=3,
    ),
    Puzzle(
        "tt-column",
        "tea-time",
        N_("Down the first column"),
        N_("Win the game with the right line of cards."),
        "players=2 phase=play round=5 turn=5 first=0 active=0 table=H.../p.../Pd.. deck=- "
        "collections=p3,C3,H1,M1/A,P1,r2,C3,H2,M1,D3",
        lambda start, state, events: _won(state),
        turns=3,
    ),
    Puzzle(
        "ss-five-in-three",
        "shifting-stones",
        N_("Five in three"),
        N_("Score the 5-point card this turn: it is three payments away."),
        "players=2 grid=FET/HSE/HFO first=0 active=0 hands=33,36,61,69/1,10,13,14",
        lambda start, state, events: 33 in _cards_scored(start, state),
    ),
    Puzzle(
        "ss-the-card-that-pays",
        "shifting-stones",
        N_("The card that pays"),
        N_("Score 5 points this turn. The card that matches now may be worth more as a payment."),
        "players=2 grid=THM/EFO/OEB first=0 active=0 hands=35,12,5,17/1,10,13,14",
        lambda start, state, events: _points_scored(start, state) >= 5,
    ),
    Puzzle(
        "ss-two-at-once",
        "shifting-stones",
        N_("Two at once"),
        N_("Score two cards this turn."),
        "players=2 grid=HBE/MEF/EHO first=0 active=0 hands=65,50,27,26/1,10,13,14",
        lambda start, state, events: len(_cards_scored(start, state)) >= 2,
    ),
    Puzzle(
        "ss-three-in-a-turn",
        "shifting-stones",
        N_("Three in a turn"),
        N_("Score three cards this turn."),
        "players=2 grid=OEO/MEF/BHT first=0 active=0 hands=58,68,16,71/1,10,13,14",
        lambda start, state, events: len(_cards_scored(start, state)) >= 3,
    ),
    Puzzle(
        "ss-the-bonus",
        "shifting-stones",
        N_("The bonus decides"),
        N_("Win the game on your last turn: mind the 3 points for the most 1-point cards."),
        "players=2 grid=OBE/BEH/OTS first=1 active=0 last=yes hands=18,11,9,8/30,31,33,34 "
        "scored=15,16,21,2,3,4,5/1,10,13,14,6,7,17,19,28,29",
        lambda start, state, events: _won(state),
    ),
    Puzzle(
        "ss-no-fourth-strike",
        "shifting-stones",
        N_("No fourth strike"),
        N_("Alone, with three strikes: score a card this turn, or the game is lost."),
        "players=1 grid=BTS/FHO/OET strikes=3 hands=5,35,59,62 deck=1,9,10,11,12,13,14,15,6,7,2,3",
        lambda start, state, events: len(_cards_scored(start, state)) >= 1,
    ),
)


def puzzles_for(game_id: str) -> list[Puzzle]:
    """The puzzles of one game, in menu order."""
    return [puzzle for puzzle in PUZZLES if puzzle.game == game_id]


def get(puzzle_id: str) -> Puzzle:
    """The puzzle with this id; ``KeyError`` otherwise."""
    for puzzle in PUZZLES:
        if puzzle.id == puzzle_id:
            return puzzle
    raise KeyError(puzzle_id)
