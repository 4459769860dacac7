from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.chat_message import ChatMessage


T = TypeVar("T", bound="ChatPage")


@_attrs_define
class ChatPage:
    messages: list[ChatMessage]
    last_id: int
    """ Pass as `after` to read on """

    def to_dict(self) -> dict[str, Any]:
        messages = []
        for messages_item_data in self.messages:
            messages_item = messages_item_data.to_dict()
            messages.append(messages_item)

        last_id = self.last_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "messages": messages,
                "last_id": last_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.chat_message import ChatMessage  # noqa: PLC0415

        d = dict(src_dict)
        messages = []
        _messages = d.pop("messages")
        for messages_item_data in _messages:
            messages_item = ChatMessage.from_dict(messages_item_data)

            messages.append(messages_item)

        last_id = d.pop("last_id")

        chat_page = cls(
            messages=messages,
            last_id=last_id,
        )

        return chat_page
