from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="OpenSeatRequest")


@_attrs_define
class OpenSeatRequest:
    kind: Literal["open"]

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
        kind = cast(Literal["open"], d.pop("kind"))
        if kind != "open":
            raise ValueError(f"kind must match const 'open', got '{kind}'")

        open_seat_request = cls(
            kind=kind,
        )

        return open_seat_request
