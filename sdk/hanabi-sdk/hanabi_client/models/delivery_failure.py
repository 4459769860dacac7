from typing import Literal

DeliveryFailure = Literal["blocked", "connection_failed", "http_status", "timeout"]

DELIVERY_FAILURE_VALUES: set[DeliveryFailure] = {
    "blocked",
    "connection_failed",
    "http_status",
    "timeout",
}


def check_delivery_failure(value: str) -> DeliveryFailure:
    if value in DELIVERY_FAILURE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DELIVERY_FAILURE_VALUES!r}")
