from typing import Literal

ClueKind = Literal["color", "rank"]

CLUE_KIND_VALUES: set[ClueKind] = {
    "color",
    "rank",
}


def check_clue_kind(value: str) -> ClueKind:
    if value in CLUE_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CLUE_KIND_VALUES!r}")
