from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Rating")


@_attrs_define
class Rating:
    mu: float
    """ openskill's mean """
    sigma: float
    """ Its uncertainty (standard deviation) """
    low: float
    """ mu - 2 sigma: the leaderboard's order """
    high: float
    """ mu + 2 sigma """

    def to_dict(self) -> dict[str, Any]:
        mu = self.mu

        sigma = self.sigma

        low = self.low

        high = self.high

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "mu": mu,
                "sigma": sigma,
                "low": low,
                "high": high,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        mu = d.pop("mu")

        sigma = d.pop("sigma")

        low = d.pop("low")

        high = d.pop("high")

        rating = cls(
            mu=mu,
            sigma=sigma,
            low=low,
            high=high,
        )

        return rating
