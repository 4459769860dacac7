from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.entry import Entry
    from ..models.figures import Figures
    from ..models.rating import Rating


T = TypeVar("T", bound="Standing")


@_attrs_define
class Standing:
    rank: int
    entry: Entry
    rating: Rating
    rated_deals: int
    figures: Figures
    online: bool

    def to_dict(self) -> dict[str, Any]:
        rank = self.rank

        entry = self.entry.to_dict()

        rating = self.rating.to_dict()

        rated_deals = self.rated_deals

        figures = self.figures.to_dict()

        online = self.online

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rank": rank,
                "entry": entry,
                "rating": rating,
                "rated_deals": rated_deals,
                "figures": figures,
                "online": online,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.entry import Entry  # noqa: PLC0415
        from ..models.figures import Figures  # noqa: PLC0415
        from ..models.rating import Rating  # noqa: PLC0415

        d = dict(src_dict)
        rank = d.pop("rank")

        entry = Entry.from_dict(d.pop("entry"))

        rating = Rating.from_dict(d.pop("rating"))

        rated_deals = d.pop("rated_deals")

        figures = Figures.from_dict(d.pop("figures"))

        online = d.pop("online")

        standing = cls(
            rank=rank,
            entry=entry,
            rating=rating,
            rated_deals=rated_deals,
            figures=figures,
            online=online,
        )

        return standing
