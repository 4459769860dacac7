from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.action_request_kind import ActionRequestKind, check_action_request_kind
from ..types import UNSET, Unset

T = TypeVar("T", bound="ActionRequest")


@_attrs_define
class ActionRequest:
    kind: ActionRequestKind
    card: int | Unset = UNSET
    """ play, discard: the id of a card in your hand """
    announce: int | Unset = UNSET
    """ play with timed display: the suit index you call out """
    target: int | Unset = UNSET
    """ color_clue, rank_clue: the seat given the clue """
    color: int | Unset = UNSET
    """ color_clue: an index into the view's clue_colors """
    rank: int | Unset = UNSET
    """ rank_clue: 1 to 5 """
    cards: list[int] | Unset = UNSET
    """ reorder: your hand's card ids, left to right """
    expected_version: int | Unset = UNSET
    """ The version you saw; 409 version_conflict when the game has moved on """

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        card = self.card

        announce = self.announce

        target = self.target

        color = self.color

        rank = self.rank

        cards: list[int] | Unset = UNSET
        if not isinstance(self.cards, Unset):
            cards = self.cards

        expected_version = self.expected_version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
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
        if expected_version is not UNSET:
            field_dict["expected_version"] = expected_version

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = check_action_request_kind(d.pop("kind"))

        card = d.pop("card", UNSET)

        announce = d.pop("announce", UNSET)

        target = d.pop("target", UNSET)

        color = d.pop("color", UNSET)

        rank = d.pop("rank", UNSET)

        cards = cast(list[int], d.pop("cards", UNSET))

        expected_version = d.pop("expected_version", UNSET)

        action_request = cls(
            kind=kind,
            card=card,
            announce=announce,
            target=target,
            color=color,
            rank=rank,
            cards=cards,
            expected_version=expected_version,
        )

        return action_request
