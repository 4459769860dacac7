from typing import Literal

ListEventsWake = Literal["any", "my_turn"]

LIST_EVENTS_WAKE_VALUES: set[ListEventsWake] = {
    "any",
    "my_turn",
}


def check_list_events_wake(value: str) -> ListEventsWake:
    if value in LIST_EVENTS_WAKE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_EVENTS_WAKE_VALUES!r}")
