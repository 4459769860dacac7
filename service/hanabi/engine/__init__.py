"""The rules of Hanabi as a pure library: no I/O, no framework, no database.

from hanabi.engine import GameOptions, new_game, view, Play
state = new_game(GameOptions(players=3), seed="my seed")
state = state.apply(state.legal_actions()[0])
print(view(state, 1).to_dict())
"""

from .actions import (
    TURN_ACTIONS,
    Action,
    ColorClue,
    Discard,
    EndCondition,
    EndGame,
    Play,
    RankClue,
    Reorder,
    action_from_dict,
    action_to_dict,
)
from .deck import Card, keyed_deck, ordered_deck, shuffled_deck, stacked_deck
from .errors import EngineError, IllegalAction, InvalidDeck, InvalidOptions
from .events import ClueEvent, DiscardEvent, EndEvent, Event, PlayEvent, ReorderEvent, event_from_dict, event_to_dict
from .options import GameOptions
from .scoring import rating
from .state import GameState, new_game
from .timeline import ReplayError, TurnOutOfRange, replay, state_at_turn
from .variants import VARIANTS, Suit, Variant, get_variant
from .view import (
    VIEW_FIELDS,
    HandCard,
    View,
    full_view,
    seat_history,
    shown_score,
    view,
    view_from_dict,
)

__all__ = [
    "TURN_ACTIONS",
    "Action",
    "Card",
    "ClueEvent",
    "ColorClue",
    "Discard",
    "DiscardEvent",
    "EndCondition",
    "EndEvent",
    "EndGame",
    "EngineError",
    "Event",
    "GameOptions",
    "GameState",
    "HandCard",
    "IllegalAction",
    "InvalidDeck",
    "InvalidOptions",
    "Play",
    "PlayEvent",
    "RankClue",
    "Reorder",
    "ReorderEvent",
    "ReplayError",
    "Suit",
    "TurnOutOfRange",
    "VARIANTS",
    "VIEW_FIELDS",
    "Variant",
    "View",
    "action_from_dict",
    "action_to_dict",
    "event_from_dict",
    "event_to_dict",
    "full_view",
    "get_variant",
    "keyed_deck",
    "new_game",
    "ordered_deck",
    "rating",
    "replay",
    "seat_history",
    "shown_score",
    "shuffled_deck",
    "stacked_deck",
    "state_at_turn",
    "view",
    "view_from_dict",
]
