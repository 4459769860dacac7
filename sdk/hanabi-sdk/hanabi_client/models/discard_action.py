from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="DiscardAction")


@_attrs_define
class DiscardAction:
    kind: Literal["discard"]
    seat: int
    """ Your seat """
    card: int

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        seat = self.seat

        card = self.card

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "seat": seat,
                "card": card,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["discard"], d.pop("kind"))
        if kind != "discard":
            raise ValueError(f"kind must match const 'discard', got '{kind}'")

        seat = d.pop("seat")

        card = d.pop("card")

        discard_action = cls(
            kind=kind,
            seat=seat,
            card=card,
        )

        return discard_action
