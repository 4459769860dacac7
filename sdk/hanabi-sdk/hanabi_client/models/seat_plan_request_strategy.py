from typing import Literal

SeatPlanRequestStrategy = Literal["basic", "hat", "random"]

SEAT_PLAN_REQUEST_STRATEGY_VALUES: set[SeatPlanRequestStrategy] = {
    "basic",
    "hat",
    "random",
}


def check_seat_plan_request_strategy(value: str) -> SeatPlanRequestStrategy:
    if value in SEAT_PLAN_REQUEST_STRATEGY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SEAT_PLAN_REQUEST_STRATEGY_VALUES!r}")
