from typing import Literal

SessionScopesItem = Literal["apps", "games:write", "play", "read", "tokens", "webhooks"]

SESSION_SCOPES_ITEM_VALUES: set[SessionScopesItem] = {
    "apps",
    "games:write",
    "play",
    "read",
    "tokens",
    "webhooks",
}


def check_session_scopes_item(value: str) -> SessionScopesItem:
    if value in SESSION_SCOPES_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SESSION_SCOPES_ITEM_VALUES!r}")
