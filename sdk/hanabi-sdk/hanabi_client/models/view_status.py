from typing import Literal

ViewStatus = Literal["finished", "running"]

VIEW_STATUS_VALUES: set[ViewStatus] = {
    "finished",
    "running",
}


def check_view_status(value: str) -> ViewStatus:
    if value in VIEW_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {VIEW_STATUS_VALUES!r}")
