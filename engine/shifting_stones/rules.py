"""The rules of Shifting Stones, as ``docs/rules/shifting_stones.md`` states them.

Read this module top to bottom to learn the game: the components and set-up, matching a card,
a turn and its actions, drawing, the end and the score, the solo game; then how moves are
listed, checked and applied, what each player may see, and how moves read in plain words.

The game in one paragraph
-------------------------
Nine double-sided **stones** lie in a 3 × 3 **grid**, each showing one **face** (sun/moon,
fish/bird, horse/boat, seed/tree). Each player holds a secret **hand** of **pattern cards**. On
your turn either **skip** (draw 2 cards; never two turns in a row) or take any number of these
actions, in any order, while you hold cards: **shift** (discard a card, swap two stones side by
side or one above the other), **flip** (discard a card, turn one stone over) and **score** (place
a card from your hand that matches the grid now among your scored cards: its points are yours).
End your turn when you like (you must once your hand is empty) and draw back up to 4. When a
player has scored 10 / 9 / 8 / 7 cards (2 / 3 / 4 / 5 players) the round is finished and the game
ends: points on scored cards, plus 3 for the most 1-point cards; ties share the victory. Alone,
score all 16 cards of a small deck before your fourth turn without scoring.

How the rules change the state
------------------------------
The rules read the state to decide what happens, then :func:`emit` an event saying it; the
event's effect is written once, in :mod:`engine.shifting_stones.events`. So a step's events,
applied one by one, give the state after it. Every move is checked first (:func:`refusal` gives
the reason a player would read) and only then played, so a refused move changes nothing.

A decision is split into the steps a player takes: a shift or a flip is :class:`Pay` (the card
discarded) followed by :class:`Shift` or :class:`Flip`.

Decisions where the rules page is silent (docs/rules/shifting_stones.md)
------------------------------------------------------------------------
* SS-D1 the solo deck takes random cards of each value (:func:`chance_outcomes`).
* SS-D2 in solo, a skip is a turn without scoring: a strike (:func:`_end_turn`).
* SS-D3 no hand limit: the end of a turn draws only up to 4 (:func:`cards_to_draw`).
* SS-D4 a turn with no action at all is legal; in solo it is a strike.
* SS-D5 the 3 points for the most 1-point cards need at least one; ties all get them
  (:func:`one_point_bonus`).
* SS-D6 with deck and discard pile both empty a player draws what there is (:func:`_draw_on`).
* SS-D7 actions interleave freely: score, shift, score again (:func:`legal_actions`).
* SS-D8 the grid is set up stone by stone, each a chance node (:func:`chance_outcomes`).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import CHANCE, Event, IllegalAction
from engine.shifting_stones.data import (
    ANY,
    CARD_IDS,
    CARDS,
    HAND_SIZE,
    OTHER_FACE,
    SIDE,
    SKIP_DRAW,
    SOLO_CARDS,
    SOLO_DECK,
    SQUARES,
    STONES,
    card_name,
    card_words,
    face_name,
    square_name,
)
from engine.shifting_stones.events import play_event
from engine.shifting_stones.state import (
    HIDDEN,
    ONE_POINT_BONUS,
    STRIKES_TO_LOSE,
    TARGETS,
    BonusAwarded,
    CardDrawn,
    CardPaid,
    CardScored,
    ChooseSoloCard,
    DeckReshuffled,
    DrawCard,
    EndTurn,
    FirstPlayerChosen,
    Flip,
    GameEnded,
    LastRound,
    NothingToDraw,
    Pay,
    Phase,
    PickFirstPlayer,
    PlaceStone,
    Score,
    Shift,
    ShiftingStonesState,
    Skip,
    SoloCardChosen,
    SoloGameEnded,
    StoneFlipped,
    StonePlaced,
    StonesShifted,
    StrikeGiven,
    TurnEnded,
    TurnSkipped,
    TurnStarted,
    seat_name,
)
from translation import _

MIN_PLAYERS, MAX_PLAYERS = 1, 5


def emit(state: ShiftingStonesState, events: list, event: Event) -> None:
    """Play ``event`` on ``state`` (its effect is written once, in events.play_event) and add
    it to the step's ``events``: the only way the rules change the state."""
    play_event(state, event)
    events.append(event)


