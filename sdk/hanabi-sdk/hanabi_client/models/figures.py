from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.paired import Paired


T = TypeVar("T", bound="Figures")


@_attrs_define
class Figures:
    deals: int
    """ Published deals in the candidate seat """
    paired: Paired
    timeouts: int
    """ Games in which its own time ran out """
    games: int
    mean_score: float | None | Unset = UNSET
    """ Its tables' mean score, with its partners """
    mean_strikes: float | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        deals = self.deals

        paired = self.paired.to_dict()

        timeouts = self.timeouts

        games = self.games

        mean_score: float | None | Unset
        if isinstance(self.mean_score, Unset):
            mean_score = UNSET
        else:
            mean_score = self.mean_score

        mean_strikes: float | None | Unset
        if isinstance(self.mean_strikes, Unset):
            mean_strikes = UNSET
        else:
            mean_strikes = self.mean_strikes

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deals": deals,
                "paired": paired,
                "timeouts": timeouts,
                "games": games,
            }
        )
        if mean_score is not UNSET:
            field_dict["mean_score"] = mean_score
        if mean_strikes is not UNSET:
            field_dict["mean_strikes"] = mean_strikes

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.paired import Paired  # noqa: PLC0415

        d = dict(src_dict)
        deals = d.pop("deals")

        paired = Paired.from_dict(d.pop("paired"))

        timeouts = d.pop("timeouts")

        games = d.pop("games")

        def _parse_mean_score(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        mean_score = _parse_mean_score(d.pop("mean_score", UNSET))

        def _parse_mean_strikes(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        mean_strikes = _parse_mean_strikes(d.pop("mean_strikes", UNSET))

        figures = cls(
            deals=deals,
            paired=paired,
            timeouts=timeouts,
            games=games,
            mean_score=mean_score,
            mean_strikes=mean_strikes,
        )

        return figures
