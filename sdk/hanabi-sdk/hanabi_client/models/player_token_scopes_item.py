from typing import Literal

PlayerTokenScopesItem = Literal["apps", "games:write", "play", "read", "tokens", "webhooks"]

PLAYER_TOKEN_SCOPES_ITEM_VALUES: set[PlayerTokenScopesItem] = {
    "apps",
    "games:write",
    "play",
    "read",
    "tokens",
    "webhooks",
}


def check_player_token_scopes_item(value: str) -> PlayerTokenScopesItem:
    if value in PLAYER_TOKEN_SCOPES_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLAYER_TOKEN_SCOPES_ITEM_VALUES!r}")
