from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Vacation")


@_attrs_define
class Vacation:
    active: bool
    """ Whether you are away now """
    started_at: datetime.datetime | None
    ends_at: datetime.datetime | None
    """ When your vacation ends by itself (UTC) """
    days_taken_this_year: int
    days_left_this_year: int
    days_per_year: int
    """ HANABI_VACATION_DAYS """

    def to_dict(self) -> dict[str, Any]:
        active = self.active

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        ends_at: None | str
        if isinstance(self.ends_at, datetime.datetime):
            ends_at = self.ends_at.isoformat()
        else:
            ends_at = self.ends_at

        days_taken_this_year = self.days_taken_this_year

        days_left_this_year = self.days_left_this_year

        days_per_year = self.days_per_year

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "active": active,
                "started_at": started_at,
                "ends_at": ends_at,
                "days_taken_this_year": days_taken_this_year,
                "days_left_this_year": days_left_this_year,
                "days_per_year": days_per_year,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        active = d.pop("active")

        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("started_at"))

        def _parse_ends_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ends_at_type_0 = datetime.datetime.fromisoformat(data)

                return ends_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        ends_at = _parse_ends_at(d.pop("ends_at"))

        days_taken_this_year = d.pop("days_taken_this_year")

        days_left_this_year = d.pop("days_left_this_year")

        days_per_year = d.pop("days_per_year")

        vacation = cls(
            active=active,
            started_at=started_at,
            ends_at=ends_at,
            days_taken_this_year=days_taken_this_year,
            days_left_this_year=days_left_this_year,
            days_per_year=days_per_year,
        )

        return vacation
