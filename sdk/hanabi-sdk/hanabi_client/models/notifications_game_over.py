from typing import Literal

NotificationsGameOver = Literal["daily", "immediately", "off"]

NOTIFICATIONS_GAME_OVER_VALUES: set[NotificationsGameOver] = {
    "daily",
    "immediately",
    "off",
}


def check_notifications_game_over(value: str) -> NotificationsGameOver:
    if value in NOTIFICATIONS_GAME_OVER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {NOTIFICATIONS_GAME_OVER_VALUES!r}")
