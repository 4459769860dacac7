from typing import Literal

DeliveryType = Literal["game_over", "game_started", "invited", "your_turn"]

DELIVERY_TYPE_VALUES: set[DeliveryType] = {
    "game_over",
    "game_started",
    "invited",
    "your_turn",
}


def check_delivery_type(value: str) -> DeliveryType:
    if value in DELIVERY_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DELIVERY_TYPE_VALUES!r}")
