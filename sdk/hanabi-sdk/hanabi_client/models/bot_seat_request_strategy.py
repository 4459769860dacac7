from typing import Literal

BotSeatRequestStrategy = Literal["basic", "hat", "random"]

BOT_SEAT_REQUEST_STRATEGY_VALUES: set[BotSeatRequestStrategy] = {
    "basic",
    "hat",
    "random",
}


def check_bot_seat_request_strategy(value: str) -> BotSeatRequestStrategy:
    if value in BOT_SEAT_REQUEST_STRATEGY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {BOT_SEAT_REQUEST_STRATEGY_VALUES!r}")
