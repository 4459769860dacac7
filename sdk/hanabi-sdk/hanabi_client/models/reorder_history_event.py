from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ReorderHistoryEvent")


@_attrs_define
class ReorderHistoryEvent:
    kind: Literal["reorder"]
    turn: int
    """ The turn the action was taken on (0 is the first) """
    cards: list[int]
    """ A reorder's: the hand's card ids, left to right """
    seat: int
    """ The seat that acted (-1: none, for some end_game) """

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        turn = self.turn

        cards = self.cards

        seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "turn": turn,
                "cards": cards,
                "seat": seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["reorder"], d.pop("kind"))
        if kind != "reorder":
            raise ValueError(f"kind must match const 'reorder', got '{kind}'")

        turn = d.pop("turn")

        cards = cast(list[int], d.pop("cards"))

        seat = d.pop("seat")

        reorder_history_event = cls(
            kind=kind,
            turn=turn,
            cards=cards,
            seat=seat,
        )

        return reorder_history_event
