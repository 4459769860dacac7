from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ClueMark")


@_attrs_define
class ClueMark:
    turn: int
    seat: int
    kind: str
    """ color or rank """
    value: int

    def to_dict(self) -> dict[str, Any]:
        turn = self.turn

        seat = self.seat

        kind = self.kind

        value = self.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "turn": turn,
                "seat": seat,
                "kind": kind,
                "value": value,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        turn = d.pop("turn")

        seat = d.pop("seat")

        kind = d.pop("kind")

        value = d.pop("value")

        clue_mark = cls(
            turn=turn,
            seat=seat,
            kind=kind,
            value=value,
        )

        return clue_mark
