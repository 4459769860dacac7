from typing import Literal

GetV1MeGamesStatus = Literal["finished", "lobby", "running"]

GET_V1_ME_GAMES_STATUS_VALUES: set[GetV1MeGamesStatus] = {
    "finished",
    "lobby",
    "running",
}


def check_get_v1_me_games_status(value: str) -> GetV1MeGamesStatus:
    if value in GET_V1_ME_GAMES_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GET_V1_ME_GAMES_STATUS_VALUES!r}")