# ==========================================================================================
# Components and set-up (rules, Components and set-up; SS-D1, SS-D8)
# ==========================================================================================
def target_for(num_players: int) -> int:
    """Scored cards that end the game: 10 / 9 / 8 / 7 with 2 / 3 / 4 / 5 players; in solo all
    16 cards of the deck."""
    return TARGETS.get(num_players, SOLO_CARDS)


def setup(state: ShiftingStonesState, num_players: int) -> None:
    """Fill the new ``state`` with a game for ``num_players`` (1–5): the grid empty, the deck
    all 72 cards (solo: none yet — the 16 are chosen first, the rest are out of play), no hands.
    Chance nodes then place the stones, choose the solo deck, deal 4 cards to each player and
    draw the first player. Raises ``ValueError`` for another player count."""
    if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise ValueError(
            _("Shifting Stones is played by 1 to 5 players, not {count}.").format(count=num_players)
        )
    state.num_players = num_players
    state.phase = Phase.SETUP
    state.grid = [None] * SQUARES
    state.hands = [[] for _ in range(num_players)]
    solo = num_players == 1
    state.deck = [] if solo else list(CARD_IDS)
    state.out_of_play = list(CARD_IDS) if solo else []
    state.discard = []
    state.scored = [[] for _ in range(num_players)]
    state.first_player = 0 if solo else None
    state.active = None
    state.acted = False
    state.scored_now = 0
    state.paid = None
    state.skipped = [False] * num_players
    state.last_round = False
    state.strikes = 0
    state.to_draw = 0
    state.viewer = None
    state._legal = None


def stones_left(state: ShiftingStonesState) -> dict:
    """``{face: stones}`` not yet on the grid, keyed by the first face of each stone (S, F, H,
    E): 1, 2, 3 and 3 before set-up."""
    left = {first: count for first, _second, count in STONES}
    for face in state.grid:
        if face is not None:
            for first, second, _count in STONES:
                if face in (first, second):
                    left[first] -= 1
    return left


def solo_value_needed(state: ShiftingStonesState) -> int | None:
    """The value of the next card chosen for the solo deck (1s first, then 2, 3, 5), or None
    when the 16 are chosen."""
    chosen = {points: 0 for points in SOLO_DECK}
    left_out = set(state.out_of_play)
    for card in CARD_IDS:
        if card not in left_out:
            chosen[CARDS[card].points] += 1
    for points, count in SOLO_DECK.items():
        if chosen[points] < count:
            return points
    return None


def _seat_being_dealt(state: ShiftingStonesState) -> int | None:
    """The seat the deal gives its next card to (seat order, 4 each), or None when done."""
    for seat, hand in enumerate(state.hands):
        if len(hand) < HAND_SIZE:
            return seat
    return None


def chance_outcomes(state: ShiftingStonesState) -> list:
    """``[(action, probability), ...]`` at a chance node, else ``[]``:

    * set-up, SS-D8: the next empty square (row by row) gets one of the stones left, each
      alike, showing either face alike;
    * solo set-up, SS-D1: the next card of the solo deck, every card of the value wanted alike;
    * the deal, and a draw at a turn's end: every card in the deck alike;
    * the first player (not in solo): every seat alike.
    """
    if state.phase == Phase.DRAW:
        return _draws(state)
    if state.phase != Phase.SETUP:
        return []
    if None in state.grid:
        left = stones_left(state)
        total = sum(left.values())
        outcomes = []
        for first, second, _count in STONES:
            for face in (first, second):
                if left[first]:
                    outcomes.append((PlaceStone(face), left[first] / total / 2))
        return outcomes
    if state.solo:
        value = solo_value_needed(state)
        if value is not None:
            pool = [card for card in state.out_of_play if CARDS[card].points == value]
            return [(ChooseSoloCard(card), 1 / len(pool)) for card in pool]
    if _seat_being_dealt(state) is not None:
        return _draws(state)
    return [(PickFirstPlayer(seat), 1 / state.num_players) for seat in range(state.num_players)]


