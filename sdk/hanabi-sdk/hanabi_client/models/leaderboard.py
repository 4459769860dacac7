from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.standing import Standing


T = TypeVar("T", bound="Leaderboard")


@_attrs_define
class Leaderboard:
    players: int
    anchor: str
    """ The reference partner paired differences use """
    standings: list[Standing]

    def to_dict(self) -> dict[str, Any]:
        players = self.players

        anchor = self.anchor

        standings = []
        for standings_item_data in self.standings:
            standings_item = standings_item_data.to_dict()
            standings.append(standings_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "players": players,
                "anchor": anchor,
                "standings": standings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.standing import Standing  # noqa: PLC0415

        d = dict(src_dict)
        players = d.pop("players")

        anchor = d.pop("anchor")

        standings = []
        _standings = d.pop("standings")
        for standings_item_data in _standings:
            standings_item = Standing.from_dict(standings_item_data)

            standings.append(standings_item)

        leaderboard = cls(
            players=players,
            anchor=anchor,
            standings=standings,
        )

        return leaderboard
