from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.end_condition import EndCondition, check_end_condition

T = TypeVar("T", bound="EndGameHistoryEvent")


@_attrs_define
class EndGameHistoryEvent:
    kind: Literal["end_game"]
    turn: int
    """ The turn the action was taken on (0 is the first) """
    condition: EndCondition
    """ How a game ended, as hanab.live names it; in_progress while it runs """
    seat: int
    """ The seat that acted (-1: none, for some end_game) """

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        turn = self.turn

        condition: str = self.condition

        seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "turn": turn,
                "condition": condition,
                "seat": seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["end_game"], d.pop("kind"))
        if kind != "end_game":
            raise ValueError(f"kind must match const 'end_game', got '{kind}'")

        turn = d.pop("turn")

        condition = check_end_condition(d.pop("condition"))

        seat = d.pop("seat")

        end_game_history_event = cls(
            kind=kind,
            turn=turn,
            condition=condition,
            seat=seat,
        )

        return end_game_history_event
