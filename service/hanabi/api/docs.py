"""Documentation helpers for the OpenAPI description."""

from http import HTTPStatus

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