def _draws(state: ShiftingStonesState) -> list:
    return [(DrawCard(card), 1 / len(state.deck)) for card in state.deck]


def _setup_step(state: ShiftingStonesState, action, events: list) -> None:
    """Play one chance outcome of the set-up, then start the game once all is ready."""
    if isinstance(action, PlaceStone):
        emit(state, events, StonePlaced(state.grid.index(None), action.face))
    elif isinstance(action, ChooseSoloCard):
        emit(state, events, SoloCardChosen(action.card))
    elif isinstance(action, DrawCard):
        seat = _seat_being_dealt(state)
        assert seat is not None, "a card is dealt while a hand is short"
        emit(state, events, CardDrawn(seat, action.card))
    else:
        emit(state, events, FirstPlayerChosen(action.player))
    first = state.first_player
    ready = (
        None not in state.grid
        and (not state.solo or solo_value_needed(state) is None)
        and _seat_being_dealt(state) is None
    )
    if ready and first is not None:
        _start_turn(state, first, events)


# ==========================================================================================
# Matching a card (rules, Matching a card)
# ==========================================================================================
def placements(card: int, grid: str) -> list[tuple[int, int]]:
    """Where ``card``'s pattern matches ``grid`` (9 face letters, row by row): the ``(row,
    column)`` of the box's top-left square for each place the whole box fits inside the grid,
    never rotated nor mirrored, with every face square on a stone showing that face. Grey
    squares need a stone, of any face: the grid is always full, so they only fix where the box
    may sit (a 3 × 3 card has one place)."""
    pattern = CARDS[card]
    found = []
    for top in range(SIDE - pattern.height + 1):
        for left in range(SIDE - pattern.width + 1):
            if all(
                grid[(top + row) * SIDE + left + column] == face
                for row, column, face in pattern.faces
            ):
                found.append((top, left))
    return found


def matches(card: int, grid: str) -> bool:
    """Whether ``card`` matches ``grid`` now (somewhere; a card scores once however many
    places it fits)."""
    return bool(placements(card, grid))


# ==========================================================================================
# A turn (rules, A turn; SS-D2, SS-D3, SS-D4, SS-D7)
# ==========================================================================================
ADJACENT = tuple(
    (square, neighbour)
    for square in range(SQUARES)
    for neighbour in (square + 1, square + SIDE)
    if neighbour < SQUARES and (neighbour == square + SIDE or neighbour % SIDE)
)
"""The 12 pairs of squares side by side or one above the other, in order: the shifts."""


def _start_turn(state: ShiftingStonesState, player: int, events: list) -> None:
    emit(state, events, TurnStarted(player))


def may_skip(state: ShiftingStonesState) -> bool:
    """A skip is instead of any action, at the start of the turn, and never two turns in a
    row."""
    player = state.active
    return player is not None and not state.acted and not state.skipped[player]


def _pay(state: ShiftingStonesState, card: int, events: list) -> None:
    """The card goes face up onto the discard pile; the shift or flip it pays for follows."""
    player = state.active
    assert player is not None
    emit(state, events, CardPaid(player, card))


def _shift(state: ShiftingStonesState, first: int, second: int, events: list) -> None:
    """The two stones swap places, each keeping the face it shows."""
    player = state.active
    assert player is not None
    faces = state.grid[first], state.grid[second]
    assert faces[0] is not None and faces[1] is not None, "the grid is full during play"
    emit(state, events, StonesShifted(player, first, second, faces[0], faces[1]))


def _flip(state: ShiftingStonesState, square: int, events: list) -> None:
    """The stone is turned over and shows its other face."""
    player = state.active
    was = state.grid[square]
    assert player is not None and was is not None
    emit(state, events, StoneFlipped(player, square, was, OTHER_FACE[was]))


