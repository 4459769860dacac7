from typing import Literal

ActionRequestKind = Literal["color_clue", "discard", "play", "rank_clue", "reorder"]

ACTION_REQUEST_KIND_VALUES: set[ActionRequestKind] = {
    "color_clue",
    "discard",
    "play",
    "rank_clue",
    "reorder",
}


def check_action_request_kind(value: str) -> ActionRequestKind:
    if value in ACTION_REQUEST_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ACTION_REQUEST_KIND_VALUES!r}")
