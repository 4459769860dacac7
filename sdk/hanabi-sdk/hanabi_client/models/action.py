from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.action_kind import ActionKind, check_action_kind
from ..models.end_condition import EndCondition, check_end_condition
from ..types import UNSET, Unset

T = TypeVar("T", bound="Action")


@_attrs_define
class Action:
    kind: ActionKind
    seat: int
    card: int | Unset = UNSET
    announce: int | None | Unset = UNSET
    target: int | Unset = UNSET
    color: int | Unset = UNSET
    rank: int | Unset = UNSET
    cards: list[int] | Unset = UNSET
    condition: EndCondition | Unset = UNSET
    """ How a game ended, as hanab.live names it; in_progress while it runs """

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        seat = self.seat

        card = self.card

        announce: int | None | Unset
        if isinstance(self.announce, Unset):
            announce = UNSET
        else:
            announce = self.announce

        target = self.target

        color = self.color

        rank = self.rank

        cards: list[int] | Unset = UNSET
        if not isinstance(self.cards, Unset):
            cards = self.cards

        condition: str | Unset = UNSET
        if not isinstance(self.condition, Unset):
            condition = self.condition

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "seat": seat,
            }
        )
        if card is not UNSET:
            field_dict["card"] = card
        if announce is not UNSET:
            field_dict["announce"] = announce
        if target is not UNSET:
            field_dict["target"] = target
        if color is not UNSET:
            field_dict["color"] = color
        if rank is not UNSET:
            field_dict["rank"] = rank
        if cards is not UNSET:
            field_dict["cards"] = cards
        if condition is not UNSET:
            field_dict["condition"] = condition

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = check_action_kind(d.pop("kind"))

        seat = d.pop("seat")

        card = d.pop("card", UNSET)

        def _parse_announce(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        announce = _parse_announce(d.pop("announce", UNSET))

        target = d.pop("target", UNSET)

        color = d.pop("color", UNSET)

        rank = d.pop("rank", UNSET)

        cards = cast(list[int], d.pop("cards", UNSET))

        _condition = d.pop("condition", UNSET)
        condition: EndCondition | Unset
        if isinstance(_condition, Unset):
            condition = UNSET
        else:
            condition = check_end_condition(_condition)

        action = cls(
            kind=kind,
            seat=seat,
            card=card,
            announce=announce,
            target=target,
            color=color,
            rank=rank,
            cards=cards,
            condition=condition,
        )

        return action
