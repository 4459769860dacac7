from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Entry")


@_attrs_define
class Entry:
    id: int
    """ The rating line's id """
    name: str
    """ The bot account, or the built-in strategy """
    reference: bool
    """ A built-in reference partner """
    version: str
    player_counts: list[int]
    variants: list[str]
    """ Variants or families """
    active: bool
    entered_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        reference = self.reference

        version = self.version

        player_counts = self.player_counts

        variants = self.variants

        active = self.active

        entered_at = self.entered_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "reference": reference,
                "version": version,
                "player_counts": player_counts,
                "variants": variants,
                "active": active,
                "entered_at": entered_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        reference = d.pop("reference")

        version = d.pop("version")

        player_counts = cast(list[int], d.pop("player_counts"))

        variants = cast(list[str], d.pop("variants"))

        active = d.pop("active")

        entered_at = datetime.datetime.fromisoformat(d.pop("entered_at"))

        entry = cls(
            id=id,
            name=name,
            reference=reference,
            version=version,
            player_counts=player_counts,
            variants=variants,
            active=active,
            entered_at=entered_at,
        )

        return entry
