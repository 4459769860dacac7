from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SeatJoinedEvent")


@_attrs_define
class SeatJoinedEvent:
    type_: Literal["seat_joined"]
    seq: int
    seat: int | None
    created_at: datetime.datetime
    account: None | str

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        seq = self.seq

        seat: int | None
        seat = self.seat

        created_at = self.created_at.isoformat()

        account: None | str
        account = self.account

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "seq": seq,
                "seat": seat,
                "created_at": created_at,
                "account": account,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["seat_joined"], d.pop("type"))
        if type_ != "seat_joined":
            raise ValueError(f"type must match const 'seat_joined', got '{type_}'")

        seq = d.pop("seq")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_account(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        account = _parse_account(d.pop("account"))

        seat_joined_event = cls(
            type_=type_,
            seq=seq,
            seat=seat,
            created_at=created_at,
            account=account,
        )

        return seat_joined_event
