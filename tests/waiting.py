"""Waiting in tests for a condition rather than for a fixed time."""

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def until(predicate: Callable[[], T], timeout: float, message: str, interval: float = 0.05) -> T:
    """The first truthy result of `predicate`, polled every `interval` seconds; an AssertionError
    saying `message` when none comes within `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not (result := predicate()):
        assert time.monotonic() < deadline, f"{message} (waited {timeout} s)"
        time.sleep(interval)
    return result
