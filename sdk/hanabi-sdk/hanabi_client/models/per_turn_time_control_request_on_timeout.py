from typing import Literal

PerTurnTimeControlRequestOnTimeout = Literal["end", "move"]

PER_TURN_TIME_CONTROL_REQUEST_ON_TIMEOUT_VALUES: set[PerTurnTimeControlRequestOnTimeout] = {
    "end",
    "move",
}


def check_per_turn_time_control_request_on_timeout(value: str) -> PerTurnTimeControlRequestOnTimeout:
    if value in PER_TURN_TIME_CONTROL_REQUEST_ON_TIMEOUT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PER_TURN_TIME_CONTROL_REQUEST_ON_TIMEOUT_VALUES!r}")
