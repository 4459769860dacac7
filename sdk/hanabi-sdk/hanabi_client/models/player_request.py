from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.player_request_kind import PlayerRequestKind, check_player_request_kind
from ..types import UNSET, Unset

T = TypeVar("T", bound="PlayerRequest")


@_attrs_define
class PlayerRequest:
    user: str
    """ Your name for the user; the account is named `<app>/<user>` """
    kind: PlayerRequestKind | Unset = UNSET
    """ Default: "human". """

    def to_dict(self) -> dict[str, Any]:
        user = self.user

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "user": user,
            }
        )
        if kind is not UNSET:
            field_dict["kind"] = kind

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        user = d.pop("user")

        _kind = d.pop("kind", UNSET)
        kind: PlayerRequestKind | Unset
        if isinstance(_kind, Unset):
            kind = UNSET
        else:
            kind = check_player_request_kind(_kind)

        player_request = cls(
            user=user,
            kind=kind,
        )

        return player_request
