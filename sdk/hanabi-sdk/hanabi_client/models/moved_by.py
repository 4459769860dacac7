from typing import Literal

MovedBy = Literal["server_timeout"]

MOVED_BY_VALUES: set[MovedBy] = {
    "server_timeout",
}


def check_moved_by(value: str) -> MovedBy:
    if value in MOVED_BY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MOVED_BY_VALUES!r}")
