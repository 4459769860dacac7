from typing import Literal

NewAccountScopesItem = Literal["apps", "games:write", "play", "read", "tokens", "webhooks"]

NEW_ACCOUNT_SCOPES_ITEM_VALUES: set[NewAccountScopesItem] = {
    "apps",
    "games:write",
    "play",
    "read",
    "tokens",
    "webhooks",
}


def check_new_account_scopes_item(value: str) -> NewAccountScopesItem:
    if value in NEW_ACCOUNT_SCOPES_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {NEW_ACCOUNT_SCOPES_ITEM_VALUES!r}")
