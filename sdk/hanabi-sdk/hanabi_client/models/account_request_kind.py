from typing import Literal

AccountRequestKind = Literal["app", "bot", "human"]

ACCOUNT_REQUEST_KIND_VALUES: set[AccountRequestKind] = {
    "app",
    "bot",
    "human",
}


def check_account_request_kind(value: str) -> AccountRequestKind:
    if value in ACCOUNT_REQUEST_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ACCOUNT_REQUEST_KIND_VALUES!r}")
