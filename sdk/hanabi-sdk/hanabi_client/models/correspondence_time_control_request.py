from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.correspondence_time_control_request_on_timeout import (
    CorrespondenceTimeControlRequestOnTimeout,
    check_correspondence_time_control_request_on_timeout,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="CorrespondenceTimeControlRequest")


@_attrs_define
class CorrespondenceTimeControlRequest:
    kind: Literal["correspondence"]
    days: int
    """ correspondence """
    on_timeout: CorrespondenceTimeControlRequestOnTimeout | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        days = self.days

        on_timeout: str | Unset = UNSET
        if not isinstance(self.on_timeout, Unset):
            on_timeout = self.on_timeout

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "days": days,
            }
        )
        if on_timeout is not UNSET:
            field_dict["on_timeout"] = on_timeout

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["correspondence"], d.pop("kind"))
        if kind != "correspondence":
            raise ValueError(f"kind must match const 'correspondence', got '{kind}'")

        days = d.pop("days")

        _on_timeout = d.pop("on_timeout", UNSET)
        on_timeout: CorrespondenceTimeControlRequestOnTimeout | Unset
        if isinstance(_on_timeout, Unset):
            on_timeout = UNSET
        else:
            on_timeout = check_correspondence_time_control_request_on_timeout(_on_timeout)

        correspondence_time_control_request = cls(
            kind=kind,
            days=days,
            on_timeout=on_timeout,
        )

        return correspondence_time_control_request
