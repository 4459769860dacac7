"""Documentation helpers for the OpenAPI description."""

from http import HTTPStatus

from flask_smorest import Blueprint


_documenter = Blueprint("documentation", __name__)
"""Only its decorators are used: they record OpenAPI documentation on the view functions."""


def problems(*statuses: int):
    """Document the problem responses an operation may give (the responses named after their
    status, whose schema is ProblemSchema, registered by the app's Api)."""

    def decorate(function):
        for status in statuses:
            function = _documenter.alt_response(status, response=HTTPStatus(status).name)(function)
        return function

    return decorate


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
    return _documenter.doc(parameters=[IDEMPOTENCY_KEY_PARAMETER])(function)
