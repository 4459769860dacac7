from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CardCopies")


@_attrs_define
class CardCopies:
    suit: int
    """ Index into suits """
    rank: int
    """ 1 to 5 (7: Up or Down's START) """
    copies: int
    """ How many cards of this identity the deck holds """

    def to_dict(self) -> dict[str, Any]:
        suit = self.suit

        rank = self.rank

        copies = self.copies

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "suit": suit,
                "rank": rank,
                "copies": copies,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        suit = d.pop("suit")

        rank = d.pop("rank")

        copies = d.pop("copies")

        card_copies = cls(
            suit=suit,
            rank=rank,
            copies=copies,
        )

        return card_copies
