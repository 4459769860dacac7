from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.rating import Rating


T = TypeVar("T", bound="FamilyRating")


@_attrs_define
class FamilyRating:
    players: int
    rating: Rating
    rated_deals: int
    family: str

    def to_dict(self) -> dict[str, Any]:
        players = self.players

        rating = self.rating.to_dict()

        rated_deals = self.rated_deals

        family = self.family

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "players": players,
                "rating": rating,
                "rated_deals": rated_deals,
                "family": family,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rating import Rating  # noqa: PLC0415

        d = dict(src_dict)
        players = d.pop("players")

        rating = Rating.from_dict(d.pop("rating"))

        rated_deals = d.pop("rated_deals")

        family = d.pop("family")

        family_rating = cls(
            players=players,
            rating=rating,
            rated_deals=rated_deals,
            family=family,
        )

        return family_rating
