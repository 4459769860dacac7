from typing import Literal

TokenScopesItem = Literal["apps", "games:write", "play", "read", "tokens", "webhooks"]

TOKEN_SCOPES_ITEM_VALUES: set[TokenScopesItem] = {
    "apps",
    "games:write",
    "play",
    "read",
    "tokens",
    "webhooks",
}


def check_token_scopes_item(value: str) -> TokenScopesItem:
    if value in TOKEN_SCOPES_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TOKEN_SCOPES_ITEM_VALUES!r}")
