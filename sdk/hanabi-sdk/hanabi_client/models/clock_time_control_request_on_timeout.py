from typing import Literal

ClockTimeControlRequestOnTimeout = Literal["end", "move"]

CLOCK_TIME_CONTROL_REQUEST_ON_TIMEOUT_VALUES: set[ClockTimeControlRequestOnTimeout] = {
    "end",
    "move",
}


def check_clock_time_control_request_on_timeout(value: str) -> ClockTimeControlRequestOnTimeout:
    if value in CLOCK_TIME_CONTROL_REQUEST_ON_TIMEOUT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CLOCK_TIME_CONTROL_REQUEST_ON_TIMEOUT_VALUES!r}")
