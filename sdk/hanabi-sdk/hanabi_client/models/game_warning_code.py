from typing import Literal

GameWarningCode = Literal["team_only_bot"]

GAME_WARNING_CODE_VALUES: set[GameWarningCode] = {
    "team_only_bot",
}


def check_game_warning_code(value: str) -> GameWarningCode:
    if value in GAME_WARNING_CODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GAME_WARNING_CODE_VALUES!r}")
