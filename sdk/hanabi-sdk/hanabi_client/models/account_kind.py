from typing import Literal

AccountKind = Literal["app", "bot", "human"]

ACCOUNT_KIND_VALUES: set[AccountKind] = {
    "app",
    "bot",
    "human",
}


def check_account_kind(value: str) -> AccountKind:
    if value in ACCOUNT_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ACCOUNT_KIND_VALUES!r}")
