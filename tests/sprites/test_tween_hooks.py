"""AnimationQueue's on_start hook (when a group begins: its sound starts) and on_skip."""

from __future__ import annotations

from sprites.tween import Animation, AnimationQueue


def test_on_start_runs_when_the_group_begins_not_when_queued():
    log = []
    queue = AnimationQueue()
    queue.add(
        [Animation(0.5)],
        on_done=lambda: log.append("done 1"),
        on_start=lambda: log.append("start 1"),
    )
    queue.add(
        [Animation(0.3)],
        on_done=lambda: log.append("done 2"),
        on_start=lambda: log.append("start 2"),
    )
    assert log == []
    queue.update(0.0)
    assert log == ["start 1"]
    queue.update(0.4)
    assert log == ["start 1"]
    queue.update(0.1)  # group 1 ends; group 2 begins in the same frame
    assert log == ["start 1", "done 1", "start 2"]
    queue.update(0.3)
    assert log == ["start 1", "done 1", "start 2", "done 2"]
    assert not queue.busy


def test_on_start_runs_once_per_group():
    starts = []
    queue = AnimationQueue()
    queue.add([Animation(1.0)], on_start=lambda: starts.append(1))
    for _ in range(5):
        queue.update(0.1)
    assert starts == [1]


def test_an_empty_group_starts_and_ends_at_once():
    log = []
    queue = AnimationQueue()
    queue.add([], on_done=lambda: log.append("done"), on_start=lambda: log.append("start"))
    queue.update(0.0)
    assert log == ["start", "done"]


def test_skip_finishes_groups_without_starting_those_not_begun_and_calls_on_skip():
    log = []
    queue = AnimationQueue(on_skip=lambda: log.append("skipped"))
    queue.add(
        [Animation(1.0)],
        on_done=lambda: log.append("done 1"),
        on_start=lambda: log.append("start 1"),
    )
    queue.add(
        [Animation(1.0)],
        on_done=lambda: log.append("done 2"),
        on_start=lambda: log.append("start 2"),
    )
    queue.update(0.2)
    queue.skip()
    assert log == ["start 1", "done 1", "done 2", "skipped"]
    queue.skip()  # nothing queued: no second on_skip
    assert log.count("skipped") == 1


def test_an_animation_starts_after_its_delay():
    starts = []
    landing = Animation(0.4, delay=0.25, on_start=lambda: starts.append("land"))
    queue = AnimationQueue()
    queue.add([landing])
    queue.update(0.2)
    assert starts == []
    queue.update(0.06)
    assert starts == ["land"]
    queue.update(0.3)
    assert starts == ["land"]


def test_a_skipped_animation_does_not_start():
    starts = []
    queue = AnimationQueue()
    queue.add([Animation(0.4, delay=0.5, on_start=lambda: starts.append("late"))])
    queue.update(0.1)
    queue.skip()
    assert starts == []
