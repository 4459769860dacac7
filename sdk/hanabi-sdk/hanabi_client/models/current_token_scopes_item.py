from typing import Literal

CurrentTokenScopesItem = Literal["apps", "games:write", "play", "read", "tokens", "webhooks"]

CURRENT_TOKEN_SCOPES_ITEM_VALUES: set[CurrentTokenScopesItem] = {
    "apps",
    "games:write",
    "play",
    "read",
    "tokens",
    "webhooks",
}


def check_current_token_scopes_item(value: str) -> CurrentTokenScopesItem:
    if value in CURRENT_TOKEN_SCOPES_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CURRENT_TOKEN_SCOPES_ITEM_VALUES!r}")
