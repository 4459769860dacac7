"""Every failure becomes one RFC 9457 problem: `application/problem+json` with a stable `code`.

    {"type": "urn:hanabi:problem:not_your_turn", "title": "Conflict", "status": 409,
     "detail": "It is not your turn: seat 2 is to move, and you are seat 1 (counting seats from 1).",
     "code": "not_your_turn", ...extras}

`handle_error` is the app's only error handler: it turns werkzeug's HTTP errors (keeping
their headers, e.g. `Allow` on 405), the request validation errors of webargs (422 with
`errors` per field), the engine's and the store's errors, and anything unexpected (500) into
that shape. Every problem carries the request's id (`request_id`, see instrumentation), which
a user can quote and an operator can find in the logs.
"""

import logging
from http import HTTPStatus

import marshmallow as ma
import psycopg
from flask import Response, json
from gunicorn.http.errors import ParseException
from psycopg_pool import PoolTimeout
from werkzeug.exceptions import ClientDisconnected, HTTPException

from hanabi.engine import EngineError, IllegalAction
from hanabi.engine.hanablive import HanabLiveError
from hanabi.runtime.logs import REQUEST_ID
from hanabi.store.credentials import InvalidCredentials, InvalidLink, TooManyAttempts, WrongPassword
from hanabi.store.errors import (
    Conflict,
    Forbidden,
    IdempotencyKeyReused,
    InvalidRequest,
    NotFound,
    StoreError,
    VersionConflict,
)
from hanabi.store.passkeys import InvalidPasskey

PROBLEM_CONTENT_TYPE = "application/problem+json"
PROBLEM_TYPE_PREFIX = "urn:hanabi:problem:"
RETRY_AFTER_SECONDS = 5

HTTP_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    409: "conflict",
    413: "payload_too_large",
    415: "unsupported_media_type",
    422: "invalid_request",
    429: "rate_limited",
    500: "internal_error",
    503: "service_unavailable",
}

PROBLEM_CODES = (
    "account_name_taken",
    "account_not_found",
    "after_past_last_event",
    "already_on_vacation",
    "already_seated",
    "alternating_clues",
    "announce_not_allowed",
    "arena_deal_not_found",
    "arena_deal_not_published",
    "arena_entry_not_found",
    "bad_request",
    "bot_not_found",
    "bot_offline",
    "cannot_challenge_yourself",
    "cannot_clue_self",
    "card_not_found",
    "card_not_in_hand",
    "challenge_not_found",
    "challenge_not_pending",
    "chat_too_fast",
    "clue_tokens_full",
    "clue_touches_no_card",
    "conflict",
    "database_unavailable",
    "deck_play",
    "email_taken",
    "engine_error",
    "forbidden",
    "game_full",
    "game_not_finished",
    "game_not_found",
    "game_not_in_lobby",
    "game_not_started",
    "game_over",
    "hanablive_error",
    "idempotency_key_reused",
    "idempotency_key_unfinished",
    "incomplete_body",
    "insufficient_scope",
    "internal_error",
    "invalid_account_kind",
    "invalid_action",
    "invalid_action_type",
    "invalid_color",
    "invalid_credentials",
    "invalid_deck",
    "invalid_end_condition",
    "invalid_idempotency_key",
    "invalid_json",
    "invalid_limit",
    "invalid_link",
    "invalid_message",
    "invalid_note",
    "invalid_option",
    "invalid_passkey",
    "invalid_player_count",
    "invalid_player_counts",
    "invalid_rank",
    "invalid_reorder",
    "invalid_request",
    "invalid_seat",
    "invalid_seat_plan",
    "invalid_status",
    "invalid_suit",
    "invalid_target",
    "invalid_time_control",
    "invalid_turn",
    "invalid_type",
    "invalid_vacation",
    "invalid_value",
    "invalid_variants",
    "malformed_request",
    "method_not_allowed",
    "missing_key",
    "no_clue_tokens",
    "no_vacation_left",
    "not_a_bot",
    "not_a_player",
    "not_acceptable",
    "not_an_app",
    "not_an_object",
    "not_creator",
    "not_found",
    "not_in_arena",
    "not_on_vacation",
    "not_played_by_bot",
    "not_seated",
    "not_the_challenged_bot",
    "not_your_seat",
    "not_your_turn",
    "notes_not_shown_to_watch_links",
    "passkey_not_found",
    "passkey_registered",
    "password_too_long",
    "password_too_short",
    "payload_too_large",
    "player_not_found",
    "rate_limited",
    "request_headers_too_large",
    "seat_reserved",
    "seat_taken",
    "seats_free",
    "service_unavailable",
    "store_error",
    "token_limited_to_game",
    "too_many_connections",
    "too_many_lobby_games",
    "too_many_password_resets",
    "too_many_sign_in_attempts",
    "too_many_webhooks",
    "unauthorized",
    "unknown_action",
    "unknown_key",
    "unknown_option",
    "unknown_variant",
    "unsubscribe_key_not_found",
    "unsupported_media_type",
    "unsupported_option",
    "uri_too_long",
    "version_conflict",
    "webhook_not_found",
    "webhook_url_not_allowed",
    "wrong_password",
)
"""Every `code` a problem of this API may carry (Problem.code's enum in openapi.yaml). A code that
the code raises and this list lacks fails tests/api/test_openapi.py: add it here."""

log = logging.getLogger(__name__)


