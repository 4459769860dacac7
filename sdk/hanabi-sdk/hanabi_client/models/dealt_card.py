from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="DealtCard")


@_attrs_define
class DealtCard:
    id: int
    suit: int | None
    """ null for your own cards while the game runs """
    rank: int | None
    """ null for your own cards while the game runs """

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        suit: int | None
        suit = self.suit

        rank: int | None
        rank = self.rank

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "suit": suit,
                "rank": rank,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_suit(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        suit = _parse_suit(d.pop("suit"))

        def _parse_rank(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rank = _parse_rank(d.pop("rank"))

        dealt_card = cls(
            id=id,
            suit=suit,
            rank=rank,
        )

        return dealt_card