def _score(state: ShiftingStonesState, card: int, events: list) -> None:
    """The card joins the player's scored cards; its points are theirs whatever the grid does
    later. Reaching the cards that end the game starts the last round (several players); in
    solo, scoring the 16th card wins at once."""
    player = state.active
    assert player is not None
    count = len(state.scored[player]) + 1
    emit(state, events, CardScored(player, card, CARDS[card].points, count))
    if state.solo:
        if count >= SOLO_CARDS:
            emit(state, events, SoloGameEnded(True, count, state.strikes))
        return
    target = target_for(state.num_players)
    if count >= target and not state.last_round:
        emit(state, events, LastRound(player, count, target))


def cards_to_draw(hand_size: int) -> int:
    """Cards the end of a turn draws: back up to 4; a hand of 4 or more draws nothing (SS-D3:
    no hand limit)."""
    return max(0, HAND_SIZE - hand_size)


def is_last_turn(state: ShiftingStonesState, scoring: int = 0) -> bool:
    """Whether the active player's turn is their last of the game once it scores ``scoring``
    more cards: with several players, the last round has begun or those cards begin it (the
    round then ends before this player's next turn); solo, they complete the deck or score
    nothing on the fourth strike (SS-D2, SS-D4). A card drawn then is never played."""
    player = state.active
    assert player is not None
    count = len(state.scored[player]) + scoring
    if state.solo:
        return count >= SOLO_CARDS or (not scoring and state.strikes + 1 >= STRIKES_TO_LOSE)
    return state.last_round or count >= target_for(state.num_players)


def could_end_first(state: ShiftingStonesState) -> list[int]:
    """The opponents who could end the game before the active player's next turn: they play
    later in this round (the game ends once the round that reached the target is finished,
    before the first player's next turn) and hold enough cards to reach the target
    (:func:`target_for`) if they score them all. Empty solo, in the last round (the active
    player's turn is then their last anyway) and before the first player is chosen. A play-test
    skipped on the hint "your next turn starts with 6 cards", and the opponent after them
    scored its 9th card: the round, and the game, ended first."""
    player, first = state.active, state.first_player
    if state.solo or state.last_round or player is None or first is None:
        return []
    count = state.num_players
    place = (player - first) % count  # the round runs from the first player on
    later = [seat for seat in range(count) if (seat - first) % count > place]
    target = target_for(count)
    return [seat for seat in later if len(state.scored[seat]) + len(state.hands[seat]) >= target]


def next_seat(state: ShiftingStonesState) -> int:
    """Who plays after the active player (solo: the same player)."""
    assert state.active is not None
    return (state.active + 1) % state.num_players


def _end_turn(state: ShiftingStonesState, events: list, skipped: bool = False) -> None:
    """The turn ends (with a skip, 2 cards are drawn; else back up to 4). Solo: no card scored
    this turn is a strike (SS-D2, SS-D4), and the fourth loses. With several players, the game
    ends once the last round is finished (before the first player's next turn)."""
    player = state.active
    assert player is not None
    strike = state.solo and state.scored_now == 0
    if state.solo:
        game_ends = strike and state.strikes + 1 >= STRIKES_TO_LOSE
    else:
        game_ends = state.last_round and next_seat(state) == state.first_player
    draws = 0 if game_ends else SKIP_DRAW if skipped else cards_to_draw(len(state.hands[player]))
    emit(state, events, TurnSkipped(player, draws) if skipped else TurnEnded(player, draws))
    if strike:
        emit(state, events, StrikeGiven(state.strikes + 1))
    if game_ends and state.solo:
        emit(state, events, SoloGameEnded(False, len(state.scored[0]), state.strikes))
    elif game_ends:
        _end_game(state, events)
    else:
        _draw_on(state, events)


