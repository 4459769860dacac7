from typing import Literal

ClueMarkKind = Literal["clue", "color_clue", "rank_clue"]

CLUE_MARK_KIND_VALUES: set[ClueMarkKind] = {
    "clue",
    "color_clue",
    "rank_clue",
}


def check_clue_mark_kind(value: str) -> ClueMarkKind:
    if value in CLUE_MARK_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CLUE_MARK_KIND_VALUES!r}")
