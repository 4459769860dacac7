from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.inbox_section import InboxSection, check_inbox_section

T = TypeVar("T", bound="Inbox")


@_attrs_define
class Inbox:
    section: InboxSection
    """ your_turn: waits on you; invited: a seat is reserved for you; lobby: you sit in it, it has not started;
    their_turn: waits on someone else; finished """
    seconds_left: int | None
    """ A running game with a deadline: whole seconds until the current turn's time runs out (a turn paused by a
    vacation: the time it will have); null when the turn has no deadline """
    paused: bool
    """ The current turn is paused by a vacation """
    your_seat: int | None
    """ Your seat (from 0); the reserved one if invited """

    def to_dict(self) -> dict[str, Any]:
        section: str = self.section

        seconds_left: int | None
        seconds_left = self.seconds_left

        paused = self.paused

        your_seat: int | None
        your_seat = self.your_seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "section": section,
                "seconds_left": seconds_left,
                "paused": paused,
                "your_seat": your_seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        section = check_inbox_section(d.pop("section"))

        def _parse_seconds_left(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seconds_left = _parse_seconds_left(d.pop("seconds_left"))

        paused = d.pop("paused")

        def _parse_your_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        your_seat = _parse_your_seat(d.pop("your_seat"))

        inbox = cls(
            section=section,
            seconds_left=seconds_left,
            paused=paused,
            your_seat=your_seat,
        )

        return inbox
