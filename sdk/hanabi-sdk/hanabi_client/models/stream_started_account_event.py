from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="StreamStartedAccountEvent")


@_attrs_define
class StreamStartedAccountEvent:
    type_: Literal["stream_started"]
    id: int
    """ Your events are numbered 1, 2, 3, ...; pass the last as `after` """

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        id = self.id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "id": id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["stream_started"], d.pop("type"))
        if type_ != "stream_started":
            raise ValueError(f"type must match const 'stream_started', got '{type_}'")

        id = d.pop("id")

        stream_started_account_event = cls(
            type_=type_,
            id=id,
        )

        return stream_started_account_event
