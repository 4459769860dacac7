from typing import Literal

DeliveryStatus = Literal["delivered", "failed", "pending"]

DELIVERY_STATUS_VALUES: set[DeliveryStatus] = {
    "delivered",
    "failed",
    "pending",
}


def check_delivery_status(value: str) -> DeliveryStatus:
    if value in DELIVERY_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DELIVERY_STATUS_VALUES!r}")
