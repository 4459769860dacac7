from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.seat_kind import SeatKind, check_seat_kind
from ..models.strategy import Strategy, check_strategy

T = TypeVar("T", bound="Seat")


@_attrs_define
class Seat:
    seat: int
    kind: SeatKind
    """ open: free for anyone; reserved: kept for `account`; account: taken by `account`; bot: played by the built-
    in `strategy`; imported: a player of an imported game (`name`) """
    account: None | str
    strategy: None | Strategy
    name: None | str
    """ Who sits there, for display """

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        kind: str = self.kind

        account: None | str
        account = self.account

        strategy: None | str
        if isinstance(self.strategy, str):
            strategy = self.strategy
        else:
            strategy = self.strategy

        name: None | str
        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "kind": kind,
                "account": account,
                "strategy": strategy,
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        kind = check_seat_kind(d.pop("kind"))

        def _parse_account(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        account = _parse_account(d.pop("account"))

        def _parse_strategy(data: object) -> None | Strategy:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                strategy_type_0 = check_strategy(data)

                return strategy_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Strategy, data)

        strategy = _parse_strategy(d.pop("strategy"))

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        seat = cls(
            seat=seat,
            kind=kind,
            account=account,
            strategy=strategy,
            name=name,
        )

        return seat
