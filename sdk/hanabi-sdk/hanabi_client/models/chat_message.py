from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ChatMessage")


@_attrs_define
class ChatMessage:
    id: int
    """ Increases with each message of the game """
    author: str
    """ The account's name """
    seat: int | None
    """ The author's seat; null for a spectator """
    text: str
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        author = self.author

        seat: int | None
        seat = self.seat

        text = self.text

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "author": author,
                "seat": seat,
                "text": text,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        author = d.pop("author")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        text = d.pop("text")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        chat_message = cls(
            id=id,
            author=author,
            seat=seat,
            text=text,
            created_at=created_at,
        )

        return chat_message
