from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.seat_plan_request_kind import SeatPlanRequestKind, check_seat_plan_request_kind
from ..models.seat_plan_request_strategy import SeatPlanRequestStrategy, check_seat_plan_request_strategy
from ..types import UNSET, Unset

T = TypeVar("T", bound="SeatPlanRequest")


@_attrs_define
class SeatPlanRequest:
    kind: SeatPlanRequestKind
    account: str | Unset = UNSET
    """ With kind account: the account's name """
    strategy: SeatPlanRequestStrategy | Unset = UNSET
    """ With kind bot: the bot strategy. basic plays well with people; hat reads every clue as a hat clue, so it
    strikes out fast beside people: seat it only with other hat bots """

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        account = self.account

        strategy: str | Unset = UNSET
        if not isinstance(self.strategy, Unset):
            strategy = self.strategy

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
            }
        )
        if account is not UNSET:
            field_dict["account"] = account
        if strategy is not UNSET:
            field_dict["strategy"] = strategy

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = check_seat_plan_request_kind(d.pop("kind"))

        account = d.pop("account", UNSET)

        _strategy = d.pop("strategy", UNSET)
        strategy: SeatPlanRequestStrategy | Unset
        if isinstance(_strategy, Unset):
            strategy = UNSET
        else:
            strategy = check_seat_plan_request_strategy(_strategy)

        seat_plan_request = cls(
            kind=kind,
            account=account,
            strategy=strategy,
        )

        return seat_plan_request