class Problem(Exception):
    """An error the API raises on purpose: status, stable code, a sentence, extra members, headers."""

    def __init__(self, status: int, code: str, detail: str, *, headers: dict | None = None, **extras):
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail
        self.headers = headers or {}
        self.extras = extras


def problem_response(status: int, code: str, detail: str, headers=None, **extras) -> Response:
    body = {
        "type": PROBLEM_TYPE_PREFIX + code,
        "title": HTTPStatus(status).phrase,
        "status": status,
        "detail": detail,
        "code": code,
        **extras,
    }
    request_id = REQUEST_ID.get()
    if request_id is not None:
        body["request_id"] = request_id
    response = Response(json.dumps(body), status=status, mimetype=PROBLEM_CONTENT_TYPE)
    for name, value in dict(headers or {}).items():
        if name.lower() not in ("content-type", "content-length"):
            response.headers[name] = value
    return response


def handle_error(error: Exception) -> Response:
    if isinstance(error, Problem):
        return problem_response(error.status, error.code, error.detail, error.headers, **error.extras)
    if isinstance(error, ClientDisconnected):
        return problem_response(
            400,
            "incomplete_body",
            "The request body ended before the length its Content-Length announced: "
            "send that many bytes, or the right Content-Length.",
        )
    if isinstance(error, ParseException):
        return problem_response(
            400, "malformed_request", f"The request body is not well-formed HTTP/1.1 (chunked encoding): {error}."
        )
    if isinstance(error, HTTPException):
        if error.response is not None:
            return error.response  # made whole by its raiser (a 429 of the rate limiter)
        return _http_problem(error)
    if isinstance(error, VersionConflict):
        return problem_response(409, error.code, error.message, current_version=error.current_version)
    if isinstance(error, HanabLiveError):
        return problem_response(422, error.code, error.message, action_index=error.action_index)
    if isinstance(error, IllegalAction):
        return problem_response(409 if error.depends_on_state else 422, error.code, error.message)
    if isinstance(error, EngineError):
        return problem_response(422, error.code, error.message)
    if isinstance(error, InvalidCredentials):
        return problem_response(401, error.code, error.message)
    if isinstance(error, TooManyAttempts):
        return problem_response(429, error.code, error.message, {"Retry-After": str(error.retry_after)})
    if isinstance(error, (InvalidLink, InvalidPasskey)):
        return problem_response(400, error.code, error.message)
    if isinstance(error, (Forbidden, WrongPassword)):
        return problem_response(403, error.code, error.message)
    if isinstance(error, NotFound):
        return problem_response(404, error.code, error.message)
    if isinstance(error, Conflict):
        return problem_response(409, error.code, error.message)
    if isinstance(error, (InvalidRequest, IdempotencyKeyReused)):
        return problem_response(422, error.code, error.message)
    if isinstance(error, ma.ValidationError):
        return problem_response(
            422, "invalid_request", "The request is not valid.", errors=flatten_errors(error.messages)
        )
    if isinstance(error, psycopg.DataError):
        return problem_response(
            422,
            "invalid_value",
            "The request holds a value that cannot be stored (a NUL character, a number out of range, ...).",
        )
    if isinstance(error, (PoolTimeout, psycopg.OperationalError)):
        log.warning("database unavailable: %s", error)
        return problem_response(
            503,
            "database_unavailable",
            "The database cannot be reached; try again shortly.",
            {"Retry-After": str(RETRY_AFTER_SECONDS)},
        )
    if isinstance(error, StoreError):
        log.error("store error %s: %s", error.code, error)
    else:
        log.exception("unexpected error", exc_info=error)
    return problem_response(500, "internal_error", "The server failed to handle the request.")


def _http_problem(error: HTTPException) -> Response:
    status = error.code or 500
    headers = dict(error.get_headers())
    data = getattr(error, "data", None) or {}
    extras = {}
    messages = data.get("messages")
    if isinstance(messages, dict) and "json" in messages and status == 400:
        detail = "The request body is not valid JSON."
        return problem_response(400, "invalid_json", detail, headers)
    if messages:
        extras["errors"] = flatten_errors(messages)
        detail = "The request is not valid: " + "; ".join(
            f"{field}: {' '.join(reasons)}" for field, reasons in extras["errors"].items()
        )
    else:
        detail = error.description or HTTPStatus(status).description
    headers.update(data.get("headers") or {})
    code = (
        "invalid_request"
        if status == 422
        else HTTP_CODES.get(status, HTTPStatus(status).phrase.lower().replace(" ", "_"))
    )
    return problem_response(status, code, detail, headers, **extras)


def flatten_errors(messages, prefix: str = "") -> dict[str, list[str]]:
    """webargs/marshmallow messages as {"field.sub": ["reason", ...]}, without the location
    level ("json", "query", ...) that webargs puts on top."""
    if (
        isinstance(messages, dict)
        and set(messages) <= {"json", "query", "headers", "view_args", "form", "files", "cookies"}
        and not prefix
    ):
        flat: dict[str, list[str]] = {}
        for location_messages in messages.values():
            flat.update(flatten_errors(location_messages, ""))
        return flat
    if isinstance(messages, dict):
        flat = {}
        for key, value in messages.items():
            name = f"{prefix}.{key}" if prefix else str(key)
            flat.update(flatten_errors(value, name))
        return flat
    if isinstance(messages, list) and all(isinstance(message, str) for message in messages):
        return {prefix or "_request": list(messages)}
    if isinstance(messages, list):
        flat = {}
        for value in messages:
            flat.update(flatten_errors(value, prefix))
        return flat
    return {prefix or "_request": [str(messages)]}
