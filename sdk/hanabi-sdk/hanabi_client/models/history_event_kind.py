from typing import Literal

HistoryEventKind = Literal["clue", "discard", "end_game", "play", "reorder"]

HISTORY_EVENT_KIND_VALUES: set[HistoryEventKind] = {
    "clue",
    "discard",
    "end_game",
    "play",
    "reorder",
}


def check_history_event_kind(value: str) -> HistoryEventKind:
    if value in HISTORY_EVENT_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {HISTORY_EVENT_KIND_VALUES!r}")
