from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.end_condition import EndCondition, check_end_condition
from ..models.moved_by import MovedBy, check_moved_by
from ..types import UNSET, Unset

T = TypeVar("T", bound="EndGameEvent")


@_attrs_define
class EndGameEvent:
    type_: Literal["end_game"]
    turn: int
    """ The turn the action was taken on (0 is the first) """
    condition: EndCondition
    """ How a game ended, as hanab.live names it; in_progress while it runs """
    seq: int
    seat: int | None
    created_at: datetime.datetime
    by: MovedBy | Unset = UNSET
    """ Who made a move for its seat: server_timeout, when the seat's time ran out """

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        turn = self.turn

        condition: str = self.condition

        seq = self.seq

        seat: int | None
        seat = self.seat

        created_at = self.created_at.isoformat()

        by: str | Unset = UNSET
        if not isinstance(self.by, Unset):
            by = self.by

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "turn": turn,
                "condition": condition,
                "seq": seq,
                "seat": seat,
                "created_at": created_at,
            }
        )
        if by is not UNSET:
            field_dict["by"] = by

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["end_game"], d.pop("type"))
        if type_ != "end_game":
            raise ValueError(f"type must match const 'end_game', got '{type_}'")

        turn = d.pop("turn")

        condition = check_end_condition(d.pop("condition"))

        seq = d.pop("seq")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        _by = d.pop("by", UNSET)
        by: MovedBy | Unset
        if isinstance(_by, Unset):
            by = UNSET
        else:
            by = check_moved_by(_by)

        end_game_event = cls(
            type_=type_,
            turn=turn,
            condition=condition,
            seq=seq,
            seat=seat,
            created_at=created_at,
            by=by,
        )

        return end_game_event
