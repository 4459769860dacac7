from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.dealt_card import DealtCard


T = TypeVar("T", bound="GameStartedEvent")


@_attrs_define
class GameStartedEvent:
    type_: Literal["game_started"]
    seq: int
    seat: int | None
    created_at: datetime.datetime
    hands: list[list[DealtCard]]

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        seq = self.seq

        seat: int | None
        seat = self.seat

        created_at = self.created_at.isoformat()

        hands = []
        for hands_item_data in self.hands:
            hands_item = []
            for hands_item_item_data in hands_item_data:
                hands_item_item = hands_item_item_data.to_dict()
                hands_item.append(hands_item_item)

            hands.append(hands_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "seq": seq,
                "seat": seat,
                "created_at": created_at,
                "hands": hands,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.dealt_card import DealtCard  # noqa: PLC0415

        d = dict(src_dict)
        type_ = cast(Literal["game_started"], d.pop("type"))
        if type_ != "game_started":
            raise ValueError(f"type must match const 'game_started', got '{type_}'")

        seq = d.pop("seq")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = []
            _hands_item = hands_item_data
            for hands_item_item_data in _hands_item:
                hands_item_item = DealtCard.from_dict(hands_item_item_data)

                hands_item.append(hands_item_item)

            hands.append(hands_item)

        game_started_event = cls(
            type_=type_,
            seq=seq,
            seat=seat,
            created_at=created_at,
            hands=hands,
        )

        return game_started_event
