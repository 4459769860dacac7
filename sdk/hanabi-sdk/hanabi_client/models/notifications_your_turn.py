from typing import Literal

NotificationsYourTurn = Literal["daily", "immediately", "off"]

NOTIFICATIONS_YOUR_TURN_VALUES: set[NotificationsYourTurn] = {
    "daily",
    "immediately",
    "off",
}


def check_notifications_your_turn(value: str) -> NotificationsYourTurn:
    if value in NOTIFICATIONS_YOUR_TURN_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {NOTIFICATIONS_YOUR_TURN_VALUES!r}")
