from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Token")


@_attrs_define
class Token:
    token: str
    """ The new API token, shown only in this response """
    account: str
    """ The account's name """

    def to_dict(self) -> dict[str, Any]:
        token = self.token

        account = self.account

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "token": token,
                "account": account,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        token = d.pop("token")

        account = d.pop("account")

        token = cls(
            token=token,
            account=account,
        )

        return token
