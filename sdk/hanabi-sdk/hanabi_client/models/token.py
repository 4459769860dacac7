from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.token_scopes_item import TokenScopesItem, check_token_scopes_item

T = TypeVar("T", bound="Token")


@_attrs_define
class Token:
    token: str
    """ The new API token, shown only in this response """
    account: str
    """ The account's name """
    scopes: list[TokenScopesItem]
    """ What the token may do """

    def to_dict(self) -> dict[str, Any]:
        token = self.token

        account = self.account

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item: str = scopes_item_data
            scopes.append(scopes_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "token": token,
                "account": account,
                "scopes": scopes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        token = d.pop("token")

        account = d.pop("account")

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = check_token_scopes_item(scopes_item_data)

            scopes.append(scopes_item)

        token = cls(
            token=token,
            account=account,
            scopes=scopes,
        )

        return token
