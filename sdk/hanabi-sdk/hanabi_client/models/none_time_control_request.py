from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="NoneTimeControlRequest")


@_attrs_define
class NoneTimeControlRequest:
    kind: Literal["none"]

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["none"], d.pop("kind"))
        if kind != "none":
            raise ValueError(f"kind must match const 'none', got '{kind}'")

        none_time_control_request = cls(
            kind=kind,
        )

        return none_time_control_request
