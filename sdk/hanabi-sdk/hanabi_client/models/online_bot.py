from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.entry import Entry


T = TypeVar("T", bound="OnlineBot")


@_attrs_define
class OnlineBot:
    entry: Entry
    last_seen_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        entry = self.entry.to_dict()

        last_seen_at = self.last_seen_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "entry": entry,
                "last_seen_at": last_seen_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.entry import Entry  # noqa: PLC0415

        d = dict(src_dict)
        entry = Entry.from_dict(d.pop("entry"))

        last_seen_at = datetime.datetime.fromisoformat(d.pop("last_seen_at"))

        online_bot = cls(
            entry=entry,
            last_seen_at=last_seen_at,
        )

        return online_bot
