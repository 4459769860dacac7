"""Documentation helpers for the OpenAPI description."""

from http import HTTPStatus

from apispec import BasePlugin
from flask_smorest import Blueprint

_documenter = Blueprint("documentation", __name__)
"""Only its decorators are used: they record OpenAPI documentation on the view functions."""


def documentation_only(*decorators):
    """Apply flask-smorest decorators for the documentation they record, without the wrappers
    they put around the view: each wrapper only calls through, and a view with a wrapper per
    documented problem paid for a stack of them on every request."""

    def decorate(function):
        documented = function
        for decorator in decorators:
            documented = decorator(documented)
        if documented is not function:
            function._apidoc = documented._apidoc
        return function

    return decorate


def documented(**kwargs):
    """Record OpenAPI fields of an operation (flask-smorest's `doc`), without a wrapper."""
    return documentation_only(_documenter.doc(**kwargs))


def problems(*statuses: int):
    """Document the problem responses an operation may give (the responses named after their
    status, whose schema is ProblemSchema, registered by the app's Api)."""
    return documentation_only(
        *(_documenter.alt_response(status, response=HTTPStatus(status).name) for status in statuses)
    )


IDEMPOTENCY_KEY_PARAMETER = {
    "in": "header",
    "name": "Idempotency-Key",
    "required": False,
    "schema": {"type": "string", "minLength": 1, "maxLength": 255},
    "description": "Makes a retry safe: the same key with the same request returns the first "
    "response and changes nothing; the same key with another request is a 422.",
}

IF_NONE_MATCH_PARAMETER = {
    "in": "header",
    "name": "If-None-Match",
    "required": False,
    "schema": {"type": "string"},
    "description": "The ETag of a view you hold; 304 while the game is still at that version.",
}


def idempotent(function):
    """Document the Idempotency-Key header of a state-changing POST."""
    return documentation_only(_documenter.doc(parameters=[IDEMPOTENCY_KEY_PARAMETER]))(function)


GAME_OPERATIONS = (
    "get_game",
    "join_game",
    "leave_game",
    "start_game",
    "resign_game",
    "abort_game",
    "act",
    "get_view",
    "list_events",
    "export_game",
    "get_replay",
)
"""The operations on one game, which an answer holding the game (its `id`) links to."""


def links_to(parameter: str, operation_ids: tuple[str, ...], status: int = 201):
    """Document OpenAPI links from an operation's `status` answer, whose body's `id` is the
    `parameter` of each of `operation_ids` (clients, and schemathesis's stateful runs, follow
    them from a new resource to what can be done with it)."""
    links = {
        operation_id: {"operationId": operation_id, "parameters": {parameter: "$response.body#/id"}}
        for operation_id in operation_ids
    }
    return documentation_only(_documenter.doc(responses={status: {"links": links}}))


HEADERS = {
    "X-Request-Id": {
        "description": "The request's id (the client's own when it sent a valid one): quote it when you report "
        "a problem; problems carry it as `request_id`",
        "schema": {"type": "string"},
    },
    "WWW-Authenticate": {
        "description": 'The challenge of a refused token (RFC 6750), e.g. `Bearer realm="hanabi", '
        'error="insufficient_scope", scope="play"`',
        "schema": {"type": "string"},
    },
    "Idempotent-Replayed": {
        "description": "`true` when this is the stored answer to an earlier request with the same Idempotency-Key",
        "schema": {"type": "string", "enum": ["true"]},
    },
    "Retry-After": {"description": "Seconds to wait before trying again", "schema": {"type": "integer"}},
}
"""The response headers the API sends, as components that responses refer to by name."""

PROBLEM_HEADERS = {
    401: ("X-Request-Id", "WWW-Authenticate"),
    403: ("X-Request-Id", "WWW-Authenticate"),
    429: ("X-Request-Id", "Retry-After"),
    503: ("X-Request-Id", "Retry-After"),
}
"""The headers of each problem response (every other one: X-Request-Id)."""

BODY_METHODS = ("post", "put", "patch")


class DeclaredAnswers(BasePlugin):
    """An apispec plugin: every operation declares the answers that the app's checks before its
    view give (401 without a valid token, 403 for a token without the scope or limited to another
    game, 422 for an unknown query parameter, 400/413/415 for a body that is not JSON, too long
    or not sent as JSON) and the headers its answers carry. Runs after the plugins that add
    responses (rate limits), so they get their headers too."""

    def init_spec(self, spec):
        super().init_spec(spec)
        for name, header in HEADERS.items():
            spec.components.header(name, header)

    def operation_helper(self, path=None, operations=None, **kwargs):
        for method, operation in (operations or {}).items():
            responses = operation.setdefault("responses", {})
            security = operation.get("security")
            needed = [422]
            if security != []:
                needed.append(401)
                if any(scopes for requirement in security or [{}] for scopes in requirement.values()):
                    needed.append(403)
            if method in BODY_METHODS:
                needed += [400, 413, 415]
            declared = {str(status) for status in responses}
            for status in needed:
                if str(status) not in declared:
                    responses[status] = HTTPStatus(status).name
            idempotent = any(
                isinstance(parameter, dict) and parameter.get("name") == IDEMPOTENCY_KEY_PARAMETER["name"]
                for parameter in operation.get("parameters", [])
            )
            for status, response in responses.items():
                if isinstance(response, dict) and "$ref" not in response:
                    headers = response.setdefault("headers", {})
                    headers.setdefault("X-Request-Id", "X-Request-Id")
                    if str(status).startswith("2") and idempotent:
                        headers.setdefault("Idempotent-Replayed", "Idempotent-Replayed")
                    if str(status) in ("429", "503"):
                        headers["Retry-After"] = "Retry-After"
            operation["responses"] = dict(sorted(responses.items(), key=lambda item: str(item[0])))


def problem_response_headers(status: int) -> dict:
    """The headers of the component response for a problem of `status`."""
    return {name: name for name in PROBLEM_HEADERS.get(status, ("X-Request-Id",))}
