from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="FamilyDeals")


@_attrs_define
class FamilyDeals:
    family: str
    deals: int
    """ Its published deals at this player count """
    shown: bool
    """ It has enough deals for its ratings to show """

    def to_dict(self) -> dict[str, Any]:
        family = self.family

        deals = self.deals

        shown = self.shown

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "family": family,
                "deals": deals,
                "shown": shown,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        family = d.pop("family")

        deals = d.pop("deals")

        shown = d.pop("shown")

        family_deals = cls(
            family=family,
            deals=deals,
            shown=shown,
        )

        return family_deals
