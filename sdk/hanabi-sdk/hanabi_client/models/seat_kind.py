from typing import Literal

SeatKind = Literal["account", "bot", "imported", "open", "reserved"]

SEAT_KIND_VALUES: set[SeatKind] = {
    "account",
    "bot",
    "imported",
    "open",
    "reserved",
}


def check_seat_kind(value: str) -> SeatKind:
    if value in SEAT_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SEAT_KIND_VALUES!r}")
