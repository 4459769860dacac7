"""What the API records of each request: its id, one access log line, and its metrics.

Every request gets an id: the client's `X-Request-Id` when it is 1 to 64 letters, digits or
`.`, `_`, `:`, `-`, else a fresh one. The response echoes it in `X-Request-Id`, problem bodies
carry it as `request_id`, and every log line written during the request has it (through
hanabi.runtime.logs.REQUEST_ID). When the request ends, one line goes to the `hanabi.access` logger
(INFO): method, path, operation, status, duration_ms, account_id (when a token was checked);
and the request is counted in hanabi.runtime.metrics by operation and status. An empty long poll
of "my turn" answered by the short path (hanabi.api.waiting_turns) gets its line at most once
per interval per connection, the line counting the polls it stands for (`EmptyPollLines`).

The hooks touch no database: a dict lookup names the operation, a precompiled pattern checks
the client's id. Their CPU per request is measured by tests/bench/request_overhead.py
(docs/observability.md); most of it is the access line.
"""

import logging
import os
import re
import weakref
from collections.abc import Callable
from time import monotonic, perf_counter

from flask import Flask, Request, Response, g, request

from hanabi.runtime import metrics
from hanabi.runtime.logs import REQUEST_ID

REQUEST_ID_HEADER = "X-Request-Id"
REQUEST_ID_ENVIRON = "HTTP_X_REQUEST_ID"
CLIENT_REQUEST_ID = re.compile(r"[A-Za-z0-9._:\-]{1,64}")
ARRIVED_ENVIRON = "hanabi.arrived"
"""When a request reached the API, set by a middleware that saw it first (`time.perf_counter()`)."""
REQUEST_ON_CONNECTION_ENVIRON = "hanabi.request_on_connection"
"""Which request of its connection this is (1: the first), where the server says
(hanabi.runtime.api_worker)."""
UNMATCHED = "unmatched"
"""The operation of a request whose path and method no route serves (404, 405)."""

ACTION_KINDS = {"resign_game": "end_game", "abort_game": "end_game"}
"""Operations that append one action of a fixed kind; `act` appends the kind of its body."""

access_log = logging.getLogger("hanabi.access")

_request_metrics: dict[tuple[str, int], tuple] = {}
"""The labelled counter and histogram of each (operation, status), looked up once per process."""
os.register_at_fork(after_in_child=_request_metrics.clear)


def operation_names(app: Flask) -> dict[tuple[str, str], str]:
    """(Flask endpoint, HTTP method) -> the operationId the OpenAPI description gives it."""
    names = {}
    for endpoint, view in app.view_functions.items():
        view_class = getattr(view, "view_class", None)
        for method in getattr(view_class, "methods", None) or ():
            apidoc = getattr(getattr(view_class, method.lower(), None), "_apidoc", {})
            operation = apidoc.get("manual_doc", {}).get("operationId")
            if operation:
                names[(endpoint, method)] = operation
                if method == "GET":
                    names[(endpoint, "HEAD")] = operation
    return names


def request_id_of(environ: dict) -> str:
    """The client's `X-Request-Id` when it is a valid one, else a fresh id."""
    supplied = environ.get(REQUEST_ID_ENVIRON)
    return supplied if supplied and CLIENT_REQUEST_ID.fullmatch(supplied) else os.urandom(16).hex()


def record_request(
    method: str,
    path: str,
    operation: str,
    status: int,
    duration: float,
    account_id: int | None,
    empty_polls: int | None = None,
) -> None:
    """Count a request in the metrics and write its access line; with `empty_polls` (an empty
    long poll, see `EmptyPollLines`) the line only when it is not 0, saying that number."""
    counted = _request_metrics.get((operation, status))
    if counted is None:
        counted = _request_metrics[(operation, status)] = (
            metrics.HTTP_REQUESTS.labels(operation, status),
            metrics.HTTP_REQUEST_SECONDS.labels(operation),
        )
    counted[0].inc()
    counted[1].observe(duration)
    if empty_polls != 0 and access_log.isEnabledFor(logging.INFO):
        duration_ms = round(duration * 1000, 3)
        fields = {
            "method": method,
            "path": path,
            "operation": operation,
            "status": status,
            "duration_ms": duration_ms,
            "account_id": account_id,
        }
        if empty_polls is not None:
            fields["empty_polls"] = empty_polls
        access_log.info("%s %s %s %.1f ms", method, path, status, duration_ms, extra=fields)


class EmptyPollLines:
    """Which empty long polls get an access line: the first of a connection (and account), then
    at most one every `seconds`, that line counting the polls since the connection's previous
    line, itself included. A poll without a connection (a test client's), or every poll when
    `seconds` is 0, gets its line. The connections are held weakly: a closed one is forgotten,
    with the polls it made since its last line (the metrics count every poll)."""

    def __init__(self, seconds: float, clock: Callable[[], float] = monotonic):
        self.seconds = seconds
        self.clock = clock
        self.of_connection: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        """connection -> [account id, when its last line was written, polls since without one]"""

    def polls_to_log(self, connection: object | None, account_id: int) -> int:
        """The polls an access line for this one stands for; 0: no line for this one."""
        if not self.seconds or connection is None:
            return 1
        now = self.clock()
        known = self.of_connection.get(connection)
        if known is None or known[0] != account_id:
            self.of_connection[connection] = [account_id, now, 0]
            return 1
        if now - known[1] >= self.seconds:
            polls = known[2] + 1
            known[1], known[2] = now, 0
            return polls
        known[2] += 1
        return 0


def request_started() -> float:
    """When this request reached the app (`time.perf_counter()`)."""
    return getattr(g, "request_started", None) or perf_counter()


def instrument(app: Flask) -> None:
    """Install the hooks. Call after every route is registered, before any other before_request
    hook, so that the id exists for everything that follows (a 401, a 429, a 404)."""
    operations = operation_names(app)

    def begin_request() -> None:
        environ = request.environ
        request_id = request_id_of(environ)
        g.request_started = environ.get(ARRIVED_ENVIRON) or perf_counter()
        g.request_id = request_id
        REQUEST_ID.set(request_id)

    def end_request(response: Response) -> Response:
        context = g._get_current_object()
        duration = perf_counter() - getattr(context, "request_started", perf_counter())
        request_id = getattr(context, "request_id", None)
        if request_id is not None:
            response.headers[REQUEST_ID_HEADER] = request_id
        current = request._get_current_object()
        method = current.method
        endpoint = current.endpoint
        operation = operations.get((endpoint, method)) or endpoint or UNMATCHED
        status = response.status_code
        if status == 200 and (operation == "act" or operation in ACTION_KINDS):
            _count_action(operation, current, response)
        account = getattr(context, "account", None)
        record_request(method, current.path, operation, status, duration, account.id if account is not None else None)
        return response

    def forget_request_id(error: BaseException | None = None) -> None:
        REQUEST_ID.set(None)

    app.before_request_funcs.setdefault(None, []).insert(0, begin_request)
    app.after_request(end_request)
    app.teardown_request(forget_request_id)


def _count_action(operation: str, current: Request, response: Response) -> None:
    """An action written by this request (not an Idempotency-Key replay of an earlier one)."""
    if "Idempotent-Replayed" in response.headers:
        return
    kind = ACTION_KINDS.get(operation) or (current.get_json(silent=True) or {}).get("kind")
    metrics.count_action(kind, "api")
