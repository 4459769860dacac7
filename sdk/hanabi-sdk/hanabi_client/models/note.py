from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Note")


@_attrs_define
class Note:
    card: int
    """ The card's id """
    text: str

    def to_dict(self) -> dict[str, Any]:
        card = self.card

        text = self.text

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "card": card,
                "text": text,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = d.pop("card")

        text = d.pop("text")

        note = cls(
            card=card,
            text=text,
        )

        return note
