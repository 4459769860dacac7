from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.token_request_scopes_item import TokenRequestScopesItem, check_token_request_scopes_item
from ..types import UNSET, Unset

T = TypeVar("T", bound="TokenRequest")


@_attrs_define
class TokenRequest:
    scopes: list[TokenRequestScopesItem] | Unset = UNSET
    """ What the token may do (default: every scope of the token making the request): `read`, `play`, `games:write`,
    `webhooks`, `tokens`, `apps`; at most the scopes of that token """

    def to_dict(self) -> dict[str, Any]:
        scopes: list[str] | Unset = UNSET
        if not isinstance(self.scopes, Unset):
            scopes = []
            for scopes_item_data in self.scopes:
                scopes_item: str = scopes_item_data
                scopes.append(scopes_item)

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if scopes is not UNSET:
            field_dict["scopes"] = scopes

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _scopes = d.pop("scopes", UNSET)
        scopes: list[TokenRequestScopesItem] | Unset = UNSET
        if _scopes is not UNSET:
            scopes = []
            for scopes_item_data in _scopes:
                scopes_item = check_token_request_scopes_item(scopes_item_data)

                scopes.append(scopes_item)

        token_request = cls(
            scopes=scopes,
        )

        return token_request
