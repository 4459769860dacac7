from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.entry import Entry
    from ..models.family_rating import FamilyRating
    from ..models.history_point import HistoryPoint
    from ..models.line_rating import LineRating
    from ..models.recent_game import RecentGame


T = TypeVar("T", bound="Profile")


@_attrs_define
class Profile:
    entry: Entry
    ratings: list[LineRating]
    family_ratings: list[FamilyRating]
    """ Per player count and variant family, for the families with enough deals """
    history: list[HistoryPoint]
    """ Oldest first """
    recent_games: list[RecentGame]
    """ Newest first """

    def to_dict(self) -> dict[str, Any]:
        entry = self.entry.to_dict()

        ratings = []
        for ratings_item_data in self.ratings:
            ratings_item = ratings_item_data.to_dict()
            ratings.append(ratings_item)

        family_ratings = []
        for family_ratings_item_data in self.family_ratings:
            family_ratings_item = family_ratings_item_data.to_dict()
            family_ratings.append(family_ratings_item)

        history = []
        for history_item_data in self.history:
            history_item = history_item_data.to_dict()
            history.append(history_item)

        recent_games = []
        for recent_games_item_data in self.recent_games:
            recent_games_item = recent_games_item_data.to_dict()
            recent_games.append(recent_games_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "entry": entry,
                "ratings": ratings,
                "family_ratings": family_ratings,
                "history": history,
                "recent_games": recent_games,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.entry import Entry  # noqa: PLC0415
        from ..models.family_rating import FamilyRating  # noqa: PLC0415
        from ..models.history_point import HistoryPoint  # noqa: PLC0415
        from ..models.line_rating import LineRating  # noqa: PLC0415
        from ..models.recent_game import RecentGame  # noqa: PLC0415

        d = dict(src_dict)
        entry = Entry.from_dict(d.pop("entry"))

        ratings = []
        _ratings = d.pop("ratings")
        for ratings_item_data in _ratings:
            ratings_item = LineRating.from_dict(ratings_item_data)

            ratings.append(ratings_item)

        family_ratings = []
        _family_ratings = d.pop("family_ratings")
        for family_ratings_item_data in _family_ratings:
            family_ratings_item = FamilyRating.from_dict(family_ratings_item_data)

            family_ratings.append(family_ratings_item)

        history = []
        _history = d.pop("history")
        for history_item_data in _history:
            history_item = HistoryPoint.from_dict(history_item_data)

            history.append(history_item)

        recent_games = []
        _recent_games = d.pop("recent_games")
        for recent_games_item_data in _recent_games:
            recent_games_item = RecentGame.from_dict(recent_games_item_data)

            recent_games.append(recent_games_item)

        profile = cls(
            entry=entry,
            ratings=ratings,
            family_ratings=family_ratings,
            history=history,
            recent_games=recent_games,
        )

        return profile
