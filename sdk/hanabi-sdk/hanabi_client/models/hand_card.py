from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.clue_mark import ClueMark


T = TypeVar("T", bound="HandCard")


@_attrs_define
class HandCard:
    id: int
    """ The card's id: its position in the deck, for its whole life """
    suit: int | None
    """ Index into suits; null for your own card while the game runs """
    rank: int | None
    """ 1 to 5 (7: Up or Down's START); null for your own card while the game runs """
    possible_suits: list[int]
    """ The suits the card's clues leave possible (what they touched and what they missed) """
    possible_ranks: list[int]
    """ The ranks the card's clues leave possible """
    clues: list[ClueMark]
    """ The clues that touched it, oldest first """

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        suit: int | None
        suit = self.suit

        rank: int | None
        rank = self.rank

        possible_suits = self.possible_suits

        possible_ranks = self.possible_ranks

        clues = []
        for clues_item_data in self.clues:
            clues_item = clues_item_data.to_dict()
            clues.append(clues_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "suit": suit,
                "rank": rank,
                "possible_suits": possible_suits,
                "possible_ranks": possible_ranks,
                "clues": clues,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.clue_mark import ClueMark  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        def _parse_suit(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        suit = _parse_suit(d.pop("suit"))

        def _parse_rank(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rank = _parse_rank(d.pop("rank"))

        possible_suits = cast(list[int], d.pop("possible_suits"))

        possible_ranks = cast(list[int], d.pop("possible_ranks"))

        clues = []
        _clues = d.pop("clues")
        for clues_item_data in _clues:
            clues_item = ClueMark.from_dict(clues_item_data)

            clues.append(clues_item)

        hand_card = cls(
            id=id,
            suit=suit,
            rank=rank,
            possible_suits=possible_suits,
            possible_ranks=possible_ranks,
            clues=clues,
        )

        return hand_card
