from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ChatAccountEvent")


@_attrs_define
class ChatAccountEvent:
    type_: Literal["chat"]
    id: int
    """ Your events are numbered 1, 2, 3, ...; pass the last as `after` """
    game_id: int
    """ Every type but stream_started """
    created_at: datetime.datetime
    message_id: int
    account: None | str
    """ chat: the author """
    text: str
    """ chat: the message """

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        id = self.id

        game_id = self.game_id

        created_at = self.created_at.isoformat()

        message_id = self.message_id

        account: None | str
        account = self.account

        text = self.text

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "id": id,
                "game_id": game_id,
                "created_at": created_at,
                "message_id": message_id,
                "account": account,
                "text": text,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["chat"], d.pop("type"))
        if type_ != "chat":
            raise ValueError(f"type must match const 'chat', got '{type_}'")

        id = d.pop("id")

        game_id = d.pop("game_id")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        message_id = d.pop("message_id")

        def _parse_account(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        account = _parse_account(d.pop("account"))

        text = d.pop("text")

        chat_account_event = cls(
            type_=type_,
            id=id,
            game_id=game_id,
            created_at=created_at,
            message_id=message_id,
            account=account,
            text=text,
        )

        return chat_account_event
