from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.current_token_scopes_item import CurrentTokenScopesItem, check_current_token_scopes_item

T = TypeVar("T", bound="CurrentToken")


@_attrs_define
class CurrentToken:
    account: str
    """ The account's name """
    scopes: list[CurrentTokenScopesItem]
    """ What the token may do """
    game_id: int | None
    """ The one game the token acts in (a table link); null: any """
    expires_at: datetime.datetime | None
    """ When the token stops working; null: when it is revoked """

    def to_dict(self) -> dict[str, Any]:
        account = self.account

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item: str = scopes_item_data
            scopes.append(scopes_item)

        game_id: int | None
        game_id = self.game_id

        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "account": account,
                "scopes": scopes,
                "game_id": game_id,
                "expires_at": expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        account = d.pop("account")

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = check_current_token_scopes_item(scopes_item_data)

            scopes.append(scopes_item)

        def _parse_game_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        game_id = _parse_game_id(d.pop("game_id"))

        def _parse_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        expires_at = _parse_expires_at(d.pop("expires_at"))

        current_token = cls(
            account=account,
            scopes=scopes,
            game_id=game_id,
            expires_at=expires_at,
        )

        return current_token
