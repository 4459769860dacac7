from typing import Literal

ReplayStatus = Literal["finished", "running"]

REPLAY_STATUS_VALUES: set[ReplayStatus] = {
    "finished",
    "running",
}


def check_replay_status(value: str) -> ReplayStatus:
    if value in REPLAY_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {REPLAY_STATUS_VALUES!r}")
