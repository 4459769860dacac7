from typing import Literal

TimeControlRequestKind = Literal["clock", "correspondence", "none", "per_turn"]

TIME_CONTROL_REQUEST_KIND_VALUES: set[TimeControlRequestKind] = {
    "clock",
    "correspondence",
    "none",
    "per_turn",
}


def check_time_control_request_kind(value: str) -> TimeControlRequestKind:
    if value in TIME_CONTROL_REQUEST_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TIME_CONTROL_REQUEST_KIND_VALUES!r}")
