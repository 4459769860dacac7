from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ClueMark")


@_attrs_define
class ClueMark:
    turn: int
    seat: int
    kind: None | str
    """ color or rank; null when hidden from you (Duck) """
    value: int | None
    """ null when hidden from you (Cow & Pig, Duck) """

    def to_dict(self) -> dict[str, Any]:
        turn = self.turn

        seat = self.seat

        kind: None | str
        kind = self.kind

        value: int | None
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

        def _parse_kind(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        kind = _parse_kind(d.pop("kind"))

        def _parse_value(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        value = _parse_value(d.pop("value"))

        clue_mark = cls(
            turn=turn,
            seat=seat,
            kind=kind,
            value=value,
        )

        return clue_mark