# ==========================================================================================
# Drawing and the new deck (rules, A turn; SS-D6)
# ==========================================================================================
def _draw_on(state: ShiftingStonesState, events: list) -> None:
    """After a turn's end or a card drawn: while cards are still to be drawn and the deck is
    empty, the discard pile becomes the new deck; with both empty the player draws no more
    (SS-D6). Once nothing is left to draw the next turn starts; otherwise a chance node picks
    the next card."""
    if state.to_draw and not state.deck:
        if state.discard:
            emit(state, events, DeckReshuffled(len(state.discard)))
        else:
            assert state.active is not None
            emit(state, events, NothingToDraw(state.active, state.to_draw))
    if state.to_draw == 0:
        _start_turn(state, next_seat(state), events)


def _draw(state: ShiftingStonesState, card: int, events: list) -> None:
    player = state.active
    assert player is not None
    emit(state, events, CardDrawn(player, card))
    _draw_on(state, events)


# ==========================================================================================
# End and score (rules, End and score; SS-D5)
# ==========================================================================================
def one_point_cards(state: ShiftingStonesState, player: int) -> int:
    """How many 1-point cards ``player`` has scored."""
    return sum(1 for card in state.scored[player] if CARDS[card].points == 1)


def one_point_bonus(state: ShiftingStonesState) -> list[int]:
    """The seats that get 3 points for the most 1-point cards: every seat tied for the most;
    nobody when nobody has one (SS-D5)."""
    counts = [one_point_cards(state, seat) for seat in range(state.num_players)]
    most = max(counts)
    if most == 0:
        return []
    return [seat for seat, count in enumerate(counts) if count == most]


def totals(state: ShiftingStonesState) -> list[int]:
    """Each seat's score if the game ended now: its cards' points plus the bonus."""
    bonus = one_point_bonus(state)
    return [
        state.points(seat) + (ONE_POINT_BONUS if seat in bonus else 0)
        for seat in range(state.num_players)
    ]


def winners(state: ShiftingStonesState) -> list[int]:
    """The seats with the highest total; equal totals share the victory (no tie-break). Solo:
    ``[0]`` when all 16 cards are scored."""
    if state.solo:
        return [0] if len(state.scored[0]) >= SOLO_CARDS else []
    scores = totals(state)
    return [seat for seat, total in enumerate(scores) if total == max(scores)]


def _end_game(state: ShiftingStonesState, events: list) -> None:
    bonus = one_point_bonus(state)
    if bonus:
        emit(state, events, BonusAwarded(tuple(bonus), one_point_cards(state, bonus[0])))
    emit(state, events, GameEnded(tuple(winners(state)), tuple(totals(state))))


def score_sheet(state: ShiftingStonesState) -> dict:
    """The score sheet (shape in engine/core.py): per seat the cards scored, their points, the
    bonus for the most 1-point cards and the total; the winners. Before the end it shows the
    score if the game ended now. Solo: points, strikes and cards scored (the last column).
    Extra key ``"cards"``: each seat's scored cards, in the order scored."""
    if state.solo:
        return _solo_score_sheet(state)
    bonus = one_point_bonus(state)
    rows = []
    for seat in range(state.num_players):
        extra = ONE_POINT_BONUS if seat in bonus else 0
        points = state.points(seat)
        rows.append([len(state.scored[seat]), points, extra, points + extra])
    notes = []
    best = winners(state)
    if len(best) > 1:
        notes.append(_("Tied players share the victory."))
    return {
        "columns": [_("Cards scored"), _("Card points"), _("Most 1-point cards"), _("Total")],
        "rows": rows,
        "winners": best,
        "notes": notes,
        "cards": [list(cards) for cards in state.scored],
    }


