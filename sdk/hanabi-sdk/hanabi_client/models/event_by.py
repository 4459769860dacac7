from typing import Literal

EventBy = Literal["server_timeout"]

EVENT_BY_VALUES: set[EventBy] = {
    "server_timeout",
}


def check_event_by(value: str) -> EventBy:
    if value in EVENT_BY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EVENT_BY_VALUES!r}")
