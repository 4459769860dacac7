from typing import Literal

TokenRequestScopesItem = Literal["apps", "games:write", "play", "read", "tokens", "webhooks"]

TOKEN_REQUEST_SCOPES_ITEM_VALUES: set[TokenRequestScopesItem] = {
    "apps",
    "games:write",
    "play",
    "read",
    "tokens",
    "webhooks",
}


def check_token_request_scopes_item(value: str) -> TokenRequestScopesItem:
    if value in TOKEN_REQUEST_SCOPES_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TOKEN_REQUEST_SCOPES_ITEM_VALUES!r}")
