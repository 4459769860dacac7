from typing import Literal

LinkScopesItem = Literal["apps", "games:write", "play", "read", "tokens", "webhooks"]

LINK_SCOPES_ITEM_VALUES: set[LinkScopesItem] = {
    "apps",
    "games:write",
    "play",
    "read",
    "tokens",
    "webhooks",
}


def check_link_scopes_item(value: str) -> LinkScopesItem:
    if value in LINK_SCOPES_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LINK_SCOPES_ITEM_VALUES!r}")
