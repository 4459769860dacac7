from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.per_turn_time_control_request_on_timeout import (
    PerTurnTimeControlRequestOnTimeout,
    check_per_turn_time_control_request_on_timeout,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="PerTurnTimeControlRequest")


@_attrs_define
class PerTurnTimeControlRequest:
    kind: Literal["per_turn"]
    seconds: int
    """ per_turn """
    on_timeout: PerTurnTimeControlRequestOnTimeout | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        seconds = self.seconds

        on_timeout: str | Unset = UNSET
        if not isinstance(self.on_timeout, Unset):
            on_timeout = self.on_timeout

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "seconds": seconds,
            }
        )
        if on_timeout is not UNSET:
            field_dict["on_timeout"] = on_timeout

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["per_turn"], d.pop("kind"))
        if kind != "per_turn":
            raise ValueError(f"kind must match const 'per_turn', got '{kind}'")

        seconds = d.pop("seconds")

        _on_timeout = d.pop("on_timeout", UNSET)
        on_timeout: PerTurnTimeControlRequestOnTimeout | Unset
        if isinstance(_on_timeout, Unset):
            on_timeout = UNSET
        else:
            on_timeout = check_per_turn_time_control_request_on_timeout(_on_timeout)

        per_turn_time_control_request = cls(
            kind=kind,
            seconds=seconds,
            on_timeout=on_timeout,
        )

        return per_turn_time_control_request
