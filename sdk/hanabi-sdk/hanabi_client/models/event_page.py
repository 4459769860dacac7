from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.event import Event


T = TypeVar("T", bound="EventPage")


@_attrs_define
class EventPage:
    events: list[Event]
    last_seq: int
    """ Pass as `after` to read on """
    has_more: bool

    def to_dict(self) -> dict[str, Any]:
        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        last_seq = self.last_seq

        has_more = self.has_more

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "events": events,
                "last_seq": last_seq,
                "has_more": has_more,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event import Event  # noqa: PLC0415

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = Event.from_dict(events_item_data)

            events.append(events_item)

        last_seq = d.pop("last_seq")

        has_more = d.pop("has_more")

        event_page = cls(
            events=events,
            last_seq=last_seq,
            has_more=has_more,
        )

        return event_page
