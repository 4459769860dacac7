from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="WatchLinkRequest")


@_attrs_define
class WatchLinkRequest:
    seconds: int | Unset = UNSET
    """ How long the link works (default 3600); never past the end of the token that asks for it. Default: 3600. """

    def to_dict(self) -> dict[str, Any]:
        seconds = self.seconds

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if seconds is not UNSET:
            field_dict["seconds"] = seconds

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seconds = d.pop("seconds", UNSET)

        watch_link_request = cls(
            seconds=seconds,
        )

        return watch_link_request
