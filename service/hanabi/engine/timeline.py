"""Replays: a game's actions folded over its deal, to its end or to any turn."""

from collections.abc import Iterable
from typing import Any

from .actions import TURN_ACTIONS, Action
from .errors import IllegalAction
from .options import GameOptions
from .state import GameState


class ReplayError(IllegalAction):
    """An action of a replayed game is illegal; `action_index` is its 0-based position."""

    def __init__(self, error: IllegalAction, action_index: int):
        super().__init__(error.code, f"Action {action_index}: {error.message}", depends_on_state=error.depends_on_state)
        self.action_index = action_index
        self.cause = error


def replay(
    options: GameOptions, deck: Iterable[Any] | None, actions: Iterable[Action], *, seed: str | None = None
) -> GameState:
    """Fold `actions` over the dealt deck. The first illegal action raises ReplayError naming
    its index; nothing after it is applied."""
    state = GameState.new(options, deck, seed=seed)
    for index, action in enumerate(actions):
        try:
            state._apply(action)
        except IllegalAction as error:
            raise ReplayError(error, index) from None
    return state


class TurnOutOfRange(ValueError):
    """The game has no such turn; `last_turn` is its last one."""

    def __init__(self, turn: int, last_turn: int):
        super().__init__(f"turn {turn} is not between 0 and {last_turn}")
        self.turn = turn
        self.last_turn = last_turn


def state_at_turn(
    options: GameOptions, deck: Iterable[Any] | None, actions: Iterable[Action], turn: int, *, seed: str | None = None
) -> tuple[GameState, int]:
    """The table when turn `turn` is taken (0: the deal), and the number of turns the game has.

    The table at turn N has the first N turns applied, and every hand reorder made before turn
    N's move; the last turn's table is the game's final state (a timeout or a termination
    included). Raises TurnOutOfRange for a turn the game never reached, ReplayError for an
    illegal action.
    """
    state = GameState.new(options, deck, seed=seed)
    at = None
    for index, action in enumerate(actions):
        if at is None and state.turn == turn and isinstance(action, TURN_ACTIONS):
            at = state._clone()
        try:
            state._apply(action)
        except IllegalAction as error:
            raise ReplayError(error, index) from None
    if at is None:
        if not 0 <= turn <= state.turn:
            raise TurnOutOfRange(turn, state.turn)
        at = state
    return at, state.turn
