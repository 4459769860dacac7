from typing import Literal

SeatPlanRequestKind = Literal["account", "bot", "open"]

SEAT_PLAN_REQUEST_KIND_VALUES: set[SeatPlanRequestKind] = {
    "account",
    "bot",
    "open",
}


def check_seat_plan_request_kind(value: str) -> SeatPlanRequestKind:
    if value in SEAT_PLAN_REQUEST_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SEAT_PLAN_REQUEST_KIND_VALUES!r}")
