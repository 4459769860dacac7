"""The wait of a long poll in the API's gevent workers (`GreenletWatch`): a timer of the hub's
loop and a switch to the hub, with `Watch`'s promises: a wake-up is never lost, only merged,
and a wait that ends unwoken says so. gevent's hub works without patching, so these run in
the test process; threads here are the operating system's."""

import threading

import gevent
from hanabi.api.notifications import GreenletWatch, Watch, watch_class


def test_a_process_gevent_has_not_patched_uses_the_threads_watch():
    assert watch_class() is Watch


def test_a_wait_nobody_wakes_ends_unwoken():
    watch = GreenletWatch()
    assert watch.wait(0.01) is False
    assert not watch.pending()


def test_a_wake_up_before_the_wait_ends_it_at_once_and_is_used_up():
    watch = GreenletWatch()
    watch.wake()
    watch.wake()
    assert watch.pending()
    assert watch.wait(30) is True
    assert watch.wait(0) is False


def test_another_greenlet_wakes_a_waiting_one():
    watch = GreenletWatch()
    waiting = gevent.spawn(watch.wait, 30)
    gevent.sleep(0)
    watch.wake()
    assert waiting.get(timeout=30) is True


def test_another_thread_wakes_a_waiting_greenlet():
    watch = GreenletWatch()
    thread = threading.Thread(target=watch.wake)
    waiting = gevent.spawn(watch.wait, 30)
    gevent.sleep(0)
    thread.start()
    assert waiting.get(timeout=30) is True
    thread.join()


def test_a_wake_up_after_a_wait_ended_is_kept_for_the_next_and_switches_nothing():
    watch = GreenletWatch()
    assert watch.wait(0) is False
    watch.wake()
    gevent.sleep(0.01)
    assert watch.wait(30) is True
    assert watch.wait(0.01) is False


def test_a_greenlet_killed_while_it_waits_leaves_the_watch_to_wake_nothing():
    watch = GreenletWatch()
    waiting = gevent.spawn(watch.wait, 30)
    gevent.sleep(0)
    waiting.kill()
    watch.wake()
    gevent.sleep(0.01)
    assert watch.wait(30) is True
