from typing import Literal

ActionKind = Literal["color_clue", "discard", "play", "rank_clue"]

ACTION_KIND_VALUES: set[ActionKind] = {
    "color_clue",
    "discard",
    "play",
    "rank_clue",
}


def check_action_kind(value: str) -> ActionKind:
    if value in ACTION_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ACTION_KIND_VALUES!r}")