def _solo_score_sheet(state: ShiftingStonesState) -> dict:
    scored = len(state.scored[0])
    won = scored >= SOLO_CARDS
    if state.phase == Phase.OVER and won:
        summary = _("Won: 16 of 16 cards scored, {strikes} of 4 strikes").format(
            strikes=state.strikes
        )
    elif state.phase == Phase.OVER:
        summary = _("Lost: {count} of 16 cards scored").format(count=scored)
    else:
        summary = _("{count} of 16 cards scored so far, {strikes} of 4 strikes").format(
            count=scored, strikes=state.strikes
        )
    return {
        "columns": [_("Card points"), _("Strikes"), _("Cards scored")],
        "rows": [[state.points(0), state.strikes, scored]],
        "winners": [0] if won else [],
        "notes": [],
        "solo": {"won": won, "summary": summary},
        "cards": [list(state.scored[0])],
    }


# ==========================================================================================
# Moves: listing, checking and applying them
# ==========================================================================================
def legal_actions(state: ShiftingStonesState) -> list:
    """The current player's moves, ``[]`` when nobody is to move. With a card just paid: the 12
    shifts then the 9 flips. Otherwise: scoring each card of the hand that matches now, paying
    with each card, the skip when allowed, and ending the turn (SS-D7: in any order, as often
    as the hand allows)."""
    if state.phase != Phase.PLAY:
        return []
    if state.paid is not None:
        return [Shift(first, second) for first, second in ADJACENT] + [
            Flip(square) for square in range(SQUARES)
        ]
    player = state.active
    assert player is not None
    hand = state.hands[player]
    grid = state.grid_text()
    moves: list = [Score(card) for card in hand if card != HIDDEN and matches(card, grid)]
    moves += [Pay(card) for card in hand if card != HIDDEN]
    if may_skip(state):
        moves.append(Skip())
    moves.append(EndTurn())
    return moves


def _chance_refusal(state: ShiftingStonesState, action) -> str | None:
    """Why a chance outcome cannot happen now (tests and replays pick outcomes by hand)."""
    if state.current_player() != CHANCE:
        return _("Nothing is left to chance right now.")
    if action not in [outcome for outcome, _p in chance_outcomes(state)]:
        return _("That cannot come out of the stones or the deck now.")
    return None


def _player_refusal(state: ShiftingStonesState, action) -> str | None:
    """Why the active player may not make ``action`` now, or None."""
    player = state.active
    assert player is not None
    hand = state.hands[player]
    if isinstance(action, (Shift, Flip)):
        if state.paid is None:
            return _("Discard a card from your hand first: each shift or flip costs one card.")
        if isinstance(action, Flip):
            if not _is_square(action.square):
                return _("The grid has nine squares: name one of them.")
            return None
        if not (_is_square(action.first) and _is_square(action.second)):
            return _("The grid has nine squares: name two of them.")
        if (action.first, action.second) not in ADJACENT:
            return _(
                "Only two stones side by side or one above the other can swap places, never "
                "diagonally."
            )
        return None
    if state.paid is not None:
        return _("You have paid for a move: swap two neighbouring stones or flip one.")
    if isinstance(action, (Pay, Score)):
        if not isinstance(action.card, int) or action.card == HIDDEN or action.card not in hand:
            return _("That card is not in your hand.")
        if isinstance(action, Score) and not matches(action.card, state.grid_text()):
            return _("The card {card} does not match the grid now.").format(
                card=card_name(action.card)
            )
        return None
    if isinstance(action, Skip):
        if state.skipped[player]:
            return _("You skipped your last turn, and you may not skip two turns in a row.")
        if state.acted:
            return _("A skip replaces the whole turn: you have already acted this turn.")
        return None
    if isinstance(action, EndTurn):
        return None
    return _("Shifting Stones has no such move.")


