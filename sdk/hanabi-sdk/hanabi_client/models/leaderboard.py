from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.family_deals import FamilyDeals
    from ..models.standing import Standing


T = TypeVar("T", bound="Leaderboard")


@_attrs_define
class Leaderboard:
    players: int
    family: None | str
    """ The variant family rated on; null: every variant """
    anchor: str
    """ The reference partner paired differences use """
    families: list[FamilyDeals]
    """ The variant families dealt at this player count, most deals first """
    family_min_deals: int
    """ Published deals a family needs before its ratings show """
    standings: list[Standing]
    """ Empty for a family with too few deals """

    def to_dict(self) -> dict[str, Any]:
        players = self.players

        family: None | str
        family = self.family

        anchor = self.anchor

        families = []
        for families_item_data in self.families:
            families_item = families_item_data.to_dict()
            families.append(families_item)

        family_min_deals = self.family_min_deals

        standings = []
        for standings_item_data in self.standings:
            standings_item = standings_item_data.to_dict()
            standings.append(standings_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "players": players,
                "family": family,
                "anchor": anchor,
                "families": families,
                "family_min_deals": family_min_deals,
                "standings": standings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.family_deals import FamilyDeals  # noqa: PLC0415
        from ..models.standing import Standing  # noqa: PLC0415

        d = dict(src_dict)
        players = d.pop("players")

        def _parse_family(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        family = _parse_family(d.pop("family"))

        anchor = d.pop("anchor")

        families = []
        _families = d.pop("families")
        for families_item_data in _families:
            families_item = FamilyDeals.from_dict(families_item_data)

            families.append(families_item)

        family_min_deals = d.pop("family_min_deals")

        standings = []
        _standings = d.pop("standings")
        for standings_item_data in _standings:
            standings_item = Standing.from_dict(standings_item_data)

            standings.append(standings_item)

        leaderboard = cls(
            players=players,
            family=family,
            anchor=anchor,
            families=families,
            family_min_deals=family_min_deals,
            standings=standings,
        )

        return leaderboard
