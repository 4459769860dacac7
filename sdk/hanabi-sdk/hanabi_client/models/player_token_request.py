from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.player_token_request_scopes_item import (
    PlayerTokenRequestScopesItem,
    check_player_token_request_scopes_item,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="PlayerTokenRequest")


@_attrs_define
class PlayerTokenRequest:
    scopes: list[PlayerTokenRequestScopesItem] | Unset = UNSET
    """ What the token may do (default: read, play, games:write); any scope but apps """
    seconds: int | Unset = UNSET
    """ The token stops working after this many seconds (default: when revoked), and when your token does """

    def to_dict(self) -> dict[str, Any]:
        scopes: list[str] | Unset = UNSET
        if not isinstance(self.scopes, Unset):
            scopes = []
            for scopes_item_data in self.scopes:
                scopes_item: str = scopes_item_data
                scopes.append(scopes_item)

        seconds = self.seconds

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if scopes is not UNSET:
            field_dict["scopes"] = scopes
        if seconds is not UNSET:
            field_dict["seconds"] = seconds

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _scopes = d.pop("scopes", UNSET)
        scopes: list[PlayerTokenRequestScopesItem] | Unset = UNSET
        if _scopes is not UNSET:
            scopes = []
            for scopes_item_data in _scopes:
                scopes_item = check_player_token_request_scopes_item(scopes_item_data)

                scopes.append(scopes_item)

        seconds = d.pop("seconds", UNSET)

        player_token_request = cls(
            scopes=scopes,
            seconds=seconds,
        )

        return player_token_request
