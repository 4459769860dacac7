from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="InvitedAccountEvent")


@_attrs_define
class InvitedAccountEvent:
    type_: Literal["invited"]
    id: int
    """ Your events are numbered 1, 2, 3, ...; pass the last as `after` """
    game_id: int
    """ Every type but stream_started """
    created_at: datetime.datetime
    seat: int
    """ invited, your_turn: your seat (from 0) """
    by: None | str
    """ invited: who created the game """

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        id = self.id

        game_id = self.game_id

        created_at = self.created_at.isoformat()

        seat = self.seat

        by: None | str
        by = self.by

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "id": id,
                "game_id": game_id,
                "created_at": created_at,
                "seat": seat,
                "by": by,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["invited"], d.pop("type"))
        if type_ != "invited":
            raise ValueError(f"type must match const 'invited', got '{type_}'")

        id = d.pop("id")

        game_id = d.pop("game_id")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        seat = d.pop("seat")

        def _parse_by(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        by = _parse_by(d.pop("by"))

        invited_account_event = cls(
            type_=type_,
            id=id,
            game_id=game_id,
            created_at=created_at,
            seat=seat,
            by=by,
        )

        return invited_account_event
