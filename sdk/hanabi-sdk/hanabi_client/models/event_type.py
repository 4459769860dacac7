from typing import Literal

EventType = Literal[
    "clue",
    "color_clue",
    "discard",
    "end_game",
    "game_started",
    "play",
    "rank_clue",
    "reorder",
    "seat_joined",
    "seat_left",
]

EVENT_TYPE_VALUES: set[EventType] = {
    "clue",
    "color_clue",
    "discard",
    "end_game",
    "game_started",
    "play",
    "rank_clue",
    "reorder",
    "seat_joined",
    "seat_left",
}


def check_event_type(value: str) -> EventType:
    if value in EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EVENT_TYPE_VALUES!r}")
