"""Documentation helpers for the OpenAPI description."""

from http import HTTPStatus

from flask_smorest import Blueprint


def problems(*statuses: int):
    """Document the problem responses an operation may give (their schema is ProblemSchema)."""

    def decorate(function):
        for status in statuses:
            function = Blueprint.alt_response(None, status, response=HTTPStatus(status).name)(function)
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
    return Blueprint.doc(parameters=[IDEMPOTENCY_KEY_PARAMETER])(function)
