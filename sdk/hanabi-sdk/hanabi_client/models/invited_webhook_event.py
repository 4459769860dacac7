from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="InvitedWebhookEvent")


@_attrs_define
class InvitedWebhookEvent:
    type_: Literal["invited"]
    id: int
    """ The delivery's id, also sent as X-Hanabi-Delivery: ignore repeats """
    game_id: int
    version: int
    """ The game's version after the event: orders a game's deliveries """
    seat: int | None
    """ The account's seat in the game (an app's: one of its players' seats) """
    account: None | str
    """ The name of the account in that seat (for an app's webhook, which of its players) """
    occurred_at: datetime.datetime
    """ When the event happened (UTC) """

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        id = self.id

        game_id = self.game_id

        version = self.version

        seat: int | None
        seat = self.seat

        account: None | str
        account = self.account

        occurred_at = self.occurred_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "id": id,
                "game_id": game_id,
                "version": version,
                "seat": seat,
                "account": account,
                "occurred_at": occurred_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["invited"], d.pop("type"))
        if type_ != "invited":
            raise ValueError(f"type must match const 'invited', got '{type_}'")

        id = d.pop("id")

        game_id = d.pop("game_id")

        version = d.pop("version")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        def _parse_account(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        account = _parse_account(d.pop("account"))

        occurred_at = datetime.datetime.fromisoformat(d.pop("occurred_at"))

        invited_webhook_event = cls(
            type_=type_,
            id=id,
            game_id=game_id,
            version=version,
            seat=seat,
            account=account,
            occurred_at=occurred_at,
        )

        return invited_webhook_event
