from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="NewWebhook")


@_attrs_define
class NewWebhook:
    id: int
    url: str
    created_at: datetime.datetime
    secret: str
    """ Signs every delivery (HMAC-SHA256); shown only in this response """

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        url = self.url

        created_at = self.created_at.isoformat()

        secret = self.secret

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "url": url,
                "created_at": created_at,
                "secret": secret,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        url = d.pop("url")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        secret = d.pop("secret")

        new_webhook = cls(
            id=id,
            url=url,
            created_at=created_at,
            secret=secret,
        )

        return new_webhook
