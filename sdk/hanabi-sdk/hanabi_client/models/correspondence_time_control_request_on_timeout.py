from typing import Literal

CorrespondenceTimeControlRequestOnTimeout = Literal["end", "move"]

CORRESPONDENCE_TIME_CONTROL_REQUEST_ON_TIMEOUT_VALUES: set[CorrespondenceTimeControlRequestOnTimeout] = {
    "end",
    "move",
}


def check_correspondence_time_control_request_on_timeout(value: str) -> CorrespondenceTimeControlRequestOnTimeout:
    if value in CORRESPONDENCE_TIME_CONTROL_REQUEST_ON_TIMEOUT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CORRESPONDENCE_TIME_CONTROL_REQUEST_ON_TIMEOUT_VALUES!r}"
    )
