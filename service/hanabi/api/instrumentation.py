"""What the API records of each request: its id, one access log line, and its metrics.

Every request gets an id: the client's `X-Request-Id` when it is 1 to 64 letters, digits or
`.`, `_`, `:`, `-`, else a fresh one. The response echoes it in `X-Request-Id`, problem bodies
carry it as `request_id`, and every log line written during the request has it (through
hanabi.runtime.logs.REQUEST_ID). When the request ends, one line goes to the `hanabi.access` logger
(INFO): method, path, operation, status, duration_ms, account_id (when a token was checked);
and the request is counted in hanabi.runtime.metrics by operation and status.

The hooks touch no database: a dict lookup names the operation, a precompiled pattern checks
the client's id. Their CPU per request is measured by tests/bench/request_overhead.py
(docs/observability.md); most of it is the access line.
"""

import logging
import os
import re
from time import perf_counter

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
    method: str, path: str, operation: str, status: int, duration: float, account_id: int | None
) -> None:
    """Count a request in the metrics and write its access line."""
    counted = _request_metrics.get((operation, status))
    if counted is None:
        counted = _request_metrics[(operation, status)] = (
            metrics.HTTP_REQUESTS.labels(operation, status),
            metrics.HTTP_REQUEST_SECONDS.labels(operation),
        )
    counted[0].inc()
    counted[1].observe(duration)
    if access_log.isEnabledFor(logging.INFO):
        duration_ms = round(duration * 1000, 3)
        access_log.info(
            "%s %s %s %.1f ms",
            method,
            path,
            status,
            duration_ms,
            extra={
                "method": method,
                "path": path,
                "operation": operation,
                "status": status,
                "duration_ms": duration_ms,
                "account_id": account_id,
            },
        )


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
