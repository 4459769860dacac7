"""Errors of the store. Like the engine's, each carries a stable machine code and a sentence for people."""


class StoreError(Exception):
    code = "store_error"

    def __init__(self, message: str, code: str | None = None):
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code

    def __str__(self) -> str:
        return self.message


class NotFound(StoreError):
    code = "not_found"


class Forbidden(StoreError):
    """The account may not do this to that data (HTTP 403)."""

    code = "forbidden"


class Conflict(StoreError):
    """The request is valid but clashes with the current state of the data (HTTP 409)."""

    code = "conflict"


class VersionConflict(Conflict):
    """Another write reached the game first; `current_version` is the version after it."""

    code = "version_conflict"

    def __init__(self, game_id: int, current_version: int, expected_version: int | None = None):
        seen = f"version {expected_version}" if expected_version is not None else "an older version"
        super().__init__(
            f"Game {game_id} changed: it is at version {current_version}, not {seen}. Reload the game and try again."
        )
        self.game_id = game_id
        self.current_version = current_version
        self.expected_version = expected_version


class InvalidRequest(StoreError):
    """Input that no state of the data would accept (HTTP 422)."""

    code = "invalid_request"


class IdempotencyKeyReused(StoreError):
    """The same Idempotency-Key came with a different request."""

    code = "idempotency_key_reused"

    def __init__(self, key: str):
        super().__init__(f"Idempotency-Key {key!r} was already used for a different request.")
        self.key = key
