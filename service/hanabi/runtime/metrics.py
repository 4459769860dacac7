"""The service's Prometheus metrics, recorded by the API and the workers.

    hanabi_http_requests_total{operation, status}            API requests answered
    hanabi_http_request_duration_seconds{operation}          their time in the app (long polls: with the wait)
    hanabi_actions_appended_total{kind, source}              actions written to games' event logs (clues as `clue`)
    hanabi_bot_move_latency_seconds{strategy}                a bot seat's turn: from its start to the move committed
    hanabi_bot_decide_seconds{strategy}                      a bot strategy's time to choose its move
    hanabi_deadline_lag_seconds{on_timeout}                  a turn's deadline: from it to the timeout committed
    hanabi_idempotency_keys_purged_total                     Idempotency-Key records deleted after their retention

`operation` is the endpoint's operationId (`act`, `get_view`, ...), or the Flask endpoint of a
route that has none (`metrics`, `web.index`), or `unmatched` for a path no route serves: a
bounded set. `source` is `api` (a request), `bot_seat` (a worker playing a bot seat) or
`timeout` (a worker acting on an expired deadline).

Under gunicorn and Celery's prefork pool, PROMETHEUS_MULTIPROC_DIR (see metrics_dir) makes
every process write its samples to files there, and `exposition` adds them up; without it the
samples stay in the process (tests, a single process).
"""

import os
from collections.abc import Iterable

from prometheus_client import (
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    multiprocess,
)
from prometheus_client.exposition import choose_encoder

SECONDS_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60)

HTTP_REQUESTS = Counter(
    "hanabi_http_requests", "API requests answered, by operation and status code", ["operation", "status"]
)
HTTP_REQUEST_SECONDS = Histogram(
    "hanabi_http_request_duration_seconds",
    "Time from the start of a request's handling to its response, by operation",
    ["operation"],
    buckets=SECONDS_BUCKETS,
)
ACTIONS_APPENDED = Counter(
    "hanabi_actions_appended",
    "Actions written to games' event logs, by kind (a clue of either kind: clue) and by who made them "
    "(api, bot_seat, timeout)",
    ["kind", "source"],
)
CLUE_KINDS = frozenset({"color_clue", "rank_clue"})


def count_action(kind: str, source: str) -> None:
    """Count an appended action. A clue counts as `clue`, whatever its kind: /metrics needs no
    token, and a Duck clue's kind is hidden from the seats while the game runs."""
    ACTIONS_APPENDED.labels("clue" if kind in CLUE_KINDS else kind, source).inc()


BOT_MOVE_LATENCY = Histogram(
    "hanabi_bot_move_latency_seconds",
    "From the start of a bot seat's turn to its move committed (database clock), by strategy",
    ["strategy"],
    buckets=SECONDS_BUCKETS,
)
BOT_DECIDE_SECONDS = Histogram(
    "hanabi_bot_decide_seconds",
    "A bot strategy's time to choose its move, by strategy",
    ["strategy"],
    buckets=SECONDS_BUCKETS,
)
DEADLINE_LAG = Histogram(
    "hanabi_deadline_lag_seconds",
    "From a turn's deadline to its timeout committed (database clock), by on_timeout",
    ["on_timeout"],
    buckets=(*SECONDS_BUCKETS, 300),
)
IDEMPOTENCY_KEYS_PURGED = Counter(
    "hanabi_idempotency_keys_purged", "Idempotency-Key records deleted once older than HANABI_IDEMPOTENCY_KEY_HOURS"
)


class _Collectors:
    """Several collectors as one, for an encoder."""

    def __init__(self, collectors: Iterable):
        self.collectors = list(collectors)

    def collect(self):
        for collector in self.collectors:
            yield from collector.collect()


def exposition(extra_collectors: Iterable = (), accept: str | None = None) -> tuple[bytes, str]:
    """The metrics of this process, or of every process sharing PROMETHEUS_MULTIPROC_DIR, and
    those of `extra_collectors` (measured now), in the text format `accept` asks for."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        base = CollectorRegistry()
        multiprocess.MultiProcessCollector(base)
    else:
        base = REGISTRY
    encoder, content_type = choose_encoder(accept or "")
    return encoder(_Collectors([base, *extra_collectors])), content_type


def mark_process_dead(pid: int) -> None:
    """Forget the live gauges of a process that exited (gunicorn's `child_exit` hook, a pool
    child's end); its counters and histograms keep counting in the totals."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        multiprocess.mark_process_dead(pid)
