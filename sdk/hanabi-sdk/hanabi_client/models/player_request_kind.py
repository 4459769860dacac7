from typing import Literal

PlayerRequestKind = Literal["bot", "human"]

PLAYER_REQUEST_KIND_VALUES: set[PlayerRequestKind] = {
    "bot",
    "human",
}


def check_player_request_kind(value: str) -> PlayerRequestKind:
    if value in PLAYER_REQUEST_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLAYER_REQUEST_KIND_VALUES!r}")
