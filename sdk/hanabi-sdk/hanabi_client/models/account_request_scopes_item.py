from typing import Literal

AccountRequestScopesItem = Literal["apps", "games:write", "play", "read", "tokens", "webhooks"]

ACCOUNT_REQUEST_SCOPES_ITEM_VALUES: set[AccountRequestScopesItem] = {
    "apps",
    "games:write",
    "play",
    "read",
    "tokens",
    "webhooks",
}


def check_account_request_scopes_item(value: str) -> AccountRequestScopesItem:
    if value in ACCOUNT_REQUEST_SCOPES_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ACCOUNT_REQUEST_SCOPES_ITEM_VALUES!r}")
