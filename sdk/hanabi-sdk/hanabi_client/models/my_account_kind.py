from typing import Literal

MyAccountKind = Literal["app", "bot", "human"]

MY_ACCOUNT_KIND_VALUES: set[MyAccountKind] = {
    "app",
    "bot",
    "human",
}


def check_my_account_kind(value: str) -> MyAccountKind:
    if value in MY_ACCOUNT_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MY_ACCOUNT_KIND_VALUES!r}")
