from typing import Literal

PlayerTokenRequestScopesItem = Literal["games:write", "play", "read", "tokens", "webhooks"]

PLAYER_TOKEN_REQUEST_SCOPES_ITEM_VALUES: set[PlayerTokenRequestScopesItem] = {
    "games:write",
    "play",
    "read",
    "tokens",
    "webhooks",
}


def check_player_token_request_scopes_item(value: str) -> PlayerTokenRequestScopesItem:
    if value in PLAYER_TOKEN_REQUEST_SCOPES_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLAYER_TOKEN_REQUEST_SCOPES_ITEM_VALUES!r}")
