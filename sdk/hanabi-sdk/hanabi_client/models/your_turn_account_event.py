from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="YourTurnAccountEvent")


@_attrs_define
class YourTurnAccountEvent:
    type_: Literal["your_turn"]
    id: int
    """ Your events are numbered 1, 2, 3, ...; pass the last as `after` """
    game_id: int
    """ Every type but stream_started """
    created_at: datetime.datetime
    seat: int
    """ invited, your_turn: your seat (from 0) """
    version: int
    """ The game's version then (pass as expected_version) """
    turn: int

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        id = self.id

        game_id = self.game_id

        created_at = self.created_at.isoformat()

        seat = self.seat

        version = self.version

        turn = self.turn

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "id": id,
                "game_id": game_id,
                "created_at": created_at,
                "seat": seat,
                "version": version,
                "turn": turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["your_turn"], d.pop("type"))
        if type_ != "your_turn":
            raise ValueError(f"type must match const 'your_turn', got '{type_}'")

        id = d.pop("id")

        game_id = d.pop("game_id")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        seat = d.pop("seat")

        version = d.pop("version")

        turn = d.pop("turn")

        your_turn_account_event = cls(
            type_=type_,
            id=id,
            game_id=game_id,
            created_at=created_at,
            seat=seat,
            version=version,
            turn=turn,
        )

        return your_turn_account_event
