from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="EntryRequest")


@_attrs_define
class EntryRequest:
    version: str
    """ Your bot's version label: a new label starts a new rating line """
    player_counts: list[int]
    variants: list[str] | Unset = UNSET
    """ Variant names or families (docs/variants.md); default ["No Variant"] """

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        player_counts = self.player_counts

        variants: list[str] | Unset = UNSET
        if not isinstance(self.variants, Unset):
            variants = self.variants

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "player_counts": player_counts,
            }
        )
        if variants is not UNSET:
            field_dict["variants"] = variants

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        version = d.pop("version")

        player_counts = cast(list[int], d.pop("player_counts"))

        variants = cast(list[str], d.pop("variants", UNSET))

        entry_request = cls(
            version=version,
            player_counts=player_counts,
            variants=variants,
        )

        return entry_request
