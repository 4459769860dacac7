from typing import Literal

NewAccountKind = Literal["app", "bot", "human"]

NEW_ACCOUNT_KIND_VALUES: set[NewAccountKind] = {
    "app",
    "bot",
    "human",
}


def check_new_account_kind(value: str) -> NewAccountKind:
    if value in NEW_ACCOUNT_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {NEW_ACCOUNT_KIND_VALUES!r}")
