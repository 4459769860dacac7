"""Errors raised by the engine. Each carries a stable machine code and a sentence for people."""


class EngineError(Exception):
    """Base class: `code` is stable across releases, `message` is for people."""

    code = "engine_error"

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return self.message


class InvalidOptions(EngineError):
    """The game options are out of range, unknown, or contradict each other."""


class InvalidDeck(EngineError):
    """An explicit deck is not a shuffle of the variant's cards."""


class IllegalAction(EngineError):
    """The action breaks a rule in the current state; the state is unchanged.

    `depends_on_state` is True when another state of the same game could allow the action (it
    is not your turn, no clue tokens are left, the card has left your hand, ...), False when the
    action is malformed for this game, its variant or its options (a color the variant lacks, a
    clue to oneself, ...)."""

    def __init__(self, code: str, message: str, *, depends_on_state: bool):
        super().__init__(code, message)
        self.depends_on_state = depends_on_state
