from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Card")


@_attrs_define
class Card:
    id: int
    """ The card's id (its position in the deck) """
    suit: int
    """ Index into suits """
    rank: int
    """ 1 to 5 (7: Up or Down's START) """

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        suit = self.suit

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

        suit = d.pop("suit")

        rank = d.pop("rank")

        card = cls(
            id=id,
            suit=suit,
            rank=rank,
        )

        return card
