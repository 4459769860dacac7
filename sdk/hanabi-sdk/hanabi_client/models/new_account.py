from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.new_account_kind import NewAccountKind, check_new_account_kind

T = TypeVar("T", bound="NewAccount")


@_attrs_define
class NewAccount:
    id: int
    name: str
    kind: NewAccountKind
    created_at: datetime.datetime
    token: str
    """ The API token, shown only in this response """

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        kind: str = self.kind

        created_at = self.created_at.isoformat()

        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "kind": kind,
                "created_at": created_at,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        kind = check_new_account_kind(d.pop("kind"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        token = d.pop("token")

        new_account = cls(
            id=id,
            name=name,
            kind=kind,
            created_at=created_at,
            token=token,
        )

        return new_account
