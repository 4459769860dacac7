from typing import Literal

InboxSection = Literal["finished", "invited", "lobby", "their_turn", "your_turn"]

INBOX_SECTION_VALUES: set[InboxSection] = {
    "finished",
    "invited",
    "lobby",
    "their_turn",
    "your_turn",
}


def check_inbox_section(value: str) -> InboxSection:
    if value in INBOX_SECTION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {INBOX_SECTION_VALUES!r}")
