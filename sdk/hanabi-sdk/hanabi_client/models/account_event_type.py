from typing import Literal

AccountEventType = Literal["chat", "game_over", "game_started", "invited", "stream_started", "your_turn"]

ACCOUNT_EVENT_TYPE_VALUES: set[AccountEventType] = {
    "chat",
    "game_over",
    "game_started",
    "invited",
    "stream_started",
    "your_turn",
}


def check_account_event_type(value: str) -> AccountEventType:
    if value in ACCOUNT_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ACCOUNT_EVENT_TYPE_VALUES!r}")
