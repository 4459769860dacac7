"""The service's JSON log lines, captured as its processes write them (hanabi.runtime.logs)."""

import io
import json
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from hanabi.runtime.logs import ContextFilter, JsonFormatter


@contextmanager
def json_log_lines(level: int = logging.INFO) -> Iterator[Callable[[], list[dict]]]:
    """Within the block, root's log records also go through the JSON handler of hanabi.runtime.logs;
    the function yielded returns the lines written so far, parsed."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    handler.addFilter(ContextFilter())
    root = logging.getLogger()
    previous_level = root.level
    root.addHandler(handler)
    root.setLevel(level)
    try:
        yield lambda: [json.loads(line) for line in stream.getvalue().splitlines()]
    finally:
        root.removeHandler(handler)
        root.setLevel(previous_level)
