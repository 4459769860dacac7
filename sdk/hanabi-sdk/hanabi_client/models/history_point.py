from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="HistoryPoint")


@_attrs_define
class HistoryPoint:
    players: int
    deal_id: int
    mu: float
    sigma: float
    rated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        players = self.players

        deal_id = self.deal_id

        mu = self.mu

        sigma = self.sigma

        rated_at = self.rated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "players": players,
                "deal_id": deal_id,
                "mu": mu,
                "sigma": sigma,
                "rated_at": rated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        players = d.pop("players")

        deal_id = d.pop("deal_id")

        mu = d.pop("mu")

        sigma = d.pop("sigma")

        rated_at = datetime.datetime.fromisoformat(d.pop("rated_at"))

        history_point = cls(
            players=players,
            deal_id=deal_id,
            mu=mu,
            sigma=sigma,
            rated_at=rated_at,
        )

        return history_point
