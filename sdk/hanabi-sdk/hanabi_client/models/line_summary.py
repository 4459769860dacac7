from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.entry import Entry
    from ..models.line_rating_brief import LineRatingBrief


T = TypeVar("T", bound="LineSummary")


@_attrs_define
class LineSummary:
    entry: Entry
    ratings: list[LineRatingBrief]

    def to_dict(self) -> dict[str, Any]:
        entry = self.entry.to_dict()

        ratings = []
        for ratings_item_data in self.ratings:
            ratings_item = ratings_item_data.to_dict()
            ratings.append(ratings_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "entry": entry,
                "ratings": ratings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.entry import Entry  # noqa: PLC0415
        from ..models.line_rating_brief import LineRatingBrief  # noqa: PLC0415

        d = dict(src_dict)
        entry = Entry.from_dict(d.pop("entry"))

        ratings = []
        _ratings = d.pop("ratings")
        for ratings_item_data in _ratings:
            ratings_item = LineRatingBrief.from_dict(ratings_item_data)

            ratings.append(ratings_item)

        line_summary = cls(
            entry=entry,
            ratings=ratings,
        )

        return line_summary
