from typing import Literal

MyGameStatus = Literal["finished", "lobby", "running"]

MY_GAME_STATUS_VALUES: set[MyGameStatus] = {
    "finished",
    "lobby",
    "running",
}


def check_my_game_status(value: str) -> MyGameStatus:
    if value in MY_GAME_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MY_GAME_STATUS_VALUES!r}")
