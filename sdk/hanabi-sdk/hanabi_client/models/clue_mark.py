from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.clue_kind import ClueKind, check_clue_kind
from ..models.clue_mark_kind import ClueMarkKind, check_clue_mark_kind

T = TypeVar("T", bound="ClueMark")


@_attrs_define
class ClueMark:
    turn: int
    """ The turn of the clue (its history entry's turn) """
    seat: int
    """ The seat that gave the clue """
    kind: ClueMarkKind
    """ color_clue or rank_clue; clue when its kind is hidden from you (Duck) """
    clue_kind: ClueKind | None
    """ color or rank; null when hidden from you (Duck) """
    value: int | None
    """ The index into clue_colors of a color clue, the rank of a rank clue; null when hidden from you (Cow & Pig,
    Duck) """

    def to_dict(self) -> dict[str, Any]:
        turn = self.turn

        seat = self.seat

        kind: str = self.kind

        clue_kind: None | str
        if isinstance(self.clue_kind, str):
            clue_kind = self.clue_kind
        else:
            clue_kind = self.clue_kind

        value: int | None
        value = self.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "turn": turn,
                "seat": seat,
                "kind": kind,
                "clue_kind": clue_kind,
                "value": value,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        turn = d.pop("turn")

        seat = d.pop("seat")

        kind = check_clue_mark_kind(d.pop("kind"))

        def _parse_clue_kind(data: object) -> ClueKind | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                clue_kind_type_0 = check_clue_kind(data)

                return clue_kind_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClueKind | None, data)

        clue_kind = _parse_clue_kind(d.pop("clue_kind"))

        def _parse_value(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        value = _parse_value(d.pop("value"))

        clue_mark = cls(
            turn=turn,
            seat=seat,
            kind=kind,
            clue_kind=clue_kind,
            value=value,
        )

        return clue_mark
