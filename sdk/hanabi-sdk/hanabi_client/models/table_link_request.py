from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="TableLinkRequest")


@_attrs_define
class TableLinkRequest:
    game_id: int
    seconds: int | Unset = UNSET
    """ How long the link works (default 3600); never past the end of the token that asks for it. Default: 3600. """

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        seconds = self.seconds

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
            }
        )
        if seconds is not UNSET:
            field_dict["seconds"] = seconds

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        seconds = d.pop("seconds", UNSET)

        table_link_request = cls(
            game_id=game_id,
            seconds=seconds,
        )

        return table_link_request
