from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ColorClueAction")


@_attrs_define
class ColorClueAction:
    kind: Literal["color_clue"]
    seat: int
    """ Your seat """
    target: int
    color: int

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        seat = self.seat

        target = self.target

        color = self.color

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "seat": seat,
                "target": target,
                "color": color,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["color_clue"], d.pop("kind"))
        if kind != "color_clue":
            raise ValueError(f"kind must match const 'color_clue', got '{kind}'")

        seat = d.pop("seat")

        target = d.pop("target")

        color = d.pop("color")

        color_clue_action = cls(
            kind=kind,
            seat=seat,
            target=target,
            color=color,
        )

        return color_clue_action
