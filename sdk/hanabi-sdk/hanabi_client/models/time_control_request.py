from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.time_control_request_kind import TimeControlRequestKind, check_time_control_request_kind
from ..models.time_control_request_on_timeout import TimeControlRequestOnTimeout, check_time_control_request_on_timeout
from ..types import UNSET, Unset

T = TypeVar("T", bound="TimeControlRequest")


@_attrs_define
class TimeControlRequest:
    kind: TimeControlRequestKind
    seconds: int | Unset = UNSET
    """ per_turn """
    days: int | Unset = UNSET
    """ correspondence """
    base_seconds: int | Unset = UNSET
    """ clock """
    increment_seconds: int | Unset = UNSET
    """ clock """
    on_timeout: TimeControlRequestOnTimeout | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        seconds = self.seconds

        days = self.days

        base_seconds = self.base_seconds

        increment_seconds = self.increment_seconds

        on_timeout: str | Unset = UNSET
        if not isinstance(self.on_timeout, Unset):
            on_timeout = self.on_timeout

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
            }
        )
        if seconds is not UNSET:
            field_dict["seconds"] = seconds
        if days is not UNSET:
            field_dict["days"] = days
        if base_seconds is not UNSET:
            field_dict["base_seconds"] = base_seconds
        if increment_seconds is not UNSET:
            field_dict["increment_seconds"] = increment_seconds
        if on_timeout is not UNSET:
            field_dict["on_timeout"] = on_timeout

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = check_time_control_request_kind(d.pop("kind"))

        seconds = d.pop("seconds", UNSET)

        days = d.pop("days", UNSET)

        base_seconds = d.pop("base_seconds", UNSET)

        increment_seconds = d.pop("increment_seconds", UNSET)

        _on_timeout = d.pop("on_timeout", UNSET)
        on_timeout: TimeControlRequestOnTimeout | Unset
        if isinstance(_on_timeout, Unset):
            on_timeout = UNSET
        else:
            on_timeout = check_time_control_request_on_timeout(_on_timeout)

        time_control_request = cls(
            kind=kind,
            seconds=seconds,
            days=days,
            base_seconds=base_seconds,
            increment_seconds=increment_seconds,
            on_timeout=on_timeout,
        )

        return time_control_request
