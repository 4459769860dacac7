from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.account_request_kind import AccountRequestKind, check_account_request_kind

T = TypeVar("T", bound="AccountRequest")


@_attrs_define
class AccountRequest:
    name: str
    kind: AccountRequestKind

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        kind: str = self.kind

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "kind": kind,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        kind = check_account_request_kind(d.pop("kind"))

        account_request = cls(
            name=name,
            kind=kind,
        )

        return account_request