def _is_square(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < SQUARES


def refusal(state: ShiftingStonesState, action) -> str | None:
    """Why ``action`` is illegal now, in plain words naming the rule, or None if it is legal."""
    if isinstance(action, (PlaceStone, ChooseSoloCard, DrawCard, PickFirstPlayer)):
        return _chance_refusal(state, action)
    if state.phase == Phase.OVER:
        return _("The game is over.")
    if state.phase == Phase.SETUP:
        return _("Wait for the stones to be laid out and the cards to be dealt.")
    if state.phase == Phase.DRAW:
        return _("Wait for the cards to be drawn.")
    return _player_refusal(state, action)


def apply_action(state: ShiftingStonesState, action) -> list:
    """Check ``action`` and apply it; return the events. Raises :class:`IllegalAction` (with the
    state unchanged) when :func:`refusal` gives a reason."""
    reason = refusal(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    events: list = []
    if state.phase == Phase.SETUP:
        _setup_step(state, action, events)
    elif isinstance(action, DrawCard):
        _draw(state, action.card, events)
    elif isinstance(action, Pay):
        _pay(state, action.card, events)
    elif isinstance(action, Shift):
        _shift(state, action.first, action.second, events)
    elif isinstance(action, Flip):
        _flip(state, action.square, events)
    elif isinstance(action, Score):
        _score(state, action.card, events)
    elif isinstance(action, Skip):
        _end_turn(state, events, skipped=True)
    else:
        _end_turn(state, events)
    return events


# ==========================================================================================
# What each player sees (rules, Components and set-up: hands are secret)
# ==========================================================================================
def observation(state: ShiftingStonesState, player: int) -> ShiftingStonesState:
    """A copy for ``player``: every other hand, the deck and (solo) the cards out of play are
    :data:`HIDDEN` cards, their counts kept; the grid, the discard pile, the scored cards and
    ``player``'s hand stay. The deck was always a set without order; now its content is hidden
    too, and so is which unseen card is in the deck and which in another hand."""
    seen = state.clone()
    seen.viewer = player
    seen.hands = [
        list(hand) if seat == player else [HIDDEN] * len(hand)
        for seat, hand in enumerate(state.hands)
    ]
    seen.deck = [HIDDEN] * len(state.deck)
    seen.out_of_play = [HIDDEN] * len(state.out_of_play)
    return seen


# ==========================================================================================
# Plain words
# ==========================================================================================
def describe_action(state: ShiftingStonesState, action, names: Sequence[str] | None = None) -> str:
    """``action`` in plain words, e.g. "Discard “row: Horse, Boat” to pay for a move", "Swap
    the Sun at top left and the Fish at top", "Flip the stone at centre (Horse to Boat)",
    "Score “column: Tree, Bird” (1 point)"."""
    if isinstance(action, PlaceStone):
        return _("Lay a stone showing {face}").format(face=face_name(action.face))
    if isinstance(action, ChooseSoloCard):
        return _("Put a card into the solo deck")
    if isinstance(action, DrawCard):
        return _("Draw a card")
    if isinstance(action, PickFirstPlayer):
        return _("{name} goes first").format(name=seat_name(names, action.player))
    if isinstance(action, Skip):
        return _("Skip the turn and draw 2 cards")
    if isinstance(action, EndTurn):
        return _("End the turn")
    if isinstance(action, Pay) and action.card in CARDS:
        return _("Discard {card} to pay for a move").format(card=card_name(action.card))
    if isinstance(action, Score) and action.card in CARDS:
        return _("Score {card}").format(card=card_words(action.card))
    grid = state.grid_text()
    if isinstance(action, Flip) and _is_square(action.square) and grid[action.square] != ANY:
        face = grid[action.square]
        return _("Flip the stone at {square} ({face} to {other})").format(
            square=square_name(action.square),
            face=face_name(face),
            other=face_name(OTHER_FACE[face]),
        )
    if (
        isinstance(action, Shift)
        and _is_square(action.first)
        and _is_square(action.second)
        and ANY not in (grid[action.first], grid[action.second])
    ):
        return _("Swap the {first_face} at {first} and the {second_face} at {second}").format(
            first_face=face_name(grid[action.first]),
            first=square_name(action.first),
            second_face=face_name(grid[action.second]),
            second=square_name(action.second),
        )
    return _("Make a move")


__all__ = [
    "ADJACENT",
    "cards_to_draw",
    "describe_action",
    "legal_actions",
    "matches",
    "one_point_bonus",
    "placements",
    "target_for",
    "totals",
    "winners",
]
