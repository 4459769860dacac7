from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.clock_time_control_request_on_timeout import (
    ClockTimeControlRequestOnTimeout,
    check_clock_time_control_request_on_timeout,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="ClockTimeControlRequest")


@_attrs_define
class ClockTimeControlRequest:
    kind: Literal["clock"]
    base_seconds: int
    """ clock """
    increment_seconds: int
    """ clock """
    on_timeout: ClockTimeControlRequestOnTimeout | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        base_seconds = self.base_seconds

        increment_seconds = self.increment_seconds

        on_timeout: str | Unset = UNSET
        if not isinstance(self.on_timeout, Unset):
            on_timeout = self.on_timeout

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "base_seconds": base_seconds,
                "increment_seconds": increment_seconds,
            }
        )
        if on_timeout is not UNSET:
            field_dict["on_timeout"] = on_timeout

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["clock"], d.pop("kind"))
        if kind != "clock":
            raise ValueError(f"kind must match const 'clock', got '{kind}'")

        base_seconds = d.pop("base_seconds")

        increment_seconds = d.pop("increment_seconds")

        _on_timeout = d.pop("on_timeout", UNSET)
        on_timeout: ClockTimeControlRequestOnTimeout | Unset
        if isinstance(_on_timeout, Unset):
            on_timeout = UNSET
        else:
            on_timeout = check_clock_time_control_request_on_timeout(_on_timeout)

        clock_time_control_request = cls(
            kind=kind,
            base_seconds=base_seconds,
            increment_seconds=increment_seconds,
            on_timeout=on_timeout,
        )

        return clock_time_control_request
