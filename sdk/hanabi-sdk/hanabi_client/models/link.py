from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.link_scopes_item import LinkScopesItem, check_link_scopes_item

T = TypeVar("T", bound="Link")


@_attrs_define
class Link:
    url: str
    """ The table's address, the token in its fragment: the `src` of an iframe """
    token: str
    """ The link's token, shown only in this response """
    game_id: int
    scopes: list[LinkScopesItem]
    expires_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        token = self.token

        game_id = self.game_id

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item: str = scopes_item_data
            scopes.append(scopes_item)

        expires_at = self.expires_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
                "token": token,
                "game_id": game_id,
                "scopes": scopes,
                "expires_at": expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        token = d.pop("token")

        game_id = d.pop("game_id")

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = check_link_scopes_item(scopes_item_data)

            scopes.append(scopes_item)

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        link = cls(
            url=url,
            token=token,
            game_id=game_id,
            scopes=scopes,
            expires_at=expires_at,
        )

        return link
