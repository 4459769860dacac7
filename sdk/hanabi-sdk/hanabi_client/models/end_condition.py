from typing import Literal

EndCondition = Literal[
    "all_or_nothing_fail",
    "all_or_nothing_softlock",
    "character_softlock",
    "idle_timeout",
    "in_progress",
    "normal",
    "speedrun_fail",
    "strikeout",
    "terminated",
    "terminated_by_vote",
    "timeout",
]

END_CONDITION_VALUES: set[EndCondition] = {
    "all_or_nothing_fail",
    "all_or_nothing_softlock",
    "character_softlock",
    "idle_timeout",
    "in_progress",
    "normal",
    "speedrun_fail",
    "strikeout",
    "terminated",
    "terminated_by_vote",
    "timeout",
}


def check_end_condition(value: str) -> EndCondition:
    if value in END_CONDITION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {END_CONDITION_VALUES!r}")
