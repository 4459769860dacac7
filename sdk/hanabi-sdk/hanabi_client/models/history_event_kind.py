from typing import Literal

HistoryEventKind = Literal["clue", "color_clue", "discard", "end_game", "play", "rank_clue", "reorder"]

HISTORY_EVENT_KIND_VALUES: set[HistoryEventKind] = {
    "clue",
    "color_clue",
    "discard",
    "end_game",
    "play",
    "rank_clue",
    "reorder",
}


def check_history_event_kind(value: str) -> HistoryEventKind:
    if value in HISTORY_EVENT_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {HISTORY_EVENT_KIND_VALUES!r}")
