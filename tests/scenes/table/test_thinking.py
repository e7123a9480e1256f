"""Where bots think (issue 38): a worker process answers as the window's own thread would."""

from __future__ import annotations

import random

from engine import registry
from engine.match import Match, Seat
from scenes.table.thinking import InlineThinker, ProcessThinker, Question, ThreadThinker


def question(game: str, seed: int, level: str = "medium") -> Question:
    spec = registry.get(game)
    match = Match(spec, [Seat("bot", "A", "easy"), Seat("bot", "B", "easy")], seed=seed)
    match.advance_chance()
    player = match.current_player()
    return Question(
        game,
        level,
        1.5,
        False,
        match.state.observation(player),
        tuple(match.legal_actions()),
        random.Random(f"bot:{seed}"),
        player,
    )


def test_a_worker_process_answers_as_the_window_thread_and_at_once_do():
    """The same question gets the same move in a worker process, a thread and inline: the
    answer is the bot's, the generator travels with the question."""
    thinkers = [InlineThinker(), ThreadThinker(), ProcessThinker()]
    try:
        for game, seed in (("tea-time", 3), ("diced-tomatoes", 4)):
            answers = []
            for thinker in thinkers:
                job = thinker.ask(question(game, seed))
                assert job.wait(60.0)
                answers.append(job.result())
            assert answers[0] == answers[1] == answers[2], (game, answers)
        assert thinkers[2].failed is None  # the process did the thinking
    finally:
        for thinker in thinkers:
            thinker.close()


def test_a_cancelled_question_is_never_answered():
    thinker = ProcessThinker()
    try:
        first = thinker.ask(question("tea-time", 5))
        first.cancel()
        second = thinker.ask(question("tea-time", 6))
        assert second.wait(60.0)
        assert second.result() in question("tea-time", 6).legal
        assert not first.done()  # its answer, if any came, was dropped
    finally:
        thinker.close()
