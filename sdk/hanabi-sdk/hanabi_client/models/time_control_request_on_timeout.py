from typing import Literal

TimeControlRequestOnTimeout = Literal["end", "move"]

TIME_CONTROL_REQUEST_ON_TIMEOUT_VALUES: set[TimeControlRequestOnTimeout] = {
    "end",
    "move",
}


def check_time_control_request_on_timeout(value: str) -> TimeControlRequestOnTimeout:
    if value in TIME_CONTROL_REQUEST_ON_TIMEOUT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TIME_CONTROL_REQUEST_ON_TIMEOUT_VALUES!r}")
