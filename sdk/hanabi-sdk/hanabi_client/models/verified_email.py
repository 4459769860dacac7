from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="VerifiedEmail")


@_attrs_define
class VerifiedEmail:
    account: str
    email: str

    def to_dict(self) -> dict[str, Any]:
        account = self.account

        email = self.email

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "account": account,
                "email": email,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        account = d.pop("account")

        email = d.pop("email")

        verified_email = cls(
            account=account,
            email=email,
        )

        return verified_email
