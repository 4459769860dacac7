from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.bot_seat_request_strategy import BotSeatRequestStrategy, check_bot_seat_request_strategy

T = TypeVar("T", bound="BotSeatRequest")


@_attrs_define
class BotSeatRequest:
    kind: Literal["bot"]
    strategy: BotSeatRequestStrategy
    """ With kind bot: the bot strategy. The hat bot plays its own convention, made for tables of hat bots: beside a
    person it reads their first clues as hat clues, and once it sees a move that convention never makes it plays the
    basic conventions, scoring a point or two less than the basic bot would there; the basic bot plays well with
    people """

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        strategy: str = self.strategy

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "strategy": strategy,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["bot"], d.pop("kind"))
        if kind != "bot":
            raise ValueError(f"kind must match const 'bot', got '{kind}'")

        strategy = check_bot_seat_request_strategy(d.pop("strategy"))

        bot_seat_request = cls(
            kind=kind,
            strategy=strategy,
        )

        return bot_seat_request
