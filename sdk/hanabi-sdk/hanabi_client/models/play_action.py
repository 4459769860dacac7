from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PlayAction")


@_attrs_define
class PlayAction:
    kind: Literal["play"]
    seat: int
    """ Your seat """
    card: int
    announce: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        seat = self.seat

        card = self.card

        announce = self.announce

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "seat": seat,
                "card": card,
            }
        )
        if announce is not UNSET:
            field_dict["announce"] = announce

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["play"], d.pop("kind"))
        if kind != "play":
            raise ValueError(f"kind must match const 'play', got '{kind}'")

        seat = d.pop("seat")

        card = d.pop("card")

        announce = d.pop("announce", UNSET)

        play_action = cls(
            kind=kind,
            seat=seat,
            card=card,
            announce=announce,
        )

        return play_action
