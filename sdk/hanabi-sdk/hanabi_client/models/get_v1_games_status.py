from typing import Literal

GetV1GamesStatus = Literal["finished", "lobby", "running"]

GET_V1_GAMES_STATUS_VALUES: set[GetV1GamesStatus] = {
    "finished",
    "lobby",
    "running",
}


def check_get_v1_games_status(value: str) -> GetV1GamesStatus:
    if value in GET_V1_GAMES_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GET_V1_GAMES_STATUS_VALUES!r}")
