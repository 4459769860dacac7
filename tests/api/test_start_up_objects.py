"""A server worker hides what it made at start-up from the garbage collector (gc.freeze), so that
a full collection under load walks only what requests made since, and makes full collections rare."""

import gc
import weakref

from hanabi.runtime.server import FULL_COLLECTION_THRESHOLD, collect_everything_rarely, freeze_start_up_objects


class StartUpObject:
    """Stands for the app: an object the collector tracks."""


def test_the_app_and_everything_made_before_it_leave_the_collectors_generations():
    app = StartUpObject()
    made_before = [StartUpObject() for _ in range(100)]
    frozen_before = gc.get_freeze_count()
    try:
        assert freeze_start_up_objects(app) is app
        assert gc.get_freeze_count() >= frozen_before + len(made_before) + 1
        tracked = {id(thing) for thing in gc.get_objects()}
        assert id(app) not in tracked
        assert not any(id(thing) in tracked for thing in made_before)
        made_after = StartUpObject()
        assert id(made_after) in {id(thing) for thing in gc.get_objects()}
    finally:
        gc.unfreeze()


def test_garbage_made_before_start_up_is_collected_rather_than_frozen():
    cycle = StartUpObject()
    cycle.itself = cycle
    alive = weakref.ref(cycle)
    del cycle
    was_enabled = gc.isenabled()
    gc.disable()  # only the function's own collection may free the cycle
    try:
        assert alive() is not None
        freeze_start_up_objects(StartUpObject())
        assert alive() is None
    finally:
        gc.unfreeze()
        if was_enabled:
            gc.enable()


def test_a_server_worker_collects_everything_only_after_many_collections_of_the_middle_generation():
    """Thousands of waiting requests keep millions of objects alive, which each full collection
    walks: the worker makes those rare, and still collects the young generations as often."""
    before = gc.get_threshold()
    try:
        collect_everything_rarely()
        first, second, third = gc.get_threshold()
        assert (first, second) == before[:2]
        assert third == FULL_COLLECTION_THRESHOLD > before[2]
    finally:
        gc.set_threshold(*before)
