from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="RankClueAction")


@_attrs_define
class RankClueAction:
    kind: Literal["rank_clue"]
    seat: int
    """ Your seat """
    target: int
    rank: int

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        seat = self.seat

        target = self.target

        rank = self.rank

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "seat": seat,
                "target": target,
                "rank": rank,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["rank_clue"], d.pop("kind"))
        if kind != "rank_clue":
            raise ValueError(f"kind must match const 'rank_clue', got '{kind}'")

        seat = d.pop("seat")

        target = d.pop("target")

        rank = d.pop("rank")

        rank_clue_action = cls(
            kind=kind,
            seat=seat,
            target=target,
            rank=rank,
        )

        return rank_clue_action
